"""The engine's event log told as sentences: one sentence per :class:`~tutor.engine.state.EventKind`.

:func:`narrate` words one :class:`~tutor.engine.state.Event` from a :class:`Perspective`: the
table's timeline, the review of a hand and the lessons' logs all come from here. Every event told
about the learner has its own whole sentence ("You play the seven of coins."), every other one a
third-person sentence with the seat or team name as its subject ("Your partner plays ..."), so that
no language has to glue "you" to a third-person verb (see :mod:`.perspective`).

:data:`SENTENCES` holds the sentence of every kind; a test checks that no kind is missing.
"""

from __future__ import annotations

from collections.abc import Callable

from tutor.engine.state import Event
from tutor.i18n import gettext as _

from .cards import card_name
from .perspective import Perspective
from .words import answer_name, call_name, card_list, number, sentence

__all__ = ["narrate", "SENTENCES", "award_label", "hand_rule_sentence"]

Teller = Callable[[Event, Perspective, "str | None"], str]


def _by_seat(event: Event, perspective: Perspective, you: Callable[[], str], other: Callable[[str], str]) -> str:
    """``you()`` when the event's seat is the learner's, else ``other(seat name)`` as a sentence."""
    if perspective.is_you(event.seat):
        return you()
    return sentence(other(perspective.seat_name(_seat(event))))


def _by_team(event: Event, perspective: Perspective, you: Callable[[], str], other: Callable[[str], str]) -> str:
    """``you()`` when the event's team is the learner alone (two players), else ``other(team name)``."""
    if perspective.is_you_alone(event.team):
        return you()
    return sentence(other(perspective.team_name(_team(event))))


def _seat(event: Event) -> int:
    if event.seat is None:
        raise ValueError(f"a {event.kind.value} event needs a seat")
    return event.seat


def _team(event: Event) -> int:
    if event.team is not None:
        return event.team
    return _seat(event) % 2


def _trick_number(event: Event) -> str:
    return number((event.trick or 0) + 1)


# --- Cards and tricks ----------------------------------------------------------------------------


def _card_played(event: Event, p: Perspective, face: str | None) -> str:
    if event.face_down:
        own = card_name(event.card, face) if event.card is not None and event.card.rank else ""
        return _by_seat(
            event,
            p,
            # Translators: Truco Mineiro: the learner plays a card face down (it can neither win nor tie the trick).
            lambda: _("You play face down: %(card)s.", card=own) if own else _("You play a card face down."),
            # Translators: %(player)s is a seat name; Truco Mineiro: a card played face down stays hidden.
            lambda who: _("%(player)s plays a card face down.", player=who),
        )
    card = card_name(event.card, face) if event.card is not None else ""
    return _by_seat(
        event,
        p,
        # Translators: the learner plays a card; %(card)s is its name.
        lambda: _("You play: %(card)s.", card=card),
        # Translators: %(player)s is a seat name such as "your partner" (third person); %(card)s is a card's name.
        lambda who: _("%(player)s plays: %(card)s.", player=who, card=card),
    )


def _trick_won(event: Event, p: Perspective, face: str | None) -> str:
    card = card_name(event.card, face) if event.card is not None else ""
    trick = _trick_number(event)
    return _by_seat(
        event,
        p,
        # Translators: the learner's card took a trick; %(number)s counts the tricks from 1.
        lambda: _("You take trick %(number)s (%(card)s).", number=trick, card=card),
        # Translators: %(player)s is a seat name such as "your partner"; %(number)s counts the tricks from 1.
        lambda who: _("%(player)s takes trick %(number)s (%(card)s).", player=who, number=trick, card=card),
    )


def _trick_parda(event: Event, p: Perspective, face: str | None) -> str:
    # Translators: a trick that ended in a parda (a tie); keep the Truco term.
    return _("Trick %(number)s: parda.", number=_trick_number(event))


# --- Calls and answers ---------------------------------------------------------------------------


def _call(event: Event, p: Perspective, face: str | None) -> str:
    call = call_name(event.call or "")
    return _by_seat(
        event,
        p,
        # Translators: %(call)s is a Truco call name (Envido, Truco, Flor...), which stays Spanish.
        lambda: _("You call %(call)s.", call=call),
        # Translators: %(player)s is a seat name such as "your partner"; %(call)s is a call name (Spanish).
        lambda who: _("%(player)s calls %(call)s.", player=who, call=call),
    )


def _answer(event: Event, p: Perspective, face: str | None) -> str:
    if event.auto:  # Catalan Truc: playing a card without a word accepts the bet
        return _by_seat(
            event,
            p,
            # Translators: Catalan Truc: the learner accepted the bet (truc) by playing a card without a word.
            lambda: _("You accept the bet by playing a card."),
            # Translators: %(player)s is a seat name; Catalan Truc: a card played without a word accepts the bet.
            lambda who: _("%(player)s accepts the bet by playing a card.", player=who),
        )
    answer = answer_name(bool(event.quiero))
    return _by_seat(
        event,
        p,
        # Translators: %(answer)s is Quiero or No quiero (accept / decline), which stay Spanish.
        lambda: _("You say %(answer)s.", answer=answer),
        # Translators: %(player)s is a seat name; %(answer)s is Quiero or No quiero, which stay Spanish.
        lambda who: _("%(player)s says %(answer)s.", player=who, answer=answer),
    )


# --- Envido and flor -----------------------------------------------------------------------------


def _envido_stated(event: Event, p: Perspective, face: str | None) -> str:
    value = number(event.value or 0)
    return _by_seat(
        event,
        p,
        # Translators: the envido showdown: the learner says their envido number out loud.
        lambda: _("You state %(value)s.", value=value),
        # Translators: the envido showdown; %(player)s is a seat name such as "your partner".
        lambda who: _("%(player)s states %(value)s.", player=who, value=value),
    )


def _son_buenas(event: Event, p: Perspective, face: str | None) -> str:
    return _by_seat(
        event,
        p,
        # Translators: the envido showdown; "Son buenas" ("they are good": I cannot beat that) stays Spanish, like Quiero.
        lambda: _("You say Son buenas."),
        # Translators: %(player)s is a seat name; "Son buenas" ("they are good": I cannot beat that) stays Spanish, like Quiero.
        lambda who: _("%(player)s says Son buenas.", player=who),
    )


def _envido_won(event: Event, p: Perspective, face: str | None) -> str:
    value = number(event.value or 0)
    return _by_seat(
        event,
        p,
        # Translators: "envido" is a Truco call and stays Spanish; %(value)s is the winning envido number.
        lambda: _("You win the envido with %(value)s.", value=value),
        # Translators: %(player)s is a seat name; "envido" stays Spanish; %(value)s is the winning number.
        lambda who: _("%(player)s wins the envido with %(value)s.", player=who, value=value),
    )


def _envido_cancelled(event: Event, p: Perspective, face: str | None) -> str:
    # Translators: "flor" and "envido" stay Spanish.
    return _("A flor cancels the envido in this hand.")


def _flor_announced(event: Event, p: Perspective, face: str | None) -> str:
    return _by_seat(
        event,
        p,
        # Translators: "flor" (three cards of one suit) is a Truco term and stays Spanish.
        lambda: _("You announce a flor."),
        # Translators: %(player)s is a seat name; "flor" (three cards of one suit) stays Spanish.
        lambda who: _("%(player)s announces a flor.", player=who),
    )


def _flor_stated(event: Event, p: Perspective, face: str | None) -> str:
    value = number(event.value or 0)
    return _by_seat(
        event,
        p,
        # Translators: flores of both teams compete; "flor" stays Spanish; %(value)s is the flor's count.
        lambda: _("You state a flor of %(value)s.", value=value),
        # Translators: %(player)s is a seat name; "flor" stays Spanish; %(value)s is the flor's count.
        lambda who: _("%(player)s states a flor of %(value)s.", player=who, value=value),
    )


def _flor_won(event: Event, p: Perspective, face: str | None) -> str:
    value = number(event.value or 0)
    return _by_seat(
        event,
        p,
        # Translators: "flor" stays Spanish; %(value)s is the count of the best flor.
        lambda: _("You have the best flor, %(value)s.", value=value),
        # Translators: %(player)s is a seat name; "flor" stays Spanish; %(value)s is the count of the best flor.
        lambda who: _("%(player)s has the best flor, %(value)s.", player=who, value=value),
    )


# --- Folding, points, the end --------------------------------------------------------------------


def _mazo(event: Event, p: Perspective, face: str | None) -> str:
    return _by_seat(
        event,
        p,
        # Translators: going to the mazo (the deck) means folding the hand; keep "mazo" as your glossary does.
        lambda: _("You go to the mazo."),
        # Translators: %(player)s is a seat name; going to the mazo means folding the hand.
        lambda who: _("%(player)s goes to the mazo.", player=who),
    )


def _team_folded(event: Event, p: Perspective, face: str | None) -> str:
    return _by_team(
        event,
        p,
        # Translators: the learner folded (went to the mazo) and so gives up the hand.
        lambda: _("You give up the hand."),
        # Translators: %(team)s is a team name such as "your team" or "your opponent": every player of that
        # team went to the mazo.
        lambda team: _("%(team)s gives up the hand.", team=team),
    )


def award_label(rule: str | None, points: str, call: str | None = None) -> str:
    """Why points were scored, with them: "Envido won: 2 points for you."; ``rule`` is an ``AwardRule``
    value, ``call`` the bet refused when a truco was declined (its name in the game played: truc,
    retruco, seis...)."""
    if str(rule) == "truco_declined" and call:
        # Translators: points of a declined bet; %(call)s is its name as players say it (Truco, Retruco, Truc,
        # Seis...), kept in the game's language; %(points)s is like "1 point for you".
        return _("%(call)s not accepted: %(points)s.", call=call_name(call), points=points)
    labels = {
        # Translators: points of an accepted envido; "envido" stays Spanish; %(points)s is like "2 points for you".
        "envido_accepted": lambda: _("Envido won: %(points)s.", points=points),
        # Translators: points of a declined envido; "envido" stays Spanish; %(points)s is like "1 point for you".
        "envido_declined": lambda: _("Envido not accepted: %(points)s.", points=points),
        # Translators: points of the best flor; "flor" stays Spanish; %(points)s is like "3 points for you".
        "flor": lambda: _("Best flor: %(points)s.", points=points),
        # Translators: points of an accepted contraflor; the term stays Spanish.
        "contraflor_accepted": lambda: _("Contraflor won: %(points)s.", points=points),
        # Translators: points of a declined contraflor; the term stays Spanish.
        "contraflor_declined": lambda: _("Contraflor not accepted: %(points)s.", points=points),
        # Translators: points of a declined truco call; "truco" stays Spanish.
        "truco_declined": lambda: _("Truco not accepted: %(points)s.", points=points),
        "hand_won": lambda: _("Tricks: %(points)s.", points=points),
        # Translators: points given by going to the mazo (folding); keep "mazo" as your glossary does.
        "mazo": lambda: _("After the mazo: %(points)s.", points=points),
        # Translators: the early-mazo option: folding in the first trick before the envido; keep "mazo".
        "mazo_early": lambda: _("Early mazo: %(points)s.", points=points),
        # Translators: Catalan Truc: the team on 11 points chose not to play the hand; %(points)s is like "1 point for you".
        "eleven_refused": lambda: _("The hand of 11 not played: %(points)s.", points=points),
    }
    teller = labels.get(str(rule)) if rule is not None else None
    return teller() if teller else sentence(points) + "."


def _points(event: Event, p: Perspective, face: str | None) -> str:
    return award_label(event.award_rule, p.points_for(event.points or 0, _team(event)), event.call)


def hand_rule_sentence(rule: str | None) -> str:
    """The trick rule that decided a hand (a ``tricks.HandRule`` value), or empty text."""
    rules = {
        "two_tricks": lambda: _("Two tricks win the hand."),
        # Translators: "parda" is a tied trick; keep the Truco term.
        "first_parda_next_decides": lambda: _(
            "The first trick was a parda, so the next trick that is not a parda decides the hand."
        ),
        # Translators: "parda" is a tied trick; keep the Truco term.
        "parda_after_win_first_trick_winner": lambda: _(
            "A parda after a trick that was won: the team that won the first trick wins the hand."
        ),
        # Translators: "parda" is a tied trick; keep the Truco term.
        "third_parda_first_trick_winner": lambda: _(
            "The third trick was a parda: the team that won the first trick wins the hand."
        ),
        # Translators: "pardas" are tied tricks, "mano" the player who plays first; keep the Truco terms.
        "all_parda_mano": lambda: _("All three tricks were pardas: the mano's team wins the hand."),
        # Translators: "pardas" are tied tricks; keep the Truco term. Catalan Truc.
        "all_parda_not_dealer": lambda: _("All three tricks were pardas: the team that did not deal wins the hand."),
        # Translators: Catalan Truc: after a knock the dealer dealt one card each, so one trick decides.
        "one_card": lambda: _("A hand of one card: its only trick decides."),
        # Translators: "parda" is a tied trick; keep the Truco term. Catalan Truc, a hand of one card.
        "one_card_parda_not_dealer": lambda: _("The only trick was a parda: the team that did not deal wins the hand."),
    }
    teller = rules.get(str(rule)) if rule is not None else None
    return teller() if teller else ""


def _hand_won(event: Event, p: Perspective, face: str | None) -> str:
    headline = _by_team(
        event,
        p,
        # Translators: the learner wins the hand (a game of two, or a sentence about the learner).
        lambda: _("You win the hand."),
        # Translators: %(team)s is a team name such as "your team" or "your opponent".
        lambda team: _("%(team)s wins the hand.", team=team),
    )
    why = hand_rule_sentence(event.hand_rule)
    return f"{headline} {why}" if why else headline


def _cards_shown(event: Event, p: Perspective, face: str | None) -> str:
    cards = card_list(event.cards, face)
    return _by_seat(
        event,
        p,
        # Translators: at the end of the hand the winner of the envido or flor shows the cards it counted.
        lambda: _("You show your cards: %(cards)s.", cards=cards),
        # Translators: %(player)s is a seat name; at the end of the hand the winner of the envido shows its cards.
        lambda who: _("%(player)s shows the cards: %(cards)s.", player=who, cards=cards),
    )


def _hand_over(event: Event, p: Perspective, face: str | None) -> str:
    if event.end is not None and str(event.end) == "match_won":
        return _("The game is over.")
    # Translators: the end of one hand (the cards are dealt again for the next one).
    return _("The hand is over.")


def _match_won(event: Event, p: Perspective, face: str | None) -> str:
    return _by_team(
        event,
        p,
        lambda: _("You reach the target and win the game."),
        # Translators: %(team)s is a team name such as "your opponent" or "the other team".
        lambda team: _("%(team)s reaches the target and wins the game.", team=team),
    )


def _knock(event: Event, p: Perspective, face: str | None) -> str:
    return _by_seat(
        event,
        p,
        # Translators: Catalan Truc: instead of cutting, the player knocks on the pack (asking for one card each).
        lambda: _("You knock on the pack instead of cutting."),
        # Translators: %(player)s is a seat name; Catalan Truc: knocking on the pack instead of cutting.
        lambda who: _("%(player)s knocks on the pack instead of cutting.", player=who),
    )


def _deal_chosen(event: Event, p: Perspective, face: str | None) -> str:
    one = event.value == 1
    return _by_seat(
        event,
        p,
        # Translators: Catalan Truc: after a knock the learner, the dealer, deals one card or three to each player.
        lambda: _("You deal one card to each player.") if one else _("You deal three cards to each player."),
        # Translators: %(player)s is the dealer; Catalan Truc: after a knock, one card or three to each player.
        lambda who: (
            _("%(player)s deals one card to each player.", player=who)
            if one
            else _("%(player)s deals three cards to each player.", player=who)
        ),
    )


def _eleven_played(event: Event, p: Perspective, face: str | None) -> str:
    value = number(event.value or 3)
    return _by_team(
        event,
        p,
        # Translators: Catalan Truc: the learner, on 11 points, plays the hand; it is worth %(value)s and nobody bets.
        lambda: _("You play the hand of 11: it is worth %(value)s and nobody bets.", value=value),
        # Translators: %(team)s is a team name; Catalan Truc: the team on 11 plays the hand, worth %(value)s, no bets.
        lambda team: _("%(team)s plays the hand of 11: it is worth %(value)s and nobody bets.", team=team, value=value),
    )


def _eleven_refused(event: Event, p: Perspective, face: str | None) -> str:
    return _by_team(
        event,
        p,
        # Translators: Catalan Truc: the learner, on 11 points, does not play the hand (the opponents score 1).
        lambda: _("You do not play the hand of 11."),
        # Translators: %(team)s is a team name; Catalan Truc: the team on 11 points does not play the hand.
        lambda team: _("%(team)s does not play the hand of 11.", team=team),
    )


def _three_kept(event: Event, p: Perspective, face: str | None) -> str:
    return _by_seat(
        event,
        p,
        # Translators: Truco Mineiro: before the hand the mão keeps the three cards given to them as the hand.
        lambda: _("You keep your three cards."),
        # Translators: %(player)s is a seat name (the mão); Truco Mineiro: the three cards given to the mão are kept.
        lambda who: _("%(player)s keeps the three cards.", player=who),
    )


def _three_passed(event: Event, p: Perspective, face: str | None) -> str:
    return _by_seat(
        event,
        p,
        # Translators: Truco Mineiro: the mão gives the three cards face down to the partner and takes three more.
        lambda: _("You pass your three cards to your partner and take three more."),
        # Translators: %(player)s is a seat name (the mão); Truco Mineiro: three cards passed face down to the partner.
        lambda who: _("%(player)s passes the three cards to the partner and takes three more.", player=who),
    )


def _three_burned(event: Event, p: Perspective, face: str | None) -> str:
    cards = card_list(event.cards, face)
    return _by_seat(
        event,
        p,
        # Translators: Truco Mineiro: the mão burns three cards (face up, out of the hand) and takes three more.
        lambda: _("You burn three cards (%(cards)s) and take three more.", cards=cards),
        # Translators: %(player)s is a seat name; Truco Mineiro: burned cards are out of the hand, seen by all.
        lambda who: _("%(player)s burns three cards (%(cards)s) and takes three more.", player=who, cards=cards),
    )


def _duel_started(event: Event, p: Perspective, face: str | None) -> str:
    mano = _seat(event)
    opponent = (mano + 3) % 6
    count = number(event.value or 1)
    if p.is_you(mano):
        # Translators: pica-pica (keep the term): six players play three one-against-one duels in turn;
        # %(number)s counts the duels from 1 to 3; the learner ("you") against %(opponent)s, a seat name ("the opponent opposite you").
        return _("Pica-pica, duel %(number)s of 3: you – %(opponent)s.", number=count, opponent=p.seat_name(opponent))
    if p.is_you(opponent):
        # Translators: pica-pica (keep the term): %(number)s counts the duels from 1 to 3; %(player)s, a seat name, against the learner ("you").
        return _("Pica-pica, duel %(number)s of 3: %(player)s – you.", number=count, player=p.seat_name(mano))
    # Translators: pica-pica (keep the term): %(number)s counts the duels from 1 to 3; %(player)s and
    # %(opponent)s are seat names ("your partner on the right", "the opponent on your left"), one against the other.
    return _(
        "Pica-pica, duel %(number)s of 3: %(player)s – %(opponent)s.",
        number=count,
        player=p.seat_name(mano),
        opponent=p.seat_name(opponent),
    )


def _duel_won(event: Event, p: Perspective, face: str | None) -> str:
    count = number(event.value or 1)
    headline = _by_seat(
        event,
        p,
        # Translators: pica-pica: the learner won one of the three one-against-one duels on tricks.
        lambda: _("You win duel %(number)s.", number=count),
        # Translators: %(player)s is a seat name; pica-pica: that player won one of the three duels on tricks.
        lambda who: _("%(player)s wins duel %(number)s.", player=who, number=count),
    )
    why = hand_rule_sentence(event.hand_rule)
    return f"{headline} {why}" if why else headline


def _duel_over(event: Event, p: Perspective, face: str | None) -> str:
    # Translators: pica-pica: one of the three one-against-one duels is over; %(number)s counts them from 1.
    return _("Duel %(number)s is over.", number=number(event.value or 1))


SENTENCES: dict[str, Teller] = {
    "card_played": _card_played,
    "trick_won": _trick_won,
    "trick_parda": _trick_parda,
    "call": _call,
    "answer": _answer,
    "envido_stated": _envido_stated,
    "son_buenas": _son_buenas,
    "envido_won": _envido_won,
    "envido_cancelled": _envido_cancelled,
    "flor_announced": _flor_announced,
    "flor_stated": _flor_stated,
    "flor_won": _flor_won,
    "mazo": _mazo,
    "team_folded": _team_folded,
    "points": _points,
    "hand_won": _hand_won,
    "cards_shown": _cards_shown,
    "hand_over": _hand_over,
    "match_won": _match_won,
    "knock": _knock,
    "deal_chosen": _deal_chosen,
    "eleven_played": _eleven_played,
    "eleven_refused": _eleven_refused,
    "three_kept": _three_kept,
    "three_passed": _three_passed,
    "three_burned": _three_burned,
    "duel_started": _duel_started,
    "duel_won": _duel_won,
    "duel_over": _duel_over,
}
"""The sentence of every event kind, by its value (``EventKind.CARD_PLAYED.value`` is ``"card_played"``)."""


def narrate(event: Event, perspective: Perspective | None = None, *, face: str | None = "spanish") -> str:
    """One event as a sentence in the current language, seen from ``perspective`` (default: the learner
    at seat 0 of a two-player table); card names on ``face``."""
    return SENTENCES[str(event.kind)](event, perspective or Perspective(), face)
