"""The predicate vocabulary: named facts about a hand, composed with ``all``, ``any`` and ``not``.

One small language serves every place where content says *when*: a practice hand's deal pattern
(``where``), its script (``when`` a computer seat acts), its coach messages and its goal, and the
situations of the ``legal_calls`` check kind. A predicate is written in TOML as

* a string: a name, optionally with arguments: ``"hand_over"``, ``"trick_won_by(1, us)"``,
  ``"envido_at_least(learner, 30)"``; a leading ``not`` negates it: ``"not truco_called"``;
* a list of predicates: all of them hold;
* a table ``{ all = [...] }``, ``{ any = [...] }`` or ``{ not = ... }``.

Predicates look at a :class:`Moment`: the hand (the engine's ``HandState``, every card known: the
script and the coach know the deal; only the learner's page hides it) and the learner's seat.
Arguments name seats and teams from the learner's side:

* a **seat** is ``learner``, ``partner``, ``opponent`` (any seat of the other team), ``mano``,
  ``pie`` (the last seat of each team in the order of play), ``anyone`` or ``s0`` to ``s5`` (seats
  in the order of play, ``s0`` the learner);
* a **team** is ``us`` or ``them``;
* a **winner** (of a trick) is a seat, a team or ``parda``.

Every name, its arguments and its meaning are in :data:`VOCABULARY` (``AUTHORING.md`` lists them);
:func:`parse` raises :class:`~tutor.content.errors.ContentError` with the key path for an unknown
name or a bad argument.

>>> from tutor.engine import HandState, Rules
>>> hand = HandState(Rules(), deal=["1e 7o 3b", "4c 5c 6c"], mano=0)
>>> parse({"all": ["phase(play)", "holds_mata(learner)", "not truco_called"]}).test(Moment(hand))
True
>>> parse("envido_at_least(opponent, 31)").test(Moment(hand)), parse("envido_at_least(learner, 8)").test(Moment(hand))
(True, False)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from tutor.bots.certainty import Position, forced
from tutor.bots.senas import Sena, senas_for_cards
from tutor.engine.cards import Card
from tutor.engine.errors import InvalidNotationError
from tutor.engine.ranking import MATAS
from tutor.engine.rules import RANKINGS, FlorMode
from tutor.engine.stakes import falta_wins_game, in_malas
from tutor.engine.state import CALLS, Answer, Call, Decision, EndKind, EventKind, HandState, Mazo, Phase, PlayCard

from .errors import ContentError

__all__ = ["Moment", "Predicate", "parse", "VOCABULARY", "seats_of", "TRUE"]


# --- What a predicate looks at ---------------------------------------------------------------------


@dataclass(frozen=True)
class Moment:
    """A hand at one moment, seen by the coach: the state and the learner's seat."""

    hand: HandState
    learner: int = 0

    @property
    def us(self) -> int:
        """The learner's team."""
        return self.learner % 2


SEAT_WORDS = ("learner", "partner", "opponent", "mano", "pie", "anyone")
TEAM_WORDS = ("us", "them")


def seats_of(word: str, moment: Moment) -> frozenset[int]:
    """The seats a seat word names at this moment (``partner`` is empty with two players)."""
    hand = moment.hand
    n = hand.players
    me = moment.learner
    if word == "learner":
        return frozenset({me})
    if word == "partner":
        return frozenset(s for s in range(n) if s != me and s % 2 == me % 2)
    if word == "opponent":
        return frozenset(s for s in range(n) if s % 2 != me % 2)
    if word == "mano":
        return frozenset({hand.mano})
    if word == "pie":
        order = [(hand.mano + i) % n for i in range(n)]
        return frozenset(order[-2:]) if n > 2 else frozenset(order)
    if word == "anyone":
        return frozenset(range(n))
    if word in TEAM_WORDS:
        team = moment.us if word == "us" else 1 - moment.us
        return frozenset(s for s in range(n) if s % 2 == team)
    return frozenset({(me + int(word[1:])) % n})


def _team(word: str, moment: Moment) -> int:
    return moment.us if word == "us" else 1 - moment.us


# --- The predicate objects ------------------------------------------------------------------------


@dataclass(frozen=True)
class Predicate:
    """A parsed predicate: ``test(moment)`` says whether it holds; ``text`` is how it was written."""

    text: str
    _test: Callable[[Moment], bool]
    names: frozenset[str] = frozenset()
    """Every vocabulary name used (to check, e.g., that a deal pattern looks only at the deal)."""
    monotone: bool = False
    """True when, once it holds in a hand, it holds for the rest of the hand (only words of
    :data:`STABLE` and deal words, combined with ``all`` and ``any``, never negated)."""

    def test(self, moment: Moment) -> bool:
        """Whether the predicate holds at ``moment``."""
        return bool(self._test(moment))

    def __str__(self) -> str:
        return self.text


TRUE = Predicate("always", lambda m: True, frozenset({"always"}), True)
"""The predicate that always holds."""


# --- Argument types ------------------------------------------------------------------------------


_SEAT_RE = re.compile(r"^s[0-5]$")
_ANSWERS = ("quiero", "no_quiero")
_DECISIONS = ("play11", "run11")
"""The decision on 11 (Catalan Truc, Truco Mineiro's mão de onze): play the hand or run from it."""
_ACTION_WORDS = (*CALLS, *_ANSWERS, "mazo", "play", *_DECISIONS)


def _arg_seat(text: str) -> str:
    if text in SEAT_WORDS or _SEAT_RE.match(text):
        return text
    raise ValueError(f"{text!r} is not a seat; one of {', '.join(SEAT_WORDS)}, s0 to s5")


def _arg_team(text: str) -> str:
    if text in TEAM_WORDS:
        return text
    raise ValueError(f"{text!r} is not a team; us or them")


def _arg_winner(text: str) -> str:
    if text == "parda" or text in TEAM_WORDS:
        return text
    return _arg_seat(text)


def _arg_int(text: str) -> int:
    if not re.fullmatch(r"\d{1,3}", text):
        raise ValueError(f"{text!r} is not a whole number")
    return int(text)


def _arg_trick(text: str) -> int:
    value = _arg_int(text)
    if not 1 <= value <= 3:
        raise ValueError(f"trick {value} does not exist; 1, 2 or 3")
    return value


def _arg_call(text: str) -> str:
    if text in CALLS:
        return text
    raise ValueError(f"{text!r} is not a call; one of {', '.join(CALLS)}")


def _arg_answer(text: str) -> str:
    if text in _ANSWERS:
        return text
    raise ValueError(f"{text!r} is not an answer; quiero or no_quiero")


def _arg_action(text: str) -> str:
    if text in _ACTION_WORDS:
        return text
    raise ValueError(f"{text!r} is not an action; a call, quiero, no_quiero, mazo, play, play11 or run11")


def _arg_phase(text: str) -> Phase:
    try:
        return Phase(text)
    except ValueError:
        raise ValueError(f"{text!r} is not a phase; one of {', '.join(p.value for p in Phase)}") from None


def _arg_card(text: str) -> Card:
    try:
        return Card.parse(text)
    except InvalidNotationError:
        raise ValueError(f"unknown card {text!r}") from None


def _arg_sena(text: str) -> Sena:
    try:
        return Sena(text)
    except ValueError:
        raise ValueError(f"{text!r} is not a seña; one of {', '.join(s.value for s in Sena)}") from None


_ENDS = tuple(e.value for e in EndKind)


def _arg_end(text: str) -> str:
    if text in _ENDS:
        return text
    raise ValueError(f"{text!r} is not a way a hand ends; one of {', '.join(_ENDS)}")


ARG_TYPES: dict[str, Callable[[str], Any]] = {
    "end": _arg_end,
    "seat": _arg_seat,
    "team": _arg_team,
    "winner": _arg_winner,
    "n": _arg_int,
    "trick": _arg_trick,
    "call": _arg_call,
    "answer": _arg_answer,
    "action": _arg_action,
    "phase": _arg_phase,
    "card": _arg_card,
    "sena": _arg_sena,
}


# --- The vocabulary --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Word:
    """One word of the vocabulary: its arguments (types of :data:`ARG_TYPES`), its meaning, its test."""

    name: str
    args: tuple[str, ...]
    meaning: str
    test: Callable[..., bool]
    deal_only: bool = False
    """True when it looks only at the deal (usable in a deal pattern's ``where``)."""


VOCABULARY: dict[str, Word] = {}
"""Every predicate name."""


def word(name: str, args: str = "", meaning: str = "", *, deal_only: bool = False):
    """Register ``function(moment, *args)`` as the predicate ``name`` (arguments by type name)."""

    def register(function: Callable[..., bool]) -> Callable[..., bool]:
        VOCABULARY[name] = Word(name, tuple(a for a in args.split() if a), meaning, function, deal_only)
        return function

    return register


def _ranking(hand: HandState):
    return RANKINGS[hand.rules.ranking]


def _best(cards: Iterable[Card], hand: HandState) -> int:
    ranking = _ranking(hand)
    return max((ranking.strength(c) for c in cards), default=0)


def _showdown_winner(hand: HandState) -> int:
    """The team whose envido wins now: the best value, ties to the seat nearer the mano."""
    order = [(hand.mano + i) % hand.players for i in range(hand.players)]
    best = max(order, key=lambda s: (hand.envido_of(s).points, -order.index(s)))
    return best % 2


def _events(moment: Moment, kind: EventKind):
    return (e for e in moment.hand.events if e.kind is kind)


@word("always", "", "Always true.")
def _always(m: Moment) -> bool:
    return True


# Progress of the hand


@word("phase", "phase", "The seat to act is doing this: play, answer_envido, answer_truco, answer_flor, over.")
def _phase(m: Moment, phase: Phase) -> bool:
    return m.hand.phase is phase


@word("hand_over", "", "The hand is over.")
def _hand_over(m: Moment) -> bool:
    return m.hand.is_over


@word("to_act", "seat", "One of these seats must act now.")
def _to_act(m: Moment, seat: str) -> bool:
    return m.hand.to_act in seats_of(seat, m)


@word("trick", "trick", "The trick under way is this one (1 to 3), and the hand goes on.")
def _trick(m: Moment, n: int) -> bool:
    return not m.hand.is_over and len(m.hand.tricks) + 1 == n


@word("tricks_done", "n", "At least this many tricks are complete.")
def _tricks_done(m: Moment, n: int) -> bool:
    return len(m.hand.tricks) >= n


@word("played", "seat n", "One of these seats has played at least n cards.")
def _played(m: Moment, seat: str, n: int) -> bool:
    seats = seats_of(seat, m)
    counts = {s: 0 for s in seats}
    for action in m.hand.actions:
        if isinstance(action, PlayCard) and action.seat in counts:
            counts[action.seat] += 1
    return any(c >= n for c in counts.values())


@word("learner_played", "n", "The learner has played at least n cards.")
def _learner_played(m: Moment, n: int) -> bool:
    return _played(m, "learner", n)


@word("card_played", "seat card", "One of these seats played this card.")
def _card_played(m: Moment, seat: str, card: Card) -> bool:
    seats = seats_of(seat, m)
    return any(isinstance(a, PlayCard) and a.seat in seats and a.card == card for a in m.hand.actions)


@word("leads", "seat", "One of these seats leads the trick under way (or has led it).")
def _leads(m: Moment, seat: str) -> bool:
    hand = m.hand
    if hand.is_over:
        return False
    trick = hand.current_trick
    leader = trick[0][0] if trick else hand.turn
    return leader in seats_of(seat, m)


@word("trick_won_by", "trick winner", "Trick n is complete and was taken by this seat or team (or was a parda).")
def _trick_won_by(m: Moment, n: int, who: str) -> bool:
    winners = m.hand.trick_winners
    if len(winners) < n:
        return False
    seat = winners[n - 1]
    if who == "parda":
        return seat is None
    return seat is not None and seat in seats_of(who, m)


@word(
    "winning_trick",
    "winner",
    "In the trick under way, the best card so far belongs to this seat or team "
    "(parda: the best cards so far are equal and of both teams).",
)
def _winning_trick(m: Moment, who: str) -> bool:
    trick = m.hand.current_trick
    if not trick or m.hand.is_over:
        return False
    ranking = _ranking(m.hand)
    top = max(ranking.strength(card) for _, card in trick)
    leaders = {seat for seat, card in trick if ranking.strength(card) == top}
    if who == "parda":
        return len({s % 2 for s in leaders}) == 2
    return len({s % 2 for s in leaders}) == 1 and bool(leaders & seats_of(who, m))


@word("lowest_winning", "trick", "The learner took trick n with the lowest of its cards that could take it.")
def _lowest_winning(m: Moment, n: int) -> bool:
    hand = m.hand
    if len(hand.trick_winners) < n or hand.trick_winners[n - 1] != m.learner:
        return False
    trick = hand.tricks[n - 1]
    ranking = _ranking(hand)
    mine = next(card for seat, card in trick if seat == m.learner)
    played_before = [card for seat, card in trick[: [s for s, _ in trick].index(m.learner)]]
    # The learner's cards at that moment: dealt, minus those played in earlier tricks.
    earlier = {card for t in hand.tricks[: n - 1] for seat, card in t if seat == m.learner}
    held = [c for c in hand.deal[m.learner] if c not in earlier]
    if not played_before:
        return True  # it led: nothing to beat yet, any card that held the trick counts
    best_before = max(ranking.strength(c) for c in played_before)
    winners = [c for c in held if ranking.strength(c) > best_before]
    return ranking.strength(mine) == min(ranking.strength(c) for c in winners)


# Calls and answers


@word("called", "seat call", "One of these seats made this call.")
def _called(m: Moment, seat: str, call: str) -> bool:
    seats = seats_of(seat, m)
    return any(e.seat in seats and str(e.call) == call for e in _events(m, EventKind.CALL))


@word(
    "answered",
    "seat answer",
    "One of these seats answered a call with quiero or no_quiero (a mazo that "
    "declines an open envido counts as no_quiero; a truco raise in answer counts as quiero).",
)
def _answered(m: Moment, seat: str, answer: str) -> bool:
    seats = seats_of(seat, m)
    want = answer == "quiero"
    return any(e.seat in seats and e.quiero is want for e in _events(m, EventKind.ANSWER))


@word(
    "answered_call",
    "seat call answer",
    "One of these seats answered this call with quiero or no_quiero (a "
    "mazo that declines an open envido counts as no_quiero; a truco raise in answer counts as quiero, an envido "
    "raise as neither).",
)
def _answered_call(m: Moment, seat: str, call: str, answer: str) -> bool:
    seats = seats_of(seat, m)
    want = answer == "quiero"
    return any(e.seat in seats and str(e.call) == call and e.quiero is want for e in _events(m, EventKind.ANSWER))


@word("pending", "call", "This call is open, waiting for its answer.")
def _pending(m: Moment, call: str) -> bool:
    pending = m.hand.pending
    return pending is not None and str(pending.call) == call


@word("can", "action", "The seat to act may take this action now (a call, quiero, no_quiero, mazo, play).")
def _can(m: Moment, action: str) -> bool:
    hand = m.hand
    seat = hand.to_act
    if seat is None:
        return False
    for legal in hand.legal_actions():
        if action == "play" and isinstance(legal, PlayCard):
            return True
        if action == "mazo" and isinstance(legal, Mazo):
            return True
        if action in _DECISIONS and isinstance(legal, Decision) and legal.play is (action == "play11"):
            return True
        if action in _ANSWERS and isinstance(legal, Answer) and legal.quiero is (action == "quiero"):
            return True
        if isinstance(legal, Call) and str(legal.call) == action:
            return True
    return False


@word("truco_called", "", "Someone called Truco.")
def _truco_called(m: Moment) -> bool:
    return bool(m.hand.truco_calls)


@word("truco_accepted", "", "A Truco (or a raise) was accepted: the hand is worth 2 or more.")
def _truco_accepted(m: Moment) -> bool:
    return m.hand.truco_level > 0


@word("truco_level", "n", "At least n truco steps were accepted (1 Truco, 2 Retruco, 3 Vale cuatro).")
def _truco_level(m: Moment, n: int) -> bool:
    return m.hand.truco_level >= n


@word("truco_declined", "", "A truco call was declined and ended the hand.")
def _truco_declined(m: Moment) -> bool:
    return m.hand.end is not None and m.hand.end.kind is EndKind.TRUCO_DECLINED


@word("envido_open", "", "The envido may still be called.")
def _envido_open(m: Moment) -> bool:
    return m.hand.envido_status.value == "open"


@word("envido_called", "", "Someone called envido (Envido, Real envido or Falta envido).")
def _envido_called(m: Moment) -> bool:
    return bool(m.hand.envido_calls)


@word("envido_accepted", "", "The envido was accepted and settled in the showdown.")
def _envido_accepted(m: Moment) -> bool:
    return any(e.kind is EventKind.ENVIDO_WON for e in m.hand.events)


@word("envido_declined", "", "The envido was declined.")
def _envido_declined(m: Moment) -> bool:
    return any(a.rule.value == "envido_declined" for a in m.hand.awards)


@word("envido_won_by", "team", "This team scored the envido (accepted or declined).")
def _envido_won_by(m: Moment, team: str) -> bool:
    wanted = _team(team, m)
    return any(a.team == wanted for a in m.hand.awards if a.rule.value in ("envido_accepted", "envido_declined"))


@word("went_mazo", "seat", "One of these seats went to the mazo.")
def _went_mazo(m: Moment, seat: str) -> bool:
    seats = seats_of(seat, m)
    return any(s in seats for s in m.hand.folded)


@word("flor_announced", "seat", "One of these seats announced a flor.")
def _flor_announced(m: Moment, seat: str) -> bool:
    seats = seats_of(seat, m)
    return any(s in seats for s in m.hand.flor_announced)


@word(
    "last",
    "seat action",
    "The last action was taken by one of these seats and was this action (a call, quiero, no_quiero, mazo or play).",
)
def _last(m: Moment, seat: str, action: str) -> bool:
    if not m.hand.actions:
        return False
    last = m.hand.actions[-1]
    if last.seat not in seats_of(seat, m):
        return False
    if action == "play":
        return isinstance(last, PlayCard)
    if action == "mazo":
        return isinstance(last, Mazo)
    if action in _DECISIONS:
        return isinstance(last, Decision) and last.play is (action == "play11")
    if action in _ANSWERS:
        return isinstance(last, Answer) and last.quiero is (action == "quiero")
    return isinstance(last, Call) and str(last.call) == action


# The deal (usable in a deal pattern)


@word("holds", "seat card", "One of these seats was dealt this card.", deal_only=True)
def _holds(m: Moment, seat: str, card: Card) -> bool:
    return any(card in m.hand.deal[s] for s in seats_of(seat, m))


@word(
    "holds_mata",
    "seat",
    "One of these seats was dealt a mata (1 of espadas, 1 of bastos, 7 of espadas, 7 of oros).",
    deal_only=True,
)
def _holds_mata(m: Moment, seat: str) -> bool:
    return any(c in MATAS for s in seats_of(seat, m) for c in m.hand.deal[s])


@word("matas_at_least", "seat n", "One of these seats was dealt at least n matas.", deal_only=True)
def _matas_at_least(m: Moment, seat: str, n: int) -> bool:
    return any(sum(c in MATAS for c in m.hand.deal[s]) >= n for s in seats_of(seat, m))


@word("holds_flor", "seat", "One of these seats was dealt three cards of one suit.", deal_only=True)
def _holds_flor(m: Moment, seat: str) -> bool:
    return any(len({c.suit for c in m.hand.deal[s]}) == 1 for s in seats_of(seat, m))


@word("envido_at_least", "seat n", "One of these seats has an envido of at least n.", deal_only=True)
def _envido_at_least(m: Moment, seat: str, n: int) -> bool:
    return any(m.hand.envido_of(s).points >= n for s in seats_of(seat, m))


@word("envido_at_most", "seat n", "Every one of these seats has an envido of at most n.", deal_only=True)
def _envido_at_most(m: Moment, seat: str, n: int) -> bool:
    return all(m.hand.envido_of(s).points <= n for s in seats_of(seat, m))


@word(
    "envido_best", "team", "This team's envido wins the showdown (ties go to the seat nearer the mano).", deal_only=True
)
def _envido_best(m: Moment, team: str) -> bool:
    return _showdown_winner(m.hand) == _team(team, m)


@word(
    "best_card_at_least",
    "seat card",
    "One of these seats was dealt a card at least as strong as this one.",
    deal_only=True,
)
def _best_card_at_least(m: Moment, seat: str, card: Card) -> bool:
    floor = _ranking(m.hand).strength(card)
    return any(_best(m.hand.deal[s], m.hand) >= floor for s in seats_of(seat, m))


@word("best_card_at_most", "seat card", "No card dealt to these seats is stronger than this one.", deal_only=True)
def _best_card_at_most(m: Moment, seat: str, card: Card) -> bool:
    ceiling = _ranking(m.hand).strength(card)
    return all(_best(m.hand.deal[s], m.hand) <= ceiling for s in seats_of(seat, m))


@word("beats_all", "seat card", "This card of the seat beats every card dealt to the other team.", deal_only=True)
def _beats_all(m: Moment, seat: str, card: Card) -> bool:
    ranking = _ranking(m.hand)
    mine = seats_of(seat, m)
    if not any(card in m.hand.deal[s] for s in mine):
        return False
    team = next(iter(mine)) % 2
    others = [c for s in range(m.hand.players) if s % 2 != team for c in m.hand.deal[s]]
    return all(ranking.compare(card, other) > 0 for other in others)


@word("sena", "seat sena", "One of these seats shows this seña to its partners (4 and 6 players).", deal_only=True)
def _sena(m: Moment, seat: str, sena: Sena) -> bool:
    hand = m.hand
    if hand.players < 4:
        return False
    flor_on = hand.rules.flor is not FlorMode.OFF
    for s in seats_of(seat, m):
        cards = hand.deal[s]
        if sena in senas_for_cards(cards, flor=flor_on and len({c.suit for c in cards}) == 1):
            return True
    return False


# Points and score


@word("points_at_least", "team n", "This team scored at least n points in this hand.")
def _points_at_least(m: Moment, team: str, n: int) -> bool:
    return m.hand.points[_team(team, m)] >= n


@word("points_at_most", "team n", "This team scored at most n points in this hand.")
def _points_at_most(m: Moment, team: str, n: int) -> bool:
    return m.hand.points[_team(team, m)] <= n


@word("score_at_least", "team n", "This team's match score is at least n.", deal_only=True)
def _score_at_least(m: Moment, team: str, n: int) -> bool:
    return m.hand.scores[_team(team, m)] >= n


@word("in_buenas", "team", "This team's score is in the buenas.", deal_only=True)
def _in_buenas(m: Moment, team: str) -> bool:
    return not in_malas(m.hand.scores[_team(team, m)], m.hand.rules.target)


@word("falta_wins_game", "", "A Falta envido accepted now would end the game for whoever wins it.", deal_only=True)
def _falta_wins_game(m: Moment) -> bool:
    rules = m.hand.rules
    return falta_wins_game(m.hand.scores, rules.target, rules.falta_mode)


@word(
    "hand_won_by",
    "team",
    "The hand is over and this team took it (on tricks, by a declined Truco or the mazo, or by reaching the target).",
)
def _hand_won_by(m: Moment, team: str) -> bool:
    end = m.hand.end
    return end is not None and end.team == _team(team, m)


@word("match_won_by", "team", "This team reached the target in this hand.")
def _match_won_by(m: Moment, team: str) -> bool:
    return m.hand.match_winner == _team(team, m)


# Added for the practice hands of lessons 2 to 5 (card ranking, tricks and parda, envido)


@word(
    "cards_at_least",
    "seat card n",
    "One of these seats was dealt at least n cards at least as strong as this one.",
    deal_only=True,
)
def _cards_at_least(m: Moment, seat: str, card: Card, n: int) -> bool:
    ranking = _ranking(m.hand)
    floor = ranking.strength(card)
    return any(sum(ranking.strength(c) >= floor for c in m.hand.deal[s]) >= n for s in seats_of(seat, m))


@word(
    "cards_at_most",
    "seat card n",
    "One of these seats was dealt at least n cards no stronger than this one.",
    deal_only=True,
)
def _cards_at_most(m: Moment, seat: str, card: Card, n: int) -> bool:
    ranking = _ranking(m.hand)
    ceiling = ranking.strength(card)
    return any(sum(ranking.strength(c) <= ceiling for c in m.hand.deal[s]) >= n for s in seats_of(seat, m))


# Added for the practice hands of lessons 6 to 9 (truco, scoring, pairs and trios, flor)


@word(
    "lowest_played",
    "trick",
    "The learner played in trick n the weakest of the cards it held then (a card "
    "equal to the weakest counts), whoever took the trick.",
)
def _lowest_played(m: Moment, n: int) -> bool:
    hand = m.hand
    tricks = list(hand.tricks) + ([tuple(hand.current_trick)] if hand.current_trick else [])
    if len(tricks) < n:
        return False
    mine = [card for seat, card in tricks[n - 1] if seat == m.learner]
    if not mine:
        return False
    ranking = _ranking(hand)
    earlier = {card for t in tricks[: n - 1] for seat, card in t if seat == m.learner}
    held = [c for c in hand.deal[m.learner] if c not in earlier]
    return ranking.strength(mine[0]) == min(ranking.strength(c) for c in held)


# Added for truthful verdicts: what the learner really did, and how the hand really ended


@word(
    "did",
    "seat action",
    "One of these seats took this action at some point (a call, quiero, no_quiero, "
    "mazo or play); a mazo is not a no_quiero.",
)
def _did(m: Moment, seat: str, action: str) -> bool:
    seats = seats_of(seat, m)
    for done in m.hand.actions:
        if done.seat not in seats:
            continue
        if action == "play" and isinstance(done, PlayCard):
            return True
        if action == "mazo" and isinstance(done, Mazo):
            return True
        if action in _DECISIONS and isinstance(done, Decision) and done.play is (action == "play11"):
            return True
        if action in _ANSWERS and isinstance(done, Answer) and done.quiero is (action == "quiero"):
            return True
        if isinstance(done, Call) and str(done.call) == action:
            return True
    return False


@word("tricks_won", "team n", "This team has taken at least n tricks (a parda counts for nobody).")
def _tricks_won(m: Moment, team: str, n: int) -> bool:
    wanted = _team(team, m)
    return sum(1 for seat in m.hand.trick_winners if seat is not None and seat % 2 == wanted) >= n


@word(
    "sure_on_tricks",
    "team",
    "Played well, this team takes the hand on tricks as dealt, whatever the other team "
    "plays (every card known; calls and the mazo aside).",
    deal_only=True,
)
def _sure_on_tricks(m: Moment, team: str) -> bool:
    hand = m.hand
    strength = _ranking(hand).strength
    hands = tuple(tuple(sorted((strength(c) for c in cards), reverse=True)) for cards in hand.deal)
    position = Position(hand.players, hand.mano, hands, (), "", hand.mano)
    return forced(position, _team(team, m))


@word(
    "hand_end",
    "end",
    "The hand is over and ended this way: tricks, truco_declined, mazo or match_won (a team "
    "reached the target during the hand).",
)
def _hand_end(m: Moment, end: str) -> bool:
    return m.hand.end is not None and m.hand.end.kind.value == end


# --- Parsing ---------------------------------------------------------------------------------------


_CALL_RE = re.compile(r"^(not\s+)?([a-z_]+)\s*(?:\((.*)\))?$")


def _parse_word(text: str, path: str) -> Predicate:
    match = _CALL_RE.match(text.strip())
    if not match:
        raise ContentError(f"cannot read the predicate {text!r}: write name or name(arg, arg)", path=path)
    negate, name, raw_args = match.groups()
    entry = VOCABULARY.get(name)
    if entry is None:
        raise ContentError(f"unknown predicate {name!r}; see AUTHORING.md for the vocabulary", path=path)
    args_text = [a.strip() for a in raw_args.split(",")] if raw_args and raw_args.strip() else []
    if len(args_text) != len(entry.args):
        wanted = f"({', '.join(entry.args)})" if entry.args else "no arguments"
        raise ContentError(f"{name} takes {wanted}, got {len(args_text)}", path=path)
    try:
        args = [ARG_TYPES[kind](value) for kind, value in zip(entry.args, args_text, strict=True)]
    except ValueError as exc:
        raise ContentError(f"{name}: {exc}", path=path) from None
    test = entry.test

    def run(m: Moment) -> bool:
        return test(m, *args)

    pred = Predicate(text.strip(), run, frozenset({name}), name in STABLE or entry.deal_only)
    return _negate(pred) if negate else pred


def _negate(pred: Predicate) -> Predicate:
    deal = all(VOCABULARY[n].deal_only for n in pred.names if n in VOCABULARY)
    return Predicate(f"not {pred.text}", lambda m: not pred.test(m), pred.names, deal)


def _combine(kind: str, parts: Sequence[Predicate]) -> Predicate:
    names = frozenset().union(*(p.names for p in parts)) if parts else frozenset()
    text = f"{kind}({', '.join(p.text for p in parts)})"
    monotone = all(p.monotone for p in parts)
    if kind == "all":
        return Predicate(text, lambda m: all(p.test(m) for p in parts), names, monotone)
    return Predicate(text, lambda m: any(p.test(m) for p in parts), names, monotone)


STABLE = frozenset(
    {
        "always",
        "hand_over",
        "tricks_done",
        "played",
        "learner_played",
        "card_played",
        "trick_won_by",
        "lowest_winning",
        "lowest_played",
        "called",
        "answered",
        "answered_call",
        "truco_called",
        "truco_accepted",
        "truco_level",
        "truco_declined",
        "envido_called",
        "envido_accepted",
        "envido_declined",
        "envido_won_by",
        "went_mazo",
        "flor_announced",
        "points_at_least",
        "hand_won_by",
        "match_won_by",
        "did",
        "hand_end",
        "tricks_won",
    }
)
"""The words that, once they hold in a hand, hold until it is over (a coach text's ``says`` uses only
these: what it states must still be true when the hand is over)."""


def parse(raw: Any, path: str = "") -> Predicate:
    """Build a predicate from its TOML value (see the module docstring); ContentError names ``path``."""
    if isinstance(raw, str):
        return _parse_word(raw, path)
    if isinstance(raw, list):
        if not raw:
            raise ContentError("an empty list of predicates", path=path)
        return _combine("all", [parse(item, f"{path}[{i}]") for i, item in enumerate(raw)])
    if isinstance(raw, dict) and len(raw) == 1:
        ((kind, value),) = raw.items()
        if kind == "not":
            return _negate(parse(value, f"{path}.not"))
        if kind in ("all", "any"):
            if not isinstance(value, list) or not value:
                raise ContentError(f"{kind} takes a non-empty list of predicates", path=f"{path}.{kind}")
            return _combine(kind, [parse(item, f"{path}.{kind}[{i}]") for i, item in enumerate(value)])
    raise ContentError(
        'expected a predicate: a name such as "hand_over", a list, or a table with one of all, any, not', path=path
    )


def deal_only(pred: Predicate) -> bool:
    """True when every word of ``pred`` looks only at the deal and the scores."""
    return all(VOCABULARY[name].deal_only for name in pred.names if name != "always")
