"""The Stawka table's EXTENDED parts (First Clash): placing the agents, setting out threat tokens,
and the words of the EXTENDED decisions and actions on the menu's buttons.

A mixin of StawkaTableScene: it only turns legal actions into controls and labels, like the rest
of the table, and reads nothing but the view.
"""

from __future__ import annotations

from ...i18n import N_
from ...rules.core.message import Message, msg
from ...rules.stawka import actions as A
from ...rules.stawka import texts as T
from ..controls import Control

PHASE_ACTIONS = (A.PlaceAgent, A.PlaceThreat)
SPACE_DECISIONS = (A.PlaceKidnapped, A.ReleaseTo, A.HideRadio, A.PlaceDrawnThreat)  # a decision answered by a click on the board


class ExtendedTable:
    # ----- placement (P29) and the set-out of threat tokens (stage C) -------------------------------
    def phase_controls(self, view, legal, ui) -> list[Control] | None:
        """One pick button per agent (or drawn token) to place, and the board spaces it may go to."""
        places = [a for a in legal if isinstance(a, PHASE_ACTIONS)]
        if not places:
            return None
        key = (lambda a: a.agent) if isinstance(places[0], A.PlaceAgent) else (lambda a: a.token)
        picks = list(dict.fromkeys(key(a) for a in places))
        chosen = ui.selected if ui.selected in picks else picks[0]
        rects = self.button_rects(len(picks))
        out = [Control(r, None, self.pick_label(view, p), "pick", p) for r, p in zip(rects, picks)]
        for a in places:
            if key(a) == chosen:
                rect = self.space_rect(a.to)
                if rect is not None:
                    out.append(Control(rect, a, "", "space", a.to))
        return out

    def chosen_pick(self) -> str | None:
        picks = [c.key for c in self.controls if c.kind == "pick"]
        return self.selected if self.selected in picks else (picks[0] if picks else None)

    def pick_label(self, view, key: str) -> str:
        agents = {ag["id"] for ag in view["agents"]}
        to_place = {x["id"]: x for x in (view.get("placement") or {}).get("to_place", [])}
        if key in to_place or key in agents:
            return msg("Place {name} ({side})", name=T.agent(key), side=T.NETWORK_NAME[to_place[key]["side"]])
        hand = {t["id"]: t for t in (view.get("threats") or {}).get("hand", [])}
        if key in hand:
            return msg("Set out: {token}", token=token_words(hand[key]))
        return key

    def decision_spaces(self, legal) -> list[Control] | None:
        """The exchange (Release 1, P22-P23): the brass spaces where the kidnapped or released agent may go."""
        picks = [a for a in legal if isinstance(a, SPACE_DECISIONS)]
        if not picks:
            return None
        out = []
        for a in picks:
            where = a.location if isinstance(a, A.HideRadio) else a.to
            rect = self.space_rect(where)
            if rect is not None:
                out.append(Control(rect, a, "", "space", where))
        return out

    def phase_hint(self, view) -> str | None:
        """The line under the menu while placing: what a click on the board does."""
        kind = (view.get("pending") or {}).get("kind")
        film = self.film_hint(view)
        if film:
            return film
        if kind == "place_kidnapped":
            return msg("Click a brass street space: the kidnapped agent is put there.")
        if kind == "release_to":
            return msg("Click a brass location: the prisoner is released there.")
        chosen = self.chosen_pick()
        if chosen is None:
            return None
        if view["phase"] == "placement":
            if (view.get("placement") or {}).get("any_space"):  # a free scenario: streets too (F29)
                return msg("Click a brass space to place {name} there.", name=T.agent(chosen))
            return msg("Click a brass location to place {name} there.", name=T.agent(chosen))
        return msg("Click a brass space to set the chosen token out there.")

    def decision_line(self, view) -> str | None:
        """Under a decision's buttons: what it is about (whose token, which roll, where)."""
        p = view.get("pending") or {}
        kind, agent, where = p.get("kind"), p.get("agent"), p.get("location")
        if kind not in DECISION_WORDS or agent not in {ag["id"] for ag in view["agents"]}:
            return None
        words = {"name": T.agent(agent), "place": T.place(self.space_label(where)) if where else ""}
        token = next((t for t in (view.get("threats") or {}).get("board", []) if t["space"] == where), None)
        if kind == "threat_window" and token is not None and "type" in token:
            return msg("{name} is on your threat token at {place}: {token}.", token=token_words(token), **words)
        if kind == "document_check":
            ag = next(x for x in view["agents"] if x["id"] == agent)
            difficulty = (token or {}).get("params", {}).get("difficulty", 0)
            return msg("Document check at {place}: 2d6{difficulty} must beat {name}'s Alertness {alertness}.",
                       difficulty=f"{difficulty:+d}" if difficulty else "", alertness=ag["document"]["alertness"],
                       **words)
        if kind == "support":
            return msg("The dice are about to be rolled: {test} ({name}).", test=TEST_WORDS.get(p.get("test"), ""),
                       **words)
        return msg(DECISION_WORDS[kind], **words)

    # ----- the menu's words for the EXTENDED decisions --------------------------------------------------
    def extended_label(self, view, a) -> str | None:
        names = self.item_names(view)
        place = lambda sid: T.place(self.space_label(sid))  # noqa: E731
        if isinstance(a, A.UseSupport):
            return msg("Support token at the {place}", place=place(a.space)) if a.space else msg("No support token")
        if isinstance(a, A.DiscardThreat):
            return msg("Discard the threat token (1 AP)")
        if isinstance(a, A.PassThreat):
            return msg("Go on without checking")
        if isinstance(a, A.RemoveThreat):
            return msg("Remove it with {item}", item=names.get(a.item, a.item))
        if isinstance(a, A.TriggerThreat):
            return msg("Reveal the token now")
        if isinstance(a, A.KeepThreat):
            return msg("Keep it hidden")
        if isinstance(a, A.TryCheck):
            return msg("Show {item}", item=names.get(a.item, a.item)) if a.item else msg("Take the check (roll 2d6)")
        if isinstance(a, A.StayBack):
            return msg("Stay back")
        if isinstance(a, A.GiveToThief):
            return msg("Lose {item}", item=names.get(a.item, a.item))
        if isinstance(a, A.PeekThreat):
            return msg("Look at the token at the {place}", place=place(a.space))
        return self.mission_label(view, a) or self.jail_label(view, a, names)

    def mission_label(self, view, a) -> str | None:
        if isinstance(a, A.TakeMission):  # the short name leaves the button more of the goal (the note has it all)
            from .art import short_name

            receiver = next(ag for ag in view["agents"] if ag["id"] == a.receiver)
            return msg("Mission for {name}: {special} (1 AP)", name=msg(short_name(receiver)),
                       special=Message(mission_card(view, a.receiver, a.card)["special"]["text"]))
        if isinstance(a, A.ClaimMission):
            return msg("Claim the basic mission of {name}", name=T.agent(a.agent))
        return None

    def jail_label(self, view, a, names) -> str | None:
        if isinstance(a, A.Assassinate):
            return msg("Attack {target} with {weapon} (1 AP)", target=T.agent(a.target),
                       weapon=names.get(a.weapon, a.weapon))
        if isinstance(a, A.FireBackWith):
            return msg("Fire back with {weapon}", weapon=names.get(a.weapon, a.weapon))
        if isinstance(a, A.Arrest):
            return msg("Arrest {target} (2 AP)", target=T.agent(a.target))
        if isinstance(a, A.Interrogate):
            return msg("Interrogate {prisoner}", prisoner=T.agent(a.prisoner))
        if isinstance(a, A.SkipInterrogation):
            return msg("Do not interrogate now")
        if isinstance(a, A.Kidnap):
            return msg("Kidnap {target} for {prisoner} (2 AP)", target=T.agent(a.target), prisoner=T.agent(a.prisoner))
        return None


DECISION_WORDS = {  # msgids (N_): msg() fills them when drawn
    "threat_entered": N_("{name} stopped on an enemy threat token at {place}."),
    "threat_window": N_("{name} is on your threat token at {place}."),
    "document_check": "",
    "support": "",
    "thief": N_("A thief: {name} loses one item, your choice which."),
    "fire_back": N_("{name} is attacked and fires back at once."),
}
TEST_WORDS = {
    "document_check": msg("a document check"), "discard_threat": msg("discarding a threat token"),
    "arrest": msg("an arrest"), "kidnap": msg("a kidnapping"), "interrogation": msg("an interrogation"),
    "assassination": msg("an assassination"), "fire_back": msg("the shot fired back"),
}


def mission_card(view, agent_id: str, card_id: str) -> dict:
    """One of the agent's cards as the seat's view shows it (its own list of the cards still in play)."""
    ag = next(x for x in view["agents"] if x["id"] == agent_id)
    return next(c for c in (ag.get("mission") or {}).get("choices", []) if c["card"] == card_id)


def token_words(token: dict) -> str:
    """A token's name as the player reads it: "Document check -2", "Alarm"."""
    name = T.threat_name(token["type"])
    if token["type"] == "document_check":
        return msg("{name} {difficulty}", name=name, difficulty=token["params"].get("difficulty", 0))
    return name
