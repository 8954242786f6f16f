<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="spies_board" tilewidth="16" tileheight="16" tilecount="16" columns="8">
 <image source="../assets/tiles/spies/spies_board.png" width="128" height="32"/>
</tileset>
