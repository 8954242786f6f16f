"""Where the app's data lives, from source and when frozen by PyInstaller."""

from __future__ import annotations

import sys
from pathlib import Path


def project_root() -> Path:
    """The folder holding `assets/` and `maps/`: the bundle dir when frozen, else the source tree."""
    frozen_base = getattr(sys, "_MEIPASS", None)
    if frozen_base:
        return Path(frozen_base)
    return Path(__file__).resolve().parent.parent


def asset_path(*parts: str) -> Path:
    return project_root().joinpath("assets", *parts)


def map_path(*parts: str) -> Path:
    return project_root().joinpath("maps", *parts)


def sample_saves_path(*parts: str) -> Path:
    return project_root().joinpath("saves", *parts)
