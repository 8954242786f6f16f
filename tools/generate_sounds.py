"""Synthesise the client's short sound effects as WAV files (pure Python, deterministic).

    .venv/bin/python tools/generate_sounds.py      # writes assets/sounds/*.wav

Every sound is original: shaped noise and decaying tones, no samples."""

from __future__ import annotations

import math
import random
import struct
import sys
import wave
from pathlib import Path

RATE = 22050
OUT = Path(__file__).resolve().parents[1] / "assets" / "sounds"


def envelope(i: int, n: int, attack: float = 0.005, decay: float = 6.0) -> float:
    t = i / RATE
    a = min(1.0, t / attack) if attack else 1.0
    return a * math.exp(-decay * i / n)


def lowpass(samples: list[float], alpha: float) -> list[float]:
    out, y = [], 0.0
    for x in samples:
        y += alpha * (x - y)
        out.append(y)
    return out


def card_slide(rng: random.Random) -> list[float]:
    """Paper on felt: soft band of noise that swells and fades."""
    n = int(0.2 * RATE)
    noise = lowpass([rng.uniform(-1, 1) for _ in range(n)], 0.25)
    return [noise[i] * math.sin(math.pi * i / n) ** 1.5 * 0.9 for i in range(n)]


def stamp(rng: random.Random) -> list[float]:
    """A rubber stamp: low thud with a short papery slap on top."""
    n = int(0.22 * RATE)
    out = []
    for i in range(n):
        t = i / RATE
        freq = 95 - 40 * t / 0.22
        thud = math.sin(2 * math.pi * freq * t) * envelope(i, n, 0.002, 9)
        slap = rng.uniform(-1, 1) * math.exp(-60 * t)
        out.append(0.8 * thud + 0.35 * slap)
    return out


def dice(rng: random.Random) -> list[float]:
    """Two dice tumbling: a handful of clicks, closer together as they settle."""
    n = int(0.6 * RATE)
    out = [0.0] * n
    t = 0.0
    gap = 0.07
    for _ in range(9):
        start = int(t * RATE)
        pitch = rng.uniform(1800, 3200)
        for j in range(int(0.018 * RATE)):
            if start + j < n:
                out[start + j] += math.sin(2 * math.pi * pitch * j / RATE) * math.exp(-250 * j / RATE) * 0.6
        t += gap * rng.uniform(0.6, 1.3)
        gap *= 0.85
    return out


def type_tick(rng: random.Random) -> list[float]:
    """One typewriter key: a very short bright click."""
    n = int(0.035 * RATE)
    return [(rng.uniform(-1, 1) * 0.5 + math.sin(2 * math.pi * 1400 * i / RATE) * 0.5) * math.exp(-180 * i / RATE)
            for i in range(n)]


def click(rng: random.Random) -> list[float]:
    """A soft button click for menus."""
    n = int(0.04 * RATE)
    return [math.sin(2 * math.pi * 900 * i / RATE) * math.exp(-140 * i / RATE) * 0.7 for i in range(n)]


SOUNDS = {"card_slide": card_slide, "stamp": stamp, "dice": dice, "type_tick": type_tick, "click": click}
PEAK = 0.45  # quiet by design: the game is fully playable muted


def write(name: str, samples: list[float]) -> Path:
    top = max(1e-9, max(abs(s) for s in samples))
    frames = b"".join(struct.pack("<h", int(s / top * PEAK * 32767)) for s in samples)
    path = OUT / f"{name}.wav"
    with wave.open(str(path), "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(RATE)
        wav.writeframes(frames)
    return path


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, make in SOUNDS.items():
        print("wrote", write(name, make(random.Random(name))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
