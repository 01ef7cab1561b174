"""The engine's explanation of a question, told in the learner's language.

Every check's explanation is a typed value (``tutor.content.checks.explanations``). :func:`explain`
turns it into an :class:`ExplanationText`: a headline with the answer, then the reasons in reading
order, with the teller of its type in :data:`EXPLAINERS` (a test checks that every type of
``checks.EXPLANATION_TYPES`` has one). The envido and flor of a hand and the engine's refusal
reasons are told by ``tutor.narration`` (shared with the envido checker); the rest is
here, with seats and teams named from the learner's point of view (:mod:`.text`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tutor import narration
from tutor.narration import (
    ExplanationText,
    call_name,
    calls_formula,
    calls_text,
    card_list,
    join,
    narrate,
    number,
    points_text,
    refusal_sentence,
    sentence,
)
from tutor.narration.bots import sena_meaning, sena_text
from tutor.narration.cards import card_name

from ....content.checks import Question, explanations as ex
from ....engine.cards import Card
from ....engine.envido import Statement, envido, flor
from ....engine.ranking import MATAS
from ....engine.state import Award, Event, EventKind
from ....i18n import gettext as _, ngettext
from .text import learner, players_of, side_name, suit_text

__all__ = ["ExplanationText", "explain", "EXPLAINERS"]

LEVELS = 14
"""Levels of the Truco order of the cards (docs/rules §2)."""

Explainer = Callable[[Question, Any, "str | None"], ExplanationText]
"""Tells one explanation type: (question, its explanation, the card face) -> sentences."""

_players = players_of


def _card_by(card: Card, seat: int, players: int, face: str | None) -> str:
    """ "the seven of swords (your partner)"."""
    # Translators: a card and, in brackets, the seat that played it, e.g. "seven of swords (your partner)".
    return _("%(card)s (%(player)s)", card=card_name(card, face), player=learner(players).seat_name(seat))


def _levels(
    winner: Card, loser: Card, winner_level: int, loser_level: int, face: str | None, levels: int = LEVELS
) -> str:
    # Translators: the order of the cards has %(levels)s levels, level 1 the strongest; each card with its level.
    return _(
        "In the order of the cards, from level 1 (the strongest) to level %(levels)s: %(winner)s, level "
        "%(winner_level)s; %(loser)s, level %(loser_level)s.",
        winner=card_name(winner, face),
        winner_level=number(winner_level),
        levels=number(levels),
        loser=card_name(loser, face),
        loser_level=number(loser_level),
    )


def _mata_note(card: Card, face: str | None) -> str:
    # Translators: "matas" are the four strongest cards; keep the term.
    return sentence(_("One of the four matas, the strongest cards of the deck: %(card)s.", card=card_name(card, face)))


def _number_note(winner: Card, loser: Card) -> list[str]:
    if winner.rank < loser.rank:
        return [_("The number on a card is not its strength: here the lower number wins.")]
    return []


# --- Cards ---------------------------------------------------------------------------------------


def _equal(question: Question, data: ex.CardsEqual, face: str | None) -> ExplanationText:
    first, second = data.cards
    # Translators: "parda" is a tied trick; keep the Truco term.
    reason = _(
        "They are on the same level of the order (level %(level)s of %(levels)s): if they are the highest cards of "
        "a trick and come from opposing teams, it is a parda.",
        level=number(data.level),
        levels=number(data.levels),
    )
    headline = sentence(
        _("Equal cards: %(first)s and %(second)s.", first=card_name(first, face), second=card_name(second, face))
    )
    return ExplanationText(headline, (reason,))


def _stronger(question: Question, data: ex.CardBeats, face: str | None) -> ExplanationText:
    winner, loser = data.winner, data.loser
    headline = sentence(
        _("Stronger: %(winner)s. Weaker: %(loser)s.", winner=card_name(winner, face), loser=card_name(loser, face))
    )
    reasons = [_mata_note(winner, face)] if data.mata else _number_note(winner, loser)
    reasons.append(_levels(winner, loser, data.winner_level, data.loser_level, face, data.levels))
    return ExplanationText(headline, tuple(reasons))


def _order(question: Question, data: ex.CardOrder, face: str | None) -> ExplanationText:
    groups = data.groups
    order = " > ".join(" = ".join(card_name(card, face) for card in group) for group in groups)
    headline = _("Strongest first: %(order)s.", order=order)
    reasons = []
    place = 1
    for group in groups:
        if len(group) > 1:
            reasons.append(
                sentence(
                    _(
                        "Equal cards, sharing place %(place)s: %(cards)s.",
                        cards=card_list(group, face),
                        place=number(place),
                    )
                )
            )
        place += 1
    matas = [group[0] for group in groups if group[0] in MATAS] if data.game == "argentino" else []
    if 0 < len(matas) < len(groups):
        # Translators: "matas" are the four strongest cards; keep the term.
        reasons.append(_("The matas come first: %(cards)s.", cards=card_list(matas, face)))
    return ExplanationText(headline, tuple(reasons))


def _pick(question: Question, data: ex.CardsPicked, face: str | None) -> ExplanationText:
    msg, picked = data.msg, data.picked
    others = data.others
    if msg == "pick.figure":
        headline = _("The figures here: %(cards)s.", cards=card_list(picked, face))
        # Translators: the figures of the Spanish deck are the sota (10), caballo (11) and rey (12).
        reasons = [_("The figures are the 10, 11 and 12 of every suit.")]
    elif msg == "pick.mata":
        # Translators: "matas" are the four strongest cards; keep the term.
        headline = _("The matas here: %(cards)s.", cards=card_list(picked, face))
        # Translators: "matas" are the four strongest cards; keep the term.
        reasons = [_("The four matas are %(cards)s.", cards=card_list(MATAS, face))]
    else:
        assert data.suit is not None
        suit = suit_text(data.suit, face)
        headline = _("The %(suit)s here: %(cards)s.", suit=suit, cards=card_list(picked, face))
        reasons = []
    if others:
        reasons.append(_("Not these: %(cards)s.", cards=card_list(others, face)))
    return ExplanationText(headline, tuple(reasons))


def _trick_parda(question: Question, data: ex.TrickParda, face: str | None) -> ExplanationText:
    players = _players(question)
    pairs = [_card_by(c, s, players, face) for c, s in zip(data.cards, data.seats, strict=True)]
    # Translators: "parda" is a tied trick; keep the Truco term.
    headline = _("The trick is a parda.")
    # Translators: "parda"/"pardas": a tied trick; the cards named are the best ones of the trick.
    reason = _(
        "The best cards, %(cards)s, are equal and belong to different teams, so no team takes the trick.",
        cards=join(pairs),
    )
    return ExplanationText(headline, (reason,))


def _trick(question: Question, data: ex.TrickTaken | ex.TrickByPartners, face: str | None) -> ExplanationText:
    players = _players(question)
    card = _card_by(data.card, data.seat, players, face)
    # Translators: %(card)s is the card's name and, in brackets, who played it ("seven of swords (you)").
    headline = sentence(_("This card takes the trick: %(card)s.", card=card))
    if isinstance(data, ex.TrickByPartners):
        pairs = [_card_by(c, s, players, face) for c, s in zip(data.cards, data.seats, strict=True)]
        # Translators: "parda" is a tied trick; keep the Truco term.
        if data.team == 0:
            # Translators: "parda" is a tied trick; keep the Truco term. The learner's team played both cards.
            partners = _(
                "%(cards)s are equal, but they were played by partners, so it is not a parda: your team "
                "takes the trick.",
                cards=join(pairs),
            )
        else:
            # Translators: "parda" is a tied trick; keep the Truco term. The other team played both cards.
            partners = _(
                "%(cards)s are equal, but they were played by partners, so it is not a parda: the other "
                "team takes the trick.",
                cards=join(pairs),
            )
        reasons = [partners, _("Of two equal cards of one team, the one played first counts.")]
        return ExplanationText(headline, tuple(sentence(r) for r in reasons))
    reasons = [_mata_note(data.card, face)] if data.mata else _number_note(data.card, data.beats)
    if players > 2:
        reasons.append(
            _(
                "A trick belongs to the team of its strongest card; the other team's best card was %(card)s.",
                card=card_name(data.beats, face),
            )
        )
    reasons.append(_levels(data.card, data.beats, data.card_level, data.beats_level, face))
    return ExplanationText(headline, tuple(reasons))


def _lead(question: Question, data: ex.LeadByWinner | ex.LeadAfterParda, face: str | None) -> ExplanationText:
    players = _players(question)
    # Translators: who plays the first card of the next trick; %(player)s is a seat name such as "your partner".
    headline = _("Next to lead: %(player)s.", player=learner(players).seat_name(data.seat))
    reasons: tuple[str, ...]
    if isinstance(data, ex.LeadAfterParda):
        pairs = [_card_by(c, s, players, face) for c, s in zip(data.cards, data.seats, strict=True)]
        # Translators: "parda" is a tied trick; keep the Truco term.
        reasons = (
            _("The trick was a parda: %(cards)s are equal.", cards=join(pairs)),
            # Translators: "parda" is a tied trick; keep the Truco term.
            _("After a parda, the player who led the tied trick leads again."),
        )
        return ExplanationText(headline, reasons)
    trick = _trick(question, data.trick, face)
    reasons = (_("Whoever takes a trick leads the next one."), trick.headline, *trick.reasons)
    return ExplanationText(headline, reasons)


# --- Envido and flor: told by tutor.narration -------------------------------------


def _envido(question: Question, data: ex.EnvidoCount, face: str | None) -> ExplanationText:
    return narration.explain_envido(envido(data.cards), face)


def _flor_value(question: Question, data: ex.FlorCount, face: str | None) -> ExplanationText:
    result = flor(data.cards)
    assert result is not None
    return narration.explain_flor(result, face)


def _flor(question: Question, data: ex.FlorMade, face: str | None) -> ExplanationText:
    # Translators: "flor" (three cards of one suit) is a Truco term; keep it.
    headline = _("Yes, these cards make a flor.")
    # Translators: "flor" is a Truco term; %(suit)s is a suit name such as "coins".
    reasons = (_("All three cards share one suit (%(suit)s): that is a flor.", suit=suit_text(data.suit, face)),)
    return ExplanationText(headline, reasons)


def _no_flor(question: Question, data: ex.NoFlor, face: str | None) -> ExplanationText:
    suits = data.suits
    # Translators: "flor" (three cards of one suit) is a Truco term; keep it.
    headline = _("No, these cards do not make a flor.")
    # Translators: "flor" is a Truco term; %(suits)s lists suit names. The count is at least 2.
    reason = ngettext(
        "A flor needs three cards of one suit, and these cards have %(count)s suits: %(suits)s.",
        "A flor needs three cards of one suit, and these cards have %(count)s suits: %(suits)s.",
        len(suits),
        count=number(len(suits)),
        suits=join(suit_text(s, face) for s in suits),
    )
    return ExplanationText(headline, (reason,))


# --- Showdown --------------------------------------------------------------------------------------


def statement_line(statement: Statement, players: int, best: int | None) -> str:
    """One turn of an envido showdown as a sentence (states, son buenas, or silent)."""
    seat, value, action = statement.seat, number(statement.value), statement.action
    player = learner(players).seat_name(seat)
    if action == "states":
        return narrate(Event(EventKind.ENVIDO_STATED, seat=seat, value=statement.value), learner(players))
    if action == "son_buenas":
        best_text = number(best) if best is not None else value
        if seat == 0:
            # Translators: "son buenas" ("they are good": I cannot beat that) stays Spanish.
            return _("You cannot beat %(best)s and say “son buenas”.", best=best_text)
        # Translators: %(player)s is a seat name; "son buenas" ("they are good") stays Spanish.
        return sentence(_("%(player)s cannot beat %(best)s and says “son buenas”.", player=player, best=best_text))
    if seat == 0:
        return _("You stay silent: your team already holds the best number.")
    # Translators: the envido showdown; %(player)s is a seat name such as "your partner".
    return sentence(_("%(player)s stays silent: their team already holds the best number.", player=player))


def showdown_lines(data: ex.ShowdownWon, players: int) -> list[str]:
    """Every turn of the showdown, in order."""
    lines = []
    best: int | None = None
    for statement in data.statements:
        lines.append(statement_line(statement, players, best))
        if statement.action == "states" and (best is None or statement.value > best):
            best = statement.value
    return lines


def _showdown(question: Question, data: ex.ShowdownWon, face: str | None) -> ExplanationText:
    players = _players(question)
    order = join(learner(players).seat_name(seat) for seat in data.order)
    # Translators: the envido showdown; "mano" is the player who plays first in the hand.
    reasons = [_("The players speak in this order, starting with the mano: %(players)s.", players=order)]
    reasons.extend(showdown_lines(data, players))
    ours, theirs = data.team_values[data.team], data.team_values[1 - data.team]
    if data.tie_broken:
        # Translators: envido showdown tie; "mano" is the player who plays first; %(player)s is a seat name.
        reasons.append(
            _(
                "Both sides have %(value)s, and a tie goes to the player nearer the mano: %(player)s.",
                value=number(ours),
                player=learner(players).seat_name(data.winner),
            )
        )
    else:
        # Translators: "envido" stays Spanish; the numbers are the best envido of each side.
        reasons.append(
            _(
                "The best envido is %(value)s, against %(other)s on the other side.",
                value=number(ours),
                other=number(theirs),
            )
        )
    if isinstance(data, ex.SonBuenasSaid):
        seats = data.seats
        if seats:
            # Translators: "son buenas" ("they are good") stays Spanish; %(players)s lists seat names.
            headline = _(
                "“Son buenas” is said by: %(players)s.", players=join(learner(players).seat_name(s) for s in seats)
            )
        else:
            # Translators: "son buenas" ("they are good") stays Spanish.
            headline = _("Nobody says “son buenas” here.")
        return ExplanationText(headline, tuple(reasons))
    if getattr(question.situation, "ask", None) == "team":
        # Translators: the envido showdown; %(team)s is a team name such as "your team".
        headline = _("The envido goes to: %(team)s.", team=learner(players).team_name(data.team))
    else:
        # Translators: the envido showdown; %(player)s is a seat name such as "your partner".
        headline = _("Winner of the envido: %(player)s.", player=learner(players).seat_name(data.winner))
    return ExplanationText(headline, tuple(reasons))


# --- Hands and points ------------------------------------------------------------------------------


def _hand(question: Question, data: ex.HandOutcome, face: str | None) -> ExplanationText:
    rule = data.rule.value
    winner = data.winner
    if winner is None:
        headline = _("The hand is not decided yet.")
    else:
        # Translators: who wins a hand; %(side)s is "the mano's team" or "the other team".
        headline = sentence(_("Winner of the hand: %(side)s.", side=side_name(winner)))
    side = side_name(winner) if winner else ""
    if rule == "two_tricks":
        # Translators: %(side)s is "the mano's team" or "the other team".
        reason = _("Two tricks win the hand, and %(side)s has taken two.", side=side)
    elif rule == "first_parda_next_decides":
        # Translators: "parda" is a tied trick; keep the Truco term.
        reason = _(
            "The first trick was a parda, so the next trick that is not a parda decides the hand: trick %(number)s.",
            number=number(data.deciding or 0),
        )
    elif rule == "parda_after_win_first_trick_winner":
        # Translators: "parda" is a tied trick; keep the Truco term.
        reason = _("A parda after a trick that was won: the team that won the first trick wins the hand.")
    elif rule == "third_parda_first_trick_winner":
        # Translators: "parda" is a tied trick; keep the Truco term.
        reason = _("The third trick was a parda: the team that won the first trick wins the hand.")
    elif rule == "all_parda_mano":
        # Translators: "pardas" are tied tricks, "mano" the player who plays first; keep the Truco terms.
        reason = _("All three tricks were pardas: the mano's team wins the hand.")
    else:
        reason = _("No team has won the hand yet: the next trick has to be played.")
    return ExplanationText(headline, (reason,))


def _scores_line(scores: list[int]) -> str:
    return _("Score: you %(us)s, your opponent %(them)s.", us=number(scores[0]), them=number(scores[1]))


def _envido_points(question: Question, data: ex.EnvidoScored, face: str | None) -> ExplanationText:
    rule = data.msg.removeprefix("envido_points.")
    calls = [entry.call for entry in data.calls]
    headline = sentence(learner(2).points_for(data.points, data.team)) + "."
    reasons: list[str] = []
    formula = ""
    if rule == "declined_single":
        # Translators: "No quiero" (decline) stays Spanish; %(call)s is an envido call name.
        reasons.append(
            _(
                "%(call)s was declined (No quiero): a single declined call gives 1 point to the team that made it.",
                call=call_name(calls[-1]),
            )
        )
    elif isinstance(data, ex.EnvidoDeclined):
        before = list(data.before)
        formula = calls_formula(before)
        # Translators: "No quiero" (decline) stays Spanish; %(call)s is an envido call name.
        reasons.append(
            _(
                "The last raise, %(call)s, was declined (No quiero). The team that raised scores what the "
                "calls before it were worth, because the raise accepted them.",
                call=call_name(calls[-1]),
            )
        )
    else:
        assert isinstance(data, ex.EnvidoAccepted)
        values = data.values
        # Translators: "envido" stays Spanish.
        reasons.append(
            _("Your envido is %(us)s and your opponent's is %(them)s.", us=number(values[0]), them=number(values[1]))
        )
        if data.tie:
            # Translators: "mano" is the player who plays first; keep the Truco term.
            reasons.append(_("A tie goes to the mano: %(player)s.", player=learner(2).seat_name(data.mano)))
        else:
            # Translators: "envido" stays Spanish.
            reasons.append(_("The higher envido wins the points."))
        if rule == "accepted_sum" and len(calls) == 1:
            # Translators: "Quiero" (accept) stays Spanish; %(call)s is Envido or Real envido.
            reasons.append(
                _(
                    "%(call)s was accepted (Quiero): it is worth %(points)s.",
                    call=call_name(calls[0]),
                    points=points_text(data.points),
                )
            )
        elif rule == "accepted_sum":
            formula = calls_formula(calls)
            # Translators: "Quiero" (accept) stays Spanish.
            reasons.append(_("The calls were accepted (Quiero), so their points are added."))
        else:
            assert isinstance(data, ex.FaltaEnvidoAccepted)
            target, score = data.target, data.leader_score
            formula = f"{number(target)} − {number(score)} = {number(data.needed)}"
            # Translators: "Falta envido" and "Quiero" stay Spanish.
            reasons.append(
                _(
                    "Falta envido was accepted (Quiero): it is worth what the leading team still needs to "
                    "reach %(target)s, whoever wins it.",
                    target=number(target),
                )
            )
            if len(calls) > 1:
                # Translators: "Falta envido" stays Spanish.
                reasons.append(_("The calls before Falta envido are not added to it."))
    new_scores = data.new_scores
    reasons.append(
        _("New score: you %(us)s, your opponent %(them)s.", us=number(new_scores[0]), them=number(new_scores[1]))
    )
    if data.reaches_target:
        reasons.append(_game_won(data.team, 2))
    return ExplanationText(headline, tuple(reasons), formula)


def _game_won(team: int, players: int) -> str:
    return narrate(Event(EventKind.MATCH_WON, team=team), learner(players))


def _calls_open(question: Question, data: ex.CallsOpen, face: str | None) -> ExplanationText:
    return _legal(data, [])


def refusal_text(call: str, reason: str, rung: str | None = None) -> str:
    """Why a call is not possible now: the engine's reason told by ``tutor.narration``."""
    why = refusal_sentence(reason, rung)
    # Translators: %(call)s is a Truco call name (Spanish); %(reason)s is a sentence with the rule.
    return _("%(call)s: not possible. %(reason)s", call=call_name(call), reason=why)


def _legal(data: ex.CallsOpen, first: list[str]) -> ExplanationText:
    allowed = data.allowed
    # Translators: %(calls)s lists Truco call names, which stay Spanish.
    headline = _("Possible now: %(calls)s.", calls=calls_text(allowed)) if allowed else _("No call is possible now.")
    reasons = first + [refusal_text(item.call, item.reason, item.rung) for item in data.refused]
    return ExplanationText(headline, tuple(reasons))


def _truco_points(question: Question, data: ex.TrucoScored, face: str | None) -> ExplanationText:
    headline = sentence(learner(2).points_for(data.points, data.team)) + "."
    calls = [entry.call for entry in data.calls]
    points = points_text(data.points)
    if isinstance(data, ex.TrucoDeclined):
        # Translators: "No quiero" stays Spanish; %(call)s is Truco, Retruco or Vale cuatro.
        reasons = [
            _(
                "%(call)s was declined (No quiero): the hand ends, and the team that called scores what the "
                "hand was worth before the call, %(points)s.",
                call=call_name(data.last_call),
                points=points,
            )
        ]
    elif isinstance(data, ex.TrucoAccepted):
        # Translators: "Quiero" stays Spanish; %(call)s is Truco, Retruco or Vale cuatro.
        reasons = [
            _(
                "%(call)s was accepted (Quiero): the team that wins the tricks scores %(points)s, whoever "
                "made the call.",
                call=call_name(calls[-1]),
                points=points,
            )
        ]
    else:
        # Translators: going to the mazo means folding the hand; keep "mazo" as your glossary does.
        reasons = [
            _(
                "A team that goes to the mazo gives the other team what the hand is worth at that moment: %(points)s.",
                points=points,
            )
        ]
        if calls:
            # Translators: %(call)s is Truco, Retruco or Vale cuatro.
            reasons.append(_("The last accepted call was %(call)s.", call=call_name(calls[-1])))
        else:
            # Translators: "Truco" is a call and stays Spanish.
            reasons.append(_("No Truco was accepted, so the hand is worth 1 point."))
    return ExplanationText(headline, tuple(reasons))


def _score(question: Question, data: ex.ScoreHalf, face: str | None) -> ExplanationText:
    score, target, limit = number(data.score), number(data.target), number(data.limit)
    points = number(data.points)
    if data.zone == "malas":
        # Translators: "malas" is the first half of the score (glossary); keep the term.
        headline = ngettext(
            "%(score)s is in the malas: players say “%(points)s mala”.",
            "%(score)s is in the malas: players say “%(points)s malas”.",
            data.points,
            score=score,
            points=points,
        )
    else:
        # Translators: "buenas" is the second half of the score (glossary); keep the term.
        headline = ngettext(
            "%(score)s is in the buenas: players say “%(points)s buena”.",
            "%(score)s is in the buenas: players say “%(points)s buenas”.",
            data.points,
            score=score,
            points=points,
        )
    # Translators: "malas" and "buenas" are the two halves of the score (glossary); keep the terms.
    reasons = (
        _(
            "In a game to %(target)s, scores below %(limit)s are in the malas and scores from %(limit)s on "
            "are in the buenas.",
            target=target,
            limit=limit,
        ),
        _("Still to go: %(points)s.", points=points_text(data.to_go)),
    )
    return ExplanationText(headline, reasons)


def award_line(award: Award, players: int) -> str:
    """One award of a hand: "Envido (Envido, Real envido): 5 points for you"."""
    points = learner(players).points_for(award.points, award.team)
    calls = calls_text(award.calls)
    if award.rule == "envido_accepted":
        # Translators: the points of the envido in a hand; %(calls)s lists the envido calls (Spanish).
        return _("Envido (%(calls)s): %(points)s.", calls=calls, points=points)
    if calls:
        # Translators: the points of the tricks; %(calls)s lists the accepted truco calls (Spanish).
        return _("Tricks (%(calls)s): %(points)s.", calls=calls, points=points)
    return _("Tricks: %(points)s.", points=points)


def _game_end(question: Question, data: ex.GameEnded, face: str | None) -> ExplanationText:
    players = _players(question)
    how = data.how
    target = number(data.target)
    final = data.final_scores
    if how == "nobody" or data.winner is None:
        headline = _("Nobody wins the game yet.")
    elif data.winner == 0 and players == 2:
        headline = _("You win the game.")
    else:
        # Translators: %(team)s is a team name such as "your opponent".
        headline = sentence(_("%(team)s wins the game.", team=learner(players).team_name(data.winner)))
    # Translators: "envido" stays Spanish.
    reasons = [_("The envido is scored before the points of the tricks.")]
    if how == "envido":
        # Translators: "envido" stays Spanish.
        reasons.append(
            _(
                "The envido points already reach %(target)s, and the game ends at once: the points of the "
                "tricks are not needed.",
                target=target,
            )
        )
    elif how == "tricks":
        # Translators: "envido" stays Spanish.
        reasons.append(
            _("The envido alone does not reach %(target)s; the points of the tricks then do.", target=target)
        )
    else:
        reasons.append(_("Even with every point of this hand, neither side reaches %(target)s.", target=target))
    reasons.append(_("New score: you %(us)s, your opponent %(them)s.", us=number(final[0]), them=number(final[1])))
    return ExplanationText(headline, tuple(reasons))


def _seat(question: Question, data: ex.SeatFound, face: str | None) -> ExplanationText:
    players = data.players
    role = data.role
    who = learner(players).seat_name(data.seat)
    order = join(learner(players).seat_name(seat) for seat in data.order)
    # Translators: "mano" is the player who plays first; %(players)s lists seat names in order.
    order_line = _("The order of play, from the mano: %(players)s.", players=order)
    if role == "mano":
        # Translators: "mano" is the player who plays first in the hand; keep the Truco term.
        headline = _("The mano is: %(player)s.", player=who)
        # Translators: "mano": the player who plays first; %(player)s is a seat name.
        reasons = [
            _(
                "The mano sits on the dealer's right, and the dealer here is: %(player)s.",
                player=learner(players).seat_name(data.dealer),
            )
        ]
    elif role == "dealer":
        headline = _("The dealer is: %(player)s.", player=who)
        # Translators: "mano": the player who plays first; %(player)s is a seat name.
        reasons = [
            _(
                "The dealer sits on the mano's left and plays last; the mano here is: %(player)s.",
                player=learner(players).seat_name(data.mano),
            )
        ]
    elif role == "pie":
        # Translators: "pie" is the last player of a team in the order of play; keep the Truco term.
        headline = _("Your team's pie is: %(player)s.", player=who)
        # Translators: "pie" is the last player of a team in the order of play; keep the Truco term.
        reasons = [_("The pie is the player of a team who plays last in the hand.")]
    else:
        headline = _("The next dealer is: %(player)s.", player=who)
        # Translators: "mano": the player who plays first; the deal moves one seat to the right.
        reasons = [_("The deal moves one seat to the right, so the mano of this hand deals the next one.")]
    reasons.append(order_line)
    return ExplanationText(headline, tuple(reasons))


def _sena(question: Question, data: ex.SenaMeant, face: str | None) -> ExplanationText:
    # Translators: the answer to a seña question, e.g. "The ace of espadas: that is what this seña stands for."
    # %(meaning)s is the right answer option, as the question lists it.
    headline = _("%(meaning)s: that is what this seña stands for.", meaning=sena_meaning(data.sena))
    cards = ngettext(
        "It stands for this card: %(cards)s.",
        "It stands for any one of these cards: %(cards)s.",
        len(data.cards),
        cards=card_list(data.cards, face),
    )
    # Translators: about señas (signals between partners, lesson 8).
    agreed = _("Partners agree on their señas before the game; this is the common set the computer players use.")
    return ExplanationText(headline, (sena_text(data.sena), cards, agreed))


EXPLAINERS: dict[type[ex.Explanation], Explainer] = {
    ex.CardBeats: _stronger,
    ex.CardsEqual: _equal,
    ex.CardOrder: _order,
    ex.CardsPicked: _pick,
    ex.TrickTaken: _trick,
    ex.TrickByPartners: _trick,
    ex.TrickParda: _trick_parda,
    ex.LeadByWinner: _lead,
    ex.LeadAfterParda: _lead,
    ex.EnvidoPair: _envido,
    ex.EnvidoBestPair: _envido,
    ex.EnvidoSingle: _envido,
    ex.EnvidoZero: _envido,
    ex.FlorCount: _flor_value,
    ex.FlorMade: _flor,
    ex.NoFlor: _no_flor,
    ex.ShowdownWon: _showdown,
    ex.SonBuenasSaid: _showdown,
    ex.HandOutcome: _hand,
    ex.EnvidoDeclined: _envido_points,
    ex.EnvidoAccepted: _envido_points,
    ex.FaltaEnvidoAccepted: _envido_points,
    ex.RaisesAllowed: _calls_open,
    ex.CallsAllowed: _calls_open,
    ex.TrucoDeclined: _truco_points,
    ex.TrucoAccepted: _truco_points,
    ex.MazoGiven: _truco_points,
    ex.ScoreHalf: _score,
    ex.GameEnded: _game_end,
    ex.SeatFound: _seat,
    ex.SenaMeant: _sena,
}
"""The teller of every explanation type (by its exact type)."""


def explain(question: Question, face: str | None = None) -> ExplanationText:
    """The question's explanation as translated sentences."""
    data = question.explanation
    return EXPLAINERS[type(data)](question, data, face)
