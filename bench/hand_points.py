"""Measure what one hand scores, for the match-equity tables of the games without envido.

Run from the project root:

    .venv/bin/python bench/hand_points.py --game mineiro                  # 20,000 and 12,000 hands
    .venv/bin/python bench/hand_points.py --game catalan --hands 2000     # a quicker look

How (as ``tutor/bots/equity.py`` says of its tables): hands played by the beginner for every seat
from 0-0, each with the game's own deal and a seeded generator; per hand, the points the winning team
scored (the other team scores nothing in Catalan Truc and Truco Mineiro; 0 for a hand without a
winner, Truco Mineiro's three ties); each outcome counted half for either team (so the table is the
same from both sides), and outcomes rarer than 1 in 2,000 hands left out. By default 20,000 hands
with two players and 12,000 with four. Prints the table as ``tutor.bots.equity`` holds it:
``(points, probability)`` pairs, the probabilities summing to 1.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tutor.bots import Level, choose  # noqa: E402
from tutor.engine import find_variant  # noqa: E402

RARE = 1 / 2000
"""Outcomes rarer than this share of the hands are left out."""
HANDS = {2: 20_000, 4: 12_000}
"""Hands measured by default, by table size."""


def hand_points(game: str, players: int, hands: int, seed: int = 1) -> Counter[int]:
    """How many of ``hands`` hands played by the beginner from 0-0 ended with each number of points
    for the winning team (0: nobody scored)."""
    rng = random.Random(f"hand-points:{game}:{players}:{seed}")
    variant = find_variant(game)
    rules = variant.rules(players=players)
    counts: Counter[int] = Counter()
    for index in range(hands):
        mano = index % players
        hand = rules.new_hand(variant.deal(rng, players, mano), mano, (0, 0))
        while not hand.is_over:
            hand.apply(choose(hand.view_for(hand.to_act), Level.BEGINNER, rng).action)
        counts[max(hand.scores)] += 1
    return counts


def table(counts: Counter[int]) -> tuple[tuple[int, float], ...]:
    """The measured counts as ``(points, probability)``: rare outcomes left out, the rest summing to 1."""
    total = sum(counts.values())
    kept = {points: n for points, n in counts.items() if n / total >= RARE}
    share = sum(kept.values())
    return tuple((points, round(n / share, 5)) for points, n in sorted(kept.items()))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="mineiro", choices=["catalan", "mineiro"])
    parser.add_argument("--hands", type=int, default=None, help="hands per table size (default 20,000 and 12,000)")
    parser.add_argument("--players", type=int, choices=[2, 4], help="one table size only")
    args = parser.parse_args(argv)
    for players in [args.players] if args.players else [2, 4]:
        counts = hand_points(args.game, players, args.hands or HANDS[players])
        print(f"{players}: {table(counts)},  # {sum(counts.values()):,} hands: {dict(sorted(counts.items()))}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
