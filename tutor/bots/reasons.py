"""Why a computer player chose an action, as data (the web layer words it in the learner's language).

Every decision of :mod:`tutor.bots` carries a :class:`BotReason`: a :class:`ReasonCode` plus named
parameters. The docstring of each code lists its parameters; the values are plain data:

* ``card``: a card in the engine's notation (``"1e"``, ``"7o"``);
* ``call``: a call's notation name (``"envido"``, ``"real_envido"``, ``"truco"``, ``"flor"``, ...);
* ``action``: an action's text without the seat (``"1e"``, ``"quiero"``, ``"mazo"``);
* numbers are ``int``, except ``points`` (expected points, a ``float`` rounded to two decimals).

A reason is shown after the hand, never during it: it may tell what the bot holds.

>>> r = BotReason.of(ReasonCode.ENVIDO_WITH_COUNT, count=31, call="envido")
>>> r.code.value, r["count"], r.as_dict()
('envido_with_count', 31, {'count': 31, 'call': 'envido'})
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum

__all__ = ["ReasonCode", "BotReason", "ParamValue"]

ParamValue = int | float | str | bool
"""The type of a reason parameter's value."""


class ReasonCode(StrEnum):
    """What a bot's decision (or a hint's best action) is based on. Parameters per code below."""

    # --- Any level -----------------------------------------------------------------------------
    RANDOM = "random"
    """The random player picked uniformly among the legal actions. No parameters."""
    ONLY_ACTION = "only_action"
    """There was one legal action (or one sensible one). ``action``: the action taken."""

    # --- Envido ---------------------------------------------------------------------------------
    ENVIDO_WITH_COUNT = "envido_with_count"
    """Calls the envido because its count is good. ``count``: its envido (0-33); ``call``: the call
    made (envido, real_envido or falta_envido)."""
    ENVIDO_AS_MANO = "envido_as_mano"
    """Calls the envido as mano (ties go to the mano, so a good count wins most showdowns).
    ``count``: its envido; ``call``: the call made."""
    ENVIDO_PARTNER_SPEAKS = "envido_partner_speaks"
    """Calls the envido on the strength of the team (its own count, or a partner's seña). ``count``:
    its own envido; ``call``: the call made."""
    ACCEPT_ENVIDO_COUNT = "accept_envido_count"
    """Accepts an envido call because its count should win. ``count``: its envido; ``call``: the
    call accepted."""
    RAISE_ENVIDO = "raise_envido"
    """Raises an envido call with a very good count. ``count``: its envido; ``call``: the raise."""
    DECLINE_LOW_COUNT = "decline_low_count"
    """Declines an envido call: its count is too low to risk it. ``count``: its envido; ``call``:
    the call declined."""
    ENVIDO_FIRST = "envido_first"
    """Answers a truco with an envido call first (el envido está primero). ``count``: its envido;
    ``call``: the envido call."""

    # --- Flor ------------------------------------------------------------------------------------
    FLOR_COMPULSORY = "flor_compulsory"
    """Announces its flor (compulsory with flor in the rules). ``value``: its flor (20-38)."""
    CONTRAFLOR_STRONG = "contraflor_strong"
    """Answers a flor of the other team with a contraflor (or al resto): its flor is high.
    ``value``: its flor; ``call``: contraflor or contraflor_al_resto."""
    ACCEPT_CONTRAFLOR = "accept_contraflor"
    """Accepts a contraflor: its flor is high. ``value``: its flor; ``call``: the call accepted."""
    DECLINE_CONTRAFLOR = "decline_contraflor"
    """Declines a contraflor: its flor is low. ``value``: its flor; ``call``: the call declined."""

    ENVIDO_CALL_ODDS = "envido_call_odds"
    """(Strong bot, hints.) Calls the envido: the team wins the showdown in about ``wins`` of
    ``of`` deals the other seats may hold. ``count``: its own envido; ``call``: the call made."""
    ENVIDO_RAISE_ODDS = "envido_raise_odds"
    """(Strong bot, hints.) Raises an envido call, winning the showdown in about ``wins`` of ``of``
    deals. ``count``: its own envido; ``call``: the raise."""
    ENVIDO_BLUFF = "envido_bluff"
    """(Strong bot, hints.) An envido call with a count that rarely wins the showdown, made because
    the other team says No quiero in about ``folds`` of ``of`` deals. ``count``: its own envido;
    ``call``: the call."""
    ENVIDO_ACCEPT_ODDS = "envido_accept_odds"
    """(Strong bot, hints.) Accepts an envido call: the team wins the showdown in about ``wins``
    of ``of`` deals (the stake makes it worth it). ``count``: its own envido; ``call``: the call
    accepted."""
    ENVIDO_DECLINE_ODDS = "envido_decline_odds"
    """(Strong bot, hints.) Declines an envido call: the team wins the showdown in only about
    ``wins`` of ``of`` deals. ``count``: its own envido; ``call``: the call declined."""
    ENVIDO_ACCEPT_FORCED = "envido_accept_forced"
    """Accepts an envido call because declining would give the other team the match, whatever the
    count. ``count``: its own envido; ``call``: the call accepted."""

    # --- Truco -----------------------------------------------------------------------------------
    TRUCO_STRONG = "truco_strong"
    """Calls truco (or raises when its turn comes) with strong cards. ``call``: the call;
    ``card``: its best card still in hand (or the card that decides)."""
    TRUCO_SURE = "truco_sure"
    """Calls or raises because its team cannot lose the hand any more (it holds the winning card,
    or already took what it needs). ``call``: the call."""
    ACCEPT_TRUCO_STRONG = "accept_truco_strong"
    """Accepts a truco call with cards good enough. ``call``: the call accepted; ``card``: its
    best card still in hand."""
    RAISE_TRUCO_STRONG = "raise_truco_strong"
    """Answers a truco call with the next raise (quiero retruco, quiero vale cuatro): very strong
    cards. ``call``: the raise; ``card``: its best card still in hand."""
    DECLINE_TRUCO_WEAK = "decline_truco_weak"
    """Declines a truco call: its cards are too weak. ``call``: the call declined; ``card``: its
    best card still in hand (absent when it holds none)."""
    TABLE_CARD_HOLDS = "table_card_holds"
    """Answers a truco with no card left in hand by accepting (or raising): its team's card on the
    table is likely to take the trick that decides. ``call``: the call accepted or the raise;
    ``card``: the team's best card on the table."""
    TABLE_CARD_WEAK = "table_card_weak"
    """Declines a truco with no card left in hand: its team's card on the table is unlikely to take
    the trick that decides. ``call``: the call declined; ``card``: the team's best card on the
    table (absent when none)."""
    BLUFF = "bluff"
    """Calls or raises with weak cards, hoping the other team declines (mentir). ``call``: the call."""

    # --- Cards -----------------------------------------------------------------------------------
    PLAY_LOWEST_WINNER = "play_lowest_winner"
    """Plays the lowest of its cards that beats every card of the other team on the trick (a later
    card may still beat it). ``card``: the card."""
    PLAY_LOWEST_CARD = "play_lowest_card"
    """Cannot beat the cards on the trick (or need not): plays its lowest card. ``card``: the card."""
    PLAY_LOW_PARTNER_WINS = "play_low_partner_wins"
    """Its partner's card is winning the trick so far (it beats every card of the other team on
    it): plays its lowest card. ``card``: the card; ``partner``: the partner's seat."""
    PLAY_PARDA = "play_parda"
    """Ties the trick (parda) with a card equal to the best of the other team, which keeps the hand
    in its favour. ``card``: the card."""
    SAVE_MATA = "save_mata"
    """Keeps a top card (a mata) for later and plays a lower card that still does the job.
    ``card``: the card played; ``kept``: the top card kept."""
    LEAD_STRONG = "lead_strong"
    """Leads the trick with a strong card to take it. ``card``: the card."""
    LEAD_BEST = "lead_best"
    """Leads the trick with the best card it holds, though not a strong one (below a 2): the
    trick decides and nothing better is left. ``card``: the card."""
    LEAD_LOW = "lead_low"
    """Leads the trick with a low card, keeping its strength for later. ``card``: the card."""
    WIN_RATE_TRICK = "win_rate_trick"
    """(Hints, strong bot.) This card takes the trick against about ``wins`` of ``of`` hands the
    other team may hold. ``card``: the card; ``wins``, ``of``: the counts."""
    WIN_RATE_HAND = "win_rate_hand"
    """(Hints, strong bot.) With this action the team takes the hand on tricks in about ``wins``
    of ``of`` deals the other seats may hold (hands the other team gives up by declining or going
    to the mazo are not counted). ``action``: the action; ``wins``, ``of``: the counts."""
    MATCH_DECLINE_LOSES = "match_decline_loses"
    """(Hints, strong bot.) Accepts (or raises) a truco because No quiero would give the other
    team the match: accepting keeps a chance. ``call``: the call answered; ``action``: the answer."""
    MATCH_CHANGES = "match_changes"
    """(Hints, strong bot.) The best action for the match is not the one that scores most in this
    hand on average: the score makes some points worth more than others. ``action``: the action
    chosen; ``chance``: its estimated chance of winning the match, in percent; ``other``: the
    action with the best expected points for the hand; ``points``, ``other_points``: the two
    actions' expected points for the rest of the hand (floats)."""

    # --- Mazo ------------------------------------------------------------------------------------
    MAZO_HOPELESS = "mazo_hopeless"
    """Goes to the mazo: the hand is lost whatever it plays, and folding costs no more. No
    parameters."""
    MAZO_SAVE_POINTS = "mazo_save_points"
    """Goes to the mazo to give fewer points than playing on would likely cost: the other team may
    still call the envido, which the mazo takes away (without that, playing on can always stop at
    the same price). ``points``: the points given (an int)."""

    # --- Catalan Truc: the hand of 11, the knock and the one-card deal ------------------------------
    ELEVEN_PLAY = "eleven_play"
    """On 11, plays the hand (worth 3, no bets): at this score playing gives the better chance of
    winning the game. ``wins``, ``of``: the team takes the hand in about ``wins`` of ``of`` deals;
    ``chance``: the estimated chance of winning the game, in percent."""
    ELEVEN_RUN = "eleven_run"
    """On 11, refuses the hand (the other team scores 1): its cards win it too rarely for the 3
    points the other team would score. ``wins``, ``of``: as for ``eleven_play``; ``chance``: the
    estimated chance of winning the game after refusing, in percent."""
    KNOCK_ONE_CARD = "knock_one_card"
    """Knocks instead of cutting: its first card is worth more in a one-trick hand than its three
    cards in a hand of three tricks. ``card``: the first card (the one it keeps in a one-card hand)."""
    DEAL_THREE = "deal_three"
    """After a knock, deals three cards: a knock says the other team likes its first card, and a
    tied one-card trick goes to the team that did not deal. No parameters."""
    DEAL_ONE = "deal_one"
    """After a knock, deals one card each. ``points``: the expected points of the one-card hand for
    the team, by simulation (a float)."""

    # --- Truco Mineiro: the threes before the hand, the face-down card -----------------------------
    THREE_KEEP = "three_keep"
    """The mão keeps the three he was given. ``card``: its best card; ``chance``: the rough chance of
    taking the hand with it, in percent."""
    THREE_PASS = "three_pass"
    """The mão passes a strong three to his partner and is given another. ``card``, ``chance``: as
    for ``three_keep``."""
    THREE_BURN = "three_burn"
    """The mão burns a weak three (face up, out of the hand) and is given another. ``card``,
    ``chance``: as for ``three_keep``."""
    PLAY_FACE_DOWN = "play_face_down"
    """A card that can neither take nor tie the trick goes face down: it tells the other side
    nothing. ``card``: the card."""

    # --- Strong bot and hints ----------------------------------------------------------------------
    BEST_EXPECTED = "best_expected"
    """(Strong bot, hints.) The action with the best expected result for the team over the rest of
    the hand, by simulation. ``points``: the expected points (team's minus the other team's, a
    float); ``action``: the action; ``rollouts``: how many simulated deals it was tried on."""


@dataclass(frozen=True, slots=True)
class BotReason:
    """A :class:`ReasonCode` with its parameters as ``(name, value)`` pairs (hashable, ordered)."""

    code: ReasonCode
    params: tuple[tuple[str, ParamValue], ...] = ()

    @classmethod
    def of(cls, code: ReasonCode | str, **params: ParamValue | None) -> BotReason:
        """Build a reason; parameters whose value is None are left out."""
        return cls(ReasonCode(code), tuple((k, v) for k, v in params.items() if v is not None))

    def __getitem__(self, name: str) -> ParamValue:
        for key, value in self.params:
            if key == name:
                return value
        raise KeyError(name)

    def get(self, name: str, default: ParamValue | None = None) -> ParamValue | None:
        """The parameter ``name``, or ``default``."""
        for key, value in self.params:
            if key == name:
                return value
        return default

    def __iter__(self) -> Iterator[tuple[str, ParamValue]]:
        return iter(self.params)

    def as_dict(self) -> dict[str, ParamValue]:
        """The parameters as a dict (for JSON and for formatting a sentence)."""
        return dict(self.params)
