"""The ``tutor`` command: ``tutor envido 7o 6o 3b [--lang pl]`` prints the envido and why.

The sentences come from :mod:`tutor.narration`, the same as on the web pages. They translate
through :mod:`tutor.i18n`; the command picks the language with ``use_language(args.lang)``, with no
Flask app and no request, so the catalogs in ``translations/`` are used as they are on the site.
Bad input prints a translated message on stderr and exits with status 2 (as argparse does for
a wrong command line).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TextIO

from .config import DEFAULT_LANGUAGE, LANGUAGES
from .i18n import use_language

EXIT_BAD_INPUT = 2
"""Exit status for input that is not three valid cards (argparse's status for usage errors)."""


def envido_report(cards_text: str) -> list[str]:
    """The lines ``tutor envido`` prints: the cards, the value, the sum, the reasons, the flor.

    Raises the engine's :class:`TrucoError` for bad cards. Call it inside ``use_language(lang)``.
    """
    from .engine.cards import parse_cards
    from .engine.envido import envido, flor
    from .i18n import gettext as _
    from .narration import explain_envido, explain_flor
    from .narration.cards import card_name

    cards = parse_cards(cards_text, count=3)
    result = envido(cards)
    names = ", ".join(f"{card_name(card)} ({card.notation})" for card in cards)
    lines = [_("Cards: %(cards)s", cards=names)]
    parts = [explain_envido(result)]
    flor_result = flor(cards)
    if flor_result is not None:
        parts.append(explain_flor(flor_result))
    for part in parts:
        lines.append("")
        lines.append(part.headline)
        if part.formula:
            lines.append(f"  {part.formula}")
        lines.extend(f"  - {reason}" for reason in part.reasons)
    return lines


def build_parser() -> argparse.ArgumentParser:
    """The command line: ``tutor envido CARD CARD CARD [--lang LANG]``."""
    parser = argparse.ArgumentParser(prog="tutor", description="Truco Tutor on the command line.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    envido = commands.add_parser(
        "envido",
        help="the envido of three cards, explained",
        description="Print the envido of three cards and why, e.g. `tutor envido 7o 6o 3b` or `tutor envido A♠ 7♦ K♥`.",
    )
    envido.add_argument("cards", nargs="+", metavar="CARD", help="three cards: 7o 6o 3b (or 7o,6o,3b; A♠ 7♦ K♥)")
    envido.add_argument("--lang", choices=LANGUAGES, default=DEFAULT_LANGUAGE, help="language of the explanation")
    return parser


def main(argv: Sequence[str] | None = None, stdout: TextIO | None = None, stderr: TextIO | None = None) -> int:
    """Run the command; return the exit status (0, or 2 for bad input)."""
    from .engine.errors import TrucoError
    from .narration import error_message

    out = stdout or sys.stdout
    err = stderr or sys.stderr
    args = build_parser().parse_args(argv)
    with use_language(args.lang):
        try:
            lines = envido_report(" ".join(args.cards))
        except TrucoError as exc:
            print(f"tutor envido: {error_message(exc)}", file=err)
            return EXIT_BAD_INPUT
    print("\n".join(lines), file=out)
    return 0


if __name__ == "__main__":  # pragma: no cover - python -m tutor.cli
    sys.exit(main())
