"""Check kinds about card strength and tricks: ``stronger_card``, ``order_cards``, ``pick_cards``,
``trick_winner`` and ``who_leads``. Answers come from ``tutor.engine.ranking.ARGENTINE`` and
``tutor.engine.tricks.trick_result``.

Seats: a trick is described by ``players`` (2, 4 or 6) and the ``leader`` seat; seats are numbered
in playing order (to the right) with seat 0 the learner, and the team of a seat is ``seat % 2``
(team 0 is the learner's). In a 4-player game seat 2 is the learner's partner.

Ranking levels in explanations are the 14 levels of docs/rules §2, 1 = strongest (1: 1 of espadas,
2: 1 of bastos, 3: 7 of espadas, 4: 7 of oros, 5: the 3s, 6: the 2s, 7: 1 of oros and 1 of copas,
8: 12s, 9: 11s, 10: 10s, 11: 7 of bastos and 7 of copas, 12: 6s, 13: 5s, 14: 4s).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from tutor.engine.cards import DECK, Card, Suit
from tutor.engine.ranking import ARGENTINE, MATAS, Ranking
from tutor.engine.rules import find_variant
from tutor.engine.tricks import TrickResult, trick_result

from .base import AnswerType, Draft, Kind, Option, OptionKey, Reader, sample_until
from .explanations import (
    CardBeats,
    CardOrder,
    CardsEqual,
    CardsPicked,
    LeadAfterParda,
    LeadByWinner,
    TrickByPartners,
    TrickParda,
    TrickTaken,
)
from .situations import CardsSituation, PickSituation, TrickSituation

_FALSE_ACE_LEVEL = ARGENTINE.level(Card(1, Suit.OROS))


def is_mata(card: Card) -> bool:
    """True for the four matas (engine table ``MATAS``)."""
    return card in MATAS


def mata_number(card: Card) -> int | None:
    """1-4: the card's place among the matas, or None for any other card."""
    return MATAS.index(card) + 1 if is_mata(card) else None


GAMES = ("argentino", "catalan", "mineiro")
"""The games whose order of the cards a card check may ask about (param ``game``; engine presets)."""


def game_ranking(game: str) -> Ranking:
    """The order of the cards of a game (the engine preset's ranking table)."""
    return find_variant(game).defaults.ranking_table


def compare_explanation(a: Card, b: Card, game: str = "argentino") -> CardBeats | CardsEqual:
    """Why ``a`` and ``b`` compare as they do in ``game``."""
    ranking = game_ranking(game)
    total = len(ranking.levels)
    order = ranking.compare(a, b)
    if order == 0:
        return CardsEqual(cards=(a, b), level=ranking.level(a), levels=total)
    winner, loser = (a, b) if order > 0 else (b, a)
    return CardBeats(
        winner=winner,
        loser=loser,
        winner_level=ranking.level(winner),
        loser_level=ranking.level(loser),
        mata=mata_number(winner) if ranking is ARGENTINE else None,
        levels=total,
    )


# --- stronger_card -------------------------------------------------------------------------------

_STRONGER_PATTERNS = ("random", "mata", "false_ace", "same_number", "equal", "number_trap")


_OTHER_GAME_PATTERNS = ("random", "same_number", "equal")
"""The patterns of ``stronger_card`` in a game other than the Argentine (the others speak of matas)."""


@dataclass(frozen=True)
class StrongerParams:
    cards: tuple[Card, ...] | None
    pattern: str
    game: str = "argentino"


def _stronger_ok(pattern: str, pair: Sequence[Card], game: str = "argentino") -> bool:
    a, b = pair
    order = game_ranking(game).compare(a, b)
    if pattern == "mata":
        return is_mata(a) or is_mata(b)
    if pattern == "false_ace":
        return (ARGENTINE.level(a) == _FALSE_ACE_LEVEL) != (ARGENTINE.level(b) == _FALSE_ACE_LEVEL)
    if pattern == "same_number":
        return a.rank == b.rank and order != 0
    if pattern == "equal":
        return order == 0
    if pattern == "number_trap":  # only what lesson 2 step 1 teaches: 2s and 3s beat figures and 4-6
        winner, loser = (a, b) if order > 0 else (b, a)
        return order != 0 and winner.rank in (2, 3) and loser.rank in (4, 5, 6, 10, 11, 12)
    return True


class StrongerCard(Kind):
    """``stronger_card``: which of two cards wins a trick, or are they equal?

    Params: ``cards`` (two fixed cards) or ``pattern``: random, mata (one is a mata), false_ace (one
    is the 1 of oros or copas), same_number (same number, different strength, e.g. 7e and 7c),
    equal, number_trap (a 2 or 3 against a figure or a 4-6: the lower number wins, e.g. 3 against 12).
    ``game``: argentino (default), catalan or mineiro, the game whose order is asked (docs/rules
    catalan.md and mineiro.md); other games take the patterns random, same_number and equal.
    Options: the two cards (key ``card``) and ``equal``.
    """

    name = "stronger_card"
    answer_type = AnswerType.CHOICE
    option_values = ("equal",)
    situation_type = CardsSituation
    explanation_types = (CardBeats, CardsEqual)

    def read(self, r: Reader) -> StrongerParams:
        cards = r.cards("cards", count=2)
        game = r.choice("game", GAMES, default="argentino")
        pattern = r.choice(
            "pattern", _STRONGER_PATTERNS if game == "argentino" else _OTHER_GAME_PATTERNS, default="random"
        )
        if cards is not None and r.has("pattern"):
            raise r.error("pattern", "give either fixed cards or a pattern")
        return StrongerParams(cards, pattern, game)

    def draft(self, params: StrongerParams, rng: random.Random) -> Draft:
        cards = params.cards
        if not cards:
            drawn: list[Card] = sample_until(
                rng, lambda g: g.sample(DECK, 2), lambda pair: _stronger_ok(params.pattern, pair, params.game)
            )
            cards = tuple(drawn)
        a, b = cards
        order = game_ranking(params.game).compare(a, b)
        expected = "equal" if order == 0 else (a if order > 0 else b).notation
        options = (
            Option(a.notation, OptionKey.CARD, card=a),
            Option(b.notation, OptionKey.CARD, card=b),
            Option("equal", OptionKey.EQUAL),
        )
        return Draft(
            CardsSituation(cards=tuple(cards), game=params.game),
            options,
            expected,
            compare_explanation(a, b, params.game),
            accepted=frozenset({expected}),
        )


# --- order_cards ---------------------------------------------------------------------------------

_ORDER_PATTERNS = ("random", "matas", "with_equal", "aces_and_sevens")


@dataclass(frozen=True)
class OrderParams:
    cards: tuple[Card, ...] | None
    pattern: str
    count: int
    game: str = "argentino"


def _order_groups(cards: Sequence[Card], game: str = "argentino") -> list[list[Card]]:
    ranking = game_ranking(game)
    by_level: dict[int, list[Card]] = {}
    for card in cards:
        by_level.setdefault(ranking.level(card), []).append(card)
    return [by_level[level] for level in sorted(by_level)]


class OrderCards(Kind):
    """``order_cards``: put cards in order, strongest first; equal cards share a place.

    Params: ``cards`` (3-6 fixed cards) or ``pattern`` (random, matas: the four matas, with_equal:
    at least two equal cards, aces_and_sevens: only 1s and 7s) and ``count`` (3-6, default 4).
    ``game``: argentino (default), catalan or mineiro (other games: not the matas pattern).
    The situation's cards are shuffled. Answer type ORDER: expected is a tuple of frozensets of card
    notations, strongest first.
    """

    name = "order_cards"
    answer_type = AnswerType.ORDER
    situation_type = CardsSituation
    explanation_types = (CardOrder,)

    def read(self, r: Reader) -> OrderParams:
        cards = r.cards("cards", low=3, high=6)
        pattern = r.choice("pattern", _ORDER_PATTERNS, default="random")
        count = r.integer("count", 3, 6, default=4)
        game = r.choice("game", GAMES, default="argentino")
        if game != "argentino" and pattern == "matas":
            raise r.error("pattern", "the matas are the Argentine game's")
        if cards is not None and (r.has("pattern") or r.has("count")):
            raise r.error("pattern" if r.has("pattern") else "count", "give either fixed cards or a pattern")
        if pattern == "matas" and r.has("count") and count != 4:
            raise r.error("count", "the matas are exactly four cards")
        return OrderParams(cards, pattern, 4 if pattern == "matas" else count, game)

    def draft(self, params: OrderParams, rng: random.Random) -> Draft:
        if params.cards is not None:
            cards = params.cards
        elif params.pattern == "matas":
            cards = tuple(rng.sample(MATAS, 4))
        elif params.pattern == "aces_and_sevens":
            pool = [c for c in DECK if c.rank in (1, 7)]
            drawn: list[Card] = sample_until(
                rng, lambda g: g.sample(pool, params.count), lambda cs: len(_order_groups(cs, params.game)) >= 3
            )
            cards = tuple(drawn)
        else:

            def ok(cs: Sequence[Card]) -> bool:
                groups = _order_groups(cs, params.game)
                if params.pattern == "with_equal":
                    return len(groups) < len(cs) and len(groups) >= 2
                return len(groups) >= 2

            found: list[Card] = sample_until(rng, lambda g: g.sample(DECK, params.count), ok)
            cards = tuple(found)
        groups = _order_groups(cards, params.game)
        ranking = game_ranking(params.game)
        expected = tuple(frozenset(c.notation for c in group) for group in groups)
        explanation = CardOrder(
            groups=tuple(tuple(group) for group in groups),
            levels=tuple(ranking.level(group[0]) for group in groups),
            game=params.game,
        )
        return Draft(CardsSituation(cards=tuple(cards), game=params.game), (), expected, explanation)


# --- pick_cards ----------------------------------------------------------------------------------

_SUITS = {"espadas": Suit.ESPADAS, "bastos": Suit.BASTOS, "oros": Suit.OROS, "copas": Suit.COPAS}
_PROPERTIES = ("figure", "mata", *_SUITS)


@dataclass(frozen=True)
class PickParams:
    cards: tuple[Card, ...] | None
    prop: str
    count: int


def _has_property(prop: str, card: Card) -> bool:
    if prop == "figure":
        return card.is_figure
    if prop == "mata":
        return is_mata(card)
    return card.suit is _SUITS[prop]


class PickCards(Kind):
    """``pick_cards``: select every card with a property (the figures, the matas, one suit).

    Params: ``property`` (figure, mata, espadas, bastos, oros, copas) and ``cards`` (fixed, 3-8)
    or ``count`` (4-8, default 5; at least one card has the property and one has not).
    Answer type CHOICES over card options.
    """

    name = "pick_cards"
    answer_type = AnswerType.CHOICES
    situation_type = PickSituation
    explanation_types = (CardsPicked,)

    def read(self, r: Reader) -> PickParams:
        prop = r.choice("property", _PROPERTIES)
        cards = r.cards("cards", low=3, high=8)
        count = r.integer("count", 4, 8, default=5)
        if cards is not None and r.has("count"):
            raise r.error("count", "give either fixed cards or a count")
        return PickParams(cards, prop, count)

    def draft(self, params: PickParams, rng: random.Random) -> Draft:
        def ok(cs: Sequence[Card]) -> bool:
            hits = sum(_has_property(params.prop, c) for c in cs)
            return 0 < hits < len(cs)

        cards = params.cards
        if not cards:
            drawn: list[Card] = sample_until(rng, lambda g: g.sample(DECK, params.count), ok)
            cards = tuple(drawn)
        picked = tuple(c for c in cards if _has_property(params.prop, c))
        others = tuple(c for c in cards if not _has_property(params.prop, c))
        explanation = CardsPicked(property=params.prop, picked=picked, others=others, suit=_SUITS.get(params.prop))
        options = tuple(Option(c.notation, OptionKey.CARD, card=c) for c in cards)
        return Draft(
            PickSituation(cards=tuple(cards), property=params.prop),
            options,
            frozenset(c.notation for c in picked),
            explanation,
        )


# --- tricks: trick_winner and who_leads ----------------------------------------------------------

_TRICK_PATTERNS = (
    "random",
    "clear",
    "mata",
    "false_ace",
    "same_number",
    "parda",
    "partners_equal",
    "equal_not_top",
    "tie_or_not",
)


@dataclass(frozen=True)
class TrickParams:
    cards: tuple[Card, ...] | None
    players: int
    leader: int | None
    pattern: str


def _trick_ok(pattern: str, result: TrickResult) -> bool:
    cards = result.cards
    if pattern == "clear":
        return not result.parda
    if pattern == "mata":
        return any(is_mata(c) for c in cards)
    if pattern == "false_ace":
        return not result.parda and any(ARGENTINE.level(c) == _FALSE_ACE_LEVEL for c in cards)
    if pattern == "same_number":
        ranks = [c.rank for c in cards]
        return not result.parda and any(
            ranks.count(c.rank) > 1 and len({ARGENTINE.level(d) for d in cards if d.rank == c.rank}) > 1 for c in cards
        )
    if pattern == "parda":
        return result.parda
    top = min(ARGENTINE.level(c) for c in cards)
    tops = [i for i, c in enumerate(cards) if ARGENTINE.level(c) == top]
    if pattern == "partners_equal":
        return not result.parda and len(tops) > 1
    if pattern == "equal_not_top":
        levels = [ARGENTINE.level(c) for c in cards]
        return not result.parda and any(
            levels[i] == levels[j] and result.teams[i] != result.teams[j] and levels[i] != top
            for i in range(len(cards))
            for j in range(i + 1, len(cards))
        )
    return True


def _read_trick(r: Reader) -> TrickParams:
    cards = r.cards("cards", low=2, high=6)
    players = r.choice("players", (2, 4, 6), default=len(cards) if cards else 2)
    pattern = r.choice("pattern", _TRICK_PATTERNS, default="random")
    leader = r.integer("leader", 0, players - 1, default=0 if cards else None)
    if cards is not None:
        if len(cards) not in (2, 4, 6) or len(cards) != players:
            raise r.error("cards", f"a trick of {players} players has {players} cards")
        if r.has("pattern"):
            raise r.error("pattern", "give either fixed cards or a pattern")
    if pattern == "partners_equal" and players == 2:
        raise r.error("pattern", "partners need 4 or 6 players")
    if pattern == "equal_not_top" and players == 2:
        raise r.error("pattern", "a third card is needed: use 4 or 6 players")
    return TrickParams(cards, players, leader, pattern)


def _make_trick(params: TrickParams, rng: random.Random) -> tuple[tuple[int, ...], TrickResult]:
    """The seats in playing order and the engine's trick result."""
    n = params.players
    leader = params.leader if params.leader is not None else rng.randrange(n)
    seats = tuple((leader + i) % n for i in range(n))
    teams = tuple(s % 2 for s in seats)
    if params.cards is not None:
        return seats, trick_result(params.cards, teams)
    pattern = params.pattern
    if pattern == "tie_or_not":
        pattern = rng.choice(("parda", "equal_not_top" if params.players > 2 else "same_number"))
    result = sample_until(
        rng,
        lambda g: trick_result(tuple(g.sample(DECK, n)), teams),
        lambda res: _trick_ok(pattern, res),
    )
    return seats, result


def _trick_situation(seats: tuple[int, ...], result: TrickResult, players: int) -> TrickSituation:
    return TrickSituation(
        cards=tuple(result.cards), seats=seats, teams=tuple(result.teams), players=players, leader=seats[0]
    )


def _trick_explanation(seats: tuple[int, ...], result: TrickResult) -> TrickTaken | TrickByPartners | TrickParda:
    cards = result.cards
    top = min(ARGENTINE.level(c) for c in cards)
    top_positions = [i for i, c in enumerate(cards) if ARGENTINE.level(c) == top]
    top_cards = tuple(cards[i] for i in top_positions)
    top_seats = tuple(seats[i] for i in top_positions)
    if result.parda:
        return TrickParda(cards=top_cards, seats=top_seats, level=top, leader=seats[0])
    w = result.winner
    team = result.winning_team
    assert w is not None and team is not None
    if len(top_positions) > 1:
        return TrickByPartners(card=cards[w], seat=seats[w], team=team, cards=top_cards, seats=top_seats)
    others = [c for i, c in enumerate(cards) if result.teams[i] != team]
    best_other = min(others, key=ARGENTINE.level)
    return TrickTaken(
        card=cards[w],
        seat=seats[w],
        team=team,
        beats=best_other,
        card_level=ARGENTINE.level(cards[w]),
        beats_level=ARGENTINE.level(best_other),
        mata=mata_number(cards[w]),
    )


class TrickWinner(Kind):
    """``trick_winner``: which card takes the trick, or is it a parda?

    Params: ``cards`` (fixed, in playing order, 2, 4 or 6) with ``leader`` (seat that played the
    first card, default 0), or ``players`` (2/4/6, default 2) and ``pattern``: random, clear (no
    parda), mata, false_ace, same_number (two cards of one number with different strength), parda,
    partners_equal (4/6 players: equal top cards from partners), equal_not_top (equal cards from
    opposing teams, but a stronger card takes the trick; 4/6 players), tie_or_not (half of the time
    a parda, else a near miss: equal_not_top, or same_number with 2 players). ``leader`` may also be fixed with a pattern (default: random).
    Options: one per card (key ``card``, with ``seat``) and ``parda`` (not with the
    ``clear`` pattern, which lessons use before the parda is taught). When partners tie
    for the top, the card that takes the trick is the one played first (engine ``trick_result``), and
    only that card is accepted.
    """

    name = "trick_winner"
    answer_type = AnswerType.CHOICE
    option_values = ("parda",)
    situation_type = TrickSituation
    explanation_types = (TrickTaken, TrickByPartners, TrickParda)

    def read(self, r: Reader) -> TrickParams:
        return _read_trick(r)

    def draft(self, params: TrickParams, rng: random.Random) -> Draft:
        seats, result = _make_trick(params, rng)
        options = tuple(
            Option(c.notation, OptionKey.CARD, card=c, seat=s) for c, s in zip(result.cards, seats, strict=True)
        )
        if params.cards is not None or params.pattern != "clear":  # "clear" comes before parda is taught
            options += (Option("parda", OptionKey.PARDA),)
        if result.parda:
            expected, accepted = "parda", frozenset({"parda"})
        else:
            w = result.winner
            assert w is not None
            expected = result.cards[w].notation
            accepted = frozenset({expected})
        return Draft(
            _trick_situation(seats, result, params.players),
            options,
            expected,
            _trick_explanation(seats, result),
            accepted=accepted,
        )


class WhoLeads(Kind):
    """``who_leads``: after this trick, who leads the next one?

    Params and situation as ``trick_winner``. Options: one per seat (key ``seat``).
    The engine's ``TrickResult.next_leader`` answers: the winner, or after a parda the player who
    led the tied trick.
    """

    name = "who_leads"
    answer_type = AnswerType.CHOICE
    situation_type = TrickSituation
    explanation_types = (LeadByWinner, LeadAfterParda)

    def read(self, r: Reader) -> TrickParams:
        return _read_trick(r)

    def draft(self, params: TrickParams, rng: random.Random) -> Draft:
        seats, result = _make_trick(params, rng)
        seat = seats[result.next_leader]
        options = tuple(Option(str(s), OptionKey.SEAT, seat=s) for s in range(params.players))
        trick = _trick_explanation(seats, result)
        explanation: LeadByWinner | LeadAfterParda
        if isinstance(trick, TrickParda):
            explanation = LeadAfterParda(seat=seat, cards=trick.cards, seats=trick.seats)
        else:
            explanation = LeadByWinner(seat=seat, card=result.cards[result.next_leader], trick=trick)
        return Draft(
            _trick_situation(seats, result, params.players),
            options,
            str(seat),
            explanation,
            accepted=frozenset({str(seat)}),
        )
