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
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Integer, String, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from .schema import db
from .sql import aware, delete_where

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
    """Who sits where: each seat's person (``{"nick", "token"}``, and ``"from_hand"``: the hand a late arrival began with) or None for a bot, and the waiting list."""

    seats: tuple[dict[str, Any] | None, ...]
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

    def _row(
        self, *, seed: int, log: list[Any], version: int, host: str, seats: list[Any] | None = None, **fields: Any
    ) -> PeopleTable:
        """A new table's row in its lobby, every seat a bot's unless ``seats`` says otherwise
        (``fields``: rules, level, players, hints, and a class table's class and teacher)."""
        now = self.store.now()
        players = fields["players"]
        seats = [None] * players if seats is None else list(seats)
        return PeopleTable(
            code=new_code(), seed=seed, log=log, version=version, host=token_hash(host), state="lobby",
            seats=seats, waiting=[], rev=0, reviews={}, created=now, moved=now, **fields,
        )  # fmt: skip

    def _add(self, make: Callable[[], list[PeopleTable]], claim: tuple[int, str] | None) -> list[PeopleTable] | None:
        """Insert the rows ``make`` gives in one transaction, made again if a code is taken (one in a
        billion per table); None if the form token ``claim`` (learner id, token) was used before."""
        for _try in range(20):
            if claim is not None and not self.store.tokens.claim(*claim):
                db.session.rollback()
                return None
            rows = make()
            db.session.add_all(rows)
            try:
                db.session.commit()
            except IntegrityError:
                db.session.rollback()
                continue
            return rows
        raise RuntimeError("no free table code")

    def create(
        self,
        *,
        rules: str,
        level: str,
        seed: int,
        players: int,
        log: list[Any],
        version: int,
        seats: list[Any] | None = None,
    ) -> tuple[PeopleTable, str]:
        """A new table in its lobby, every seat a bot's unless ``seats`` (one entry a seat: None for a
        bot, or the person's nick and token hash) says otherwise, in one write; returns it and the host's
        token."""
        host = new_token()
        fields = {"rules": rules, "level": level, "players": players, "hints": False}
        rows = self._add(
            lambda: [self._row(seed=seed, log=log, version=version, host=host, seats=seats, **fields)], None
        )
        assert rows is not None
        return rows[0], host

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
        return delete_where(PeopleTable, PeopleTable.moved < before, dry_run=dry_run)

    def open_for_class(
        self, claim: tuple[int, str] | None, games: list[tuple[int, list[Any], int]], **fields: Any
    ) -> list[PeopleTable] | None:
        """New class tables in one transaction, one per game (its seed, log and version; ``fields``:
        rules, level, players, hints, class_id, teacher_id; the host is the teacher's account, the
        host token is thrown away), or None if the form token ``claim`` was used before (they were
        opened)."""
        return self._add(
            lambda: [self._row(seed=s, log=g, version=v, host=new_token(), **fields) for s, g, v in games], claim
        )

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
