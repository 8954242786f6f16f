"""Issue 38: the packaged app (build.spec) leaves out pygame_gui's fonts for scripts the app never
shows (37 of the bundle's 105 MB), and none of them is a font pygame_gui loads for a language the
app speaks: a missing one would stop the frozen app at its first screen."""

from __future__ import annotations

import ast
from pathlib import Path

import pygame_gui

from barclay_desktop.i18n import LANGUAGE_NAMES

SPEC = Path(__file__).resolve().parent.parent / "build.spec"
GUI_DATA = Path(pygame_gui.__file__).resolve().parent / "data"


def unused_gui_fonts() -> tuple[str, ...]:
    """build.spec's UNUSED_GUI_FONTS (file name prefixes), read without running the spec."""
    for node in ast.parse(SPEC.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "UNUSED_GUI_FONTS" for t in node.targets):
            return ast.literal_eval(node.value)
    raise AssertionError("build.spec no longer names UNUSED_GUI_FONTS")


def left_out(name: str) -> bool:
    return name.startswith(unused_gui_fonts())  # the spec's own test on a file's base name


def default_font_files(app) -> dict[str, set[str]]:
    """Per language the app speaks, the files pygame_gui loads for its default and symbol fonts."""
    fonts = app.gui.manager().get_theme().get_font_dictionary()
    by_locale = fonts.default_font_dictionary
    files = {}
    for lang in LANGUAGE_NAMES:
        face = by_locale.get(lang, by_locale["en"])  # pygame_gui's own fallback: the Latin font
        symbols = fonts._default_symbols_font  # always loaded (no public name for it)
        files[lang] = {f for font in (face, symbols) for f in
                       (font.regular_file_name, font.bold_file_name, font.italic_file_name, font.bold_italic_file_name)}
    return files


def test_no_font_pygame_gui_needs_for_english_dutch_or_polish_is_left_out(app):
    for lang, files in default_font_files(app).items():
        assert files and not any(left_out(f) for f in files), lang
        assert all((GUI_DATA / f).is_file() for f in files), lang


def test_the_left_out_fonts_are_the_big_ones_and_still_exist():
    data_fonts = [p for p in GUI_DATA.iterdir() if p.suffix in (".ttf", ".otf")]
    gone = [p for p in data_fonts if left_out(p.name)]
    for prefix in unused_gui_fonts():  # a renamed font in a new pygame_gui would slip back in
        assert any(p.name.startswith(prefix) for p in gone), prefix
    assert {"NotoSansJP-Regular.otf", "NotoSansKR-Regular.ttf", "NotoSansSC-Regular.otf"} <= {p.name for p in gone}
    assert sum(p.stat().st_size for p in gone) > 30_000_000  # what the bundle saves, in bytes
