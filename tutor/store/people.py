"""Tables with people: a match where people sit at some seats and computer players at the others.

One row of ``people_table`` per table: its short code (what people type or scan to join), the
match as the play feature keeps one (rules, seed, the bots' level, the log and its ``version``),
and who sits where: ``seats`` has one entry per seat, ``None`` for a bot or ``{"nick": ...,
"token": ...}`` for a person, where ``token`` is the SHA-256 of the random seat token kept in that
person's cookie (a reload or another device with the cookie resumes the seat; the database never
holds the token itself). ``waiting`` lists the people who joined once every seat was taken or the
match had started: the host seats them in a bot's place between hands. ``host`` is the hash of the
host's token.

Every write is one compare-and-swap on ``rev`` (``UPDATE ... WHERE id = ? AND rev = ?``), raised by
every write at all (a join, a seat change, an action): each page polls with the ``rev`` it was drawn
at, and of two people who act at once one write wins and the other changes nothing. ``moved`` is
when the last write happened: a person whose turn has waited longer than the host's patience may be
replaced by a bot.

A table nobody has written to for :data:`OPEN_FOR` is closed: its code finds nothing any more, and
``flask store prune`` deletes it.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Integer, String, delete, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from .schema import db
from .sql import aware

if TYPE_CHECKING:
    from . import Store

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Letters and digits that are not read one for another (no I, O, 0, 1)."""
CODE_LENGTH = 6
NICK_LENGTH = 24
STATES = ("lobby", "playing")
WAITING_CAP = 12
"""People waiting for a seat at most."""
OPEN_FOR = timedelta(hours=24)
"""How long a table stays open after its last write (a join, a seat change, an action)."""


class PeopleTable(db.Model):  # type: ignore[name-defined]
    """A table with people."""

    __tablename__ = "people_table"

    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(CODE_LENGTH), unique=True)
    rules: Mapped[str] = mapped_column(String(120))
    level: Mapped[str] = mapped_column(String(16))
    seed: Mapped[int] = mapped_column(Integer)
    players: Mapped[int] = mapped_column(Integer)
    hints: Mapped[bool] = mapped_column(Boolean, default=False)
    state: Mapped[str] = mapped_column(String(8))
    seats: Mapped[list[Any]] = mapped_column(JSON)
    waiting: Mapped[list[Any]] = mapped_column(JSON)
    host: Mapped[str] = mapped_column(String(64))
    log: Mapped[list[Any]] = mapped_column(JSON)
    version: Mapped[int] = mapped_column(Integer)
    rev: Mapped[int] = mapped_column(Integer)
    reviews: Mapped[dict[str, Any]] = mapped_column(JSON)
    class_id: Mapped[int | None] = mapped_column(
        ForeignKey("school_class.id", ondelete="SET NULL"), nullable=True, index=True
    )
    """A class table: the class it was opened for (None for a table anyone opened)."""
    teacher_id: Mapped[int | None] = mapped_column(ForeignKey("teacher.id", ondelete="SET NULL"), nullable=True)
    """A class table: the teacher who opened it, its host from their account, who may watch any seat."""
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    moved: Mapped[datetime] = mapped_column(DateTime(timezone=True))


def new_code() -> str:
    """A random table code.

    >>> code = new_code()
    >>> len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET)
    True
    """
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalize_code(text: str) -> str | None:
    """A typed code as stored (capitals, spaces and dashes ignored), or None.

    >>> normalize_code(" abc-def "), normalize_code("ABC"), normalize_code("ABCDE0")
    ('ABCDEF', None, None)
    """
    cleaned = "".join(ch for ch in str(text)[:20] if not ch.isspace() and ch != "-").upper()
    if len(cleaned) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in cleaned):
        return None
    return cleaned


def new_token() -> str:
    """A seat (or host) token for a cookie."""
    return secrets.token_urlsafe(24)


def token_hash(token: str | None) -> str | None:
    """What the database keeps of a token."""
    if not token or len(token) > 64:
        return None
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class Seating:
    """Who sits where: each seat's person (``{"nick", "token"}``) or None for a bot, and the waiting list."""

    seats: tuple[dict[str, str] | None, ...]
    waiting: tuple[dict[str, str], ...]

    def seat_of(self, token: str | None) -> int | None:
        hashed = token_hash(token)
        return next((i for i, p in enumerate(self.seats) if p is not None and p["token"] == hashed), None)

    def waits(self, token: str | None) -> bool:
        hashed = token_hash(token)
        return hashed is not None and any(p["token"] == hashed for p in self.waiting)

    def humans(self) -> frozenset[int]:
        return frozenset(i for i, p in enumerate(self.seats) if p is not None)

    def nicks(self) -> set[str]:
        return {p["nick"].casefold() for p in (*[s for s in self.seats if s], *self.waiting)}


def seating(row: PeopleTable) -> Seating:
    return Seating(tuple(dict(s) if s else None for s in row.seats), tuple(dict(w) for w in row.waiting))


class PeopleTables:
    """The tables with people."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def create(
        self,
        *,
        rules: str,
        level: str,
        seed: int,
        players: int,
        log: list[Any],
        version: int,
        hints: bool = False,
        class_id: int | None = None,
        teacher_id: int | None = None,
    ) -> tuple[PeopleTable, str]:
        """A new table in its lobby, every seat a bot's (a class table: its class and teacher);
        returns it and the host's token."""
        host = new_token()
        now = self.store.now()
        for _try in range(20):
            row = PeopleTable(
                code=new_code(),
                rules=rules,
                level=level,
                seed=seed,
                players=players,
                hints=hints,
                class_id=class_id,
                teacher_id=teacher_id,
                state="lobby",
                seats=[None] * players,
                waiting=[],
                host=token_hash(host),
                log=log,
                version=version,
                rev=0,
                reviews={},
                created=now,
                moved=now,
            )
            db.session.add(row)
            try:
                db.session.commit()
            except IntegrityError:  # the code is taken (one in a billion per table)
                db.session.rollback()
                continue
            return row, host
        raise RuntimeError("no free table code")

    def by_code(self, code: str) -> PeopleTable | None:
        """The open table with this code: written to less than :data:`OPEN_FOR` ago."""
        found = normalize_code(code)
        if found is None:
            return None
        return db.session.scalar(
            select(PeopleTable).where(PeopleTable.code == found, PeopleTable.moved > self.store.now() - OPEN_FOR)
        )

    def prune(self, before: datetime, *, dry_run: bool = False) -> int:
        """Delete the tables last written to before ``before`` (``dry_run``: count them only)."""
        where = PeopleTable.moved < before
        if dry_run:
            count = db.session.scalar(select(func.count()).select_from(PeopleTable).where(where)) or 0
        else:
            count = db.session.execute(delete(PeopleTable).where(where)).rowcount  # type: ignore[attr-defined]
            db.session.commit()
        db.session.rollback()
        return int(count)

    def open_for_class(
        self,
        count: int,
        claim: tuple[int, str] | None,
        *,
        rules: str,
        level: str,
        players: int,
        hints: bool,
        class_id: int,
        teacher_id: int,
        games: list[tuple[int, list[Any], int]],
    ) -> list[PeopleTable] | None:
        """``count`` new class tables in one transaction (``games``: each one's seed, log and version),
        or None if the form token ``claim`` (learner id, token) was used before (they were opened)."""
        assert len(games) == count
        for _try in range(20):
            if claim is not None and not self.store.tokens.claim(*claim):
                db.session.rollback()
                return None
            now = self.store.now()
            rows = [
                PeopleTable(
                    code=new_code(),
                    rules=rules,
                    level=level,
                    seed=seed,
                    players=players,
                    hints=hints,
                    state="lobby",
                    seats=[None] * players,
                    waiting=[],
                    host=token_hash(new_token()),
                    log=log,
                    version=version,
                    rev=0,
                    reviews={},
                    created=now,
                    moved=now,
                    class_id=class_id,
                    teacher_id=teacher_id,
                )
                for seed, log, version in games
            ]
            db.session.add_all(rows)
            try:
                db.session.commit()
            except IntegrityError:  # a code is taken: try the batch again
                db.session.rollback()
                continue
            return rows
        raise RuntimeError("no free table code")

    def of_class(self, class_id: int) -> list[PeopleTable]:
        """The class's open tables, in the order they were opened."""
        since = self.store.now() - OPEN_FOR
        return list(
            db.session.scalars(
                select(PeopleTable)
                .where(PeopleTable.class_id == class_id, PeopleTable.moved > since)
                .order_by(PeopleTable.id)
            )
        )

    def poll_rev(self, table_id: int) -> int | None:
        """The table's ``rev``: the one primary-key read a poll costs when nothing changed."""
        rev = db.session.scalar(select(PeopleTable.rev).where(PeopleTable.id == table_id))
        db.session.rollback()  # end the read's transaction (a poll holds nothing open)
        return rev

    def swap(self, row: PeopleTable, rev: int, **values: Any) -> bool:
        """Write ``values`` if the table is still at ``rev`` (raising it, and ``moved`` if the log
        changes): True if written, False if another write came first (nothing changed)."""
        changes: dict[str, Any] = {"rev": PeopleTable.rev + 1, **values}
        if "log" in values or "seats" in values:
            changes["moved"] = self.store.now()
        done = db.session.execute(
            update(PeopleTable)
            .where(PeopleTable.id == row.id, PeopleTable.rev == rev)
            .values(**changes)
            .returning(PeopleTable.id)
        ).first()
        db.session.commit()
        db.session.refresh(row)
        return done is not None

    def keep_review(self, row: PeopleTable, key: str, data: dict[str, Any]) -> None:
        """Keep a hand's review for one seat (computed once; no compare-and-swap: the same data either way,
        and ``rev`` is not raised, so no page polls again for it)."""
        reviews = dict(row.reviews or {})
        reviews[key] = data
        db.session.execute(update(PeopleTable).where(PeopleTable.id == row.id).values(reviews=reviews))
        db.session.commit()
        db.session.refresh(row)

    def idle_seconds(self, row: PeopleTable) -> float:
        """Seconds since the table last moved."""
        moved = aware(row.moved)
        assert moved is not None
        return (self.store.now() - moved).total_seconds()


__all__ = [
    "CODE_LENGTH",
    "NICK_LENGTH",
    "OPEN_FOR",
    "PeopleTable",
    "PeopleTables",
    "Seating",
    "WAITING_CAP",
    "new_token",
    "normalize_code",
    "seating",
    "token_hash",
]
