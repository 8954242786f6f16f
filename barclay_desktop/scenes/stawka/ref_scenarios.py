"""The reference's Scenarios tab (issue 36): a rail of the six scenarios and the free ones; for the chosen
scenario its starting map (the table's board art, scaled to fit) with each printed starting agent at his
space, the agents the players place beside it with the placement rule, and notes on how it is played.

The map, the agents, the starts, the rules level, the stages and the card limit come from the scenario
file, so the reference cannot disagree with the game; how to win and the special rules are words for
people, from docs/rules/stawka.md's scenario sections."""

from __future__ import annotations

from collections import defaultdict

import attrs
import pygame

from ...i18n import N_, _, ngettext, translate
from ...rules.core.message import msg, nmsg
from ...rules.stawka import content
from ...rules.stawka import texts as T
from ...ui import draw, fonts
from ...ui.palette import BRASS, FADED, INK, PAPER, STAMP_RED
from . import pieces as P
from .audi import VEHICLE
from .board import BoardArt

SCENARIO_IDS = ("meeting", "first_clash", "chestnuts", "i_know_who_you_are", "hotel_excelsior", "top_secret")
FREE = "free"  # the rail's last entry: how to build one

RAIL = pygame.Rect(24, 120, 190, 580)
MAP = pygame.Rect(228, 120, 584, 580)  # a film's square board fills its height
NOTES = pygame.Rect(826, 120, 430, 580)
STRIP_H = 150  # under the map: the agents the players place, and how
FIGURE_R = 9
TAB_OFF = (200, 190, 168)

WIN = {
    "meeting": N_("The first to win two secrets in conversations wins at once. After stage 8 without a winner, "
                  "the game is a draw."),
    "first_clash": N_("The first to 11 VP wins at once; Kloss exposed or Brunner compromised (a track against "
                      "black at 10) ends the game too. After stage 8, a draw."),
    "chestnuts": N_("The first to 11 VP or to 3 secrets wins at once; nothing else ends the game. After stage "
                    "10, a draw."),
    "i_know_who_you_are": N_("Polish: finish a report from the hidden radio station. German: locate the station "
                             "(3 secrets). Otherwise, after stage 8, more VP wins."),
    "hotel_excelsior": N_("Only room 217 wins: with 15 VP, an agent on the hotel uses his side's hotel card, the "
                          "German holding a valuable item, the Polish a Top Secret card. No draw."),
    "top_secret": N_("German: the Black Audi carrying Pulkowski reaches the barracks. Polish: a successful attack "
                     "on the car, or Pulkowski not there when stage 15 ends."),
}
SPECIAL = {
    "meeting": (
        N_("Two sectors, two agents a side; move, talk and search."),
        N_("The next training scenario keeps half of each evidence track, rounded up; the winner may keep one "
           "whole."),
    ),
    "first_clash": (
        N_("VP: basic mission 2, special mission 4, secret 3."),
        N_("New: threat tokens, mission cards, arrests, kidnappings and assassinations."),
        N_("The next training scenario keeps half of each evidence track; the winner keeps one track whole and "
           "one item."),
    ),
    "chestnuts": (
        N_("VP: basic mission 2, special mission 4, secret 3."),
        N_("New: location cards, reaction cards, Top Secret cards and valuable items."),
        N_("A track at 10 against a network chief exposes nobody here."),
        N_("The winner wins the training campaign."),
    ),
    "i_know_who_you_are": (
        N_("Before stage 1 the Polish player hides the radio station on a location outside the police and "
           "military sectors."),
        N_("With 2 secrets, Kloss on the station may start transmitting (1 AP); a free Polish agent must stay "
           "there until the next stage ends."),
        N_("Each German secret before a transmission narrows the search: two sectors, the sector, the location."),
        N_("Once the station is known, German agents with a weapon may assassinate there, and Stedtke may "
           "arrest there."),
        N_("Marta Becher works for the Polish network."),
        N_("VP: 1 for a basic mission; each piece of evidence above 10 is 1 VP."),
    ),
    "hotel_excelsior": (
        N_("The hotel is closed to a player until he has 15 VP: no search there, no hotel card."),
        N_("The hotel card joins the deck when every other card is drawn; it is never turned into 2 AP."),
        N_("VP: basic mission 1, special mission 3, secret 3; two German location cards give VP too."),
        N_("Each piece of evidence above 10 is 1 VP."),
        N_("A track at 10 against a network chief exposes nobody here."),
    ),
    "top_secret": (
        N_("At each stage's end the German rolls to break Pulkowski: 2d6, +1 a past stage, -3 a Polish agent "
           "who got into the factory; 12 or more."),
        N_("A German -3 document check guards the factory all game."),
        N_("The Audi only moves, at most 5 AP a stage, and enters only the factory and the barracks."),
        N_("Polish agents but Kloss with a weapon may attack the car carrying Pulkowski: beat its Defence of 6."),
        N_("Missions give no VP: German ones raise the car's Defence, Polish ones the agent's attacks."),
        N_("A Top Secret card moves the Audi 1 or 2 steps."),
    ),
}
FREE_LINES = (
    N_("Build your own on the new-game form: Stawka, then {scenario}, then \u201c{build}\u201d."),
    N_("The board: 4 to 7 sectors, the police sector first; then the players lay the others in turn, each "
       "touching one already laid."),
    N_("The agents: four a side, drawn at random, one of each colour; Kloss is always the Polish black agent."),
    N_("You choose the rules level, how the game is won and the number of stages (4 to 15)."),
    N_("At the table the players place all agents in turn, the Polish player first, on any space; at most one "
       "agent of each network in a sector."),
    N_("Save it under a name: it is listed under {scenario} from then on."),
)


# ----- the model: what a scenario file says, for this tab --------------------------------------------
@attrs.frozen
class Sheet:
    id: str
    level: str
    stages: int | None
    card_limit: int | None  # None: no location cards (below the ADVANCED rules)
    sides: dict  # side -> agent ids, as the scenario lists them (Marta Becher may play Polish)
    starts: dict  # agent id (or the Audi) -> space id: the printed starts
    placement: dict | None  # the players' placement rule, for the agents without a printed start
    kloss_document: str | None  # the document the file names; None: chosen on the new-game form

    def placed_by_players(self) -> list[tuple[str, str]]:
        return [(side, a) for side, ids in self.sides.items() for a in ids if a not in self.starts]


def sheet(scenario_id: str) -> Sheet:
    from ...rules.stawka.scenario import board_for_scenario, load_scenario

    layout = load_scenario(scenario_id)
    data = layout.data
    rules = data.get("rules") or {}
    return Sheet(scenario_id, data.get("level", "basic"), data.get("stages"),
                 rules.get("location_card_limit") if data.get("level") == "advanced" else None,
                 {side: tuple(ids) for side, ids in layout.networks().items()},
                 layout.start_spaces(board_for_scenario(scenario_id)),
                 dict(data["placement"]) if data.get("placement") else None, data.get("kloss_document"))


def scenario_pick(scenario_id: str):
    """The new-game form's pick of a scenario: the reference names it as the form does."""
    from ...games import descriptor

    choice = next(c for c in descriptor("stawka").choices if c.key == "scenario")
    return next(p for p in choice.picks if p.value == scenario_id)


def scenario_label(scenario_id: str) -> str:
    return _("Free scenarios") if scenario_id == FREE else _(scenario_pick(scenario_id).label)


def placement_text(s: Sheet) -> str:
    rule = s.placement or {}
    side = T.PLAYER_SIDE[rule.get("first", "german")]
    forbidden = [T.sector(face_title(f)) for f in rule.get("forbidden_faces", ())]
    if forbidden:
        first = nmsg("The players place these agents in turn, the {side} player first, each on a location outside "
                     "the {sectors} sector.",
                     "The players place these agents in turn, the {side} player first, each on a location outside "
                     "the {sectors} sectors.", len(forbidden), side=side, sectors=T.both(forbidden))
    else:
        first = msg("The players place these agents in turn, the {side} player first, each on a location.", side=side)
    second = (_("At most one agent of each network may start in a sector.") if rule.get("max_per_network_per_face")
              else _("Agents may share a location."))
    return f"{translate(first)} {second}"


def face_title(face_id: str) -> str:
    from ...rules.stawka.board import load_face

    return load_face(face_id).title


def kloss_words(s: Sheet) -> str:
    if s.kloss_document is None:
        return _("chosen on the new-game form")
    from .ref import short_title  # the documents tab's words (imported here: ref imports this module)

    kloss = content.agent("hans_kloss")
    return short_title(kloss, next(d for d in kloss.documents if d.id == s.kloss_document))


# ----- the tab -------------------------------------------------------------------------------------------
class ScenariosTab:
    """The tab's state and drawing; StawkaReferenceScene hands it the surface, clicks and keys."""

    def __init__(self):
        self.chosen = SCENARIO_IDS[0]
        self.mouse = (0, 0)
        self._sheets: dict[str, Sheet] = {}
        self.drawn: dict[str, tuple[int, int]] = {}  # who stands where on the last frame (tests read it)
        self.placed_drawn: list[str] = []  # the agents drawn beside the map, placed by the players

    def entries(self) -> tuple[str, ...]:
        return (*SCENARIO_IDS, FREE)

    def sheet(self, scenario_id: str) -> Sheet:
        if scenario_id not in self._sheets:
            self._sheets[scenario_id] = sheet(scenario_id)
        return self._sheets[scenario_id]

    # ----- layout -------------------------------------------------------------------------------------
    def rail_rects(self) -> list[tuple[pygame.Rect, str]]:
        step = 56
        return [(pygame.Rect(RAIL.x, RAIL.y + i * step + (12 if sid == FREE else 0), RAIL.w, step - 8), sid)
                for i, sid in enumerate(self.entries())]

    def map_geometry(self, scenario_id: str) -> tuple[float, tuple[int, int]]:
        """The zoom that fits the board in the map area (leaving the strip for placed agents) and its top-left."""
        art = BoardArt.for_scenario(scenario_id)
        w, h = art.size
        room = MAP.h - (STRIP_H + 12 if self.sheet(scenario_id).placed_by_players() else 0)
        zoom = min(MAP.w / w, room / h)
        return zoom, (MAP.centerx - round(w * zoom / 2), MAP.y)

    def start_positions(self, scenario_id: str) -> dict[str, tuple[int, int]]:
        """Screen centre of each printed start; agents sharing a space stand side by side, as at the table."""
        art = BoardArt.for_scenario(scenario_id)
        zoom, (ox, oy) = self.map_geometry(scenario_id)
        by_space = defaultdict(list)
        for who, space in self.sheet(scenario_id).starts.items():
            by_space[space].append(who)
        out = {}
        for space, ids in by_space.items():
            x, y = art.board.position(space)
            for k, who in enumerate(ids):
                out[who] = (round(ox + x * zoom + (k - (len(ids) - 1) / 2) * (2 * FIGURE_R + 4)), round(oy + y * zoom))
        return out

    def side_of(self, scenario_id: str, agent_id: str) -> str:
        return next((side for side, ids in self.sheet(scenario_id).sides.items() if agent_id in ids), "german")

    # ----- input ----------------------------------------------------------------------------------------
    def click(self, pos) -> None:
        self.chosen = next((sid for r, sid in self.rail_rects() if r.collidepoint(pos)), self.chosen)

    def key(self, key) -> bool:
        if key not in (pygame.K_DOWN, pygame.K_UP, pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            return False
        ids = self.entries()
        step = 1 if key in (pygame.K_DOWN, pygame.K_PAGEDOWN) else -1
        self.chosen = ids[(ids.index(self.chosen) + step) % len(ids)]
        return True

    # ----- drawing --------------------------------------------------------------------------------------
    def draw(self, surface, mouse) -> None:
        self.mouse = mouse
        self.drawn, self.placed_drawn = {}, []
        for rect, sid in self.rail_rects():
            self.draw_rail_button(surface, rect, scenario_label(sid), sid == self.chosen)
        if self.chosen == FREE:
            self.draw_free(surface)
            return
        self.draw_map(surface, self.chosen)
        if self.sheet(self.chosen).placed_by_players():
            self.draw_placed(surface, self.chosen)
        self.draw_notes(surface, self.chosen)

    def draw_rail_button(self, surface, rect, label: str, active: bool) -> None:
        pygame.draw.rect(surface, PAPER if active else TAB_OFF, rect, border_radius=5)
        pygame.draw.rect(surface, BRASS, rect, 3 if active else 1, border_radius=5)
        if rect.collidepoint(self.mouse) and not active:
            draw.brass_outline(surface, rect, width=1)
        size = draw.fit_size(label, rect.w - 14, 15, bold=True, smallest=13)
        font = fonts.typewriter(size, True)
        lines = [label] if font.size(label)[0] <= rect.w - 14 else draw.wrap(label, font, rect.w - 12)[:2]
        step = font.get_linesize() - 2
        for k, line in enumerate(lines):
            y = rect.centery + round((k - (len(lines) - 1) / 2) * step)
            draw.text(surface, draw.fit_line(line, font, rect.w - 12), (rect.centerx, y), size=size, bold=True,
                      anchor="center", box=rect)

    def draw_map(self, surface, scenario_id: str) -> None:
        art = BoardArt.for_scenario(scenario_id)
        zoom, topleft = self.map_geometry(scenario_id)
        image = art.scaled(zoom)
        frame = image.get_rect(topleft=topleft)
        draw.shadow(surface, frame)
        surface.blit(image, frame)
        pygame.draw.rect(surface, INK, frame, 2)
        positions = self.start_positions(scenario_id)
        tags = []
        for who, pos in positions.items():
            if who == VEHICLE:
                audi(surface, pos, FIGURE_R)
                tags.append((P.agent_name("The Black Audi"), pos, "german"))
            else:
                agent = content.agent(who)
                side = self.side_of(scenario_id, who)
                P.figure(surface, {"colour": agent.colour, "side": side}, pos, FIGURE_R)
                tags.append((short_name(agent), pos, side))
            self.drawn[who] = pos
        taken, plates = [], []
        for text, (x, y), side in sorted(tags, key=lambda t: -t[1][1]):
            P.name_tag(surface, text, (x, y - FIGURE_R - 18), side, taken, top=frame.y,
                       below=y + FIGURE_R + 4, plates=plates)
        self.draw_hovered(surface, scenario_id, positions)

    def draw_hovered(self, surface, scenario_id: str, positions) -> None:
        """The pointed figure's full name and starting place: the thumbnail's own names are small."""
        from ...rules.stawka.scenario import board_for_scenario

        hit = next((w for w, (x, y) in positions.items()
                    if abs(self.mouse[0] - x) <= FIGURE_R + 2 and abs(self.mouse[1] - y) <= FIGURE_R + 2), None)
        if hit is None:
            return
        name = P.agent_name("The Black Audi") if hit == VEHICLE else P.agent_name(content.agent(hit).name)
        place = P.place_name(board_for_scenario(scenario_id).spaces[self.sheet(scenario_id).starts[hit]].label)
        img = P.label(_("{name}: {place}").format(name=name, place=place), 14, INK, True)
        box = img.get_rect(midbottom=(positions[hit][0], positions[hit][1] - FIGURE_R - 24)).inflate(14, 8)
        box.clamp_ip(MAP)
        pygame.draw.rect(surface, PAPER, box, border_radius=4)
        pygame.draw.rect(surface, BRASS, box, 2, border_radius=4)
        surface.blit(img, img.get_rect(center=box.center))

    def draw_placed(self, surface, scenario_id: str) -> None:
        """The agents without a printed start, in a row beside (under) the map, and the rule they are placed by."""
        s = self.sheet(scenario_id)
        zoom, (_x, top) = self.map_geometry(scenario_id)
        under = top + round(BoardArt.for_scenario(scenario_id).size[1] * zoom) + 12  # just under the map
        panel = draw.paper_panel(surface, pygame.Rect(MAP.x, under, MAP.w, STRIP_H), seed=87)
        x0, w = panel.x + 14, panel.w - 28
        P.blit_text(surface, P.fit_text(_("PLACED BY THE PLAYERS"), 14, w, True), (x0, panel.y + 10), size=14,
                    bold=True, colour=STAMP_RED)
        agents = s.placed_by_players()
        slot = min(90, w // max(1, len(agents)))
        y = panel.y + 48
        taken: list[pygame.Rect] = []
        for k, (side, who) in enumerate(agents):
            agent = content.agent(who)
            cx = x0 + slot * k + slot // 2
            P.figure(surface, {"colour": agent.colour, "side": side}, (cx, y), FIGURE_R + 2)
            P.name_tag(surface, P.fit_text(short_name(agent), 12, slot - 12, True), (cx, y + FIGURE_R + 6), side,
                       taken)
            self.placed_drawn.append(who)
        top = y + FIGURE_R + 28
        draw.text_block(surface, placement_text(s), (x0, top, w, panel.bottom - top - 6), size=13, line_gap=0)

    def draw_notes(self, surface, scenario_id: str) -> None:
        s = self.sheet(scenario_id)
        panel = draw.paper_panel(surface, NOTES, seed=89)
        x, w = panel.x + 16, panel.w - 32
        label = scenario_label(scenario_id)
        draw.typed_heading(surface, label, (x, panel.y + 10), size=draw.fit_size(label, w, 24, face=fonts.SERIF,
                                                                                    bold=True, smallest=16))
        y = panel.y + 50
        facts = self.facts(s)
        key_w = min(w // 2, max(fonts.typewriter(12, True).size(k)[0] for k, _v in facts) + 12)
        for key, value in facts:
            P.blit_text(surface, P.fit_text(key, 12, key_w - 8, True), (x, y + 1), size=12, bold=True, colour=FADED)
            y += draw.text_block(surface, value, (x + key_w, y, w - key_w, 40), size=14, bold=True, line_gap=0) + 3
        if not scenario_pick(scenario_id).playable:
            y += draw.text_block(surface, _("Not playable yet: coming in a later version."), (x, y + 2, w, 40),
                                 size=13, bold=True, colour=STAMP_RED, line_gap=0) + 4
        y += 8
        y = self.notes_section(surface, _("HOW TO WIN"), [_(WIN[scenario_id])], (x, y, w, panel.bottom - 8))
        self.notes_section(surface, _("SPECIAL RULES"), [_(line) for line in SPECIAL[scenario_id]],
                           (x, y + 6, w, panel.bottom - 8))

    @staticmethod
    def facts(s: Sheet) -> list[tuple[str, str]]:
        stages = (_("no stage limit") if s.stages is None
                  else ngettext("{n} stage", "{n} stages", s.stages).format(n=s.stages))
        cards = (_("not used (ADVANCED rules only)") if s.card_limit is None
                 else _("up to {n} in hand").format(n=s.card_limit))
        return [(_("RULES"), P.level_name(s.level).upper()), (_("STAGES"), stages), (_("LOCATION CARDS"), cards),
                (_("KLOSS'S DOCUMENT"), kloss_words(s))]

    @staticmethod
    def notes_section(surface, heading: str, lines: list[str], box) -> int:
        x, y, w, bottom = box
        P.blit_text(surface, P.fit_text(heading, 13, w, True), (x, y), size=13, bold=True, colour=STAMP_RED)
        y += 20
        for line in lines:
            bullet(surface, (x + 4, y), 13)
            y += draw.text_block(surface, line, (x + 12, y, w - 12, bottom - y), size=13, line_gap=0) + 4
        return y

    def draw_free(self, surface) -> None:
        panel = draw.paper_panel(surface, pygame.Rect(MAP.x, MAP.y, NOTES.right - MAP.x, 330), seed=91)
        x, w = panel.x + 20, panel.w - 40
        draw.typed_heading(surface, _("Free scenarios"), (x, panel.y + 12), size=26)
        y = panel.y + 58
        for line in FREE_LINES:
            bullet(surface, (x + 4, y), 14)
            text = _(line).format(scenario=_("Scenario"), build=_("Free scenario: build a new one"))
            y += draw.text_block(surface, text, (x + 14, y, w - 14, panel.bottom - y - 8), size=14, line_gap=1) + 8


def bullet(surface, topleft, size: int) -> None:
    """A dot beside the first line of a note whose top is at topleft's y."""
    pygame.draw.circle(surface, INK, (topleft[0], topleft[1] + fonts.typewriter(size).get_linesize() // 2), 2)


def short_name(agent: content.Agent) -> str:
    """The table's name plate (art.short_name): a chief's surname, else the first name."""
    from .art import short_name as table_short_name

    return table_short_name({"name": agent.name, "chief": agent.chief})


def audi(surface, center, r: int) -> pygame.Rect:
    """The Black Audi at its start, the table's own piece (pieces.black_audi), sized to the map's figures."""
    body = pygame.Rect(0, 0, 2 * r + 16, r + 6)
    body.center = center
    return P.black_audi(surface, body)
