<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="stawka_city" tilewidth="32" tileheight="32" tilecount="128" columns="16">
 <image source="../../assets/tiles/stawka/stawka_city.png" width="512" height="256"/>
 <wangsets>
  <wangset name="block" type="edge" tile="31">
   <wangcolor name="block" color="#a3262a" tile="31" probability="1"/>
   <wangtile tileid="16" wangid="0,0,0,0,0,0,0,0"/>
   <wangtile tileid="17" wangid="1,0,0,0,0,0,0,0"/>
   <wangtile tileid="18" wangid="0,0,1,0,0,0,0,0"/>
   <wangtile tileid="19" wangid="1,0,1,0,0,0,0,0"/>
   <wangtile tileid="20" wangid="0,0,0,0,1,0,0,0"/>
   <wangtile tileid="21" wangid="1,0,0,0,1,0,0,0"/>
   <wangtile tileid="22" wangid="0,0,1,0,1,0,0,0"/>
   <wangtile tileid="23" wangid="1,0,1,0,1,0,0,0"/>
   <wangtile tileid="24" wangid="0,0,0,0,0,0,1,0"/>
   <wangtile tileid="25" wangid="1,0,0,0,0,0,1,0"/>
   <wangtile tileid="26" wangid="0,0,1,0,0,0,1,0"/>
   <wangtile tileid="27" wangid="1,0,1,0,0,0,1,0"/>
   <wangtile tileid="28" wangid="0,0,0,0,1,0,1,0"/>
   <wangtile tileid="29" wangid="1,0,0,0,1,0,1,0"/>
   <wangtile tileid="30" wangid="0,0,1,0,1,0,1,0"/>
   <wangtile tileid="31" wangid="1,0,1,0,1,0,1,0"/>
  </wangset>
  <wangset name="park" type="edge" tile="47">
   <wangcolor name="park" color="#a3262a" tile="47" probability="1"/>
   <wangtile tileid="32" wangid="0,0,0,0,0,0,0,0"/>
   <wangtile tileid="33" wangid="1,0,0,0,0,0,0,0"/>
   <wangtile tileid="34" wangid="0,0,1,0,0,0,0,0"/>
   <wangtile tileid="35" wangid="1,0,1,0,0,0,0,0"/>
   <wangtile tileid="36" wangid="0,0,0,0,1,0,0,0"/>
   <wangtile tileid="37" wangid="1,0,0,0,1,0,0,0"/>
   <wangtile tileid="38" wangid="0,0,1,0,1,0,0,0"/>
   <wangtile tileid="39" wangid="1,0,1,0,1,0,0,0"/>
   <wangtile tileid="40" wangid="0,0,0,0,0,0,1,0"/>
   <wangtile tileid="41" wangid="1,0,0,0,0,0,1,0"/>
   <wangtile tileid="42" wangid="0,0,1,0,0,0,1,0"/>
   <wangtile tileid="43" wangid="1,0,1,0,0,0,1,0"/>
   <wangtile tileid="44" wangid="0,0,0,0,1,0,1,0"/>
   <wangtile tileid="45" wangid="1,0,0,0,1,0,1,0"/>
   <wangtile tileid="46" wangid="0,0,1,0,1,0,1,0"/>
   <wangtile tileid="47" wangid="1,0,1,0,1,0,1,0"/>
  </wangset>
  <wangset name="water" type="edge" tile="63">
   <wangcolor name="water" color="#a3262a" tile="63" probability="1"/>
   <wangtile tileid="48" wangid="0,0,0,0,0,0,0,0"/>
   <wangtile tileid="49" wangid="1,0,0,0,0,0,0,0"/>
   <wangtile tileid="50" wangid="0,0,1,0,0,0,0,0"/>
   <wangtile tileid="51" wangid="1,0,1,0,0,0,0,0"/>
   <wangtile tileid="52" wangid="0,0,0,0,1,0,0,0"/>
   <wangtile tileid="53" wangid="1,0,0,0,1,0,0,0"/>
   <wangtile tileid="54" wangid="0,0,1,0,1,0,0,0"/>
   <wangtile tileid="55" wangid="1,0,1,0,1,0,0,0"/>
   <wangtile tileid="56" wangid="0,0,0,0,0,0,1,0"/>
   <wangtile tileid="57" wangid="1,0,0,0,0,0,1,0"/>
   <wangtile tileid="58" wangid="0,0,1,0,0,0,1,0"/>
   <wangtile tileid="59" wangid="1,0,1,0,0,0,1,0"/>
   <wangtile tileid="60" wangid="0,0,0,0,1,0,1,0"/>
   <wangtile tileid="61" wangid="1,0,0,0,1,0,1,0"/>
   <wangtile tileid="62" wangid="0,0,1,0,1,0,1,0"/>
   <wangtile tileid="63" wangid="1,0,1,0,1,0,1,0"/>
  </wangset>
  <wangset name="road" type="edge" tile="79">
   <wangcolor name="road" color="#a3262a" tile="79" probability="1"/>
   <wangtile tileid="64" wangid="0,0,0,0,0,0,0,0"/>
   <wangtile tileid="65" wangid="1,0,0,0,0,0,0,0"/>
   <wangtile tileid="66" wangid="0,0,1,0,0,0,0,0"/>
   <wangtile tileid="67" wangid="1,0,1,0,0,0,0,0"/>
   <wangtile tileid="68" wangid="0,0,0,0,1,0,0,0"/>
   <wangtile tileid="69" wangid="1,0,0,0,1,0,0,0"/>
   <wangtile tileid="70" wangid="0,0,1,0,1,0,0,0"/>
   <wangtile tileid="71" wangid="1,0,1,0,1,0,0,0"/>
   <wangtile tileid="72" wangid="0,0,0,0,0,0,1,0"/>
   <wangtile tileid="73" wangid="1,0,0,0,0,0,1,0"/>
   <wangtile tileid="74" wangid="0,0,1,0,0,0,1,0"/>
   <wangtile tileid="75" wangid="1,0,1,0,0,0,1,0"/>
   <wangtile tileid="76" wangid="0,0,0,0,1,0,1,0"/>
   <wangtile tileid="77" wangid="1,0,0,0,1,0,1,0"/>
   <wangtile tileid="78" wangid="0,0,1,0,1,0,1,0"/>
   <wangtile tileid="79" wangid="1,0,1,0,1,0,1,0"/>
  </wangset>
  <wangset name="rail" type="edge" tile="95">
   <wangcolor name="rail" color="#a3262a" tile="95" probability="1"/>
   <wangtile tileid="80" wangid="0,0,0,0,0,0,0,0"/>
   <wangtile tileid="81" wangid="1,0,0,0,0,0,0,0"/>
   <wangtile tileid="82" wangid="0,0,1,0,0,0,0,0"/>
   <wangtile tileid="83" wangid="1,0,1,0,0,0,0,0"/>
   <wangtile tileid="84" wangid="0,0,0,0,1,0,0,0"/>
   <wangtile tileid="85" wangid="1,0,0,0,1,0,0,0"/>
   <wangtile tileid="86" wangid="0,0,1,0,1,0,0,0"/>
   <wangtile tileid="87" wangid="1,0,1,0,1,0,0,0"/>
   <wangtile tileid="88" wangid="0,0,0,0,0,0,1,0"/>
   <wangtile tileid="89" wangid="1,0,0,0,0,0,1,0"/>
   <wangtile tileid="90" wangid="0,0,1,0,0,0,1,0"/>
   <wangtile tileid="91" wangid="1,0,1,0,0,0,1,0"/>
   <wangtile tileid="92" wangid="0,0,0,0,1,0,1,0"/>
   <wangtile tileid="93" wangid="1,0,0,0,1,0,1,0"/>
   <wangtile tileid="94" wangid="0,0,1,0,1,0,1,0"/>
   <wangtile tileid="95" wangid="1,0,1,0,1,0,1,0"/>
  </wangset>
  <wangset name="german_path" type="edge" tile="111">
   <wangcolor name="german_path" color="#a3262a" tile="111" probability="1"/>
   <wangtile tileid="96" wangid="0,0,0,0,0,0,0,0"/>
   <wangtile tileid="97" wangid="1,0,0,0,0,0,0,0"/>
   <wangtile tileid="98" wangid="0,0,1,0,0,0,0,0"/>
   <wangtile tileid="99" wangid="1,0,1,0,0,0,0,0"/>
   <wangtile tileid="100" wangid="0,0,0,0,1,0,0,0"/>
   <wangtile tileid="101" wangid="1,0,0,0,1,0,0,0"/>
   <wangtile tileid="102" wangid="0,0,1,0,1,0,0,0"/>
   <wangtile tileid="103" wangid="1,0,1,0,1,0,0,0"/>
   <wangtile tileid="104" wangid="0,0,0,0,0,0,1,0"/>
   <wangtile tileid="105" wangid="1,0,0,0,0,0,1,0"/>
   <wangtile tileid="106" wangid="0,0,1,0,0,0,1,0"/>
   <wangtile tileid="107" wangid="1,0,1,0,0,0,1,0"/>
   <wangtile tileid="108" wangid="0,0,0,0,1,0,1,0"/>
   <wangtile tileid="109" wangid="1,0,0,0,1,0,1,0"/>
   <wangtile tileid="110" wangid="0,0,1,0,1,0,1,0"/>
   <wangtile tileid="111" wangid="1,0,1,0,1,0,1,0"/>
  </wangset>
  <wangset name="polish_path" type="edge" tile="127">
   <wangcolor name="polish_path" color="#a3262a" tile="127" probability="1"/>
   <wangtile tileid="112" wangid="0,0,0,0,0,0,0,0"/>
   <wangtile tileid="113" wangid="1,0,0,0,0,0,0,0"/>
   <wangtile tileid="114" wangid="0,0,1,0,0,0,0,0"/>
   <wangtile tileid="115" wangid="1,0,1,0,0,0,0,0"/>
   <wangtile tileid="116" wangid="0,0,0,0,1,0,0,0"/>
   <wangtile tileid="117" wangid="1,0,0,0,1,0,0,0"/>
   <wangtile tileid="118" wangid="0,0,1,0,1,0,0,0"/>
   <wangtile tileid="119" wangid="1,0,1,0,1,0,0,0"/>
   <wangtile tileid="120" wangid="0,0,0,0,0,0,1,0"/>
   <wangtile tileid="121" wangid="1,0,0,0,0,0,1,0"/>
   <wangtile tileid="122" wangid="0,0,1,0,0,0,1,0"/>
   <wangtile tileid="123" wangid="1,0,1,0,0,0,1,0"/>
   <wangtile tileid="124" wangid="0,0,0,0,1,0,1,0"/>
   <wangtile tileid="125" wangid="1,0,0,0,1,0,1,0"/>
   <wangtile tileid="126" wangid="0,0,1,0,1,0,1,0"/>
   <wangtile tileid="127" wangid="1,0,1,0,1,0,1,0"/>
  </wangset>
 </wangsets>
</tileset>
