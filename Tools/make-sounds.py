#!/usr/bin/env python3
"""Synthesise the arcade's three sound cues as small WAV files.

    python3 Tools/make-sounds.py [OUTPUT_DIR]

Writes card-drawn.wav, hand-won.wav and hand-lost.wav (16-bit PCM, mono, 22050 Hz)
into OUTPUT_DIR, by default Assets/Sounds/ of the checkout this script is in. Standard library only;
the output is the same on every run (the click's noise comes from a fixed seed), so
`SoundTests` can regenerate the files and compare them with the ones checked in.

- card-drawn: a 60 ms papery click: a burst of noise and a short high tick, decaying fast.
- hand-won:   a rising two-note chime, C6 then G6, with a soft attack and ring-out.
- hand-lost:  a falling tone, 392 Hz gliding down to 196 Hz, fading out.
"""

import math
import os
import random
import struct
import sys
import wave

SAMPLE_RATE = 22050
PEAK = 0.6 * 32767  # headroom: loud enough, never clipping
ATTACK = 0.005      # seconds of fade-in, so no note starts with a click


def envelope(t, duration, decay):
    """A fast linear attack, then an exponential decay that reaches zero at `duration`."""
    attack = min(1.0, t / ATTACK)
    fade_out = max(0.0, 1.0 - t / duration)
    return attack * math.exp(-decay * t) * fade_out


def note(frequency, duration, decay=6.0, harmonics=(1.0, 0.3, 0.1)):
    """A bell-like note: a sine with a couple of quieter overtones."""
    total = sum(harmonics)
    samples = []
    for i in range(int(duration * SAMPLE_RATE)):
        t = i / SAMPLE_RATE
        tone = sum(level * math.sin(2 * math.pi * frequency * (k + 1) * t) for k, level in enumerate(harmonics))
        samples.append(tone / total * envelope(t, duration, decay))
    return samples


def card_drawn():
    rng = random.Random(52)
    duration = 0.06
    samples = []
    for i in range(int(duration * SAMPLE_RATE)):
        t = i / SAMPLE_RATE
        noise = rng.uniform(-1.0, 1.0) * math.exp(-70 * t)
        tick = math.sin(2 * math.pi * 2400 * t) * math.exp(-120 * t)
        samples.append((0.7 * noise + 0.5 * tick) * min(1.0, t / 0.001) * (1 - t / duration))
    return samples


def hand_won():
    return note(1046.5, 0.11, decay=10.0) + note(1568.0, 0.19, decay=8.0)


def hand_lost():
    duration = 0.32
    start, end = 392.0, 196.0
    samples = []
    phase = 0.0
    for i in range(int(duration * SAMPLE_RATE)):
        t = i / SAMPLE_RATE
        frequency = start * (end / start) ** (t / duration)  # an even glide on a musical scale
        phase += 2 * math.pi * frequency / SAMPLE_RATE
        tone = math.sin(phase) + 0.25 * math.sin(2 * phase)
        samples.append(tone / 1.25 * envelope(t, duration, 3.0))
    return samples


def write(path, samples):
    frames = b"".join(struct.pack("<h", int(round(max(-1.0, min(1.0, s)) * PEAK))) for s in samples)
    with wave.open(path, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(SAMPLE_RATE)
        out.writeframes(frames)


def main():
    checkout = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    folder = sys.argv[1] if len(sys.argv) > 1 else os.path.join(checkout, "Assets", "Sounds")
    for name, make in (("card-drawn", card_drawn), ("hand-won", hand_won), ("hand-lost", hand_lost)):
        path = os.path.join(folder, name + ".wav")
        write(path, make())
        print(f"{path}: {os.path.getsize(path)} bytes")


if __name__ == "__main__":
    main()
