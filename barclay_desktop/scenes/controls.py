"""The controls of a game table: one type for everything a player can click on it.

A game's table builds its controls from the view, the seat and the choices the player has
started on the table (`make_controls(view, seat, ui)`); the table base (SessionScene) keeps
the list drawn this frame and answers every question about it: which control is under the
mouse, which one takes an action, which actions the number keys pick, what a hint rings."""

from __future__ import annotations

import attrs
import pygame


@attrs.define
class Control:
    rect: pygame.Rect
    action: object = None  # the action a click takes; None: it changes a choice on the table (arms, selects)
    label: str = ""  # the words on it (a hint names the first labelled control of its action)
    kind: str = "button"  # what it is, for the game's drawing: button, card, space, hand, agent, ...
    key: object = None  # what it stands for: a card id, a troop's rank, an agent, a token...
    note: str = ""  # why it cannot be used now (a troop in hand with no place to go)
    danger: bool = False  # a grave choice, drawn in warning colours (giving up)


def control_at(controls: list[Control], pos, kinds: tuple[str, ...] | None = None) -> Control | None:
    """The first control listed whose rect holds `pos` (of one of `kinds`, if given). A table lists
    the control that lies on top first where two overlap."""
    return next((c for c in controls if c.rect.collidepoint(pos) and (kinds is None or c.kind in kinds)), None)


def keyed(controls: list[Control], kind: str, key) -> list[Control]:
    """The controls of `kind` that stand for `key` (a card, a troop, an agent)."""
    return [c for c in controls if c.kind == kind and c.key == key]


def numbered(controls: list[Control], groups: tuple[tuple[str, ...], ...]) -> list:
    """The actions in the order the table numbers them (keys 1-9 pick the first nine): the
    controls of each group of kinds in turn, in the order listed, each action once."""
    out: list = []
    for kinds in groups:
        for c in controls:
            if c.action is not None and c.kind in kinds and c.action not in out:
                out.append(c.action)
    return out
