"""Engine results told as sentences for learners, in the current language.

The engine returns data (which cards counted, who spoke in the showdown, which rule fixed a stake,
why an input was refused) and never prose. This module turns that data into short translated
sentences, for the envido checker, the JSON API's error details, the command line and the lessons:

* :func:`explain_envido`, :func:`explain_flor` and :func:`judge_envido_guess` for one hand;
* :func:`explain_showdown` for who states, who says "son buenas" and who wins;
* :func:`explain_envido_stake`, :func:`explain_truco_stake` and :func:`explain_mazo` for what the
  calls are worth and by which rule;
* :func:`error_message` for every engine error reason, optionally told for one input ``Field``.

Every function translates with :mod:`tutor.i18n`, so it needs the language of a request (``g.lang``)
or an app context with ``g.lang`` set (the command line does that). Players and teams are numbered
from 1 in sentences (seat 0 is "player 1"); the engine and the API count from 0.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Iterable, Sequence

from babel.lists import format_list

from ....engine.cards import Card
from ....engine.envido import EnvidoKind, EnvidoResult, FlorResult, ShowdownResult, StatementAction
from ....engine.errors import NotationReason, Reason, TrucoError
from ....engine.rules import TARGETS
from ....engine.stakes import (
    ENVIDO_POINTS,
    EnvidoCall,
    EnvidoStake,
    FlorCall,
    FlorStake,
    StakeRule,
    TrucoCall,
    TrucoStake,
    hand_value,
    malas_end,
    mazo_award,
)
from ....i18n import current_language
from ....i18n import gettext as _
from ....i18n import ngettext, pgettext
from ..cards import card_name, suit_name

__all__ = [
    "Explanation", "Verdict", "Field",
    "call_name", "points_text", "player_label", "team_label", "card_list",
    "explain_envido", "explain_flor", "judge_envido_guess",
    "explain_showdown", "team_values_text", "explain_envido_stake", "explain_truco_stake", "explain_mazo", "explain_flor_rules",
    "error_message",
]


@dataclass(frozen=True, slots=True)
class Explanation:
    """A result told in sentences: a short headline, then the reasons in order."""

    headline: str
    """One sentence with the answer, e.g. "The envido is 33."."""
    reasons: tuple[str, ...] = ()
    """The sentences that explain it, in reading order."""
    formula: str = ""
    """The arithmetic behind the answer, e.g. ``20 + 7 + 6 = 33`` (numbers only, nothing to translate)."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """Whether a learner's answer was right, and a hint when a usual mistake explains it."""

    correct: bool
    """True when the answer equals the engine's."""
    message: str
    """"Right!" or what was said against what it is."""
    hint: str = ""
    """The mistake that most likely led to a wrong answer, or empty."""


class Field(StrEnum):
    """Which input an error is about; it picks the most helpful sentence for a reason."""

    CARDS = "cards"
    """The three cards of one hand."""
    TRICK = "trick"
    """The cards of one trick."""
    TRICKS = "tricks"
    """Trick results W, L, P."""
    SEATS = "seats"
    """The players of a showdown (hands or envido numbers)."""
    ENVIDO_VALUE = "envido_value"
    """One player's envido number."""
    ENVIDO_CALLS = "envido_calls"
    """A sequence of envido calls."""
    TRUCO_CALLS = "truco_calls"
    """A sequence of truco calls."""
    SCORE = "score"
    """The two teams' scores."""
    TARGET = "target"
    """The points needed to win the game."""
    MANO = "mano"
    """The player who speaks first."""
    GUESS = "guess"
    """A learner's answer."""
    DATE = "date"
    """The date of a daily puzzle."""
    VARIANT = "variant"
    """A ruleset preset's name, or an option it does not let change."""
    OPTION = "option"
    """The value of a ruleset option (falta_mode, raisable, flor)."""
    PARAMETER = "parameter"
    """The name of a request parameter."""


# --- Small pieces -------------------------------------------------------------------------------


def call_name(call: EnvidoCall | TrucoCall | FlorCall | str) -> str:
    """The name of a call as players say it; the names stay Spanish in every language (RULES.md 10)."""
    names = {
        # Translators: name of a Truco call; keep it in Spanish as all the rule sources do.
        "envido": lambda: pgettext("call", "Envido"),
        # Translators: name of a Truco call; keep it in Spanish as all the rule sources do.
        "real_envido": lambda: pgettext("call", "Real envido"),
        # Translators: name of a Truco call; keep it in Spanish as all the rule sources do.
        "falta_envido": lambda: pgettext("call", "Falta envido"),
        # Translators: name of a Truco call; keep it in Spanish as all the rule sources do.
        "truco": lambda: pgettext("call", "Truco"),
        # Translators: name of a Truco call; keep it in Spanish as all the rule sources do.
        "retruco": lambda: pgettext("call", "Retruco"),
        # Translators: name of a Truco call; keep it in Spanish as all the rule sources do.
        "vale_cuatro": lambda: pgettext("call", "Vale cuatro"),
        # Translators: the announcement of a flor (three cards of one suit); keep it in Spanish.
        "flor": lambda: pgettext("call", "Flor"),
        # Translators: name of a flor raise; keep it in Spanish as the rule sources do.
        "contraflor": lambda: pgettext("call", "Contraflor"),
        # Translators: name of a flor raise; keep it in Spanish as the rule sources do.
        "contraflor_al_resto": lambda: pgettext("call", "Contraflor al resto"),
    }
    return names[str(call)]()


def points_text(points: int) -> str:
    """``"1 point"``, ``"5 points"`` with the language's plural forms."""
    return ngettext("%(num)s point", "%(num)s points", points)


def player_label(seat: int) -> str:
    """``"player 1"`` for seat 0: players are counted from 1 in sentences."""
    # Translators: a player at the table, counted from 1 (the engine's seat 0 is player 1).
    return _("player %(number)s", number=seat + 1)


def team_label(team: int) -> str:
    """``"team 1"`` for team 0 (the mano's side when seat 0 is mano)."""
    # Translators: one of the two teams, counted from 1 (players 1, 3, 5 form team 1; players 2, 4, 6 team 2).
    return _("team %(number)s", number=team + 1)


def _join(items: Iterable[str]) -> str:
    """``"a, b and c"`` in the current language."""
    return format_list(list(items), locale=current_language())


def card_list(cards: Iterable[Card], face: str | None = "spanish") -> str:
    """Card names joined as the language joins a list: "seven of coins and six of coins"."""
    return _join(card_name(card, face) for card in cards)


def _sentence(text: str) -> str:
    """The text with its first letter upper case (a sentence may start with "player 1")."""
    return text[:1].upper() + text[1:]


def _sum_formula(terms: Sequence[int], total: int) -> str:
    return " + ".join(str(t) for t in terms) + f" = {total}"


# --- Envido of a hand ---------------------------------------------------------------------------

def _figures_note() -> str:
    # Translators: "envido" is a Truco call and stays Spanish; the figures are sota, caballo and rey.
    return _("The 10, 11 and 12 (the figures) count 0 for envido.")


def explain_envido(result: EnvidoResult, face: str | None = "spanish") -> Explanation:
    """Why three cards are worth ``result.points`` for envido (RULES.md 4).

    Two of one suit: which two count and ``20 + a + b``; three of one suit: the best two; no two of
    one suit: the highest single card; only figures of three suits: 0. A note says that figures
    count 0 whenever one of the counting cards is a figure (or, for a single card, any card is).
    """
    # Translators: the answer of the envido checker; "envido" is a Truco call and stays Spanish.
    headline = _("The envido is %(points)s.", points=result.points)
    reasons: list[str] = []
    formula = ""
    left_out = [card for card in result.cards if card not in result.counted]
    if result.kind in (EnvidoKind.PAIR, EnvidoKind.BEST_PAIR):
        suit = suit_name(result.suit, face)
        if result.kind is EnvidoKind.PAIR:
            # Translators: envido counting rule; %(suit)s is a suit name such as "coins".
            reasons.append(_("Two cards share a suit (%(suit)s): they count 20 plus their values.", suit=suit))
        else:
            # Translators: envido counting rule when all three cards share a suit; "flor" is a Truco term
            # (three cards of one suit) and stays Spanish.
            reasons.append(
                _("All three cards share a suit (%(suit)s). Without flor, only the best two count: 20 plus their values.", suit=suit)
            )
        reasons.append(_("Cards that count: %(cards)s.", cards=card_list(result.counted, face)))
        if result.kind is EnvidoKind.PAIR:
            reasons.append(_("Left out: %(card)s (another suit).", card=card_list(left_out, face)))
        else:
            reasons.append(_("Left out: %(card)s (the lowest value).", card=card_list(left_out, face)))
        if any(card.is_figure for card in result.counted):
            reasons.append(_figures_note())
        formula = _sum_formula([result.bonus, *(card.envido_value for card in result.counted)], result.points)
    elif result.kind is EnvidoKind.SINGLE:
        # Translators: envido counting rule when every card has a different suit.
        reasons.append(_("No two cards share a suit: the highest single card counts, on its own and without the 20."))
        reasons.append(_("Card that counts: %(card)s.", card=card_list(result.counted, face)))
        if any(card.is_figure for card in result.cards):
            reasons.append(_figures_note())
    else:
        # Translators: envido counting rule; the figures are the 10, 11 and 12 (sota, caballo, rey).
        reasons.append(_("No two cards share a suit, and all three are figures (10, 11 or 12), which count 0: the envido is 0."))
    return Explanation(headline, tuple(reasons), formula)


def explain_flor(result: FlorResult, face: str | None = "spanish") -> Explanation:
    """What three cards of one suit are worth as a flor, when flor is played (RULES.md 8)."""
    # Translators: "flor" (three cards of one suit) is a Truco term and stays Spanish.
    headline = _("Flor: %(points)s.", points=result.points)
    reasons = (
        # Translators: "flor" is a Truco term and stays Spanish; %(suit)s is a suit name such as "coins".
        _("All three cards share a suit (%(suit)s): that is a flor.", suit=suit_name(result.suit, face)),
        # Translators: "flor" and "envido" are Truco terms and stay Spanish.
        _("When flor is played, a flor is worth 20 plus the values of all three cards, and it cancels the envido."),
    )
    formula = _sum_formula([20, *(card.envido_value for card in result.cards)], result.points)
    return Explanation(headline, reasons, formula)


def _face_value_envido(cards: Sequence[Card]) -> int:
    """The envido a learner gets by counting the figures as 10, 11 and 12 (a usual mistake)."""
    by_suit: dict[Any, list[int]] = {}
    for card in cards:
        by_suit.setdefault(card.suit, []).append(card.rank)
    pairs = [sorted(ranks, reverse=True)[:2] for ranks in by_suit.values() if len(ranks) >= 2]
    if pairs:
        return 20 + max(sum(pair) for pair in pairs)
    return max(card.rank for card in cards)


def judge_envido_guess(result: EnvidoResult, guess: int, face: str | None = "spanish") -> Verdict:
    """Compare a learner's answer with the envido, naming the usual mistake when one explains it."""
    points = result.points
    if guess == points:
        # Translators: the learner's answer was right; "envido" stays Spanish.
        return Verdict(True, _("Right! The envido is %(points)s.", points=points))
    # Translators: the learner's answer was wrong; "envido" stays Spanish.
    message = _("Not quite: you said %(guess)s, but the envido is %(points)s.", guess=guess, points=points)
    values = sorted((card.envido_value for card in result.cards), reverse=True)
    hint = ""
    paired = result.kind in (EnvidoKind.PAIR, EnvidoKind.BEST_PAIR)
    if paired and guess == points - 20:
        hint = _("You left out the 20: two cards of one suit always add 20 to their values.")
    elif result.kind is EnvidoKind.BEST_PAIR and guess == 20 + sum(values):
        # Translators: "flor" is a Truco term and stays Spanish.
        hint = _("You added all three cards: without flor, only the best two of them count.")
    elif not paired and guess in (20 + values[0], 20 + values[0] + values[1]):
        hint = _("Only two cards of the same suit earn the 20, and here every card has its own suit.")
    elif not paired and guess in (sum(values), values[0] + values[1]):
        hint = _("Without two cards of one suit the values are not added: only the highest card counts.")
    elif any(card.is_figure for card in result.cards) and guess == _face_value_envido(result.cards) != points:
        # Translators: "envido" stays Spanish.
        hint = _("The 10, 11 and 12 count 0 for envido, not their number.")
    elif result.kind is EnvidoKind.SINGLE and guess in values:
        hint = _("Take the highest card: %(card)s.", card=card_list(result.counted, face))
    return Verdict(False, message, hint)


# --- Showdown -----------------------------------------------------------------------------------


def explain_showdown(result: ShowdownResult) -> Explanation:
    """The showdown told turn by turn: the order, who states, who says "son buenas", who wins and why."""
    order = _join(str(seat + 1) for seat in result.order)
    # Translators: "mano" is the player who plays first in the hand; keep the Truco term (RULES.md glossary).
    reasons = [_("Players speak in this order, starting with the mano: %(players)s.", players=order)]
    best: int | None = None
    for statement in result.statements:
        player = player_label(statement.seat)
        value = statement.value
        if best is None:
            # Translators: first turn of the envido showdown; "mano" is the player who plays first.
            reasons.append(_sentence(_("%(player)s is mano and states %(value)s.", player=player, value=value)))
            best = statement.seat
            continue
        best_value = result.values[best]
        if statement.action is StatementAction.STATES:
            if value == best_value:
                # Translators: envido showdown; "mano" is the player who plays first.
                text = _("%(player)s states %(value)s: the same number, but nearer the mano, so it wins the tie.", player=player, value=value)
            else:
                text = _("%(player)s has more and states %(value)s.", player=player, value=value)
            best = statement.seat
        elif statement.action is StatementAction.SON_BUENAS:
            if value == best_value:
                # Translators: envido showdown; "son buenas" ("they are good": I cannot beat that) stays Spanish.
                text = _("%(player)s also has %(best)s, but the tie goes to the player nearer the mano: “son buenas”.", player=player, best=best_value)
            else:
                # Translators: envido showdown; "son buenas" ("they are good": I cannot beat that) stays Spanish.
                text = _("%(player)s cannot beat %(best)s and says “son buenas”.", player=player, best=best_value)
        else:
            text = _("%(player)s stays silent: a partner already holds the best number so far.", player=player)
        reasons.append(_sentence(text))
    winner = player_label(result.winner)
    team = team_label(result.team)
    # Translators: result of the envido showdown; "envido" stays Spanish.
    headline = _sentence(_("%(player)s wins the envido for %(team)s.", player=winner, team=team))
    ours, theirs = result.team_values[result.team], result.team_values[1 - result.team]
    if result.tie_broken:
        # Translators: envido showdown tie; "mano" is the player who plays first.
        why = _("Both teams have %(value)s: the tie goes to the player nearest the mano, %(player)s.", value=ours, player=winner)
    else:
        # Translators: why a team won the envido showdown; "envido" stays Spanish.
        why = _("%(team)s has the best envido: %(value)s against %(other)s.", team=team, value=ours, other=theirs)
    reasons.append(_sentence(why))
    reasons.append(_sentence(_("%(player)s shows the cards at the end of the hand.", player=winner)))
    return Explanation(headline, tuple(reasons))


def team_values_text(result: ShowdownResult) -> tuple[str, str]:
    """One line per team with its envido (its best player's)."""
    # Translators: a team's envido in the showdown, e.g. "Team 1: 33"; "envido" stays Spanish.
    return tuple(_("Envido of %(team)s: %(value)s", team=team_label(t), value=v) for t, v in enumerate(result.team_values))  # type: ignore[return-value]


# --- Stakes -------------------------------------------------------------------------------------


def _calls_formula(calls: Sequence[EnvidoCall]) -> str:
    terms = " + ".join(f"{call_name(call)} {ENVIDO_POINTS[call]}" for call in calls)
    if len(calls) > 1:
        terms += f" = {sum(ENVIDO_POINTS[call] for call in calls)}"
    return terms


def explain_envido_stake(stake: EnvidoStake, next_calls: Sequence[EnvidoCall] = ()) -> Explanation:
    """What an envido ladder is worth if accepted and if declined, and the rule behind each number.

    ``next_calls`` are the raises still possible (``stakes.next_envido_calls``) for a closing sentence.
    """
    calls = stake.calls
    last = calls[-1]
    leader = max(stake.scores)
    first, second = stake.scores
    # Translators: summary of an envido stake; "Quiero" (accepted) and "No quiero" (declined) stay Spanish.
    headline = _(
        "Quiero: %(accepted)s. No quiero: %(declined)s.",
        # Translators: what an accepted Falta envido is worth when it decides the whole game.
        accepted=points_text(stake.accepted) if not stake.wins_game else _("the game"),
        declined=points_text(stake.declined),
    )
    reasons: list[str] = []
    rule = stake.accepted_rule
    if rule is StakeRule.ACCEPTED_SUM and len(calls) == 1:
        # Translators: %(call)s is a Truco call name (Envido, Real envido); "Quiero" stays Spanish.
        reasons.append(_("If accepted (Quiero), %(call)s is worth %(points)s.", call=call_name(last), points=points_text(stake.accepted)))
    elif rule is StakeRule.ACCEPTED_SUM:
        # Translators: "Quiero" stays Spanish; %(formula)s is like "Envido 2 + Real envido 3 = 5".
        reasons.append(_("If accepted (Quiero), the calls are added: %(formula)s.", formula=_calls_formula(calls)))
    elif rule is StakeRule.ACCEPTED_SINGLE:
        # Translators: "Quiero" and "envido" stay Spanish; %(call)s is a call name.
        reasons.append(
            _("If accepted (Quiero): in this ruleset the envido cannot be raised, so %(call)s is worth its own value, %(points)s.", call=call_name(last), points=points_text(stake.accepted))
        )
    elif rule is StakeRule.ACCEPTED_FALTA:
        # Translators: "Quiero" and "Falta envido" stay Spanish.
        reasons.append(
            _("If accepted (Quiero), Falta envido is worth what the leading team still needs to reach %(target)s: %(target)s − %(leader)s = %(points)s.", target=stake.target, leader=leader, points=stake.accepted)
        )
    elif rule is StakeRule.ACCEPTED_FALTA_TO_FIFTEEN:
        limit = malas_end(stake.target)
        # Translators: "Quiero", "Falta envido" and "malas" (the first half of the game) are Truco terms.
        reasons.append(
            _("If accepted (Quiero): the leading team is still in the malas, so Falta envido is worth what it needs to complete them, reaching %(limit)s: %(limit)s − %(leader)s = %(points)s.", limit=limit, leader=leader, points=stake.accepted)
        )
    else:
        # Translators: "Quiero", "Falta envido" and "malas" (the first half of the game) are Truco terms.
        reasons.append(
            _("If accepted (Quiero): both teams are still in the malas, so whoever wins the Falta envido wins the game (%(first)s would score %(a)s, %(second)s would score %(b)s).", first=team_label(0), second=team_label(1), a=stake.accepted_for(0), b=stake.accepted_for(1))
        )
    if last is EnvidoCall.FALTA_ENVIDO and len(calls) > 1:
        # Translators: "Falta envido" stays Spanish.
        reasons.append(_("The calls before Falta envido are not added to it."))
    if last is EnvidoCall.FALTA_ENVIDO:
        # Translators: the score behind a Falta envido.
        reasons.append(
            _("Score: %(first)s has %(a)s, %(second)s has %(b)s; the game is to %(target)s.", first=team_label(0), a=first, second=team_label(1), b=second, target=stake.target)
        )
    if stake.declined_rule is StakeRule.DECLINED_SINGLE:
        # Translators: "No quiero" (declined) stays Spanish.
        reasons.append(_("If declined (No quiero), a single call gives the caller's team 1 point."))
    else:
        # Translators: "No quiero" stays Spanish; %(formula)s is like "Envido 2 + Envido 2 = 4".
        reasons.append(
            _("If declined (No quiero), the team that made the last call gets what the calls before it were worth, because the raise accepted them: %(formula)s.", formula=_calls_formula(calls[:-1]))
        )
    if next_calls:
        # Translators: envido raises; the names (Envido, Real envido, Falta envido) stay Spanish.
        reasons.append(_("The answering team may also raise with: %(calls)s.", calls=_join(call_name(c) for c in next_calls)))
    else:
        # Translators: "Quiero" and "No quiero" stay Spanish.
        reasons.append(_("Nothing can follow: the answer is Quiero or No quiero."))
    return Explanation(headline, tuple(reasons))


def explain_truco_stake(stake: TrucoStake) -> Explanation:
    """What the hand is worth after a truco ladder, accepted or declined (RULES.md 5)."""
    last = stake.calls[-1]
    # Translators: summary of a truco stake; "Quiero" and "No quiero" stay Spanish.
    headline = _("Quiero: %(accepted)s. No quiero: %(declined)s.", accepted=points_text(stake.accepted), declined=points_text(stake.declined))
    reasons = [
        # Translators: "Quiero" stays Spanish.
        _("If accepted (Quiero), the hand is worth %(points)s.", points=points_text(stake.accepted)),
        # Translators: "No quiero" stays Spanish; %(call)s is Truco, Retruco or Vale cuatro.
        _("If declined (No quiero), the hand ends and the team that called %(call)s scores %(points)s: what the hand was worth before the call.", call=call_name(last), points=points_text(stake.declined)),
    ]
    following = tuple(TrucoCall)[len(stake.calls)] if len(stake.calls) < len(TrucoCall) else None
    if following is None:
        # Translators: "Vale cuatro" is the highest truco call and stays Spanish.
        reasons.append(_("Vale cuatro is the top: nothing can follow it."))
    else:
        # Translators: %(call)s is Retruco or Vale cuatro.
        reasons.append(_("Next possible raise: %(call)s, only by the team that accepted the last call.", call=call_name(following)))
    return Explanation(headline, tuple(reasons))


def explain_mazo(truco_calls: Sequence[TrucoCall] = (), early_mazo: bool = False) -> Explanation:
    """What going to the mazo (folding) gives the other team, now and after an answer (RULES.md 6)."""
    level = len(truco_calls)
    now = mazo_award(level - 1 if level else 0)
    reasons: list[str] = []
    if level == 0:
        # Translators: "mazo": going to the mazo means folding; "truco" stays Spanish.
        headline = _("Going to the mazo now gives the other team %(points)s.", points=points_text(now))
        reasons.append(_("Without an accepted truco the hand is worth 1, and folding gives the other team what the hand is worth."))
        if early_mazo:
            early = mazo_award(0, early_mazo=True, first_trick=True)
            # Translators: "mazo" means folding; "envido" stays Spanish.
            reasons.append(_("With the early mazo option, folding in the first trick before the envido was played gives %(points)s instead.", points=points_text(early)))
    else:
        # Translators: "mazo": going to the mazo means folding; "No quiero" stays Spanish.
        headline = _("Going to the mazo instead of answering gives the other team %(points)s, the same as No quiero.", points=points_text(now))
        after = hand_value(level)
        # Translators: "mazo" means folding; "Quiero" stays Spanish.
        reasons.append(_("After Quiero, going to the mazo gives the other team %(points)s: what the hand is worth then.", points=points_text(after)))
    return Explanation(headline, tuple(reasons))


def explain_flor_rules(mode: str, contraflor: FlorStake | None = None, al_resto: FlorStake | None = None) -> Explanation:
    """What the flor option changes (RULES.md 8): simple flor, or flor with contraflor values."""
    # Translators: "flor" (three cards of one suit) and "envido" are Truco terms and stay Spanish.
    headline = _("Flor is played: a player who holds a flor announces it, and it cancels the envido.")
    # Translators: "flor" stays Spanish.
    reasons = [_("The team with the best flor scores 3 for each flor it holds.")]
    if mode == "contraflor" and contraflor is not None and al_resto is not None:
        # Translators: "Contraflor" is a raise between two flores and stays Spanish.
        reasons.append(_("Contraflor: accepted %(accepted)s to the better flor, declined %(declined)s.", accepted=points_text(contraflor.accepted), declined=points_text(contraflor.declined)))
        # Translators: "Contraflor al resto" stays Spanish; like Falta envido it depends on the score.
        reasons.append(_("Contraflor al resto at this score: accepted %(accepted)s (what the leader needs plus 3 for each flor), declined %(declined)s.", accepted=points_text(al_resto.accepted), declined=points_text(al_resto.declined)))
    return Explanation(headline, tuple(reasons))


# --- Errors -------------------------------------------------------------------------------------


def _position(details: dict[str, Any]) -> int | None:
    position = details.get("position")
    return position + 1 if isinstance(position, int) and not isinstance(position, bool) else None


def _shown(value: Any) -> str:
    """An offending value as the learner typed it, shortened."""
    text = value if isinstance(value, str) else "" if value is None else str(value)
    return text if len(text) <= 40 else text[:39] + "…"


def _notation_message(reason: NotationReason, details: dict[str, Any], field: Field | None) -> str:
    value = _shown(details.get("value"))
    position = _position(details)
    if reason is NotationReason.EMPTY:
        if field is Field.ENVIDO_CALLS or field is Field.TRUCO_CALLS:
            return _("No call was given.")
        if field is Field.TRICKS:
            return _("No trick was given.")
        if field is Field.SEATS and position is not None:
            return _("Player %(number)s is empty: fill in the players in order, without gaps.", number=position)
        if field is Field.SEATS:
            return _("No players were given.")
        if field is Field.GUESS:
            return _("Type your answer first.")
        return _("No cards were given.")
    if reason is NotationReason.MALFORMED:
        if field is Field.TRICKS and position is not None:
            # Translators: trick results: W won, L lost, P parda (a tied trick); "parda" is a Truco term.
            return _("Trick %(number)s: “%(value)s” is not W (won), L (lost) or P (parda).", number=position, value=value)
        if isinstance(details.get("value"), str) and value:
            return _("“%(value)s” is not a card: write the number, then the suit letter, like 7o or 12c, or use a French suit symbol, like A♠.", value=value)
        return _("These cards could not be read: give them as text, like 7o 6o 3b.")
    if reason is NotationReason.UNKNOWN_RANK:
        return _("“%(value)s” is not in the Spanish deck: the numbers are 1 to 7, 10, 11 and 12 (there are no 8s and 9s).", value=value)
    if reason is NotationReason.UNKNOWN_SUIT:
        # Translators: the letters are the Spanish suits espadas, bastos, oros, copas; keep the letters.
        return _("“%(value)s” has no known suit: use e (espadas), b (bastos), o (oros), c (copas) or ♠ ♣ ♦ ♥.", value=value)
    if reason is NotationReason.DUPLICATE_CARD:
        try:
            name = card_name(str(details.get("value")))
        except (TrucoError, KeyError):
            name = value
        return _("Given twice: %(card)s. Each card is in the deck only once.", card=name)
    if reason is NotationReason.WRONG_COUNT:
        got = details.get("value") if isinstance(details.get("value"), int) else 0
        if field is Field.SEATS:
            # Translators: the envido showdown; "showdown" is when the players state their envido.
            return ngettext(
                "A showdown needs 2, 4 or 6 players (%(num)s was given).",
                "A showdown needs 2, 4 or 6 players (%(num)s were given).",
                got,
            )
        if field is Field.TRICK:
            return ngettext(
                "A trick needs 2 to 6 cards, one per player (%(num)s was given).",
                "A trick needs 2 to 6 cards, one per player (%(num)s were given).",
                got,
            )
        if field is Field.SCORE:
            return _("Give two scores, one per team, like 12,20.")
        return ngettext(
            "Pick exactly three cards (%(num)s was given).",
            "Pick exactly three cards (%(num)s were given).",
            got,
        )
    if reason is NotationReason.UNKNOWN_ACTION:
        if field is Field.TRUCO_CALLS:
            # Translators: the call names in the message are the API's spelling; keep them as they are.
            return _("“%(value)s” is not a truco call: use truco, retruco or vale_cuatro.", value=value)
        # Translators: the call names in the message are the API's spelling; keep them as they are.
        return _("“%(value)s” is not an envido call: use envido, real_envido or falta_envido.", value=value)
    if reason is NotationReason.UNKNOWN_OPTION:
        if field is Field.VARIANT:
            return _("“%(value)s” is not a known ruleset: use argentino or fixed.", value=value)
        return _("“%(value)s” is not a known parameter or option.", value=value)
    return _bad_value_message(details, field, value, position)


def _bad_value_message(details: dict[str, Any], field: Field | None, value: str, position: int | None) -> str:
    if field is Field.SCORE:
        highest = details.get("max")
        if isinstance(highest, int):
            return _("The scores must be two whole numbers from 0 to %(max)s, one per team, like 12,20.", max=highest)
        return _("The scores must be two whole numbers, one per team, below the target, like 12,20.")
    if field is Field.TARGET:
        return _("The target must be one of %(targets)s.", targets=_join(str(t) for t in TARGETS))
    if field is Field.MANO:
        players = details.get("players") if isinstance(details.get("players"), int) else 6
        # Translators: "mano" is the player who plays first in the hand.
        return _("The mano must be one of the players, 1 to %(players)s.", players=players)
    if field is Field.TRICKS:
        if position is not None and position <= 3:
            return _("Trick %(number)s comes after the hand was already decided.", number=position)
        return _("A hand has at most three tricks.")
    if field is Field.ENVIDO_VALUE or field is Field.SEATS:
        # Translators: "envido" stays Spanish.
        return _("“%(value)s” is not a possible envido: a hand has 0 to 7 (no two cards of one suit) or 20 to 33 (two of one suit).", value=value)
    if field is Field.GUESS:
        return _("Type your answer as a whole number, like 27.")
    if field is Field.DATE:
        return _("“%(value)s” is not a puzzle date: use the form 2026-01-31, and no date after today.", value=value)
    if field is Field.VARIANT:
        # Translators: a preset ruleset fixes some options; "envido" and "flor" stay Spanish.
        return _("This ruleset fixes that option: in the fixed ruleset the envido cannot be raised and there is no flor.")
    if field is Field.OPTION:
        return _("“%(value)s” is not a valid value for this option.", value=value)
    return _("“%(value)s” is not allowed here.", value=value)


def _reason_message(reason: Reason, details: dict[str, Any]) -> str:
    messages = {
        Reason.HAND_OVER: lambda: _("The hand is over: no more cards or calls."),
        Reason.NOT_YOUR_TURN: lambda: _("It is not your turn."),
        Reason.CARD_NOT_IN_HAND: lambda: _("That card is not in your hand."),
        # Translators: "Quiero" (accept) and "No quiero" (decline) stay Spanish.
        Reason.ANSWER_PENDING: lambda: _("A call is waiting for an answer first: Quiero, No quiero or a raise."),
        Reason.NOTHING_TO_ANSWER: lambda: _("There is no call to answer."),
        # Translators: "envido" stays Spanish.
        Reason.ENVIDO_ALREADY_PLAYED: lambda: _("The envido was already played in this hand: it is settled only once."),
        # Translators: "Envido" is a call and stays Spanish.
        Reason.ENVIDO_AFTER_FIRST_CARD: lambda: _("Envido can only be called before you play your first card."),
        # Translators: "Envido" is a call and stays Spanish.
        Reason.ENVIDO_AFTER_FIRST_TRICK: lambda: _("Envido can only be called during the first trick."),
        # Translators: "truco" and "envido" stay Spanish.
        Reason.ENVIDO_CLOSED_BY_TRUCO: lambda: _("An accepted truco closes the envido."),
        # Translators: the envido ladder; the call names stay Spanish.
        Reason.ENVIDO_LADDER_BACKWARDS: lambda: _("The envido ladder goes Envido, Envido, Real envido, Falta envido: steps may be skipped but never taken backwards."),
        # Translators: "Envido" is a call and stays Spanish.
        Reason.ENVIDO_TOO_MANY: lambda: _("Envido may be called at most twice."),
        # Translators: "Falta envido" is a call and stays Spanish.
        Reason.ENVIDO_AFTER_FALTA: lambda: _("Nothing can follow Falta envido: it is the top of the ladder."),
        # Translators: "envido" stays Spanish.
        Reason.ENVIDO_NOT_RAISABLE: lambda: _("In this ruleset the envido cannot be raised: each call is accepted or declined as it is."),
        # Translators: "flor" and "envido" stay Spanish.
        Reason.ENVIDO_CANCELLED_BY_FLOR: lambda: _("A flor cancels the envido in this hand."),
        # Translators: "Vale cuatro" is the highest truco call and stays Spanish.
        Reason.TRUCO_ALREADY_MAX: lambda: _("Nothing comes after Vale cuatro."),
        Reason.TRUCO_ONLY_ACCEPTING_TEAM: lambda: _("Only the team that accepted the last call may raise it."),
        Reason.TRUCO_OWN_CALL: lambda: _("A team cannot raise its own call."),
        # Translators: the truco ladder; the call names stay Spanish.
        Reason.TRUCO_OUT_OF_ORDER: lambda: _("The truco calls go Truco, Retruco, Vale cuatro, one step at a time."),
        # Translators: flor raises; the names stay Spanish.
        Reason.FLOR_LADDER_BACKWARDS: lambda: _("Contraflor al resto is the last raise: Contraflor cannot follow it."),
        # Translators: "flor" stays Spanish.
        Reason.NO_FLOR: lambda: _("There is no flor here: a flor is three cards of one suit."),
        # Translators: "Flor" stays Spanish.
        Reason.FLOR_NOT_IN_RULES: lambda: _("Flor is not played in this ruleset."),
        # Translators: "flor" stays Spanish.
        Reason.FLOR_TOO_LATE: lambda: _("A flor is announced in the first trick, before playing one's first card."),
        # Translators: "flor" stays Spanish.
        Reason.FLOR_ALREADY_ANNOUNCED: lambda: _("This flor was already announced."),
        # Translators: "flor" stays Spanish.
        Reason.FLOR_MUST_BE_ANNOUNCED: lambda: _("A player who holds a flor must announce it before playing a card."),
        # Translators: "Contraflor" and "flor" stay Spanish.
        Reason.NO_RIVAL_FLOR: lambda: _("Contraflor needs a flor on the other team."),
        # Translators: "Envido" stays Spanish.
        Reason.ENVIDO_NOT_IN_RULES: lambda: _("Envido is not played in this ruleset."),
        # Translators: "mazo": going to the mazo means folding.
        Reason.CANNOT_FOLD_NOW: lambda: _("Going to the mazo is not possible now."),
        # Translators: "envido" stays Spanish.
        Reason.SHOWDOWN_PENDING: lambda: _("The envido showdown must be finished first."),
        # Translators: "son buenas" ("they are good": I cannot beat that) stays Spanish.
        Reason.CANNOT_SAY_SON_BUENAS: lambda: _("“Son buenas” is not possible here: this number must be stated."),
        Reason.MATCH_OVER: lambda: _("The game is over."),
        Reason.UNKNOWN_ACTION: lambda: _("That action is not possible."),
    }
    text = messages[reason]() if reason in messages else _("That is not allowed.")
    position = _position(details)
    if position is not None and reason.name.startswith(("ENVIDO_", "TRUCO_", "FLOR_LADDER")):
        # Translators: an illegal call in a sequence; %(number)s counts the calls from 1, %(reason)s is the rule.
        return _("Call %(number)s is not allowed. %(reason)s", number=position, reason=text)
    return text


def error_message(exc: TrucoError, field: Field | str | None = None) -> str:
    """A translated sentence for any engine error, saying what is wrong and which rule forbids it.

    ``field`` (or ``exc.details["field"]``) names the input the error is about, so that, for example,
    a ``BAD_VALUE`` on a score and on a trick sequence get their own sentences.
    """
    details = dict(getattr(exc, "details", None) or {})
    chosen = field if field is not None else details.get("field")
    try:
        which = Field(chosen) if chosen is not None else None
    except ValueError:
        which = None
    reason = getattr(exc, "reason", None)
    if isinstance(reason, NotationReason):
        return _notation_message(reason, details, which)
    if isinstance(reason, Reason):
        return _reason_message(reason, details)
    return _("That is not allowed.")
