"""Stawka actions (BASIC rules): frozen value objects with a JSON form.

Moves, conversations and searches name their agent; the first of them in an
activation activates that agent (rulebook, Activating an Agent 1).
"""

from __future__ import annotations

import attrs

from ..core import ActionSet

ACTIONS = ActionSet("stawka")


@ACTIONS.register("place_agent")
@attrs.frozen
class PlaceAgent:
    """Set-up (First Clash, P29): put an unplaced agent, own or enemy, on a location."""

    agent: str
    to: str


@ACTIONS.register("place_threat")
@attrs.frozen
class PlaceThreat:
    """Stage C: set out one of the own drawn threat tokens on a free legal space (K8)."""

    token: str
    to: str


@ACTIONS.register("choose_plan")
@attrs.frozen
class ChoosePlan:
    """Stage A: pick a planning card in secret."""

    card: str


@ACTIONS.register("move")
@attrs.frozen
class Move:
    """Move the agent along the paths to `to` by a shortest route (1 AP a space)."""

    agent: str
    to: str


@ACTIONS.register("move_by_map")
@attrs.frozen
class MoveByMap:
    """Item "move_to_location" (the city map): to any location of the agent's sector for 1 AP; counts as movement."""

    agent: str
    item: str
    to: str


@ACTIONS.register("converse")
@attrs.frozen
class Converse:
    """Initiate a conversation (1 AP). `items`: single-use items revealed for it (rank or conversation bonus)."""

    agent: str
    target: str
    items: tuple[str, ...] = ()


@ACTIONS.register("search")
@attrs.frozen
class Search:
    """Search the location the agent stands on (2 AP). `peek`: a held search_peek item to use."""

    agent: str
    peek: str | None = None


@ACTIONS.register("take_tile")
@attrs.frozen
class TakeTile:
    """After looking at two tiles: take this one; the other goes to the bottom of the stack."""

    item: str


@ACTIONS.register("keep_item")
@attrs.frozen
class KeepItem:
    """Keep the found tile (face down unless it is reusable '*')."""

    item: str


@ACTIONS.register("use_as_evidence")
@attrs.frozen
class UseAsEvidence:
    """Discard the found tile as evidence against the enemy agent of `colour`."""

    item: str
    colour: str


@ACTIONS.register("reroll_rank")
@attrs.frozen
class RerollRank:
    """Use the trait "once per stage, may roll a failed rank test again"."""


@ACTIONS.register("reroll_conversation")
@attrs.frozen
class RerollConversation:
    """Use a held item to roll the conversation again (the second result stands)."""

    item: str


@ACTIONS.register("accept_roll")
@attrs.frozen
class AcceptRoll:
    """Keep the roll as it is (decline the offered re-roll)."""


@ACTIONS.register("use_item")
@attrs.frozen
class UseItem:
    """Use a held item's effect that needs no target (extra AP, clear evidence); costs no AP."""

    agent: str
    item: str


@ACTIONS.register("use_support")
@attrs.frozen
class UseSupport:
    """Before an EXTENDED test's dice: reveal the own support token on `space` (its sector) to change the roll
    by 1, or None for no token (P9)."""

    space: str | None = None


@ACTIONS.register("discard_threat")
@attrs.frozen
class DiscardThreat:
    """The agent's action (1 AP): try to discard the enemy threat token on his space (2d6 above his Alertness)."""

    agent: str
    space: str


@ACTIONS.register("pass_threat")
@attrs.frozen
class PassThreat:
    """Having entered an enemy threat token's space: go on without checking it (P3)."""


@ACTIONS.register("remove_threat")
@attrs.frozen
class RemoveThreat:
    """Wire cutters: remove the enemy threat token on the agent's space without a roll (no AP)."""

    agent: str
    item: str


@ACTIONS.register("trigger_threat")
@attrs.frozen
class TriggerThreat:
    """The token's owner reveals it now and its effect applies (P4)."""


@ACTIONS.register("keep_threat")
@attrs.frozen
class KeepThreat:
    """The token's owner keeps it face down (P4)."""


@ACTIONS.register("try_check")
@attrs.frozen
class TryCheck:
    """Take the document check: roll, or pass it with a held pass item (P5, P11)."""

    item: str | None = None


@ACTIONS.register("stay_back")
@attrs.frozen
class StayBack:
    """Do not take the document check: do not enter (the movement ends) or do not act (P5)."""


@ACTIONS.register("give_to_thief")
@attrs.frozen
class GiveToThief:
    """A thief token: the agent's owner chooses the item it takes (P8)."""

    item: str


@ACTIONS.register("peek_threat")
@attrs.frozen
class PeekThreat:
    """Look at one face-down enemy threat token in the agent's sector with a held item (no AP)."""

    agent: str
    item: str
    space: str


@ACTIONS.register("end_activation")
@attrs.frozen
class EndActivation:
    pass


@ACTIONS.register("give_up")
@attrs.frozen
class GiveUp:
    """Give up the rest of this stage: no more activations for this player until the next stage."""


@ACTIONS.register("keep_track_whole")
@attrs.frozen
class KeepTrackWhole:
    """Scenario 1 carry-over: the winner keeps one evidence track unhalved (None: keep none whole)."""

    colour: str | None = None


@ACTIONS.register("keep_campaign_item")
@attrs.frozen
class KeepCampaignItem:
    """First Clash carry-over (K16): the 11-VP winner keeps one acquired item for the next scenario (None: none)."""

    item: str | None = None


@ACTIONS.register("give_campaign_item")
@attrs.frozen
class GiveCampaignItem:
    """Scenario 3 of the campaign (K16, A29): the item the First Clash winner kept starts with this agent."""

    agent: str


# ----- EXTENDED: missions (missions.py) and assassination (assassination.py) ----------------------
@ACTIONS.register("take_mission")
@attrs.frozen
class TakeMission:
    """The activated agent (the network chief, or the agent meeting him) passes `card` to `receiver` as
    this activation's action (1 AP; Mission Cards 3A-4, P17)."""

    agent: str
    receiver: str
    card: str


@ACTIONS.register("claim_mission")
@attrs.frozen
class ClaimMission:
    """Claim the reached basic mission of the agent's card (no AP, not an action; P19)."""

    agent: str


@ACTIONS.register("assassinate")
@attrs.frozen
class Assassinate:
    """Attack `target` with the held `weapon` (1 AP; Assassination 1-3, P24)."""

    agent: str
    target: str
    weapon: str


@ACTIONS.register("fire_back_with")
@attrs.frozen
class FireBackWith:
    """The attacked agent fires back with this one of his weapons (Assassination 3, P25)."""

    weapon: str


# ----- arrest, interrogation, kidnapping (EXTENDED; arrest.py, kidnap.py, jail.py)


@ACTIONS.register("arrest")
@attrs.frozen
class Arrest:
    """Arrest the enemy agent `target` on the agent's space (2 AP, the activation's action; P12, P13)."""

    agent: str
    target: str


@ACTIONS.register("interrogate")
@attrs.frozen
class Interrogate:
    """Interrogate `prisoner` in the jail (1 AP as an action; free at once after the arrest: P22)."""

    agent: str
    prisoner: str


@ACTIONS.register("skip_interrogation")
@attrs.frozen
class SkipInterrogation:
    """Pending "interrogate_now": do not interrogate the new prisoner now."""


@ACTIONS.register("kidnap")
@attrs.frozen
class Kidnap:
    """Kidnap the lone enemy agent `target`, showing `weapon`, to exchange him for `prisoner` (2 AP; P23)."""

    agent: str
    target: str
    weapon: str
    prisoner: str


@ACTIONS.register("place_kidnapped")
@attrs.frozen
class PlaceKidnapped:
    """Pending "place_kidnapped": put the kidnapped agent on the street space `to` (Release 1)."""

    to: str


@ACTIONS.register("release_to")
@attrs.frozen
class ReleaseTo:
    """Pending "release_to": the German player releases the prisoner onto the location `to` (P22, P23)."""

    to: str


@ACTIONS.register("convert_location_card")
@attrs.frozen
class ConvertLocationCard:
    """ADVANCED (Location Cards 4): discard a location card from the hand for +2 AP to the pool, in an own
    activation turn, one card a stage."""

    card: str


@ACTIONS.register("use_location_card")
@attrs.frozen
class UseLocationCard:
    """ADVANCED (Location Cards 3, A8): the special action of a held location card, for the activated agent
    standing on its location; no AP, not the activation's action. `target`: an agent where the card names one
    (an enemy in this sector, one of the own agents, a prisoner), else ""; `space`: a space where the card names
    one (a card move's destination, the location whose tiles are looked at), else ""."""

    card: str
    agent: str
    target: str = ""
    space: str = ""


@ACTIONS.register("use_hideout")
@attrs.frozen
class UseHideout:
    """ADVANCED (Location Cards 5, Mission Cards 5, A10): instead of the card's special action, discard a hideout
    card and draw a random mission card for the agent standing on its location."""

    card: str
    agent: str


@ACTIONS.register("discard_reaction")
@attrs.frozen
class DiscardReaction:
    """ADVANCED (Reaction Cards 5): over the limit of 3 after a draw, discard this card (face up, no effect)."""

    card: str


# ----- ADVANCED: reaction windows and blocks (reaction_windows.py; A11-A16)


@ACTIONS.register("play_reaction")
@attrs.frozen
class PlayReaction:
    """ADVANCED (Reaction Cards 1-3, A11-A14): in an open reaction window during an enemy activation, play this
    card of the window's colour. `choice`: a space of the declared route (red), an own agent (take_item), else ""."""

    card: str
    choice: str = ""


@ACTIONS.register("pass_reaction")
@attrs.frozen
class PassReaction:
    """ADVANCED (A11): play no card in this reaction window."""


@ACTIONS.register("block_reaction")
@attrs.frozen
class BlockReaction:
    """ADVANCED (Reaction Cards 4, A16): cancel the enemy's reaction card with an own card of its colour carrying
    the block symbol; both are discarded."""

    card: str


@ACTIONS.register("accept_reaction")
@attrs.frozen
class AcceptReaction:
    """ADVANCED (A16): do not block: the enemy's reaction card takes effect."""


@ACTIONS.register("move_threat_by_card")
@attrs.frozen
class MoveThreatByCard:
    """ADVANCED, pending "move_threats" (a location card, "Move up to N of your threat tokens to other legal
    spaces"): the own token on `frm` goes to the free legal space `to`."""

    frm: str
    to: str


@ACTIONS.register("done_moving_threats")
@attrs.frozen
class DoneMovingThreats:
    """ADVANCED, pending "move_threats": move no more tokens ("up to N")."""


@ACTIONS.register("reply_with")
@attrs.frozen
class ReplyWith:
    """ADVANCED (reciprocity, A19, K15): pending `reply`: the target of a conversation rolls back against the
    initiator, revealing these single-use conversation items (a sorted tuple, maybe empty)."""

    items: tuple[str, ...] = ()


# "I Know Who You Are" (radio.py, F5-F9)
@ACTIONS.register("hide_radio")
@attrs.frozen
class HideRadio:
    """Pending "hide_radio" (F5): the Polish player hides the radio station at `location`, before stage 1."""

    location: str


@ACTIONS.register("transmit")
@attrs.frozen
class Transmit:
    """Kloss on the station with two Polish secrets: the report's transmission begins (1 AP, the action; F6)."""

    agent: str


@ACTIONS.register("name_clue")
@attrs.frozen
class NameClue:
    """Pending "radio_clue" (F9): the Polish player names a second sector where the station could lie."""

    face: str


# ----- Top Secret (issue 36; vehicle.py, pulkowski.py; F19-F26)


@ACTIONS.register("drive")
@attrs.frozen
class Drive:
    """Top Secret (F19, F20): the German player's Black Audi drives to `to` along its paths, AP from his pool; the
    first drive of a turn activates it."""

    to: str


@ACTIONS.register("play_top_secret")
@attrs.frozen
class PlayTopSecret:
    """Top Secret (L643, F24): discard one of the side's Top Secret cards to move the Black Audi to `to`, one or two
    steps along its paths, no AP."""

    to: str


@ACTIONS.register("secret_bonus")
@attrs.frozen
class SecretBonus:
    """Top Secret (L657, F26), pending `secret_bonus`: "move" up to two own threat tokens, "draw" one blind and set it
    out at once, or "none"."""

    choice: str


@ACTIONS.register("place_drawn_threat")
@attrs.frozen
class PlaceDrawnThreat:
    """Top Secret (F26), pending `place_drawn_threat`: the token just drawn goes on the free legal space `to`."""

    to: str
