"""B14 experiments: how a card-design change moves the Barclay balance, without editing the data.

    .venv/bin/python bench/ai_card_variants.py --variant canaris_x3 --games 400 [--a easy --b easy]

Each variant replaces a few cards in memory (in this process only) and plays games between
two levels from both seats; it prints the Abwehr's win rate. The card file is never touched:
a variant that works is a proposal for the card designer (docs/barclay-cards.md, B14 knobs)."""

from __future__ import annotations

import argparse
import sys
import types

import attrs

VARIANTS = {
    "none": {},
    # Abwehr special cards without icons get one Reconnaissance icon each.
    "abwehr_icons": {"abw-03": {"recon": 1}, "abw-11": {"recon": 1}, "abw-12": {"recon": 1}},
    # Canaris (12/13) playable face-up too, like a normal high card.
    "canaris_x3": {"abw-12": {"steps": ("x3", "x2")}},
    # Ultra keeps its draw but loses its Reconnaissance icon.
    "ultra_no_icon": {"lcs-01": {"recon": 0}},
    # The Abwehr's multi-value cards get wider ranges (Ostro 3-7, Salam 8-11).
    "abwehr_wide": {"abw-04": {"values": (3, 4, 5, 6, 7)}, "abw-13": {"values": (8, 9, 10, 11)}},
    "fewer_ic_icons": {},
    "fewer_ic_icons_all_abwehr": {
        "abw-03": {"recon": 1}, "abw-11": {"recon": 1}, "abw-12": {"recon": 1, "steps": ("x3", "x2")},
        "abw-04": {"values": (3, 4, 5, 6, 7)}, "abw-13": {"values": (8, 9, 10, 11)}, "lcs-01": {"recon": 0},
    },
    "all_abwehr": {
        "abw-03": {"recon": 1}, "abw-11": {"recon": 1}, "abw-12": {"recon": 1, "steps": ("x3", "x2")},
        "abw-04": {"values": (3, 4, 5, 6, 7)}, "abw-13": {"values": (8, 9, 10, 11)}, "lcs-01": {"recon": 0},
    },
}


def _fewer_ic_icons() -> dict:
    """Every Intelligence Channels card with a single Recon/Raid icon loses it (25 + 25 -> 10 + 10
    icons): more 0-0 and equal Recon/Raid scores, and ties go to the Abwehr (B9)."""
    from barclay_desktop.rules.barclay.cards import load_cards

    out = {}
    for c in load_cards():
        if c.deck == "channels" and c.recon + c.raid == 1:
            out[c.id] = {"recon": 0, "raid": 0}
    return out


def apply_variant(name: str) -> None:
    """Swap the in-memory card table of this process for the variant's."""
    changes = dict(VARIANTS[name])
    if name.startswith("fewer_ic_icons"):
        changes.update(_fewer_ic_icons())
    patch_cards(changes)


def patch_cards(changes: dict) -> None:
    """Card id -> attribute changes, applied to the card table every module of this process
    reads (the shipped table when first called; calling again with the same changes is harmless)."""
    from barclay_desktop.rules.barclay import cards, flow, game
    from barclay_desktop.ai.barclay import belief, knowledge

    base = dict(cards.cards_by_id())
    for cid, change in changes.items():
        base[cid] = attrs.evolve(base[cid], **change)
    table = types.MappingProxyType(base)
    ordered = tuple(base[c.id] for c in cards.load_cards())

    def by_id():
        return table

    for module in (cards, flow, game, belief, knowledge):
        module.cards_by_id = by_id
    game.load_cards = lambda: ordered
    knowledge.card_option.cache_clear()


def _one(args):
    variant, a, b, seed, a_seat = args
    apply_variant(variant)
    from barclay_desktop.ai.arena import play_game
    from barclay_desktop.rules.barclay.state import other

    return play_game("barclay", {a_seat: a, other(a_seat): b}, seed).winner


def main(argv=None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--variant", choices=sorted(VARIANTS), default="none")
    p.add_argument("--a", default="easy")
    p.add_argument("--b", default="easy")
    p.add_argument("--games", type=int, default=400)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    abwehr = 0
    for i in range(args.games):
        winner = _one((args.variant, args.a, args.b, args.seed + i, "lcs" if i % 2 == 0 else "abwehr"))
        abwehr += winner == "abwehr"
    print(f"variant {args.variant}: {args.a} vs {args.b}, {args.games} games: Abwehr wins {abwehr} = {100 * abwehr / args.games:.1f}%")
    return 0


if __name__ == "__main__":
    sys.exit(main())
