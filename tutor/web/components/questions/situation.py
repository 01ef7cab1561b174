"""What a question shows before it is answered: its situation, and its answer options.

A question's situation (one of the types of ``tutor.content.checks.situations``) becomes a
:class:`SituationView`: a few generic pieces the templates know how to draw (facts as sentences,
rows of cards with captions, seats around a table, a log of what happened). The functions here
build one view per situation type; the presenters (:mod:`.presenters`) pick the one for a kind.
:func:`option_views` gives every answer option its label, card and caption. Nothing here reveals
the expected answer.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from tutor.narration import calls_text, narrate, number
from tutor.narration.bots import SENA_FACES, sena_gesture

from ....content.checks import AnswerType, Points, Question, situations as sit
from ....engine.cards import Card
from ....engine.state import CALLS, Event, EventKind
from ....i18n import gettext as _, pgettext
from .explain import award_line
from .text import action_line, learner, option_caption, option_label, side_name


@dataclass(frozen=True)
class CardItem:
    """One card of a row, with an optional caption under it (who played it)."""

    card: Card
    caption: str = ""


@dataclass(frozen=True)
class CardRow:
    """A row of cards with a label for screen readers and a visible heading."""

    label: str
    items: tuple[CardItem, ...]


@dataclass(frozen=True)
class SeatItem:
    """One seat of a table diagram or of a showdown."""

    seat: int
    label: str
    marks: tuple[str, ...] = ()
    """Roles shown on the seat: "dealer", "mano" (translated)."""
    value: str = ""
    """The seat's envido number, when shown."""
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True)
class SenaItem:
    """A face making a seña: the drawing's code (``SENA_FACES``) and the gesture in words."""

    code: str
    text: str


@dataclass
class SituationView:
    """Everything a question shows, in generic pieces."""

    facts: list[str] = field(default_factory=list)
    rows: list[CardRow] = field(default_factory=list)
    players: int = 2
    seats: list[SeatItem] = field(default_factory=list)
    seats_title: str = ""
    table: bool = False
    """True: draw ``seats`` around a table; False: as a list in speaking order."""
    log: list[str] = field(default_factory=list)
    log_title: str = ""
    sena: SenaItem | None = None
    """A partner's seña, drawn large with its gesture (never its meaning)."""
    face: str | None = None
    """The card face its cards are drawn with (the question's game's deck, else the learner's);
    None for the page's ``card_face``."""


@dataclass(frozen=True)
class OptionView:
    """One answer option as the form draws it."""

    value: str
    label: str
    card: Card | None = None
    caption: str = ""
    chosen: bool = False
    """The learner picked it (after an answer, or when the form comes back with an error)."""
    right: bool = False
    """It is (part of) the engine's answer; only set once the question is answered."""


def _mark(role: str) -> str:
    if role == "mano":
        # Translators: a role shown on a seat: the player who plays first in the hand; keep "mano".
        return pgettext("seat mark", "mano")
    # Translators: a role shown on a seat: the player who dealt the cards.
    return pgettext("seat mark", "dealer")


def players_fact(players: int) -> str:
    """Who plays with whom at this table."""
    if players == 2:
        return _("Two players: you against one opponent.")
    if players == 4:
        return _("Four players: you and your partner, sitting opposite, against two opponents.")
    return _("Six players: you and two partners against three opponents, in alternating seats.")


def _cards_row(label: str, cards: Iterable[Card], captions: Iterable[str] | None = None) -> CardRow:
    cards = list(cards)
    texts = list(captions) if captions is not None else [""] * len(cards)
    return CardRow(label, tuple(CardItem(c, t) for c, t in zip(cards, texts, strict=True)))


def held_cards_view(s: sit.HeldCardsSituation) -> SituationView:
    """The learner's three cards."""
    return SituationView(rows=[_cards_row(_("Your cards"), s.cards)])


def trick_view(s: sit.TrickSituation, with_cards: bool) -> SituationView:
    """Who led the trick, and its cards with who played them (unless the options draw them)."""
    players = s.players
    view = SituationView(players=players)
    if players > 2:
        view.facts.append(players_fact(players))
    # Translators: %(player)s is a seat name such as "your partner".
    view.facts.append(_("The trick was led by: %(player)s.", player=learner(players).seat_name(s.leader)))
    if with_cards:
        captions = [learner(players).seat_label(seat) for seat in s.seats]
        view.rows.append(_cards_row(_("The trick, in the order the cards were played"), s.cards, captions))
    else:
        view.facts.append(_("The cards are shown in the order they were played."))
    return view


def showdown_view(s: sit.ShowdownSituation) -> SituationView:
    """The players in speaking order, with their envido or their cards."""
    players, mano = s.players, s.mano
    view = SituationView(players=players)
    if players > 2:
        view.facts.append(players_fact(players))
    # Translators: the envido showdown; "mano" is the player who plays first; keep the Truco term.
    view.facts.append(_("The envido was accepted. The players speak in order, starting with the mano."))
    values, hands = s.values, s.hands
    for seat in s.order:
        marks = (_mark("mano"),) if seat == mano else ()
        view.seats.append(
            SeatItem(
                seat,
                learner(players).seat_label(seat),
                marks,
                value=number(values[seat]) if values is not None else "",
                cards=tuple(hands[seat]) if hands is not None else (),
            )
        )
    view.seats_title = (
        # Translators: heading of the list of players in a showdown, in the order they speak; "envido" stays Spanish.
        _("Each player's envido, in speaking order")
        if values is not None
        else _("Each player's cards, in speaking order")
    )
    return view


def tricks_played_view(s: sit.TricksPlayedSituation) -> SituationView:
    """Who took each trick so far."""
    view = SituationView(log_title=_("The tricks so far"))
    for n, side in enumerate(s.outcomes, start=1):
        if side == "parda":
            # Translators: a trick that ended in a parda (a tie); keep the Truco term.
            view.log.append(_("Trick %(number)s: parda.", number=number(n)))
        else:
            # Translators: who took a trick; %(side)s, the side that took it, is "the mano's team" or "the other team".
            view.log.append(_("Trick %(number)s: %(side)s.", number=number(n), side=side_name(side)))
    return view


def _scores_fact(scores: tuple[int, int], target: int) -> str:
    return _(
        "Score: you %(us)s, your opponent %(them)s. The game is to %(target)s.",
        us=number(scores[0]),
        them=number(scores[1]),
        target=number(target),
    )


def envido_calls_view(s: sit.EnvidoCallsSituation) -> SituationView:
    """What was said, the score, and (when accepted) both envidos and the mano."""
    view = SituationView(log_title=_("What was said"))
    for entry in s.calls:
        view.log.append(narrate(Event(EventKind.CALL, seat=entry.team, call=CALLS[entry.call]), learner(2)))
    view.log.append(narrate(Event(EventKind.ANSWER, seat=s.responder, quiero=s.response == "quiero"), learner(2)))
    view.facts.append(_scores_fact(s.scores, s.target))
    if s.values is not None:
        # Translators: "envido" stays Spanish.
        view.facts.append(
            _("Envido: you have %(us)s, your opponent has %(them)s.", us=number(s.values[0]), them=number(s.values[1]))
        )
        # Translators: "mano" is the player who plays first in the hand; keep the Truco term.
        view.facts.append(_("The mano is: %(player)s.", player=learner(2).seat_name(s.mano)))
    return view


def ladder_view(s: sit.LadderSituation) -> SituationView:
    """The envido calls so far."""
    return SituationView(facts=[_("Calls so far: %(calls)s.", calls=calls_text(s.calls))])


def truco_calls_view(s: sit.TrucoCallsSituation) -> SituationView:
    """The truco calls, their answers, and the mazo or who wins the tricks."""
    view = SituationView(log_title=_("What happened"))
    calls = s.calls
    ending = s.ending
    for i, entry in enumerate(calls):
        view.log.append(narrate(Event(EventKind.CALL, seat=entry.team, call=CALLS[entry.call]), learner(2)))
        last = i == len(calls) - 1
        if ending == "mazo" or (ending == "quiero" and last):
            view.log.append(narrate(Event(EventKind.ANSWER, seat=1 - entry.team, quiero=True), learner(2)))
        elif ending == "no_quiero" and last:
            view.log.append(narrate(Event(EventKind.ANSWER, seat=1 - entry.team, quiero=False), learner(2)))
    if ending == "mazo":
        view.log.append(narrate(Event(EventKind.MAZO, seat=s.folder), learner(2)))
    elif ending == "quiero":
        assert s.winner is not None
        view.facts.append(_("The tricks of the hand are won by: %(team)s.", team=learner(2).team_name(s.winner)))
    return view


def score_view(s: sit.ScoreSituation) -> SituationView:
    """A score and the game's target."""
    return SituationView(
        facts=[_("Score: %(score)s. The game is to %(target)s.", score=number(s.score), target=number(s.target))]
    )


def played_hand_view(s: sit.PlayedHandSituation, face: str | None) -> SituationView:
    """The table, the learner's cards and the hand's log so far."""
    players = s.players
    view = SituationView(players=players, log_title=_("What happened in this hand"))
    view.facts.append(players_fact(players))
    # Translators: "mano" is the player who plays first in the hand; keep the Truco term.
    view.facts.append(_("The mano is: %(player)s.", player=learner(players).seat_name(s.mano)))
    if s.rules.flor.value != "off":
        # Translators: "flor" (three cards of one suit) is an optional rule; keep the term.
        view.facts.append(_("Flor is played in this game."))
    view.rows.append(_cards_row(_("Your cards"), s.view.hand))
    view.log = [action_line(action, players, face) for action in s.actions]
    if not view.log:
        view.log = [_("Nothing has been played or called yet.")]
    return view


def game_end_view(s: sit.GameEndSituation) -> SituationView:
    """The score before the hand, and the points the hand gives."""
    view = SituationView(log_title=_("Points won in this hand"))
    view.facts.append(
        _(
            "Score before this hand: you %(us)s, your opponent %(them)s. The game is to %(target)s.",
            us=number(s.scores[0]),
            them=number(s.scores[1]),
            target=number(s.target),
        )
    )
    view.log = [award_line(award, s.players) for award in s.awards]
    return view


def table_view(s: sit.TableSituation) -> SituationView:
    """The seats around the table, with the dealer or the mano marked."""
    players = s.players
    view = SituationView(players=players, table=True, seats_title=_("The table"))
    view.facts.append(players_fact(players))
    view.facts.append(_("Dealing and play go to the right, counter-clockwise."))
    for seat in range(players):
        marks = []
        if s.dealer == seat:
            marks.append(_mark("dealer"))
        if s.mano == seat:
            marks.append(_mark("mano"))
        view.seats.append(SeatItem(seat, learner(players).seat_label(seat), tuple(marks)))
    return view


def sena_view(s: sit.SenaSituation) -> SituationView:
    """Your partner making a seña: the face, and the gesture in words."""
    return SituationView(
        facts=[_("Four players: you and your partner, sitting opposite, against two opponents.")],
        sena=SenaItem(SENA_FACES[str(s.sena)], sena_gesture(s.sena)),
    )


def answer_values(question: Question, answer: Any) -> set[str]:
    """The option values an answer picks (for marking options)."""
    if answer is None:
        return set()
    if question.answer_type is AnswerType.CHOICES:
        return {str(v) for v in answer}
    if question.answer_type is AnswerType.POINTS and isinstance(answer, Points):
        return {answer.team}
    return {str(answer)}


def option_views(
    question: Question, face: str | None, *, chosen: Iterable[str] = (), reveal: bool = False
) -> list[OptionView]:
    """The options with labels; ``chosen`` (option values) marks the learner's answer, ``reveal`` the right ones."""
    picked = set(chosen)
    right: set[str] = set()
    if reveal:
        right = (
            set(question.accepted)
            if question.answer_type is AnswerType.CHOICE and question.accepted
            else answer_values(question, question.expected)
        )
    return [
        OptionView(
            o.value,
            option_label(question, o, face),
            o.card,
            option_caption(question, o),
            chosen=o.value in picked,
            right=o.value in right,
        )
        for o in question.options
    ]
