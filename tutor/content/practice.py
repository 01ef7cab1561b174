"""Playing a practice hand: the table, the script, the coach, the verdict and the ideal line.

A :class:`Practice` is a :class:`~tutor.bots.table.Table` of one hand whose deal comes from the
hand's file and a seed, and whose computer seats follow the script first and the hand's bot level
for everything the script does not cover, so a learner who plays something unexpected is never
stuck: the hand goes on and ends. Like a table, a practice is ``hand + seed + log``: the log is all
that is stored, and replaying it rebuilds the same state.

>>> from tutor.content.loader import get_hand
>>> spec = get_hand("lowest-card-that-wins")
>>> run = play_ideal(spec, seed=3)
>>> run.over, run.verdict().goal, run.verdict().stars
(True, True, 3)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from tutor.bots import choose
from tutor.bots.checks import checked_reason
from tutor.bots.table import LoggedAction, ScriptError, Table, decision_rng, reason_data
from tutor.engine.notation import format_action
from tutor.engine.state import Answer, HandState, PlayCard
from tutor.engine.stepper import replay

from .claims import Claim, build, verdict_claims
from .hands import ActionSpec, CoachNote, PracticeHand, text_values
from .predicates import Moment, seats_of

__all__ = [
    "Practice",
    "PracticeOutcome",
    "FiredNote",
    "play_ideal",
    "play_line",
    "IdealLineError",
    "ScriptError",
    "MAX_ACTIONS",
]

MAX_ACTIONS = 60
"""No hand, however it is played, has more actions than this (three tricks, calls and answers)."""


class IdealLineError(RuntimeError):
    """A hand's ideal line names an action the engine refuses, or ends before the learner's last turn."""


@dataclass(frozen=True)
class FiredNote:
    """A coach message that fired: the note and the log position (number of actions) after which."""

    note: CoachNote
    position: int
    values: Mapping[str, int]
    """The numbers its text may show (:data:`tutor.content.hands.TEXT_VALUES`), at that moment."""
    facts: tuple[Claim, ...] = ()
    """The claims of the note's ``facts``, built by the engine at that moment (shown before the text)."""
    players: int = 2
    """The table's size (to word the claims)."""


@dataclass(frozen=True)
class PracticeOutcome:
    """How the learner did, once the hand is over."""

    goal: bool
    """The goal predicate held at the end."""
    hinted: bool
    """The learner asked for a hint at least once."""
    mistakes: int
    """Coach messages flagged as mistakes that fired (and the outcome, when it is flagged)."""
    text: str = ""
    """What to learn (an English msgid): the first matching outcome's text, else ``success`` or ``failure``."""
    outcome: int | None = None
    """The index of the outcome that gave ``text`` (None: ``success`` or ``failure``)."""
    facts: tuple[Claim, ...] = ()
    """What happened, as claims the engine built (:func:`tutor.content.claims.verdict_claims`)."""
    values: Mapping[str, int] = field(default_factory=dict)
    """The numbers ``text`` may show, at the end of the hand."""
    players: int = 2

    @property
    def stars(self) -> int:
        """3 for the goal without a hint or a flagged mistake, 2 for the goal with help, 1 for finishing."""
        if self.goal and not self.hinted and not self.mistakes:
            return 3
        return 2 if self.goal else 1


class Practice:
    """One practice hand at a table: the learner is seat 0."""

    def __init__(self, spec: PracticeHand, seed: int, log: Sequence[Iterable[Mapping[str, Any]]] | None = None) -> None:
        self.spec = spec
        self.seed = seed
        self.table = Table(
            spec.rules,
            seed,
            str(spec.bots),
            log=log,
            deal=spec.deal(seed),
            mano=spec.mano,
            scores=spec.scores,
            policy=self._policy,
        )
        if len(self.table.hands()) > 1:
            from tutor.bots.table import TableError

            raise TableError("a practice is one hand")

    # --- The script ------------------------------------------------------------------------------

    def _policy(self, table: Table, seat: int):
        hand = table.hand
        moment = Moment(hand, table.learner_seat)
        fired = {int(e.reason["params"]["rule"]) for e in table.hand_entries() if e.by == "script" and e.reason}
        for rule in self.spec.script:
            if rule.once and rule.index in fired:
                continue
            if seat not in seats_of(rule.seat, moment) or not rule.when.test(moment):
                continue
            action = rule.do.resolve(hand, seat)
            if action is None:
                raise ScriptError(
                    f"{self.spec.key}: script rule {rule.index + 1} ({rule.do}) names no legal "
                    f"action for seat {seat} after {[format_action(a) for a in hand.actions]}"
                )
            return action, {"code": "script", "params": {"rule": rule.index}}
        if self.spec.quiet:
            return self._quiet_bot(table, seat)
        return None

    def _quiet_bot(self, table: Table, seat: int):
        """The hand's bot, choosing among card plays and plain answers only (no calls, no mazo)."""
        view = table.hand.view_for(seat)
        legal = tuple(a for a in view.legal_actions if isinstance(a, (PlayCard, Answer)))
        if not legal:
            return None
        rng = decision_rng(table.seed, table.hand_index, len(table.hand_entries()))
        decision = choose(replace(view, legal_actions=legal), self.spec.bots, rng)
        reason = checked_reason(decision.reason, table.hand, seat, decision.action)
        return decision.action, reason_data(reason) if reason is not None else {}

    # --- Reading ---------------------------------------------------------------------------------

    @property
    def hand(self) -> HandState:
        return self.table.hand

    @property
    def over(self) -> bool:
        """True once the hand is over."""
        return self.table.hand.is_over

    def log(self) -> list[list[dict[str, Any]]]:
        return self.table.log()

    def entries(self) -> list[LoggedAction]:
        return self.table.hand_entries(0)

    def coach(self) -> list[FiredNote]:
        """The coach messages fired so far, in order: each the first time its predicate held (checked
        before the first action and after every action)."""
        steps = replay(self.table.hand)
        pending = list(self.spec.coach)
        fired: list[FiredNote] = []
        learner = self.table.learner_seat

        def check(position: int) -> None:
            moment = Moment(steps.state, learner)
            for note in list(pending):
                if note.when.test(moment):
                    facts = tuple(claim for name in note.facts for claim in build(name, moment))
                    fired.append(
                        FiredNote(note, position, text_values(steps.state, learner), facts, steps.state.players)
                    )
                    pending.remove(note)

        check(0)
        for step in steps:
            if not pending:
                break
            check(step.position + 1)
        return fired

    def verdict(self) -> PracticeOutcome | None:
        """The verdict once the hand is over (None before)."""
        if not self.over:
            return None
        hinted = any(e.hinted for e in self.entries() if e.by == "learner")
        mistakes = sum(1 for f in self.coach() if f.note.mistake)
        hand = self.table.hand
        moment = Moment(hand, self.table.learner_seat)
        goal = self.spec.goal.test(moment)
        outcome = next((o for o in self.spec.outcomes if o.when.test(moment)), None)
        if outcome is not None:
            text, index = outcome.text, outcome.index
            mistakes += outcome.mistake
        else:
            text, index = (self.spec.success if goal else self.spec.failure), None
        return PracticeOutcome(
            goal=goal,
            hinted=hinted,
            mistakes=mistakes,
            text=text,
            outcome=index,
            facts=(*(c for name in self.spec.facts for c in build(name, moment)), *verdict_claims(moment)),
            values=text_values(hand, self.table.learner_seat),
            players=hand.players,
        )

    # --- Acting ----------------------------------------------------------------------------------

    def play(self, text: str, *, hinted: bool = False) -> list[LoggedAction]:
        """The learner's action (engine text without the seat); the script and bots answer. Raises the
        engine's errors for an illegal or unreadable action, changing nothing."""
        return self.table.play(text, hinted=hinted)

    def ideal_action(self) -> str | None:
        """The ideal line's action for the learner's current decision, as action text (None when
        the learner is not to act or the line is exhausted)."""
        if not self.table.learner_to_act:
            return None
        done = sum(1 for e in self.entries() if e.by == "learner")
        if done >= len(self.spec.ideal):
            return None
        action = self.spec.ideal[done].resolve(self.table.hand, self.table.learner_seat)
        return format_action(action).split(":", 1)[1] if action is not None else None


def play_line(spec: PracticeHand, seed: int, choose) -> Practice:
    """Play a whole hand with ``choose(practice) -> action text`` deciding for the learner."""
    run = Practice(spec, seed)
    for _ in range(MAX_ACTIONS):
        if run.over:
            return run
        run.play(choose(run))
    raise RuntimeError(f"{spec.key}: the hand did not end within {MAX_ACTIONS} learner actions")


def play_ideal(spec: PracticeHand, seed: int) -> Practice:
    """The hand played along its ideal line (IdealLineError if the line does not fit the deal)."""

    def choose(run: Practice) -> str:
        done = sum(1 for e in run.entries() if e.by == "learner")
        if done >= len(spec.ideal):
            raise IdealLineError(f"{spec.key} (seed {seed}): the ideal line ends before the hand does")
        action = spec.ideal[done].resolve(run.hand, run.table.learner_seat)
        if action is None:
            raise IdealLineError(
                f"{spec.key} (seed {seed}): ideal step {done + 1} ({spec.ideal[done]}) is not "
                f"legal after {[format_action(a) for a in run.hand.actions]}"
            )
        return format_action(action).split(":", 1)[1]

    return play_line(spec, seed, choose)


def describe(spec: PracticeHand, run: Practice) -> list[str]:
    """The hand as plain English lines for authors (the CLI): deal, each action, the coach's words."""
    hand = run.hand
    names = {0: "learner"}
    for seat in range(1, hand.players):
        names[seat] = ("partner" if seat % 2 == 0 else "opponent") + (f" s{seat}" if hand.players > 2 else "")
    lines = [
        f"{spec.key} (lesson {spec.lesson}), seed {run.seed}: {spec.title}",
        "deal: " + " | ".join(f"{names[s]} {' '.join(c.notation for c in hand.deal[s])}" for s in range(hand.players)),
        f"mano: {names[hand.mano]}; scores us-them {hand.start_scores[0]}-{hand.start_scores[1]}",
    ]
    notes = run.coach()
    by_position: dict[int, list[FiredNote]] = {}
    for fired in notes:
        by_position.setdefault(fired.position, []).append(fired)

    def say(position: int) -> None:
        for fired in by_position.get(position, []):
            flag = " (mistake)" if fired.note.mistake else ""
            for claim in fired.facts:
                lines.append(f"    fact: {claim}")
            lines.append(
                f"    coach{flag}: {fired.note.text % fired.values if '%(' in fired.note.text else fired.note.text}"
            )

    say(0)
    for position, entry in enumerate(run.entries(), start=1):
        how = {"learner": "", "script": " [script]", "bot": f" [{spec.bots}]"}[entry.by]
        lines.append(f"  {names[entry.seat]}: {entry.action.split(':', 1)[1]}{how}")
        say(position)
    verdict = run.verdict()
    if verdict is not None:
        lines.append(
            f"points us-them: {hand.points[0]}-{hand.points[1]}; goal {'reached' if verdict.goal else 'missed'}; "
            f"{verdict.stars} star{'s' if verdict.stars != 1 else ''}"
        )
        for claim in verdict.facts:
            lines.append(f"  fact: {claim}")
        text = verdict.text % verdict.values if "%(" in verdict.text else verdict.text
        lines.append(f"  verdict{'' if verdict.outcome is None else f' (outcome {verdict.outcome + 1})'}: {text}")
    return lines


__all__ += ["describe", "ActionSpec"]
