"""The computer players' reasons, hints and señas, told in the learner's language.

A bot's decision carries a :class:`tutor.bots.BotReason` (a code and named parameters); the table's
review and the API's ``reason.detail`` word it here, in one sentence per code. A test checks that
every :class:`tutor.bots.ReasonCode` has one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tutor.bots.reasons import BotReason, ReasonCode
from tutor.engine.cards import Card
from tutor.engine.errors import TrucoError
from tutor.i18n import format_number, gettext as _, pgettext

from .cards import card_name
from .explain import call_name

__all__ = ["action_label", "hint_advice", "hint_reason", "reason_sentence", "REASON_SENTENCES"]


def action_label(text: str, face: str | None = "spanish") -> str:
    """An action's name from its text without the seat: a card's name, a call, Quiero, the mazo."""
    text = str(text)
    if text == "quiero":
        # Translators: the answer that accepts a call; keep it in Spanish.
        return pgettext("call", "Quiero")
    if text == "no_quiero":
        # Translators: the answer that declines a call; keep it in Spanish.
        return pgettext("call", "No quiero")
    if text == "mazo":
        # Translators: the action of folding ("irse al mazo"): the player gives up the hand.
        return _("Go to the mazo")
    if text == "next":
        return _("Next hand")
    catalan = _catalan_action_label(text)
    if catalan is not None:
        return catalan
    if text.startswith("~") and len(text) > 1:
        # Translators: Truco Mineiro: a card played face down (encoberta), as a button and in the hint's list; %(card)s is its name.
        return _("Face down: %(card)s", card=card_name(Card.parse(text[1:]), face))
    try:
        return call_name(text)
    except KeyError:
        pass
    try:
        return card_name(Card.parse(text), face)
    except (TrucoError, ValueError):
        return text


def _catalan_action_label(text: str) -> str | None:
    """The knock, the dealer's choice and the decision on 11 of Catalan Truc (None for other actions)."""
    labels = {
        # Translators: Catalan Truc: instead of cutting, the player knocks on the pack (asking for a one-card hand).
        "knock": lambda: _("Knock on the pack"),
        # Translators: Catalan Truc: after a knock, the dealer deals a single card to each player (one trick).
        "deal1": lambda: _("Deal one card each"),
        # Translators: Catalan Truc: after a knock, the dealer deals the usual three cards to each player.
        "deal3": lambda: _("Deal three cards each"),
        # Translators: Catalan Truc: the team on 11 points plays the hand (worth 3, no bets).
        "play11": lambda: _("Play the hand of 11"),
        # Translators: Catalan Truc: the team on 11 points refuses the hand (the opponents score 1).
        "run11": lambda: _("Refuse the hand of 11"),
    }
    mineiro = {
        # Translators: Truco Mineiro: the mão keeps the three cards he was given as his hand.
        "keep": lambda: _("Keep these three"),
        # Translators: Truco Mineiro: the mão passes his three cards face down to his partner.
        "pass": lambda: _("Pass them to the partner"),
        # Translators: Truco Mineiro: the mão burns his three cards (face up, out of the hand) and gets three more.
        "burn": lambda: _("Burn them"),
    }
    label = labels.get(text) or mineiro.get(text)
    return label() if label is not None else None


def _never(p: Mapping[str, Any]) -> bool:
    """True when a frequency ``wins`` of ``of`` rounds to nothing ("about 0 of 10" is said "almost never")."""
    try:
        return float(str(p.get("wins"))) <= 0
    except ValueError:
        return False


def _params(reason: BotReason | Mapping[str, Any], face: str | None) -> tuple[ReasonCode | None, dict[str, Any]]:
    if isinstance(reason, BotReason):
        code, raw = reason.code, reason.as_dict()
    else:
        try:
            code = ReasonCode(str(reason.get("code")))
        except ValueError:
            code = None
        raw = dict(reason.get("params") or {})
    out: dict[str, Any] = {}
    for key, value in raw.items():
        if key in ("card", "kept", "call", "action"):
            out[key] = action_label(str(value), face)
        elif key in ("points", "other_points"):
            out[key] = format_number(round(float(value), 2))
        elif key == "other":
            out[key] = action_label(str(value), face)
        else:
            out[key] = value
    return code, out


# Each sentence says why the action was taken; the subject is left out, so it reads after a
# player's name ("Opponent: ...") as well as in a hint.
REASON_SENTENCES: dict[ReasonCode, Callable[[dict[str, Any]], str]] = {
    ReasonCode.RANDOM: lambda p: _("Picked at random among the legal actions."),
    ReasonCode.ONLY_ACTION: lambda p: _("The only sensible choice: %(action)s.", **p),
    # Translators: %(call)s is a Truco call (Envido, Real envido, Falta envido), kept in Spanish.
    ReasonCode.ENVIDO_WITH_COUNT: lambda p: _("An envido of %(count)s is a good count, worth a call: %(call)s.", **p),
    # Translators: %(call)s is a Truco call, kept in Spanish; the mano wins every tied envido.
    ReasonCode.ENVIDO_AS_MANO: lambda p: _(
        "An envido of %(count)s as mano wins most showdowns, and ties go to the mano; worth a call: %(call)s.", **p
    ),
    # Translators: %(call)s is a Truco call, kept in Spanish; %(count)s is the envido of the player who calls.
    ReasonCode.ENVIDO_PARTNER_SPEAKS: lambda p: _(
        "Counting on the team's envido (this player's own is %(count)s): %(call)s.", **p
    ),
    # Translators: %(call)s is a Truco call, kept in Spanish.
    ReasonCode.ACCEPT_ENVIDO_COUNT: lambda p: _(
        "An envido of %(count)s should win the showdown: Quiero (to %(call)s).", **p
    ),
    # Translators: %(call)s is a Truco call, kept in Spanish.
    ReasonCode.RAISE_ENVIDO: lambda p: _("An envido of %(count)s is very strong: raised to %(call)s.", **p),
    # Translators: %(call)s is a Truco call (Envido, Real envido, Falta envido), kept in Spanish.
    ReasonCode.ENVIDO_CALL_ODDS: lambda p: _(
        "With an envido of %(count)s the team wins the showdown in about %(wins)s of %(of)s deals; worth a call: %(call)s.",
        **p,
    ),
    # Translators: %(call)s is a Truco call, kept in Spanish.
    ReasonCode.ENVIDO_RAISE_ODDS: lambda p: _(
        "With an envido of %(count)s the team wins the showdown in about %(wins)s of %(of)s deals: raised to %(call)s.",
        **p,
    ),
    # Translators: %(call)s is a Truco call, kept in Spanish; "mentir" is the Argentine word for bluffing.
    ReasonCode.ENVIDO_BLUFF: lambda p: _(
        "A bluff: %(call)s with an envido of %(count)s, because the other team says No quiero in about %(folds)s of %(of)s deals.",
        **p,
    ),
    # Translators: %(call)s is a Truco call, kept in Spanish.
    ReasonCode.ENVIDO_ACCEPT_ODDS: lambda p: _(
        "With an envido of %(count)s the team wins the showdown in about %(wins)s of %(of)s deals: Quiero (to %(call)s).",
        **p,
    ),
    # Translators: %(call)s is a Truco call, kept in Spanish.
    ReasonCode.ENVIDO_DECLINE_ODDS: lambda p: (
        # Translators: %(call)s is a Truco call, kept in Spanish.
        _("With an envido of %(count)s the team almost never wins the showdown: No quiero (to %(call)s).", **p)
        if _never(p)
        # Translators: %(call)s is a Truco call, kept in Spanish.
        else _(
            "With an envido of %(count)s the team wins the showdown in only about %(wins)s of %(of)s deals: No quiero (to %(call)s).",
            **p,
        )
    ),
    # Translators: %(call)s is a Truco call, kept in Spanish.
    ReasonCode.ENVIDO_ACCEPT_FORCED: lambda p: _(
        "No quiero (to %(call)s) would give the other team the game: Quiero, even with an envido of %(count)s.", **p
    ),
    # Translators: %(call)s is a Truco call, kept in Spanish.
    ReasonCode.DECLINE_LOW_COUNT: lambda p: _(
        "An envido of %(count)s is too low to risk it: No quiero (to %(call)s).", **p
    ),
    # Translators: "¡El envido está primero!" is a Truco saying (the envido goes first); keep it in Spanish with its marks.
    ReasonCode.ENVIDO_FIRST: lambda p: _(
        "¡El envido está primero! With an envido of %(count)s: %(call)s, before answering the Truco.", **p
    ),
    # Translators: a flor is three cards of one suit; it must be announced.
    ReasonCode.FLOR_COMPULSORY: lambda p: _("A flor must be announced (worth %(value)s here).", **p),
    # Translators: %(call)s is Contraflor or Contraflor al resto, kept in Spanish.
    ReasonCode.CONTRAFLOR_STRONG: lambda p: _("A flor of %(value)s is high: %(call)s.", **p),
    # Translators: a flor is three cards of one suit; Quiero and %(call)s (Contraflor...) stay Spanish.
    ReasonCode.ACCEPT_CONTRAFLOR: lambda p: _("A flor of %(value)s is high enough: Quiero (to %(call)s).", **p),
    # Translators: a flor is three cards of one suit; No quiero and %(call)s (Contraflor...) stay Spanish.
    ReasonCode.DECLINE_CONTRAFLOR: lambda p: _("A flor of %(value)s is too low: No quiero (to %(call)s).", **p),
    # Translators: %(call)s is Truco, Retruco or Vale cuatro, kept in Spanish.
    ReasonCode.TRUCO_STRONG: lambda p: (
        _("Strong cards (best card: %(card)s): %(call)s.", **p) if "card" in p else _("Strong cards: %(call)s.", **p)
    ),
    ReasonCode.TRUCO_SURE: lambda p: _("The team can no longer lose this hand: %(call)s costs nothing.", **p),
    # Translators: Quiero (accept) and %(call)s (Truco, Retruco, Vale cuatro) stay Spanish.
    ReasonCode.ACCEPT_TRUCO_STRONG: lambda p: (
        # Translators: Quiero (accept) and %(call)s (Truco, Retruco, Vale cuatro) stay Spanish.
        _("Good enough cards (best card: %(card)s): Quiero (to %(call)s).", **p)
        if "card" in p
        # Translators: Quiero (accept) and %(call)s (Truco, Retruco, Vale cuatro) stay Spanish.
        else _("Good enough cards: Quiero (to %(call)s).", **p)
    ),
    ReasonCode.RAISE_TRUCO_STRONG: lambda p: (
        _("Very strong cards (best card: %(card)s): raised to %(call)s.", **p)
        if "card" in p
        else _("Very strong cards: raised to %(call)s.", **p)
    ),
    # Translators: No quiero (decline) and %(call)s (Truco, Retruco, Vale cuatro) stay Spanish.
    ReasonCode.DECLINE_TRUCO_WEAK: lambda p: (
        # Translators: No quiero (decline) and %(call)s (Truco, Retruco, Vale cuatro) stay Spanish.
        _("Cards too weak (best card: %(card)s): No quiero (to %(call)s).", **p)
        if "card" in p
        # Translators: No quiero (decline) and %(call)s (Truco, Retruco, Vale cuatro) stay Spanish.
        else _("Cards too weak: No quiero (to %(call)s).", **p)
    ),
    ReasonCode.TABLE_CARD_HOLDS: lambda p: _table_card_holds(p),
    # Translators: No quiero (decline) and %(call)s (Truco, Retruco, Vale cuatro) stay Spanish.
    ReasonCode.TABLE_CARD_WEAK: lambda p: (
        # Translators: No quiero (decline) and %(call)s (Truco, Retruco, Vale cuatro) stay Spanish.
        _(
            "No card left in hand, and the team's card on the table (%(card)s) is unlikely to take the trick that decides: No quiero (to %(call)s).",
            **p,
        )
        if "card" in p
        # Translators: No quiero (decline) and %(call)s (Truco, Retruco, Vale cuatro) stay Spanish.
        else _("No card left in hand to take the trick that decides: No quiero (to %(call)s).", **p)
    ),
    # Translators: "mentir" is the Argentine word for bluffing at Truco.
    ReasonCode.BLUFF: lambda p: _("A bluff: %(call)s with weak cards, hoping for a No quiero.", **p),
    ReasonCode.PLAY_LOWEST_WINNER: lambda p: _(
        "The lowest card that beats the other team's cards on the table: %(card)s.", **p
    ),
    ReasonCode.PLAY_LOWEST_CARD: lambda p: _(
        "This trick cannot be taken (or need not be), so the lowest card is played: %(card)s.", **p
    ),
    ReasonCode.PLAY_LOW_PARTNER_WINS: lambda p: _(
        "The partner's card is winning the trick, so the lowest card is played: %(card)s.", **p
    ),
    # Translators: a parda is a tied trick; keep the term.
    ReasonCode.PLAY_PARDA: lambda p: _(
        "This card ties the trick (parda), which keeps the hand on the team's side: %(card)s.", **p
    ),
    # Translators: %(card)s is the card played, just strong enough; %(kept)s the stronger card kept for later.
    ReasonCode.SAVE_MATA: lambda p: _("Enough to do the job: %(card)s. Kept in hand for later: %(kept)s.", **p),
    ReasonCode.LEAD_STRONG: lambda p: _("Leading with a strong card to take the trick: %(card)s.", **p),
    ReasonCode.LEAD_BEST: lambda p: _(
        "Leading with the best card in hand, since nothing stronger is left: %(card)s.", **p
    ),
    ReasonCode.LEAD_LOW: lambda p: _("Leading low, keeping the strength for later: %(card)s.", **p),
    ReasonCode.WIN_RATE_TRICK: lambda p: _(
        "This card takes the trick against about %(wins)s of %(of)s hands the other team may hold: %(card)s.", **p
    ),
    # Translators: %(action)s is the move (a card's name or a call).
    ReasonCode.WIN_RATE_HAND: lambda p: _(
        "With this move the team takes the hand on tricks in about %(wins)s of %(of)s deals the other team may hold: %(action)s.",
        **p,
    ),
    # Translators: No quiero and %(call)s (Truco, Retruco, Vale cuatro) stay Spanish; %(action)s is the answer.
    ReasonCode.MATCH_DECLINE_LOSES: lambda p: _(
        "No quiero (to %(call)s) would give the other team the game; this keeps a chance: %(action)s.", **p
    ),
    # Translators: %(chance)s is a percentage; %(points)s and %(other_points)s are expected points for this hand;
    # %(action)s and %(other)s are moves (a card's name or a call).
    ReasonCode.MATCH_CHANGES: lambda p: _(
        "Better chance of winning the game at this score (about %(chance)s in 100): %(action)s. More points in this hand on average (%(other_points)s against %(points)s): %(other)s.",
        **p,
    ),
    # Translators: going to the mazo (irse al mazo) is folding: the player gives up the hand.
    ReasonCode.MAZO_HOPELESS: lambda p: _("The hand is lost whatever happens: going to the mazo costs no more."),
    # Translators: going to the mazo (irse al mazo) is folding; %(points)s is a number of points.
    ReasonCode.MAZO_SAVE_POINTS: lambda p: _(
        "Going to the mazo now gives %(points)s; played on, the hand would likely cost more, with the envido still open for the other team.",
        **p,
    ),
    # Translators: %(action)s is the move (a card's name or a call); %(points)s is a number of expected points.
    ReasonCode.BEST_EXPECTED: lambda p: _(
        "Best expected result for the team: %(action)s (expected points over the rest of the hand: %(points)s).", **p
    ),
    # Translators: Catalan Truc, the hand of 11 (worth 3, no bets); %(chance)s is a percentage.
    ReasonCode.ELEVEN_PLAY: lambda p: _(
        "On 11 the hand is taken in about %(wins)s of %(of)s deals: playing it for 3 gives the better chance of winning the game (about %(chance)s in 100).",
        **p,
    ),
    # Translators: Catalan Truc, the hand of 11; refusing it gives the opponents 1 point; %(chance)s is a percentage.
    ReasonCode.ELEVEN_RUN: lambda p: _(
        "On 11 the hand is taken in only about %(wins)s of %(of)s deals: refusing it and giving away 1 point keeps the better chance of winning the game (about %(chance)s in 100).",
        **p,
    ),
    ReasonCode.KNOCK_ONE_CARD: lambda p: (
        # Translators: Catalan Truc: a knock on the pack asks the dealer for a one-card hand (one trick).
        _(
            "A knock, because in a one-trick hand this card alone is worth more than the three cards in three tricks: %(card)s.",
            **p,
        )
        if "card" in p
        # Translators: Catalan Truc: a knock on the pack asks the dealer for a one-card hand (one trick).
        else _("A one-trick hand looks better than three tricks: a knock.")
    ),
    # Translators: Catalan Truc: after a knock the dealer chose the usual three cards each.
    ReasonCode.DEAL_THREE: lambda p: _(
        "A knock says the first card is good for the knocker, and a tied one-card trick goes to the side that did not deal: three cards each."
    ),
    # Translators: Truco Mineiro: the mão keeps the three cards he was given; %(chance)s is a percentage.
    ReasonCode.THREE_KEEP: lambda p: _(
        "Three cards worth keeping (best card: %(card)s): they take the hand in about %(chance)s of 100 deals.", **p
    ),
    # Translators: Truco Mineiro: the mão passes his three cards face down to his partner and is given three more.
    ReasonCode.THREE_PASS: lambda p: _(
        "Three strong cards (best card: %(card)s): they go to the partner, and three more cards come.", **p
    ),
    # Translators: Truco Mineiro: the mão burns his three cards (face up, out of the hand) and is given three more.
    ReasonCode.THREE_BURN: lambda p: _(
        "Three weak cards (best card: %(card)s, about %(chance)s in 100 to take the hand): burned, and three more cards come.",
        **p,
    ),
    # Translators: Truco Mineiro: a card played face down (encoberta) can neither take nor tie the trick.
    ReasonCode.PLAY_FACE_DOWN: lambda p: _(
        "This card can neither take nor tie this trick, so it is played face down and tells the other side nothing: %(card)s.",
        **p,
    ),
    # Translators: Catalan Truc: after a knock the dealer chose one card each (a one-trick hand).
    ReasonCode.DEAL_ONE: lambda p: _(
        "One card each gives the best expected result (expected points over the hand: %(points)s).", **p
    ),
}


def _table_card_holds(p: dict[str, Any]) -> str:
    """An empty hand whose team's card on the table should take the deciding trick: the bot accepts
    the call (``answer`` is given) or raises to ``call``."""
    if "answer" in p:
        if "card" in p:
            # Translators: Quiero (accept) and %(call)s (Truco, Retruco, Vale cuatro) stay Spanish.
            return _(
                "No card left in hand, but the team's card on the table (%(card)s) should take the trick that decides: Quiero (to %(call)s).",
                **p,
            )
        # Translators: Quiero (accept) and %(call)s (Truco, Retruco, Vale cuatro) stay Spanish.
        return _("No card left in hand: Quiero (to %(call)s).", **p)
    if "card" in p:
        # Translators: %(call)s is the raise the bot calls (Retruco, Vale cuatro), Spanish.
        return _(
            "No card left in hand, but the team's card on the table (%(card)s) should take the trick that decides: %(call)s.",
            **p,
        )
    # Translators: %(call)s is the raise the bot calls (Retruco, Vale cuatro), Spanish.
    return _("No card left in hand: %(call)s.", **p)


def reason_sentence(reason: BotReason | Mapping[str, Any], face: str | None = "spanish") -> str:
    """The sentence for a bot's reason (a :class:`BotReason` or its stored dict)."""
    code, params = _params(reason, face)
    if code is None:
        return _("No reason was recorded.")
    try:
        return REASON_SENTENCES[code](params)
    except (KeyError, ValueError, TypeError):  # a parameter missing from stored data
        return _("No reason was recorded.")


# --- The hint, in the learner's own words ----------------------------------------------------------


def hint_advice(text: str, face: str | None = "spanish", *, answering: bool = False) -> str:
    """What the hint advises, as advice to the learner: "Play: seven of swords.", "Call Truco."
    ``text`` is the action's text without the seat (``7e``, ``truco``, ``quiero``, ``mazo``);
    ``answering``: a call is open, so a call is a raise ("Raise to Falta envido.")."""
    text = str(text)
    if text == "quiero":
        # Translators: the hint's advice; Quiero (accept the call) stays Spanish.
        return _("Answer Quiero.")
    if text == "no_quiero":
        # Translators: the hint's advice; No quiero (decline the call) stays Spanish.
        return _("Answer No quiero.")
    if text == "mazo":
        # Translators: the hint's advice: fold ("irse al mazo"); keep "mazo" as your glossary does.
        return _("Go to the mazo.")
    try:
        call = call_name(text)
    except KeyError:
        pass
    else:
        if answering:
            # Translators: the hint's advice to answer a call with a higher one; %(call)s is a Truco call, kept in Spanish.
            return _("Raise to %(call)s.", call=call)
        # Translators: the hint's advice; %(call)s is a Truco call (Envido, Truco, ...), kept in Spanish.
        return _("Call %(call)s.", call=call)
    if text.startswith("~") and len(text) > 1:
        # Translators: the hint's advice (Truco Mineiro): play a card face down; %(card)s is its name.
        return _("Play face down: %(card)s.", card=card_name(Card.parse(text[1:]), face))
    try:
        card = Card.parse(text)
    except (TrucoError, ValueError):
        return action_label(text, face)
    # Translators: the hint's advice: play this card; %(card)s is a card's name such as "seven of swords".
    return _("Play: %(card)s.", card=card_name(card, face))


HintTeller = Callable[[dict[str, Any]], str]

# The hint's reason told to the learner: one sentence for a game of two ("you") and one for a game
# with partners ("your team"), so a one-against-one game never speaks of a team. Codes not listed
# here are told as a bot's reason (reason_sentence), which names no team for them.
_HINT_ALONE: dict[ReasonCode, HintTeller] = {
    ReasonCode.WIN_RATE_TRICK: lambda p: _(
        "It takes this trick against about %(wins)s of %(of)s hands your opponent may hold.", **p
    ),
    ReasonCode.WIN_RATE_HAND: lambda p: (
        _("With it you almost never take the hand on tricks.", **p)
        if _never(p)
        else _("With it you take the hand on tricks in about %(wins)s of %(of)s deals your opponent may hold.", **p)
    ),
    ReasonCode.BEST_EXPECTED: lambda p: _("It gives you the best expected result over the rest of the hand.", **p),
    # Translators: %(call)s is Truco, Retruco or Vale cuatro, kept in Spanish.
    ReasonCode.TRUCO_SURE: lambda p: _("You can no longer lose this hand: %(call)s costs you nothing.", **p),
    # Translators: the envido (a Truco call) stays Spanish; %(count)s is the learner's envido number.
    ReasonCode.ENVIDO_CALL_ODDS: lambda p: _(
        "With an envido of %(count)s you win the showdown in about %(wins)s of %(of)s deals.", **p
    ),
    # Translators: the envido (a Truco call) stays Spanish; %(count)s is the learner's envido number.
    ReasonCode.ENVIDO_RAISE_ODDS: lambda p: _(
        "With an envido of %(count)s you win the showdown in about %(wins)s of %(of)s deals: worth raising.", **p
    ),
    # Translators: the envido (a Truco call) stays Spanish; %(count)s is the learner's envido number.
    ReasonCode.ENVIDO_ACCEPT_ODDS: lambda p: _(
        "With an envido of %(count)s you win the showdown in about %(wins)s of %(of)s deals.", **p
    ),
    ReasonCode.ENVIDO_DECLINE_ODDS: lambda p: (
        # Translators: the envido (a Truco call) stays Spanish; %(count)s is the learner's envido number.
        _("With an envido of %(count)s you would almost never win the showdown.", **p)
        if _never(p)
        # Translators: the envido (a Truco call) stays Spanish; %(count)s is the learner's envido number.
        else _("With an envido of %(count)s you would win the showdown in only about %(wins)s of %(of)s deals.", **p)
    ),
    # Translators: "No quiero" (declining) stays Spanish; %(count)s is the learner's envido number.
    ReasonCode.ENVIDO_ACCEPT_FORCED: lambda p: _(
        "No quiero would give your opponent the game, so accept even with an envido of %(count)s.", **p
    ),
    # Translators: a bluff ("mentir"); %(count)s is the learner's envido number.
    ReasonCode.ENVIDO_BLUFF: lambda p: _(
        "A bluff: your envido of %(count)s is low, but your opponent says No quiero in about %(folds)s of %(of)s deals.",
        **p,
    ),
    # Translators: "No quiero" (declining) stays Spanish.
    ReasonCode.MATCH_DECLINE_LOSES: lambda p: _("No quiero would give your opponent the game.", **p),
    # Translators: going to the mazo (folding); the envido stays Spanish.
    ReasonCode.MAZO_SAVE_POINTS: lambda p: _(
        "Played on, the hand would likely cost you more than going to the mazo now.", **p
    ),
    # Translators: No quiero (decline) and %(call)s (Truco, Retruco, Vale cuatro) stay Spanish.
    ReasonCode.TABLE_CARD_WEAK: lambda p: (
        # Translators: No quiero (decline) and %(call)s (Truco, Retruco, Vale cuatro) stay Spanish.
        _(
            "You have no card left in hand, and your card on the table (%(card)s) is unlikely to take the trick that decides: No quiero (to %(call)s).",
            **p,
        )
        if "card" in p
        # Translators: No quiero (decline) and %(call)s (Truco, Retruco, Vale cuatro) stay Spanish.
        else _("You have no card left in hand to take the trick that decides: No quiero (to %(call)s).", **p)
    ),
    ReasonCode.TABLE_CARD_HOLDS: lambda p: (
        _(
            "You have no card left in hand, but your card on the table (%(card)s) should take the trick that decides.",
            **p,
        )
        if "card" in p
        else _("You have no card left in hand, but the trick that decides should be yours.", **p)
    ),
    ReasonCode.PLAY_LOWEST_WINNER: lambda p: _(
        "Your lowest card that beats your opponent's card on the table: %(card)s.", **p
    ),
    # Translators: a parda is a tied trick; keep the term.
    ReasonCode.PLAY_PARDA: lambda p: _(
        "This card ties the trick (parda), which keeps the hand on your side: %(card)s.", **p
    ),
}
_HINT_TEAM: dict[ReasonCode, HintTeller] = {
    ReasonCode.WIN_RATE_TRICK: lambda p: _(
        "It takes this trick against about %(wins)s of %(of)s hands the other team may hold.", **p
    ),
    ReasonCode.WIN_RATE_HAND: lambda p: (
        _("With it your team almost never takes the hand on tricks.", **p)
        if _never(p)
        else _(
            "With it your team takes the hand on tricks in about %(wins)s of %(of)s deals the other team may hold.", **p
        )
    ),
    ReasonCode.BEST_EXPECTED: lambda p: _(
        "It gives your team the best expected result over the rest of the hand.", **p
    ),
    # Translators: %(call)s is Truco, Retruco or Vale cuatro, kept in Spanish.
    ReasonCode.TRUCO_SURE: lambda p: _("Your team can no longer lose this hand: %(call)s costs nothing.", **p),
    # Translators: the envido (a Truco call) stays Spanish; %(count)s is the learner's envido number.
    ReasonCode.ENVIDO_CALL_ODDS: lambda p: _(
        "With an envido of %(count)s your team wins the showdown in about %(wins)s of %(of)s deals.", **p
    ),
    # Translators: the envido (a Truco call) stays Spanish; %(count)s is the learner's envido number.
    ReasonCode.ENVIDO_RAISE_ODDS: lambda p: _(
        "With an envido of %(count)s your team wins the showdown in about %(wins)s of %(of)s deals: worth raising.",
        **p,
    ),
    # Translators: the envido (a Truco call) stays Spanish; %(count)s is the learner's envido number.
    ReasonCode.ENVIDO_ACCEPT_ODDS: lambda p: _(
        "With an envido of %(count)s your team wins the showdown in about %(wins)s of %(of)s deals.", **p
    ),
    ReasonCode.ENVIDO_DECLINE_ODDS: lambda p: (
        # Translators: the envido (a Truco call) stays Spanish; %(count)s is the learner's envido number.
        _("With an envido of %(count)s your team would almost never win the showdown.", **p)
        if _never(p)
        # Translators: the envido (a Truco call) stays Spanish; %(count)s is the learner's envido number.
        else _(
            "With an envido of %(count)s your team would win the showdown in only about %(wins)s of %(of)s deals.", **p
        )
    ),
    # Translators: "No quiero" (declining) stays Spanish; %(count)s is the learner's envido number.
    ReasonCode.ENVIDO_ACCEPT_FORCED: lambda p: _(
        "No quiero would give the other team the game, so accept even with an envido of %(count)s.", **p
    ),
    # Translators: a bluff ("mentir"); %(count)s is the learner's envido number.
    ReasonCode.ENVIDO_BLUFF: lambda p: _(
        "A bluff: your envido of %(count)s is low, but the other team says No quiero in about %(folds)s of %(of)s deals.",
        **p,
    ),
    # Translators: "No quiero" (declining) stays Spanish.
    ReasonCode.MATCH_DECLINE_LOSES: lambda p: _("No quiero would give the other team the game.", **p),
    # Translators: going to the mazo (folding); the envido stays Spanish.
    ReasonCode.MAZO_SAVE_POINTS: lambda p: _(
        "Played on, the hand would likely cost your team more than going to the mazo now.", **p
    ),
}


def hint_reason(reason: BotReason | Mapping[str, Any], face: str | None = "spanish", players: int = 2) -> str:
    """Why the hint's advice is best, said to the learner: "you" in a game of two, "your team" with
    partners (``players``). Falls back to :func:`reason_sentence` for codes with no own sentence."""
    code, params = _params(reason, face)
    tellers = _HINT_ALONE if players == 2 else _HINT_TEAM
    teller = tellers.get(code) if code is not None else None
    if teller is None:
        return reason_sentence(reason, face)
    try:
        return teller(params)
    except (KeyError, ValueError, TypeError):
        return reason_sentence(reason, face)


# --- Señas ----------------------------------------------------------------------------------------

SENA_FACES = {
    "ancho_espada": "eyebrows",
    "ancho_basto": "wink",
    "siete_espada": "mouth_right",
    "siete_oro": "mouth_left",
    "tres": "bite_lip",
    "dos": "kiss",
    "ancho_falso": "mouth_open",
    "flor": "puff_cheeks",
    "nada": "eyes_closed",
    "truc_tres": "wink",
    "truc_dos": "kiss",
    "truc_as": "tongue",
    "mineiro_zap": "wink",
    "mineiro_copas": "eyebrows",
    "mineiro_espadilha": "puff_cheek",
    "mineiro_pica_fumo": "tongue",
    "mineiro_tres": "shoulder",
}
"""Which face drawing (templates/components/_table_parts.html) shows each seña of :class:`tutor.bots.Sena`."""


def sena_text(sena: Any) -> str:
    """The gesture and what it stands for, e.g. "Raises the eyebrows: the 1 of espadas"."""
    texts = {
        # Translators: a seña (a signal to the partner, lesson 8) and the card it stands for.
        "ancho_espada": lambda: _("Raises the eyebrows: the ace of espadas"),
        # Translators: a seña (a signal to the partner, lesson 8) and the card it stands for.
        "ancho_basto": lambda: _("Winks: the ace of bastos"),
        # Translators: a seña (a signal to the partner, lesson 8) and the card it stands for.
        "siete_espada": lambda: _("Pulls the corner of the mouth to the right: the seven of espadas"),
        # Translators: a seña (a signal to the partner, lesson 8) and the card it stands for.
        "siete_oro": lambda: _("Pulls the corner of the mouth to the left: the seven of oros"),
        # Translators: a seña (a signal to the partner, lesson 8) and the card it stands for.
        "tres": lambda: _("Bites the lower lip: a three"),
        # Translators: a seña (a signal to the partner, lesson 8) and the card it stands for.
        "dos": lambda: _("Purses the lips as for a kiss: a two"),
        # Translators: a seña; a "false ace" is the ace of oros or of copas.
        "ancho_falso": lambda: _("Opens the mouth: a false ace (oros or copas)"),
        # Translators: a seña for a flor (three cards of one suit).
        "flor": lambda: _("Puffs out the cheeks: a flor"),
        # Translators: a seña that says the player holds none of the good cards.
        "nada": lambda: _("Closes the eyes: nothing good"),
        # Translators: a Catalan Truc seña (a signal to the partner) and the card it stands for.
        "truc_tres": lambda: _("Closes one eye: a three"),
        # Translators: a Catalan Truc seña (a signal to the partner) and the card it stands for.
        "truc_dos": lambda: _("Purses the lips: a two"),
        # Translators: a Catalan Truc seña (a signal to the partner) and the card it stands for; all four aces are equal in this game.
        "truc_as": lambda: _("Shows the tip of the tongue: an ace"),
        # Translators: a Truco Mineiro seña (a signal to the partner) and the card it stands for; "zap" is the
        # game's best card (4 of clubs) and stays Portuguese.
        "mineiro_zap": lambda: _("Winks: the zap (4♣)"),
        # Translators: a Truco Mineiro seña and the card it stands for (the second best card of the game).
        "mineiro_copas": lambda: _("Raises the eyebrows: the 7 of hearts"),
        # Translators: a Truco Mineiro seña and the card it stands for; "espadilha" (the ace of spades) stays Portuguese.
        "mineiro_espadilha": lambda: _("Puffs out one cheek: the espadilha (A♠)"),
        # Translators: a Truco Mineiro seña and the card it stands for; "pica-fumo" (the 7 of diamonds) stays
        # Portuguese.
        "mineiro_pica_fumo": lambda: _("Shows the tongue: the pica-fumo (7♦)"),
        # Translators: a Truco Mineiro seña and the card it stands for (a three of any suit).
        "mineiro_tres": lambda: _("Raises a shoulder: a three"),
    }
    return texts[str(sena)]()


def sena_gesture(sena: Any) -> str:
    """A seña's gesture alone, without what it stands for (a question shows it and asks the meaning)."""
    texts = {
        # Translators: a seña (a signal to the partner, lesson 8), the gesture only; a question asks what it means.
        "ancho_espada": lambda: _("Raises the eyebrows"),
        # Translators: a seña (a signal to the partner, lesson 8), the gesture only; a question asks what it means.
        "ancho_basto": lambda: _("Winks"),
        # Translators: a seña (a signal to the partner, lesson 8), the gesture only; a question asks what it means.
        "siete_espada": lambda: _("Pulls the corner of the mouth to the right"),
        # Translators: a seña (a signal to the partner, lesson 8), the gesture only; a question asks what it means.
        "siete_oro": lambda: _("Pulls the corner of the mouth to the left"),
        # Translators: a seña (a signal to the partner, lesson 8), the gesture only; a question asks what it means.
        "tres": lambda: _("Bites the lower lip"),
        # Translators: a seña (a signal to the partner, lesson 8), the gesture only; a question asks what it means.
        "dos": lambda: _("Purses the lips as for a kiss"),
        # Translators: a seña (a signal to the partner, lesson 8), the gesture only; a question asks what it means.
        "ancho_falso": lambda: _("Opens the mouth"),
    }
    return texts[str(sena)]()


def sena_meaning(sena: Any) -> str:
    """What a card seña stands for, as an answer option ("The ace of espadas", "A three")."""
    texts = {
        # Translators: an answer option: what a seña (a signal to the partner) stands for.
        "ancho_espada": lambda: _("The ace of espadas"),
        # Translators: an answer option: what a seña (a signal to the partner) stands for.
        "ancho_basto": lambda: _("The ace of bastos"),
        # Translators: an answer option: what a seña (a signal to the partner) stands for.
        "siete_espada": lambda: _("The seven of espadas"),
        # Translators: an answer option: what a seña (a signal to the partner) stands for.
        "siete_oro": lambda: _("The seven of oros"),
        # Translators: an answer option: what a seña (a signal to the partner) stands for (a three of any suit).
        "tres": lambda: _("A three"),
        # Translators: an answer option: what a seña (a signal to the partner) stands for (a two of any suit).
        "dos": lambda: _("A two"),
        # Translators: an answer option: what a seña stands for; a "false ace" is the ace of oros or of copas.
        "ancho_falso": lambda: _("A false ace (oros or copas)"),
    }
    return texts[str(sena)]()
