"""Shared scores of the anotador and the daily deal's results.

* ``score_share``: a score kept on a phone with real cards (the anotador), published read-only to
  other phones. A share has a random public id, the hash of a random key only the keeper's phone
  knows, the last snapshot and its ``version``: the keeper's own counter, raised by each change on
  the phone. A snapshot is written only if its version is newer than the stored one
  (``UPDATE ... WHERE version < ?``), so a resent or late snapshot changes nothing; viewers poll
  with the version they have. A share its keeper has not updated for :data:`SHARE_KEPT` is found no
  more (a night's game is long over), and ``flask store prune`` deletes it.
* ``daily_result``: a learner's finished daily deal, one row per (deal, learner) (a deal is a day's
  game: ``2026-12-03`` the Argentine one, ``2026-12-03:catalan``), written once by
  ``INSERT ... ON CONFLICT DO NOTHING`` (a resent last action, two tabs, a revisit count once): the
  points of both teams, whether the learner won, the learner's decisions and how many equalled the
  best decision of the hand's review, one mark per hand, and an optional nickname.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Integer, String, select, update
from sqlalchemy.orm import Mapped, mapped_column

from .schema import DAILY_KEY_LENGTH, db, new_public_id, utcnow
from .sql import delete_where, upsert

if TYPE_CHECKING:
    from . import Store

NICKNAME_LENGTH = 24
"""The longest nickname on the daily results."""
SHARE_KEPT = timedelta(days=2)
"""How long a shared score is shown after its keeper's last change."""
MARKS_LENGTH = 64
"""The most hand marks kept for a daily result (a match to 15 has far fewer hands)."""


class ScoreShare(db.Model):  # type: ignore[name-defined]
    """A score published by an anotador's keeper."""

    __tablename__ = "score_share"

    id: Mapped[int] = mapped_column(primary_key=True)
    public_id: Mapped[str] = mapped_column(String(16), unique=True, default=new_public_id)
    key_hash: Mapped[str] = mapped_column(String(64))
    """SHA-256 (hex) of the keeper's key; the key itself is never stored."""
    version: Mapped[int] = mapped_column(Integer, default=0)
    snapshot: Mapped[dict[str, Any]] = mapped_column(JSON)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class DailyResult(db.Model):  # type: ignore[name-defined]
    """A learner's finished daily deal."""

    __tablename__ = "daily_result"

    day: Mapped[str] = mapped_column(String(DAILY_KEY_LENGTH), primary_key=True)
    """The daily deal's key: its day, and its game but for the Argentine one (``Game.daily``)."""
    learner_id: Mapped[int] = mapped_column(ForeignKey("learner.id", ondelete="CASCADE"), primary_key=True)
    points_for: Mapped[int] = mapped_column(Integer)
    points_against: Mapped[int] = mapped_column(Integer)
    won: Mapped[bool] = mapped_column(Boolean)
    decisions: Mapped[int] = mapped_column(Integer)
    best: Mapped[int] = mapped_column(Integer)
    """Decisions equal to the best decision of the hand's review."""
    marks: Mapped[str] = mapped_column(String(MARKS_LENGTH))
    """One letter per hand: ``b`` every decision was the best, ``m`` one was not, ``n`` no decision."""
    nickname: Mapped[str | None] = mapped_column(String(NICKNAME_LENGTH), nullable=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


def _hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


@dataclass(frozen=True)
class Shared:
    version: int
    snapshot: dict[str, Any]


@dataclass(frozen=True)
class Result:
    learner_id: int
    points_for: int
    points_against: int
    won: bool
    decisions: int
    best: int
    marks: str
    nickname: str | None


def _result(row: DailyResult) -> Result:
    return Result(
        row.learner_id, row.points_for, row.points_against, row.won, row.decisions, row.best, row.marks, row.nickname
    )


class Scoreboard:
    """Score shares and daily results."""

    def __init__(self, store: Store) -> None:
        self.store = store

    # --- Score shares

    def share(self, snapshot: dict[str, Any], version: int) -> tuple[str, str]:
        """A new share of ``snapshot``: its public id and the keeper's key (shown once)."""
        key = secrets.token_urlsafe(18)
        now = self.store.now()
        row = ScoreShare(
            public_id=new_public_id(), key_hash=_hash(key), version=version, snapshot=snapshot, created=now, updated=now
        )
        db.session.add(row)
        db.session.commit()
        return row.public_id, key

    def publish(self, public_id: str, key: str, snapshot: dict[str, Any], version: int) -> bool | None:
        """Write a newer snapshot: True if written, False if the stored one is as new or newer,
        None if there is no such share or the key is wrong."""
        row = db.session.execute(
            select(ScoreShare.id, ScoreShare.key_hash).where(ScoreShare.public_id == public_id, self._kept())
        ).first()
        if row is None or not hmac.compare_digest(row.key_hash, _hash(key)):
            db.session.rollback()
            return None
        result = db.session.execute(
            update(ScoreShare)
            .where(ScoreShare.id == row.id, ScoreShare.version < version)
            .values(snapshot=snapshot, version=version, updated=self.store.now())
            .execution_options(synchronize_session=False)
        )
        db.session.commit()
        return result.rowcount == 1  # type: ignore[attr-defined]  # an UPDATE's CursorResult

    def shared(self, public_id: str) -> Shared | None:
        row = db.session.execute(
            select(ScoreShare.version, ScoreShare.snapshot).where(ScoreShare.public_id == public_id, self._kept())
        ).first()
        db.session.rollback()
        return None if row is None else Shared(row.version, row.snapshot)

    def shared_version(self, public_id: str) -> int | None:
        version = db.session.execute(
            select(ScoreShare.version).where(ScoreShare.public_id == public_id, self._kept())
        ).scalar()
        db.session.rollback()
        return version

    def _kept(self) -> Any:
        """The shares still shown: updated less than :data:`SHARE_KEPT` ago."""
        return ScoreShare.updated > self.store.now() - SHARE_KEPT

    def prune_shares(self, before: datetime, *, dry_run: bool = False) -> int:
        """Delete the shares last updated before ``before`` (``dry_run``: count them only)."""
        return delete_where(ScoreShare, ScoreShare.updated < before, dry_run=dry_run)

    # --- Daily results

    def record(self, day: str, result: Result) -> bool:
        """Keep ``result`` as the learner's result of ``day`` unless one is kept: True if this wrote it."""
        outcome = db.session.execute(
            upsert(DailyResult.__table__)
            .values(
                day=day,
                learner_id=result.learner_id,
                points_for=result.points_for,
                points_against=result.points_against,
                won=result.won,
                decisions=result.decisions,
                best=result.best,
                marks=result.marks[:MARKS_LENGTH],
                nickname=None,
                created=self.store.now(),
            )
            .on_conflict_do_nothing(index_elements=["day", "learner_id"])
            .returning(DailyResult.__table__.c.learner_id)
        )
        written = outcome.scalar() is not None
        db.session.commit()
        return written

    def rename(self, day: str, learner_id: int, nickname: str | None) -> bool:
        """Set (or clear, with None) the nickname of the learner's result of ``day``; False if none is kept."""
        outcome = db.session.execute(
            update(DailyResult)
            .where(DailyResult.day == day, DailyResult.learner_id == learner_id)
            .values(nickname=nickname)
            .execution_options(synchronize_session=False)
        )
        db.session.commit()
        return outcome.rowcount == 1  # type: ignore[attr-defined]

    def results(self, day: str) -> list[Result]:
        """The day's results, best first: wins, then the margin, then the share of best decisions."""
        rows = db.session.execute(select(DailyResult).where(DailyResult.day == day)).scalars().all()
        found = [_result(r) for r in rows]
        db.session.rollback()
        return sorted(
            found,
            key=lambda r: (-int(r.won), r.points_against - r.points_for, -(r.best / r.decisions if r.decisions else 0)),
        )

    def result(self, day: str, learner_id: int | None) -> Result | None:
        if learner_id is None:
            return None
        row = db.session.get(DailyResult, (day, learner_id))
        found = _result(row) if row is not None else None
        db.session.rollback()
        return found
