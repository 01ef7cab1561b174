"""Live sessions: a teacher runs a quiz on the projector, the pupils answer on their phones.

* ``live_session``: one session of a teacher (of a class, or of none), with its content (in
  ``quiz``: a topic key, ``exam``, ``lesson:<key>``, ``envido-drill`` or ``senas``, as
  ``tutor.learning.draw.live_questions`` reads it; its seed and number of questions), a 6-digit PIN unique among the sessions not ended,
  its state (``lobby``, ``question``, ``reveal``, ``ended``; and, for the class against the bot,
  ``tally``: the vote closed, its votes shown, the teacher about to play), the question shown, the lobby's lock,
  and two counters: ``version``, raised by every move of the state and by the lock, which those
  teacher actions compare and swap (``UPDATE ... WHERE version = ?``: two tabs clicking "next" at once move it once, the
  pattern of ``Game.version``), and ``changes``, raised by every write at all (a join, an answer, a
  teacher action, a kick): the projector's poll is keyed by it, the phones' by ``version`` (and their own kick).
* ``live_player``: a phone in a session: its learner (the anonymous identity of the browser) and
  the nickname shown; a kicked player keeps the row (``kicked_at``), so neither the browser nor the
  nickname gets in again.
* ``live_answer``: one row per (session, question, player): written by one ``INSERT ... SELECT ...
  ON CONFLICT DO UPDATE`` that selects from the session only while that question is open, so a
  double-posted answer is one row, a changed answer replaces it, and an answer to a closed question
  writes nothing. The tally counts rows answered by the time the question was closed.

The questions are not stored: the quiz's key and seed draw them again (``tutor.learning.draw``).
No personal data: a player is a nickname and the browser's random learner id.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    UniqueConstraint,
    false,
    func,
    literal,
    select,
    true,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from .schema import db, new_public_id, utcnow
from .sql import aware, upsert

if TYPE_CHECKING:
    from . import Store

PIN_LENGTH = 6
NICKNAME_LENGTH = 40
OPEN_FOR = timedelta(hours=12)
"""How long a session not ended is found by its PIN (a lesson's session is forgotten by the next day)."""
PLAYER_CAP = 100
"""Players a session can have at most (a class is at most 60)."""
STATES = ("lobby", "question", "tally", "reveal", "ended")


class LiveSession(db.Model):  # type: ignore[name-defined]
    """A teacher's live session."""

    __tablename__ = "live_session"
    __table_args__ = (
        # A PIN names one session among those not ended (an ended session's PIN may come again).
        Index(
            "uq_live_session_open_pin",
            "pin",
            unique=True,
            sqlite_where=db.text("ended_at IS NULL"),
            postgresql_where=db.text("ended_at IS NULL"),
        ),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    public_id: Mapped[str] = mapped_column(String(16), unique=True)
    pin: Mapped[str] = mapped_column(String(PIN_LENGTH))
    host_id: Mapped[int] = mapped_column(ForeignKey("teacher.id", ondelete="CASCADE"), index=True)
    class_id: Mapped[int | None] = mapped_column(
        ForeignKey("school_class.id", ondelete="SET NULL"), nullable=True, index=True
    )
    kind: Mapped[str] = mapped_column(String(8), default="quiz", server_default="quiz")
    """``quiz`` (a topic quiz's questions) or ``bot`` (the class against the bot: one hand at a table)."""
    quiz: Mapped[str] = mapped_column(String(32))
    """What the questions come from (empty for ``bot``): a topic key, ``exam``, ``lesson:<key>``,
    ``envido-drill`` or ``senas`` (``tutor.learning.draw.live_questions``)."""
    seed: Mapped[int] = mapped_column(Integer)
    """The quiz's seed, or the table's (its deal and its bot's decisions)."""
    table_log: Mapped[list[Any] | None] = mapped_column(JSON, nullable=True)
    """``bot``: the table's log (``tutor.bots.table.Table.log``), written with the version's compare-and-swap."""
    teacher_moves: Mapped[dict[str, str] | None] = mapped_column(JSON, nullable=True)
    """``bot``: the decisions at which the teacher played another move than the class's vote, each
    (its place in the table's log, as text) with the move the vote had chosen: what the board and the
    hand's review say about it."""
    size: Mapped[int] = mapped_column(Integer)
    """How many of the quiz's questions are asked (the first ``size``)."""
    state: Mapped[str] = mapped_column(String(10), default="lobby")
    question: Mapped[int] = mapped_column(Integer, default=0)
    """The question shown (0 for the first), in ``question`` and ``reveal``."""
    locked: Mapped[bool] = mapped_column(Boolean, default=False)
    version: Mapped[int] = mapped_column(Integer, default=0)
    changes: Mapped[int] = mapped_column(Integer, default=0)
    closed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """When the question shown was closed (answers after it do not count)."""
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    ended_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)

    def __repr__(self) -> str:
        return f"<LiveSession {self.public_id} {self.state} v{self.version}>"


class LivePlayer(db.Model):  # type: ignore[name-defined]
    """A phone in a live session."""

    __tablename__ = "live_player"
    __table_args__ = (UniqueConstraint("session_id", "learner_id"), UniqueConstraint("session_id", "nickname"))

    id: Mapped[int] = mapped_column(primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("live_session.id", ondelete="CASCADE"))
    learner_id: Mapped[int] = mapped_column(ForeignKey("learner.id", ondelete="CASCADE"), index=True)
    nickname: Mapped[str] = mapped_column(String(NICKNAME_LENGTH))
    joined: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    kicked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class LiveAnswer(db.Model):  # type: ignore[name-defined]
    """A player's answer to one question of a session (the form's answer fields, as posted)."""

    __tablename__ = "live_answer"

    session_id: Mapped[int] = mapped_column(ForeignKey("live_session.id", ondelete="CASCADE"), primary_key=True)
    question: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("live_player.id", ondelete="CASCADE"), primary_key=True)
    answer: Mapped[dict[str, Any]] = mapped_column(JSON)
    """The answer fields as posted ({field: [values]}): read again with the question's reader."""
    correct: Mapped[bool] = mapped_column(Boolean)
    answered_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    logged: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """True once the answer is in the pupil's learning log (claimed in the same transaction: once only)."""


def new_pin() -> str:
    """Six random digits (leading zeros allowed).

    >>> pin = new_pin()
    >>> len(pin) == PIN_LENGTH and pin.isdigit()
    True
    """
    return f"{secrets.randbelow(10**PIN_LENGTH):0{PIN_LENGTH}d}"


def normalize_pin(text: str) -> str | None:
    """A typed PIN as stored, or None: spaces and dashes ignored.

    >>> normalize_pin(" 123 456 "), normalize_pin("12-34-56"), normalize_pin("12345"), normalize_pin("12345x")
    ('123456', '123456', None, None)
    """
    cleaned = "".join(ch for ch in text if not ch.isspace() and ch != "-")
    if len(cleaned) != PIN_LENGTH or not cleaned.isascii() or not cleaned.isdigit():
        return None
    return cleaned


@dataclass(frozen=True)
class Player:
    id: int
    learner_id: int
    nickname: str
    kicked: bool


@dataclass(frozen=True)
class Joined:
    """What a join did: the player (None if refused) and why it was refused (``locked``, ``kicked``,
    ``ended``, ``full``)."""

    player: Player | None
    refused: str | None = None


@dataclass(frozen=True)
class Answer:
    player_id: int
    answer: dict[str, Any]
    correct: bool


@dataclass(frozen=True)
class PastSession:
    """A session of a class as its class page lists it: what it asked, when, and how the class did."""

    public_id: str
    kind: str
    quiz: str
    size: int
    state: str
    created: datetime
    answered: int
    right: int


@dataclass(frozen=True)
class Unlogged:
    """A counted answer not yet in the pupil's learning log."""

    question: int
    player_id: int
    learner_id: int
    correct: bool


def _player(row: LivePlayer) -> Player:
    return Player(row.id, row.learner_id, row.nickname, row.kicked_at is not None)


class LiveSessions:
    """The live sessions, their players and answers."""

    def __init__(self, store: Store) -> None:
        self.store = store

    # --- Sessions

    def create(
        self, host_id: int, class_id: int | None, quiz: str, seed: int, size: int, *, kind: str = "quiz"
    ) -> LiveSession:
        """A new session in its lobby, with a PIN no other open session has (``kind``: ``quiz`` or ``bot``)."""
        for _try in range(20):
            found = LiveSession(
                public_id=new_public_id(),
                pin=new_pin(),
                host_id=host_id,
                class_id=class_id,
                kind=kind,
                quiz=quiz,
                seed=seed,
                size=size,
                state="lobby",
                question=0,
                locked=False,
                version=0,
                changes=0,
                created=self.store.now(),
            )
            db.session.add(found)
            try:
                db.session.commit()
            except IntegrityError:  # the PIN is in use (one in a million per open session)
                db.session.rollback()
                continue
            return found
        raise RuntimeError("no free PIN")

    def get(self, public_id: str) -> LiveSession | None:
        return db.session.scalar(select(LiveSession).where(LiveSession.public_id == public_id[:32]))

    def owned(self, host_id: int, public_id: str) -> LiveSession | None:
        """The session with this id if ``host_id`` runs it (else None: the page is a 404)."""
        found = self.get(public_id)
        return found if found is not None and found.host_id == host_id else None

    def by_pin(self, pin: str) -> LiveSession | None:
        """The open session with this PIN: not ended, and started less than :data:`OPEN_FOR` ago."""
        return db.session.scalar(
            select(LiveSession).where(
                LiveSession.pin == pin,
                LiveSession.ended_at.is_(None),
                LiveSession.created > self.store.now() - OPEN_FOR,
            )
        )

    def sessions_of(self, host_id: int, limit: int = 20) -> list[LiveSession]:
        return list(
            db.session.scalars(
                select(LiveSession)
                .where(LiveSession.host_id == host_id)
                .order_by(LiveSession.created.desc(), LiveSession.id.desc())
                .limit(limit)
            )
        )

    def of_class(self, class_id: int, host_id: int, limit: int = 10) -> list[PastSession]:
        """The host's latest sessions with the class, newest first, each with its counted answers and
        right ones (kicked players' left out): one query, whatever the sessions' size."""
        counted = (
            select(
                LiveAnswer.session_id,
                func.count().label("answered"),
                func.count().filter(LiveAnswer.correct).label("right"),
            )
            .join(LivePlayer, LivePlayer.id == LiveAnswer.player_id)
            .where(LivePlayer.kicked_at.is_(None))
            .group_by(LiveAnswer.session_id)
            .subquery()
        )
        rows = db.session.execute(
            select(
                LiveSession.public_id,
                LiveSession.kind,
                LiveSession.quiz,
                LiveSession.size,
                LiveSession.state,
                LiveSession.created,
                func.coalesce(counted.c.answered, 0),
                func.coalesce(counted.c.right, 0),
            )
            .outerjoin(counted, counted.c.session_id == LiveSession.id)
            .where(LiveSession.class_id == class_id, LiveSession.host_id == host_id)
            .order_by(LiveSession.created.desc(), LiveSession.id.desc())
            .limit(limit)
        ).all()
        return [PastSession(r[0], r[1], r[2], r[3], r[4], aware(r[5]) or r[5], int(r[6]), int(r[7])) for r in rows]

    def for_children(self, found: LiveSession) -> bool:
        """True when the session's class is marked "children under 13" (no names on the projector)."""
        if found.class_id is None:
            return False
        from .classroom import SchoolClass

        return bool(db.session.scalar(select(SchoolClass.children).where(SchoolClass.id == found.class_id)))

    def class_public_id(self, found: LiveSession) -> str | None:
        """The public id of the session's class (None without one: the class may have been deleted)."""
        if found.class_id is None:
            return None
        from .classroom import SchoolClass

        return db.session.scalar(select(SchoolClass.public_id).where(SchoolClass.id == found.class_id))

    def poll_key(self, session_id: int) -> tuple[int, int] | None:
        """(version, changes) of a session: the one primary-key read a poll costs when nothing changed."""
        row = db.session.execute(
            select(LiveSession.version, LiveSession.changes).where(LiveSession.id == session_id)
        ).first()
        db.session.rollback()  # end the read's transaction (a poll holds nothing open)
        return None if row is None else (row.version, row.changes)

    def move(
        self,
        found: LiveSession,
        version: int,
        *,
        states: tuple[str, ...],
        to: str | None = None,
        question: int | None = None,
        locked: bool | None = None,
        table_log: list[Any] | None = None,
        teacher_moves: dict[str, str] | None = None,
    ) -> bool:
        """A teacher action as one compare-and-swap: True if the session was at ``version`` in one of
        ``states`` and moved (``version`` and ``changes`` raised), False if another action came first."""
        now = self.store.now()
        values: dict[str, Any] = {"version": LiveSession.version + 1, "changes": LiveSession.changes + 1}
        if to is not None:
            values["state"] = to
            if to in ("tally", "reveal"):  # closed once: the reveal after a tally keeps its close
                values["closed_at"] = func.coalesce(LiveSession.closed_at, now)
            elif to == "question":
                values["closed_at"] = None
            elif to == "ended":
                values["ended_at"] = now
        if question is not None:
            values["question"] = question
        if locked is not None:
            values["locked"] = locked
        if table_log is not None:
            values["table_log"] = table_log
        if teacher_moves is not None:
            values["teacher_moves"] = teacher_moves
        moved = db.session.execute(
            update(LiveSession)
            .where(LiveSession.id == found.id, LiveSession.version == version, LiveSession.state.in_(states))
            .values(**values)
            .returning(LiveSession.id)
        ).first()
        db.session.commit()
        db.session.refresh(found)
        return moved is not None

    def _touch(self, session_id: int) -> None:
        values: dict[str, Any] = {"changes": LiveSession.changes + 1}
        db.session.execute(
            update(LiveSession)
            .where(LiveSession.id == session_id)
            .values(**values)
            .execution_options(synchronize_session=False)
        )

    # --- Players

    def players(self, session_id: int, *, kicked: bool = False) -> list[Player]:
        """The players in the order they joined (the kicked ones too if ``kicked``)."""
        query = select(LivePlayer).where(LivePlayer.session_id == session_id)
        if not kicked:
            query = query.where(LivePlayer.kicked_at.is_(None))
        return [_player(row) for row in db.session.scalars(query.order_by(LivePlayer.joined, LivePlayer.id))]

    def player_of(self, session_id: int, learner_id: int | None) -> Player | None:
        if learner_id is None:
            return None
        row = db.session.scalar(
            select(LivePlayer).where(LivePlayer.session_id == session_id, LivePlayer.learner_id == learner_id)
        )
        return None if row is None else _player(row)

    def join(self, found: LiveSession, learner_id: int, nicknames: list[str], *, own: bool = False) -> Joined:
        """Add the learner under the first free nickname of ``nicknames`` (``own``: the pupil's class
        nickname, the only one tried). A learner already in stays as they are; a kicked learner, or
        anyone asking for a kicked nickname, is refused, and so is a newcomer to a locked lobby."""
        existing = self.player_of(found.id, learner_id)
        if existing is not None:
            return Joined(None, "kicked") if existing.kicked else Joined(existing)
        if found.ended_at is not None:
            return Joined(None, "ended")
        if found.locked:
            return Joined(None, "locked")
        taken = {p.nickname: p for p in self.players(found.id, kicked=True)}
        if len(taken) >= PLAYER_CAP:
            return Joined(None, "full")
        for nickname in nicknames:
            if nickname in taken:
                if taken[nickname].kicked and own:
                    return Joined(None, "kicked")
                continue
            row = LivePlayer(session_id=found.id, learner_id=learner_id, nickname=nickname, joined=self.store.now())
            try:  # the insert is flushed by the touch's UPDATE: both inside the try
                db.session.add(row)
                self._touch(found.id)
                db.session.commit()
            except IntegrityError:  # the nickname was taken meanwhile, or the same browser joined in another tab
                db.session.rollback()
                existing = self.player_of(found.id, learner_id)
                if existing is not None:
                    return Joined(None, "kicked") if existing.kicked else Joined(existing)
                continue
            return Joined(_player(row))
        return Joined(None, "taken")

    def kick(self, found: LiveSession, player_id: int) -> bool:
        """Remove a player (the row stays, marked): their answers stop counting, they cannot rejoin."""
        kicked = db.session.execute(
            update(LivePlayer)
            .where(LivePlayer.id == player_id, LivePlayer.session_id == found.id, LivePlayer.kicked_at.is_(None))
            .values(kicked_at=self.store.now())
            .returning(LivePlayer.id)
        ).first()
        if kicked is not None:
            self._touch(found.id)
        db.session.commit()
        db.session.refresh(found)
        return kicked is not None

    # --- Answers

    def answer(self, found: LiveSession, question: int, player: Player, fields: dict[str, Any], correct: bool) -> bool:
        """Record (or change) the player's answer to ``question``, in one statement that writes only
        while that question is open and the player is not kicked; False if nothing was written."""
        table = LiveAnswer.__table__
        now = self.store.now()
        source = select(
            LiveSession.id,
            literal(question, Integer),
            LivePlayer.id,
            literal(fields, JSON),
            literal(correct, Boolean),
            literal(now, DateTime(timezone=True)),
        ).where(
            LiveSession.id == found.id,
            LiveSession.state == "question",
            LiveSession.question == question,
            LivePlayer.id == player.id,
            LivePlayer.session_id == LiveSession.id,
            LivePlayer.kicked_at.is_(None),
        )
        insert = upsert(table).from_select(
            ["session_id", "question", "player_id", "answer", "correct", "answered_at"], source
        )
        written = db.session.execute(
            insert.on_conflict_do_update(
                index_elements=["session_id", "question", "player_id"],
                set_={
                    "answer": insert.excluded.answer,
                    "correct": insert.excluded.correct,
                    "answered_at": insert.excluded.answered_at,
                },
            ).returning(table.c.player_id)
        ).first()
        if written is not None:
            self._touch(found.id)
        db.session.commit()
        return written is not None

    def unlogged(
        self, found: LiveSession, *, player_id: int | None = None, before: int | None = None
    ) -> list[Unlogged]:
        """The counted answers (as :meth:`answers` counts them) not yet in the learning log, of the
        questions closed so far (the one shown only once it is closed); only ``player_id``'s, and
        only of the questions before ``before``, if given."""
        rows = db.session.execute(
            select(
                LiveAnswer.question,
                LiveAnswer.player_id,
                LivePlayer.learner_id,
                LiveAnswer.correct,
                LiveAnswer.answered_at,
            )
            .join(LivePlayer, LivePlayer.id == LiveAnswer.player_id)
            .where(
                LiveAnswer.session_id == found.id,
                LiveAnswer.logged.is_(False),
                LivePlayer.kicked_at.is_(None),
                LiveAnswer.player_id == player_id if player_id is not None else true(),
                LiveAnswer.question < before if before is not None else true(),
            )
            .order_by(LiveAnswer.question, LiveAnswer.player_id)
        ).all()
        closed = aware(found.closed_at)
        out = []
        for r in rows:
            if r.question == found.question and (found.state == "question" or found.state == "lobby"):
                continue  # still open
            if r.question == found.question and closed is not None and (aware(r.answered_at) or closed) > closed:
                continue  # came after the close
            out.append(Unlogged(r.question, r.player_id, r.learner_id, bool(r.correct)))
        return out

    def claim_logged(self, session_id: int, question: int, player_id: int) -> bool:
        """Mark an answer as in the learning log, inside the caller's transaction (no commit): True only
        the first time (the guard of ``AttemptLog.append``, so an answer is logged once)."""
        claimed = db.session.execute(
            update(LiveAnswer)
            .where(
                LiveAnswer.session_id == session_id,
                LiveAnswer.question == question,
                LiveAnswer.player_id == player_id,
                LiveAnswer.logged.is_(False),
            )
            .values(logged=True)
            .returning(LiveAnswer.player_id)
        ).first()
        return claimed is not None

    def answers(self, found: LiveSession, question: int) -> list[Answer]:
        """The answers that count for ``question``: of players not kicked, given by the time it was closed."""
        query = (
            select(LiveAnswer.player_id, LiveAnswer.answer, LiveAnswer.correct, LiveAnswer.answered_at)
            .join(LivePlayer, LivePlayer.id == LiveAnswer.player_id)
            .where(LiveAnswer.session_id == found.id, LiveAnswer.question == question, LivePlayer.kicked_at.is_(None))
            .order_by(LiveAnswer.player_id)
        )
        closed = aware(found.closed_at) if found.state != "question" and question == found.question else None
        rows = db.session.execute(query).all()
        return [
            Answer(r.player_id, r.answer, r.correct)
            for r in rows
            if closed is None or (aware(r.answered_at) or closed) <= closed
        ]

    def answer_count(self, found: LiveSession, question: int) -> int:
        return len(self.answers(found, question))

    def own_answer(self, found: LiveSession, question: int, player_id: int) -> Answer | None:
        row = db.session.execute(
            select(LiveAnswer.player_id, LiveAnswer.answer, LiveAnswer.correct).where(
                LiveAnswer.session_id == found.id, LiveAnswer.question == question, LiveAnswer.player_id == player_id
            )
        ).first()
        return None if row is None else Answer(row.player_id, row.answer, row.correct)

    def all_answers(self, found: LiveSession) -> dict[int, list[Answer]]:
        """Every counted answer of the session by question (the end's summary)."""
        rows = db.session.execute(
            select(LiveAnswer.question, LiveAnswer.player_id, LiveAnswer.answer, LiveAnswer.correct)
            .join(LivePlayer, LivePlayer.id == LiveAnswer.player_id)
            .where(LiveAnswer.session_id == found.id, LivePlayer.kicked_at.is_(None))
        ).all()
        found_by: dict[int, list[Answer]] = {}
        for r in rows:
            found_by.setdefault(r.question, []).append(Answer(r.player_id, r.answer, r.correct))
        return found_by


__all__ = [
    "OPEN_FOR",
    "PIN_LENGTH",
    "PLAYER_CAP",
    "STATES",
    "Answer",
    "Joined",
    "LiveAnswer",
    "LivePlayer",
    "LiveSession",
    "LiveSessions",
    "PastSession",
    "Player",
    "Unlogged",
    "new_pin",
    "normalize_pin",
]
