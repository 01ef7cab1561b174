"""Runs: games at the table, practice hands and quizzes, each owned by one learner.

Every run is loaded with its owner in one query (:meth:`Runs.load`): an id that is not the
learner's is not found, exactly like an unknown one (the pages answer 404 to both). Every write that
depends on what is stored is a compare-and-swap on the run's ``version``, one
``UPDATE ... WHERE version = :drawn``, so two tabs or a double click can never apply an action
twice or lose one (:meth:`Runs.save`, :meth:`Runs.claim_hint`, :meth:`QuizRuns.swap`). A write that
ends a run and appends to the learning log runs as the append's ``guard``, in its transaction.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from sqlalchemy import func, select, text, update

from ..learning import Source, quiz_item, quiz_passed
from .attempts import Appended, LogEntry
from .schema import Game, Learner, PracticeRun, QuizRun, db, new_public_id
from .sql import dialect_name, statement, upsert

if TYPE_CHECKING:
    from . import Store

_RUN_ID = re.compile(r"^[0-9a-f]{16}$")
DAILY = "daily"
"""The quiz key of a daily set."""

R = TypeVar("R", Game, PracticeRun, QuizRun)


def owned(model: type[R], owner_public_id: str | None, public_id: str | None, **where: Any) -> R | None:
    """The run of ``model`` with this public id if the learner with ``owner_public_id`` owns it (and its
    columns equal ``where``), else None. One query: the run joined with its learner."""
    if owner_public_id is None or not _RUN_ID.match(public_id or ""):
        return None
    query = (
        select(model)
        .join(Learner, model.learner_id == Learner.id)
        .where(model.public_id == public_id, Learner.public_id == owner_public_id)
    )
    for name, value in where.items():
        query = query.where(getattr(model, name) == value)
    return db.session.scalar(query)


class Runs(Generic[R]):
    """The runs at the table of one model (``Game`` or ``PracticeRun``): the same protocol for both."""

    def __init__(self, store: Store, model: type[R]) -> None:
        self.store = store
        self.model: type[R] = model

    def create(self, learner_id: int, *, unique: Sequence[str] = (), **values: Any) -> R:
        """A new run (its log and version as given).

        With ``unique`` (the columns of a unique index besides the learner, e.g. ``("daily",)``): the
        learner's run with those values if there is one, else a new one, in one ``INSERT ... ON
        CONFLICT DO NOTHING``, so two starts sent at once make one run and both get it.
        """
        now = self.store.clock.now()
        fields = {"learner_id": learner_id, "hints": 0, "hint_pending": False, "created": now, "updated": now}
        if not unique:
            run = self.model(**fields, **values)
            db.session.add(run)
            db.session.commit()
            return run
        db.session.execute(
            upsert(self.model.__table__).values(public_id=new_public_id(), **fields, **values).on_conflict_do_nothing()
        )
        db.session.commit()
        found = self.first(learner_id, **{name: values[name] for name in unique})
        assert found is not None
        return found

    def load(self, owner_public_id: str | None, public_id: str | None, **where: Any) -> R | None:
        """The run if it belongs to the learner of ``owner_public_id`` (see :func:`owned`)."""
        return owned(self.model, owner_public_id, public_id, **where)

    def save(
        self, run: R, drawn_version: int, *, log: list[Any], version: int, commit: bool = True, **values: Any
    ) -> bool:
        """Write the run's new log if the stored version is still ``drawn_version``; False if it is not.
        ``commit=False`` leaves the transaction open (an append's guard)."""
        model = self.model
        result = db.session.execute(
            update(model)
            .where(model.id == run.id, model.version == drawn_version)
            .values(log=log, version=version, updated=self.store.clock.now(), **values)
            .execution_options(synchronize_session=False)
        )
        if commit:
            db.session.commit()
        return result.rowcount == 1  # type: ignore[attr-defined]  # an UPDATE's CursorResult

    def claim_hint(self, run: R, drawn_version: int) -> bool:
        """Count a hint once for the decision drawn at ``drawn_version`` (asking twice counts once)."""
        model = self.model
        result = db.session.execute(
            update(model)
            .where(model.id == run.id, model.version == drawn_version, model.hint_pending.is_(False))
            .values(hints=model.hints + 1, hint_pending=True, updated=self.store.clock.now())
            .execution_options(synchronize_session=False)
        )
        db.session.commit()
        db.session.refresh(run)
        return result.rowcount == 1  # type: ignore[attr-defined]  # an UPDATE's CursorResult

    def keep(self, run: R, **values: Any) -> None:
        """Keep values that never change once computed (a finished hand's review)."""
        model = self.model
        db.session.execute(
            update(model).where(model.id == run.id).values(**values).execution_options(synchronize_session=False)
        )
        db.session.commit()
        db.session.refresh(run)

    def latest(self, learner_id: int | None, limit: int = 10, **where: Any) -> list[R]:
        """The learner's latest runs (columns equal to ``where``; ``None`` values mean IS NULL), newest first."""
        if learner_id is None:
            return []
        model = self.model
        query = select(model).where(model.learner_id == learner_id)
        for name, value in where.items():
            column = getattr(model, name)
            query = query.where(column.is_(None) if value is None else column == value)
        return list(db.session.scalars(query.order_by(model.updated.desc(), model.id.desc()).limit(limit)))

    def first(self, learner_id: int | None, **where: Any) -> R | None:
        found = self.latest(learner_id, 1, **where)
        return found[0] if found else None


@dataclass(frozen=True)
class TablePlay:
    """What a learner did at the table (:meth:`GameRuns.played`): matches started, hands played to
    their end, and the learner's decisions in them that matched the hint's best action (the hand
    reviews kept on each ``Game``, ``tutor.web.components.table.review_hand``)."""

    matches: int = 0
    hands: int = 0
    decisions: int = 0
    matched: int = 0


# The hand reviews of every game of one learner, summed by the database (``Game.reviews`` maps a
# hand's number to its review, whose ``count`` and ``matched`` are the decisions and the ones that
# matched): one query however many games, and no review crosses the wire.
_PLAYED_SQL = {
    "sqlite": """
        SELECT (SELECT count(*) FROM game WHERE learner_id = :learner),
               count(r.value),
               coalesce(sum(json_extract(r.value, '$.count')), 0),
               coalesce(sum(json_extract(r.value, '$.matched')), 0)
        FROM game AS g, json_each(g.reviews) AS r
        WHERE g.learner_id = :learner""",
    "postgresql": """
        SELECT (SELECT count(*) FROM game WHERE learner_id = :learner),
               count(r.value),
               coalesce(sum((r.value ->> 'count')::int), 0),
               coalesce(sum((r.value ->> 'matched')::int), 0)
        FROM game AS g CROSS JOIN LATERAL json_each(g.reviews::json) AS r
        WHERE g.learner_id = :learner""",
}


class GameRuns(Runs[Game]):
    """Matches at the table, with what a learner did in them."""

    def played(self, learner_id: int | None) -> TablePlay:
        """The learner's matches, hands played to the end and decisions matching the hint (one query)."""
        if learner_id is None:
            return TablePlay()
        query = statement("table-played", lambda: text(_PLAYED_SQL[dialect_name()]))
        matches, hands, decisions, matched = db.session.execute(query, {"learner": learner_id}).one()
        return TablePlay(int(matches), int(hands), int(decisions), int(matched))


@dataclass(frozen=True)
class PracticePlay:
    """What a learner did in practice hands (:meth:`PracticeRuns.played`)."""

    runs: int = 0
    """Practice hands played to their end (every try counts)."""
    best: dict[str, int] | None = None
    """The best stars per hand key finished at least once."""

    @property
    def hands(self) -> int:
        """How many different practice hands were played to their end."""
        return len(self.best or {})

    @property
    def stars(self) -> int:
        """The best stars summed over the hands (each hand gives 1 to 3)."""
        return sum((self.best or {}).values())


class PracticeRuns(Runs[PracticeRun]):
    """Practice runs, with the best stars per hand."""

    def played(self, learner_id: int | None) -> PracticePlay:
        """The learner's finished practice runs and best stars per hand (one query, a row per hand)."""
        if learner_id is None:
            return PracticePlay()
        rows = db.session.execute(
            select(PracticeRun.hand_key, func.count(), func.max(PracticeRun.stars))
            .where(PracticeRun.learner_id == learner_id, PracticeRun.stars.is_not(None))
            .group_by(PracticeRun.hand_key)
        ).all()
        best = {key: int(stars) for key, _n, stars in rows if stars is not None}
        return PracticePlay(sum(int(n) for _key, n, _stars in rows), best)

    def best_stars(self, learner_id: int | None) -> dict[str, int]:
        """The learner's best stars per hand key (finished runs only)."""
        if learner_id is None:
            return {}
        rows = db.session.execute(
            select(PracticeRun.hand_key, func.max(PracticeRun.stars))
            .where(PracticeRun.learner_id == learner_id, PracticeRun.stars.is_not(None))
            .group_by(PracticeRun.hand_key)
        )
        return {key: int(stars) for key, stars in rows if stars is not None}

    def finish(
        self,
        run: PracticeRun,
        drawn_version: int,
        *,
        log: list[Any],
        version: int,
        item: str,
        goal: bool,
        hinted: bool,
        **values: Any,
    ) -> Appended | None:
        """The hand's last action and its attempt in the learning log, in one transaction: written
        once, or (a stale page) not at all."""
        return self.store.attempts.append(
            run.learner_id,
            [LogEntry(item, Source.PRACTICE, goal, hinted)],
            guard=lambda: self.save(run, drawn_version, log=log, version=version, commit=False, goal=goal, **values),
        )


@dataclass(frozen=True)
class Best:
    """A learner's best finished run of one quiz."""

    score: int
    size: int

    @property
    def passed(self) -> bool:
        return quiz_passed(self.score, self.size)


class QuizRuns:
    """Quiz runs and daily sets: answers written once, with their attempts, best scores."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def load(self, owner_public_id: str | None, quiz: str, public_id: str | None) -> QuizRun | None:
        return owned(QuizRun, owner_public_id, public_id, quiz=quiz)

    def open(self, learner_id: int | None, quiz: str, seed: int) -> QuizRun | None:
        """The learner's latest unfinished run of this quiz and seed, if any (to continue it)."""
        if learner_id is None:
            return None
        return db.session.scalar(
            select(QuizRun)
            .where(
                QuizRun.learner_id == learner_id,
                QuizRun.quiz == quiz,
                QuizRun.seed == seed,
                QuizRun.day.is_(None),
                QuizRun.finished.is_(None),
            )
            .order_by(QuizRun.id.desc())
            .limit(1)
        )

    def _insert_once(self, learner_id: int, quiz: str, seed: int, size: int, day: str | None = None) -> None:
        """Insert a new run unless a unique index already holds one (``INSERT ... ON CONFLICT DO NOTHING``)."""
        now = self.store.clock.now()
        db.session.execute(
            upsert(QuizRun.__table__)
            .values(
                public_id=new_public_id(),
                learner_id=learner_id,
                quiz=quiz,
                seed=seed,
                size=size,
                day=day,
                answers=[],
                version=0,
                score=0,
                created=now,
                updated=now,
            )
            .on_conflict_do_nothing()
        )
        db.session.commit()

    def start(self, learner_id: int, quiz: str, seed: int, size: int) -> QuizRun:
        """The learner's open run of this quiz and seed, made if there is none (the index of open runs:
        a double click on "Start" makes one run)."""
        self._insert_once(learner_id, quiz, seed, size)
        run = self.open(learner_id, quiz, seed)
        assert run is not None
        return run

    def best_scores(self, learner_id: int | None) -> dict[str, Best]:
        """The learner's best score per quiz key (finished runs of topic quizzes and the exam)."""
        if learner_id is None:
            return {}
        rows = db.session.execute(
            select(QuizRun.quiz, QuizRun.size, func.max(QuizRun.score))
            .where(QuizRun.learner_id == learner_id, QuizRun.finished.is_not(None), QuizRun.day.is_(None))
            .group_by(QuizRun.quiz, QuizRun.size)
        )
        best: dict[str, Best] = {}
        for quiz, size, score in rows:
            candidate = Best(int(score), int(size))
            old = best.get(quiz)
            if old is None or candidate.score * old.size > old.score * candidate.size:
                best[quiz] = candidate
        return best

    def swap(self, run: QuizRun, drawn_version: int, answers: list[Any], score: int, finished: bool) -> bool:
        """The compare-and-swap of a run's answers (inside the caller's transaction); False if it moved on."""
        now = self.store.clock.now()
        result = db.session.execute(
            update(QuizRun)
            .where(QuizRun.id == run.id, QuizRun.version == drawn_version)
            .values(
                answers=answers,
                version=drawn_version + 1,
                score=score,
                updated=now,
                **({"finished": now} if finished else {}),
            )
            .execution_options(synchronize_session=False)
        )
        return result.rowcount == 1  # type: ignore[attr-defined]  # an UPDATE's CursorResult

    def answer(
        self, run: QuizRun, item: str, entry: dict[str, Any], correct: bool, token: str | None, *, hinted: bool = False
    ) -> Appended | None:
        """Keep the answer to the run's next question and append it to the learning log (source
        ``quiz``); the last answer also appends the quiz's result (``quiz:<key>``, right when passed).
        None, with nothing written, for a form counted before or a run that had moved on."""
        drawn_version = len(run.answers)
        answers = [*run.answers, entry]
        score = sum(1 for answer in answers if answer["correct"])
        finished = len(answers) >= run.size
        entries = [LogEntry(item, Source.QUIZ, correct, hinted)]
        if finished:
            entries.append(LogEntry(quiz_item(run.quiz), Source.QUIZ, quiz_passed(score, run.size)))
        appended = self.store.attempts.append(
            run.learner_id, entries, token=token, guard=lambda: self.swap(run, drawn_version, answers, score, finished)
        )
        db.session.refresh(run)
        return appended

    # --- Daily sets ------------------------------------------------------------------------------

    def daily(self, learner_id: int | None, day: date) -> QuizRun | None:
        """The learner's run of the daily set of ``day``, if they answered any of it."""
        if learner_id is None:
            return None
        return db.session.scalar(
            select(QuizRun).where(
                QuizRun.learner_id == learner_id, QuizRun.quiz == DAILY, QuizRun.day == day.isoformat()
            )
        )

    def ensure_daily(self, learner_id: int, day: date, seed: int, size: int) -> QuizRun:
        """The learner's run of the day's set, made on the first answer (one per learner and day, even
        for two first answers at once)."""
        self._insert_once(learner_id, DAILY, seed, size, day.isoformat())
        run = self.daily(learner_id, day)
        assert run is not None
        return run

    @staticmethod
    def _daily_values(run: QuizRun, entries: Sequence[dict[str, Any]]) -> tuple[int, bool]:
        score = sum(1 for entry in entries if entry["solved"])
        finished = all(entry["solved"] or entry["shown"] for entry in entries) and run.finished is None
        return score, finished

    def answer_daily(
        self,
        run: QuizRun,
        drawn_version: int,
        entries: list[dict[str, Any]],
        item: str,
        correct: bool,
        token: str | None,
        *,
        hinted: bool = False,
    ) -> Appended | None:
        """Count one try at a daily question (``entries``: the set's entries after it) and append it to
        the learning log (source ``daily``); None, with nothing written, for a resent form or a stale page."""
        score, finished = self._daily_values(run, entries)
        appended = self.store.attempts.append(
            run.learner_id,
            [LogEntry(item, Source.DAILY, correct, hinted)],
            token=token,
            guard=lambda: self.swap(run, drawn_version, entries, score, finished),
        )
        db.session.refresh(run)
        return appended

    def show_daily(self, run: QuizRun, drawn_version: int, entries: list[dict[str, Any]]) -> bool:
        """Write the set's entries after a question was shown (nothing goes to the learning log).
        False if the page was stale."""
        score, finished = self._daily_values(run, entries)
        swapped = self.swap(run, drawn_version, entries, score, finished)
        db.session.commit()
        db.session.refresh(run)
        return swapped
