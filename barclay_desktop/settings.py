"""Player settings as JSON in the platform's config dir (or BARCLAY_DESKTOP_HOME/config)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import attrs

from .saves import HOME_ENV, write_atomic

WINDOW_SIZES = ((1280, 720), (1600, 900), (1920, 1080), (2560, 1440))
ANIMATION_SPEEDS = {"off": 0.0, "fast": 2.0, "normal": 1.0, "slow": 0.5}


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
            problems.append(f"window_size {size!r} is not a size")
        for key in ("fullscreen", "hide_private", "hint_button"):
            value = data.get(key, getattr(out, key))
            if isinstance(value, bool):
                setattr(out, key, value)
            else:
                problems.append(f"{key} must be true or false")
        for key, low, high in (("volume", 0.0, 1.0), ("animation_speed", 0.0, 4.0)):
            value = data.get(key, getattr(out, key))
            if isinstance(value, (int, float)) and not isinstance(value, bool) and low <= value <= high:
                setattr(out, key, float(value))
            else:
                problems.append(f"{key} must be a number from {low:g} to {high:g}")
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
    """The stored settings, or defaults with a message saying what was wrong."""
    path = Path(path) if path is not None else settings_path()
    if not path.exists():
        return Settings(), None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        return Settings(), f"Settings file {path} could not be read ({exc}); using defaults."
    settings, problems = Settings.from_json(data)
    if problems:
        return settings, "Some settings were invalid and reset: " + "; ".join(problems) + "."
    return settings, None


def save_settings(settings: Settings, path: Path | None = None) -> None:
    write_atomic(Path(path) if path is not None else settings_path(), json.dumps(settings.to_json(), indent=2))
