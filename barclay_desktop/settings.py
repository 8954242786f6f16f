"""Player settings as JSON in the platform's config dir (or BARCLAY_DESKTOP_HOME/config)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import attrs

from .checked_json import DamagedFile, read_json_file
from .saves import HOME_ENV, write_atomic

WINDOW_SIZES = ((1280, 720), (1600, 900), (1920, 1080), (2560, 1440))
MAX_SETTINGS_BYTES = 64 * 1024  # the file the app writes is about 200 bytes
MAX_SETTINGS_DEPTH = 4
LABELS = {"fullscreen": "fullscreen", "hide_private": "hide private information", "hint_button": "hint button",
          "volume": "volume", "animation_speed": "animation speed"}
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

    def to_json(self) -> dict:
        return {
            "window_size": list(self.window_size),
            "fullscreen": self.fullscreen,
            "volume": self.volume,
            "animation_speed": self.animation_speed,
            "hide_private": self.hide_private,
            "hint_button": self.hint_button,
        }

    @classmethod
    def from_json(cls, data) -> tuple["Settings", list[str]]:
        """Settings plus the problems found; each bad field falls back to its default."""
        out = cls()
        problems: list[str] = []
        if not isinstance(data, dict):
            return out, ["the settings file is not a JSON object"]
        size = data.get("window_size", list(out.window_size))
        if isinstance(size, list) and len(size) == 2 and all(isinstance(v, int) and 320 <= v <= 8192 for v in size):
            out.window_size = (size[0], size[1])
        else:
            problems.append("the window size must be two whole numbers from 320 to 8192")
        for key in ("fullscreen", "hide_private", "hint_button"):
            value = data.get(key, getattr(out, key))
            if isinstance(value, bool):
                setattr(out, key, value)
            else:
                problems.append(f"{LABELS[key]} must be on or off")
        for key, low, high in (("volume", 0.0, 1.0), ("animation_speed", 0.0, 4.0)):
            value = data.get(key, getattr(out, key))
            if isinstance(value, (int, float)) and not isinstance(value, bool) and low <= value <= high:
                setattr(out, key, float(value))
            else:
                problems.append(f"{LABELS[key]} must be a number from {low:g} to {high:g}")
        return out, problems


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
        return Settings(), f"Your settings file could not be read, so the defaults are used (the file is kept). {exc}"
    except Exception:  # a check this version lacks: the defaults still start the app
        return Settings(), "Your settings file could not be read, so the defaults are used (the file is kept)."
    if problems:
        return settings, "Some settings were invalid and are back to their defaults: " + "; ".join(problems) + "."
    return settings, None


def save_settings(settings: Settings, path: Path | None = None) -> None:
    write_atomic(Path(path) if path is not None else settings_path(), json.dumps(settings.to_json(), indent=2))
