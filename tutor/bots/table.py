"""A table: one learner and computer players playing a whole match, kept as data.

A :class:`Table` is ``rules + seed + bot level + learner seat + log``. The deals come from the seed
(:class:`~tutor.engine.match.MatchState`), every bot decision from :func:`tutor.bots.choose` with a
generator seeded from the table's seed and the decision's place in the match, so replaying the log
rebuilds the same table and a new decision is the same for everyone with that seed (the daily
deal). The log is a list of hands, each a list of :class:`LoggedAction` (the action in the engine's
notation, who took it, and a bot's reason): it is what the web layer stores, and all that it stores.

>>> from tutor.engine import Rules
>>> table = Table(Rules(target=15), seed=7, level="random")
>>> table.learner_to_act or table.hand.is_over
True
>>> entries = table.play(str(table.view().legal_actions[0]).split(":", 1)[1])
>>> entries[0].seat, entries[0].by
(0, 'learner')
>>> Table(Rules(target=15), seed=7, level="random", log=table.log()).view() == table.view()
True
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine.determinize import HandFact
from ..engine.errors import IllegalActionError, InvalidNotationError, NotationReason, Reason
from ..engine.match import MatchState
from ..engine.notation import format_action, parse_action
from ..engine.pica import PicaPicaHand
from ..engine.rules import Rules
from ..engine.state import Action, Deal, HandState, Phase, SeatView
from .senas import MAX_SENAS, Sena, facts as sena_facts, game_senas, noticed, senas
from .style import Style

__all__ = ["LoggedAction", "Table", "TableError", "ScriptError", "NEXT_HAND", "Policy"]

NEXT_HAND = "next"
"""The learner's action that deals the next hand once one is over."""

DECISION_SECONDS = 0.1
"""With a deadline, the most time one bot decision takes (the strong bot's default budgets take
less on a machine that is not overloaded: ``bench/bots_bench.py``)."""

MAX_BOT_ACTIONS = 200
"""A guard: no hand has this many actions (a hand has at most a few dozen)."""


class TableError(ValueError):
    """A log that does not replay (a stored game from another engine version, or a forged one)."""


@dataclass(frozen=True, slots=True)
class LoggedAction:
    """One action of the match log."""

    seat: int
    """Who acted."""
    action: str
    """The action in the engine's notation, seat included (``1:truco``)."""
    by: str
    """``learner``, ``bot`` or ``script`` (a computer seat following a practice hand's script)."""
    reason: Mapping[str, Any] | None = None
    """A bot's reason as data: ``{"code": ..., "params": {...}}`` (None for the learner)."""
    hinted: bool = False
    """The learner had asked for a hint before this decision."""
    senas: tuple[str, ...] = ()
    """The señas the learner made to its partner with this action (:class:`~tutor.bots.senas.Sena`
    values; at a table with computer players, :meth:`Table.play`)."""

    def to_data(self) -> dict[str, Any]:
        """A JSON-ready dict (short keys: the log is stored with every game)."""
        data: dict[str, Any] = {"a": self.action, "s": self.seat, "b": self.by}
        if self.reason is not None:
            data["r"] = dict(self.reason)
        if self.hinted:
            data["h"] = True
        if self.senas:
            data["g"] = list(self.senas)
        return data

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> LoggedAction:
        """Read a dict written by :meth:`to_data`."""
        try:
            senas = tuple(Sena(str(value)).value for value in data.get("g", ()))
            return cls(int(data["s"]), str(data["a"]), str(data["b"]), data.get("r"), bool(data.get("h", False)), senas)
        except (KeyError, TypeError, ValueError) as error:
            raise TableError(f"bad log entry {data!r}") from error


def reason_data(reason: Any) -> dict[str, Any]:
    """A bot reason (``code`` and ``params``) as plain data."""
    params = getattr(reason, "params", {}) or {}
    if not isinstance(params, Mapping):
        params = dict(params)
    out: dict[str, Any] = {}
    for key, value in params.items():
        out[str(key)] = value if isinstance(value, (int, float, str, bool)) or value is None else str(value)
    return {"code": str(getattr(reason, "code", reason)), "params": out}


def decision_rng(seed: int, hand_index: int, position: int) -> random.Random:
    """The generator of one bot decision: fixed by the table's seed and the decision's place."""
    return random.Random(f"truco-tutor:{seed}:{hand_index}:{position}")


Policy = Callable[["Table", int], "tuple[Action, Mapping[str, Any]] | None"]
"""A script for the computer seats: ``policy(table, seat)`` returns the action ``seat`` takes now
and its reason as data (``{"code": ..., "params": {...}}``), or None to let the bot of the
table's level decide. A scripted practice hand (``tutor.content.practice``) is such a policy. The
action must be legal: :meth:`Table.play` raises :class:`ScriptError` otherwise."""


class ScriptError(RuntimeError):
    """A policy chose an action the engine refuses (an authoring error in a scripted hand)."""


class Table:
    """A match between the learner (``learner_seat``) and computer players of one ``level``.

    ``log`` is what :meth:`log` returned earlier: the table replays it (raising
    :class:`TableError` if it does not replay). A new table lets the bots act until the learner's
    first turn.

    ``deal``, ``mano`` and ``scores`` fix the first hand (a practice hand); later hands come from
    the seed. ``policy`` speaks for the computer seats before their bot does (see :data:`Policy`).

    ``deadline`` (here, in :meth:`play` and in :meth:`next_hand`; a :func:`time.monotonic`
    instant) bounds the time the bots' decisions of that step take together: each decision gets at
    most :data:`DECISION_SECONDS` and none runs past the deadline (the strong bot's anytime search,
    :func:`tutor.bots.choose`). None: the bots' sample budgets alone, as in tests.

    ``humans`` (a table with people, ``tutor.web.people``): the seats where people sit, each acting
    for itself (:meth:`play` with ``seat=``); the bots stop at any of them. A person makes its own
    señas with its actions (or none), as the learner does at a table with computer players; the
    computer players' are drawn from their cards. :meth:`seated` is the same table seen from one
    seat. Default: the learner's seat alone.
    """

    def __init__(
        self,
        rules: Rules,
        seed: int,
        level: str,
        learner_seat: int = 0,
        log: Sequence[Iterable[Mapping[str, Any]]] | None = None,
        *,
        deal: Deal | None = None,
        mano: int = 0,
        scores: Sequence[int] = (0, 0),
        policy: Policy | None = None,
        deadline: float | None = None,
        humans: Iterable[int] | None = None,
    ) -> None:
        from . import Level  # the bots package (imported late: it imports this module's names)

        self.rules = rules
        self.seed = seed
        self.level = Level(level)
        if type(learner_seat) is not int or not 0 <= learner_seat < rules.players:
            raise InvalidNotationError(NotationReason.BAD_VALUE, f"no seat {learner_seat!r}", value=learner_seat)
        self.learner_seat = learner_seat
        self.people = humans is not None
        self.humans: frozenset[int] = self._seats(humans) if humans is not None else frozenset({learner_seat})
        self.policy = policy
        self.match = MatchState(
            rules, seed=seed, mano=mano, scores=scores, deals=(deal,) if deal is not None else (), auto_deal=False
        )
        self._hands: list[list[LoggedAction]] = [[]]
        if log:
            self._replay(log)
        else:
            self._bots_until_learner(deadline)

    # --- Reading ---------------------------------------------------------------------------------

    @property
    def hand(self) -> HandState:
        """The hand under way (or the last one, when it is over)."""
        return self.match.hand

    @property
    def hand_index(self) -> int:
        """The number of the hand under way, from 0."""
        return len(self._hands) - 1

    @property
    def version(self) -> int:
        """How many entries the log has, next-hand steps included: a page is drawn after a version."""
        return sum(len(h) for h in self._hands) + len(self._hands) - 1

    def hand_start_version(self, index: int | None = None) -> int:
        """The version at which hand ``index`` (default: the one under way) began: its first entry's
        position in the log."""
        index = self.hand_index if index is None else index
        return sum(len(h) for h in self._hands[:index]) + index

    @property
    def is_over(self) -> bool:
        """True once a team has reached the target."""
        return self.match.is_over

    def _seats(self, seats: Iterable[int]) -> frozenset[int]:
        found = frozenset(seats)
        if any(type(s) is not int or not 0 <= s < self.rules.players for s in found):
            raise InvalidNotationError(
                NotationReason.BAD_VALUE, f"no seats {sorted(found)!r}", value=str(sorted(found))
            )
        return found

    def seated(self, seat: int) -> Table:
        """This table seen from ``seat`` (a person's page): the same match and log, read from there."""
        if type(seat) is not int or not 0 <= seat < self.rules.players:
            raise InvalidNotationError(NotationReason.BAD_VALUE, f"no seat {seat!r}", value=seat)
        other = copy.copy(self)
        other.learner_seat = seat
        return other

    def seat_humans(self, humans: Iterable[int], *, deadline: float | None = None) -> list[LoggedAction]:
        """Change who is a person (a bot takes a seat a person left, a person a bot's): then the bots act
        until a person's turn. Returns the bots' new entries."""
        self.humans = self._seats(humans)
        self.people = True
        return self._bots_until_learner(deadline)

    @property
    def silent(self) -> frozenset[int]:
        """The seats whose señas in the hand under way are not drawn from their cards but made by a
        person with its actions (:meth:`play`'s ``senas``), or none: :meth:`makes_own_senas`."""
        return frozenset(seat for seat in range(self.rules.players) if self.makes_own_senas(seat))

    def makes_own_senas(self, seat: int, index: int | None = None) -> bool:
        """True when a person, not a computer player, signals for ``seat`` in hand ``index`` (default:
        the one under way): the learner's seat at a table with computer players; at a table with
        people, a seat where a person sits in the hand under way, or one a person acted for in that
        hand (a person a bot replaced after it acted keeps the señas it made, and no others). In an
        earlier hand a seat nobody acted for (the hand ended first) counts as it is seated now."""
        index = self.hand_index if index is None else index
        if not self.people:
            return seat == self.learner_seat
        if index == self.hand_index and seat in self.humans:
            return True
        by = {entry.by for entry in self._hands[index] if entry.seat == seat}
        return "learner" in by or (not by and seat in self.humans)

    @property
    def learner_to_act(self) -> bool:
        """True when the learner must act in the hand under way."""
        return not self.hand.is_over and self.hand.to_act == self.learner_seat

    def view(self) -> SeatView:
        """What the learner may see now, to decide on: in a pica-pica round the view of the learner's
        own duel from its chair there (two seats, :meth:`PicaPicaHand.view_for`), what the hint reads."""
        return self.hand.view_for(self.learner_seat)

    def table_view(self) -> SeatView:
        """What the learner sees at the table, in table seats: :meth:`view`, or in a pica-pica round the
        learner's duel seen at the six-seat table (:meth:`PicaPicaHand.table_view_for`)."""
        hand = self.hand
        if isinstance(hand, PicaPicaHand):
            return hand.table_view_for(self.learner_seat)
        return hand.view_for(self.learner_seat)

    def to_table(self, action: Action) -> Action:
        """An action chosen on :meth:`view` (or a bot's view) in table seats: in a pica-pica round the
        duel's seat becomes the table's; otherwise ``action`` itself."""
        hand = self.hand
        return hand.table_action(action) if isinstance(hand, PicaPicaHand) else action

    def style_for(self, seat: int) -> Style:
        """:meth:`style` as ``seat``'s decision reads it: in a pica-pica duel, keyed by the duel's chairs."""
        style = self.style()
        hand = self.hand
        return style.seated(hand.duel_seats()) if isinstance(hand, PicaPicaHand) else style

    # --- Señas -----------------------------------------------------------------------------------

    def senas_shown(self, seat: int, index: int | None = None) -> tuple[Sena, ...]:
        """The señas ``seat`` showed its partners in hand ``index`` (default: the one under way; none
        with 2 players or in a pica-pica round): a computer player's when play began, drawn from its
        cards; a person's (:meth:`makes_own_senas`) those it has made so far in the hand
        (:meth:`made_senas`)."""
        index = self.hand_index if index is None else index
        hand = self.hands()[index]
        if isinstance(hand, PicaPicaHand):  # no señas in a pica-pica duel
            return ()
        if self.makes_own_senas(seat, index):
            return self.made_senas(seat, index)
        start = hand.when_play_began()  # the cards the seat held when play began
        return () if start is None else senas(start.view_for(seat))

    def made_senas(self, seat: int, index: int | None = None) -> tuple[Sena, ...]:
        """The señas a person made for ``seat`` with its actions in hand ``index`` (default: the one
        under way), in order."""
        made = [
            value
            for entry in self._hands[self.hand_index if index is None else index]
            if entry.seat == seat
            for value in entry.senas
        ]
        return tuple(Sena(value) for value in dict.fromkeys(made))

    def learner_senas(self, index: int | None = None) -> tuple[Sena, ...]:
        """The señas the learner made in hand ``index`` (default: the one under way), in order."""
        return self.made_senas(self.learner_seat, index)

    def sena_choices(self, seat: int | None = None) -> tuple[Sena, ...]:
        """The señas the learner (or ``seat``, a person at a table with people) may make now, with its
        action: the game's set (a seña need not be true, docs/rules/catalan.md §9.2.10,
        docs/rules/argentine.md §7.5) at a table of 4 or 6, on its turn in a hand (not a pica-pica
        round, not before play) in which it has made none yet; else none."""
        seat = self.learner_seat if seat is None else seat
        hand = self.hand
        if (
            self.rules.players < 4
            or isinstance(hand, PicaPicaHand)
            or hand.phase is Phase.DEAL  # Truco Mineiro's keep, pass or burn: the cards are not all dealt
            or hand.is_over
            or hand.to_act != seat
            or not self.makes_own_senas(seat)
            or self.made_senas(seat)
        ):
            return ()
        return game_senas(self.rules.variant, self.rules.has_flor)

    def noticed_by(self, observer: int, index: int | None = None) -> tuple[int, ...]:
        """The opponents whose señas ``observer`` caught in hand ``index`` ("now and then")."""
        index = self.hand_index if index is None else index
        return tuple(
            seat
            for seat in range(self.rules.players)
            if seat % 2 != observer % 2
            and self.senas_shown(seat, index)
            and noticed(f"{self.seed}:{index}", seat, observer)
        )

    def facts_for(self, seat: int, index: int | None = None) -> tuple[HandFact, ...]:
        """What ``seat`` knows of other hands from señas: its partners' always, opponents' when caught."""
        index = self.hand_index if index is None else index
        known: list[HandFact] = []
        for other in range(self.rules.players):
            if other == seat:
                continue
            if other % 2 == seat % 2 or other in self.noticed_by(seat, index):
                known.extend(sena_facts(other, self.senas_shown(other, index)))
        return tuple(known)

    def style(self) -> Style:
        """How every seat has played this match so far (:class:`tutor.bots.style.Style`), read off
        the public record of its hands: what the strong bot and the hint model the other team by."""
        return Style.observe(self.hands())

    def hand_entries(self, index: int | None = None) -> list[LoggedAction]:
        """The entries of one hand (default: the one under way)."""
        return list(self._hands[self.hand_index if index is None else index])

    def hands(self) -> list[HandState]:
        """Every hand of the match so far, the one under way last."""
        history = list(self.match.history)
        if not history or history[-1] is not self.match.hand:
            history.append(self.match.hand)
        return history

    def log(self) -> list[list[dict[str, Any]]]:
        """The log as JSON-ready data: one list of entries per hand."""
        return [[entry.to_data() for entry in hand] for hand in self._hands]

    # --- Acting ----------------------------------------------------------------------------------

    def parse_learner_action(self, text: str, seat: int | None = None) -> Action:
        """The learner's action (or ``seat``'s, a person's) from its text without the seat (``7o``,
        ``truco``, ``quiero``)."""
        seat = self.learner_seat if seat is None else seat
        if not isinstance(text, str) or not text.strip() or ":" in text or len(text) > 40:
            raise InvalidNotationError(NotationReason.MALFORMED, f"not an action: {text!r}", value=str(text)[:40])
        return parse_action(f"{seat}:{text.strip()}")

    def play(
        self,
        text: str,
        *,
        hinted: bool = False,
        deadline: float | None = None,
        seat: int | None = None,
        senas: Sequence[str] = (),
    ) -> list[LoggedAction]:
        """Apply the learner's action (``seat``: a person's, at a table with people), then let the bots act until it is the learner's turn again or
        the hand ends. Returns the new entries. ``senas``: the señas the learner makes to its partner
        with it, of :meth:`sena_choices` (at most :data:`~tutor.bots.senas.MAX_SENAS` besides the
        flor's); its partner knows them from then on, an opponent now and then. Raises
        :class:`IllegalActionError` (with the engine's reason) or :class:`InvalidNotationError`,
        changing nothing."""
        if text == NEXT_HAND:
            return self.next_hand(deadline=deadline)
        if seat is not None and seat not in self.humans:
            raise InvalidNotationError(NotationReason.BAD_VALUE, f"seat {seat} is a bot's", value=seat)
        made = self.check_senas(senas, seat)
        action = self.parse_learner_action(text, seat)
        if self.match.is_over:
            raise IllegalActionError(Reason.MATCH_OVER, "the match is over")
        self.hand.verify(action)
        self.match.apply(action)
        entry = LoggedAction(action.seat, format_action(action), "learner", hinted=hinted, senas=made)
        self._hands[-1].append(entry)
        return [entry, *self._bots_until_learner(deadline)]

    def check_senas(self, senas: Sequence[str], seat: int | None = None) -> tuple[str, ...]:
        """``senas`` as the learner (or ``seat``) may make them now (:meth:`sena_choices`, at most
        :data:`~tutor.bots.senas.MAX_SENAS` besides the flor's, each once), else
        :class:`InvalidNotationError`."""
        made = tuple(dict.fromkeys(str(value) for value in senas))
        if not made:
            return ()
        allowed = {sena.value for sena in self.sena_choices(seat)}
        cards = [value for value in made if value != Sena.FLOR.value]
        if not set(made) <= allowed or len(cards) > MAX_SENAS:
            raise InvalidNotationError(NotationReason.BAD_VALUE, f"señas {made!r} cannot be made now", value=made)
        return made

    def next_hand(self, *, deadline: float | None = None) -> list[LoggedAction]:
        """Deal the next hand (after one is over) and let the bots act until the learner's turn."""
        if self.match.is_over:
            raise IllegalActionError(Reason.MATCH_OVER, "the match is over")
        if not self.hand.is_over:
            raise IllegalActionError(Reason.HAND_OVER, "the current hand is not over yet")
        self.match.next_hand()
        self._hands.append([])
        return self._bots_until_learner(deadline)

    def _bots_until_learner(self, deadline: float | None = None) -> list[LoggedAction]:
        from . import choose, deadline_in  # the bots package imports nothing from here
        from .checks import checked_reason

        entries: list[LoggedAction] = []
        for _ in range(MAX_BOT_ACTIONS):
            hand = self.hand
            seat = hand.to_act
            if hand.is_over or seat is None or seat in self.humans:  # None only when over
                return entries
            scripted = self.policy(self, seat) if self.policy is not None else None
            if scripted is not None:
                action, reason = scripted
                if action.seat != seat or not hand.can_apply(action):
                    raise ScriptError(f"the script plays {action} for seat {seat}, which the engine refuses")
                self.match.apply(action)
                by = "script" if reason.get("code") == "script" else "bot"
                entry = LoggedAction(seat, format_action(action), by, dict(reason) or None)
                self._hands[-1].append(entry)
                entries.append(entry)
                continue
            rng = decision_rng(self.seed, self.hand_index, len(self._hands[-1]))
            decision = choose(
                hand.view_for(seat),  # in a pica-pica round, the seat's duel from its chair there
                self.level,
                rng,
                facts=self.facts_for(seat),
                deadline=None if deadline is None else deadline_in(DECISION_SECONDS, deadline),
                style=self.style_for(seat) if self.level == "strong" else None,
            )
            action = self.to_table(decision.action)
            # Only a reason whose claims the whole hand backs is kept (and so ever shown).
            backed = checked_reason(decision.reason, hand, seat, action)
            self.match.apply(action)
            entry = LoggedAction(
                seat, format_action(action), "bot", reason_data(backed) if backed is not None else None
            )
            self._hands[-1].append(entry)
            entries.append(entry)
        raise RuntimeError("a hand did not end")  # pragma: no cover - the engine ends every hand

    def _replay(self, stored: Sequence[Iterable[Mapping[str, Any]]]) -> None:
        if not isinstance(stored, Sequence) or not stored:
            raise TableError("a log is a list of hands")
        for index, hand_data in enumerate(stored):
            if index:
                if not self.hand.is_over or self.match.is_over:
                    raise TableError(f"hand {index} starts before the previous one ended")
                self.match.next_hand()
                self._hands.append([])
            for data in hand_data:
                entry = LoggedAction.from_data(data)
                try:
                    action = parse_action(entry.action)
                    if action.seat != entry.seat:
                        raise TableError(f"entry {data!r} names two seats")
                    self.match.apply(action)
                except (IllegalActionError, InvalidNotationError) as error:
                    raise TableError(f"hand {index}: {entry.action} does not replay: {error}") from error
                self._hands[-1].append(entry)
