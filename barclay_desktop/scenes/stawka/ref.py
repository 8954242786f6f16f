"""Stawka's reference, opened from the rules screen: the agents' documents as they lie on the
table, the 130 item tiles in a ledger by sector and location, the ten planning cards, and the
threat tokens' cheat sheet and the mission cards (EXTENDED), the location and reaction cards (ADVANCED),
and each scenario's starting map and notes (ref_scenarios.py).

Everything comes from rules.stawka.content (and the board maps for location names), so the
reference can never disagree with what the engine plays."""

from __future__ import annotations

from collections import Counter

import attrs
import pygame

from ... import i18n
from ...i18n import N_, _, ngettext, pgettext, translate
from ...rules.core.message import Message
from ...rules.stawka import content
from ...rules.stawka import texts as T
from ...ui import draw, fonts
from ...ui.cards import pattern_fill
from . import cards as C
from . import pieces as P
from .ref_scenarios import SCENARIO_IDS, ScenariosTab
from ...ui.palette import BRASS, FADED, INK, MANILA, PAPER, PAPER_SHADE, STAMP_RED
from ..base import Scene

TAB_Y = 70
BACK = pygame.Rect(1280 - 160, 16, 136, 38)
TAB_OFF = (200, 190, 168)  # an unselected tab: paper that has sat in the sun

# agents tab
AGENT_LIST = pygame.Rect(24, 120, 584, 580)
ROW_W, ROW_H = 276, 40
# stawka_pieces.document sets the name and "GERMAN / PURPLE" in one band: at this width the longest
# name ("SERGEANT OF THE GENDARMERIE") and the side label still clear each other
DOC = pygame.Rect(624, 120, 472, 304)
SIDE_COL = pygame.Rect(1108, 120, 148, 304)
NOTES = pygame.Rect(624, 440, 632, 260)

# items tab
RAIL = pygame.Rect(24, 120, 212, 556)
SHEET = pygame.Rect(252, 120, 1004, 556)
HEAD_H = 54  # where the reader is (sector / location), then the column names
VIEW = pygame.Rect(SHEET.x + 16, SHEET.y + HEAD_H + 10, SHEET.w - 48, SHEET.h - HEAD_H - 18)
BAR = pygame.Rect(SHEET.right - 22, VIEW.y, 10, VIEW.h)
COLS = {"name": (0, 220), "effect": (236, 440), "level": (692, 124), "evidence": (832, VIEW.w - 832)}
LINE = 19  # Courier Prime 14 line height
WHEEL_STEP = 60

# threat tokens tab
THREAT_SHEET = pygame.Rect(24, 120, 1232, 580)
THREAT_INTRO = N_("18 tokens a side. At each stage's start the player acting second draws 2 of his own at random, "
                  "the first 1; they set them out in turn: German tokens on locations, Polish tokens on streets "
                  "without German agents, one a space. A move stops on an enemy token: discard it (1 AP, 2d6 above "
                  "Alertness) or go on. Its owner sees it; the opponent sees its back.")
THREAT_WHEN = {"enemy_activation": N_("Revealed by its owner when an enemy agent enters or acts there:"),
               "owner_roll": N_("Revealed by its owner before a roll in its sector:"),
               "passive": N_("Works by itself, then lies face up:")}

# mission cards tab (the agent list at the left, as on the agents tab)
MISSION_SHEET = pygame.Rect(624, 120, 632, 580)
MISSION_HELP = N_("An agent holds at most one card, taken from his chief when they meet in a sector without free "
                  "enemy agents (1 AP); the opponent sees only its back. A reached special goal completes it (4 VP and "
                  "a secret in First Clash); a reached basic goal may be claimed (2 VP) or kept for the special.")

# planning tab
CARD = (140, 150)
PLAN_NOTES = pygame.Rect(840, 120, 416, 440)

# location cards tab (ADVANCED): a sector rail, that sector's cards of both sides, the notes
LOC_RAIL = pygame.Rect(24, 120, 200, 580)
LOC_CARD = (168, 235)  # a little over hand size (150x210): the reference reads larger than the hand
LOC_X, LOC_GAP = 240, 14
LOC_ROWS = {"polish": 120, "german": 412}  # each row: its caption, then the cards 26 px under it
LOC_NOTES = pygame.Rect(972, 120, 284, 580)
LOC_HELP = (
    N_("ADVANCED rules. Each side has one card for each of the 26 locations; his deck holds those whose "
       "location is on the board. Draws are at random; nobody sees the deck."),
    N_("Stage step E: both players top their hands up to the scenario's card limit."),
    N_("Special action: used by an activated agent standing on the card's location. Using it is not an action."),
    N_("+2 AP: on your turn in the activations, discard a card for 2 more AP in your pool. One card a stage."),
    N_("Hideout (the house): instead of the action, the agent there may discard the card and take a random "
       "mission card."),
)

# reaction cards tab (ADVANCED): the trigger and the reader chosen at the left over the notes, ten cards
REACT_RAIL = pygame.Rect(24, 120, 212, 580)
REACT_CARD = (190, 268)
REACT_X, REACT_GAP = 252, 13
REACT_ROWS = (122, 420)
REACT_NOTES = pygame.Rect(24, 460, 212, 240)
ZOOM = (288, 404)  # ART.md's zoomed card: the hovered card at about twice hand size
ZOOM_AREA = pygame.Rect(24, 120, 1232, 580)
TRIGGER_BUTTONS = (("movement", N_("Movement")), ("search", N_("Search")), ("conversation", N_("Conversation")))
TRIGGER_COLOUR = {"movement": "red", "search": "purple", "conversation": "yellow"}
READERS = (("polish", N_("Polish player")), ("german", N_("German player")), ("both", N_("Both halves")))
REACT_HELP = N_("ADVANCED rules. One shared deck; the holder reads his side's half. Played only in an enemy "
                "activation, one card per action. A card with the block symbol may cancel an enemy card of its "
                "colour. Hand limit 3.")

FUNCTION_NAMES = {"private": "private", "officer": "officer", "ss_officer": "SS officer", "civilian": "civilian"}
MARKER_SHAPES = {"circle": N_("circle marker"), "diamond": N_("diamond marker"), "square": N_("square marker"),
                 "star": N_("star marker")}
MISSION_NOTES = {
    "yes": N_("Mission cards: three of this agent's own."),
    "no": N_("Mission cards: none."),
    "item_or_hideout": N_("Mission cards: only through an item or a hideout."),
}
LEVEL_INK = {"basic": INK, "extended": (122, 92, 30), "advanced": STAMP_RED}
STAT_GLOSSARY = (
    N_("RANK: a lower-ranked agent starts a conversation only by rolling more than the rank difference on 1d6."),
    N_("AP LIMIT: the most AP he may use from the pool in one stage."),
    N_("DEFENCE: an assassin's 2d6 must beat it."),
    N_("ALERTNESS: his own 2d6 must beat it to escape arrest, drop a threat token or pass a document check."),
    N_("SINGLE / DOUBLE / SECRET: what an enemy talking to him must total on 2d6 for 1 or 2 evidence "
       "against his colour, or a secret (only once he has 3 evidence)."),
)
PLANNING_NOTES = (
    N_("At the start of each stage both players choose a planning card and reveal them together."),
    N_("PRIORITY: the lower number activates an agent first (a tie in the first stage: roll a die). "
       "With threat tokens, the side going second draws 2 of them, the other 1."),
    N_("AP: the network's pool of action points for the stage. No agent may use more than the AP "
       "limit on his document."),
    N_("REACTION CARDS: drawn at the start of the stage (Advanced rules; hand limit 3)."),
    N_("A used card stays out until both players have used four of their five; then all five return."),
    N_("More AP costs priority: choose when to be quick and when to be strong."),
)


# ----- the model: what the reference lists, from the content loaders -----------------------------
def agents_by_side() -> dict[str, list[content.Agent]]:
    return {side: [a for a in content.agents().values() if a.network == side] for side in content.NETWORKS}


def location_names() -> dict[str, tuple[str, str]]:
    """Space id -> (location label, sector title) from the board maps; empty if a map cannot be read,
    so a broken map costs nice names, not the whole reference."""
    from ...rules.stawka import board

    names: dict[str, tuple[str, str]] = {}
    try:
        for face_id in board.face_ids():
            face = board.load_face(face_id)
            names.update({s.id: (s.label, face.title) for s in face.locations()})
    except (board.MapError, OSError):
        return {}
    return names


def _fallback_name(space_id: str) -> tuple[str, str]:
    sector, key = space_id.split(".", 1)
    return key.replace("_", " ").capitalize(), sector.replace("_", " ").capitalize()


def item_sections() -> list[tuple[str, list[tuple[str, tuple[content.Item, ...]]]]]:
    """[(sector, [(location, its five tiles), ...]), ...] in the order of the items file."""
    names = location_names()
    sections: dict[str, dict[str, list[content.Item]]] = {}
    for it in content.items():
        label, sector = names.get(it.location) or _fallback_name(it.location)
        sections.setdefault(sector, {}).setdefault(label, []).append(it)
    return [(sector, [(loc, tuple(tiles)) for loc, tiles in locs.items()]) for sector, locs in sections.items()]


def document_view(agent: content.Agent, doc: content.AgentDocument) -> dict:
    """The dict stawka_pieces.document draws, as the table's view gives it."""
    return {
        "name": agent.name, "side": agent.network, "colour": agent.colour,
        "document": {
            "title": doc.title, "rank": doc.rank, "function": doc.function,
            "ap_limit": doc.ap_limit, "defence": doc.defence, "alertness": doc.alertness,
            "conversation": {"single": doc.conversation.single, "double": doc.conversation.double,
                             "secret": doc.conversation.secret},
            "trait": doc.trait.text,
        },
    }


def short_title(agent: content.Agent, doc: content.AgentDocument) -> str:
    """Kloss's documents differ by what follows his name (in the player's language)."""
    prefix = f"{P.agent_name(agent.name)} - "
    title = pgettext("document title", doc.title)
    return title[len(prefix):] if title.startswith(prefix) else title


def location_card_view(card: content.LocationCard, names: dict) -> dict:
    """The dict cards.draw_location_card draws, as location_cards.card_view gives it (the label from every
    sector's map, so cards of sectors no scenario uses are named too)."""
    label = (names.get(card.location) or _fallback_name(card.location))[0]
    return {"id": card.id, "side": card.side, "location": card.location, "label": label,
            "action": {"key": card.action.key, "params": dict(card.action.params), "text": card.action.text},
            "hideout": card.hideout}


def reaction_card_view(card: content.ReactionCard) -> dict:
    """The dict cards.draw_reaction_card draws, as reaction_cards.card_view gives it."""
    def half(e):
        return {"key": e.key, "params": dict(e.params), "text": e.text}

    return {"id": card.id, "colour": card.colour, "trigger": card.trigger, "block": card.block,
            "polish": half(card.polish), "german": half(card.german)}


def location_sectors() -> list[tuple[str, dict[str, list[dict]]]]:
    """[(sector title, {side: its cards there}), ...] in the order of the cards file."""
    names = location_names()
    out: dict[str, dict[str, list[dict]]] = {}
    for side in content.NETWORKS:
        for c in content.location_cards(side):
            sector = (names.get(c.location) or _fallback_name(c.location))[1]
            out.setdefault(sector, {x: [] for x in content.NETWORKS})[side].append(location_card_view(c, names))
    return list(out.items())


def reaction_cards_for(trigger: str) -> list[dict]:
    return [reaction_card_view(c) for c in content.reaction_cards() if c.trigger == trigger]


# ----- the item ledger: laid out once, drawn a window at a time ----------------------------------
@attrs.frozen
class LedgerRow:
    kind: str  # "sector", "location" or "item"
    y: int
    h: int
    title: str = ""
    item: content.Item | None = None
    name_lines: tuple[str, ...] = ()
    effect_lines: tuple[str, ...] = ()
    where: str = ""  # "Police / Jail": shown above the ledger once the location's own header scrolled away


def layout_ledger(sections) -> tuple[list[LedgerRow], int]:
    """Rows with their y in the ledger and its total height. Text is wrapped here, once, so no line
    is ever cut: a long effect just makes its row taller."""
    name_font, body_font = fonts.typewriter(15, True), fonts.typewriter(14)
    rows, y = [], 0
    for sector, locations in sections:
        rows.append(LedgerRow("sector", y, 44, sector))
        y += 44
        for loc, tiles in locations:
            rows.append(LedgerRow("location", y, 32, loc))
            y += 36
            where = f"{sector_name(sector).upper()} / {P.place_name(loc)}"
            for it in tiles:
                names = tuple(draw.wrap(P.item_name(it.name), name_font, COLS["name"][1]))
                effect = tuple(draw.wrap(_(it.text), body_font, COLS["effect"][1]))
                h = max(len(names), len(effect), 2) * LINE + 12
                rows.append(LedgerRow("item", y, h, it.name, it, names, effect, where))
                y += h
        y += 8
    return rows, y


def sector_name(title: str) -> str:
    return translate(T.sector(title))


# ----- the scene -------------------------------------------------------------------------------------
class StawkaReferenceScene(Scene):
    name = "stawka_reference"

    def needs_frames(self) -> bool:
        return False  # nothing here moves by itself (issue 38)

    def __init__(self, app):
        super().__init__(app)
        self.tab = "agents"
        self.sides = agents_by_side()
        self.selected = ""
        self.doc_index = 0
        self.select_agent(next(iter(content.agents())))
        self.mouse = (0, 0)
        self.scroll = 0
        self.dragging = False
        self._ledger: tuple[list[LedgerRow], int] | None = None  # laid out when the items tab first opens
        self._ledger_language = None  # the language it was wrapped in
        self._loc_sectors: list | None = None  # read when the location cards tab first opens
        self.loc_sector = 0  # index into location_sectors()
        self.trigger = "movement"
        self.reader = "polish"
        self.scenarios = ScenariosTab()

    # ----- layout ---------------------------------------------------------------------------------
    def tabs(self) -> list[tuple[pygame.Rect, str, str]]:
        counts = (("agents", _("Agents ({n})").format(n=len(content.agents()))),
                  ("items", _("Items ({n})").format(n=len(content.items()))),
                  ("planning", _("Planning cards ({n})").format(n=2 * content.PLANNING_CARDS_PER_SIDE)),
                  ("threats", _("Threat tokens ({n})").format(n=2 * content.THREATS_PER_SIDE)),
                  ("missions", _("Mission cards ({n})").format(n=len(content.missions()))),
                  ("locations", _("Location cards ({n})").format(n=2 * content.LOCATION_COUNT)),
                  ("reactions", _("Reaction cards ({n})").format(n=len(content.reaction_cards()))),
                  ("scenarios", _("Scenarios ({n})").format(n=len(SCENARIO_IDS))))
        # eight tabs across the whole width under the title (Back sits beside the title, above them)
        w = (1280 - 48 - 8 * (len(counts) - 1)) // len(counts)
        return [(pygame.Rect(24 + i * (w + 8), TAB_Y, w, 38), tab, label) for i, (tab, label) in enumerate(counts)]

    def agent_rects(self) -> list[tuple[pygame.Rect, content.Agent]]:
        out = []
        for col, side in enumerate(content.NETWORKS):
            x = AGENT_LIST.x + 12 + col * (ROW_W + 8)
            out += [(pygame.Rect(x, AGENT_LIST.y + 50 + i * ROW_H, ROW_W, ROW_H - 2), a)
                    for i, a in enumerate(self.sides[side])]
        return out

    def doc_rects(self) -> list[tuple[pygame.Rect, int]]:
        """Kloss's three documents as buttons beside the one shown (one button per document)."""
        docs = content.agent(self.selected).documents
        if len(docs) < 2:
            return []
        return [(pygame.Rect(SIDE_COL.x, SIDE_COL.y + 134 + i * 56, SIDE_COL.w, 50), i) for i in range(len(docs))]

    def loc_sectors(self) -> list:
        if self._loc_sectors is None:
            self._loc_sectors = location_sectors()
        return self._loc_sectors

    def loc_sector_rects(self) -> list[tuple[pygame.Rect, int]]:
        n = len(self.loc_sectors())
        step = min(50, LOC_RAIL.h // max(1, n))
        return [(pygame.Rect(LOC_RAIL.x, LOC_RAIL.y + i * step, LOC_RAIL.w, step - 6), i) for i in range(n)]

    def loc_card_rects(self) -> list[tuple[pygame.Rect, dict]]:
        """The chosen sector's cards: the Polish row above the German one, in the cards file's order."""
        _title, by_side = self.loc_sectors()[self.loc_sector]
        w, h = LOC_CARD
        return [(pygame.Rect(LOC_X + i * (w + LOC_GAP), LOC_ROWS[side] + 26, w, h), card)
                for side in content.NETWORKS for i, card in enumerate(by_side[side])]

    def trigger_rects(self) -> list[tuple[pygame.Rect, str]]:
        return [(pygame.Rect(REACT_RAIL.x, REACT_RAIL.y + 24 + i * 50, REACT_RAIL.w, 44), key)
                for i, (key, _label) in enumerate(TRIGGER_BUTTONS)]

    def reader_rects(self) -> list[tuple[pygame.Rect, str]]:
        top = REACT_RAIL.y + 24 + 3 * 50 + 30
        return [(pygame.Rect(REACT_RAIL.x, top + i * 42, REACT_RAIL.w, 36), key)
                for i, (key, _label) in enumerate(READERS)]

    def reaction_rects(self) -> list[tuple[pygame.Rect, dict]]:
        """The chosen trigger's ten cards, five a row."""
        w, h = REACT_CARD
        return [(pygame.Rect(REACT_X + (i % 5) * (w + REACT_GAP), REACT_ROWS[i // 5], w, h), card)
                for i, card in enumerate(reaction_cards_for(self.trigger)[:10])]

    def ledger(self) -> tuple[list[LedgerRow], int]:
        if self._ledger is None or self._ledger_language != i18n.generation():
            self._ledger = layout_ledger(item_sections())
            self._ledger_language = i18n.generation()
        return self._ledger

    def max_scroll(self) -> int:
        return max(0, self.ledger()[1] - VIEW.h)

    def sector_rects(self) -> list[tuple[pygame.Rect, LedgerRow]]:
        sectors = [r for r in self.ledger()[0] if r.kind == "sector"]
        step = min(50, RAIL.h // max(1, len(sectors)))
        return [(pygame.Rect(RAIL.x, RAIL.y + i * step, RAIL.w, step - 6), r) for i, r in enumerate(sectors)]

    def thumb_rect(self) -> pygame.Rect:
        total = self.ledger()[1]
        h = max(40, BAR.h * VIEW.h // max(total, 1))
        y = BAR.y + (BAR.h - h) * self.scroll // max(1, self.max_scroll())
        return pygame.Rect(BAR.x, y, BAR.w, h)

    def visible_rows(self) -> list[LedgerRow]:
        return [r for r in self.ledger()[0] if r.y + r.h > self.scroll and r.y < self.scroll + VIEW.h]

    def visible_items(self) -> list[content.Item]:
        """Items whose whole row is in the window: what a player can read without scrolling."""
        return [r.item for r in self.ledger()[0]
                if r.kind == "item" and r.y >= self.scroll and r.y + r.h <= self.scroll + VIEW.h]

    def current_location(self) -> str:
        """The sector and location of the first item row the reader sees whole."""
        return next((r.where for r in self.ledger()[0] if r.kind == "item" and r.y >= self.scroll), "")

    def current_sector(self) -> str:
        top = [r.title for r in self.ledger()[0] if r.kind == "sector" and r.y <= self.scroll + 8]
        return top[-1] if top else ""

    # ----- input ------------------------------------------------------------------------------------
    def set_scroll(self, value: int) -> None:
        self.scroll = max(0, min(self.max_scroll(), int(value)))

    def jump_to(self, sector: str) -> None:
        for r in self.ledger()[0]:
            if r.kind == "sector" and r.title == sector:
                self.set_scroll(r.y)

    def handle_event(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if self.dragging:
                self.drag_thumb(event.pos[1])
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.dragging = False
        elif event.type == pygame.KEYDOWN:
            self.on_key(event.key)
        elif event.type == pygame.MOUSEWHEEL and self.tab == "items":
            self.set_scroll(self.scroll - event.y * WHEEL_STEP)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.on_click(event.pos)
        return True

    def on_key(self, key) -> None:
        if key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.app.pop()
        elif key == pygame.K_TAB:
            names = [t for _r, t, _l in self.tabs()]
            self.tab = names[(names.index(self.tab) + 1) % len(names)]
        elif self.tab == "locations" and key in (pygame.K_DOWN, pygame.K_UP, pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            step = 1 if key in (pygame.K_DOWN, pygame.K_PAGEDOWN) else -1
            self.loc_sector = (self.loc_sector + step) % len(self.loc_sectors())
        elif self.tab == "reactions" and key in (pygame.K_DOWN, pygame.K_UP, pygame.K_LEFT, pygame.K_RIGHT):
            self.step_reactions(key)
        elif self.tab == "scenarios":
            self.scenarios.key(key)
        elif self.tab == "items":
            if key in (pygame.K_PAGEDOWN, pygame.K_SPACE, pygame.K_PAGEUP):
                self.page(-1 if key == pygame.K_PAGEUP else 1)
            elif key in (pygame.K_DOWN, pygame.K_UP):
                self.set_scroll(self.scroll + (2 * LINE if key == pygame.K_DOWN else -2 * LINE))
            elif key in (pygame.K_HOME, pygame.K_END):
                self.set_scroll(0 if key == pygame.K_HOME else self.max_scroll())

    def step_reactions(self, key) -> None:
        """Up/Down: the previous or next trigger; Left/Right: the previous or next reader."""
        if key in (pygame.K_DOWN, pygame.K_UP):
            keys = [k for k, _label in TRIGGER_BUTTONS]
            self.trigger = keys[(keys.index(self.trigger) + (1 if key == pygame.K_DOWN else -1)) % len(keys)]
        else:
            keys = [k for k, _label in READERS]
            self.reader = keys[(keys.index(self.reader) + (1 if key == pygame.K_RIGHT else -1)) % len(keys)]

    def page(self, direction: int) -> None:
        """A page turn starts at a row boundary, so the row cut by the bottom edge opens the next page
        whole instead of being split across two pages."""
        rows = self.ledger()[0]
        if direction > 0:
            cut = next((r for r in rows if r.y + r.h > self.scroll + VIEW.h), None)
            target = cut.y if cut is not None and cut.y > self.scroll else self.scroll + VIEW.h
        else:
            target = next((r.y for r in rows if r.y >= self.scroll - VIEW.h), 0)
        self.set_scroll(target)

    def on_click(self, pos) -> None:
        if BACK.collidepoint(pos):
            self.app.pop()
            return
        for rect, tab, _label in self.tabs():
            if rect.collidepoint(pos):
                self.tab = tab
                return
        if self.tab in ("agents", "missions"):
            self.click_agents(pos)
        elif self.tab == "items":
            self.click_items(pos)
        elif self.tab == "locations":
            self.loc_sector = next((i for r, i in self.loc_sector_rects() if r.collidepoint(pos)), self.loc_sector)
        elif self.tab == "reactions":
            self.trigger = next((k for r, k in self.trigger_rects() if r.collidepoint(pos)), self.trigger)
            self.reader = next((k for r, k in self.reader_rects() if r.collidepoint(pos)), self.reader)
        elif self.tab == "scenarios":
            self.scenarios.click(pos)

    def click_agents(self, pos) -> None:
        for rect, i in self.doc_rects():
            if rect.collidepoint(pos):
                self.doc_index = i
                return
        for rect, a in self.agent_rects():
            if rect.collidepoint(pos):
                self.select_agent(a.id)

    def select_agent(self, agent_id: str) -> None:
        agent = content.agent(agent_id)
        self.selected = agent_id
        # Kloss opens on the document scenario 1 uses: the one a new player meets first
        self.doc_index = agent.documents.index(agent.document())

    def click_items(self, pos) -> None:
        for rect, row in self.sector_rects():
            if rect.collidepoint(pos):
                self.jump_to(row.title)
                return
        if self.thumb_rect().collidepoint(pos):
            self.dragging = True
        elif BAR.inflate(12, 0).collidepoint(pos):
            self.drag_thumb(pos[1])

    def drag_thumb(self, y: int) -> None:
        """The thumb's centre follows the pointer along the bar."""
        thumb = self.thumb_rect()
        span = max(1, BAR.h - thumb.h)
        self.set_scroll((y - BAR.y - thumb.h / 2) * self.max_scroll() / span)

    # ----- drawing ---------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        draw.felt(surface)
        draw.typed_heading(surface, _("Stawka - agents, items and planning cards"), (24, 14), size=34, colour=PAPER)
        self.draw_tabs(surface)
        {"agents": self.draw_agents, "items": self.draw_items, "planning": self.draw_planning,
         "threats": self.draw_threats, "missions": self.draw_missions, "locations": self.draw_locations,
         "reactions": self.draw_reactions, "scenarios": self.draw_scenarios}[self.tab](surface)

    def draw_scenarios(self, surface) -> None:
        self.scenarios.draw(surface, self.mouse)

    def draw_tabs(self, surface) -> None:
        for rect, tab, label in self.tabs():
            active = tab == self.tab
            pygame.draw.rect(surface, PAPER if active else TAB_OFF, rect, border_radius=5)
            pygame.draw.rect(surface, BRASS, rect, 3 if active else 1, border_radius=5)
            self.draw_tab_label(surface, rect, label)
        pygame.draw.rect(surface, PAPER, BACK, border_radius=5)
        pygame.draw.rect(surface, BRASS, BACK, 2, border_radius=5)
        draw.text(surface, P.fit_text(_("Back (Esc)"), 15, BACK.w - 10, True), BACK.center, size=15, bold=True,
                  anchor="center", box=BACK)
        draw.text(surface, _("Tab: next page"), (BACK.x - 14, BACK.centery), size=13, colour=PAPER, anchor="midright")

    @staticmethod
    def draw_tab_label(surface, rect, label: str) -> None:
        """One line while it fits at 13 px or more, else two lines at 13 (Dutch and Polish run long)."""
        size = draw.fit_size(label, rect.w - 12, 15, bold=True, smallest=13)
        font = fonts.typewriter(size, True)
        if font.size(label)[0] <= rect.w - 12:
            draw.text(surface, label, rect.center, size=size, bold=True, anchor="center", box=rect)
            return
        font = fonts.typewriter(13, True)
        lines = draw.wrap(label, font, rect.w - 8)[:2]
        step = font.get_linesize() - 2
        for k, line in enumerate(lines):
            y = rect.centery + round((k - (len(lines) - 1) / 2) * step)
            draw.text(surface, draw.fit_line(line, font, rect.w - 8), (rect.centerx, y), size=13, bold=True,
                      anchor="center", box=rect)

    # agents
    def draw_agents(self, surface) -> None:
        self.draw_agent_list(surface)
        self.draw_agent_detail(surface)

    def draw_agent_list(self, surface) -> None:
        """Both networks' agents, the selected one marked (the agents and the mission cards tabs)."""
        draw.paper_panel(surface, AGENT_LIST, seed=71)
        for col, side in enumerate(content.NETWORKS):
            band = pygame.Rect(AGENT_LIST.x + 12 + col * (ROW_W + 8), AGENT_LIST.y + 12, ROW_W, 30)
            pygame.draw.rect(surface, P.SIDE_COLOUR[side], band, border_radius=3)
            heading = _("{network} ({n})").format(network=_(P.NETWORK_HEADINGS[side]), n=len(self.sides[side]))
            P.blit_text(surface, P.fit_text(heading, 15, band.w - 8, True), band.center,
                        size=15, colour=PAPER, bold=True, anchor="center")
        for rect, agent in self.agent_rects():
            self.draw_agent_row(surface, rect, agent)

    def draw_agent_row(self, surface, rect, agent) -> None:
        if agent.id == self.selected:
            pygame.draw.rect(surface, PAPER_SHADE, rect, border_radius=4)
            draw.brass_outline(surface, rect.inflate(-6, -6), width=2)
        elif rect.collidepoint(self.mouse):
            pygame.draw.rect(surface, BRASS, rect, 1, border_radius=4)
        P.figure(surface, {"colour": agent.colour, "side": agent.network}, (rect.x + 20, rect.centery), 13)
        P.blit_text(surface, P.fit_text(P.agent_name(agent.name), 14, rect.right - 4 - (rect.x + 42), True),
                    (rect.x + 42, rect.y + 2), size=14, bold=True)
        ranks = sorted({d.rank for d in agent.documents})
        rank = (_("rank {rank}").format(rank=ranks[0]) if len(ranks) == 1
                else _("rank {low}-{high}").format(low=ranks[0], high=ranks[-1]))
        n = len(agent.documents)
        kind = (P.function_name(agent.documents[0].function) if n == 1
                else ngettext("{n} document", "{n} documents", n).format(n=n))
        facts = _("{rank}, {kind}, {colour}").format(rank=rank, kind=kind, colour=P.colour_name(agent.colour))
        P.blit_text(surface, P.fit_text(facts, 13, rect.right - 4 - (rect.x + 42)), (rect.x + 42, rect.y + 20),
                    size=13, colour=FADED)

    def draw_agent_detail(self, surface) -> None:
        agent = content.agent(self.selected)
        doc = agent.documents[self.doc_index]
        P.document(surface, DOC, document_view(agent, doc))
        P.figure(surface, {"colour": agent.colour, "side": agent.network}, (SIDE_COL.centerx, SIDE_COL.y + 38), 30)
        if agent.chief:
            self.draw_chief_mark(surface, (SIDE_COL.centerx, SIDE_COL.y + 90))
        if self.doc_rects():
            draw.text(surface, _("HIS DOCUMENTS"), (SIDE_COL.x, SIDE_COL.y + 114), size=13, bold=True, colour=PAPER)
        for rect, i in self.doc_rects():
            self.draw_doc_button(surface, rect, agent, agent.documents[i], i == self.doc_index)
        self.draw_notes(surface, agent, doc)

    @staticmethod
    def draw_chief_mark(surface, center) -> None:
        # a plain boxed label, not draw.stamp: at this size the worn-ink specks make it unreadable
        img = P.label(_("NETWORK CHIEF"), 14, STAMP_RED, True)
        box = img.get_rect(center=center).inflate(16, 8)
        pygame.draw.rect(surface, PAPER, box, border_radius=3)
        pygame.draw.rect(surface, STAMP_RED, box, 2, border_radius=3)
        surface.blit(img, img.get_rect(center=box.center))

    def draw_doc_button(self, surface, rect, agent, doc, active: bool) -> None:
        pygame.draw.rect(surface, PAPER if active else TAB_OFF, rect, border_radius=5)
        pygame.draw.rect(surface, BRASS, rect, 3 if active else 1, border_radius=5)
        draw.text_block(surface, short_title(agent, doc), rect.inflate(-14, -10), size=13, bold=True, line_gap=0,
                        max_lines=2)

    def draw_notes(self, surface, agent, doc) -> None:
        panel = draw.paper_panel(surface, NOTES, seed=73)
        x, w = panel.x + 16, panel.w - 32
        words = dict(network=_(P.NETWORK_WORDS[agent.network]), colour=P.colour_name(agent.colour),
                     marker=_(MARKER_SHAPES[P.NETWORK[agent.colour][1]]))
        network = (_("{network}, {colour} ({marker}), network chief.") if agent.chief
                   else _("{network}, {colour} ({marker}).")).format(**words)
        trait = _("{missions} Trait in play from the {level} rules on.").format(
            missions=_(MISSION_NOTES[agent.missions]), level=P.level_name(doc.trait.level).capitalize())
        facts = [network, trait]
        if len(agent.documents) > 1:
            facts.append(_("The Polish player picks one of the three documents at setup; scenario 1 uses "
                           "'{title}'.").format(title=short_title(agent, agent.document())))
        y = panel.y + 10
        for fact in facts:
            y += draw.text_block(surface, fact, (x, y, w, 60), size=14, bold=True, line_gap=1)
        y += 4
        for line in STAT_GLOSSARY:
            y += draw.text_block(surface, _(line), (x, y, w, panel.bottom - y - 6), size=13, colour=FADED, line_gap=0)

    # items
    def draw_items(self, surface) -> None:
        self.draw_rail(surface)
        draw.paper_panel(surface, SHEET, seed=75)
        P.blit_text(surface, self.current_location(), (VIEW.x, SHEET.y + 10), size=15, bold=True)
        for key, head in (("name", _("ITEM")), ("effect", _("EFFECT")), ("level", _("LEVEL / USE")),
                          ("evidence", _("EVIDENCE"))):
            P.blit_text(surface, P.fit_text(head, 13, COLS[key][1] - 8, True), (VIEW.x + COLS[key][0], SHEET.y + 34), size=13, colour=FADED, bold=True)
        pygame.draw.line(surface, INK, (VIEW.x, SHEET.y + HEAD_H + 4), (VIEW.right, SHEET.y + HEAD_H + 4), 1)
        clip = surface.get_clip()
        surface.set_clip(VIEW)
        for row in self.visible_rows():
            self.draw_row(surface, row, VIEW.y + row.y - self.scroll)
        surface.set_clip(clip)
        self.draw_scrollbar(surface)
        draw.text_block(surface, _("* reusable: stays face up and works again.   Single use: discarded once used.   "
                                   "Level: the lowest rules level where it works."),
                        (SHEET.x, SHEET.bottom + 6, SHEET.w, 720 - SHEET.bottom - 6), size=13, colour=PAPER,
                        line_gap=0)

    def draw_rail(self, surface) -> None:
        here = self.current_sector()
        for rect, row in self.sector_rects():
            active = row.title == here
            pygame.draw.rect(surface, PAPER if active else TAB_OFF, rect, border_radius=5)
            pygame.draw.rect(surface, BRASS, rect, 3 if active else 1, border_radius=5)
            if rect.collidepoint(self.mouse) and not active:
                draw.brass_outline(surface, rect, width=1)
            draw.text(surface, P.fit_text(sector_name(row.title), 15, rect.w - 8, True), rect.center, size=15,
                      bold=True, anchor="center", box=rect)

    def draw_row(self, surface, row: LedgerRow, y: int) -> None:
        if row.kind == "sector":
            draw.typed_heading(surface, sector_name(row.title), (VIEW.x, y + 4), size=26)
            pygame.draw.line(surface, STAMP_RED, (VIEW.x, y + 38), (VIEW.right, y + 38), 2)
            return
        if row.kind == "location":
            pygame.draw.rect(surface, MANILA, (VIEW.x, y, VIEW.w, row.h), border_radius=3)
            P.blit_text(surface, P.place_name(row.title), (VIEW.x + 10, y + row.h // 2), size=15, bold=True,
                        anchor="midleft")
            return
        self.draw_item_row(surface, row, y)

    def draw_item_row(self, surface, row: LedgerRow, y: int) -> None:
        it = row.item
        top = y + 6
        for k, line in enumerate(row.name_lines):
            P.blit_text(surface, line, (VIEW.x + COLS["name"][0], top + k * LINE), size=15, bold=True)
        for k, line in enumerate(row.effect_lines):
            P.blit_text(surface, line, (VIEW.x + COLS["effect"][0], top + k * LINE), size=14)
        x = VIEW.x + COLS["level"][0]
        width = COLS["level"][1] - 6
        P.blit_text(surface, P.fit_text(P.level_name(it.level).upper(), 13, width, True), (x, top + 1), size=13,
                    bold=True, colour=LEVEL_INK[it.level])
        P.blit_text(surface, P.fit_text(_("* reusable") if it.reusable else _("single use"), 14, width), (x, top + LINE),
                    size=14, colour=FADED)
        x = VIEW.x + COLS["evidence"][0]
        for colour, n in it.evidence.items():
            P.marker(surface, colour, (x + 9, top + 12), 8)
            P.blit_text(surface, str(n), (x + 22, top + 2), size=17, bold=True)
            x += 48
        pygame.draw.line(surface, PAPER_SHADE, (VIEW.x, y + row.h - 1), (VIEW.right, y + row.h - 1), 1)

    def draw_scrollbar(self, surface) -> None:
        pygame.draw.rect(surface, PAPER_SHADE, BAR, border_radius=5)
        thumb = self.thumb_rect()
        pygame.draw.rect(surface, BRASS, thumb, border_radius=5)
        pygame.draw.rect(surface, INK, thumb, 1, border_radius=5)

    # planning
    def draw_planning(self, surface) -> None:
        for row, side in enumerate(content.NETWORKS):
            y = 124 + row * 290
            P.blit_text(surface, _(P.NETWORK_HEADINGS[side]), (24, y), size=16,
                        colour=PAPER, bold=True)
            for i, card in enumerate(content.planning_cards(side)):
                rect = pygame.Rect(24 + i * 158, y + 30, *CARD)
                P.plan_card(surface, rect, attrs.asdict(card), side=side)
                n = card.reaction_cards
                caption = (_("no reaction cards") if n == 0
                           else ngettext("{n} reaction card", "{n} reaction cards", n).format(n=n))
                P.blit_text(surface, P.fit_text(caption, 13, rect.w + 30), (rect.centerx, rect.bottom + 10), size=13, colour=PAPER,
                            anchor="midtop")
        panel = draw.paper_panel(surface, PLAN_NOTES, seed=77)
        draw.typed_heading(surface, _("How planning works"), (panel.x + 16, panel.y + 12), size=26)
        y = panel.y + 56
        for note in PLANNING_NOTES:
            y += draw.text_block(surface, _(note), (panel.x + 16, y, panel.w - 32, panel.bottom - y - 8), size=14,
                                 line_gap=2) + 10

    # threat tokens (EXTENDED): the cheat sheet
    def draw_threats(self, surface) -> None:
        panel = draw.paper_panel(surface, THREAT_SHEET, seed=79)
        draw.typed_heading(surface, _("Threat tokens (EXTENDED rules, First Clash)"), (panel.x + 16, panel.y + 10),
                           size=24)
        y = panel.y + 48
        y += draw.text_block(surface, _(THREAT_INTRO), (panel.x + 16, y, panel.w - 32, 60), size=13, line_gap=1) + 8
        x_name, x_count, x_text = panel.x + 16, panel.x + 250, panel.x + 390
        for side, dx in zip(content.NETWORKS, (0, 66)):
            P.blit_text(surface, P.fit_text(P.side_name(side), 12, 62, True), (x_count + dx, y), size=12, bold=True,
                        colour=P.SIDE_COLOUR[side])
        P.blit_text(surface, _("what it does"), (x_text, y), size=12, bold=True, colour=FADED)
        y += 20
        counts = {side: Counter(t.type for t in content.threat_tokens(side)) for side in content.NETWORKS}
        for kind, entry in content.threat_types().items():
            pygame.draw.line(surface, P.MANILA_DARK, (panel.x + 12, y - 3), (panel.right - 12, y - 3))
            P.blit_text(surface, P.fit_text(translate(T.threat_name(kind)), 15, 230, True), (x_name, y), size=15,
                        bold=True)
            for side, dx in zip(content.NETWORKS, (0, 66)):
                P.blit_text(surface, str(counts[side].get(kind, 0)), (x_count + dx + 10, y), size=15)
            text = translate(Message(entry["text"], params=threat_params(kind)))
            line = _("{when} {text}").format(when=_(THREAT_WHEN[entry["trigger"]]), text=text)
            y += max(26, draw.text_block(surface, line, (x_text, y, panel.right - 16 - x_text, 60), size=13,
                                         line_gap=0) + 8)

    # mission cards (EXTENDED): the selected agent's three
    def draw_missions(self, surface) -> None:
        self.draw_agent_list(surface)
        agent = content.agent(self.selected)
        panel = draw.paper_panel(surface, MISSION_SHEET, seed=81)
        draw.typed_heading(surface, _("Mission cards of {name}").format(name=P.agent_name(agent.name)),
                           (panel.x + 16, panel.y + 10), size=24)
        y = panel.y + 50
        y += draw.text_block(surface, _(MISSION_NOTES[agent.missions]), (panel.x + 16, y, panel.w - 32, 40), size=13,
                             colour=FADED) + 8
        for k, card in enumerate(content.missions_for(agent.id)):
            P.blit_text(surface, _("Card {n}").format(n=k + 1), (panel.x + 16, y), size=14, bold=True)
            y += 22
            for label, goal in ((_("Basic:"), card.basic), (_("Special:"), card.special)):
                P.blit_text(surface, label, (panel.x + 28, y), size=13, bold=True, colour=FADED)
                y += draw.text_block(surface, _(goal.text), (panel.x + 120, y, panel.w - 136, 50), size=13) + 4
            y += 10
        draw.text_block(surface, _(MISSION_HELP), (panel.x + 16, panel.bottom - 110, panel.w - 32, 104), size=12,
                        colour=FADED)


    # location cards (ADVANCED): one sector's cards of both sides
    def draw_locations(self, surface) -> None:
        for rect, i in self.loc_sector_rects():
            self.draw_rail_button(surface, rect, sector_name(self.loc_sectors()[i][0]), i == self.loc_sector)
        for side, y in LOC_ROWS.items():
            P.blit_text(surface, _(P.NETWORK_HEADINGS[side]), (LOC_X, y), size=16, colour=PAPER, bold=True)
        for rect, card in self.loc_card_rects():
            C.draw_location_card(surface, rect, card)
        self.draw_location_notes(surface)
        hovered = self.hovered(self.loc_card_rects())
        if hovered is not None:
            C.draw_location_card(surface, self.zoom_rect(hovered[0]), hovered[1])

    def hovered(self, rects) -> tuple[pygame.Rect, dict] | None:
        return next(((r, c) for r, c in rects if r.collidepoint(self.mouse)), None)

    @staticmethod
    def zoom_rect(card_rect: pygame.Rect) -> pygame.Rect:
        """The hovered card enlarged over its own place, kept inside the tab's area."""
        rect = pygame.Rect((0, 0), ZOOM)
        rect.center = card_rect.center
        return rect.clamp(ZOOM_AREA)

    def draw_location_notes(self, surface) -> None:
        panel = draw.paper_panel(surface, LOC_NOTES, seed=83)
        x, w = panel.x + 14, panel.w - 28
        draw.typed_heading(surface, P.fit_text(_("Location cards"), 24, w), (x, panel.y + 10), size=24)
        y = panel.y + 50
        for note in LOC_HELP:
            y += draw.text_block(surface, _(note), (x, y, w, panel.bottom - y - 8), size=13, line_gap=1) + 8
        chip_y = max(y + 4, panel.bottom - 40)
        C.hideout_icon(surface, (x + 12, chip_y + 14), 10, STAMP_RED)
        P.blit_text(surface, P.fit_text(_("hideout"), 13, w - 40), (x + 32, chip_y + 14), size=13, anchor="midleft",
                    colour=STAMP_RED, bold=True)

    def draw_rail_button(self, surface, rect, label: str, active: bool) -> None:
        pygame.draw.rect(surface, PAPER if active else TAB_OFF, rect, border_radius=5)
        pygame.draw.rect(surface, BRASS, rect, 3 if active else 1, border_radius=5)
        if rect.collidepoint(self.mouse) and not active:
            draw.brass_outline(surface, rect, width=1)
        draw.text(surface, P.fit_text(label, 15, rect.w - 10, True), rect.center, size=15, bold=True,
                  anchor="center", box=rect)

    # reaction cards (ADVANCED): one trigger's ten cards, read as one side or both
    def draw_reactions(self, surface) -> None:
        P.blit_text(surface, P.fit_text(_("AGAINST AN ENEMY"), 13, REACT_RAIL.w, True), (REACT_RAIL.x, REACT_RAIL.y),
                    size=13, colour=PAPER, bold=True)
        for rect, key in self.trigger_rects():
            self.draw_trigger_button(surface, rect, key)
        top = self.reader_rects()[0][0].y - 26
        P.blit_text(surface, P.fit_text(_("READ AS"), 13, REACT_RAIL.w, True), (REACT_RAIL.x, top), size=13,
                    colour=PAPER, bold=True)
        for rect, key in self.reader_rects():
            self.draw_rail_button(surface, rect, _(dict(READERS)[key]), key == self.reader)
        reader = None if self.reader == "both" else self.reader
        for rect, card in self.reaction_rects():
            C.draw_reaction_card(surface, rect, card, reader)
        self.draw_reaction_notes(surface)
        hovered = self.hovered(self.reaction_rects())
        if hovered is not None:
            C.draw_reaction_card(surface, self.zoom_rect(hovered[0]), hovered[1], reader)

    def draw_trigger_button(self, surface, rect, key: str) -> None:
        """The trigger's colour and icon, its word and how many cards it has."""
        active = key == self.trigger
        pygame.draw.rect(surface, PAPER if active else TAB_OFF, rect, border_radius=5)
        colour, pattern = C.REACTION_COLOUR[TRIGGER_COLOUR[key]]
        swatch = pygame.Rect(rect.x + 6, rect.y + 6, 34, rect.h - 12)
        pattern_fill(surface, swatch, colour, pattern)
        C.trigger_icon(surface, key, swatch.center, 11, INK if key == "conversation" else PAPER)
        pygame.draw.rect(surface, BRASS, rect, 3 if active else 1, border_radius=5)
        if rect.collidepoint(self.mouse) and not active:
            draw.brass_outline(surface, rect, width=1)
        n = len(reaction_cards_for(key))
        label = _("{trigger} ({n})").format(trigger=_(dict(TRIGGER_BUTTONS)[key]), n=n)
        room = rect.right - 8 - (swatch.right + 8)
        draw.text(surface, P.fit_text(label, 15, room, True), (swatch.right + 8, rect.centery), size=15, bold=True,
                  anchor="midleft", box=rect)

    def draw_reaction_notes(self, surface) -> None:
        panel = draw.paper_panel(surface, REACT_NOTES, seed=85)
        draw.text_block(surface, _(REACT_HELP), (panel.x + 10, panel.y + 8, panel.w - 20, panel.h - 42), size=13,
                        line_gap=0)
        C.block_icon(surface, (panel.x + 20, panel.bottom - 18), 10)
        P.blit_text(surface, P.fit_text(_("block"), 13, panel.w - 50, True), (panel.x + 38, panel.bottom - 18),
                    size=13, bold=True, colour=STAMP_RED, anchor="midleft")


def threat_params(kind: str) -> dict:
    """The numbers a type's cheat-sheet text needs: a token's own (support +1, protection +2), and all three
    difficulties for the document checks."""
    tokens = [t for side in content.NETWORKS for t in content.threat_tokens(side) if t.type == kind]
    if kind == "document_check":
        return {"difficulty": " " + "/".join(sorted({str(t.params["difficulty"]) for t in tokens}, reverse=True))}
    return dict(tokens[0].params) if tokens else {}
