"""Quiet, short sound effects with one volume; silent (never crashing) without an audio device.

Sounds are the WAVs in assets/sounds/ (made by tools/generate_sounds.py)."""

from __future__ import annotations

import pygame

from .resources import asset_path

NAMES = ("card_slide", "stamp", "dice", "type_tick", "click")


class Sound:
    def __init__(self, volume: float = 0.5):
        self.volume = volume
        self._cache: dict[str, pygame.mixer.Sound | None] = {}
        self.available = self._init_mixer()

    @staticmethod
    def _init_mixer() -> bool:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=22050, size=-16, channels=1, buffer=512)
            return True
        except pygame.error:
            return False

    def set_volume(self, volume: float) -> None:
        self.volume = max(0.0, min(1.0, volume))
        for snd in self._cache.values():
            if snd is not None:
                snd.set_volume(self.volume)

    def play(self, name: str) -> None:
        if not self.available or self.volume <= 0:
            return
        snd = self._load(name)
        if snd is not None:
            snd.play()

    def _load(self, name: str):
        if name not in self._cache:
            try:
                snd = pygame.mixer.Sound(str(asset_path("sounds", f"{name}.wav")))
                snd.set_volume(self.volume)
            except (pygame.error, FileNotFoundError):
                snd = None  # a missing sound is not worth stopping a game for
            self._cache[name] = snd
        return self._cache[name]

    def close(self) -> None:
        self._cache.clear()
        if self.available and pygame.mixer.get_init():
            pygame.mixer.quit()
