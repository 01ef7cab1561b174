"""Compact text for rules, deals, actions and whole hands, and replaying a hand from its log.

A hand is ``rules + deal + mano + scores + actions``; each part has a short text form that fits in a
URL, a lesson file or a database row, and parses back (errors are :class:`InvalidNotationError`
with a :class:`NotationReason` and the offending ``value``/``position`` in ``details``):

* rules: the preset name, then the options that differ from it: ``argentino``,
  ``argentino:players=4,flor=simple``, ``fixed:target=15``;
* deal: one hand per seat, seat 0 first, separated by ``|``: ``1e,7o,3b|4c,5c,6c`` (Truco Mineiro:
  up to three more threes after them, the ones the mão is given after a pass or a burn);
* actions: ``seat:what`` separated by spaces: ``0:envido 1:quiero 0:7o 1:4c 0:truco 1:mazo``
  (a card for a card played, a call name, ``quiero``, ``no_quiero`` or ``mazo``; in Catalan Truc
  also ``truc``, ``retruc``, ``knock``, ``deal1``/``deal3`` and ``play11``/``run11``; in Truco
  Mineiro ``truco``, ``seis``, ``nove``, ``doze``, ``keep``/``pass``/``burn``, ``play11``/``run11`` and
  ``~7o`` for a card played face down);
  ``0:play 7o`` and ``0:play:7o`` are read too;
* a hand: ``rules;mano=M;scores=A-B;deal;actions``.

>>> text = "argentino;mano=0;scores=0-0;1e,7o,3b|4c,5c,6c;0:envido 1:quiero 0:1e 1:4c"
>>> record = parse_hand(text)
>>> state = record.state()
>>> state.scores, state.to_act          # 1e took the first trick: seat 0 leads
((0, 2), 0)
>>> format_hand(state) == text
True
>>> parse_actions("0:envido 1:maybe")
Traceback (most recent call last):
...
tutor.engine.errors.InvalidNotationError: action 2: unknown action 'maybe'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .cards import Card, format_cards, parse_cards
from .errors import InvalidNotationError, NotationReason
from .rules import DEFAULT_VARIANT, VARIANTS, FlorMode, Rules, find_variant
from .stakes import FaltaMode
from .state import (
    CALLS,
    Action,
    Answer,
    Call,
    Deal,
    DealChoice,
    Decision,
    HandState,
    Knock,
    Mazo,
    PlayCard,
    ThreeChoice,
    ThreeChoiceKind,
)

if TYPE_CHECKING:
    from .pica import PicaPicaHand

__all__ = [
    "format_rules",
    "parse_rules",
    "format_deal",
    "parse_deal",
    "format_action",
    "parse_action",
    "format_actions",
    "parse_actions",
    "HandRecord",
    "format_hand",
    "parse_hand",
    "replay",
]

_CATALAN_WORDS: dict[str, Callable[[int], Action]] = {
    "knock": Knock,
    "deal1": lambda seat: DealChoice(seat, 1),
    "deal3": lambda seat: DealChoice(seat, 3),
    "play11": lambda seat: Decision(seat, True),
    "run11": lambda seat: Decision(seat, False),
}
"""Catalan Truc's actions besides cards and calls (docs/rules/catalan.md); ``play11``/``run11`` also
decide Truco Mineiro's mão de onze."""

_MINEIRO_WORDS: dict[str, ThreeChoiceKind] = {kind.value: kind for kind in ThreeChoiceKind}
"""Truco Mineiro's deal choices (docs/rules/mineiro.md §9.3.3); a card played face down is ``~7o``."""

_TRUE = {"1", "true", "yes", "on", "y"}
_FALSE = {"0", "false", "no", "off", "n"}


def _bad(reason: NotationReason, message: str, **details: Any) -> InvalidNotationError:
    return InvalidNotationError(reason, message, **details)


# --- Rules ----------------------------------------------------------------------------------------


def format_rules(rules: Rules) -> str:
    """The preset name and the options that differ from it.

    >>> format_rules(Rules())
    'argentino'
    >>> format_rules(Rules(players=4, flor=FlorMode.SIMPLE, early_mazo=True))
    'argentino:players=4,flor=simple,early_mazo=yes'
    """
    options = rules.options()
    if not options:
        return rules.variant
    parts = []
    for name, value in options.items():
        if isinstance(value, bool):
            text = "yes" if value else "no"
        else:
            text = str(value.value if hasattr(value, "value") else value)
        parts.append(f"{name}={text}")
    return f"{rules.variant}:{','.join(parts)}"


_CONVERT = {
    "players": int,
    "target": int,
    "envido": bool,
    "envido_raisable": bool,
    "early_mazo": bool,
    "falta_mode": FaltaMode,
    "flor": FlorMode,
    "ranking": str,
    "pica_pica": bool,
}
_OPTION_ALIASES = {"pica": "pica_pica"}
"""Short names of options accepted when reading (``argentino:players=6,pica=yes``)."""


def parse_rules(text: str) -> Rules:
    """Read rules written by :func:`format_rules` (an empty text is the default preset).

    >>> parse_rules("fixed:target=15").target
    15

    Options are separated by commas (``:`` is read as one too, and ``pica`` is short for ``pica_pica``):

    >>> parse_rules("argentino:players=6:pica=1") == parse_rules("argentino:players=6,pica_pica=yes")
    True
    >>> parse_rules("argentino:players=5")
    Traceback (most recent call last):
    ...
    tutor.engine.errors.InvalidNotationError: argentino is played by 2/4/6 players, not 5
    """
    if not isinstance(text, str):
        raise _bad(NotationReason.MALFORMED, f"rules must be text, not {text!r}", value=text)
    raw = text.strip()
    name, _, rest = raw.partition(":")
    variant = find_variant(name.strip() or DEFAULT_VARIANT)
    options: dict[str, Any] = {}
    for position, item in enumerate(p for p in rest.replace(":", ",").split(",") if p.strip()):
        key, sep, value = item.partition("=")
        key, value = key.strip().lower(), value.strip()
        key = _OPTION_ALIASES.get(key, key)
        if not sep or not key:
            raise _bad(NotationReason.MALFORMED, f"option {item!r} is not name=value", value=item, position=position)
        convert = _CONVERT.get(key)
        if convert is None:
            raise _bad(NotationReason.UNKNOWN_OPTION, f"unknown option {key!r}", value=key, position=position)
        if key in options:
            raise _bad(NotationReason.MALFORMED, f"option {key!r} given twice", value=key, position=position)
        options[key] = _convert(key, value, convert, position)
    return variant.rules(**options)


def _convert(key: str, value: str, convert: Any, position: int) -> Any:
    if convert is bool:
        if value.lower() in _TRUE:
            return True
        if value.lower() in _FALSE:
            return False
    else:
        try:
            return convert(value.lower() if convert is not str else value)
        except ValueError:
            pass
    raise _bad(NotationReason.BAD_VALUE, f"bad value {value!r} for {key}", value=value, position=position)


# --- Deals ----------------------------------------------------------------------------------------


def format_deal(cards: Sequence[Iterable[Card]]) -> str:
    """Hands separated by ``|``, cards by ``,``.

    >>> format_deal([parse_cards("1e 7o 3b"), parse_cards("4c 5c 6c")])
    '1e,7o,3b|4c,5c,6c'
    """
    return "|".join(format_cards(hand, sep=",") for hand in cards)


def parse_deal(text: str, players: int | None = None, spare: int = 0) -> Deal:
    """Read a deal: three cards per seat, no card twice, ``players`` hands if given, then up to
    ``spare`` more threes (``Variant.spare_threes``; only with ``players``).

    >>> parse_deal("1e,7o,3b|4c,5c,6c")[1]
    (Card.parse('4c'), Card.parse('5c'), Card.parse('6c'))
    >>> parse_deal("1e,7o,3b|4c,5c,1e")
    Traceback (most recent call last):
    ...
    tutor.engine.errors.InvalidNotationError: card 1e dealt twice
    """
    if not isinstance(text, str):
        raise _bad(NotationReason.MALFORMED, f"a deal must be text, not {text!r}", value=text)
    if not text.strip():
        raise _bad(NotationReason.EMPTY, "no deal given", value=text)
    parts = text.strip().split("|")
    if (
        players is None
        and len(parts) not in (2, 4, 6)
        or players is not None
        and not players <= len(parts) <= players + spare
    ):
        expected = players if players is not None else (2, 4, 6)
        raise _bad(
            NotationReason.WRONG_COUNT,
            f"a deal needs {expected} hands, got {len(parts)}",
            value=len(parts),
            expected=expected,
        )
    hands = []
    seen: set[Card] = set()
    for position, part in enumerate(parts):
        try:
            hand = parse_cards(part, count=3)
        except InvalidNotationError as error:
            error.details.setdefault("position", position)
            raise
        for card in hand:
            if card in seen:
                raise _bad(
                    NotationReason.DUPLICATE_CARD, f"card {card} dealt twice", value=card.notation, position=position
                )
            seen.add(card)
        hands.append(hand)
    return tuple(hands)


# --- Actions --------------------------------------------------------------------------------------


def format_action(action: Action) -> str:
    """The compact text of one action (same as ``str(action)``).

    >>> format_action(Answer(1, False)), format_action(PlayCard(0, Card.parse("7o")))
    ('1:no_quiero', '0:7o')
    """
    return action.notation


def parse_action(text: str, position: int | None = None) -> Action:
    """Read one action written by :func:`format_action` (``0:play:7o`` is read too).

    >>> parse_action("2:real_envido")
    Call(seat=2, call=<EnvidoCall.REAL_ENVIDO: 'real_envido'>)
    >>> parse_action("1:quiero"), parse_action("0:play:7o")
    (Answer(seat=1, quiero=True), PlayCard(seat=0, card=Card.parse('7o')))
    """
    where = f"action {position + 1}: " if position is not None else ""
    extra = {} if position is None else {"position": position}
    if not isinstance(text, str):
        raise _bad(NotationReason.MALFORMED, f"{where}an action must be text, not {text!r}", value=text, **extra)
    seat_text, sep, what = text.strip().partition(":")
    if not sep or not (seat_text.isascii() and seat_text.isdigit()) or not what:
        raise _bad(NotationReason.MALFORMED, f"{where}{text!r} is not seat:action", value=text, **extra)
    seat = int(seat_text)
    if seat > 5:
        raise _bad(NotationReason.BAD_VALUE, f"{where}no seat {seat}", value=seat, **extra)
    word = what.lower()
    if word.startswith("play:"):
        what = what[5:]
        word = what.lower()
    if word in CALLS:
        return Call(seat, CALLS[word])
    if word == "quiero":
        return Answer(seat, True)
    if word in ("no_quiero", "noquiero"):
        return Answer(seat, False)
    if word == "mazo":
        return Mazo(seat)
    if word in _CATALAN_WORDS:
        return _CATALAN_WORDS[word](seat)
    if word in _MINEIRO_WORDS:
        return ThreeChoice(seat, _MINEIRO_WORDS[word])
    if what.startswith("~") and len(what) > 1:
        try:
            return PlayCard(seat, Card.parse(what[1:]), True)
        except InvalidNotationError as error:
            error.details.update(extra)
            raise
    if what[:1].isdigit() or what[:1].upper() in "AJBQDK" and len(what) <= 3:
        try:
            return PlayCard(seat, Card.parse(what))
        except InvalidNotationError as error:
            if word[:1].isdigit():
                error.details.update(extra)
                raise
    raise _bad(NotationReason.UNKNOWN_ACTION, f"{where}unknown action {what!r}", value=what, **extra)


def format_actions(actions: Iterable[Action]) -> str:
    """Actions separated by spaces.

    >>> format_actions([Call(0, CALLS["truco"]), Answer(1, True)])
    '0:truco 1:quiero'
    """
    return " ".join(action.notation for action in actions)


def parse_actions(text: str) -> list[Action]:
    """Read an action log; ``0:play 7o`` (a card after ``play``) is read as ``0:7o``.

    >>> [str(a) for a in parse_actions("0:envido 1:quiero 0:play 7o")]
    ['0:envido', '1:quiero', '0:7o']
    """
    if not isinstance(text, str):
        raise _bad(NotationReason.MALFORMED, f"an action log must be text, not {text!r}", value=text)
    tokens = text.split()
    actions: list[Action] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token.lower().endswith(":play") and i + 1 < len(tokens):
            token = f"{token}:{tokens[i + 1]}"
            i += 1
        actions.append(parse_action(token, len(actions)))
        i += 1
    return actions


# --- Whole hands and replay -----------------------------------------------------------------------


@dataclass(frozen=True)
class HandRecord:
    """Everything that determines a hand: rules, deal, mano, starting scores and the action log."""

    rules: Rules
    deal: Deal
    mano: int = 0
    scores: tuple[int, int] = (0, 0)
    actions: tuple[Action, ...] = ()
    pica: bool = False
    """A pica-pica round (written ``mano=M,pica``): three duels, their actions in playing order."""

    def state(self) -> HandState:
        """Rebuild the hand by replaying the log (raises IllegalActionError with ``position``)."""
        state = self.rules.new_hand(self.deal, self.mano, self.scores, pica=self.pica)
        for _ in replay_into(state, self.actions):
            pass
        return state

    @classmethod
    def of(cls, state: HandState | PicaPicaHand) -> HandRecord:
        """The record of a state."""
        return cls(state.rules, state.deal, state.mano, state.start_scores, tuple(state.actions), state.is_pica)


def format_hand(hand: HandState | PicaPicaHand | HandRecord) -> str:
    """``rules;mano=M;scores=A-B;deal;actions`` for a state or a record (a pica-pica round: ``mano=M,pica``)."""
    record = hand if isinstance(hand, HandRecord) else HandRecord.of(hand)
    a, b = record.scores
    pica = ",pica" if record.pica else ""
    return (
        f"{format_rules(record.rules)};mano={record.mano}{pica};scores={a}-{b};"
        f"{format_deal(record.deal)};{format_actions(record.actions)}"
    )


def parse_hand(text: str) -> HandRecord:
    """Read a hand written by :func:`format_hand` (the log is not checked; :meth:`HandRecord.state` does)."""
    if not isinstance(text, str):
        raise _bad(NotationReason.MALFORMED, f"a hand must be text, not {text!r}", value=text)
    parts = text.strip().split(";")
    if len(parts) != 5:
        raise _bad(NotationReason.MALFORMED, "a hand is rules;mano=M;scores=A-B;deal;actions", value=text, expected=5)
    rules = parse_rules(parts[0])
    mano_part, comma, kind = parts[1].partition(",")
    if comma and kind.strip() != "pica":
        raise _bad(NotationReason.MALFORMED, f"expected mano=M or mano=M,pica, got {parts[1]!r}", value=parts[1])
    mano_key, _, mano_text = mano_part.partition("=")
    if mano_key.strip() != "mano" or not (mano_text.strip().isascii() and mano_text.strip().isdigit()):
        raise _bad(NotationReason.MALFORMED, f"expected mano=M, got {parts[1]!r}", value=parts[1])
    score_key, _, score_text = parts[2].partition("=")
    a, sep, b = score_text.partition("-")
    if (
        score_key.strip() != "scores"
        or not sep
        or not (a.strip().isascii() and a.strip().isdigit())
        or not (b.strip().isascii() and b.strip().isdigit())
    ):
        raise _bad(NotationReason.MALFORMED, f"expected scores=A-B, got {parts[2]!r}", value=parts[2])
    deal = parse_deal(parts[3], rules.players, VARIANTS[rules.variant].spare_threes)
    mano = int(mano_text)
    if mano >= rules.players:
        raise _bad(NotationReason.BAD_VALUE, f"mano {mano} is not a seat", value=mano)
    return HandRecord(rules, deal, mano, (int(a), int(b)), tuple(parse_actions(parts[4])), bool(comma))


def replay_into(state: HandState, actions: Iterable[Action | str]) -> Iterator[tuple[HandState, Action]]:
    """Apply ``actions`` to ``state`` one by one, yielding ``(state, action)`` after each (the engine's
    stepper, :func:`tutor.engine.stepper.replay`, with actions in notation)."""
    from .stepper import Replay

    parsed = (parse_action(a, position) if isinstance(a, str) else a for position, a in enumerate(actions))
    for step in Replay(state, parsed):
        yield step.state, step.action


def replay(
    rules: Rules | str,
    deal: Deal | str,
    actions: Iterable[Action | str] | str = (),
    *,
    mano: int = 0,
    scores: Sequence[int] = (0, 0),
    pica: bool = False,
) -> Iterator[tuple[HandState, Action]]:
    """Replay a hand, yielding ``(state, action)`` after each action (a scripted-hand stepper).

    The state is one object advanced in place; take :func:`format_hand` or ``HandRecord.of`` of it
    to keep a step. An illegal action raises :class:`IllegalActionError` with ``details["position"]``.

    >>> steps = replay("argentino", "1e,7o,3b|4c,5c,6c", "0:truco 1:quiero 0:1e 1:4c 0:7o 1:5c")
    >>> [(str(a), s.phase.value) for s, a in steps][-2:]
    [('0:7o', 'play'), ('1:5c', 'over')]
    """
    the_rules = parse_rules(rules) if isinstance(rules, str) else rules
    cards = (
        parse_deal(deal, the_rules.players, VARIANTS[the_rules.variant].spare_threes) if isinstance(deal, str) else deal
    )
    log = parse_actions(actions) if isinstance(actions, str) else actions
    state = the_rules.new_hand(cards, mano, tuple(scores), pica=pica)
    yield from replay_into(state, log)
