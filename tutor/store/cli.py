"""``flask --app tutor store ...``: recompute the projections from the learning log, or check them.

``store rebuild`` recomputes every learner's projections (or those of ``--learner ID``) from the log,
each learner in its own transaction under its lock, so it can run while the app serves.
``store check`` compares the stored projections with a replay of the log and lists the differences
(exit status 1 if any).
"""

from __future__ import annotations

import click
from flask.cli import with_appcontext
from sqlalchemy import select

from .schema import Learner, db


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
