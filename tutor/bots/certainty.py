"""What is certain about the tricks: exact game-tree search over the cards, for claims that must be true.

A sentence such as "the team can no longer lose this hand" or "takes the hand in 9 of 10 deals" is
only shown when the engine's rules back it. This module answers the two questions such claims rest
on, by searching every way the rest of the hand can be played (cards only: no calls, no mazo):

* :func:`forced` ``(position, team)``: does ``team`` take the hand on tricks whatever the other team
  plays (its own seats playing well, every card known)?
* :func:`possible` ``(position, team)``: is there any way of playing the rest in which ``team``
  takes the hand on tricks?

A :class:`Position` is the trick state with each seat's cards as trick strengths. It comes from a
whole hand (:meth:`Position.of_state`, every card known: the tests and the practice hands' coach)
or from one seat's view with the unseen cards filled in the worst or best way for the seat's team
(:func:`view_forced`, :func:`view_possible`): a weaker card is never better for the side that holds
it, so the strongest unseen cards given to the opponents (the weakest to the partners) decide
whether a result is certain from the view, and the weakest to the opponents whether it is possible.

>>> from tutor.engine import HandState, Rules
>>> hand = HandState(Rules(), deal="1e,1b,4c|7e,5o,6o", mano=1)
>>> forced(Position.of_state(hand), 0), possible(Position.of_state(hand), 1)
(True, False)
>>> view_forced(hand.view_for(0)), view_possible(hand.view_for(1))   # the view does not know 7e, 5o, 6o
(True, True)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from ..engine.cards import DECK, Card, Suit
from ..engine.state import HandState, SeatView
from ..engine.tricks import Side, hand_result
from .common import BotView

__all__ = ["Position", "forced", "possible", "view_forced", "view_possible", "unseen"]


@dataclass(frozen=True)
class Position:
    """The trick state of a hand: ``hands[s]`` the strengths of seat s's cards (sorted, strongest
    first), ``trick`` the ``(seat, strength)`` pairs played in the trick under way, ``outs`` the
    completed tricks from the mano's team (W, L, P), ``turn`` the seat to play, ``out`` the seats
    that went to the mazo."""

    players: int
    mano: int
    hands: tuple[tuple[int, ...], ...]
    trick: tuple[tuple[int, int], ...]
    outs: str
    turn: int
    out: frozenset[int] = frozenset()

    @classmethod
    def of_state(cls, state: HandState) -> Position:
        """The position of a :class:`~tutor.engine.state.HandState` (every card known)."""
        strength = state.rules.ranking_table.strength
        hands = tuple(tuple(sorted((strength(c) for c in hand), reverse=True)) for hand in state.hands)
        trick = tuple((s, strength(c)) for s, c in state.current_trick)
        outs = "".join(o.value for o in state.trick_outcomes)
        return cls(state.players, state.mano, hands, trick, outs, state.turn, frozenset(state.folded))


def _decided(outs: str) -> int | None:
    """0 for the mano's team, 1 for the other, None while open."""
    result = hand_result(outs)
    if not result.decided:
        return None
    return 0 if result.winner is Side.MANO else 1


@lru_cache(maxsize=1 << 18)
def _search(
    players: int,
    mano: int,
    hands: tuple[tuple[int, ...], ...],
    trick: tuple[tuple[int, int], ...],
    outs: str,
    turn: int,
    out: frozenset[int],
    team: int,
    adversarial: bool,
) -> bool:
    winner = _decided(outs) if outs else None
    if winner is not None:
        return ((mano & 1) if winner == 0 else 1 - (mano & 1)) == team
    if len(outs) >= 3:
        return False
    seat = turn
    cards = hands[seat]
    if not cards:
        return False  # a seat to play with nothing: not a position of a real hand
    ours = (seat & 1) == team
    results = []
    for i, value in enumerate(cards):
        if i and cards[i - 1] == value:
            continue  # equal cards play the same
        rest = cards[:i] + cards[i + 1 :]
        new_hands = hands[:seat] + (rest,) + hands[seat + 1 :]
        new_trick = trick + ((seat, value),)
        in_hand = [s for s in range(players) if s not in out]
        if len(new_trick) == len(in_hand):
            top = max(v for _, v in new_trick)
            tops = [s for s, v in new_trick if v == top]
            mano_team = mano & 1
            if len({s & 1 for s in tops}) == 2:
                code, leader = "P", new_trick[0][0]
            else:
                leader = tops[0]
                code = "W" if (leader & 1) == mano_team else "L"
            ok = _search(players, mano, new_hands, (), outs + code, leader, out, team, adversarial)
        else:
            nxt = (seat + 1) % players
            while nxt in out:
                nxt = (nxt + 1) % players
            ok = _search(players, mano, new_hands, new_trick, outs, nxt, out, team, adversarial)
        if ours or not adversarial:
            if ok:
                return True
        elif not ok:
            return False
        results.append(ok)
    return bool(results) and not (ours or not adversarial)


def forced(position: Position, team: int) -> bool:
    """True when ``team`` takes the hand on tricks however the other team plays (``team``'s seats
    choosing their cards well, every card known; no calls, no mazo)."""
    p = position
    return _search(p.players, p.mano, p.hands, p.trick, p.outs, p.turn, p.out, team, True)


def possible(position: Position, team: int) -> bool:
    """True when some way of playing the rest gives ``team`` the hand on tricks."""
    p = position
    return _search(p.players, p.mano, p.hands, p.trick, p.outs, p.turn, p.out, team, False)


# --- From one seat's view ------------------------------------------------------------------------


def unseen(view: BotView) -> list[Card]:
    """The cards ``view``'s seat has not seen (not its own, not on the table)."""
    seen = set(view.dealt)
    for trick in (*view.tricks, view.current_trick):
        seen.update(c for _, c in trick)
    return [c for c in DECK if c not in seen]


def _worlds(view: SeatView, worst: bool) -> Iterator[Position]:
    """Positions with the unseen cards dealt to the other seats, the strongest to the opponents when
    ``worst`` (the weakest to the partners), the other way round otherwise; every split of those
    cards between several opponents (or partners) is tried."""
    strength = view.rules.ranking_table.strength
    n = view.players
    team = view.team
    out = frozenset(getattr(view, "folded", ()) or ())
    left = {s: view.cards_left[s] for s in range(n) if s != view.seat and s not in out}
    pool = sorted((strength(c) for c in unseen(view)), reverse=True)
    opponents = [s for s in left if s & 1 != team]
    partners = [s for s in left if s & 1 == team]
    need_opp = sum(left[s] for s in opponents)
    need_par = sum(left[s] for s in partners)
    if need_opp + need_par > len(pool):
        return
    if worst:
        opp_cards, par_cards = pool[:need_opp], pool[len(pool) - need_par :] if need_par else []
    else:
        opp_cards, par_cards = (pool[len(pool) - need_opp :] if need_opp else []), pool[:need_par]
    own = tuple(sorted((strength(c) for c in view.hand), reverse=True))
    trick = tuple((s, strength(c)) for s, c in view.current_trick)
    outs = "".join(o.value for o in view.trick_outcomes)

    def splits(cards: list[int], seats: list[int]) -> Iterator[dict[int, tuple[int, ...]]]:
        if not seats:
            yield {}
            return
        first, rest = seats[0], seats[1:]
        k = left[first]
        seen: set[tuple[int, ...]] = set()
        for chosen in combinations(range(len(cards)), k):
            part = tuple(cards[i] for i in chosen)
            if part in seen:
                continue
            seen.add(part)
            remaining = [c for i, c in enumerate(cards) if i not in chosen]
            for more in splits(remaining, rest):
                yield {first: part, **more}

    for opp in splits(opp_cards, opponents):
        for par in splits(par_cards, partners):
            hands: list[tuple[int, ...]] = []
            for s in range(n):
                if s == view.seat:
                    hands.append(own)
                elif s in opp:
                    hands.append(tuple(sorted(opp[s], reverse=True)))
                elif s in par:
                    hands.append(tuple(sorted(par[s], reverse=True)))
                else:
                    hands.append(())
            yield Position(n, view.mano, tuple(hands), trick, outs, view.turn, out)


def searched(view: BotView) -> bool:
    """True when this module's search plays the game's tricks: not in Truco Mineiro, whose face-down
    cards, void hands and bet on the trick under way (docs/rules/mineiro.md §9.3.4-§9.3.7) it does
    not model. There :func:`view_forced` says False and :func:`view_possible` True while the hand
    goes on, so that no reason claims a certainty the search has not checked."""
    return view.rules.variant != "mineiro"


def view_forced(view: SeatView) -> bool:
    """True when the seat's team takes the hand on tricks whatever cards the other seats hold and
    however the other team plays (the seat and its partners playing well)."""
    if view.is_over:
        return view.end is not None and view.end.team == view.team
    if not searched(view):
        return False
    worlds = list(_worlds(view, worst=True))
    return bool(worlds) and all(forced(w, view.team) for w in worlds)


def view_possible(view: SeatView) -> bool:
    """True when some cards the other seats may hold, and some way of playing, give the seat's team
    the hand on tricks."""
    if view.is_over:
        return view.end is not None and view.end.team == view.team
    if not searched(view):
        return True
    return any(possible(w, view.team) for w in _worlds(view, worst=False))


# --- The envido showdown from one seat's view ----------------------------------------------------


def _envido_range(played: list[Card], pool: list[Card], hidden: int) -> tuple[int, int]:
    """The lowest and highest envido a seat can have with ``played`` cards known and ``hidden``
    more drawn from ``pool`` (only the three best and three worst cards of each suit can matter)."""
    from ..engine.envido import envido_points

    if hidden == 0:
        value = envido_points(tuple(played))
        return value, value
    by_suit: dict[Suit, list[Card]] = {}
    for card in pool:
        by_suit.setdefault(card.suit, []).append(card)
    value_of = {c: (c.rank if c.rank <= 7 else 0) for c in pool}
    high = [c for cards in by_suit.values() for c in sorted(cards, key=lambda c: -value_of[c])[:3]]
    low = [c for cards in by_suit.values() for c in sorted(cards, key=lambda c: value_of[c])[:3]]
    top = max(envido_points((*played, *extra)) for extra in combinations(high, hidden))
    bottom = min(envido_points((*played, *extra)) for extra in combinations(low, hidden))
    return bottom, top


def envido_certainty(view: BotView) -> bool | None:
    """True when the seat's team wins the envido showdown whatever cards the other seats hold,
    False when it loses it whatever they hold, None when it depends (from the seat's view: its own
    count, the cards played; ties go to the seat nearer the mano). None with flor in the rules, and
    in a game without envido (Catalan Truc, Truco Mineiro)."""
    if view.rules.has_flor or not view.rules.envido:
        return None
    n = view.players
    out = set(getattr(view, "folded", ()) or ())
    pool = unseen(view)
    played: dict[int, list[Card]] = {s: [] for s in range(n)}
    for trick in (*view.tricks, view.current_trick):
        for s, card in trick:
            played[s].append(card)
    order = [(view.mano + i) % n for i in range(n)]
    ranges: dict[int, tuple[int, int]] = {}
    for s in range(n):
        if s == view.seat or s in out:
            continue
        ranges[s] = _envido_range(played[s], pool, 3 - len(played[s]))
    own = view.envido
    me = order.index(view.seat)

    def beats(a_value: int, a_seat: int, b_value: int, b_seat: int) -> bool:
        return a_value > b_value or (a_value == b_value and order.index(a_seat) < order.index(b_seat))

    opponents = [s for s in ranges if s & 1 != view.team]
    partners = [s for s in ranges if s & 1 == view.team]
    if all(beats(own, view.seat, ranges[s][1], s) for s in opponents):
        return True
    # Our team's best possible (own count or a partner's highest) against an opponent's lowest.
    candidates = [(own, view.seat)] + [(ranges[s][1], s) for s in partners]
    for s in opponents:
        low = ranges[s][0]
        if all(beats(low, s, value, seat) for value, seat in candidates):
            return False
    del me
    return None
