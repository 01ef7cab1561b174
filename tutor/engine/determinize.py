"""Sample the hidden cards of a hand consistently with everything one seat has seen.

A computer player sees a :class:`~tutor.engine.state.SeatView`: its own cards, the cards played,
the calls, the envido values stated, "son buenas", the flores announced, the cards shown. To look
ahead it needs a whole :class:`~tutor.engine.state.HandState`. :func:`determinize` deals the cards
it has not seen to the other seats so that the public record could have happened: replaying the
view's action log on the sampled deal reaches exactly the view (same events, same legal actions,
same scores). Nothing else of the real deal is used, so two hands that differ only in cards the
seat has not seen give the same samples for the same generator.

How (rejection sampling with a proposal that respects the facts first, and a bounded fallback):

1. Known cards are fixed: the seat's own three, every card played (by its player), the cards shown
   at the end of the hand, and a card named by a :class:`HandFact` (a seña seen).
2. Facts about one seat's three cards are read from the events: an envido value stated
   (``ENVIDO_STATED``, ``ENVIDO_WON``); "son buenas" (the value does not beat the best stated before
   it, following the tie rule of :func:`tutor.engine.envido.showdown`); a flor announced (three of
   one suit) and its value when stated (``FLOR_STATED``, ``FLOR_WON``); no flor where announcing it
   would have been compulsory (the seat acted, or an envido was called, without its flor being
   announced; or the flores were settled).
3. Seats with an exact fact (an envido or flor value, a flor) draw their cards from the three-card
   hands that fit it, the most constrained seat first; the others draw from the remaining cards
   and redraw while their facts fail.
4. The sampled deal is replayed and its view compared with the given one; a mismatch rejects it.
5. After ``tries`` rejected proposals a randomised depth-first search over every seat's possible
   hands takes over; it is complete, so a view that comes from a real hand always gets a state.
   Extra facts that contradict the record are dropped (and then the search runs without them).

>>> import random
>>> from tutor.engine import Answer, Call, EnvidoCall, HandState, Rules, envido_points
>>> hand = HandState(Rules(), deal=["1e 7o 3b", "7c 6c 12e"], mano=0)
>>> _ = hand.apply(Call(0, EnvidoCall.ENVIDO)); _ = hand.apply(Answer(1, True))
>>> sample = determinize(hand.view_for(0), random.Random(1))
>>> sample.view_for(0) == hand.view_for(0), envido_points(sample.deal[1])
(True, 33)
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import TypeVar

from .cards import DECK, Card
from .envido import envido_points, flor_points
from .errors import TrucoError
from .rules import VARIANTS
from .stakes import EnvidoCall
from .state import (
    FACE_DOWN,
    Action,
    Call,
    EventKind,
    HandState,
    Mazo,
    Phase,
    PlayCard,
    SeatView,
    ThreeChoice,
    ThreeChoiceKind,
)

_T = TypeVar("_T")

__all__ = [
    "HandFact",
    "InconsistentViewError",
    "Determinizer",
    "ThreesDeterminizer",
    "determinize",
    "DEFAULT_TRIES",
    "Weigh",
]

DEFAULT_TRIES = 200
"""Proposals tried before the search takes over."""
SEARCH_BUDGET = 200_000
"""Hands the search may check before it gives up (the view is then taken as impossible)."""

_INDEX: dict[Card, int] = {card: i for i, card in enumerate(DECK)}
_ENVIDO_NAMES = frozenset(call.value for call in EnvidoCall)


def _mask(cards: Iterable[Card]) -> int:
    """The cards as a bit set (bit i: ``DECK[i]``)."""
    mask = 0
    for card in cards:
        mask |= 1 << _INDEX[card]
    return mask


def _bits(mask: int) -> list[int]:
    """The deck indices of a bit set, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


_HANDS: tuple[frozenset[Card], ...] = tuple(frozenset(h) for h in combinations(DECK, 3))
_BY_ENVIDO: dict[int, list[frozenset[Card]]] = defaultdict(list)
_BY_FLOR: dict[int, list[frozenset[Card]]] = defaultdict(list)
_FLORES: list[frozenset[Card]] = []
for _hand in _HANDS:
    _BY_ENVIDO[envido_points(_hand)].append(_hand)
    _value = flor_points(tuple(_hand))
    if _value is not None:
        _BY_FLOR[_value].append(_hand)
        _FLORES.append(_hand)
del _hand, _value


Weigh = Callable[[HandState, Action], float]
"""``weigh(state, action)``: how likely a model of the players makes ``action`` in ``state``."""


class InconsistentViewError(TrucoError, ValueError):
    """No deal fits the view: it does not come from a real hand (or the facts contradict it)."""

    def __init__(self, message: str) -> None:
        from .errors import NotationReason

        super().__init__(NotationReason.BAD_VALUE, message)


@dataclass(frozen=True, slots=True)
class HandFact:
    """An extra fact about the three cards dealt to ``seat`` (e.g. from a seña seen).

    ``any_of``: the seat holds at least one of these cards (one card: it holds that card);
    ``none_of``: it holds none of them; ``flor``: it holds three of one suit (True) or not (False).

    >>> HandFact.holds(1, Card.parse("1e")).check((Card.parse("1e"), Card.parse("4c"), Card.parse("5c")))
    True
    """

    seat: int
    any_of: frozenset[Card] = frozenset()
    none_of: frozenset[Card] = frozenset()
    flor: bool | None = None

    @classmethod
    def holds(cls, seat: int, card: Card | str) -> HandFact:
        """``seat`` was dealt ``card``."""
        return cls(seat, any_of=frozenset({card if isinstance(card, Card) else Card.parse(card)}))

    def check(self, cards: Iterable[Card]) -> bool:
        """True when three dealt cards agree with this fact."""
        hand = frozenset(cards)
        if self.any_of and not hand & self.any_of:
            return False
        if hand & self.none_of:
            return False
        return self.flor is None or (len({c.suit for c in hand}) == 1) == self.flor


@dataclass(slots=True)
class _SeatFacts:
    """What the record says about one seat's three cards."""

    known: set[Card]
    envido: int | None = None
    below: list[tuple[int, bool]] | None = None  # (value, an equal value passes)
    flor: bool | None = None
    flor_value: int | None = None
    extra: list[HandFact] | None = None

    @property
    def exact(self) -> bool:
        return self.envido is not None or self.flor_value is not None or self.flor is True

    @property
    def free(self) -> bool:
        """True when any three cards do (nothing but the known cards is said of them)."""
        return (
            self.envido is None and not self.below and self.flor is None and self.flor_value is None and not self.extra
        )

    def check(self, hand: frozenset[Card]) -> bool:
        if self.envido is not None and envido_points(hand) != self.envido:
            return False
        if self.below:
            value = envido_points(hand)
            for bound, equal_ok in self.below:
                if value > bound or (value == bound and not equal_ok):
                    return False
        if self.flor is not None or self.flor_value is not None:
            is_flor = len({c.suit for c in hand}) == 1
            if self.flor is not None and is_flor != self.flor:
                return False
            if self.flor_value is not None and (not is_flor or flor_points(tuple(hand)) != self.flor_value):
                return False
        if self.extra:
            for fact in self.extra:
                if not fact.check(hand):
                    return False
        return True


class Determinizer:
    """Reads a view once, then samples consistent hands from it (:meth:`sample`).

    ``facts`` are extra facts (:class:`HandFact`) the seat knows, e.g. señas it has seen.
    """

    def __new__(cls, view: SeatView, *args: object, **kwargs: object) -> Determinizer:
        if cls is Determinizer and VARIANTS[view.rules.variant].spare_threes:
            cls = ThreesDeterminizer  # Truco Mineiro: threes before the hand, face-down cards
        return object.__new__(cls)

    def __init__(self, view: SeatView, facts: Sequence[HandFact] = (), *, tries: int = DEFAULT_TRIES) -> None:
        self.view = view
        self.tries = tries
        self.start_scores = (view.scores[0] - view.points[0], view.scores[1] - view.points[1])
        self.facts = tuple(f for f in facts if f.seat != view.seat and 0 <= f.seat < view.players)
        self.weight = 1.0
        self._rng = random.Random(0)
        self._build(self.facts)

    # --- Reading the record ------------------------------------------------------------------------

    def _build(self, facts: Sequence[HandFact]) -> None:
        view = self.view
        n = view.players
        seats = [_SeatFacts(set()) for _ in range(n)]
        # A Catalan one-card hand shows each seat only its first card, and while the dealer chooses
        # after a knock none: the seat's other cards are then hidden from it as well.
        self.short = len(view.dealt) in (0, 1)
        if (len(view.dealt) != 3 and not self.short) or not set(view.hand) <= set(view.dealt):
            raise InconsistentViewError("the seat's cards in hand are not among its dealt cards")
        seats[view.seat].known.update(view.dealt)
        has_flor_rule = view.rules.has_flor
        announced: set[int] = set()
        acted: set[int] = set()
        folded: set[int] = set()
        envido_called = False
        best: tuple[int, int] | None = None  # (seat, value) stated best so far
        order = {(view.mano + i) % n: i for i in range(n)}
        shown_order: dict[int, tuple[Card, ...]] = {}
        for action in view.actions:
            if type(action) is Mazo:
                folded.add(action.seat & 1)
            elif not (type(action) is Call and action.call.value.startswith(("flor", "contraflor"))):
                acted.add(action.seat)
        for event in view.events:
            kind = event.kind
            seat = event.seat
            if seat is None:  # every kind read below but CALL names a seat, and CALL does too
                continue
            if kind is EventKind.CARD_PLAYED:
                seats[seat].known.add(_set(event.card))
            elif kind is EventKind.CARDS_SHOWN:
                seats[seat].known.update(event.cards)
                if len(event.cards) == 3:
                    shown_order[seat] = tuple(event.cards)
            elif kind is EventKind.ENVIDO_STATED or kind is EventKind.ENVIDO_WON:
                value = _set(event.value)
                seats[seat].envido = value
                if kind is EventKind.ENVIDO_STATED:
                    best = (seat, value)
            elif kind is EventKind.SON_BUENAS and best is not None:
                facts_of = seats[seat]
                if facts_of.below is None:
                    facts_of.below = []
                # It does not beat the best: lower, or equal while farther from the mano.
                facts_of.below.append((best[1], order[seat] > order[best[0]]))
            elif kind is EventKind.FLOR_ANNOUNCED:
                announced.add(seat)
                seats[seat].flor = True
            elif kind is EventKind.FLOR_STATED or kind is EventKind.FLOR_WON:
                seats[seat].flor_value = event.value
            elif kind is EventKind.CALL and (isinstance(event.call, EnvidoCall) or event.call in _ENVIDO_NAMES):
                envido_called = True
        if has_flor_rule:
            settled = bool(view.tricks) or view.is_over
            for seat in range(n):
                if seat in announced or seat == view.seat:
                    continue
                if seat in acted or envido_called or (settled and (seat & 1) not in folded):
                    seats[seat].flor = False
        seen: set[Card] = set()
        for seat_facts in seats:
            if len(seat_facts.known) > 3 or not seen.isdisjoint(seat_facts.known):
                raise InconsistentViewError("a card is known twice or a seat holds more than three")
            seen |= seat_facts.known
        self.seen = frozenset(seen)
        """The cards the seat has seen: its own, every card played, the cards shown."""
        for fact in facts:
            target = seats[fact.seat]
            if len(fact.any_of) == 1:
                (card,) = fact.any_of
                if card not in target.known:
                    if card in seen or len(target.known) == 3:
                        continue  # contradicts the record: ignored
                    target.known.add(card)
                    seen.add(card)
            if target.extra is None:
                target.extra = []
            target.extra.append(fact)
        self.seats = seats
        self.shown_order = shown_order
        self.pool = tuple(card for card in DECK if card not in seen)
        self.others = [s for s in range(n) if (s != view.seat or self.short) and len(seats[s].known) < 3]
        pool = frozenset(self.pool)
        self._candidates: dict[int, list[frozenset[Card]]] = {}
        for seat in self.others:
            facts_of = seats[seat]
            if not facts_of.exact:
                continue
            if facts_of.flor_value is not None:
                source: Iterable[frozenset[Card]] = _BY_FLOR.get(facts_of.flor_value, ())
            elif facts_of.envido is not None:
                source = _BY_ENVIDO.get(facts_of.envido, ())
            else:
                source = _FLORES
            known = frozenset(facts_of.known)
            self._candidates[seat] = [
                hand - known for hand in source if known <= hand and (hand - known) <= pool and facts_of.check(hand)
            ]
        self._exact_order = sorted(self._candidates, key=lambda s: len(self._candidates[s]))
        self._pool_index = [_INDEX[c] for c in self.pool]
        self._masks = {seat: [_mask(c) for c in cands] for seat, cands in self._candidates.items()}

    # --- Sampling ------------------------------------------------------------------------------------

    def _replay(self, hands: dict[int, int], weigh: Weigh | None = None) -> HandState | None:
        """Replay the record on the deal of the known cards plus ``hands`` (seat -> bit set)."""
        view = self.view
        deal = []
        for seat in range(view.players):
            # The deck's own card objects (equal to any other copy): look-ahead code may rely on it.
            if self.short and seat not in self.shown_order:
                # A one-card hand: the card seen (played, or the seat's own) was dealt first; the
                # others in a random order, so that an unseen first card is any of the pool's.
                known = [DECK[_INDEX[c]] for c in self.seats[seat].known]
                rest = [DECK[i] for i in _bits(hands.get(seat, 0))]
                self._rng.shuffle(rest)
                deal.append(tuple(known + rest))
            elif seat == view.seat:
                deal.append(tuple(DECK[_INDEX[c]] for c in view.dealt))
            elif seat in self.shown_order:
                deal.append(tuple(DECK[_INDEX[c]] for c in self.shown_order[seat]))
            else:
                mask = hands.get(seat, 0) | _mask(self.seats[seat].known)
                deal.append(tuple(DECK[i] for i in _bits(mask)))
        weight = 1.0
        try:
            state = view.rules.new_hand(deal, view.mano, self.start_scores)
            for action in view.actions:
                if weigh is not None:
                    weight *= weigh(state, action)
                state.apply(action)
        except TrucoError:
            return None
        if state.view_for(view.seat) != view:
            return None
        self.weight = weight
        return state

    def _propose(self, rng: random.Random) -> dict[int, int] | None:
        """Hidden cards for every seat (seat -> bit set) that fit each seat's own facts, or None."""
        used = 0
        hands: dict[int, int] = {}
        for seat in self._exact_order:
            options = [m for m in self._masks[seat] if not m & used]
            if not options:
                return None
            pick = options[rng.randrange(len(options))]
            hands[seat] = pick
            used |= pick
        rest = [i for i in self._pool_index if not used >> i & 1]
        for seat in self.others:
            if seat in hands:
                continue
            facts_of = self.seats[seat]
            need = 3 - len(facts_of.known)
            for _ in range(50):
                picked = rng.sample(rest, need)
                if facts_of.free or facts_of.check(frozenset(facts_of.known).union(DECK[i] for i in picked)):
                    break
            else:
                return None
            mask = 0
            for i in picked:
                mask |= 1 << i
            hands[seat] = mask
            rest = [i for i in rest if not mask >> i & 1]
        return hands

    def _search(self, rng: random.Random) -> HandState | None:
        """Randomised depth-first search over all seats' possible hands, most constrained seat first.

        Complete up to :data:`SEARCH_BUDGET` checked hands: a view of a real hand is found within
        the first few (the facts read from the record are exact but for rare flor cases), so running
        out of budget means the view is impossible.
        """
        seats = sorted(self.others, key=lambda s: (s not in self._candidates, len(self._candidates.get(s, ()))))
        budget = [SEARCH_BUDGET]

        def options(seat: int, free: list[Card]) -> Iterator[frozenset[Card]]:
            facts_of = self.seats[seat]
            known = frozenset(facts_of.known)
            if seat in self._candidates:
                free_set = set(free)
                listed = [c for c in self._candidates[seat] if c <= free_set]
                rng.shuffle(listed)
                yield from listed
                return
            order = list(free)
            rng.shuffle(order)
            for combo in combinations(order, 3 - len(known)):
                budget[0] -= 1
                if budget[0] < 0:
                    return
                pick = frozenset(combo)
                if facts_of.check(known | pick):
                    yield pick

        def walk(index: int, free: list[Card], hands: dict[int, frozenset[Card]]) -> HandState | None:
            if index == len(seats):
                budget[0] -= 50  # a replay costs about as much as fifty checks
                return self._replay({seat: _mask(cards) for seat, cards in hands.items()})
            seat = seats[index]
            for pick in options(seat, free):
                if budget[0] < 0:
                    break
                hands[seat] = pick
                found = walk(index + 1, [c for c in free if c not in pick], hands)
                if found is not None:
                    return found
            hands.pop(seat, None)
            return None

        return walk(0, list(self.pool), {})

    def sample(self, rng: random.Random) -> HandState:
        """A full hand consistent with the view (and the facts, when they fit the record)."""
        return self.sample_weighted(rng)[0]

    def sample_weighted(self, rng: random.Random, weigh: Weigh | None = None) -> tuple[HandState, float]:
        """Like :meth:`sample`, and while the record is replayed on the sampled deal, the product of
        ``weigh(state, action)`` over its actions (``state`` is the sampled hand just before
        ``action``; do not change it): how likely the sample makes the record, for a caller that
        has a model of the players (1.0 without ``weigh``)."""
        self._rng = rng
        for _ in range(self.tries):
            hands = self._propose(rng)
            if hands is None:
                continue
            state = self._replay(hands, weigh)
            if state is not None:
                return state, self.weight
        state = self._search(rng)
        if state is not None:
            if weigh is not None:
                replayed = self._replay({s: _mask(state.deal[s]) for s in self.others}, weigh)
                assert replayed is not None, "the searched deal fits the record, so its replay does"
                state = replayed
            return state, self.weight
        if self.facts:  # the extra facts contradict the record: do without them
            self.facts = ()
            self._build(())
            return self.sample_weighted(rng, weigh)
        raise InconsistentViewError("no deal of the hidden cards fits this view")

    def hidden(self) -> tuple[Card, ...]:
        """The cards a sample deals at random: those the seat has not seen and no fact names."""
        return self.pool


def _set(value: _T | None) -> _T:
    """An event field its kind always sets (see :class:`~tutor.engine.state.EventKind`)."""
    assert value is not None
    return value


def determinize(view: SeatView, rng: random.Random, constraints: Sequence[HandFact] = ()) -> HandState:
    """A full :class:`HandState` consistent with everything ``view``'s seat has seen.

    The cards the seat has not seen are dealt at random (from ``rng``) to the other seats so that
    the view's action log replays to exactly this view; ``constraints`` are extra facts the seat
    knows (:class:`HandFact`, e.g. "seat 2 holds the 1 of espadas" from a seña). For many samples of
    one view build a :class:`Determinizer` once and call its ``sample``.
    """
    return Determinizer(view, constraints).sample(rng)


# --- Games with threes before the hand and face-down cards (Truco Mineiro) ---------------------------


class ThreesDeterminizer(Determinizer):
    """:class:`Determinizer` for a game whose mão keeps, passes or burns threes before the hand and
    whose players may play a card face down (Truco Mineiro, docs/rules/mineiro.md §9.3.3-§9.3.4,
    §9.3.9). :class:`Determinizer` builds one for such a view by itself.

    What the seat knows is fixed: its own cards (in the order it holds them), the burned threes, the
    partner's cards it was shown (``SeatView.partner_hand``), every card played face up, and in a
    mão de ferro the next card it must turn up. Everything else is dealt at random from the cards it
    has not seen: each seat's other cards, the card behind each face-down card of another seat (one
    of that seat's hidden cards), and the threes nobody was shown (the partner's own three after a
    pass, the spare threes never given). No other fact about the hidden cards follows from the
    record: no envido, no flor, and a face-down card may be any card, so every proposal that keeps
    the known cards replays to the view; the replay is still checked.
    """

    def _build(self, facts: Sequence[HandFact]) -> None:
        view = self.view
        n = view.players
        self.short = False
        self.shown_order = {}
        self.extra = tuple(f for f in facts if f.seat != view.seat and 0 <= f.seat < n)
        self._hidden: dict[int, list[Card]] = {}
        self._filler: list[Card] = []
        known: list[list[Card]] = [[] for _ in range(n)]
        down = [0] * n  # other seats' face-down cards, unknown to the seat
        burned: list[tuple[Card, ...]] = []
        self.passed = False
        self.auto_keep = False
        for event in view.events:
            seat = event.seat
            if event.kind is EventKind.THREE_BURNED and event.cards:
                burned.append(tuple(event.cards))
            elif event.kind is EventKind.THREE_PASSED:
                self.passed = True
            elif event.kind is EventKind.THREE_KEPT and event.auto:
                self.auto_keep = True
            elif event.kind is EventKind.CARD_PLAYED and seat is not None:
                card = _set(event.card)
                if card is FACE_DOWN:
                    down[seat] += 1
                else:
                    known[seat].append(card)
            elif event.kind is EventKind.CARDS_SHOWN and seat is not None:
                known[seat].extend(c for c in event.cards if c not in known[seat])
        me = view.seat
        self.own_order = tuple(view.dealt)
        if view.dealt:
            known[me] = list(view.dealt)
        else:  # a mão de ferro (then the next card to turn up), or the deal still being chosen
            known[me].extend(a.card for a in view.legal_actions if type(a) is PlayCard and a.card not in known[me])
        if view.partner_hand and n == 4:
            mate = (me + 2) % 4
            known[mate].extend(view.partner_hand)
        self.burned_threes = tuple(burned)
        self.known = [tuple(cards) for cards in known]
        self.down = down
        seen = {card for three in burned for card in three}
        for seat, cards in enumerate(known):
            if len(cards) + down[seat] > 3 or not seen.isdisjoint(cards):
                raise InconsistentViewError("a card is known twice or a seat holds more than three")
            seen.update(cards)
        self.seen = frozenset(seen)
        self.pool = tuple(card for card in DECK if card not in seen)
        self.seats = [_SeatFacts(set(cards)) for cards in known]
        self.others = [s for s in range(n) if len(known[s]) < 3]

    def _propose(self, rng: random.Random) -> dict[int, int] | None:
        """The hidden cards of every seat (seat -> bit set), and :attr:`filler` for the threes nobody saw."""
        view = self.view
        rest = list(self.pool)
        rng.shuffle(rest)
        hands: dict[int, int] = {}
        self._hidden = {}
        for seat in range(view.players):
            need = 3 - len(self.known[seat])
            picked, rest = rest[:need], rest[need:]
            self._hidden[seat] = picked
            hands[seat] = _mask(picked)
        self._filler = rest
        for fact in self.extra:
            if not fact.check(self.known[fact.seat] + tuple(self._hidden[fact.seat])):
                return None
        return hands

    def _replay(self, hands: dict[int, int], weigh: Weigh | None = None) -> HandState | None:
        """Replay the record on the known cards plus the last proposal (:meth:`_propose`)."""
        view = self.view
        n = view.players
        hidden = self._hidden
        filler = list(self._filler)
        mate = (view.seat + 2) % 4 if n == 4 and view.partner_hand else None
        final: list[tuple[Card, ...]] = []
        for seat in range(n):
            if seat == view.seat and self.own_order:
                cards = list(self.own_order)
            elif seat == mate:  # the cards it still holds last, in the order the view lists them
                held = view.partner_hand
                cards = [c for c in self.known[seat] if c not in held] + hidden[seat] + list(held)
            else:  # the cards played in order (a mão de ferro turns them up in the order dealt)
                cards = [*self.known[seat], *hidden[seat]]
            final.append(tuple(DECK[_INDEX[c]] for c in cards))
        mano = view.mano
        partner = (mano + 2) % 4 if n == 4 else None

        def fill() -> tuple[Card, ...]:
            three = tuple(filler[:3])
            del filler[:3]
            return three

        # The threes the mão was given, in order: the burned ones, the passed one (his partner's
        # hand), and the one he holds.
        threes: list[tuple[Card, ...]] = []
        burned = iter(self.burned_threes)
        choosing = view.phase is Phase.DEAL
        for action in view.actions:
            if type(action) is ThreeChoice:
                if action.choice is ThreeChoiceKind.BURN:
                    threes.append(next(burned))
                elif action.choice is ThreeChoiceKind.PASS and partner is not None:
                    threes.append(final[partner])
                else:
                    choosing = True  # kept by choice: a further three existed
        threes.append(final[mano])
        deal = list(final)
        if self.passed and partner is not None:
            deal[partner] = fill()  # his own three, never seen
        deal[mano] = threes[0]
        spares = threes[1:]
        if choosing and not self.auto_keep:
            while len(spares) < VARIANTS[view.rules.variant].spare_threes and len(filler) >= 3:
                spares.append(fill())
        faces = {s: iter(hidden[s]) for s in range(n)}  # a face-down card is one of the seat's hidden cards
        weight = 1.0
        try:
            state = view.rules.new_hand([*deal, *spares], mano, self.start_scores)
            for action in view.actions:
                if type(action) is PlayCard and action.card is FACE_DOWN:
                    action = PlayCard(action.seat, DECK[_INDEX[next(faces[action.seat])]], True)
                if weigh is not None:
                    weight *= weigh(state, action)
                state.apply(action)
        except (TrucoError, StopIteration):
            return None
        if state.view_for(view.seat) != view:
            return None
        self.weight = weight
        return state

    def sample_weighted(self, rng: random.Random, weigh: Weigh | None = None) -> tuple[HandState, float]:
        self._rng = rng
        for _ in range(self.tries):
            hands = self._propose(rng)
            if hands is None:
                continue
            state = self._replay(hands, weigh)
            if state is not None:
                return state, self.weight
        if self.extra:  # the extra facts contradict the record: do without them
            self.extra = ()
            return self.sample_weighted(rng, weigh)
        raise InconsistentViewError("no deal of the hidden cards fits this view")
