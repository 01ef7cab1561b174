"""The checker's query objects: each page's state, read from its GET form or link and written back as
the canonical link (:mod:`tutor.web.shared.queries`).

``from_args`` raises the engine's error with a ``field`` detail for one bad input (the hand and
showdown pages show one message) or :class:`~tutor.web.shared.queries.FormErrors` (the stakes page
shows the errors of both ladders at once). ``typed_fields(args)`` is what the form shows again
after an error: the input as it was sent.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Self

from werkzeug.datastructures import MultiDict

from tutor.narration import Field, error_message

from ...engine.cards import Card, format_cards
from ...engine.errors import NotationReason, TrucoError
from ...engine.rules import Rules
from ...engine.stakes import EnvidoCall, EnvidoStake, TrucoCall, TrucoStake, envido_stake, truco_stake
from ..shared.queries import FormErrors, collect
from ..shared.readers import (
    TRUE_VALUES,
    bad_input,
    check_seat_count,
    read_calls,
    read_hand,
    read_number,
    read_rules,
    read_scores,
    read_seat,
    seat_values,
    split_list,
)

MAX_PLAYERS = 6
"""The showdown form offers six players; 2, 4 or 6 of them are filled in."""

MAX_GUESS = 99
"""The largest envido answer read as a guess (judged wrong when above 33); larger is an input error."""

STAKE_OPTIONS = ("variant", "target", "raisable", "falta_mode", "flor", "early_mazo")
"""Ruleset options of the stakes page, in URL order."""


def read_flag_quiet(text: str | None) -> bool:
    """A checkbox-like flag that is never an error: anything but a yes value is no."""
    return (text or "").strip().lower() in TRUE_VALUES


def padded(values: list[str], size: int) -> list[str]:
    """``values`` cut or filled with blanks to ``size`` form fields."""
    return (values + [""] * size)[:size]


@dataclass(frozen=True)
class HandQuery:
    """``/envido``: three cards (None before any were given), check mode and the learner's guess."""

    cards: tuple[Card, ...] | None = None
    check: bool = False
    guess: int | None = None

    @staticmethod
    def typed_fields(args: MultiDict[str, str]) -> dict[str, Any]:
        return {
            "picked": {value.strip() for value in args.getlist("card") if value.strip()},
            "typed": " ".join(value for value in args.getlist("hand") if value.strip()),
            "check": read_flag_quiet(args.get("check")),
            "guess_text": args.get("guess", ""),
        }

    @classmethod
    def from_args(cls, args: MultiDict[str, str]) -> Self:
        """Typed cards replace picked ones; a guess turns check mode on."""
        picked = [value for value in args.getlist("card") if value.strip()]
        typed = " ".join(value for value in args.getlist("hand") if value.strip())
        check = read_flag_quiet(args.get("check"))
        if not picked and not typed:
            return cls(check=check)
        cards = read_hand(typed if typed else picked)
        text = args.get("guess", "")
        guess = read_number(text, Field.GUESS, 0, MAX_GUESS, max=MAX_GUESS) if text.strip() else None
        return cls(cards, check or guess is not None, guess)

    def to_params(self) -> dict[str, str]:
        if self.cards is None:
            return {}
        params = {"hand": format_cards(self.cards, sep=",")}
        if self.check:
            params["check"] = "1"
        if self.guess is not None:
            params["guess"] = str(self.guess)
        return params

    def puzzle(self) -> HandQuery:
        """The same cards without the answer: what a share box offers (never the guess)."""
        return replace(self, guess=None)


Seat = int | tuple[Card, ...]
"""A showdown player: an envido number or three cards."""


@dataclass(frozen=True)
class ShowdownQuery:
    """``/envido/showdown``: 2, 4 or 6 players (none before any were given) and the mano (from 0)."""

    seats: tuple[Seat, ...] = ()
    values: tuple[int, ...] = ()
    """Each player's envido."""
    mano: int = 0

    @staticmethod
    def typed_fields(args: MultiDict[str, str]) -> dict[str, Any]:
        return {"entries": padded(args.getlist("player"), MAX_PLAYERS), "mano_text": args.get("mano", "")}

    @classmethod
    def from_args(cls, args: MultiDict[str, str]) -> Self:
        """The ``player`` fields up to the last one filled in (no gaps), and ``mano`` counted from 1."""
        fields = args.getlist("player")
        count = next((len(fields) - i for i, entry in enumerate(reversed(fields)) if entry.strip()), 0)
        if count == 0:
            return cls()
        if count > MAX_PLAYERS:
            check_seat_count(count)
        seats: list[Seat] = []
        for position, entry in enumerate(fields[:count]):
            if not entry.strip():
                raise bad_input(NotationReason.EMPTY, Field.SEATS, f"player {position + 1} missing", position=position)
            seats.append(read_seat(entry, position))
        check_seat_count(len(seats))
        text = args.get("mano", "")
        mano = read_number(text, Field.MANO, 1, len(seats), players=len(seats)) - 1 if text.strip() else 0
        return cls(tuple(seats), tuple(seat_values(seats)), mano)

    def entries(self) -> list[str]:
        """Each player as the canonical link writes it: the number, or the cards."""
        return [str(seat) if isinstance(seat, int) else format_cards(seat, sep=",") for seat in self.seats]

    def to_params(self) -> dict[str, str | list[str]]:
        params: dict[str, str | list[str]] = {"player": self.entries()} if self.seats else {}
        if self.mano:
            params["mano"] = str(self.mano + 1)
        return params


@dataclass(frozen=True)
class StakesQuery:
    """``/envido/stakes``: envido and truco ladders (legal under the rules), the score and the ruleset."""

    rules: Rules
    calls: tuple[EnvidoCall, ...] = ()
    truco: tuple[TrucoCall, ...] = ()
    scores: tuple[int, int] = (0, 0)
    options: tuple[tuple[str, str], ...] = ()
    """The ruleset options given (:data:`STAKE_OPTIONS`), as the link writes them."""

    @staticmethod
    def typed_fields(args: MultiDict[str, str]) -> dict[str, Any]:
        raw_scores = args.getlist("score")
        return {
            "options": {name: args.get(name, "") for name in STAKE_OPTIONS},
            "call_fields": padded(split_list(args.getlist("calls")), 4),
            "truco_fields": padded(split_list(args.getlist("truco")), 3),
            "score_fields": padded(raw_scores if len(raw_scores) == 2 else ",".join(raw_scores).split(","), 2),
        }

    @classmethod
    def from_args(cls, args: MultiDict[str, str]) -> Self:
        """The ruleset and the score first (one error); then both ladders, each error kept."""
        options = {name: args.get(name, "") for name in STAKE_OPTIONS}
        try:
            rules = read_rules(
                options["variant"],
                target=options["target"],
                raisable=options["raisable"],
                falta_mode=options["falta_mode"],
                flor=options["flor"],
                early_mazo=options["early_mazo"],
            )
            scores = read_scores(args.getlist("score"), rules.target)
        except TrucoError as exc:
            raise FormErrors({"rules": error_message(exc)}) from None
        given = tuple((name, value.strip().lower()) for name, value in options.items() if value.strip())
        query = cls(rules, scores=scores, options=given)
        errors: dict[str, str] = {}
        with collect(errors, "calls", Field.ENVIDO_CALLS):
            query = replace(query, calls=read_calls(args.getlist("calls"), EnvidoCall))
            query.envido_stake()
        with collect(errors, "truco", Field.TRUCO_CALLS):
            query = replace(query, truco=read_calls(args.getlist("truco"), TrucoCall))
            query.truco_stake()
        if errors:
            raise FormErrors(errors)
        return query

    def envido_stake(self) -> EnvidoStake | None:
        """What the envido ladder is worth (None without one); raises for an illegal ladder."""
        if not self.calls:
            return None
        rules = self.rules
        return envido_stake(
            self.calls,
            scores=self.scores,
            target=rules.target,
            falta_mode=rules.falta_mode,
            raisable=rules.envido_raisable,
        )

    def truco_stake(self) -> TrucoStake | None:
        """What the truco ladder is worth (None without one); raises for an illegal ladder."""
        return truco_stake(self.truco) if self.truco else None

    def fields(self) -> dict[str, Any]:
        """The form's fields for this state: the ladders and the scores as read."""
        return {
            "call_fields": padded([call.value for call in self.calls], 4),
            "truco_fields": padded([call.value for call in self.truco], 3),
            "score_fields": [str(self.scores[0]), str(self.scores[1])],
        }

    def to_params(self) -> dict[str, str]:
        params: dict[str, str] = {}
        if self.calls:
            params["calls"] = ",".join(call.value for call in self.calls)
        if self.truco:
            params["truco"] = ",".join(call.value for call in self.truco)
        if self.scores != (0, 0):
            params["score"] = f"{self.scores[0]},{self.scores[1]}"
        return {**params, **dict(self.options)}
