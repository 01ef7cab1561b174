"""The ``tutor`` command.

* ``tutor envido 7o 6o 3b [--lang pl]`` prints the envido and why;
* ``tutor replay NOTATION [--lang pl]`` prints a hand of any game after its actions: the game, each
  trick with the seat that took it or a tie, whether the hand is over and who took it, the points of
  each team in it, the scores, the match's winner, the seat to act and its legal actions. The values
  are :func:`tutor.engine.summary.hand_summary`'s, the same function ``GET /api/v1/replay`` answers
  with, and an action the engine refuses is told by :func:`tutor.narration.refused_action`, as the
  API tells it.

The sentences come from :mod:`tutor.narration` and :mod:`tutor.i18n`, the same as on the web pages.
The command picks the language with ``use_language(args.lang)``, with no Flask app and no request, so
the catalogs in ``translations/`` are used as they are on the site. Bad input prints a translated
message on stderr and exits with status 2 (as argparse does for a wrong command line).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from .config import DEFAULT_LANGUAGE, LANGUAGES
from .i18n import use_language

EXIT_BAD_INPUT = 2
"""Exit status for bad input: not three valid cards, a hand that cannot be read or an action the
engine refuses (argparse's status for usage errors)."""


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


def replay_report(notation: str) -> list[str]:
    """The lines ``tutor replay`` prints for a hand in the engine's notation, after its actions.

    Raises the engine's :class:`TrucoError` for a hand that cannot be read and its
    :class:`IllegalActionError` (with the action's ``position``) for an action the rules refuse. Call
    it inside ``use_language(lang)``.
    """
    from .engine.notation import parse_hand
    from .engine.summary import hand_summary
    from .i18n import gettext as _, ngettext

    summary = hand_summary(parse_hand(notation.strip()).state())
    # Translators: the first line of `tutor replay`: the game's preset name and its rules in the engine's notation (both as they are), e.g. "Game: mineiro (mineiro:players=2)".
    lines = [_("Game: %(variant)s (%(rules)s)", variant=summary["variant"], rules=summary["rules"])]
    lines.append(
        " · ".join(
            [
                ngettext("%(num)s player", "%(num)s players", summary["players"]),
                # Translators: in `tutor replay`, the seat (numbered from 0) that plays first in the hand; keep "mano".
                _("mano: seat %(seat)s", seat=summary["mano"]),
                # Translators: in `tutor replay`, the seat (numbered from 0) that dealt the cards.
                _("dealer: seat %(seat)s", seat=summary["dealer"]),
                ngettext(
                    "this hand is worth %(num)s point", "this hand is worth %(num)s points", summary["hand_value"]
                ),
            ]
        )
    )
    duels = summary.get("duels")
    if duels is None:
        lines.extend(_play_lines(summary))
    else:  # a pica-pica round: its duels one after another, then the round
        for duel in duels:
            first, second = duel["seats"]
            # Translators: in `tutor replay`, one duel of a pica-pica round (keep "pica-pica" if you name it); seats are numbered from 0.
            lines.append(_("Duel %(number)s: seat %(a)s against seat %(b)s", number=duel["number"], a=first, b=second))
            lines.extend(f"  {line}" for line in _play_lines(duel))
        lines.extend(_result_lines(summary, taker=False))
    lines.append(_("Scores: %(scores)s", scores=_by_team(summary["scores"])))
    if summary["match_winner"] is None:
        lines.append(_("No team has won the match yet."))
    else:
        lines.append(_("The match is won by team %(team)s.", team=summary["match_winner"]))
    if summary["to_act"] is None:
        lines.append(_("Nobody is to act."))
    else:
        lines.append(_("To act: seat %(seat)s", seat=summary["to_act"]))
        # Translators: in `tutor replay`, the actions the seat to act may take, in the engine's notation (e.g. "3e ~3e truco").
        lines.append(_("Legal actions: %(actions)s", actions=" ".join(summary["legal_actions"])))
    others: dict[int, list[str]] = {}
    for other in summary["other_actions"]:
        others.setdefault(other["seat"], []).append(other["action"])
    for seat, actions in sorted(others.items()):
        # Translators: in `tutor replay`, actions another seat may take at the same moment (e.g. Catalan Truc's bet just after its own card), in the engine's notation.
        lines.append(_("Seat %(seat)s may also: %(actions)s", seat=seat, actions=" ".join(actions)))
    return lines


def _cards(cards: list[dict[str, Any]]) -> str:
    from .i18n import gettext as _

    def notation(card: dict[str, Any]) -> str:  # a card played face down as its action writes it: ~5c
        return f"~{card['card']}" if card.get("face_down") else str(card["card"])

    # Translators: in `tutor replay`, one card on the table: the seat (from 0) and the card in the engine's notation, e.g. "seat 1 4b" ("~4b": played face down).
    return ", ".join(_("seat %(seat)s %(card)s", seat=c["seat"], card=notation(c)) for c in cards)


def _by_team(values: list[int]) -> str:
    from .i18n import gettext as _

    # Translators: in `tutor replay`, a team (numbered from 0, as the engine's notation numbers them) and its points, e.g. "team 0: 3".
    return ", ".join(_("team %(team)s: %(points)s", team=team, points=value) for team, value in enumerate(values))


def _play_lines(part: dict[str, Any]) -> list[str]:
    """A hand's (or a duel's) tricks, the cards of the trick under way and its result."""
    from .i18n import gettext as _

    lines = []
    for number, trick in enumerate(part["tricks"], start=1):
        cards = _cards(trick["cards"])
        if trick["winner"] == "tie":
            # Translators: in `tutor replay`, a trick nobody took (a parda); %(cards)s lists the cards played.
            lines.append(_("Trick %(number)s: %(cards)s; a tie", number=number, cards=cards))
        else:
            lines.append(
                _(
                    "Trick %(number)s: %(cards)s; taken by seat %(seat)s",
                    number=number,
                    cards=cards,
                    seat=trick["winner"],
                )
            )
    if part["current_trick"]:
        # Translators: in `tutor replay`, the cards of the trick under way.
        lines.append(_("On the table: %(cards)s", cards=_cards(part["current_trick"])))
    return lines + _result_lines(part)


def _result_lines(part: dict[str, Any], *, taker: bool = True) -> list[str]:
    """Whether a hand (or a duel) is over and who took it (``taker``; a pica-pica round has no single
    taker), and the points it gave each team so far."""
    from .i18n import gettext as _

    if not part["over"]:
        said = _("The hand is not over.")
    elif not taker:
        said = _("The hand is over.")
    elif part["winner"] is None:
        said = _("The hand is over; nobody took it.")
    else:
        said = _("The hand is over; team %(team)s took it.", team=part["winner"])
    return [said, _("Points in this hand: %(points)s", points=_by_team(part["points"]))]


def build_parser() -> argparse.ArgumentParser:
    """The command line: ``tutor envido CARD CARD CARD [--lang LANG]``, ``tutor replay NOTATION [--lang LANG]``."""
    parser = argparse.ArgumentParser(prog="tutor", description="Truco Tutor on the command line.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    envido = commands.add_parser(
        "envido",
        help="the envido of three cards, explained",
        description="Print the envido of three cards and why, e.g. `tutor envido 7o 6o 3b` or `tutor envido A♠ 7♦ K♥`.",
    )
    envido.add_argument("cards", nargs="+", metavar="CARD", help="three cards: 7o 6o 3b (or 7o,6o,3b; A♠ 7♦ K♥)")
    envido.add_argument("--lang", choices=LANGUAGES, default=DEFAULT_LANGUAGE, help="language of the explanation")
    replay = commands.add_parser(
        "replay",
        help="a hand of any game after its actions",
        description=(
            "Print a hand after its actions: each trick's taker, the result, the scores, the seat to act and "
            "its legal actions, e.g. `tutor replay 'mineiro;mano=0;scores=0-0;3e,2o,4b|1e,5c,6c;0:3e 1:1e'`."
        ),
    )
    replay.add_argument(
        "notation", metavar="NOTATION", help="rules;mano=M;scores=A-B;deal;actions (quote it: it has ; and spaces)"
    )
    replay.add_argument("--lang", choices=LANGUAGES, default=DEFAULT_LANGUAGE, help="language of the report")
    return parser


def main(argv: Sequence[str] | None = None, stdout: TextIO | None = None, stderr: TextIO | None = None) -> int:
    """Run the command; return the exit status (0, or 2 for bad input)."""
    from .engine.errors import IllegalActionError, TrucoError
    from .narration import error_message, refused_action

    out = stdout or sys.stdout
    err = stderr or sys.stderr
    args = build_parser().parse_args(argv)
    with use_language(args.lang):
        try:
            lines = replay_report(args.notation) if args.command == "replay" else envido_report(" ".join(args.cards))
        except IllegalActionError as exc:
            print(f"tutor {args.command}: {refused_action(exc)[1]}", file=err)
            return EXIT_BAD_INPUT
        except TrucoError as exc:
            print(f"tutor {args.command}: {error_message(exc)}", file=err)
            return EXIT_BAD_INPUT
    print("\n".join(lines), file=out)
    return 0


if __name__ == "__main__":  # pragma: no cover - python -m tutor.cli
    sys.exit(main())
