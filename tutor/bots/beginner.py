"""The beginner: rules of thumb a new player is taught, with a bluff now and then.

:func:`policy` gives the beginner's choice as a small probability distribution over legal actions
(almost always one action; a bluff is a second one with a small chance), each with its
:class:`~tutor.bots.reasons.BotReason`; :func:`choose` draws from it. The strong bot uses the same
distribution to play simulated hands out, and to weigh how likely each sampled deal made the
other seats act as they did.

The rules (thresholds are own choices, tuned by ``bench/bots_bench.py``):

* **Flor**: announce it (compulsory); with contraflor in the rules raise with a high flor,
  accept a contraflor with a good one.
* **Envido**: call with a good count (27 or more; one less for the mano's team, whose ties win;
  one more with partners, since the other team has more hands), real envido with 31 or more; answer
  by the count and the stake; accept anyway when declining would give the other team the match;
  now and then call with a poor count (a bluff). "El envido está primero": a truco is answered with
  an envido call when the count is good.
* **Truco**: a rough chance of taking the hand (each remaining card against the other team's
  cards, and the tricks so far); call or raise when it is high, accept when fair, decline when
  poor; a bluff now and then.
* **Catalan Truc** (docs/rules/catalan.md): the same truco rules on its ladder (truc, retruc); on
  11, play the hand when the chance of taking it, weighed by the match (:mod:`tutor.bots.equity`),
  beats giving the other team 1; knock when the first card alone is clearly better in a one-trick
  hand than the three cards in three tricks; as the dealer after a knock, deal three.
* **Truco Mineiro** (docs/rules/mineiro.md): the same truco rules on its ladder (truco, seis, nove,
  doze), but an accepted bet is on the trick being played (§9.3.7), so the chance that counts for a
  bet is that of the current trick, and with a bet accepted the current trick is played to be won;
  before the hand, keep a three with a chance of taking the hand of at least :data:`THREE_KEEP`, pass
  a strong three (:data:`THREE_PASS`) to the partner when a pass is allowed, and burn a weak one
  while another three can come; from the second trick, a card that can neither take nor tie the
  trick goes face down (it tells the other side nothing); in a mão de onze of four, the chance of
  the team counts both partners' cards (§9.3.8: they see each other's hands).
* **Cards**: a partner whose card already takes the trick gets the lowest card; otherwise the
  lowest card that takes the trick, or a card that ties it when a parda is good for the team, or
  the lowest card. Leading: the middle card in the first trick when it is good (the best kept),
  the best card when the next trick decides, the lowest after taking a trick.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import product
from typing import Protocol, cast

from ..engine.cards import DECK, Card
from ..engine.envido import flor_points
from ..engine.ladders import BetStep
from ..engine.rules import VARIANTS
from ..engine.stakes import EnvidoCall, envido_stake
from ..engine.state import (
    Action,
    Answer,
    Call,
    DealChoice,
    Decision as ElevenDecision,
    Knock,
    Mazo,
    Phase,
    PlayCard,
    SeatView,
    ThreeChoice,
    ThreeChoiceKind,
)
from ..engine.tricks import Side, hand_result
from .certainty import view_forced
from .common import BotView, CardTable, Decision, action_text, card_table, team_outcomes
from .equity import equity
from .reasons import BotReason, ParamValue, ReasonCode

__all__ = [
    "policy",
    "choose",
    "card_choice",
    "draw",
    "pick",
    "hand_power",
    "envido_need",
    "BLUFF_TRUCO",
    "BLUFF_ENVIDO",
]

BLUFF_TRUCO = 0.08
"""Chance of a truco call with poor cards when one may call."""
BLUFF_ENVIDO = 0.05
"""Chance of an envido call with a poor count when one may call."""
BLUFF_RAISE = 0.03
"""Chance of answering a truco with a raise on poor cards."""

ENVIDO_CALL = 27
"""Call the envido from this count (2 players, not the mano's team)."""
ENVIDO_ACCEPT = 26
"""Accept an envido call from this count (more for raises and the falta)."""
TRUCO_CALL = 0.68
"""Call truco when the estimated chance of taking the hand is at least this."""
TRUCO_ACCEPT = 0.45
"""Accept a truco call from this estimated chance."""
TRUCO_RAISE = 0.8
"""Raise a truco call from this estimated chance."""

LOW_CARD = 10
"""Trick strength from which a card is not called low in a reason (the 3s and better)."""
STRONG_CARD = 9
"""Trick strength from which a card led is called strong in a reason (the 2s and better)."""

Option = tuple[float, Action, BotReason | None]


_ENVIDO, _REAL, _FALTA = "envido", "real_envido", "falta_envido"
_CONTRAFLOR, _AL_RESTO = "contraflor", "contraflor_al_resto"
KNOCK_MARGIN = 0.15
"""Knock when the one-card hand's chance beats the three-card hand's by this much (Catalan Truc)."""


THREE_KEEP = 0.35
"""Truco Mineiro: keep a three from this chance of taking the hand; burn a weaker one while another can come."""
THREE_PASS = 0.62
"""Truco Mineiro: pass a three from this chance to the partner (four players, no pass yet, another three to come)."""


class _Reasoner(Protocol):
    """Builds an option's reason: :func:`_explained`, or :func:`_unexplained` (None) in simulations."""

    def __call__(self, code: ReasonCode, /, **params: ParamValue | None) -> BotReason | None: ...


def _explained(code: ReasonCode, /, **params: ParamValue | None) -> BotReason:
    return BotReason.of(code, **params)


def _unexplained(code: ReasonCode, /, **params: ParamValue | None) -> None:
    return None


def _sorted(view: BotView, cards: Iterable[Card]) -> list[Card]:
    """Cards from strongest to weakest (equal cards in a fixed order: by suit, then rank)."""
    return sorted(cards, key=card_table(view.rules.ranking_table).order)


# --- Estimates -------------------------------------------------------------------------------------


def _decide(outs: str, mano_team: bool) -> bool | None:
    """Whether the seat's team takes the hand after these outcomes (W/L/P from its side), None if
    open (the engine's rule, :func:`tutor.engine.tricks.hand_result`)."""
    seq = outs if mano_team else outs.translate(_SWAP)
    try:
        result = hand_result(seq)
    except ValueError:  # a trick after the hand was decided: decided before it
        return _decide(outs[:-1], mano_team)
    if not result.decided:
        return None
    return (result.winner is Side.MANO) == mano_team


_SWAP = str.maketrans("WL", "LW")
_DECIDED: dict[tuple[str, bool], bool | None] = {
    (outs, mano_team): _decide(outs, mano_team)
    for mano_team in (False, True)
    for outs in ("".join(p) for n in range(4) for p in product("WLP", repeat=n))
}


@lru_cache(maxsize=1 << 16)
def _chance(outs: str, odds: tuple[float, ...], mano_team: bool) -> float:
    """The chance of taking the hand after ``outs`` when the remaining tricks are won with these
    chances (independently)."""
    decided = _DECIDED[outs, mano_team]
    if decided is not None:
        return 1.0 if decided else 0.0
    if not odds:
        return 0.5
    p = odds[0]
    rest = odds[1:]
    return p * _chance(outs + "W", rest, mano_team) + (1 - p) * _chance(outs + "L", rest, mano_team)


_TRICK: dict[tuple[str, int], dict[int, float]] = {}


def _trick_chances(table: CardTable, ranking_name: str, players: int) -> dict[int, float]:
    """id(card) -> the chance that the team takes a trick with this card against ``players // 2``
    opponents' cards, partners counted as average cards (the deck's cards only)."""
    key = (ranking_name, players)
    found = _TRICK.get(key)
    if found is None:
        opponents = players // 2
        others = (1 - 0.5**opponents) ** (opponents - 1)
        found = _TRICK[key] = {id(card): 1 - (1 - table.odds(card) ** opponents) * others for card in DECK}
    return found


def bets_on_trick(view: BotView) -> bool:
    """True in a game whose accepted truco is a bet on the trick being played (Truco Mineiro,
    docs/rules/mineiro.md §9.3.7): the chance that counts for a bet is the current trick's."""
    return view.rules.variant == "mineiro"


def hand_power(view: BotView, hand: list[Card] | None = None, outs: str | None = None, *, bet: bool = False) -> float:
    """A rough chance (0..1) that the seat's team takes the hand on tricks, from its own cards only:
    each card against the other team's cards still to come, partners counted as average cards.
    ``hand`` (the cards in hand, strongest first) and ``outs`` (:func:`team_outcomes` joined) may
    be given when already known. With ``bet`` (or a bet accepted) in a game that bets on the trick
    (:func:`bets_on_trick`), the chance of taking the current trick."""
    ranking = view.rules.ranking_table
    table = card_table(ranking)
    strength = table.strength
    team = view.team
    players = view.players
    if hand is None:
        hand = _sorted(view, view.hand)
    if not hand:
        return _table_power(view, table, outs)
    chances = _trick_chances(table, ranking.name, players)
    opponents = players // 2
    others = (1 - 0.5**opponents) ** (opponents - 1)

    def trick(card: Card) -> float:
        found = chances.get(id(card))
        return found if found is not None else 1 - (1 - table.odds(card) ** opponents) * others

    if outs is None:
        outs = "".join(team_outcomes(view))
    mano_team = (view.mano & 1) == team
    current = view.current_trick
    if (bet or view.truco_level > 0) and bets_on_trick(view):
        return _trick_power(view, table, hand)
    if len(view.dealt) == 1:  # a one-card hand (Catalan Truc): its only trick decides
        if not current:
            return _settle(view, outs, (trick(hand[0]),), mano_team)
    elif not current:
        return _chance(outs, tuple(trick(c) for c in hand), mano_team)
    played = len(current)
    seat = view.seat
    opp_after = sum(1 for i in range(1, players - played) if (seat + i) & 1 != team)
    partners_after = players - played - 1 - opp_after
    best_opp = 0
    best_own = None
    best_own_strength = 0
    for s, c in current:
        value = strength(c)
        if s & 1 != team:
            if value > best_opp:
                best_opp = value
        elif value > best_own_strength:
            best_own, best_own_strength = c, value
    odds = table.odds
    top = hand[0]
    top_strength = strength(top)
    if best_own is not None and best_own_strength > best_opp and best_own_strength >= top_strength:
        first = odds(best_own) ** opp_after
        rest = hand[:-1]  # the lowest card goes on the partner's
    elif top_strength > best_opp:
        first = odds(top) ** opp_after
        rest = hand[1:]
    elif top_strength == best_opp:
        first = 0.5 * odds(top) ** opp_after
        rest = hand[1:]
    else:
        first = 1 - 0.75**partners_after if partners_after else 0.0
        rest = hand[:-1]
    return _settle(view, outs, (first, *(trick(c) for c in rest)), mano_team)


def _trick_power(view: BotView, table: CardTable, hand: list[Card]) -> float:
    """The chance that the seat's team takes the trick under way when it decides the hand (Truco
    Mineiro's bet on the trick, docs/rules/mineiro.md §9.3.7): every player still to play in it
    plays his best card, so the seat's best card (or its team's on the table) must beat each of the
    opponents' remaining cards (a tie counts half); a partner still to play adds his own chance."""
    strength, odds = table.strength, table.odds
    team, players, seat = view.team, view.players, view.seat
    current = view.current_trick
    played = {s for s, _ in current}
    after = [s for s in ((seat + i) % players for i in range(1, players)) if s not in played]
    opp_cards = sum(1 for s in after if s & 1 != team) * len(hand)
    partners_after = sum(1 for s in after if s & 1 == team)
    best_opp = max((strength(c) for s, c in current if s & 1 != team), default=0)
    own = [c for s, c in current if s & 1 == team] + hand[:1]
    if not own:
        return 0.0
    mine = max(own, key=strength)
    if strength(mine) < best_opp:
        chance = 0.0
    else:
        chance = odds(mine) ** opp_cards * (0.5 if strength(mine) == best_opp else 1.0)
    return 1 - (1 - chance) * (1 - 0.25) ** partners_after


def _settle(view: BotView, outs: str, odds: tuple[float, ...], mano_team: bool) -> float:
    """:func:`_chance`, or for a one-card hand (one trick; its parda goes to the team that did not
    deal, the mano's with 2 or 4 players) the chance of its only trick."""
    if len(view.dealt) != 1:
        return _chance(outs, odds, mano_team)
    if outs:
        return 1.0 if outs[0] == "W" else float(mano_team) if outs[0] == "P" else 0.0
    return odds[0] if odds else 0.5


def _table_power(view: BotView, table: CardTable, outs: str | None = None) -> float:
    """The chance of taking the hand for a seat with no card left: its team's cards are on the
    table, so the trick under way decides (each opponent still to play holds one card drawn from
    the cards the seat has not seen; a partner still to play beats the best card a quarter of the
    time)."""
    current = view.current_trick
    if outs is None:
        outs = "".join(team_outcomes(view))
    mano_team = (view.mano & 1) == view.team
    if not current:
        return _settle(view, outs, (), mano_team)
    strength = table.strength
    team = view.team
    players = view.players
    seat = view.seat
    folded = set(getattr(view, "folded", ()) or ())
    played_seats = {s for s, _ in current}
    after = [(seat + i) % players for i in range(1, players)]
    after = [s for s in after if s not in played_seats and s not in folded]
    opp_after = sum(1 for s in after if s & 1 != team)
    partners_after = len(after) - opp_after
    best_opp = max((strength(c) for s, c in current if s & 1 != team), default=0)
    best_own = max((strength(c) for s, c in current if s & 1 == team), default=0)
    seen = set(view.dealt)
    for trick in (*view.tricks, current):
        seen.update(c for _, c in trick)
    unseen = [strength(c) for c in DECK if c not in seen]
    top = max(best_own, best_opp)

    def one_below(value: int) -> tuple[float, float]:
        """The chance that one unseen card is below ``value``, and that it equals it."""
        if not unseen:
            return 1.0, 0.0
        below = sum(1 for v in unseen if v < value) / len(unseen)
        equal = sum(1 for v in unseen if v == value) / len(unseen)
        return below, equal

    if best_own > best_opp:
        below, equal = one_below(best_own)
        win = below**opp_after
        parda = (below + equal) ** opp_after - win
    elif best_own == best_opp and best_own:
        below, equal = one_below(top)
        win = 0.0
        parda = (below + equal) ** opp_after
    else:
        win, parda = (1 - 0.75**partners_after if partners_after else 0.0), 0.0
    lose = max(0.0, 1.0 - win - parda)
    return (
        win * _settle(view, outs + "W", (), mano_team)
        + parda * _settle(view, outs + "P", (), mano_team)
        + lose * _settle(view, outs + "L", (), mano_team)
    )


def envido_need(view: BotView, base: int) -> int:
    """The count needed against ``base`` (a 2-player, non-mano threshold), for this table."""
    need = base
    if (view.mano & 1) == view.team:
        need -= 1  # ties go to the seat nearer the mano
    if view.players > 2:
        need += 1  # the other team has more hands
    return need


def _gives_match(view: BotView, points: int) -> bool:
    """True when ``points`` more for the other team reach the target."""
    return view.scores[1 - view.team] + points >= view.target


# --- The rules of thumb ------------------------------------------------------------------------------


_ANSWER_PHASES = (Phase.ANSWER_FLOR, Phase.ANSWER_ENVIDO, Phase.ANSWER_TRUCO)


def policy(view: BotView, explain: bool = True) -> list[Option]:
    """The beginner's choice for ``view`` (a SeatView or the same fields), as ``(probability,
    action, reason)`` with probabilities summing to 1, in a fixed order. Without ``explain`` the
    reasons are None (the strong bot's simulations need no reasons)."""
    legal = tuple(view.legal_actions)
    if not legal:
        raise ValueError("this seat has no decision to make")
    R: _Reasoner = _explained if explain else _unexplained
    if len(legal) == 1:
        return [(1.0, legal[0], R(ReasonCode.ONLY_ACTION, action=action_text(legal[0])) if explain else None)]
    calls: dict[str, Action] = {}
    plays: list[PlayCard] = []
    yes: Answer | None = None
    no: Answer | None = None
    mazo: Mazo | None = None
    knock: Knock | None = None
    for action in legal:
        match action:
            case PlayCard():
                plays.append(action)
            case Call():
                calls[action.call] = action
            case Answer():
                if action.quiero:
                    yes = action
                else:
                    no = action
            case Mazo():
                mazo = action
            case Knock():
                knock = action
            case ElevenDecision():
                return _eleven(view, legal, R)
            case DealChoice():
                return _deal(view, legal, R)
            case ThreeChoice():
                return _three(view, legal, R)
    if "flor" in calls:
        return _flor(view, calls, R)
    phase = view.phase
    if phase in _ANSWER_PHASES:
        assert yes is not None and no is not None, "an open call can always be accepted or declined"
        if phase is Phase.ANSWER_FLOR:
            return _answer_contraflor(view, calls, yes, no, R)
        if phase is Phase.ANSWER_ENVIDO:
            return _answer_envido(view, calls, yes, no, R)
        return _answer_truco(view, calls, yes, no, R)
    if knock is not None and _knock_pays(view):
        return [(1.0, knock, R(ReasonCode.KNOCK_ONE_CARD, card=view.dealt[0].notation if view.dealt else None))]
    return _turn(view, calls, plays, mazo, R)


def choose(view: BotView, rng: random.Random) -> Decision:
    """Draw the beginner's decision from :func:`policy` with ``rng``."""
    return draw(policy(view), rng)


def card_choice(view: BotView) -> Decision:
    """The card the beginner plays when it plays one (its card rules alone, whatever it calls
    first). ``view`` must be in its turn to play."""
    plays = [a for a in view.legal_actions if type(a) is PlayCard]
    if not plays:
        raise ValueError("this seat has no card to play now")
    action, reason = _card(view, plays, _explained)
    assert reason is not None  # explained
    return Decision(action, reason)


def pick(options: Sequence[Option], rng: random.Random) -> Option:
    """Pick one option by its probability (one draw from ``rng`` whenever there is a choice)."""
    if len(options) == 1:
        return options[0]
    x = rng.random()
    total = 0.0
    for option in options:
        total += option[0]
        if x < total:
            return option
    return options[-1]


def draw(options: Sequence[Option], rng: random.Random) -> Decision:
    """:func:`pick` as a :class:`Decision`; the options must be explained (``policy(view)``)."""
    _, action, reason = pick(options, rng)
    assert reason is not None, "draw() takes explained options"
    return Decision(action, reason)


def _flor(view: BotView, calls: dict[str, Action], R: _Reasoner) -> list[Option]:
    value = flor_points(view.dealt) or 0
    if _AL_RESTO in calls and value >= 36:
        return [(1.0, calls[_AL_RESTO], R(ReasonCode.CONTRAFLOR_STRONG, value=value, call=_AL_RESTO))]
    if _CONTRAFLOR in calls and value >= 32:
        return [(1.0, calls[_CONTRAFLOR], R(ReasonCode.CONTRAFLOR_STRONG, value=value, call=_CONTRAFLOR))]
    return [(1.0, calls["flor"], R(ReasonCode.FLOR_COMPULSORY, value=value))]


def _answer_contraflor(view: BotView, calls: dict[str, Action], yes: Answer, no: Answer, R: _Reasoner) -> list[Option]:
    value = flor_points(view.dealt) or 0
    call = _CONTRAFLOR
    al_resto = _AL_RESTO
    if al_resto in calls and value >= 35:
        return [(1.0, calls[al_resto], R(ReasonCode.CONTRAFLOR_STRONG, value=value, call=al_resto))]
    if value >= 31:
        return [(1.0, yes, R(ReasonCode.ACCEPT_CONTRAFLOR, value=value, call=call))]
    return [(1.0, no, R(ReasonCode.DECLINE_CONTRAFLOR, value=value, call=call))]


def _envido_calls(view: BotView) -> list[EnvidoCall]:
    return [EnvidoCall(c) for _, c in view.envido_calls]


def _answer_envido(view: BotView, calls: dict[str, Action], yes: Answer, no: Answer, R: _Reasoner) -> list[Option]:
    count = view.envido
    ladder = _envido_calls(view)
    last = ladder[-1]
    rules = view.rules
    stake = envido_stake(
        ladder, scores=view.scores, target=view.target, falta_mode=rules.falta_mode, raisable=rules.envido_raisable
    )
    accepted = stake.accepted_for(view.team)
    if last is EnvidoCall.FALTA_ENVIDO and accepted > 4:
        base = ENVIDO_ACCEPT + 4
    else:
        base = ENVIDO_ACCEPT + min(3, max(0, accepted - 2))
    need = envido_need(view, base)
    if _gives_match(view, accepted) and not _gives_match(view, stake.declined):
        need += 2
    if _gives_match(view, stake.declined):
        need = 0  # declining loses the match: accept whatever the count
    raise_call = None
    if count >= envido_need(view, 31):
        for name in (_REAL, _ENVIDO):
            if name in calls:
                raise_call = name
                break
        if count >= 33 and _FALTA in calls and view.scores[view.team] >= view.scores[1 - view.team]:
            raise_call = raise_call or _FALTA
    if raise_call is not None:
        return [(1.0, calls[raise_call], R(ReasonCode.RAISE_ENVIDO, count=count, call=raise_call))]
    if count >= need:
        return [(1.0, yes, R(ReasonCode.ACCEPT_ENVIDO_COUNT, count=count, call=str(last)))]
    return [(1.0, no, R(ReasonCode.DECLINE_LOW_COUNT, count=count, call=str(last)))]


def _envido_call(
    view: BotView, calls: dict[str, Action], R: _Reasoner, code_first: bool = False
) -> list[Option] | None:
    """An envido call with a good count (or a rare bluff), or None to leave it."""
    if _ENVIDO not in calls and _REAL not in calls:
        return None
    count = view.envido
    need = envido_need(view, ENVIDO_CALL)
    if code_first:
        code = ReasonCode.ENVIDO_FIRST
    elif view.seat == view.mano:
        code = ReasonCode.ENVIDO_AS_MANO
    else:
        code = ReasonCode.ENVIDO_WITH_COUNT
    if count >= envido_need(view, 31) and _REAL in calls:
        name = _REAL
        return [(1.0, calls[name], R(code, count=count, call=name))]
    name = _ENVIDO if _ENVIDO in calls else _REAL
    if count >= need:
        return [(1.0, calls[name], R(code, count=count, call=name))]
    if count < 20 and not code_first:
        return [(BLUFF_ENVIDO, calls[name], R(ReasonCode.BLUFF, call=name))]
    return None


def _bet_names(view: BotView) -> tuple[str, ...]:
    """The bets of the game's ladder by name (truco, retruco, vale_cuatro; truc, retruc)."""
    return tuple(str(c) for c in view.rules.ladder.calls)


def _stake(view: BotView) -> BetStep:
    """The step of the last bet made (what it is worth accepted and declined)."""
    return view.rules.ladder.steps[len(view.truco_calls) - 1]


# --- Catalan Truc: the hand of 11, the knock, the one-card deal --------------------------------------


def eleven_odds(view: BotView) -> tuple[float, float, float]:
    """For the team on 11 (Catalan Truc): the rough chance of taking the hand (:func:`hand_power`), and
    the chances of winning the match when it plays and when it refuses (:mod:`tutor.bots.equity`)."""
    team = view.team
    us, them = view.scores[team], view.scores[1 - team]
    target, players, game = view.target, view.players, view.rules.variant
    power = team_power(view)
    value = view.rules.ladder.base
    eleven = VARIANTS[view.rules.variant].eleven or value
    play = power * equity(us + eleven, them, target, players, game) + (1 - power) * equity(
        us, them + eleven, target, players, game
    )
    run = equity(us, them + value, target, players, game)
    return power, play, run


def team_power(view: BotView) -> float:
    """:func:`hand_power`, or with the partner's cards known (Truco Mineiro's mão de onze of four,
    docs/rules/mineiro.md §9.3.8) the chance that the team's three best cards, one in each trick,
    take the hand against the two opponents."""
    mate = tuple(getattr(view, "partner_hand", ()) or ())
    if not mate or view.players != 4 or view.tricks or view.current_trick:
        return hand_power(view)
    table = card_table(view.rules.ranking_table)
    best = _sorted(view, (*view.hand, *mate))[:3]
    mano_team = (view.mano & 1) == view.team
    return _chance("", tuple(table.odds(c) ** 2 for c in best), mano_team)


def _three(view: BotView, legal: Sequence[Action], R: _Reasoner) -> list[Option]:
    """Truco Mineiro, before the hand: keep, pass or burn the three in hand (docs/rules/mineiro.md §9.3.3)."""
    choices = {a.choice: a for a in legal if type(a) is ThreeChoice}
    power = hand_power(view)
    best = _best_card(view) if R is _explained else None
    chance = _percent(power)
    passing = choices.get(ThreeChoiceKind.PASS)
    if passing is not None and power >= THREE_PASS:
        return [(1.0, passing, R(ReasonCode.THREE_PASS, card=best, chance=chance))]
    burning = choices.get(ThreeChoiceKind.BURN)
    if burning is not None and power < THREE_KEEP:
        return [(1.0, burning, R(ReasonCode.THREE_BURN, card=best, chance=chance))]
    return [(1.0, choices[ThreeChoiceKind.KEEP], R(ReasonCode.THREE_KEEP, card=best, chance=chance))]


def _eleven(view: BotView, legal: Sequence[Action], R: _Reasoner) -> list[Option]:
    power, play, run = eleven_odds(view)
    wins = max(0, min(10, round(10 * power)))
    for action in legal:
        if type(action) is ElevenDecision and action.play == (play >= run):
            if action.play:
                return [(1.0, action, R(ReasonCode.ELEVEN_PLAY, wins=wins, of=10, chance=_percent(play)))]
            return [(1.0, action, R(ReasonCode.ELEVEN_RUN, wins=wins, of=10, chance=_percent(run)))]
    raise ValueError("no decision on 11 among the legal actions")  # pragma: no cover - the engine offers both


def _percent(p: float) -> int:
    return max(1, min(99, round(100 * p)))


def _deal(view: BotView, legal: Sequence[Action], R: _Reasoner) -> list[Option]:
    three = next(a for a in legal if type(a) is DealChoice and a.cards == 3)
    return [(1.0, three, R(ReasonCode.DEAL_THREE))]


def one_card_power(view: BotView) -> float:
    """The chance that the seat's team takes a one-card hand with the seat's first card (Catalan
    Truc): it must beat (or, for the team that did not deal, tie) each opponent's card; a partner's
    card counts as an average one."""
    if not view.dealt:
        return 0.0
    table = card_table(view.rules.ranking_table)
    strength = table.strength
    card = view.dealt[0]
    mine = strength(card)
    others = [strength(c) for c in DECK if c != card]
    below = sum(1 for v in others if v < mine) / len(others)
    equal = sum(1 for v in others if v == mine) / len(others)
    dealer_team = view.dealer & 1
    single = below + (equal if view.team != dealer_team else 0.0)
    opponents = view.players // 2
    partners = opponents - 1
    return 1 - (1 - single**opponents) * (0.5**partners)


def _knock_pays(view: BotView) -> bool:
    """Whether the seat's first card alone beats its three cards by :data:`KNOCK_MARGIN`."""
    if len(view.dealt) < 3 or view.tricks or view.current_trick:
        return False
    return one_card_power(view) >= hand_power(view) + KNOCK_MARGIN


def _best_card(view: BotView) -> str | None:
    hand = _sorted(view, view.hand)
    return hand[0].notation if hand else None


def _answer_truco(view: BotView, calls: dict[str, Action], yes: Answer, no: Answer, R: _Reasoner) -> list[Option]:
    envido_first = _envido_call(view, calls, R, code_first=True)
    if envido_first is not None and envido_first[0][0] == 1.0:
        return envido_first
    ladder = view.truco_calls
    last = str(ladder[-1][1])
    stake = _stake(view)
    power = hand_power(view, bet=True)
    raise_name = next((c for c in _bet_names(view) if c in calls), None)
    if not view.hand:
        return _answer_truco_from_table(view, calls, yes, no, R, power, raise_name, last, stake)
    best = _best_card(view) if R is _explained else None
    if raise_name is not None and power >= TRUCO_RAISE:
        return [(1.0, calls[raise_name], R(ReasonCode.RAISE_TRUCO_STRONG, call=raise_name, card=best))]
    need = TRUCO_ACCEPT + 0.05 * (len(ladder) - 1)
    if power >= need or _gives_match(view, stake.declined):
        return [(1.0, yes, R(ReasonCode.ACCEPT_TRUCO_STRONG, call=last, card=best))]
    decline = R(ReasonCode.DECLINE_TRUCO_WEAK, call=last, card=best)
    if raise_name is not None and power < 0.2:
        return [(BLUFF_RAISE, calls[raise_name], R(ReasonCode.BLUFF, call=raise_name)), (1 - BLUFF_RAISE, no, decline)]
    return [(1.0, no, decline)]


def _answer_truco_from_table(
    view: BotView,
    calls: dict[str, Action],
    yes: Answer,
    no: Answer,
    R: _Reasoner,
    power: float,
    raise_name: str | None,
    last: str,
    stake: BetStep,
) -> list[Option]:
    """A truco answered with no card left in hand: the team's cards on the table decide."""
    table = card_table(view.rules.ranking_table)
    own = [c for s, c in view.current_trick if s & 1 == view.team]
    card = max(own, key=table.strength).notation if own and R is _explained else None
    if raise_name is not None and power >= 0.98:
        return [(1.0, calls[raise_name], R(ReasonCode.TABLE_CARD_HOLDS, call=raise_name, card=card))]
    if power >= TRUCO_ACCEPT or _gives_match(view, stake.declined):
        return [(1.0, yes, R(ReasonCode.TABLE_CARD_HOLDS, call=last, card=card, answer="quiero"))]
    return [(1.0, no, R(ReasonCode.TABLE_CARD_WEAK, call=last, card=card))]


def _turn(
    view: BotView, calls: dict[str, Action], plays: list[PlayCard], mazo: Mazo | None, R: _Reasoner
) -> list[Option]:
    order = card_table(view.rules.ranking_table).order
    plays = sorted(plays, key=lambda a: order(a.card))
    hand = [a.card for a in plays if not a.face_down]
    outs = "".join(team_outcomes(view))
    options: list[Option] = []
    left = 1.0
    envido = _envido_call(view, calls, R)
    if envido is not None:
        if envido[0][0] == 1.0:
            return envido
        options.extend(envido)
        left -= envido[0][0]
    truco_name = next((c for c in _bet_names(view) if c in calls), None)
    if truco_name is not None and plays:
        power = hand_power(view, hand, outs, bet=True)
        if power >= 0.98:
            reason: BotReason | None
            # Explained policies are asked for real views (a SeatView), never for a SeatInfo.
            if R is _explained and not view_forced(cast(SeatView, view)):
                # Nearly sure, but not certain: the reason says strong cards, not "cannot lose".
                reason = R(ReasonCode.TRUCO_STRONG, call=truco_name, card=hand[0].notation)
            else:
                reason = R(ReasonCode.TRUCO_SURE, call=truco_name)
            return _mix(options, left, [(1.0, calls[truco_name], reason)])
        if power >= TRUCO_CALL:
            best = hand[0].notation if R is _explained else None
            return _mix(
                options, left, [(1.0, calls[truco_name], R(ReasonCode.TRUCO_STRONG, call=truco_name, card=best))]
            )
        if power < 0.25 and view.truco_level == 0 and not view.truco_calls:
            bluff = (BLUFF_TRUCO, calls[truco_name], R(ReasonCode.BLUFF, call=truco_name))
            card = _card(view, plays, R, hand, outs)
            return _mix(options, left, [bluff, (1 - BLUFF_TRUCO, card[0], card[1])])
    if not plays:
        if mazo is None:  # a game without the mazo (Catalan Truc): what is left is a bet
            rest = [a for a in view.legal_actions if type(a) is Call]
            assert rest, "a seat to act with no card and no mazo can still bet"
            return _mix(options, left, [(1.0, rest[0], R(ReasonCode.ONLY_ACTION, action=action_text(rest[0])))])
        return _mix(options, left, [(1.0, mazo, R(ReasonCode.MAZO_HOPELESS))])
    action, reason = _card(view, plays, R, hand, outs)
    return _mix(options, left, [(1.0, action, reason)])


def _mix(first: list[Option], left: float, rest: list[Option]) -> list[Option]:
    return first + [(p * left, a, r) for p, a, r in rest]


def _card(
    view: BotView, plays: list[PlayCard], R: _Reasoner, hand: list[Card] | None = None, outs: str | None = None
) -> tuple[Action, BotReason | None]:
    """The card rules; ``plays`` strongest first when ``hand`` (their cards) is given."""
    table = card_table(view.rules.ranking_table)
    strength = table.strength
    down = {a.card: a for a in plays if a.face_down}
    if down:
        plays = [a for a in plays if not a.face_down]
        hand = None
    if hand is None:
        plays = sorted(plays, key=lambda a: table.order(a.card))
        hand = [a.card for a in plays]
    if outs is None:
        outs = "".join(team_outcomes(view))
    low = hand[-1]
    team = view.team
    current = view.current_trick
    if view.truco_level > 0 and bets_on_trick(view):
        outs = "L"  # the bet is on this trick: it is played to be won, nothing kept for later

    def play(card: Card, code: ReasonCode, **params: ParamValue | None) -> tuple[Action, BotReason | None]:
        action = plays[hand.index(card)]
        if R is _unexplained:
            return action, None
        return action, R(code, card=card.notation, **params)

    if not current:  # leading the trick
        if not outs:
            if len(hand) == 3 and strength(hand[1]) >= 9:  # a 2 or better in the middle: keep the best
                if strength(hand[0]) >= 11:
                    return play(hand[1], ReasonCode.SAVE_MATA, kept=hand[0].notation)
                return play(hand[1], ReasonCode.LEAD_STRONG)
            if strength(hand[0]) >= 10:
                return play(hand[0], ReasonCode.LEAD_STRONG)
            return play(low, ReasonCode.LEAD_LOW if strength(low) < LOW_CARD else ReasonCode.LEAD_STRONG)
        if "W" in outs and len(hand) > 1:
            # The lowest card after taking a trick; "low" only when it is (below a 3).
            return play(low, ReasonCode.LEAD_LOW if strength(low) < LOW_CARD else ReasonCode.LEAD_STRONG)
        return play(hand[0], ReasonCode.LEAD_STRONG if strength(hand[0]) >= STRONG_CARD else ReasonCode.LEAD_BEST)
    best_opp = max((strength(c) for s, c in current if s & 1 != team), default=0)
    own = [(s, c) for s, c in current if s & 1 == team]
    best_own = max((strength(c) for _, c in own), default=0)
    if own and best_own > best_opp:
        partner = max(own, key=lambda sc: strength(sc[1]))[0]
        return play(low, ReasonCode.PLAY_LOW_PARTNER_WINS, partner=partner)
    winners = [c for c in hand if strength(c) > best_opp]
    if winners:
        card = winners[-1]
        if not outs and strength(card) >= 11 and len(hand) == 3:
            # Only a mata takes the first trick: keep it when a tie does the job.
            ties = [c for c in hand if strength(c) == best_opp]
            if ties:
                return play(ties[-1], ReasonCode.SAVE_MATA, kept=card.notation)
        return play(card, ReasonCode.PLAY_LOWEST_WINNER)
    ties = [c for c in hand if strength(c) == best_opp]
    if ties and (not outs or "W" in outs) and not (view.truco_level > 0 and bets_on_trick(view)):
        return play(ties[-1], ReasonCode.PLAY_PARDA)
    if low in down and strength(low) < best_opp:
        # Neither takes nor ties the trick face up: face down it tells the other side nothing.
        return down[low], R(ReasonCode.PLAY_FACE_DOWN, card=low.notation)
    return play(low, ReasonCode.PLAY_LOWEST_CARD)
