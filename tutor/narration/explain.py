"""Envido, flor, showdowns and stakes explained: the envido checker's, the command line's and the
lessons' sentences for one result of the engine.

* :func:`explain_envido`, :func:`explain_flor` and :func:`judge_envido_guess` for one hand;
* :func:`explain_showdown` for who states, who says "son buenas" and who wins;
* :func:`explain_envido_stake`, :func:`explain_truco_stake` and :func:`explain_mazo` for what the
  calls are worth and by which rule.

There is no learner at these tables, so players and teams are named by an onlooker
(:meth:`Perspective.onlooker`): numbered from 1 in sentences (seat 0 is "player 1"); the engine and
the API count from 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tutor.engine.cards import Card
from tutor.engine.envido import EnvidoKind, EnvidoResult, FlorResult, ShowdownResult, StatementAction
from tutor.engine.stakes import (
    EnvidoCall,
    EnvidoStake,
    FlorStake,
    StakeRule,
    TrucoCall,
    TrucoStake,
    hand_value,
    malas_end,
    mazo_award,
)
from tutor.i18n import gettext as _

from .cards import suit_name
from .perspective import Perspective
from .words import call_name, calls_formula, card_list, join, points_text, sentence, sum_formula

__all__ = [
    "ExplanationText",
    "VerdictText",
    "call_name",
    "explain_envido",
    "explain_flor",
    "judge_envido_guess",
    "explain_showdown",
    "team_values_text",
    "explain_envido_stake",
    "explain_truco_stake",
    "explain_mazo",
    "explain_flor_rules",
]

ONLOOKER = Perspective.onlooker()
"""Names teams "team 1" and "team 2" (and players "player N": the names do not depend on the table size)."""


@dataclass(frozen=True, slots=True)
class ExplanationText:
    """A result told in sentences: a short headline, then the reasons in order."""

    headline: str
    """One sentence with the answer, e.g. "The envido is 33."."""
    reasons: tuple[str, ...] = ()
    """The sentences that explain it, in reading order."""
    formula: str = ""
    """The arithmetic behind the answer, e.g. ``20 + 7 + 6 = 33`` (numbers only, nothing to translate)."""


@dataclass(frozen=True, slots=True)
class VerdictText:
    """Whether a learner's answer was right, and a hint when a usual mistake explains it."""

    correct: bool
    """True when the answer equals the engine's."""
    message: str
    """"Right!" or what was said against what it is."""
    hint: str = ""
    """The mistake that most likely led to a wrong answer, or empty."""


# --- Envido of a hand ---------------------------------------------------------------------------


def _figures_note() -> str:
    # Translators: "envido" is a Truco call and stays Spanish; the figures are sota, caballo and rey.
    return _("The 10, 11 and 12 (the figures) count 0 for envido.")


def explain_envido(result: EnvidoResult, face: str | None = "spanish") -> ExplanationText:
    """Why three cards are worth ``result.points`` for envido (docs/rules §4.1).

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
        assert result.suit is not None, "a pair's two cards share a suit"
        suit = suit_name(result.suit, face)
        if result.kind is EnvidoKind.PAIR:
            # Translators: envido counting rule; %(suit)s is a suit name such as "coins".
            reasons.append(_("Two cards share a suit (%(suit)s): they count 20 plus their values.", suit=suit))
        else:
            # Translators: envido counting rule when all three cards share a suit; "flor" is a Truco term
            # (three cards of one suit) and stays Spanish.
            reasons.append(
                _(
                    "All three cards share a suit (%(suit)s). Without flor, only the best two count: 20 plus their values.",
                    suit=suit,
                )
            )
        reasons.append(_("Cards that count: %(cards)s.", cards=card_list(result.counted, face)))
        if result.kind is EnvidoKind.PAIR:
            reasons.append(_("Left out: %(card)s (another suit).", card=card_list(left_out, face)))
        else:
            reasons.append(_("Left out: %(card)s (the lowest value).", card=card_list(left_out, face)))
        if any(card.is_figure for card in result.counted):
            reasons.append(_figures_note())
        formula = sum_formula([result.bonus, *(card.envido_value for card in result.counted)], result.points)
    elif result.kind is EnvidoKind.SINGLE:
        # Translators: envido counting rule when every card has a different suit.
        reasons.append(_("No two cards share a suit: the highest single card counts, on its own and without the 20."))
        reasons.append(_("Card that counts: %(card)s.", card=card_list(result.counted, face)))
        if any(card.is_figure for card in result.cards):
            reasons.append(_figures_note())
    else:
        reasons.append(
            # Translators: envido counting rule; the figures are the 10, 11 and 12 (sota, caballo, rey).
            _("No two cards share a suit, and all three are figures (10, 11 or 12), which count 0: the envido is 0.")
        )
    return ExplanationText(headline, tuple(reasons), formula)


def explain_flor(result: FlorResult, face: str | None = "spanish") -> ExplanationText:
    """What three cards of one suit are worth as a flor, when flor is played (docs/rules §8.1)."""
    # Translators: "flor" (three cards of one suit) is a Truco term and stays Spanish.
    headline = _("Flor: %(points)s.", points=result.points)
    reasons = (
        # Translators: "flor" is a Truco term and stays Spanish; %(suit)s is a suit name such as "coins".
        _("All three cards share a suit (%(suit)s): that is a flor.", suit=suit_name(result.suit, face)),
        # Translators: "flor" and "envido" are Truco terms and stay Spanish.
        _("When flor is played, a flor is worth 20 plus the values of all three cards, and it cancels the envido."),
    )
    formula = sum_formula([20, *(card.envido_value for card in result.cards)], result.points)
    return ExplanationText(headline, reasons, formula)


def _face_value_envido(cards: Sequence[Card]) -> int:
    """The envido a learner gets by counting the figures as 10, 11 and 12 (a usual mistake)."""
    by_suit: dict[Any, list[int]] = {}
    for card in cards:
        by_suit.setdefault(card.suit, []).append(card.rank)
    pairs = [sorted(ranks, reverse=True)[:2] for ranks in by_suit.values() if len(ranks) >= 2]
    if pairs:
        return 20 + max(sum(pair) for pair in pairs)
    return max(card.rank for card in cards)


def judge_envido_guess(result: EnvidoResult, guess: int, face: str | None = "spanish") -> VerdictText:
    """Compare a learner's answer with the envido, naming the usual mistake when one explains it."""
    points = result.points
    if guess == points:
        # Translators: the learner's answer was right; "envido" stays Spanish.
        return VerdictText(True, _("Right! The envido is %(points)s.", points=points))
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
    return VerdictText(False, message, hint)


# --- Showdown -----------------------------------------------------------------------------------


def explain_showdown(result: ShowdownResult) -> ExplanationText:
    """The showdown told turn by turn: the order, who states, who says "son buenas", who wins and why."""
    order = join(str(seat + 1) for seat in result.order)
    # Translators: "mano" is the player who plays first in the hand; keep the Truco term (docs/rules glossary).
    reasons = [_("Players speak in this order, starting with the mano: %(players)s.", players=order)]
    best: int | None = None
    for statement in result.statements:
        player = ONLOOKER.seat_name(statement.seat)
        value = statement.value
        if best is None:
            # Translators: first turn of the envido showdown; "mano" is the player who plays first.
            reasons.append(sentence(_("%(player)s is mano and states %(value)s.", player=player, value=value)))
            best = statement.seat
            continue
        best_value = result.values[best]
        if statement.action is StatementAction.STATES:
            if value == best_value:
                # Translators: envido showdown; "mano" is the player who plays first.
                text = _(
                    "%(player)s states %(value)s: the same number, but nearer the mano, so %(player)s wins the tie.",
                    player=player,
                    value=value,
                )
            else:
                text = _("%(player)s has more and states %(value)s.", player=player, value=value)
            best = statement.seat
        elif statement.action is StatementAction.SON_BUENAS:
            if value == best_value:
                # Translators: envido showdown; "Son buenas" ("they are good": I cannot beat that) stays Spanish, like Quiero.
                text = _(
                    "%(player)s also has %(best)s, but the tie goes to the player nearer the mano: Son buenas.",
                    player=player,
                    best=best_value,
                )
            else:
                # Translators: envido showdown; "Son buenas" ("they are good": I cannot beat that) stays Spanish, like Quiero.
                text = _("%(player)s cannot beat %(best)s and says Son buenas.", player=player, best=best_value)
        else:
            text = _("%(player)s stays silent: a partner already holds the best number so far.", player=player)
        reasons.append(sentence(text))
    winner = ONLOOKER.seat_name(result.winner)
    team = ONLOOKER.team_name(result.team)
    # Translators: result of the envido showdown, the winner and in brackets the winner's team; "envido" stays Spanish.
    headline = sentence(_("%(player)s wins the envido (%(team)s).", player=winner, team=team))
    ours, theirs = result.team_values[result.team], result.team_values[1 - result.team]
    if result.tie_broken:
        # Translators: envido showdown tie; "mano" is the player who plays first.
        why = _(
            "Both teams have %(value)s: the tie goes to the player nearest the mano, %(player)s.",
            value=ours,
            player=winner,
        )
    else:
        # Translators: why a team won the envido showdown; "envido" stays Spanish.
        why = _("%(team)s has the best envido: %(value)s against %(other)s.", team=team, value=ours, other=theirs)
    reasons.append(sentence(why))
    reasons.append(sentence(_("%(player)s shows the cards at the end of the hand.", player=winner)))
    return ExplanationText(headline, tuple(reasons))


def team_values_text(result: ShowdownResult) -> tuple[str, str]:
    """One line per team with its envido (its best player's)."""
    # Translators: a team's envido in the showdown, e.g. "Team 1: envido 33"; "envido" stays Spanish.
    first, second = (
        sentence(_("%(team)s: envido %(value)s", team=ONLOOKER.team_name(t), value=v))
        for t, v in enumerate(result.team_values)
    )
    return first, second


# --- Stakes -------------------------------------------------------------------------------------


def explain_envido_stake(stake: EnvidoStake, next_calls: Sequence[EnvidoCall] = ()) -> ExplanationText:
    """What an envido ladder is worth if accepted and if declined, and the rule behind each number.

    ``next_calls`` are the raises still possible (``stakes.next_envido_calls``) for a closing sentence.
    """
    calls = stake.calls
    last = calls[-1]
    leader = max(stake.scores)
    first, second = stake.scores
    # Translators: what an accepted Falta envido is worth when it decides the whole game, as in "Quiero: the game. No quiero: 1 point."
    the_game = _("the game")
    # Translators: summary of an envido stake; "Quiero" (accepted) and "No quiero" (declined) stay Spanish.
    headline = _(
        "Quiero: %(accepted)s. No quiero: %(declined)s.",
        accepted=points_text(stake.accepted) if not stake.wins_game else the_game,
        declined=points_text(stake.declined),
    )
    reasons: list[str] = []
    rule = stake.accepted_rule
    if rule is StakeRule.ACCEPTED_SUM and len(calls) == 1:
        # Translators: %(call)s is a Truco call name (Envido, Real envido); "Quiero" stays Spanish.
        reasons.append(
            _(
                "If accepted (Quiero), %(call)s is worth %(points)s.",
                call=call_name(last),
                points=points_text(stake.accepted),
            )
        )
    elif rule is StakeRule.ACCEPTED_SUM:
        # Translators: "Quiero" stays Spanish; %(formula)s is like "Envido 2 + Real envido 3 = 5".
        reasons.append(_("If accepted (Quiero), the calls are added: %(formula)s.", formula=calls_formula(calls)))
    elif rule is StakeRule.ACCEPTED_SINGLE:
        # Translators: "Quiero" and "envido" stay Spanish; %(call)s is a call name.
        reasons.append(
            _(
                "If accepted (Quiero): in this ruleset the envido cannot be raised, so %(call)s counts on its own: %(points)s.",
                call=call_name(last),
                points=points_text(stake.accepted),
            )
        )
    elif rule is StakeRule.ACCEPTED_FALTA:
        # Translators: "Quiero" and "Falta envido" stay Spanish.
        reasons.append(
            _(
                "If accepted (Quiero), Falta envido is worth what the leading team still needs to reach %(target)s: %(target)s − %(leader)s = %(points)s.",
                target=stake.target,
                leader=leader,
                points=stake.accepted,
            )
        )
    elif rule is StakeRule.ACCEPTED_FALTA_TO_FIFTEEN:
        limit = malas_end(stake.target)
        # Translators: "Quiero", "Falta envido" and "malas" (the first half of the game) are Truco terms.
        reasons.append(
            _(
                "If accepted (Quiero): the leading team is still in the malas, so Falta envido is worth what it needs to complete them, reaching %(limit)s: %(limit)s − %(leader)s = %(points)s.",
                limit=limit,
                leader=leader,
                points=stake.accepted,
            )
        )
    else:
        # Translators: "Quiero", "Falta envido" and "malas" (the first half of the game) are Truco terms.
        reasons.append(
            _(
                "If accepted (Quiero): both teams are still in the malas, so whoever wins the Falta envido wins the game (%(first)s would score %(a)s, %(second)s would score %(b)s).",
                first=ONLOOKER.team_name(0),
                second=ONLOOKER.team_name(1),
                a=stake.accepted_for(0),
                b=stake.accepted_for(1),
            )
        )
    if last is EnvidoCall.FALTA_ENVIDO and len(calls) > 1:
        # Translators: "Falta envido" stays Spanish.
        reasons.append(_("The calls before Falta envido are not added to it."))
    if last is EnvidoCall.FALTA_ENVIDO:
        # Translators: the score behind a Falta envido.
        reasons.append(
            _(
                "Score: %(first)s has %(a)s, %(second)s has %(b)s; the game is to %(target)s.",
                first=ONLOOKER.team_name(0),
                a=first,
                second=ONLOOKER.team_name(1),
                b=second,
                target=stake.target,
            )
        )
    if stake.declined_rule is StakeRule.DECLINED_SINGLE:
        # Translators: "No quiero" (declined) stays Spanish.
        reasons.append(_("If declined (No quiero), a single call gives the caller's team 1 point."))
    else:
        # Translators: "No quiero" stays Spanish; %(formula)s is like "Envido 2 + Envido 2 = 4".
        reasons.append(
            _(
                "If declined (No quiero), the team that made the last call gets what the calls before it were worth, because the raise accepted them: %(formula)s.",
                formula=calls_formula(calls[:-1]),
            )
        )
    if next_calls:
        # Translators: envido raises; the names (Envido, Real envido, Falta envido) stay Spanish.
        reasons.append(
            _("The answering team may also raise with: %(calls)s.", calls=join(call_name(c) for c in next_calls))
        )
    else:
        # Translators: "Quiero" and "No quiero" stay Spanish.
        reasons.append(_("Nothing can follow: the answer is Quiero or No quiero."))
    return ExplanationText(headline, tuple(reasons))


def explain_truco_stake(stake: TrucoStake) -> ExplanationText:
    """What the hand is worth after a truco ladder, accepted or declined (docs/rules §5.2)."""
    last = stake.calls[-1]
    # Translators: summary of a truco stake; "Quiero" and "No quiero" stay Spanish.
    headline = _(
        "Quiero: %(accepted)s. No quiero: %(declined)s.",
        accepted=points_text(stake.accepted),
        declined=points_text(stake.declined),
    )
    reasons = [
        # Translators: "Quiero" stays Spanish.
        _("If accepted (Quiero), the hand is worth %(points)s.", points=points_text(stake.accepted)),
        # Translators: "No quiero" stays Spanish; %(call)s is Truco, Retruco or Vale cuatro.
        _(
            "If declined (No quiero), the hand ends and the team that called %(call)s scores %(points)s: what the hand was worth before the call.",
            call=call_name(last),
            points=points_text(stake.declined),
        ),
    ]
    following = tuple(TrucoCall)[len(stake.calls)] if len(stake.calls) < len(TrucoCall) else None
    if following is None:
        # Translators: "Vale cuatro" is the highest truco call and stays Spanish.
        reasons.append(_("Vale cuatro is the top: nothing can follow it."))
    else:
        # Translators: %(call)s is Retruco or Vale cuatro.
        reasons.append(
            _("Next possible raise: %(call)s, only by the team that accepted the last call.", call=call_name(following))
        )
    return ExplanationText(headline, tuple(reasons))


def explain_mazo(truco_calls: Sequence[TrucoCall] = (), early_mazo: bool = False) -> ExplanationText:
    """What going to the mazo (folding) gives the other team, now and after an answer (docs/rules §6)."""
    level = len(truco_calls)
    now = mazo_award(level - 1 if level else 0)
    reasons: list[str] = []
    if level == 0:
        # Translators: "mazo": going to the mazo means folding; "truco" stays Spanish.
        headline = _("Going to the mazo now gives the other team %(points)s.", points=points_text(now))
        reasons.append(
            _("Without an accepted truco the hand is worth 1, and folding gives the other team what the hand is worth.")
        )
        if early_mazo:
            early = mazo_award(0, early_mazo=True, first_trick=True)
            # Translators: "mazo" means folding; "envido" stays Spanish.
            reasons.append(
                _(
                    "With the early mazo option, folding in the first trick before the envido was played gives %(points)s instead.",
                    points=points_text(early),
                )
            )
    else:
        # Translators: "mazo": going to the mazo means folding; "No quiero" stays Spanish.
        headline = _(
            "Going to the mazo instead of answering gives the other team %(points)s, the same as No quiero.",
            points=points_text(now),
        )
        after = hand_value(level)
        # Translators: "mazo" means folding; "Quiero" stays Spanish.
        reasons.append(
            _(
                "After Quiero, going to the mazo gives the other team %(points)s: what the hand is worth then.",
                points=points_text(after),
            )
        )
    return ExplanationText(headline, tuple(reasons))


def explain_flor_rules(
    mode: str, contraflor: FlorStake | None = None, al_resto: FlorStake | None = None
) -> ExplanationText:
    """What the flor option changes (docs/rules §8): simple flor, or flor with contraflor values."""
    # Translators: "flor" (three cards of one suit) and "envido" are Truco terms and stay Spanish.
    headline = _("Flor is played: a player who holds a flor announces it, and it cancels the envido.")
    # Translators: "flor" stays Spanish.
    reasons = [_("The team with the best flor scores 3 for each flor it holds.")]
    if mode == "contraflor" and contraflor is not None and al_resto is not None:
        # Translators: "Contraflor" is a raise between two flores and stays Spanish.
        reasons.append(
            _(
                "Contraflor: accepted %(accepted)s to the better flor, declined %(declined)s.",
                accepted=points_text(contraflor.accepted),
                declined=points_text(contraflor.declined),
            )
        )
        # Translators: "Contraflor al resto" stays Spanish; like Falta envido it depends on the score.
        reasons.append(
            _(
                "Contraflor al resto at this score: accepted %(accepted)s (what the leader needs plus 3 for each flor), declined %(declined)s.",
                accepted=points_text(al_resto.accepted),
                declined=points_text(al_resto.declined),
            )
        )
    return ExplanationText(headline, tuple(reasons))
