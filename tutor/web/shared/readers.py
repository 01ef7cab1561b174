"""Input readers that more than one feature uses: the envido checker's forms, the JSON API and the
command line read cards, numbers, targets, scores, options, rulesets and calls through these.

Each reader raises the engine's :class:`InvalidNotationError` with a ``field`` detail (a
:class:`~tutor.narration.Field`), so that :func:`~tutor.narration.error_message`
finds the right sentence for the page or the API's problem document.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from tutor.narration import Field

from ...engine.cards import Card, parse_cards
from ...engine.envido import envido
from ...engine.errors import InvalidNotationError, NotationReason
from ...engine.rules import TARGETS, FlorMode, Rules, find_variant, player_counts
from ...engine.stakes import EnvidoCall, FaltaMode, TrucoCall

POSSIBLE_ENVIDO: frozenset[int] = frozenset(range(0, 8)) | frozenset(range(20, 34))
"""Every envido a hand can have: 0-7 without two cards of one suit, 20-33 with them."""

_NUMBER = re.compile(r"^[0-9]{1,3}$")
TRUE_VALUES = {"1", "true", "yes", "on"}
FALSE_VALUES = {"0", "false", "no", "off"}
FLAG_VALUES: tuple[str, ...] = ("true", "false", "yes", "no", "on", "off", "1", "0")
"""Every spelling a yes/no option accepts, in the order error messages list them."""


MAX_SEED = 1 << 31
"""Seeds of questions, quizzes, deals and practice hands are below this (31 bits)."""


def parse_seed(text: str | None) -> int | None:
    """A seed from a form or query value (ASCII digits below 2**31, spaces around allowed), or None.
    Every feature that keeps a seed in a form or a link reads it here.

    >>> parse_seed("42"), parse_seed(" 7 "), parse_seed("²"), parse_seed("١٢"), parse_seed("-1"), parse_seed(str(1 << 31)), parse_seed(None)
    (42, 7, None, None, None, None, None)
    """
    if text is None:
        return None
    text = text.strip()
    if not text or len(text) > 10 or not (text.isascii() and text.isdigit()):
        return None
    seed = int(text)
    return seed if seed < MAX_SEED else None


def bad_input(reason: NotationReason, which: Field, message: str, **details: Any) -> InvalidNotationError:
    """A refused input: the engine's notation error, with the form field it came from."""
    return InvalidNotationError(reason, message, field=which, **details)


def split_list(values: Iterable[str]) -> list[str]:
    """Repeated parameters and comma-separated values as one list, blanks kept out.

    >>> split_list(["envido, real_envido", "", "falta_envido"])
    ['envido', 'real_envido', 'falta_envido']
    """
    return [item.strip() for value in values for item in value.split(",") if item.strip()]


def read_hand(text: str | Sequence[str]) -> tuple[Card, ...]:
    """Exactly three distinct cards, typed or listed (raises InvalidNotationError, field ``cards``)."""
    try:
        return parse_cards(text, count=3)
    except InvalidNotationError as exc:
        exc.details.setdefault("field", Field.CARDS)
        raise


def read_number(text: str, which: Field, low: int, high: int, **details: Any) -> int:
    """A whole number written with ASCII digits, from ``low`` to ``high``."""
    raw = text.strip()
    if not _NUMBER.match(raw) or not low <= int(raw) <= high:
        raise bad_input(
            NotationReason.BAD_VALUE, which, f"{raw!r} is not a number from {low} to {high}", value=raw, **details
        )
    return int(raw)


def read_envido_value(value: Any, position: int | None = None) -> int:
    """One player's envido number: 0-7 or 20-33 (an int, or digits in a string)."""
    if isinstance(value, str) and _NUMBER.match(value.strip()):
        value = int(value.strip())
    if type(value) is not int or value not in POSSIBLE_ENVIDO:
        raise bad_input(
            NotationReason.BAD_VALUE,
            Field.ENVIDO_VALUE,
            f"{value!r} is not a possible envido",
            value=value,
            position=position,
        )
    return value


def read_target(text: str | None) -> int | None:
    """The game's target (5-30 in steps of 5), or None when not given."""
    if text is None or not text.strip():
        return None
    target = read_number(text, Field.TARGET, 1, 999)
    if target not in TARGETS:
        raise bad_input(NotationReason.BAD_VALUE, Field.TARGET, f"bad target {target}", value=text)
    return target


def read_scores(values: Sequence[str], target: int) -> tuple[int, int]:
    """Two scores below ``target`` from ``"12,20"`` or two fields (a blank field counts 0)."""
    items = [item.strip() for value in values for item in value.split(",")]
    if not values or all(not item for item in items):
        return (0, 0)
    if len(items) != 2:
        raise bad_input(NotationReason.WRONG_COUNT, Field.SCORE, "two scores needed", value=len(items), expected=2)
    first, second = (read_number(item or "0", Field.SCORE, 0, target - 1, max=target - 1) for item in items)
    return (first, second)


def read_flag(text: str | None, name: str) -> bool | None:
    """A yes/no option (``1``/``0``, ``true``/``false``, ``yes``/``no``, ``on``/``off``); None when not given.

    A wrong value raises with the details ``option`` (``name``) and ``allowed`` (:data:`FLAG_VALUES`).
    """
    if text is None or not text.strip():
        return None
    value = text.strip().lower()
    if value in TRUE_VALUES:
        return True
    if value in FALSE_VALUES:
        return False
    raise bad_input(
        NotationReason.BAD_VALUE,
        Field.OPTION,
        f"{name} must be yes or no",
        value=text,
        option=name,
        allowed=FLAG_VALUES,
    )


def read_choice(text: str | None, choices: Iterable[str], name: str | None = None) -> str | None:
    """One of ``choices`` (case-insensitive); None when not given.

    A wrong value raises with the details ``option`` (``name``) and ``allowed`` (the choices in order).
    """
    if text is None or not text.strip():
        return None
    allowed = tuple(choices)
    value = text.strip().lower()
    if value not in allowed:
        raise bad_input(
            NotationReason.BAD_VALUE,
            Field.OPTION,
            f"{text!r} is not one of {list(allowed)}",
            value=text,
            option=name,
            allowed=allowed,
        )
    return value


def read_rules(
    variant: str | None = None,
    *,
    target: str | None = None,
    raisable: str | None = None,
    falta_mode: str | None = None,
    flor: str | None = None,
    early_mazo: str | None = None,
) -> Rules:
    """The ruleset from a preset name (default ``argentino``) and the options that were given."""
    try:
        preset = find_variant(variant.strip() if variant and variant.strip() else "argentino")
    except InvalidNotationError as exc:
        exc.details["field"] = Field.VARIANT
        raise
    options: dict[str, Any] = {}
    for key, value in (
        ("target", read_target(target)),
        ("envido_raisable", read_flag(raisable, "raisable")),
        ("falta_mode", read_choice(falta_mode, [m.value for m in FaltaMode], "falta_mode")),
        ("flor", read_choice(flor, [m.value for m in FlorMode], "flor")),
        ("early_mazo", read_flag(early_mazo, "early_mazo")),
    ):
        if value is not None:
            options[key] = value
    try:
        return preset.rules(**options)
    except InvalidNotationError as exc:
        exc.details["field"] = Field.VARIANT  # an option the preset does not let change
        raise


def read_calls(values: Sequence[str], kind: type[EnvidoCall] | type[TrucoCall]) -> tuple[Any, ...]:
    """A sequence of envido or truco calls by their names (``envido,real_envido``)."""
    which = Field.ENVIDO_CALLS if kind is EnvidoCall else Field.TRUCO_CALLS
    calls = []
    for position, name in enumerate(split_list(values)):
        try:
            calls.append(kind(name.lower()))
        except ValueError:
            raise bad_input(
                NotationReason.UNKNOWN_ACTION, which, f"unknown call {name!r}", value=name, position=position
            ) from None
    return tuple(calls)


def read_seat(text: str, position: int) -> int | tuple[Card, ...]:
    """One showdown player: an envido number, or three cards."""
    raw = text.strip()
    if _NUMBER.match(raw):
        return read_envido_value(raw, position)
    return read_hand(raw)


def seat_values(seats: Sequence[int | tuple[Card, ...]]) -> list[int]:
    """Each player's envido; cards may not repeat between players (one deck)."""
    seen: set[Card] = set()
    values = []
    for seat in seats:
        if isinstance(seat, int):
            values.append(seat)
            continue
        for card in seat:
            if card in seen:
                raise InvalidNotationError(
                    NotationReason.DUPLICATE_CARD, f"card {card} dealt twice", value=card.notation, field=Field.CARDS
                )
            seen.add(card)
        values.append(envido(seat).points)
    return values


def check_seat_count(count: int) -> None:
    """A showdown has 2, 4 or 6 players."""
    if count not in player_counts():
        raise bad_input(
            NotationReason.WRONG_COUNT, Field.SEATS, f"{count} players", value=count, expected=player_counts()
        )
