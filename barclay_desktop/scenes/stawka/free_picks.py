"""The free scenarios on the new-game form (issue 36, the plan's 4.1): "build a new one", one line per saved
scenario, and a damaged file listed as such with its reason (never picked, never hiding the others). A picked saved
scenario becomes the game's options {"scenario": "free", "free": spec} when the game starts."""

from __future__ import annotations

from ...games import Pick
from ...i18n import N_, _, ngettext, translate

BUILD = "free:build"
PREFIX = "free:"
LEVELS = {"basic": N_("BASIC rules"), "extended": N_("EXTENDED rules"), "advanced": N_("ADVANCED rules")}


def picks() -> tuple[Pick, ...]:
    """The form's extra scenario picks, read from the scenarios folder each time the form is built."""
    from ... import free_scenarios as store

    out = [Pick(BUILD, N_("Free scenario: build a new one"),
                N_("Lay your own board, draw the agents, and choose the rules and how the game is won."),
                opens="barclay_desktop.scenes.stawka.builder:BuilderScene")]
    for info in store.list_scenarios():
        value = PREFIX + info.path.stem
        if info.ok:
            out.append(Pick(value, _("Free: {name}").format(name=info.name), facts_line(info.facts),
                            saved_name=info.name))
        else:
            out.append(Pick(value, _("Free: {name} (damaged)").format(name=info.name), translate(info.message),
                            playable=False, saved_name=info.name))
    return tuple(out)


def facts_line(facts: dict) -> str:
    from ...rules.stawka.free_scenario import OPTION_NAMES

    return _("A free scenario: {sectors}, {level}, victory \u201c{option}\u201d, {stages}.").format(
        sectors=ngettext("{n} sector", "{n} sectors", facts["sectors"]).format(n=facts["sectors"]),
        level=_(LEVELS[facts["level"]]), option=translate(OPTION_NAMES[facts["option"]]),
        stages=ngettext("{n} stage", "{n} stages", facts["stages"]).format(n=facts["stages"]))


def is_saved(value) -> bool:
    return isinstance(value, str) and value.startswith(PREFIX) and value != BUILD


def path_of(value: str):
    from ... import free_scenarios as store

    return store.scenarios_dir() / f"{value[len(PREFIX):]}.json"


def forget(value: str) -> None:
    """Delete a saved scenario's file from the scenarios folder (the form asked first); ScenarioFileError with the
    player's sentence when it cannot be."""
    from ... import free_scenarios as store

    if not is_saved(value):
        raise ValueError(f"not a saved scenario: {value!r}")
    store.delete(path_of(value))


def expand(options: dict) -> dict:
    """The game's options for a picked saved scenario (its file read and checked again now); ScenarioFileError
    with the player's sentence when the file went bad since the form was opened."""
    from ... import free_scenarios as store

    if not is_saved(options.get("scenario")):
        return options
    doc = store.read(path_of(options["scenario"]))
    return {**options, "scenario": "free", "free": doc["scenario"]}
