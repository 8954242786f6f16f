"""Operation Barclay actions: frozen value objects with a JSON form."""

from __future__ import annotations

import attrs

from ..core import ActionSet

ACTIONS = ActionSet("barclay")


@ACTIONS.register("choose_roles")
@attrs.frozen
class ChooseRoles:
    """B13: the LCS picks the primary and secondary offensive sectors."""

    primary: str
    secondary: str


@ACTIONS.register("random_layout")
@attrs.frozen
class RandomLayout:
    """B13: roles and token arrangement at random."""


@ACTIONS.register("arrange_sector")
@attrs.frozen
class ArrangeSector:
    """The LCS lays out one sector: `greens` are the spaces (0-4) holding green radar tokens."""

    sector: str
    greens: tuple[int, ...]


@ACTIONS.register("random_arrangement")
@attrs.frozen
class RandomArrangement:
    """Arrange every sector not yet laid out at random."""


@ACTIONS.register("play")
@attrs.frozen
class PlayCard:
    card: str


@ACTIONS.register("play_blank")
@attrs.frozen
class PlayBlank:
    """B7: with nothing to draw, any card is played as a blank."""

    card: str


@ACTIONS.register("b7_discard")
@attrs.frozen
class DiscardUnplayable:
    """B7: no card with this step's icon: discard one and draw again."""

    card: str


@ACTIONS.register("draw")
@attrs.frozen
class Draw:
    source: str  # channels, dc, own


@ACTIONS.register("spy_keep")
@attrs.frozen
class SpyKeep:
    card: str


@ACTIONS.register("reorder")
@attrs.frozen
class Reorder:
    order: tuple[str, ...]  # new order, top card first


@ACTIONS.register("recover")
@attrs.frozen
class Recover:
    card: str


@ACTIONS.register("play_ultra")
@attrs.frozen
class PlayUltra:
    pass


@ACTIONS.register("assess")
@attrs.frozen
class Assess:
    bet: str  # the seat whose hand this player bets will be best


@ACTIONS.register("replace")
@attrs.frozen
class Replace:
    slot: int
    card: str


@ACTIONS.register("keep")
@attrs.frozen
class KeepCard:
    """Decline an optional replacement."""

    slot: int


@ACTIONS.register("fix")
@attrs.frozen
class FixCard:
    slot: int
    value: int
    colour: str


@ACTIONS.register("take_evidence")
@attrs.frozen
class TakeEvidence:
    box: str
    token: str


@ACTIONS.register("flip")
@attrs.frozen
class Flip:
    token: str
    sector: str
    space: int
