"""The actions of Stratego Spies & Lies: small frozen value objects (missions are 1-4)."""

from __future__ import annotations

import attrs

from barclay_desktop.rules.core import ActionSet

ACTIONS = ActionSet("spies_lies")


@ACTIONS.register("eliminate_pick")
@attrs.frozen
class EliminatePick:
    """Draw one of the opponent's shuffled face-down troops (card 1..n, ruling S11)."""

    card: int


@ACTIONS.register("deploy")
@attrs.frozen
class Deploy:
    """Put the troop of `rank` from your hand face-down under `mission`."""

    rank: int
    mission: int


@ACTIONS.register("withdraw")
@attrs.frozen
class Withdraw:
    """Take the troop under `mission` back into your hand (before confirming)."""

    mission: int


@ACTIONS.register("confirm_deploy")
@attrs.frozen
class ConfirmDeploy:
    pass


@ACTIONS.register("intel_chip")
@attrs.frozen
class IntelChip:
    """Place (`on`) or leave off an intelligence chip on your troop under `mission`."""

    mission: int
    on: bool


@ACTIONS.register("deceive")
@attrs.frozen
class Deceive:
    """Put a deception chip on your troop about to be guessed (S3, S4)."""

    pass


@ACTIONS.register("no_deception")
@attrs.frozen
class NoDeception:
    pass


@ACTIONS.register("guess")
@attrs.frozen
class Guess:
    """Name the rank (1-10) of the targeted enemy troop."""

    rank: int


@ACTIONS.register("captain_points")
@attrs.frozen
class CaptainPoints:
    """The activated Captain takes its 6 IP."""

    pass


@ACTIONS.register("captain_borrow")
@attrs.frozen
class CaptainBorrow:
    """The activated Captain uses your eliminated troop of `rank` instead (IP and ability)."""

    rank: int


@ACTIONS.register("marshal_ten")
@attrs.frozen
class MarshalTen:
    """The activated Marshal takes 10 IP."""

    pass


@ACTIONS.register("marshal_split")
@attrs.frozen
class MarshalSplit:
    """The activated Marshal takes 5 IP and costs the enemy 5 (not below 0)."""

    pass
