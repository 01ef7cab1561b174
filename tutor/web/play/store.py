"""Games in the learner store: creation, ownership and compare-and-swap writes.

A game belongs to the learner who created it: :func:`load_game` answers 404 for anybody else's id,
as it does for an unknown one. :func:`save_table` writes a table's new log only if nobody wrote
since the page was drawn (``version``), in one ``UPDATE ... WHERE version = :drawn``: two tabs or a
double click can never apply an action twice or lose one.
"""

from __future__ import annotations

import re
from typing import Any

from flask import abort
from sqlalchemy import select, update

from ...bots.table import Table, TableError
from ...engine.notation import format_rules, parse_rules
from ...engine.rules import Rules
from ...models import Game, Learner, db, utcnow

_GAME_ID = re.compile(r"^[0-9a-f]{16}$")


def create_game(learner: Learner, rules: Rules, level: str, seed: int, daily: str | None = None) -> tuple[Game, Table]:
    """A new game for ``learner``; the bots act until the learner's first turn."""
    table = Table(rules, seed, level)
    game = Game(
        learner_id=learner.id, rules=format_rules(rules), level=str(table.level), seed=seed, daily=daily,
        log=table.log(), version=table.version, hints=0, hint_pending=False, reviews={},
        score0=table.hand.scores[0], score1=table.hand.scores[1], winner=table.match.winner,
    )
    db.session.add(game)
    db.session.commit()
    return game, table


def load_game(learner_public_id: str | None, public_id: str) -> Game:
    """The game with this id if it belongs to the learner of this public id, else 404 (also for
    another learner's game). One query: the game joined with its learner."""
    if learner_public_id is None or not _GAME_ID.match(public_id or ""):
        abort(404)
    game = db.session.scalar(
        select(Game).join(Learner, Game.learner_id == Learner.id)
        .where(Game.public_id == public_id, Learner.public_id == learner_public_id)
    )
    if game is None:
        abort(404)
    return game


def table_of(game: Game) -> Table:
    """Rebuild the game's table from its log (a log that does not replay is a 404: it cannot be shown)."""
    try:
        return Table(parse_rules(game.rules), game.seed, game.level, log=game.log)
    except (TableError, ValueError):
        abort(404)


def save_table(game: Game, table: Table, drawn_version: int, **values: Any) -> bool:
    """Write the table's log if the stored version is still ``drawn_version``; False if it is not."""
    winner = table.match.winner
    scores = table.hand.scores
    result = db.session.execute(
        update(Game)
        .where(Game.id == game.id, Game.version == drawn_version)
        .values(
            log=table.log(), version=table.version, score0=scores[0], score1=scores[1], winner=winner,
            updated=utcnow(), **values,
        )
        .execution_options(synchronize_session=False)
    )
    db.session.commit()
    return result.rowcount == 1


def set_hint_pending(game: Game, drawn_version: int) -> bool:
    """Count a hint once for the decision drawn at ``drawn_version`` (asking twice counts once)."""
    result = db.session.execute(
        update(Game)
        .where(Game.id == game.id, Game.version == drawn_version, Game.hint_pending.is_(False))
        .values(hints=Game.hints + 1, hint_pending=True, updated=utcnow())
        .execution_options(synchronize_session=False)
    )
    db.session.commit()
    db.session.refresh(game)
    return result.rowcount == 1


def store_review(game: Game, hand_number: int, review: dict[str, Any]) -> None:
    """Keep a finished hand's review (it never changes: the hand is over and bots are seeded)."""
    reviews = dict(game.reviews or {})
    reviews[str(hand_number)] = review
    db.session.execute(
        update(Game).where(Game.id == game.id).values(reviews=reviews).execution_options(synchronize_session=False)
    )
    db.session.commit()
    db.session.refresh(game)


def recent_games(learner: Learner, limit: int = 10) -> list[Game]:
    """The learner's latest games, newest first."""
    return list(
        db.session.scalars(
            select(Game).where(Game.learner_id == learner.id).order_by(Game.updated.desc(), Game.id.desc()).limit(limit)
        )
    )


def daily_game(learner: Learner, day: str) -> Game | None:
    """The learner's game of the daily deal of ``day``, if they started it."""
    return db.session.scalar(select(Game).where(Game.learner_id == learner.id, Game.daily == day).limit(1))
