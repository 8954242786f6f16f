"""The Stawka table: the city board with pan and zoom, the agents' documents, the investigation
tracks, the stage bar, the action menu and the log; every decision of "Meeting" by mouse.

Draws only `view` (= game.view(session.drawable_seat())) and turns clicks into actions taken
from `session.legal_actions()`. Its controls (`make_controls`) go to the shared control table
of the base (game_table.py); `control_rect(action)` / `control_clicks(action)` tell tests and
tools where one is.
Actions of one agent (move, search, talk, use an item) are offered for the selected agent:
click his card or figure to select him; the active agent is always selected."""

from __future__ import annotations

import json

import attrs
import pygame

from ...rules.core.message import msg, nmsg, pmsg
from ...rules.stawka import actions as A
from ...rules.stawka import texts as T
from .board import BoardArt, Viewport
from .art import BOARD, LOG, StawkaArt, short_name
from .extended import ExtendedTable
from .audi import TS_MOVE, VEHICLE, VEHICLE_ACTIONS, AudiTable
from .films import FilmTable
from .hand import CARD_ACTIONS, CardHand
from .overlays import StawkaOverlays, fresh_dice
from ..controls import Control
from ..game_table import SessionScene

AGENT_ACTIONS = (A.Move, A.MoveByMap, A.Converse, A.Search, A.UseItem, A.DiscardThreat, A.RemoveThreat, A.PeekThreat,
                 A.TakeMission, A.ClaimMission, A.Assassinate, A.Arrest, A.Interrogate, A.Kidnap, A.Transmit)
PAN_KEYS = {pygame.K_LEFT: (60, 0), pygame.K_RIGHT: (-60, 0), pygame.K_UP: (0, 60), pygame.K_DOWN: (0, -60)}
DICE_SECONDS = 0.6
HIT_SLACK = 8  # px around a space's spot and the figures on it that still count as a click on it


@attrs.frozen
class Choices:
    """What the player has begun choosing on the table: the controls are built from it."""

    selected: str | None = None  # the agent whose actions the menu offers (when none is active)
    talk_items: frozenset[str] = frozenset()  # single-use items ticked to reveal in the next conversation
    card: str | None = None  # ADVANCED: the card picked in the tray (its menu replaces the agent's)
    card_pick: str | None = None  # in that menu (or a threat move): the agent or token picked before a space


class StawkaTableScene(StawkaArt, StawkaOverlays, CardHand, ExtendedTable, FilmTable, AudiTable, SessionScene):
    name = "stawka_table"
    NUMBERED_KINDS = (("button", "plan", "tile"),)  # as listed: planning cards, found tiles, the menu

    def __init__(self, app, session):
        super().__init__(app, session)
        public = self.game.view(None)
        self.scenario_id = public["scenario"]["id"]
        self.viewport = Viewport(self.board_view_rect(public), self.board_art.size)
        self.selected: str | None = None
        self.talk_items: set[str] = set()  # single-use items ticked to reveal in the next conversation
        self.card: str | None = None  # ADVANCED: the card picked in the tray
        self.card_pick: str | None = None
        self.mouse = (0, 0)
        self.drag: dict | None = None  # {"start", "last", "moved"} while the board is dragged
        self.drawn_ids: list[str] = []  # ids of item faces and planning cards drawn this frame (privacy tests)
        self.show_sheet = False
        self.show_log = False  # the whole log, opened over the board
        self.dice_left = 0.0  # > 0 while the dice tumble
        self.held_dice: tuple[dict, dict | None] | None = None  # the player's own roll, kept until its next input
        self._dice_key = json.dumps(public["last_dice"], sort_keys=True)
        self.glides: dict[str, dict] = {}  # agent -> {"path", "left", "total"}: a figure walking its route
        self._seen_mark = self.game.event_mark()  # public moves glide from here on
        self._seen_version = session.version

    @property
    def board_art(self) -> BoardArt:
        """The board's art in the language spoken now: its place names are painted in, so a
        language change in Settings shows on the board when the table is back (cached per language)."""
        return BoardArt.for_scenario(self.scenario_id)

    # ----- seats --------------------------------------------------------------------------
    def acting(self, seat) -> bool:
        return seat is not None and seat == self.session.acting_seat()

    def hand_ids(self, view, seat) -> list | None:
        """The items this seat's agents hold and its location and reaction cards (for the NEW marks on what a
        search or a draw brought in); a card as "card:<id>", apart from the items."""
        items = [it["id"] for ag in view["agents"] if ag["side"] == seat for it in ag["items"] if not it.get("hidden")]
        return items + [f"card:{c['id']}" for _kind, c in self.own_cards(view)]

    def legal(self, seat) -> list:
        return self.session.legal_actions() if self.acting(seat) else []

    def agent_with_actions(self, legal) -> list[str]:
        out = []
        for a in legal:
            who = VEHICLE if isinstance(a, A.Drive) else (a.agent if isinstance(a, AGENT_ACTIONS) else None)
            if who is not None and who not in out:  # Top Secret: the car drives like an agent (F19)
                out.append(who)
        return out

    def current_agent(self, view, legal, ui: Choices | None = None) -> str | None:
        """The agent whose actions the menu offers: the active one, else the selected one."""
        if view.get("active"):
            return view["active"]["agent"]
        if (view.get("vehicle") or {}).get("active"):
            return VEHICLE
        able = self.agent_with_actions(legal)
        selected = (ui or self.ui_state()).selected
        if selected in able:
            return selected
        return able[0] if able else None

    # ----- controls: the one place that maps legal actions to screen rects ----------------------
    def ui_state(self) -> Choices:
        return Choices(self.selected, frozenset(self.talk_items), self.card, self.card_pick)

    def make_controls(self, view: dict, seat, ui: Choices) -> list[Control]:
        legal = self.legal(seat)
        if not legal:
            return []
        tray = self.tray_controls(view, legal, ui)  # listed first: the tray lies over the board's spaces
        for special in (self.card_menu, self.window_controls, self.threat_move_controls):
            controls = special(view, legal, ui)
            if controls is not None:
                return tray + controls
        phase = self.phase_controls(view, legal, ui)
        if phase is None:
            phase = self.decision_spaces(legal)
        if phase is not None:
            return phase
        agent = self.current_agent(view, legal, ui)
        out: list[Control] = list(tray)
        out += self.plan_controls(legal, view)
        out += self.tile_controls(legal, view)
        out += self.button_controls(legal, view, agent, ui)
        out += self.vehicle_controls(view, legal, agent, ui)  # Top Secret: before the spaces, so its moves win
        if ui.selected != TS_MOVE:
            out += self.space_controls(legal, agent)
        out += self.agent_controls(view, legal)
        return out

    def plan_controls(self, legal, view) -> list[Control]:
        plans = [a for a in legal if isinstance(a, A.ChoosePlan)]
        rects = self.plan_rects(len(plans))
        return [Control(r, a, a.card, "plan", a.card) for r, a in zip(rects, plans)]

    def tile_controls(self, legal, view) -> list[Control]:
        takes = [a for a in legal if isinstance(a, A.TakeTile)]
        rects = self.tile_rects(len(takes))
        return [Control(r, a, "take", "tile", a.item) for r, a in zip(rects, takes)]

    def space_controls(self, legal, agent) -> list[Control]:
        out = []
        for a in legal:
            if isinstance(a, A.Move) and a.agent == agent:
                rect = self.space_rect(a.to)
                if rect is not None:
                    out.append(Control(rect, a, "", "space", a.to))
        return out

    def agent_controls(self, view, legal) -> list[Control]:
        if view.get("active"):
            return []
        able = self.agent_with_actions(legal)
        out = []
        for rect, ag in zip(self.agent_rects(view), view["agents"]):
            if ag["id"] in able:
                out.append(Control(rect, None, ag["name"], "agent", ag["id"]))
        for aid, pos in self.figure_positions(view).items():  # his figure on the board selects him too
            if aid in able and self.viewport.visible(pos):
                out.append(Control(self.figure_rect(pos), None, aid, "agent", aid))
        return out

    def button_controls(self, legal, view, agent, ui: Choices) -> list[Control]:
        """One button per action of the menu; a conversation is one button per enemy, with a toggle
        for each single-use item that may be revealed for it (the talk button takes the ticked ones)."""
        labelled = []  # (label, action, kind, key)
        extras = self.talk_extras(legal, agent)
        chosen = tuple(sorted(i for i in ui.talk_items if i in extras))
        names = self.item_names(view)
        for iid in extras:
            labelled.append((msg("reveal {item}", item=names.get(iid, iid)), None, "toggle", iid))
        labelled += self.audi_picks(legal)
        for a in legal:
            if isinstance(a, (A.ChoosePlan, A.TakeTile, A.Move) + CARD_ACTIONS + VEHICLE_ACTIONS):  # from elsewhere
                continue
            if isinstance(a, AGENT_ACTIONS) and a.agent != agent and not isinstance(a, A.ClaimMission):
                continue  # a claim may be any agent's, also while another agent is active: its button says whose
            if isinstance(a, A.Converse) and a.items != chosen:
                continue
            labelled.append((self.button_label(view, a), a, "button", None))
        rects = self.button_rects(len(labelled))
        return [Control(r, a, text, kind, key, danger=isinstance(a, A.GiveUp))
                for r, (text, a, kind, key) in zip(rects, labelled)]

    @staticmethod
    def talk_extras(legal, agent) -> list[str]:
        """Single-use items the agent could reveal for a conversation now."""
        return sorted({i for a in legal if isinstance(a, A.Converse) and a.agent == agent for i in a.items})

    def button_label(self, view, a) -> str:
        """The menu button of an action, as a Message: drawn in the language of the moment (art.py)."""
        agents = {ag["id"]: ag for ag in view["agents"]}
        names = self.item_names(view)
        if isinstance(a, A.Converse):
            if a.items:
                n = len(a.items)
                return nmsg("Talk to {name}, +{n} item", "Talk to {name}, +{n} items", n,
                            name=msg(short_name(agents[a.target])), n=n)
            return msg("Talk to {name} (1 AP)", name=T.agent(a.target))
        if isinstance(a, A.Search):
            cost = agents[a.agent]["search_cost"]
            if a.peek:
                return msg("Search here ({cost} AP) with {item}", cost=cost, item=names.get(a.peek, a.peek))
            return msg("Search here ({cost} AP)", cost=cost)
        if isinstance(a, A.MoveByMap):
            return msg("City map to {place} (1 AP)", place=T.place(self.space_label(a.to)))
        if isinstance(a, A.UseItem):
            return msg("Use {item}", item=names.get(a.item, a.item))
        if isinstance(a, A.KeepItem):
            return msg("Keep {item}", item=names[a.item]) if a.item in names else msg("Keep the tile")
        if isinstance(a, A.UseAsEvidence):
            n = self.tile_evidence(view, a.item).get(a.colour, 0)
            return msg("Evidence: {colour} +{n}", colour=T.colour(a.colour), n=n)
        if isinstance(a, A.RerollRank):
            return msg("Roll the rank test again")
        if isinstance(a, A.RerollConversation):
            return msg("Roll again ({item})", item=names.get(a.item, a.item))
        if isinstance(a, A.AcceptRoll):
            return msg("Accept the roll")
        if isinstance(a, A.KeepTrackWhole):
            if a.colour is None:
                return msg("Keep no track whole")
            mine = view["evidence"].get(view["seat"] or "", {}).get(a.colour, {}).get("value", 0)
            return msg("Keep {colour} whole ({n})", colour=T.colour(a.colour), n=mine)
        if isinstance(a, A.KeepCampaignItem):
            return msg("Keep {item} for the next scenario", item=names.get(a.item, a.item)) if a.item \
                else msg("Keep no item")
        if isinstance(a, A.EndActivation):
            return msg("End activation")
        if isinstance(a, A.GiveUp):
            return msg("Give up the stage")
        return (self.audi_label(view, a) or self.extended_label(view, a) or self.advanced_label(view, a)
                or self.film_label(view, a) or msg("Take this action"))

    # ----- the Hint button's suggestion, in the table's words ----------------------------------------------
    def hint_controls(self, action) -> list:
        """The controls to ring for a suggested action: its own, or first the card and figure of the
        agent it is for when another agent is selected."""
        own = super().hint_controls(action)
        card = getattr(action, "card", None) if isinstance(action, CARD_ACTIONS + (A.PlayReaction,)) else None
        if not own and card is not None:  # a card's action: ring the card in the tray (its menu has the rest)
            return self.keyed_controls("card", card, self.controls) or self.keyed_controls("cardbutton", card,
                                                                                         self.controls)
        if own or not isinstance(action, AGENT_ACTIONS):
            return own
        return self.keyed_controls("agent", action.agent, self.controls)

    def hint_text(self, action) -> str:
        return msg("Hint: {action}.", action=self.action_text(action))

    def action_text(self, action) -> str:
        """An action as the player would say it: "Ingrid Heizer: talk to Marta Becher (1 AP)"."""
        _, view = self.current_view()
        agents = {ag["id"]: T.agent(ag["id"]) for ag in view["agents"]}
        if isinstance(action, A.ChoosePlan):
            cards = {c["id"]: c["name"] for c in view["planning"]["hand"]}
            if action.card in cards:
                return msg("play the planning card {card}", card=pmsg("planning card name", cards[action.card]))
            return msg("play the planning card on the left")
        if isinstance(action, A.TakeTile):
            names = self.item_names(view)
            return msg("take {item}", item=names[action.item]) if action.item in names else msg(
                "take the tile on the left")
        if isinstance(action, A.Move) and action.agent in agents:
            return msg("move {name} to {place}", name=agents[action.agent], place=T.place(self.space_label(action.to)))
        label = self.button_label(view, action)
        if isinstance(action, AGENT_ACTIONS) and action.agent in agents:
            return msg("{name}: {action}", name=agents[action.agent], action=label)
        return label

    @staticmethod
    def item_names(view) -> dict[str, str]:
        """Item id -> its name as a Message (the data file's name, context "item name")."""
        names = {}
        for ag in view["agents"]:
            for it in ag["items"]:
                if not it.get("hidden"):
                    names[it["id"]] = pmsg("item name", it["name"])
        for it in (view.get("pending") or {}).get("tiles", []) or []:
            names[it["id"]] = pmsg("item name", it["name"])
        return names

    @staticmethod
    def tile_evidence(view, item_id) -> dict:
        for it in (view.get("pending") or {}).get("tiles", []) or []:
            if it["id"] == item_id:
                return it.get("evidence", {})
        return {}

    def space_label(self, space_id: str) -> str:
        return self.board_art.board.spaces[space_id].label

    # ----- where each control is ---------------------------------------------------------------------
    def control_clicks(self, action) -> list[tuple[int, int]]:
        """Where to click, in order, to take `action`: the agent's card if he is not selected, the
        item toggles a conversation needs, then the control itself."""
        seat, view = self.current_view()
        legal = self.legal(seat)
        clicks = []
        ui = self.ui_state()
        first = self.vehicle_first(action, view, legal, ui)  # Top Secret: the car, or a card's move, first
        if first is not None:
            pick = next((c for c in self.build_controls(view, seat, ui) if c.kind in ("agent", "pick")
                         and c.key == first), None)
            if pick is None:
                return []
            clicks.append(pick.rect.center)
            ui = attrs.evolve(ui, selected=first)
        elif isinstance(action, AGENT_ACTIONS) and self.current_agent(view, legal, ui) != action.agent \
                and self.control_for(action, ui) is None:
            card = next((c for c in self.agent_controls(view, legal) if c.key == action.agent), None)
            if card is None:
                return []
            clicks.append(card.rect.center)
            ui = attrs.evolve(ui, selected=action.agent)
        if isinstance(action, (A.PlaceAgent, A.PlaceThreat)):  # the agent or token first, then its space
            key = action.agent if isinstance(action, A.PlaceAgent) else action.token
            picks = {c.key: c for c in self.build_controls(view, seat, ui) if c.kind == "pick"}
            if key not in picks:
                return []
            clicks.append(picks[key].rect.center)
            ui = attrs.evolve(ui, selected=key)
        if isinstance(action, A.Converse):
            return self.talk_clicks(action, self.build_controls(view, seat, ui), ui, clicks)
        control = self.control_for(action, ui)
        if control is None and isinstance(action, (A.MoveThreatByCard,) + CARD_ACTIONS + (A.PlayReaction,)):
            return self.card_clicks(action, view, seat, ui)
        return clicks + [control.rect.center] if control is not None else []

    def card_clicks(self, action, view, seat, ui: Choices) -> list[tuple[int, int]]:
        """A card's action: the card first (in the tray, or its button in a window), then the agent or token
        it is for where the menu asks, then its button or board space."""
        clicks = []
        if not isinstance(action, A.MoveThreatByCard) and ui.card != action.card:
            controls = self.build_controls(view, seat, ui)
            pick = next((c for c in controls if c.key == action.card and c.kind in ("card", "cardbutton")
                         and c.action is None), None)
            if pick is None:
                return []
            clicks.append(pick.rect.center)
            ui = attrs.evolve(ui, card=action.card, card_pick=None)
        who = action.frm if isinstance(action, A.MoveThreatByCard) else getattr(action, "target", "")
        picks = {c.key: c for c in self.build_controls(view, seat, ui) if c.kind == "cardpick"}
        if who in picks and ui.card_pick != who:
            clicks.append(picks[who].rect.center)
            ui = attrs.evolve(ui, card_pick=who)
        control = self.control_for(action, ui)
        return clicks + [control.rect.center] if control is not None else []

    def talk_clicks(self, action, controls, ui: Choices, clicks) -> list[tuple[int, int]]:
        toggles = {c.key: c.rect.center for c in controls if c.kind == "toggle"}
        ticked = {i for i in ui.talk_items if i in toggles}
        for iid in sorted(ticked ^ set(action.items)):
            if iid not in toggles:
                return []
            clicks.append(toggles[iid])
        button = next((c for c in controls if isinstance(c.action, A.Converse) and c.action.target == action.target),
                      None)
        return clicks + [button.rect.center] if button is not None else []

    # ----- input -----------------------------------------------------------------------------------
    def handle_event(self, event) -> bool:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.held_dice = None  # the player moves on: the slip shows the latest roll again
        return super().handle_event(event)

    def on_table_event(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            return self.drag_to(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            return self.press(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self.release(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.selected = None
            self.talk_items = set()
            self.card = self.card_pick = None
            self.show_sheet = self.show_log = False
            return True
        if event.type == pygame.MOUSEWHEEL and BOARD.collidepoint(self.mouse):
            self.viewport.zoom_step(1 if event.y > 0 else -1, self.mouse)
            return True
        if event.type == pygame.KEYDOWN:
            return self.key(event)
        return False

    def key(self, event) -> bool:
        if event.key in PAN_KEYS:
            self.viewport.pan(*PAN_KEYS[event.key])
            return True
        if event.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.viewport.zoom_step(1)
            return True
        if event.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.viewport.zoom_step(-1)
            return True
        if event.key == pygame.K_0:
            self.viewport.zoom = self.viewport.fit_zoom()
            self.viewport.centre()
            return True
        if event.key == pygame.K_h:
            self.show_sheet, self.show_log = not self.show_sheet, False
            return True
        if event.key == pygame.K_l:
            self.show_log, self.show_sheet = not self.show_log, False
            return True
        return False

    def drag_to(self, pos) -> bool:
        if self.drag is None:
            return False
        dx, dy = pos[0] - self.drag["last"][0], pos[1] - self.drag["last"][1]
        self.drag["last"] = pos
        self.drag["moved"] += abs(dx) + abs(dy)
        self.viewport.pan(dx, dy)
        return True

    def release(self, pos) -> bool:
        """The end of a press on the board: a drag panned it; a click on a space nobody offers says why."""
        drag, self.drag = self.drag, None
        if drag is None:
            return False
        if drag["moved"] < 6:
            seat, view = self.current_view()
            self.explain_space_click(pos, view, seat)
        return True

    def press(self, pos) -> bool:
        if self.sheet_button_rect().collidepoint(pos):
            self.show_sheet, self.show_log = not self.show_sheet, False
            return True
        if LOG.collidepoint(pos):
            self.show_log, self.show_sheet = not self.show_log, False
            return True
        for name, rect in self.zoom_button_rects().items():
            if rect.collidepoint(pos):
                self.zoom_button(name)
                return True
        if self.show_sheet or self.show_log:
            self.show_sheet = self.show_log = False
            return True
        seat, view = self.current_view()
        target = self.control_at(pos, self.build_controls(view, seat), view)
        if target is not None:
            return self.use(target)
        if BOARD.collidepoint(pos):
            if self.decision_panel_open(view, seat):
                return True  # a click beside the cards of an open decision does nothing
            self.drag = {"start": pos, "last": pos, "moved": 0}
            return True
        return False

    def control_at(self, pos, controls: list[Control] | None = None, view=None, *,
                   kinds: tuple[str, ...] | None = None) -> Control | None:
        """The control under `pos`: one whose rect holds it, else (on the board) the move to the space
        whose spot or standing figures are within HIT_SLACK px of it, the nearest first; so a click
        just beside a figure, or on an enemy standing there, targets that figure's space."""
        controls = self.current_controls() if controls is None else controls
        hit = super().control_at(pos, controls, kinds=kinds)
        if hit is not None or not BOARD.collidepoint(pos) or (kinds is not None and "space" not in kinds):
            return hit
        view = self.current_view()[1] if view is None else view
        spaces = [c for c in controls if c.kind == "space"]
        if not spaces:
            return None
        positions = self.figure_positions(view)
        standing: dict[str, list[pygame.Rect]] = {}
        for ag in view["agents"]:
            standing.setdefault(ag["space"], []).append(self.figure_rect(positions[ag["id"]]))
        best, best_d = None, None
        for c in spaces:
            areas = [c.rect] + standing.get(c.key, [])
            if not any(r.inflate(2 * HIT_SLACK, 2 * HIT_SLACK).collidepoint(pos) for r in areas):
                continue
            d = (c.rect.centerx - pos[0]) ** 2 + (c.rect.centery - pos[1]) ** 2
            if best_d is None or d < best_d:
                best, best_d = c, d
        return best

    def use(self, c: Control) -> bool:
        if c.kind == "card" and c.action is None:  # picked (again: put back)
            self.card = None if self.card == c.key else c.key
            self.card_pick = None
            self.app.sound.play("click")
            return True
        if c.kind == "quiet":  # a standing pass for the rest of the stage, then this window's pass
            self.session.stand_quiet(self.session.acting_seat())
            self.try_action(c.action)
            return True
        if c.kind == "cardbutton":
            self.card, self.card_pick = c.key, None
            self.app.sound.play("click")
            return True
        if c.kind in ("unpick", "cardpick"):
            self.card = self.card if c.kind == "cardpick" else None
            self.card_pick = c.key if c.kind == "cardpick" else None
            self.app.sound.play("click")
            return True
        if c.kind in ("agent", "pick"):
            self.selected = c.key
            self.app.sound.play("click")
            return True
        if c.kind == "toggle":
            self.talk_items ^= {c.key}
            self.app.sound.play("click")
            return True
        self.try_action(c.action)
        return True

    def decision_panel_open(self, view, seat) -> bool:
        """Planning cards or found tiles are shown over the board for this seat."""
        pending = view.get("pending") or {}
        return bool(pending.get("tiles")) and pending.get("seat") == seat or any(
            isinstance(a, A.ChoosePlan) for a in self.legal(seat))

    def zoom_button(self, name: str) -> None:
        if name == "in":
            self.viewport.zoom_step(1)
        elif name == "out":
            self.viewport.zoom_step(-1)
        else:
            self.viewport.zoom = self.viewport.fit_zoom()
            self.viewport.centre()

    def explain_space_click(self, pos, view, seat) -> bool:
        """A click on a space the selected agent cannot reach now: say why (the rules' words)."""
        space = self.space_at(pos, view)
        legal = self.legal(seat)
        chosen = self.chosen_pick()
        if space is not None and chosen is not None:  # placing an agent or a token
            action = A.PlaceAgent(chosen, space) if view["phase"] == "placement" else A.PlaceThreat(chosen, space)
            self.show_message(self.session.explain(action), warn=True)
            return True
        agent = self.current_agent(view, legal)
        if space is None or agent is None:
            return False
        if agent == VEHICLE:  # Top Secret: why the car may not drive there
            if space != view["vehicle"]["space"]:
                self.show_message(self.session.explain(A.Drive(space)), warn=True)
            return space != view["vehicle"]["space"]
        here = next(ag["space"] for ag in view["agents"] if ag["id"] == agent)
        if space == here:
            return False
        self.show_message(self.session.explain(A.Move(agent, space)), warn=True)
        return True

    def space_at(self, pos, view=None) -> str | None:
        """The space at a screen position: the space of a figure there (figures sharing a space stand
        beside its spot), else the spot within 15 board px."""
        if view is not None:
            positions = self.figure_positions(view)
            for ag in view["agents"]:
                if self.figure_rect(positions[ag["id"]]).inflate(2 * HIT_SLACK, 2 * HIT_SLACK).collidepoint(pos):
                    return ag["space"]
        best, best_d = None, 15 * self.viewport.zoom
        for sid in self.board_art.board.spaces:
            x, y = self.viewport.to_screen(self.board_art.board.position(sid))
            d = ((x - pos[0]) ** 2 + (y - pos[1]) ** 2) ** 0.5
            if d < best_d:
                best, best_d = sid, d
        return best

    # ----- after an action, and animations -------------------------------------------------------------
    def on_acted(self, events: list) -> None:
        if any(e.kind in ("secret", "victory") for e in events):
            self.app.sound.play("stamp")
        self.talk_items = set()
        self.card = self.card_pick = None
        _, view = self.current_view()
        if not view.get("active"):
            self.selected = None
        if any(e.kind == "dice" for e in events):  # the player's own roll stays until they move on
            self.held_dice = fresh_dice(view)

    def update(self, dt: float) -> None:
        self.watch_hand_over()
        if self.session.version != self._seen_version:
            self._seen_version = self.session.version
            self.start_dice()
            self.start_glides()
        self.dice_left = max(0.0, self.dice_left - dt)
        for glide in self.glides.values():
            glide["left"] -= dt
        self.glides = {a: g for a, g in self.glides.items() if g["left"] > 0}
        super().update(dt)

    def animating(self) -> bool:
        return self.dice_left > 0 or bool(self.glides)

    def start_dice(self) -> None:
        """A new public roll tumbles for DICE_SECONDS before it settles."""
        dice = self.game.view(None)["last_dice"]
        key = json.dumps(dice, sort_keys=True)
        if key != self._dice_key:
            self._dice_key = key
            if dice and (self.held_dice is None or self.held_dice[0] == dice):  # a held roll does not tumble again
                self.dice_left = self.anim_seconds(DICE_SECONDS)
                self.app.sound.play("dice")
                self.hold_own_test()

    def hold_own_test(self) -> None:
        """A test of one of the viewer's agents that the other side's action rolled (a document check
        rolls once the opponent has passed on his support token) is held like the player's own roll:
        the computer's next roll a moment later no longer hides whether the check passed."""
        seat, view = self.current_view()
        if self.held_dice is not None or seat is None:
            return
        dice, event = fresh_dice(view)
        mine = {ag["id"] for ag in view["agents"] if ag["side"] == seat}
        if dice.get("agent") in mine and "passed" in dice:  # an EXTENDED test (alertness.py) of his agent
            self.held_dice = (dice, event)

    def start_glides(self) -> None:
        """Each public move since the last look walks its figure along the route (0.12 s a space)."""
        new, self._seen_mark = self.events_since(self._seen_mark)  # moves are public events
        for e in reversed(new):
            path = e.data.get("path", [])
            if e.kind == "move" and len(path) > 1:
                total = self.anim_seconds(min(0.8, 0.12 * (len(path) - 1)))
                if total > 0:
                    self.glides[e.data["agent"]] = {"path": list(path), "left": total, "total": total}

    def on_hand_over(self) -> None:
        """The selection, the ticked items and the open sheets are the last player's."""
        self.selected = None
        self.talk_items = set()
        self.card = self.card_pick = None
        self.show_sheet = self.show_log = False
        self.held_dice = None
