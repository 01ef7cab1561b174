"""``flask --app tutor store ...``: recompute the projections from the learning log, or check them.

``store rebuild`` recomputes every learner's projections (or those of ``--learner ID``) from the log,
each learner in its own transaction under its lock, so it can run while the app serves.
``store check`` compares the stored projections with a replay of the log and lists the differences
(exit status 1 if any).
``store prune`` forgets anonymous learners with no activity for ``--days`` (default 365: the session
cookie's lifetime) with everything they own, and deletes the tables with people closed for a day
and the anotador's shared scores not updated for two days; ``--dry-run`` only counts
(docs/deploy.md, "Retention").
"""

from __future__ import annotations

from datetime import timedelta

import click
from flask.cli import with_appcontext
from sqlalchemy import select

from .learners import PRUNE_AFTER
from .people import OPEN_FOR as PEOPLE_OPEN_FOR
from .schema import Learner, db
from .scoreboard import SHARE_KEPT


@click.group("store")
def store_cli() -> None:
    """The store: projections of the learning log."""


def _learners(wanted: tuple[int, ...]) -> list[int]:
    if wanted:
        return list(wanted)
    return list(db.session.scalars(select(Learner.id).order_by(Learner.id)))


@store_cli.command("rebuild")
@click.option("--learner", "learners", type=int, multiple=True, help="Only this learner's id (repeatable).")
@with_appcontext
def rebuild(learners: tuple[int, ...]) -> None:
    """Recompute the projections from the learning log."""
    from . import current_store

    store = current_store()
    ids = _learners(learners)
    for learner_id in ids:
        store.attempts.rebuild(learner_id)
    click.echo(f"rebuilt the projections of {len(ids)} learner{'s' if len(ids) != 1 else ''}")


@store_cli.command("check")
@click.option("--learner", "learners", type=int, multiple=True, help="Only this learner's id (repeatable).")
@with_appcontext
def check(learners: tuple[int, ...]) -> None:
    """List where the projections differ from a replay of the log."""
    from . import current_store

    store = current_store()
    ids = _learners(learners)
    bad = 0
    for learner_id in ids:
        problems = store.attempts.differences(learner_id)
        db.session.rollback()
        if problems:
            bad += 1
            click.echo(f"learner {learner_id}:")
            for problem in problems[:20]:
                click.echo(f"  {problem}")
    click.echo(f"{len(ids) - bad} of {len(ids)} learners agree with their log")
    if bad:
        raise SystemExit(1)


@store_cli.command("prune")
@click.option(
    "--days",
    type=click.IntRange(min=1),
    default=PRUNE_AFTER.days,
    show_default=True,
    help="Forget anonymous learners with no activity for this many days.",
)
@click.option("--dry-run", is_flag=True, help="Count what would be deleted; delete nothing.")
@with_appcontext
def prune(days: int, dry_run: bool) -> None:
    """Forget anonymous learners who have not been back for a long time, with their log and runs;
    and delete the tables with people and the anotador's shared scores that have closed.

    A learner is forgotten when it was not seen, answered nothing and touched no game, practice hand
    or quiz for ``--days``, and nothing outside its own rows points at it (a class, an account).
    """
    from . import current_store

    store = current_store()
    before = store.now() - timedelta(days=days)
    pruned = store.learners.prune(before, dry_run=dry_run)
    verb = "would delete" if dry_run else "deleted"
    noun = "learner" if pruned.learners == 1 else "learners"
    details = ", ".join(f"{count} {table}" for table, count in pruned.rows.items() if count)
    click.echo(
        f"{verb} {pruned.learners} {noun} with no activity since {before:%Y-%m-%d %H:%M} UTC"
        + (f" ({details} rows)" if details else "")
    )
    tables = store.people.prune(store.now() - PEOPLE_OPEN_FOR, dry_run=dry_run)
    shares = store.scoreboard.prune_shares(store.now() - SHARE_KEPT, dry_run=dry_run)
    click.echo(f"{verb} {tables} closed tables with people and {shares} old shared scores")
