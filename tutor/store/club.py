"""Club nights: duplicate Truco, every player alone against the same bots on the same boards.

* ``club_event``: an organiser's (a teacher's) night: its title, the rules (``format_rules``), the
  bots' level, how many boards, the seed every board's deal, mano and starting score come from,
  whether the starting scores are drawn (``random_scores``) or 0–0, and its window: open until
  ``closed_at`` is set (the organiser closes it) or ``closes_at`` has passed. Its ``code`` (6
  characters of the table codes' alphabet, unique) is what players type or scan; ``changes`` is
  raised by every write that changes what the result table shows (a player joining, a board's
  result, the close), and the organiser's projector polls with it.
* ``club_player``: a player of an event: a nickname (unique per event, case-folded in
  ``nick_key``) and the SHA-256 of the random token kept in that browser's cookie (the token itself
  is never stored); ``board`` is the board in play (from 1; ``boards + 1`` once every board is
  played) and ``log``/``version`` that board's table (``tutor.bots.table.Table.log``), every write a
  compare-and-swap on (``board``, ``version``): a double click or a second tab plays once.
* ``club_result``: a player's result on one board, one row per (player, board), written in the
  transaction that moves the player to the next board, by ``INSERT ... ON CONFLICT DO NOTHING``:
  the points won minus the points lost in the hand, the player's decisions and how many equalled
  the engine's best (the hand's replay, kept as ``review``), and the hand's log (the traveller's
  face-up replay).
* A night at real tables (``mode`` ``tables``, ``tables`` its number of tables) has no players:
  ``club_table`` holds each table's scorekeeper code (8 characters of the same alphabet, unique:
  what the scorekeeper's phone opens, printed on the table's movement card), and ``club_score`` one
  row per (event, board, table): the two pairs that played it there (side A's, side B's; a pair plays
  a board once, a unique constraint on each side) and the points each side won in the hand.
  The first entry is ``INSERT ... ON CONFLICT DO NOTHING`` (a double submission writes one row), a
  correction a compare-and-swap on ``version``.
  The organiser may name the pairs (or players) of such a night: ``pair_names`` maps an entrant's
  code (``A1``, ``B3``: its side and number in the movement) to the names typed, and ``names_rev``
  is raised by each change of them, a compare-and-swap (two tabs of the organiser: the second is
  told that the names changed meanwhile, and writes nothing).

No personal data: a player is a nickname and a token's hash; a table is a number and a code; a pair's
name is what the organiser typed (first names or a team's name, at most :data:`PAIR_NAME_LENGTH`
characters).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime
from enum import Enum
from typing import TYPE_CHECKING, Any

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
    delete,
    func,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from .people import CODE_ALPHABET, CODE_LENGTH, normalize_code, token_hash
from .schema import db, new_public_id, utcnow
from .sql import aware, upsert

if TYPE_CHECKING:
    from . import Store

TITLE_LENGTH = 80
NICK_LENGTH = 24
BOARDS = range(2, 17)
"""How many boards an event may have."""
MODES = ("online", "tables")
"""How a night is played: online against the bots, or at real tables with a scorekeeper per table."""
TABLE_CODE_LENGTH = 8
PAIR_NAME_LENGTH = 40
"""The longest name of a pair (or player) at real tables."""
PLAYER_CAP = 200
"""Players an event can have at most."""


class ClubEvent(db.Model):  # type: ignore[name-defined]
    """An organiser's club night."""

    __tablename__ = "club_event"

    id: Mapped[int] = mapped_column(primary_key=True)
    public_id: Mapped[str] = mapped_column(String(16), unique=True, default=new_public_id)
    code: Mapped[str] = mapped_column(String(CODE_LENGTH), unique=True)
    host_id: Mapped[int] = mapped_column(ForeignKey("teacher.id", ondelete="CASCADE"), index=True)
    title: Mapped[str] = mapped_column(String(TITLE_LENGTH))
    rules: Mapped[str] = mapped_column(String(120))
    level: Mapped[str] = mapped_column(String(16))
    boards: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(Integer)
    random_scores: Mapped[bool] = mapped_column(Boolean, default=False)
    mode: Mapped[str] = mapped_column(String(8), default="online", server_default="online")
    tables: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The number of tables of a night at real tables (None online)."""
    pair_names: Mapped[dict[str, str] | None] = mapped_column(JSON, nullable=True)
    """At real tables: the names the organiser gave the pairs, by code (``{"A1": "Ana y Beto"}``)."""
    names_rev: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    """Raised by every change of ``pair_names`` (their compare-and-swap)."""
    closes_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    closed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    changes: Mapped[int] = mapped_column(Integer, default=0)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ClubPlayer(db.Model):  # type: ignore[name-defined]
    """A player of a club night."""

    __tablename__ = "club_player"
    __table_args__ = (UniqueConstraint("event_id", "nick_key"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("club_event.id", ondelete="CASCADE"), index=True)
    nickname: Mapped[str] = mapped_column(String(NICK_LENGTH))
    nick_key: Mapped[str] = mapped_column(String(NICK_LENGTH * 3))
    token: Mapped[str] = mapped_column(String(64), unique=True)
    board: Mapped[int] = mapped_column(Integer, default=1)
    log: Mapped[list[Any]] = mapped_column(JSON)
    version: Mapped[int] = mapped_column(Integer, default=0)
    joined: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ClubResult(db.Model):  # type: ignore[name-defined]
    """A player's result on one board."""

    __tablename__ = "club_result"

    player_id: Mapped[int] = mapped_column(ForeignKey("club_player.id", ondelete="CASCADE"), primary_key=True)
    board: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("club_event.id", ondelete="CASCADE"), index=True)
    points: Mapped[int] = mapped_column(Integer)
    """Points won minus points lost in the board's hand."""
    decisions: Mapped[int] = mapped_column(Integer)
    matched: Mapped[int] = mapped_column(Integer)
    """Decisions equal to the engine's best (the hand's replay)."""
    log: Mapped[list[Any]] = mapped_column(JSON)
    review: Mapped[dict[str, Any]] = mapped_column(JSON)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ClubTable(db.Model):  # type: ignore[name-defined]
    """A table of a night at real tables: its number and its scorekeeper's code."""

    __tablename__ = "club_table"
    __table_args__ = (UniqueConstraint("event_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("club_event.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    code: Mapped[str] = mapped_column(String(TABLE_CODE_LENGTH), unique=True)


class ClubScore(db.Model):  # type: ignore[name-defined]
    """The result of one board at one table of a night at real tables, as its scorekeeper entered it."""

    __tablename__ = "club_score"
    __table_args__ = (
        UniqueConstraint("event_id", "board", "a_pair"),
        UniqueConstraint("event_id", "board", "b_pair"),
    )

    event_id: Mapped[int] = mapped_column(ForeignKey("club_event.id", ondelete="CASCADE"), primary_key=True)
    board: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_no: Mapped[int] = mapped_column(Integer, primary_key=True)
    a_pair: Mapped[int] = mapped_column(Integer)
    b_pair: Mapped[int] = mapped_column(Integer)
    a_points: Mapped[int] = mapped_column(Integer)
    """Points side A won in the hand."""
    b_points: Mapped[int] = mapped_column(Integer)
    version: Mapped[int] = mapped_column(Integer)
    """1 when entered, one more with each correction."""
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


@dataclass(frozen=True)
class TableResult:
    """A board's result at a table as typed in: the pairs (side A's, side B's) and each side's points."""

    a_pair: int
    b_pair: int
    a_points: int
    b_points: int


class Entered(Enum):
    """What became of a scorekeeper's entry."""

    SAVED = "saved"
    """Written (entered, or corrected)."""
    SAME = "same"
    """Already saved with these values (a double submission): nothing written."""
    CHANGED = "changed"
    """Another entry or correction came first with other values: nothing written."""
    PAIR_TAKEN = "pair_taken"
    """One of the pairs has this board's result at another table: nothing written."""


@dataclass(frozen=True)
class Finished:
    """A board's result as it is written: the points (won minus lost), the decisions and how many
    matched the best, the hand's log and replay."""

    points: int
    decisions: int
    matched: int
    log: list[Any]
    review: dict[str, Any]


def new_code(length: int = CODE_LENGTH) -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(length))


def normalize_table_code(text: str) -> str | None:
    """A typed scorekeeper's code as stored (capitals, spaces and dashes ignored), or None.

    >>> normalize_table_code(" abcd-efgh "), normalize_table_code("ABCDEF")
    ('ABCDEFGH', None)
    """
    cleaned = "".join(ch for ch in str(text)[:24] if not ch.isspace() and ch != "-").upper()
    if len(cleaned) != TABLE_CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in cleaned):
        return None
    return cleaned


def nick_key(nickname: str) -> str:
    """What makes two nicknames the same in one event: case and spacing ignored."""
    return " ".join(nickname.split()).casefold()


class ClubEvents:
    """Club nights, their players and results."""

    def __init__(self, store: Store) -> None:
        self.store = store

    # --- Events

    def create(self, host_id: int, **values: Any) -> ClubEvent:
        """A new event of ``host_id`` (title, rules, level, boards, seed, random_scores, closes_at;
        ``mode`` and ``tables`` for a night at real tables, whose tables get their codes here)."""
        for _try in range(20):
            row = ClubEvent(
                public_id=new_public_id(),
                code=new_code(),
                host_id=host_id,
                changes=0,
                created=self.store.now(),
                **values,
            )
            db.session.add(row)
            try:
                if row.mode == "tables" and row.tables:
                    db.session.flush()
                    for number in range(1, row.tables + 1):
                        db.session.add(ClubTable(event_id=row.id, number=number, code=new_code(TABLE_CODE_LENGTH)))
                db.session.commit()
            except IntegrityError:  # the code is taken
                db.session.rollback()
                continue
            return row
        raise RuntimeError("no free event code")  # pragma: no cover

    def owned(self, host_id: int, public_id: str) -> ClubEvent | None:
        """The organiser's event with this id (None for another organiser's)."""
        return db.session.scalar(
            select(ClubEvent).where(ClubEvent.public_id == str(public_id)[:16], ClubEvent.host_id == host_id)
        )

    def of_host(self, host_id: int) -> list[ClubEvent]:
        """The organiser's events, the latest first."""
        return list(
            db.session.scalars(
                select(ClubEvent).where(ClubEvent.host_id == host_id).order_by(ClubEvent.id.desc()).limit(50)
            )
        )

    def by_code(self, code: str) -> ClubEvent | None:
        found = normalize_code(code)
        if found is None:
            return None
        return db.session.scalar(select(ClubEvent).where(ClubEvent.code == found))

    def is_open(self, event: ClubEvent) -> bool:
        """Open to play: not closed by the organiser, and before its closing time if it has one."""
        closes = aware(event.closes_at)
        return event.closed_at is None and (closes is None or self.store.now() < closes)

    def close(self, event: ClubEvent) -> bool:
        """Close the event now (False if it was closed already)."""
        done = db.session.execute(
            update(ClubEvent)
            .where(ClubEvent.id == event.id, ClubEvent.closed_at.is_(None))
            .values(closed_at=self.store.now(), changes=ClubEvent.changes + 1)
            .returning(ClubEvent.id)
        ).first()
        db.session.commit()
        db.session.refresh(event)
        return done is not None

    def delete(self, event: ClubEvent) -> None:
        """Delete the event with its players and results (the rows cascade)."""
        db.session.execute(delete(ClubScore).where(ClubScore.event_id == event.id))
        db.session.execute(delete(ClubTable).where(ClubTable.event_id == event.id))
        db.session.execute(delete(ClubResult).where(ClubResult.event_id == event.id))
        db.session.execute(delete(ClubPlayer).where(ClubPlayer.event_id == event.id))
        db.session.execute(delete(ClubEvent).where(ClubEvent.id == event.id))
        db.session.commit()

    def name_pairs(self, event: ClubEvent, names: dict[str, str], rev: int) -> bool:
        """Give the pairs of a night at real tables these names (a code's blank name is dropped), if
        ``names_rev`` is still ``rev``; raises ``changes`` too (the projector's result table shows
        them). False, writing nothing, if the names changed since ``rev``."""
        kept = {code: name for code, name in sorted(names.items()) if name}
        done = db.session.execute(
            update(ClubEvent)
            .where(ClubEvent.id == event.id, ClubEvent.names_rev == rev)
            .values(pair_names=kept, names_rev=ClubEvent.names_rev + 1, changes=ClubEvent.changes + 1)
            .returning(ClubEvent.id)
        ).first()
        db.session.commit()
        db.session.refresh(event)
        return done is not None

    def poll_key(self, event_id: int) -> int | None:
        """The event's ``changes`` (one primary-key read per poll)."""
        found = db.session.scalar(select(ClubEvent.changes).where(ClubEvent.id == event_id))
        db.session.rollback()
        return found

    def _changed(self, event_id: int) -> None:
        db.session.execute(update(ClubEvent).where(ClubEvent.id == event_id).values(changes=ClubEvent.changes + 1))

    # --- Players

    def join(self, event: ClubEvent, nickname: str, token: str, log: list[Any], version: int) -> ClubPlayer | None:
        """A new player at board 1 (None: the nickname is taken in this event, or the event is full)."""
        hashed = token_hash(token)
        assert hashed is not None
        if self.player_count(event.id) >= PLAYER_CAP:
            return None
        row = ClubPlayer(
            event_id=event.id,
            nickname=nickname,
            nick_key=nick_key(nickname),
            token=hashed,
            board=1,
            log=log,
            version=version,
            joined=self.store.now(),
        )
        db.session.add(row)
        try:
            db.session.flush()
            self._changed(event.id)
            db.session.commit()
        except IntegrityError:
            db.session.rollback()
            return None
        return row

    def player_count(self, event_id: int) -> int:
        return (
            db.session.scalar(select(func.count()).select_from(ClubPlayer).where(ClubPlayer.event_id == event_id)) or 0
        )

    def player_of(self, event: ClubEvent, token: str | None) -> ClubPlayer | None:
        """The player whose cookie holds ``token``, in this event."""
        hashed = token_hash(token)
        if hashed is None:
            return None
        return db.session.scalar(select(ClubPlayer).where(ClubPlayer.event_id == event.id, ClubPlayer.token == hashed))

    def players(self, event_id: int) -> list[ClubPlayer]:
        return list(
            db.session.scalars(select(ClubPlayer).where(ClubPlayer.event_id == event_id).order_by(ClubPlayer.id))
        )

    def nicknames(self, event_id: int) -> set[str]:
        return {p.nickname for p in self.players(event_id)}

    def save(self, player: ClubPlayer, board: int, version: int, *, log: list[Any], new_version: int) -> bool:
        """Write the board's new log if the player is still at (``board``, ``version``)."""
        done = db.session.execute(
            update(ClubPlayer)
            .where(ClubPlayer.id == player.id, ClubPlayer.board == board, ClubPlayer.version == version)
            .values(log=log, version=new_version)
            .returning(ClubPlayer.id)
        ).first()
        db.session.commit()
        db.session.refresh(player)
        return done is not None

    def finish(
        self, player: ClubPlayer, board: int, version: int, result: Finished, *, log: list[Any], new_version: int
    ) -> bool:
        """The board's result (written once) and the player moved on to the next board (its new
        table's ``log``), in one transaction guarded by the compare-and-swap on (``board``,
        ``version``): False, and nothing written, if the player had moved on already."""
        moved = db.session.execute(
            update(ClubPlayer)
            .where(ClubPlayer.id == player.id, ClubPlayer.board == board, ClubPlayer.version == version)
            .values(board=board + 1, log=log, version=new_version)
            .returning(ClubPlayer.id)
        ).first()
        if moved is None:
            db.session.rollback()
            db.session.refresh(player)
            return False
        insert = upsert(ClubResult.__table__).values(
            player_id=player.id,
            board=board,
            event_id=player.event_id,
            points=result.points,
            decisions=result.decisions,
            matched=result.matched,
            log=result.log,
            review=result.review,
            created=self.store.now(),
        )
        db.session.execute(insert.on_conflict_do_nothing(index_elements=["player_id", "board"]))
        self._changed(player.event_id)
        db.session.commit()
        db.session.refresh(player)
        return True

    # --- Results

    def results(self, event_id: int) -> list[ClubResult]:
        """Every result of the event, by board then player."""
        return list(
            db.session.scalars(
                select(ClubResult)
                .where(ClubResult.event_id == event_id)
                .order_by(ClubResult.board, ClubResult.player_id)
            )
        )

    def review_of_play(self, event_id: int, board: int, log: list[Any]) -> dict[str, Any] | None:
        """The stored replay of another player's hand on the board with exactly this log (the same
        moves, so the same decisions to judge), or None."""
        rows = db.session.execute(
            select(ClubResult.log, ClubResult.review).where(ClubResult.event_id == event_id, ClubResult.board == board)
        )
        return next((dict(review) for stored, review in rows if stored == log), None)

    def result(self, event_id: int, player_id: int, board: int) -> ClubResult | None:
        return db.session.scalar(
            select(ClubResult).where(
                ClubResult.event_id == event_id, ClubResult.player_id == player_id, ClubResult.board == board
            )
        )

    # --- Real tables

    def tables_of(self, event_id: int) -> list[ClubTable]:
        """The event's tables, by number."""
        return list(
            db.session.scalars(select(ClubTable).where(ClubTable.event_id == event_id).order_by(ClubTable.number))
        )

    def table_by_code(self, code: str) -> tuple[ClubTable, ClubEvent] | None:
        """The table whose scorekeeper's code this is, with its event."""
        found = normalize_table_code(code)
        if found is None:
            return None
        row = db.session.execute(
            select(ClubTable, ClubEvent)
            .join(ClubEvent, ClubEvent.id == ClubTable.event_id)
            .where(ClubTable.code == found)
        ).first()
        return (row[0], row[1]) if row is not None else None

    def scores(self, event_id: int) -> list[ClubScore]:
        """Every board's result at every table, by board then table."""
        return list(
            db.session.scalars(
                select(ClubScore).where(ClubScore.event_id == event_id).order_by(ClubScore.board, ClubScore.table_no)
            )
        )

    def score(self, event_id: int, board: int, table: int) -> ClubScore | None:
        return db.session.get(ClubScore, (event_id, board, table))

    def enter(self, event: ClubEvent, table: int, board: int, result: TableResult, version: int) -> Entered:
        """The scorekeeper's entry of ``board`` at ``table``: ``version`` 0 enters it (once: a second
        submission writes nothing), the version shown corrects it (a compare-and-swap)."""
        now = self.store.now()
        values = {
            "a_pair": result.a_pair,
            "b_pair": result.b_pair,
            "a_points": result.a_points,
            "b_points": result.b_points,
        }
        try:
            if version == 0:
                insert = upsert(ClubScore.__table__).values(
                    event_id=event.id, board=board, table_no=table, version=1, created=now, updated=now, **values
                )
                statement = insert.on_conflict_do_nothing(index_elements=["event_id", "board", "table_no"])
                done = db.session.execute(statement.returning(ClubScore.version)).first()
            else:
                done = db.session.execute(
                    update(ClubScore)
                    .where(
                        ClubScore.event_id == event.id,
                        ClubScore.board == board,
                        ClubScore.table_no == table,
                        ClubScore.version == version,
                    )
                    .values(version=ClubScore.version + 1, updated=now, **values)
                    .returning(ClubScore.version)
                ).first()
        except IntegrityError:  # a pair's result on this board is at another table
            db.session.rollback()
            return Entered.PAIR_TAKEN
        if done is None:
            db.session.rollback()
            current = self.score(event.id, board, table)
            if current is not None and all(getattr(current, name) == value for name, value in values.items()):
                return Entered.SAME
            return Entered.CHANGED
        self._changed(event.id)
        db.session.commit()
        return Entered.SAVED


__all__ = [
    "BOARDS",
    "ClubEvent",
    "ClubEvents",
    "ClubPlayer",
    "ClubResult",
    "ClubScore",
    "ClubTable",
    "Entered",
    "MODES",
    "TableResult",
    "Finished",
    "NICK_LENGTH",
    "PLAYER_CAP",
    "TITLE_LENGTH",
    "nick_key",
]
