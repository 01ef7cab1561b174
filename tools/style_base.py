"""Print the beginner's base rates for :data:`tutor.bots.style.BASE_RATES`.

``python -m tools.style_base [HANDS]`` plays HANDS hands (default 8000) of the beginner's self-play
for every game and size the table offers and prints the table to paste into ``tutor/bots/style.py``.
"""

from __future__ import annotations

import sys

from tutor.bots.style import measure_base

GAMES = (("argentino", 2), ("argentino", 4), ("argentino", 6), ("catalan", 2), ("catalan", 4))


def main(argv: list[str]) -> None:
    hands = int(argv[0]) if argv else 8000
    for variant, players in GAMES:
        rates = measure_base(variant, players, hands, seed=2026)
        print(f"    ({variant!r}, {players}): {{")
        for kind, rate in rates.items():
            print(f"        Tendency.{kind.name}: {rate:.3f},")
        print("    },")


if __name__ == "__main__":
    main(sys.argv[1:])
