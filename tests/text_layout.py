"""The render check's eye (issue 32, "a test that keeps it so"): where text was drawn in one
frame, and what is wrong with it: wider than the box it was meant for, cut by the edge of the
surface it was drawn on, on top of another text of the same scene, or hidden under a widget.

Text is recorded by the shared helpers (barclay_desktop.ui.text_record); pygame_gui widgets
are read from each visible scene's manager."""

from __future__ import annotations

import itertools

import pygame
import pygame_gui

from barclay_desktop.ui import text_record, widgets

CANVAS = pygame.Rect(0, 0, 1280, 720)
SLACK = 1  # anti-aliasing may put a pixel past a box edge: not a visible overflow


def ink(rect: pygame.Rect) -> pygame.Rect:
    """The part of a rendered line that carries ink: a font's line box has empty space above
    the capitals and below the descenders, where neighbouring lines may touch."""
    return rect.inflate(-2, -(rect.h * 2 // 5))


def frame_problems(app, frames: int = 1, only=None) -> list[str]:
    """Run `frames` frames recording text; every problem of the last one, as 'scene: text: what'.
    `only`: the scenes to judge (default: every visible scene; app notices are always judged)."""
    scenes = app.stack.visible() if only is None else only
    names = {scene.name for scene in scenes} | {""}
    _tofu.clear()  # keyed by font id: fonts die with an app
    with text_record.recording() as rec:
        app.run_frames(frames - 1)
        widgets._prompt_image.cache_clear()  # the strip's text is drawn once per text, then blitted
        rec.clear()
        app.run_frames(1)
        items = [i for i in rec.items if i.layer in names]
        cuts = [c for c in rec.cuts if c[0] in names]
    problems = drawn_problems(items) + [f"{layer or 'notice'}: {text[:60]!r}: {how}" for layer, how, text in cuts]
    top = app.stack.top
    for scene in scenes:  # app notices are drawn over the top scene
        problems += widget_problems(scene, [i for i in items if i.layer == scene.name
                                            or (i.layer == "" and scene is top)])
    return sorted(set(problems))


def surface_key(item) -> object:
    """Full-canvas layers (cached backgrounds) are the screen itself."""
    return "canvas" if item.surface.get_size() == CANVAS.size else id(item.surface)


MISSING_LETTERS = "letters missing from its font"
_tofu: dict = {}


def missing_letters(font: pygame.font.Font, text: str) -> list[str]:
    """Letters `font` draws as its empty box (the face has no glyph for them)."""
    def looks(char):
        key = (id(font), char)
        if key not in _tofu:
            _tofu[key] = pygame.image.tobytes(font.render(char, True, (0, 0, 0)), "RGBA")
        return _tofu[key]

    return sorted({c for c in text if not c.isascii() and looks(c) == looks("\ue000")})


def drawn_problems(items) -> list[str]:
    unique = list({(i.text, tuple(i.rect), i.layer, surface_key(i)): i for i in items}.values())
    return [p for item in unique for p in fit_problems(item)] + overlap_problems(unique)


def fit_problems(item) -> list[str]:
    """Letters the font lacks, wider than its box, cut by its surface's edge."""
    problems, where, box = [], f"{item.layer or 'notice'}: {item.text[:60]!r}", item.box
    if item.font is not None and (lost := missing_letters(item.font, item.text)):
        problems.append(f"{where}: {MISSING_LETTERS} ({' '.join(lost)})")
    if box is not None and (item.rect.left < box.left - SLACK or item.rect.right > box.right + SLACK):
        problems.append(f"{where}: {item.rect.w}px wide, its box {box.w}px (at x {box.x})")
    if not item.surface.get_rect().inflate(2 * SLACK, 2 * SLACK).contains(item.rect):
        problems.append(f"{where}: cut by the edge of its {item.surface.get_width()}x"
                        f"{item.surface.get_height()} surface at {tuple(item.rect)}")
    return problems


def overlap_problems(unique) -> list[str]:
    """Two texts of one scene on one surface whose inked parts meet (a text and its drop
    shadow, one or two pixels apart, are one text)."""
    problems, groups = [], {}
    for item in unique:
        groups.setdefault((surface_key(item), item.layer), []).append(item)
    for members in groups.values():
        for a, b in itertools.combinations(members, 2):
            if a.text == b.text and abs(a.rect.x - b.rect.x) <= 2 and abs(a.rect.y - b.rect.y) <= 2:
                continue
            if ink(a.rect).colliderect(ink(b.rect)):
                problems.append(f"{a.layer or 'notice'}: {a.text[:40]!r} overlaps {b.text[:40]!r} "
                                f"at {tuple(a.rect.clip(b.rect))}")
    return problems


def widgets_of(scene) -> list:
    ui = getattr(scene, "ui", None)
    if ui is None:
        return []
    return [e for e in ui.get_sprite_group().sprites()
            if e.visible and not isinstance(e, pygame_gui.elements.UITooltip)]


def widget_problems(scene, items) -> list[str]:
    """Buttons and labels whose text is wider than the widget; drawn text under a widget."""
    problems = []
    widgets = widgets_of(scene)
    for element in widgets:
        text = getattr(element, "text", None)
        font = getattr(element, "font", None)
        if isinstance(element, (pygame_gui.elements.UIButton, pygame_gui.elements.UILabel)) and text and font:
            # a label is sized to its text; a button's border takes 2 px a side
            room = element.rect.w + SLACK if isinstance(element, pygame_gui.elements.UILabel) else element.rect.w - 4
            width = font.size(text)[0]
            if width > room:
                problems.append(f"{scene.name}: {text[:60]!r}: {width}px wide in a {element.rect.w}px "
                                f"{type(element).__name__}")
    solid = [e.rect for e in widgets if isinstance(e, (pygame_gui.elements.UIButton, pygame_gui.elements.UITextBox,
                                                       pygame_gui.elements.UITextEntryLine,
                                                       pygame_gui.elements.UISelectionList))]
    for item in items:
        if surface_key(item) != "canvas":
            continue
        for rect in solid:
            if ink(item.rect).colliderect(rect):
                problems.append(f"{scene.name}: {item.text[:60]!r} hidden under a widget at {tuple(rect)}"
                                if item.layer else f"{scene.name}: the notice {item.text[:60]!r} covers the "
                                f"widget at {tuple(rect)}")
    return problems


def covered_tool_tips(app) -> list[str]:
    """Tooltips of a scene that another scene covers, alive or only still drawn (pygame_gui
    refreshes what a manager draws in its update, which a covered scene does not get)."""
    problems = []
    for scene in list(app.stack)[:-1]:
        if getattr(scene, "ui", None) is None:
            continue
        group = scene.ui.get_sprite_group()
        live = {id(sprite.image) for sprite in group.sprites()}
        problems += [f"{scene.name}: tooltip {e.tool_tip_text!r} over the scene above it"
                     for e in widgets_of(scene) if getattr(e, "tool_tip", None)]
        problems += [f"{scene.name}: a removed widget still drawn at {tuple(entry[1])}"
                     for entry in group.visible if id(entry[0]) not in live]
    return problems
