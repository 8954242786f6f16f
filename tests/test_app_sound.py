"""Sounds: short, shipped for every name the client plays, and silent without a device."""

import wave

import pygame

from barclay_desktop import sound as sound_mod
from barclay_desktop.resources import asset_path
from barclay_desktop.sound import NAMES, Sound


def test_every_sound_is_shipped_short_and_mono():
    for name in NAMES:
        with wave.open(str(asset_path("sounds", f"{name}.wav"))) as wav:
            seconds = wav.getnframes() / wav.getframerate()
            assert 0.01 < seconds <= 0.7 and wav.getnchannels() == 1, name


def test_no_audio_device_means_silence_not_a_crash(monkeypatch):
    def no_device(*a, **k):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(sound_mod.pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(sound_mod.pygame.mixer, "init", no_device)
    snd = Sound(0.5)
    assert snd.available is False
    for name in NAMES:
        snd.play(name)
    snd.set_volume(0.0)
    snd.close()


def test_a_missing_sound_file_is_skipped(monkeypatch):
    """Checked with or without an audio device: the mixer is stood in for, so the test
    always reaches the missing file (it asserted nothing on a machine without audio)."""
    loaded = []

    def load(path):
        loaded.append(path)
        raise FileNotFoundError(path)

    monkeypatch.setattr(sound_mod.pygame.mixer, "get_init", lambda: (22050, -16, 1))
    monkeypatch.setattr(sound_mod.pygame.mixer, "Sound", load)
    snd = Sound(0.5)
    assert snd.available is True
    snd.play("no_such_sound")
    snd.play("no_such_sound")  # remembered as missing: not looked for again
    assert snd._cache["no_such_sound"] is None
    assert len(loaded) == 1 and loaded[0].endswith("no_such_sound.wav")
    monkeypatch.setattr(sound_mod.pygame.mixer, "quit", lambda: None)  # this test never started the real mixer
    snd.close()
