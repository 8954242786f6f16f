"""Computer players for Stawka większa niż życie (BASIC rules, scenario 1 "Meeting").

`players.LEVELS` maps level names to factories; `heuristic.py` holds the Easy
player's one-step rules. Players read only `game.view(seat)`, the legal actions
and the public static content (board graph, documents, hint card).
"""
