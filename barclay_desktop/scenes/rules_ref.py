"""Rules reference: docs/rules/<game_id>.md in a scrolling text box, plus the game's own
browsable reference (TableEntry.reference) when it has one."""

from __future__ import annotations

import re

import pygame
import pygame_gui

from ..resources import project_root
from .. import games
from .. import i18n
from ..i18n import _, translate
from ..ui import draw, gui
from .base import GuiScene
from .menu import draw_desk

TEXT_RECT = pygame.Rect(48, 150, 1184, 500)
# Heading sizes in pixels (pygame_gui's HTML sizes 4-6 are 14-24 px: a ### heading came out
# smaller than the 16 px body text, issue 32). Garamond reads smaller than Courier at one size.
HEADING_PX = {1: 30, 2: 24, 3: 20}


def rules_path(game_id: str, language: str = "en"):
    """docs/rules/<language>/<game>.md when that translation exists, else the English text."""
    folder = project_root() / "docs" / "rules"
    translated = folder / language / f"{game_id}.md"
    return translated if language != "en" and translated.is_file() else folder / f"{game_id}.md"


def read_rules(game_id: str, language: str = "en") -> str:
    path = rules_path(game_id, language)
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return "# {title}\n\n{why}".format(title=_(games.descriptor(game_id).title),
                                          why=_("The rules text for this game is not written yet."))
    except (OSError, UnicodeDecodeError) as exc:
        return "# {title}\n\n{why}".format(title=_("Rules unavailable"), why=_(
            "The rules file {path} cannot be read: {reason}").format(path=path, reason=exc))


def markdown_to_html(text: str) -> str:
    """The small markdown subset rule texts use, as pygame_gui's HTML subset:
    #/##/### headings, **bold**, *italic*, `code`, - bullets, blank-line paragraphs.
    Wrapped lines are joined first, so emphasis may span a line break as in markdown."""
    out = []
    for kind, body in _blocks(text):
        if kind == "blank":
            out.append("")
        elif kind.startswith("h"):
            size = HEADING_PX[int(kind[1])]
            out.append(f"<font face='eb_garamond' pixel_size={size}><b>{_inline(gui.escape(body))}</b></font>")
        elif kind.startswith("li"):
            indent = "&nbsp;" * (2 + int(kind[2:]))
            out.append(f"{indent}- {_inline(gui.escape(body))}")
        else:
            out.append(_inline(gui.escape(body)))
    return "<br>".join(out)


def _blocks(text: str) -> list[tuple[str, str]]:
    """(kind, text) per paragraph, heading ("h1".."h3"), bullet ("li<indent>") or blank line."""
    blocks: list[list[str]] = []
    for raw in text.splitlines():
        line = raw.rstrip()
        heading = re.match(r"^(#{1,3})\s+(.*)$", line)
        bullet = re.match(r"^(\s*)[-*]\s+(.*)$", line)
        if not line.strip():
            blocks.append(["blank", ""])
        elif heading:
            blocks.append([f"h{len(heading.group(1))}", heading.group(2)])
        elif bullet:
            blocks.append([f"li{len(bullet.group(1))}", bullet.group(2)])
        elif blocks and blocks[-1][0] not in ("blank",) and not blocks[-1][0].startswith("h"):
            blocks[-1][1] += " " + line.strip()  # a wrapped line continues its paragraph or bullet
        else:
            blocks.append(["p", line.strip()])
    return [(k, v) for k, v in blocks]


def _inline(line: str) -> str:
    line = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", line)
    line = re.sub(r"(?<![*\w])\*(?!\s)(.+?)\*(?![*\w])", r"<i>\1</i>", line)
    line = re.sub(r"`(.+?)`", r"<b>\1</b>", line)
    return line


class RulesScene(GuiScene):
    name = "rules"
    cache_background = True

    def __init__(self, app, game_id: str | None = None, session=None):
        super().__init__(app)
        self.game_id = game_id or games.game_ids()[0]
        self.session = session  # opened from a game: its own options are named first
        self.box = None
        self.tabs: dict[str, pygame_gui.elements.UIButton] = {}
        self.back = None
        self.reference_button = None

    def build(self) -> None:
        for i, gid in enumerate(games.game_ids()):
            self.tabs[gid] = gui.button(self.ui, (48 + i * 250, 96, 236, 40), _(games.descriptor(gid).tab))
        self.back = gui.button(self.ui, (48, 664, 160, 40), _("Back"))
        self.show(self.game_id)

    def show(self, game_id: str) -> None:
        self.game_id = game_id
        for gid, tab in self.tabs.items():
            (tab.select if gid == game_id else tab.unselect)()
        if self.box is not None:
            self.box.kill()
        self.box = gui.text_box(self.ui, TEXT_RECT, "<i>{}</i>".format(gui.escape(_("Opening the file..."))))
        self.app.background(read_rules, game_id, i18n.language(), on_done=lambda f, gid=game_id: self._loaded(gid, f))
        if self.reference_button is not None:
            self.reference_button.kill()
            self.reference_button = None
        entry = _entry(game_id)
        if entry is not None and entry.reference is not None:
            # 360 px: "Agenten, voorwerpen en plannen" (Dutch) needs more than the English 300
            self.reference_button = gui.button(self.ui, (1232 - 360, 664, 360, 40), translate(entry.reference_label),
                                               object_id="@primary")

    def _loaded(self, game_id: str, future) -> None:
        if self.ui is None or game_id != self.game_id:
            return
        text = (future.result() if future.exception() is None
                else _("Cannot read the rules: {problem}").format(problem=future.exception()))
        note = self.game_note(game_id)
        if note:
            text = f"**{translate(note)}**\n\n{text}"
        self.box.kill()
        self.box = gui.text_box(self.ui, TEXT_RECT, markdown_to_html(text))

    def game_note(self, game_id: str) -> str:
        """The running game's options, for its own rules tab (TableEntry.rules_note)."""
        if self.session is None or self.session.game_id != game_id:
            return ""
        entry = _entry(game_id)
        return entry.rules_note(self.session) if entry is not None and entry.rules_note else ""

    def on_gui(self, event) -> bool:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        if event.ui_element is self.back:
            self.app.pop()
            return True
        if self.reference_button is not None and event.ui_element is self.reference_button:
            self.app.push(_entry(self.game_id).reference(self.app))
            return True
        for gid, tab in self.tabs.items():
            if event.ui_element is tab:
                self.show(gid)
                return True
        return False

    def on_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        return False

    def draw_background(self, surface: pygame.Surface) -> None:
        draw_desk(surface, blotter=False)
        draw.typed_heading(surface, _("Rules of play"), (48, 28), size=44, colour=(239, 230, 208))


def _entry(game_id: str):
    from .table_entry import entry_for

    try:
        return entry_for(game_id)
    except ImportError:
        return None
