"""The learning log: an append-only attempt table replaces the progress counters.

Each progress row becomes the attempts that explain it, all at the row's ``updated`` time: a step
finished without a check becomes one ``seen`` event; a check answered ``tries`` times becomes the
first answer (right or not, as ``first`` says), then the other wrong answers, then the other right
ones, so steps done, first tries and right answers stay as they were. The downgrade adds the log
back up into counters (the attempts after each lesson's last reset).

Revision ID: 3f8b2d6e1a94
Revises: 9d3f6a1c2e70
Create Date: 2026-12-02 10:00:00.000000

"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = "3f8b2d6e1a94"
down_revision = "9d3f6a1c2e70"
branch_labels = None
depends_on = None

_attempt = sa.table(
    "attempt",
    sa.column("learner_id", sa.Integer()),
    sa.column("item", sa.String()),
    sa.column("source", sa.String()),
    sa.column("correct", sa.Boolean()),
    sa.column("hinted", sa.Boolean()),
    sa.column("at", sa.DateTime(timezone=True)),
)
_progress = sa.table(
    "progress",
    sa.column("id", sa.Integer()),
    sa.column("learner_id", sa.Integer()),
    sa.column("lesson", sa.String()),
    sa.column("step", sa.String()),
    sa.column("done", sa.Boolean()),
    sa.column("first", sa.Boolean()),
    sa.column("tries", sa.Integer()),
    sa.column("right", sa.Integer()),
    sa.column("updated", sa.DateTime(timezone=True)),
)


def _attempts_of(row) -> list[dict]:
    """The attempts that give one progress row's counters back."""
    base = {"learner_id": row.learner_id, "item": f"{row.lesson}/{row.step}", "hinted": False, "at": row.updated}
    tries, right = int(row.tries or 0), int(row.right or 0)
    if tries <= 0:
        return [{**base, "source": "seen", "correct": False}] if row.done else []
    first = bool(row.first) if row.first is not None else right > 0
    later_right = min(max(right - int(first), 0), tries - 1)
    answers = [first] + [False] * (tries - 1 - later_right) + [True] * later_right
    rows = [{**base, "source": "lesson", "correct": correct} for correct in answers]
    if row.done and not any(answers):  # finished without a right answer (a step whose check came later)
        rows.append({**base, "source": "seen", "correct": False})
    return rows


def upgrade():
    """Create the attempt table, move the progress rows into it, drop progress."""
    op.create_table(
        "attempt",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("item", sa.String(length=120), nullable=False),
        sa.Column("source", sa.String(length=16), nullable=False),
        sa.Column("correct", sa.Boolean(), nullable=False),
        sa.Column("hinted", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["learner_id"], ["learner.id"], name=op.f("fk_attempt_learner_id_learner"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_attempt")),
    )
    with op.batch_alter_table("attempt", schema=None) as batch_op:
        batch_op.create_index("ix_attempt_learner_at", ["learner_id", "at"], unique=False)
        batch_op.create_index("ix_attempt_learner_item", ["learner_id", "item"], unique=False)

    connection = op.get_bind()
    rows = connection.execute(sa.select(_progress).order_by(_progress.c.id)).all()
    attempts = [attempt for row in rows for attempt in _attempts_of(row)]
    if attempts:
        connection.execute(_attempt.insert(), attempts)

    with op.batch_alter_table("progress", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_progress_learner_id"))
    op.drop_table("progress")


def downgrade():
    """Recreate progress with its counters, added up from the log; drop attempt."""
    op.create_table(
        "progress",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("lesson", sa.String(length=64), nullable=False),
        sa.Column("step", sa.String(length=64), nullable=False),
        sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
        sa.Column("done", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column("first", sa.Boolean(), nullable=True),
        sa.Column("tries", sa.Integer(), server_default="0", nullable=False),
        sa.Column("right", sa.Integer(), server_default="0", nullable=False),
        sa.ForeignKeyConstraint(
            ["learner_id"], ["learner.id"], name=op.f("fk_progress_learner_id_learner"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_progress")),
        sa.UniqueConstraint("learner_id", "lesson", "step", name=op.f("uq_progress_learner_id_lesson_step")),
    )
    with op.batch_alter_table("progress", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_progress_learner_id"), ["learner_id"], unique=False)

    connection = op.get_bind()
    table = sa.table("attempt", sa.column("id", sa.Integer()), *(sa.column(c.name, c.type) for c in _attempt.columns))
    counters: dict[tuple, dict] = {}
    for a in connection.execute(
        sa.select(table).where(table.c.source.in_(("lesson", "seen", "reset"))).order_by(table.c.at, table.c.id)
    ).all():
        if a.source == "reset":
            for key in [key for key in counters if key[:2] == (a.learner_id, a.item)]:
                del counters[key]
            continue
        if a.item.count("/") != 1:
            continue
        lesson, step = a.item.split("/")
        record = counters.setdefault(
            (a.learner_id, lesson, step), {"done": False, "first": None, "tries": 0, "right": 0}
        )
        record["updated"] = a.at
        if a.source == "seen":
            record["done"] = True
        else:
            record["done"] = record["done"] or bool(a.correct)
            record["first"] = bool(a.correct) if record["first"] is None else record["first"]
            record["tries"] += 1
            record["right"] += int(bool(a.correct))
    if counters:
        connection.execute(
            _progress.insert(),
            [
                {"learner_id": learner, "lesson": lesson, "step": step, **record}
                for (learner, lesson, step), record in counters.items()
            ],
        )

    with op.batch_alter_table("attempt", schema=None) as batch_op:
        batch_op.drop_index("ix_attempt_learner_item")
        batch_op.drop_index("ix_attempt_learner_at")
    op.drop_table("attempt")
