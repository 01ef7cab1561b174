"""The JSON Schema of the API's query parameters: what each accepts, as the OpenAPI document states it.

Cards as a pattern of the compact notation with no card twice, the exact list lengths, every legal
ladder of calls and every possible sequence of trick results as enums. Every parameter has a
``maxLength`` or a pattern of bounded length and printable ASCII, so no URL the schema allows
exceeds gunicorn's 4,094-byte request line even with every character percent-encoded.
"""

from __future__ import annotations

from functools import cache
from itertools import product
from typing import Any

from ...engine import hand_result
from ...engine.errors import TrucoError
from ...engine.stakes import EnvidoCall, TrucoCall, envido_stake, truco_stake

CARD = "(?:1[012]|[1-7])[ebco]"
CARD_PATTERN = f"^{CARD}$"
_NO_CARD_TWICE = r"(?!.*\b(\w+)\b.*\b\1\b)"
"""A lookahead: no comma-separated item appears twice."""
THREE_CARDS = f"^{_NO_CARD_TWICE}{CARD},{CARD},{CARD}$"
TRICK_CARDS = f"^{_NO_CARD_TWICE}{CARD},{CARD}(?:,{CARD},{CARD}(?:,{CARD},{CARD})?)?$"
PRINTABLE_ASCII = "^[ -~]*$"


def text(pattern: str | None = None, max_length: int | None = None) -> dict[str, Any]:
    """A string parameter with a pattern and a maximum length."""
    schema: dict[str, Any] = {"type": "string"}
    if pattern is not None:
        schema["pattern"] = pattern
    if max_length is not None:
        schema["maxLength"] = max_length
    return schema


def one_of(values: Any) -> dict[str, Any]:
    """A string parameter that takes one of ``values`` (an enum's values, or strings)."""
    return {"type": "string", "enum": [str(value) for value in values]}


@cache
def trick_sequences() -> tuple[str, ...]:
    """Every sequence of trick results (W, L, P) a hand can have: none after the hand is decided."""
    found = []
    for length in range(4):
        for outcomes in product("WLP", repeat=length):
            try:
                hand_result(list(outcomes))
            except TrucoError:
                continue
            found.append(",".join(outcomes))
    return tuple(found)


@cache
def envido_ladders() -> tuple[str, ...]:
    """Every legal envido ladder where raising is allowed (Envido, Envido, Real envido, Falta envido)."""
    found = []
    for length in range(1, 5):
        for calls in product([call.value for call in EnvidoCall], repeat=length):
            try:
                envido_stake(list(calls))
            except TrucoError:
                continue
            found.append(",".join(calls))
    return tuple(found)


@cache
def truco_ladders() -> tuple[str, ...]:
    """Every legal truco ladder (Truco, Retruco, Vale cuatro)."""
    found = []
    for length in range(1, 4):
        for calls in product([call.value for call in TrucoCall], repeat=length):
            try:
                truco_stake(list(calls))
            except TrucoError:
                continue
            found.append(",".join(calls))
    return tuple(found)
