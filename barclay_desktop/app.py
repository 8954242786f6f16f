"""Application entry: placeholder until the client lands (issue 3)."""

from __future__ import annotations

import argparse


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="barclay-desktop")
    parser.add_argument("--frames", type=int, default=0, help="render N frames then exit (for smoke tests)")
    args = parser.parse_args(argv)
    import pygame

    pygame.init()
    screen = pygame.display.set_mode((1280, 720))
    pygame.display.set_caption("Barclay Desktop")
    clock = pygame.time.Clock()
    frames = 0
    running = True
    while running:
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                running = False
        screen.fill((0x24, 0x33, 0x2E))
        pygame.display.flip()
        clock.tick(60)
        frames += 1
        if args.frames and frames >= args.frames:
            running = False
    pygame.quit()
    return 0
