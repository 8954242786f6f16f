"""Player settings as JSON in the platform's config dir (or BARCLAY_DESKTOP_HOME/config)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import attrs

from .checked_json import DamagedFile, read_json_file
from .i18n import CHOICES as LANGUAGE_CHOICES
from .i18n import SYSTEM
from .rules.core.message import Joined, msg
from .saves import HOME_ENV, write_atomic

WINDOW_SIZES = ((1280, 720), (1600, 900), (1920, 1080), (2560, 1440))
MAX_SETTINGS_BYTES = 64 * 1024  # the file the app writes is about 200 bytes
MAX_SETTINGS_DEPTH = 4
# The problems below are Messages (rules/core/message.py): the notice that shows them is
# drawn in the player's language, which is only known once these settings are read.
ON_OFF_PROBLEMS = {"fullscreen": msg("fullscreen must be on or off"),
                   "hide_private": msg("hide private information must be on or off"),
                   "hint_button": msg("hint button must be on or off")}
ANIMATION_SPEEDS = {"off": 0.0, "fast": 2.0, "normal": 1.0, "slow": 0.5}


def animation_seconds(settings, base: float) -> float:
    """How long an animation that takes `base` seconds at normal speed lasts with the player's
    animation speed: fast is shorter, slow longer, off 0 (the end state at once). Every table
    and overlay times its motion through this, so the setting means the same in every game.
    `settings` may be anything with an `animation_speed` (tests pass a bare namespace)."""
    speed = getattr(settings, "animation_speed", 1.0) or 0.0
    return base / speed if speed > 0 else 0.0


@attrs.define
class Settings:
    window_size: tuple[int, int] = (1280, 720)
    fullscreen: bool = False
    volume: float = 0.5  # 0..1; 0 is muted
    animation_speed: float = 1.0  # multiplies animation speed; 0 = instant
    hide_private: bool = True  # default of "hide private information between turns" for new games
    hint_button: bool = False  # tables offer a Hint button (a computer suggests a move; hints are counted)
    language: str = SYSTEM  # "system" (the computer's locale), "en", "nl" or "pl" (issue 37)
    games_opened: tuple[str, ...] = ()  # games whose file was opened once: the lesson is offered before (issue 40)

    def to_json(self) -> dict:
        return {
            "window_size": list(self.window_size),
            "fullscreen": self.fullscreen,
            "volume": self.volume,
            "animation_speed": self.animation_speed,
            "hide_private": self.hide_private,
            "hint_button": self.hint_button,
            "language": self.language,
            "games_opened": list(self.games_opened),
        }

    @classmethod
    def from_json(cls, data) -> tuple["Settings", list[str]]:
        """Settings plus the problems found; each bad field falls back to its default."""
        out = cls()
        problems: list[str] = []
        if not isinstance(data, dict):
            return out, [msg("the settings file is not a JSON object")]
        size = data.get("window_size", list(out.window_size))
        if isinstance(size, list) and len(size) == 2 and all(isinstance(v, int) and 320 <= v <= 8192 for v in size):
            out.window_size = (size[0], size[1])
        else:
            problems.append(msg("the window size must be two whole numbers from {low} to {high}", low=320, high=8192))
        for key in ("fullscreen", "hide_private", "hint_button"):
            value = data.get(key, getattr(out, key))
            if isinstance(value, bool):
                setattr(out, key, value)
            else:
                problems.append(ON_OFF_PROBLEMS[key])
        for key, low, high in (("volume", 0.0, 1.0), ("animation_speed", 0.0, 4.0)):
            value = data.get(key, getattr(out, key))
            if isinstance(value, (int, float)) and not isinstance(value, bool) and low <= value <= high:
                setattr(out, key, float(value))
            else:
                problems.append(_range_problem(key, low, high))
        opened = data.get("games_opened", [])
        if isinstance(opened, list) and len(opened) <= 16 and all(isinstance(g, str) and g.isidentifier() for g in opened):
            out.games_opened = tuple(dict.fromkeys(opened))
        else:
            problems.append(msg("the list of games already opened is damaged"))
        language = data.get("language", out.language)
        if language in LANGUAGE_CHOICES:
            out.language = language
        else:
            problems.append(msg("the language must be English, Nederlands, Polski or the system's"))
        return out, problems


def _range_problem(key: str, low: float, high: float):
    # msg() with the literal msgid, so extraction finds each of them
    low_text, high_text = f"{low:g}", f"{high:g}"
    if key == "volume":
        return msg("volume must be a number from {low} to {high}", low=low_text, high=high_text)
    return msg("animation speed must be a number from {low} to {high}", low=low_text, high=high_text)


def config_dir() -> Path:
    override = os.environ.get(HOME_ENV)
    if override:
        return Path(override) / "config"
    import platformdirs

    return Path(platformdirs.user_config_dir("BarclayDesktop", appauthor=False))


def settings_path() -> Path:
    return config_dir() / "settings.json"


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The stored settings, or defaults with one message saying what was wrong.

    The file is only read here, never rewritten: a damaged one stays as it is until the
    player saves settings again, so nothing in it is lost."""
    path = Path(path) if path is not None else settings_path()
    try:
        if not path.is_file():
            return Settings(), None
        data = read_json_file(path, max_bytes=MAX_SETTINGS_BYTES, max_depth=MAX_SETTINGS_DEPTH)
        settings, problems = Settings.from_json(data)
    except DamagedFile as exc:
        return Settings(), msg("Your settings file could not be read, so the defaults are used (the file is kept). "
                               "{detail}", detail=exc.message)  # a Message: translated with the rest
    except Exception:  # a check this version lacks: the defaults still start the app
        return Settings(), msg("Your settings file could not be read, so the defaults are used (the file is kept).")
    if problems:
        return settings, msg("Some settings were invalid and are back to their defaults: {problems}.",
                             problems=Joined(problems))
    return settings, None


def save_settings(settings: Settings, path: Path | None = None) -> None:
    write_atomic(Path(path) if path is not None else settings_path(), json.dumps(settings.to_json(), indent=2))
