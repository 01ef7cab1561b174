"""What happened in a practice hand, told from the engine's claims (:mod:`tutor.content.claims`).

A coach message and a verdict tell what happened only through these sentences: each is made from a
typed claim the engine built and checks, never from an author's text. One sentence per claim kind;
a test checks that every kind has one.
"""

from __future__ import annotations

from collections.abc import Callable

from tutor.content.claims import (
    AwardClaim,
    Claim,
    HandClaim,
    HeldClaim,
    MatchClaim,
    PointsClaim,
    ShowdownClaim,
    StakeClaim,
    TrickClaim,
    WorthClaim,
)
from tutor.engine.state import EndKind
from tutor.i18n import gettext as _

from .cards import card_name
from .events import award_label, hand_rule_sentence
from .perspective import Perspective
from .words import answer_name, call_name, calls_text, card_list, join, number, sentence

__all__ = ["claim_sentence", "CLAIM_SENTENCES"]


def _trick(claim: TrickClaim, p: Perspective, face: str | None) -> str:
    trick = number(claim.trick)
    if claim.seat is None:
        # Translators: a trick that ended in a parda (a tie); keep the Truco term.
        return _("Trick %(number)s: parda.", number=trick)
    card = card_name(claim.card, face) if claim.card is not None else ""
    if p.is_you(claim.seat):
        # Translators: the learner's card took a trick; %(number)s counts the tricks from 1.
        return _("You take trick %(number)s (%(card)s).", number=trick, card=card)
    # Translators: %(player)s is a seat name such as "your partner"; %(number)s counts the tricks from 1.
    return sentence(
        _("%(player)s takes trick %(number)s (%(card)s).", player=p.seat_name(claim.seat), number=trick, card=card)
    )


def _hand(claim: HandClaim, p: Perspective, face: str | None) -> str:
    alone = p.is_you_alone(claim.team)
    team = p.team_name(claim.team)
    if claim.end is EndKind.TRICKS:
        head = (
            # Translators: the learner wins the hand (a game of two, or a sentence about the learner).
            _("You win the hand.")
            if alone
            # Translators: %(team)s is a team name such as "your team" or "your opponent".
            else sentence(_("%(team)s wins the hand.", team=team))
        )
        why = hand_rule_sentence(claim.rule.value if claim.rule is not None else None)
        return f"{head} {why}" if why else head
    if claim.end is EndKind.MAZO and claim.seat is not None:
        if p.is_you(claim.seat):
            # Translators: going to the mazo means folding; the other side takes the hand.
            return _("You went to the mazo, so %(team)s takes the hand.", team=team)
        # Translators: %(player)s is a seat name; going to the mazo means folding; %(team)s takes the hand.
        if not alone:
            return sentence(
                _(
                    "%(player)s went to the mazo, so %(team)s takes the hand.",
                    player=p.seat_name(claim.seat),
                    team=team,
                )
            )
        # Translators: %(player)s is a seat name (an opponent); going to the mazo means folding, so the hand is the learner's.
        return sentence(_("%(player)s went to the mazo, so the hand is yours.", player=p.seat_name(claim.seat)))
    if claim.end is EndKind.TRUCO_DECLINED and claim.seat is not None:
        call = call_name(claim.call or "truco")
        if p.is_you(claim.seat):
            # Translators: No quiero ends the hand; %(call)s is Truco, Retruco or Vale cuatro (Spanish).
            return _("You said No quiero (to %(call)s), so %(team)s takes the hand.", call=call, team=team)
        if alone:
            # Translators: %(player)s is a seat name; %(call)s is Truco, Retruco or Vale cuatro (Spanish).
            return sentence(
                _(
                    "%(player)s said No quiero (to %(call)s), so the hand is yours.",
                    player=p.seat_name(claim.seat),
                    call=call,
                )
            )
        # Translators: %(player)s is a seat name; %(call)s is Truco, Retruco or Vale cuatro; %(team)s takes the hand.
        return sentence(
            _(
                "%(player)s said No quiero (to %(call)s), so %(team)s takes the hand.",
                player=p.seat_name(claim.seat),
                call=call,
                team=team,
            )
        )
    if alone:
        return _("You reached the target during the hand: the rest of it no longer counts.")
    # Translators: %(team)s is a team name; the game ended before the hand was played out.
    return sentence(_("%(team)s reached the target during the hand: the rest of it no longer counts.", team=team))


def _award(claim: AwardClaim, p: Perspective, face: str | None) -> str:
    refused = claim.calls[-1] if claim.calls else None
    return award_label(claim.rule.value, p.points_for(claim.points, claim.team), refused)


def _points(claim: PointsClaim, p: Perspective, face: str | None) -> str:
    total = p.points_for(claim.points, claim.team)
    if not claim.parts:
        # Translators: %(points)s is like "0 points for your opponent".
        return _("In this hand: %(points)s.", points=total)
    parts = join(award_label(rule.value, p.points_for(points, claim.team)).rstrip(".") for rule, points in claim.parts)
    # Translators: %(points)s is like "2 points for your opponent"; %(parts)s lists why, e.g. "Envido won: 2 points".
    return _("In this hand: %(points)s (%(parts)s).", points=total, parts=parts)


def _showdown(claim: ShowdownClaim, p: Perspective, face: str | None) -> str:
    value, other = number(claim.value), number(claim.other)
    if p.is_you(claim.seat):
        # Translators: the envido showdown; %(value)s and %(other)s are envido numbers; "envido" stays Spanish.
        return _("You win the envido with %(value)s against %(other)s.", value=value, other=other)
    # Translators: %(player)s is a seat name; %(value)s and %(other)s are envido numbers; "envido" stays Spanish.
    return sentence(
        _(
            "%(player)s wins the envido with %(value)s against %(other)s.",
            player=p.seat_name(claim.seat),
            value=value,
            other=other,
        )
    )


def _worth(claim: WorthClaim, p: Perspective, face: str | None) -> str:
    # Translators: what the other answer to an envido would have given; %(answer)s is Quiero or No quiero
    # (Spanish), %(points)s is like "2 points for you".
    return _(
        "%(answer)s would have given %(points)s.",
        answer=answer_name(claim.answer == "quiero"),
        points=p.points_for(claim.points, claim.team),
    )


def _stake(claim: StakeClaim, p: Perspective, face: str | None) -> str:
    calls = calls_text(claim.calls)
    if claim.calls and claim.calls[0] in ("truco", "retruco", "vale_cuatro"):
        # Translators: %(calls)s is a list of truco calls (Spanish names); %(accepted)s and %(declined)s are numbers.
        return _(
            "%(calls)s: accepted, the hand is worth %(accepted)s; declined, the caller scores %(declined)s.",
            calls=sentence(calls),
            accepted=number(claim.accepted),
            declined=number(claim.declined),
        )
    # Translators: %(calls)s is a list of envido calls (Spanish names); %(accepted)s and %(declined)s are numbers.
    return _(
        "%(calls)s: accepted, the better envido scores %(accepted)s; declined, the caller scores %(declined)s.",
        calls=sentence(calls),
        accepted=number(claim.accepted),
        declined=number(claim.declined),
    )


def _match(claim: MatchClaim, p: Perspective, face: str | None) -> str:
    if p.is_you_alone(claim.team):
        return _("You reach the target and win the game.")
    # Translators: %(team)s is a team name such as "your opponent" or "the other team".
    return sentence(_("%(team)s reaches the target and wins the game.", team=p.team_name(claim.team)))


def _held(claim: HeldClaim, p: Perspective, face: str | None) -> str:
    cards = card_list(claim.cards, face)
    if p.is_you(claim.seat):
        # Translators: the cards the learner was dealt.
        return _("Your cards were: %(cards)s.", cards=cards)
    # Translators: %(player)s is a seat name; the cards that player was dealt.
    return sentence(_("%(player)s held: %(cards)s.", player=p.seat_name(claim.seat), cards=cards))


CLAIM_SENTENCES: dict[type, Callable[..., str]] = {
    TrickClaim: _trick,
    HandClaim: _hand,
    AwardClaim: _award,
    PointsClaim: _points,
    ShowdownClaim: _showdown,
    WorthClaim: _worth,
    StakeClaim: _stake,
    MatchClaim: _match,
    HeldClaim: _held,
}
"""The sentence of every claim kind."""


def claim_sentence(claim: Claim, perspective: Perspective | None = None, *, face: str | None = "spanish") -> str:
    """One claim as a sentence in the current language, seen from ``perspective`` (default: the
    learner at seat 0 of a two-player table)."""
    return CLAIM_SENTENCES[type(claim)](claim, perspective or Perspective(), face)
