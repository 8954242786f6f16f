"""Overlays of the Stawka table (a mixin of StawkaTableScene): the dice slip, the decision panels
over the board (planning cards, found tiles), the cheat sheet (the rulebook's hint card: it is
named apart from the move-suggesting Hint button), the whole log, the hover notes, and the
game-over panel. Everything comes from `view`."""

from __future__ import annotations

import random

import pygame

from ...i18n import NP_, N_, _, ngettext, pgettext, translate
from ...rules.stawka import actions as A
from ...rules.stawka import texts as T
from ...rules.stawka.scenario_rules import scenario_rules
from ...ui import draw
from . import pieces as P
from . import tokens
from ...ui.palette import FADED, INK, PAPER, STAMP_RED
from .art import BOARD, RESULT_WORDS, SIDES, button_lines, log_text, short_name, spent_partners
from .extended import mission_card

DICE_TITLES = {"rank": N_("RANK TEST"), "conversation": N_("CONVERSATION"), "priority": N_("WHO GOES FIRST"),
               # the EXTENDED tests (alertness.py)
               "document_check": N_("DOCUMENT CHECK"), "discard_threat": N_("DISCARDING A TOKEN"),
               "arrest": N_("ARREST"), "kidnap": N_("KIDNAPPING"), "interrogation": N_("INTERROGATION"),
               "assassination": N_("ASSASSINATION"), "fire_back": N_("FIRE BACK")}
MODIFIER_WORDS = {"trait": NP_("dice modifier", "trait"), "track": NP_("dice modifier", "track"),
                  "defence": NP_("dice modifier", "defence"), "reaction": NP_("dice modifier", "card")}


class StawkaOverlays:
    # ----- dice -------------------------------------------------------------------------------------------
    def shown_dice(self, view) -> tuple[dict, dict | None]:
        """The roll the slip shows and its log event: the player's own roll while it is held (until
        their next input), else this stage's latest roll; none once a new stage began."""
        if self.held_dice is not None:
            return self.held_dice
        return fresh_dice(view)

    def draw_dice(self, surface, view) -> None:
        dice, event = self.shown_dice(view)
        if not dice:
            return
        slip = pygame.Rect(BOARD.right - 330, BOARD.bottom - 80, 322, 78)
        right, top = self.tray_span(view)
        if right > slip.x:  # ADVANCED: the card tray runs under it, so it stands above the tray
            slip.bottom = top
        draw.shadow(surface, slip, offset=3, alpha=80)
        surface.blit(draw.paper_texture(slip.size, PAPER, 37), slip)
        pygame.draw.rect(surface, INK, slip, 1)
        names = {ag["id"]: P.agent_name(ag["name"]) for ag in view["agents"]}
        kind = dice.get("kind")
        title = _(DICE_TITLES[kind]) if kind in DICE_TITLES else str(kind or "").upper()
        P.blit_text(surface, title, (slip.x + 8, slip.y + 6), size=13, bold=True)
        if dice.get("agent"):
            other = dice.get("target")  # an agent in a conversation; the number to beat in an EXTENDED test
            who = names.get(dice["agent"], "") + (f" - {names.get(other, '')}" if isinstance(other, str) else "")
            if P.fonts.typewriter(12).size(who)[0] > slip.w - 110:  # "Hermann Brunner - Ingrid He...": short names
                short = {ag["id"]: short_name(ag) for ag in view["agents"]}
                who = short.get(dice["agent"], "") + (f" - {short.get(other, '')}" if isinstance(other, str) else "")
            P.blit_text(surface, P.fit_text(who, 12, slip.w - 110), (slip.x + 8, slip.y + 22), size=12, colour=FADED)
        tumbling = self.dice_left > 0
        rng = random.Random(pygame.time.get_ticks() // 70)
        values = self.dice_values(dice)
        for k, value in enumerate(values):
            face = rng.randint(1, 6) if tumbling else value
            angle = rng.uniform(-35, 35) if tumbling else (k * 7 - 4)
            P.die(surface, (slip.x + 28 + k * 44, slip.y + 54), 34, face, angle)
        if tumbling:
            return
        if dice.get("kind") == "rank":
            self.rank_detail(surface, slip, event, len(values))
            return
        if dice.get("kind") == "priority":
            rolls = dice.get("rolls", {})
            P.blit_text(surface, _("Polish {polish}, German {german}").format(polish=rolls.get("polish", "?"),
                                                                              german=rolls.get("german", "?")),
                        (slip.x + 112, slip.y + 36), size=14, bold=True)
            P.blit_text(surface, P.fit_text(_("the lower roll goes first"), 12, slip.right - 8 - (slip.x + 112)),
                        (slip.x + 112, slip.y + 56), size=12, colour=FADED)
            return
        mods = sum(m[1] for m in dice.get("modifiers", []) if isinstance(m, (list, tuple)) and len(m) > 1)
        if "passed" in dice and dice.get("total") is not None:  # an EXTENDED test: its total, the number, the outcome
            self.test_detail(surface, slip, dice, mods, len(values))
            return
        if dice.get("total") is not None and dice.get("kind") == "conversation":
            x = slip.x + 28 + len(values) * 44 - 12
            P.blit_text(surface, f"{'+' if mods >= 0 else ''}{mods} = {dice['total']}" if mods else f"= {dice['total']}",
                        (x, slip.y + 36), size=16, bold=True)
            words = [f"{modifier_word(m[0])} {m[1]:+d}" for m in dice.get("modifiers", []) if len(m) > 1]
            if words:
                P.blit_text(surface, P.fit_text(", ".join(words), 12, slip.right - x - 8), (x, slip.y + 58), size=12,
                            colour=FADED)
        result = str(dice.get("result", ""))
        if result:
            word = _(RESULT_WORDS[result]) if result in RESULT_WORDS else result.replace("_", " ").upper()
            self.tag(surface, word, (slip.right - 8, slip.y + 6),
                     STAMP_RED if result in ("secret", "double", "single", "talk") else P.AXIS)

    def test_detail(self, surface, slip, dice: dict, mods: int, n: int) -> None:
        """An EXTENDED 2d6 test: the total with its modifiers, the number it was against, passed or failed."""
        x = slip.x + 28 + n * 44 - 12
        total = f"{'+' if mods >= 0 else ''}{mods} = {dice['total']}" if mods else f"= {dice['total']}"
        P.blit_text(surface, total, (x, slip.y + 36), size=16, bold=True)
        P.blit_text(surface, P.fit_text(_("against {n}").format(n=dice.get("target", "?")), 12, slip.right - x - 8),
                    (x, slip.y + 58), size=12, colour=FADED)
        self.tag(surface, _("PASSED") if dice["passed"] else _("FAILED"), (slip.right - 8, slip.y + 6),
                 STAMP_RED if dice["passed"] else P.AXIS)

    def rank_detail(self, surface, slip, event, n: int) -> None:
        """The rank test's target and outcome, from the roll's public dice event of the log."""
        data = (event or {}).get("data", {})
        if data.get("roll") != "rank":
            return
        P.blit_text(surface, _("needs {n}+").format(n=data.get("needed", "?")), (slip.x + 28 + n * 44 - 12, slip.y + 44), size=16,
                    bold=True)
        self.tag(surface, _("THEY TALK") if data.get("passed") else _("NO TALK"), (slip.right - 8, slip.y + 6),
                 STAMP_RED if data.get("passed") else P.AXIS)

    @staticmethod
    def dice_values(dice) -> list[int]:
        if isinstance(dice.get("rolls"), dict):  # the priority tie: one die per side
            return [v for v in dice["rolls"].values() if isinstance(v, int)][:2]
        raw = dice.get("dice", [])
        if isinstance(raw, dict):  # priority rolls: one die per side
            return [v for v in raw.values() if isinstance(v, int)][:3]
        return [v for v in raw if isinstance(v, int)][:3]

    # ----- overlays over the board --------------------------------------------------------------------------
    def overlay_panel(self, surface, rect, title: str) -> pygame.Rect:
        shade = pygame.Surface(BOARD.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 90))
        surface.blit(shade, BOARD)
        draw.manila_folder(surface, rect, title, tab_w=min(rect.w - 40, 24 + 10 * len(title)))
        return rect

    def draw_planning(self, surface, view, seat) -> None:
        plans = [c for c in self.controls if c.kind == "plan"]
        if not plans:
            return
        panel = self.overlay_panel(surface, pygame.Rect(BOARD.x + 40, BOARD.y + 60, BOARD.w - 80, BOARD.h - 90),
                                   _("STAGE {stage}: PLANNING").format(stage=view["stage"]))
        P.blit_text(surface, _("Choose a planning card in secret"), (panel.centerx, panel.y + 20), size=22, bold=True,
                    serif=True, anchor="midtop")
        P.blit_text(surface, P.fit_text(_("The lower priority acts first; its AP are your pool for this stage."), 14,
                                        panel.w - 24), (panel.centerx, panel.y + 54), size=14, colour=FADED, anchor="midtop")
        hand = {c["id"]: c for c in view["planning"]["hand"]}
        for n, c in enumerate(plans, start=1):
            hot = c.rect.collidepoint(self.mouse)
            self.drawn_ids.append(c.key)
            P.plan_card(surface, c.rect.move(0, -8 if hot else 0), hand.get(c.key), side=seat, hover=hot)
            P.blit_text(surface, _("key {n}").format(n=n), (c.rect.centerx, c.rect.bottom + 6), size=12, colour=FADED,
                        anchor="midtop")
            card = hand.get(c.key)
            if view.get("reactions") and card is not None:  # ADVANCED: step D draws the card's third number (K7)
                k = card.get("reaction_cards", 0)
                words = ngettext("+{n} reaction card", "+{n} reaction cards", k).format(n=k) if k else \
                    _("no reaction card")
                P.blit_text(surface, P.fit_text(words, 12, c.rect.w + 12), (c.rect.centerx, c.rect.bottom + 22),
                            size=12, bold=bool(k), anchor="midtop")
        other = "german" if seat == "polish" else "polish"
        side = translate(T.PLAYER_SIDE[other])
        note = (_("The {side} player has chosen: his card lies face down in the bar below.")
                if view["planning"]["has_chosen"].get(other) else _("The {side} player chooses after you."))
        P.blit_text(surface, P.fit_text(note.format(side=side), 13, panel.w - 24),
                    (panel.centerx, panel.bottom - 28), size=13, colour=FADED, anchor="midtop")

    def draw_tiles(self, surface, view, seat) -> None:
        pending = view.get("pending") or {}
        tiles = pending.get("tiles") or []
        if not tiles or pending.get("seat") != seat:
            return
        title = _("SEARCH: TAKE ONE TILE") if pending["kind"] == "peek" else _("SEARCH: THE TILE YOU FOUND")
        panel = self.overlay_panel(surface, pygame.Rect(BOARD.x + 60, BOARD.y + 50, BOARD.w - 120, BOARD.h - 70), title)
        where = (P.place_name(self.space_label(pending["location"]))
                 if pending.get("location") in self.board_art.board.spaces else "")
        text = (_("Click the tile to take; the other goes to the bottom of the stack.") if pending["kind"] == "peek"
                else _("Keep it (face down unless marked *) or use it as evidence against one colour."))
        P.blit_text(surface, where, (panel.centerx, panel.y + 16), size=20, bold=True, serif=True, anchor="midtop")
        lines = draw.wrap(text, P.fonts.typewriter(13), panel.w - 60)[:2]  # two lines above the tiles
        for k, line in enumerate(lines):
            P.blit_text(surface, line, (panel.centerx, panel.y + 42 + 16 * k), size=13, colour=FADED, anchor="midtop")
        for it, rect in zip(tiles, self.tile_rects(len(tiles))):
            self.drawn_ids.append(it["id"])
            hot = pending["kind"] == "peek" and rect.collidepoint(self.mouse)
            P.tile_card(surface, rect.move(0, -6 if hot else 0), it)
            if hot:
                draw.brass_outline(surface, rect.move(0, -6), 3, 6)

    def draw_cheat_sheet(self, surface, view) -> None:
        if not self.show_sheet:
            return
        panel = self.overlay_panel(surface, pygame.Rect(BOARD.x + 60, BOARD.y + 40, BOARD.w - 120, BOARD.h - 60),
                                   _("CHEAT SHEET"))
        P.blit_text(surface, _("Evidence hidden in each location's five tiles"), (panel.x + 20, panel.y + 18), size=18,
                    bold=True, serif=True)
        colours = list(P.NETWORK)
        x0, y = panel.x + 20, panel.y + 56
        P.blit_text(surface, P.fit_text(_("location"), 12, 220, True), (x0, y), size=12, colour=FADED, bold=True)
        P.blit_text(surface, P.fit_text(_("tiles left"), 12, 100, True), (x0 + 230, y), size=12, colour=FADED, bold=True)
        for k, colour in enumerate(colours):
            P.marker(surface, colour, (x0 + 340 + k * 70, y + 7), 7)
        # rows closer together when many (the 13 locations of The Best Chestnuts ran out of the panel)
        step = min(30, (panel.bottom - 26 - y) // max(1, len(view["locations"])))
        for loc in view["locations"]:
            y += step
            pygame.draw.line(surface, P.MANILA_DARK, (x0, y - 5), (panel.right - 20, y - 5))
            P.blit_text(surface, P.fit_text(P.place_name(loc["label"]), 15, 250, True), (x0, y), size=15, bold=True)
            P.blit_text(surface, str(loc["tiles_left"]), (x0 + 260, y), size=15)
            for k, colour in enumerate(colours):
                P.blit_text(surface, str(loc["hint"].get(colour, 0)), (x0 + 340 + k * 70, y), size=15, anchor="midtop")

    def draw_full_log(self, surface, view) -> None:
        """The log opened over the board: the latest events that fit, yours in blue."""
        if not self.show_log:
            return
        panel = self.overlay_panel(surface, pygame.Rect(BOARD.x + 30, BOARD.y + 36, BOARD.w - 60, BOARD.h - 50),
                                   _("OPERATION LOG"))
        font = P.fonts.typewriter(14)
        step = font.get_linesize()
        fit = (panel.h - 24) // step
        lines: list[tuple[str, bool]] = []
        for e in reversed(view["log"]):
            wrapped = [(line, e.get("to") is not None) for line in draw.wrap(log_text(e), font, panel.w - 40)]
            if len(lines) + len(wrapped) > fit:
                break
            lines = wrapped + lines
        y = panel.y + 14
        for line, private in lines:
            P.blit_text(surface, line, (panel.x + 20, y), size=14, colour=P.ALLIED if private else INK)
            y += step

    def draw_hover(self, surface, view) -> None:
        """Resting the mouse on an agent card shows his document; on an item, its text; on a location, its hint."""
        car_card = self.vehicle_card_rect(view)
        if car_card is not None and car_card.collidepoint(self.mouse):
            self.note_box(surface, self.vehicle_note(view))
            return
        for rect, ag in zip(self.agent_rects(view), view["agents"]):
            if not rect.collidepoint(self.mouse):
                continue
            mission = ag.get("mission")
            if mission and mission.get("held") and self.mission_rect(rect).collidepoint(self.mouse):
                self.note_box(surface, mission_note(mission))
                return
            items = self.item_rects(self.item_row_rect(rect, ag["ap_limit"]), len(ag["items"]))
            for it, r in zip(ag["items"], items):
                if r.collidepoint(self.mouse):
                    self.item_tooltip(surface, it)
                    return
            P.document(surface, pygame.Rect(BOARD.x + 12, BOARD.y + 12, 360, 330), ag)
            return
        covered = self.board_covered(view, view["seat"])
        if not covered and self.draw_hand_zoom(surface, view):
            return
        note = self.hand_note(view) if not covered else None
        if note:
            self.note_box(surface, note)
            return
        note = self.button_note(view)
        if note:
            self.note_box(surface, note, head=self._note_head)
            return
        if not BOARD.collidepoint(self.mouse) or self.drag is not None or self.show_sheet or self.show_log \
                or self.decision_panel_open(view, view["seat"]):
            return
        for aid, pos in self.figure_positions(view).items():
            if self.figure_rect(pos).collidepoint(self.mouse):
                self.figure_tooltip(surface, view, next(a for a in view["agents"] if a["id"] == aid))
                return
        token = tokens.token_at(self, view, self.mouse)
        if token is not None:
            self.note_box(surface, tokens.token_note(view, token))
            return
        self.location_tooltip(surface, view)

    def figure_tooltip(self, surface, view, ag) -> None:
        """A short note on a figure (the whole document shows on his card at the left)."""
        d = ag["document"]
        n = len(ag["items"])
        lines = [_("{name} ({side}, {colour})").format(name=P.agent_name(ag["name"]), side=P.side_name(ag["side"]),
                                                       colour=P.colour_name(ag["colour"])),
                 ngettext("rank {rank}, {left} of {limit} AP left, {n} item",
                          "rank {rank}, {left} of {limit} AP left, {n} items", n).format(
                     rank=d["rank"], left=ag["limit_left"], limit=ag["ap_limit"], n=n),
                 _("enemy must roll {single}/{double}/{secret}").format(**d["conversation"])]
        talked = [T.agent(x) for x in spent_partners(view, ag["id"])]
        if talked:  # K13: each pair talks once a stage
            lines.append(_("has talked with {names} this stage: not again until the next").format(
                names=translate(T.both(talked))))
        self.note_box(surface, lines)

    def item_tooltip(self, surface, it) -> None:
        rect = pygame.Rect(BOARD.x + 12, BOARD.y + 12, 240, 260)
        if it.get("hidden"):
            P.item_back(surface, rect, _("from {place}").format(place=P.place_name(self.space_label(it["back"])))
                        if it["back"] in self.board_art.board.spaces else it["back"])
            return
        self.drawn_ids.append(it["id"])
        P.tile_card(surface, rect, it)

    def location_tooltip(self, surface, view) -> None:
        """Resting on a space: its name; a location's tiles, markers and hint; and for the agent of
        the menu, the move's cost or the rules' reason why he cannot go there."""
        space = self.space_at(self.mouse)
        if space is None:
            return
        loc = next((lo for lo in view["locations"] if lo["id"] == space), None)
        place = P.place_name(self.space_label(space))
        lines = [_("{place} (telephone)").format(place=place) if loc and loc["telephone"] else place]
        if loc is not None:
            n = loc["tiles_left"]
            if loc["markers"]:
                markers = ", ".join(P.colour_name(c) for c in loc["markers"])
                lines.append(ngettext("{n} tile left; markers: {markers}", "{n} tiles left; markers: {markers}",
                                      n).format(n=n, markers=markers))
            else:
                lines.append(ngettext("{n} tile left", "{n} tiles left", n).format(n=n))
            hidden = ", ".join(_("{colour} {n}").format(colour=P.colour_name(c), n=k) for c, k in loc["hint"].items() if k)
            lines.append(_("evidence in its tiles: {hidden}").format(hidden=hidden or _("none")))
        lines += self.move_note(view, space)
        self.note_box(surface, lines, red=getattr(self, "_note", ()))

    def note_box(self, surface, lines, red=(), head: int = 1) -> None:
        """A paper tooltip by the mouse: the first `head` lines bold, lines in `red` in stamp red."""
        w = max(P.label(t, 13).get_width() for t in lines) + 16
        rect = pygame.Rect(self.mouse[0] + 16, self.mouse[1] + 12, w, 16 * len(lines) + 10)
        rect.clamp_ip(BOARD)
        pygame.draw.rect(surface, PAPER, rect, border_radius=4)
        pygame.draw.rect(surface, INK, rect, 1, border_radius=4)
        for k, t in enumerate(lines):
            P.blit_text(surface, t, (rect.x + 8, rect.y + 5 + 16 * k), size=13, bold=k < head,
                        colour=STAMP_RED if k >= head and t in red else INK)

    def button_note(self, view) -> list[str]:
        """Resting on a menu button: a mission card's two goals (the button has room for a few words of
        one), a drawn threat token's effect, or the whole label of a button that had to cut it; the
        note's bold title lines are counted in `_note_head`."""
        c = next((c for c in self.controls if c.kind in ("button", "pick") and c.rect.collidepoint(self.mouse)),
                 None)
        self._note_head = 1
        if c is None:
            return []
        font = P.fonts.typewriter(13)
        width = BOARD.w - 40
        label = translate(c.label)
        head = draw.wrap(label, font, width)
        body: list[str] = []
        if isinstance(c.action, A.TakeMission):
            card = mission_card(view, c.action.receiver, c.action.card)
            for word, part in ((_("Basic: {goal}"), "basic"), (_("Special: {goal}"), "special")):
                goal = _(card[part]["text"])
                if card[part].get("possible") is False:  # P21: e.g. a colour no enemy agent has in this game
                    goal = _("{goal} (not possible in this game)").format(goal=goal)
                body += draw.wrap(word.format(goal=goal), font, width)
        elif c.kind == "pick" and c.key in {t["id"] for t in (view.get("threats") or {}).get("hand", [])}:
            body = draw.wrap(translate(T.threat_text(c.key)), font, width)
        else:
            _size, lines = button_lines(label, c.rect.w - 34, c.rect.h)
            if " ".join(lines) == label:
                return []  # the button shows it whole
        self._note_head = len(head)
        return head + body

    def move_note(self, view, space) -> list[str]:
        seat = view["seat"]
        legal = self.legal(seat)
        agent = self.current_agent(view, legal)
        me = next((a for a in view["agents"] if a["id"] == agent), None)
        if me is None or me["space"] == space or not any(isinstance(a, A.Move) for a in legal):
            return []
        cost = view["moves"].get(agent, {}).get("spaces", {}).get(space)
        if cost is not None:
            return [_("{name} can move here: {cost} AP").format(name=short_name(me), cost=cost)]
        key = (self.session.version, agent, space)
        if getattr(self, "_note_key", None) != key:  # the rules' reason, asked once per space and change
            self._note_key = key
            reason = _("Cannot: {reason}").format(reason=translate(self.session.explain(A.Move(agent, space))))
            self._note = draw.wrap(reason, P.fonts.typewriter(13), 380)
        return self._note


def fresh_dice(view) -> tuple[dict, dict | None]:
    """This stage's latest roll and its log event, from the view; ({}, None) when the stage has had
    none (the "who goes first" roll of the last stage is stale in the next one)."""
    cancelled = False  # a yellow card cancelled the talk after its roll: the slip must not claim its result
    for e in reversed(view["log"]):
        if e.get("kind") == "dice":
            dice = dict(view.get("last_dice") or {})
            if cancelled and dice.get("kind") == "conversation":
                dice["result"] = "cancelled"
            return dice, e
        if e.get("kind") == "conversation_cancelled":
            cancelled = True
        if e.get("kind") == "stage":
            break
    return {}, None


def modifier_word(name: str) -> str:
    """A conversation modifier's short name for the dice slip (the log has the long one)."""
    lowered = str(name).lower()
    for word in ("trait", "track", "defence", "reaction"):  # "the reaction card" was cut to "the reaction c"
        if word in lowered:
            return pgettext("dice modifier", MODIFIER_WORDS[word])
    return P.item_name(str(name).split("(")[0].strip())[:14]


# ----- game over ------------------------------------------------------------------------------------
ENDINGS = {  # how a Stawka scenario ended (GameResult.kind), as the game-over panel's headline
    "secrets": N_("Two secrets won"),
    "vp": N_("Victory points reached"),
    "exposed": N_("Hans Kloss exposed"),
    "compromised": N_("An SS officer compromised"),
    "jail": N_("Polish agents in jail"),
    "draw": N_("Draw after the last stage"),
    "room_217": N_("Room 217 of Hotel Excelsior"),
    "transmitted": N_("The report was transmitted"),
    "located": N_("The radio station was located"),
    "delivered": N_("Pulkowski delivered to the barracks"),
    "car_destroyed": N_("The Black Audi destroyed"),
    "not_in_time": N_("The Audi did not reach the barracks in time"),
}
SECRETS_ENDINGS = {3: N_("Three secrets won")}  # scenario 3 is won by three (A27); others by two


def draw_game_over_panel(surface, rect, session) -> None:
    """The end of a scenario: how it ended, the secrets or victory points, and what carries over to the next
    (from the view of the seat the table may show: the item a winner kept is named to him alone, K12); after
    the last training scenario, the campaign's winner instead (A30)."""
    view = session.game.view(session.drawable_seat())
    r = draw.paper_panel(surface, rect, tint=(226, 214, 186), lifted=False, seed=72)
    P.blit_text(surface, _("THE OPERATION'S END"), (r.x + 16, r.y + 12), size=14, bold=True, colour=FADED)
    headline = ending_headline(getattr(session.game.result, "kind", ""), view)
    P.blit_text(surface, P.fit_text(headline, 18, r.w - 32, True), (r.x + 16, r.y + 34), size=18, bold=True,
                colour=STAMP_RED)
    y = r.y + 64
    for score in score_lines(view):
        P.blit_text(surface, P.fit_text(score, 15, r.w - 32), (r.x + 16, y), size=15)
        y += 22
    carry = view.get("carry_over") or {}
    y += 10
    if "campaign_winner" in carry:  # the last training scenario: the campaign's end, nothing carried (A30)
        draw_campaign_end(surface, pygame.Rect(r.x + 16, y, r.w - 32, r.bottom - y - 10), view,
                          carry["campaign_winner"])
        return
    draw_carry_over(surface, pygame.Rect(r.x + 16, y, r.w - 32, r.bottom - y - 10), view, carry)


def ending_headline(kind: str, view: dict) -> str:
    """'Two secrets won', or 'Three secrets won' in the scenario that needs three; the ending's words else."""
    if kind == "secrets":
        need = scenario_rules(view["scenario"]["id"])["secrets_to_win"]
        return _(SECRETS_ENDINGS.get(need, ENDINGS["secrets"]))
    return _(ENDINGS.get(kind, ENDINGS["draw"]))


def score_lines(view: dict) -> list[str]:
    """The score that counts: secrets (Meeting), victory points (First Clash), or both where either wins
    (scenario 3: 11 VP or 3 secrets)."""
    lines = []
    if view.get("vp"):
        lines.append(_("Victory points: Polish {polish} - German {german}").format(**view["vp"]["points"]))
    if not lines or scenario_rules(view["scenario"]["id"])["secrets_to_win"]:
        lines.append(_("Secrets: Polish {polish} - German {german}").format(**view["secrets"]))
    return lines


def draw_carry_over(surface, rect: pygame.Rect, view: dict, carry: dict) -> None:
    """What the next scenario inherits: each side's evidence, the kept items and documents, then the campaign."""
    x, y, w = rect.x, rect.y, rect.w
    P.blit_text(surface, P.fit_text(_("CARRIED OVER TO THE NEXT SCENARIO"), 13, w, True), (x, y), size=13, bold=True,
                colour=FADED)
    y += 22
    for side in SIDES:
        kept = (carry.get("kept_whole") or {}).get(side)
        words = (_("{side} evidence ({colour} kept whole)").format(side=P.side_name(side), colour=P.colour_name(kept))
                 if kept else _("{side} evidence").format(side=P.side_name(side)))
        P.blit_text(surface, P.fit_text(words, 14, w, True), (x, y), size=14, bold=True, colour=P.SIDE_COLOUR[side])
        y += 20
        column = max(110, w // 4)  # "fioletowy 0" needs more than "purple 0"
        for k, (colour, n) in enumerate((carry.get("evidence") or {}).get(side, {}).items()):
            P.marker(surface, colour, (x + 10 + k * column, y + 9), 7)
            P.blit_text(surface, P.fit_text(_("{colour} {n}").format(colour=P.colour_name(colour), n=n), 14, column - 20),
                        (x + 22 + k * column, y + 1), size=14)
        y += 30
    for line in carry_lines(carry):
        y += draw.text_block(surface, line, (x, y, w, 40), size=14, colour=FADED, line_gap=0)
    draw_campaign_standing(surface, pygame.Rect(x, y + 6, w, rect.bottom - y - 6), view)


def campaign_end_words(winner: str | None) -> str:
    return (_("The training campaign ends in a draw.") if winner is None else
            _("The {side} player wins the training campaign.").format(side=translate(T.PLAYER_SIDE[winner])))


def draw_campaign_end(surface, rect: pygame.Rect, view: dict, winner: str | None) -> None:
    """A30: the campaign's winner (scenario 3's) as the panel's second headline, large, in a box ruled in the
    winner's colour, above the three scenarios' results."""
    colour = INK if winner is None else P.SIDE_COLOUR[winner]
    words = campaign_end_words(winner)
    font = P.fonts.serif(24, True)
    lines = draw.wrap(words, font, rect.w - 28)[:2]
    box = pygame.Rect(rect.x, rect.y, rect.w, 40 + len(lines) * font.get_linesize())
    pygame.draw.rect(surface, colour, box, 2, border_radius=4)
    P.blit_text(surface, P.fit_text(_("THE TRAINING CAMPAIGN IS OVER"), 13, box.w - 28, True), (box.x + 14, box.y + 10),
                size=13, bold=True, colour=FADED)
    for k, line in enumerate(lines):
        P.blit_text(surface, line, (box.x + 14, box.y + 30 + k * font.get_linesize()), size=24, bold=True, serif=True,
                    colour=colour)
    draw_campaign_standing(surface, pygame.Rect(rect.x, box.bottom + 14, rect.w, rect.bottom - box.bottom - 14), view)


def carry_lines(carry: dict) -> list[str]:
    """The items and documents the next scenario inherits (K16), in words."""
    from ...rules.stawka import content
    from ...rules.stawka.rules import item

    lines = []
    kept = {side: i for side, i in (carry.get("kept_item") or {}).items() if i}
    for side, item_id in kept.items():
        if item_id == "hidden":  # the winner's to know (K12)
            lines.append(_("{side} keeps one item; all other items go back to the board.").format(
                side=P.side_name(side)))
        else:
            lines.append(_("{side} keeps {item}; all other items go back to the board.").format(
                side=P.side_name(side), item=P.item_name(item(item_id).name)))
    if not kept and carry.get("items_return_to_board"):
        lines.append(_("All items go back to the board."))
    if carry.get("kloss_document_out"):
        lines.append(_("Kloss was exposed: next time he must carry another document."))
    if carry.get("chief_out"):
        lines.append(_("{name} was compromised: next time the German network plays Fritz Kopf instead.").format(
            name=P.agent_name(content.agent(carry["chief_out"]).name)))
    return lines


CAMPAIGN_STATES = {
    "playing": N_("being played"),
    "next": N_("next"),
    "later": N_("to come"),
    "coming": N_("coming"),
    "skipped": N_("not played"),
}


def campaign_row_words(row: dict) -> str:
    """'2. First Clash: Polish won', '3. The Best Chestnuts Are on Place Pigalle: next', a draw..."""
    from ...rules.stawka.scenario_rules import playable_scenarios

    title = short_title(row["scenario"])
    if row["state"] == "done":
        result = _("draw") if row["winner"] is None else _("{side} won").format(side=P.side_name(row["winner"]))
    elif row["state"] == "skipped":
        result = _(CAMPAIGN_STATES["skipped"])
    elif row["scenario"] not in playable_scenarios():
        result = _(CAMPAIGN_STATES["coming"])
    else:
        result = _(CAMPAIGN_STATES[row["state"]])
    return _("{n}. {scenario}: {result}").format(n=row["n"], scenario=title, result=result)


def short_title(scenario_id: str) -> str:
    """The title without the Polish original in brackets (the row must fit one line)."""
    title = next_title(scenario_id)
    return title.split(" (", 1)[0] if title.endswith(")") else title


def draw_campaign_standing(surface, rect: pygame.Rect, view: dict) -> None:
    """K16: where the training campaign stands, a line per scenario, the current one in ink."""
    from ...rules.stawka.campaign import standing

    if view["scenario"]["id"] not in ("meeting", "first_clash", "chestnuts"):
        return
    P.blit_text(surface, P.fit_text(_("THE TRAINING CAMPAIGN"), 13, rect.w, True), rect.topleft, size=13, bold=True,
                colour=FADED)
    y = rect.y + 20
    for n, row in enumerate(standing(view), 1):
        here = row["scenario"] == view["scenario"]["id"]
        if y + 18 > rect.bottom:
            break
        lines = row_lines(campaign_row_words({**row, "n": n}), here, rect.w, (rect.bottom - y) // 18)
        for k, line in enumerate(lines):
            P.blit_text(surface, line, (rect.x + (16 if k else 0), y), size=13, bold=here, colour=INK if here else FADED)
            y += 18


def row_lines(words: str, bold: bool, width: int, room: int) -> list[str]:
    """A standing row on one line, or wrapped (the rest indented) when the panel has the room: a long title in
    Dutch pushed the result ("Duitsland heeft gewonnen") off the row; cut with "..." only as a last resort."""
    font = P.fonts.typewriter(13, bold)
    if font.size(words)[0] <= width:
        return [words]
    lines = draw.wrap(words, font, width - 16)
    return lines if len(lines) <= room else [P.fit_text(words, 13, width, bold)]


def next_title(scenario_id: str) -> str:
    """The next scenario's title from its file, in the player's language."""
    from ...rules.stawka.scenario import load_scenario

    try:
        return translate(T.scenario_title(load_scenario(scenario_id).title))
    except ValueError:  # no such scenario file: its id in words
        return scenario_id.replace("_", " ").title()


def mission_note(mission: dict) -> list[str]:
    """The note over a held mission card: its two goals for whoever may see it, else its back (K12)."""
    if mission.get("hidden"):
        return [_("A mission card, face down."),
                ngettext("{n} of this agent's cards is still in play.", "{n} of this agent's cards are still in play.",
                         mission["cards_left"]).format(n=mission["cards_left"])]
    lines = [_("Basic: {goal}").format(goal=_(mission["basic"]["text"])),
             _("Special: {goal}").format(goal=_(mission["special"]["text"]))]
    if mission.get("basic_banked"):
        lines.append(_("The basic mission is reached: claim it, or keep on for the special."))
    return lines

