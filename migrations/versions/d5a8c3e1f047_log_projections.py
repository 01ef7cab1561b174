"""Projections of the learning log: per learner, item, topic, lesson and day what the pages read,
built here from the log of an existing database.

The attempt table stays the truth; these tables are kept with it from now on (``tutor.store``) and
can be recomputed from it at any time (``flask --app tutor store rebuild``). The upgrade folds every
learner's log into them with the store's own fold (``tutor.store.projection``, pure Python), days
counted in the app's ``DAY_ZONE`` (UTC by default). The downgrade drops them: nothing else is lost.

Revision ID: d5a8c3e1f047
Revises: c021219e7d19
Create Date: 2026-12-10 09:00:00.000000

"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = "d5a8c3e1f047"
down_revision = "c021219e7d19"
branch_labels = None
depends_on = None

BATCH = 2000
"""Rows written per statement while filling."""


def _learner_fk(table):
    return sa.ForeignKeyConstraint(
        ["learner_id"], ["learner.id"], name=op.f(f"fk_{table}_learner_id_learner"), ondelete="CASCADE"
    )


def upgrade():
    op.create_table(
        "learner_progress",
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("entries", sa.Integer(), nullable=False),
        sa.Column("last_entry", sa.Integer(), nullable=True),
        sa.Column("last_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("answers", sa.Integer(), nullable=False),
        sa.Column("right", sa.Integer(), nullable=False),
        sa.Column("days", sa.Integer(), nullable=False),
        sa.Column("last_day", sa.Date(), nullable=True),
        sa.Column("streak", sa.Integer(), nullable=False),
        sa.Column("day_answers", sa.Integer(), nullable=False),
        _learner_fk("learner_progress"),
        sa.PrimaryKeyConstraint("learner_id", name=op.f("pk_learner_progress")),
    )
    op.create_table(
        "item_progress",
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("item", sa.String(length=120), nullable=False),
        sa.Column("answers", sa.Integer(), nullable=False),
        sa.Column("right", sa.Integer(), nullable=False),
        sa.Column("card_state", sa.Integer(), nullable=True),
        sa.Column("card_step", sa.Integer(), nullable=True),
        sa.Column("stability", sa.Float(), nullable=True),
        sa.Column("difficulty", sa.Float(), nullable=True),
        sa.Column("due", sa.DateTime(timezone=True), nullable=True),
        sa.Column("last_review", sa.DateTime(timezone=True), nullable=True),
        sa.Column("lesson_tries", sa.Integer(), nullable=False),
        sa.Column("lesson_right", sa.Integer(), nullable=False),
        sa.Column("lesson_first", sa.Boolean(), nullable=True),
        sa.Column("lesson_done", sa.Boolean(), nullable=False),
        sa.Column("lesson_touched", sa.DateTime(timezone=True), nullable=True),
        _learner_fk("item_progress"),
        sa.PrimaryKeyConstraint("learner_id", "item", name=op.f("pk_item_progress")),
    )
    with op.batch_alter_table("item_progress", schema=None) as batch_op:
        batch_op.create_index("ix_item_progress_learner_due", ["learner_id", "due"], unique=False)
    op.create_table(
        "topic_progress",
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("topic", sa.String(length=64), nullable=False),
        sa.Column("answers", sa.Integer(), nullable=False),
        sa.Column("recent", sa.String(length=32), nullable=False),
        sa.Column("quiz_passed", sa.Boolean(), nullable=False),
        _learner_fk("topic_progress"),
        sa.PrimaryKeyConstraint("learner_id", "topic", name=op.f("pk_topic_progress")),
    )
    op.create_table(
        "lesson_progress",
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("lesson", sa.String(length=64), nullable=False),
        sa.Column("tested_out", sa.Boolean(), nullable=False),
        sa.Column("resets", sa.Integer(), nullable=False),
        _learner_fk("lesson_progress"),
        sa.PrimaryKeyConstraint("learner_id", "lesson", name=op.f("pk_lesson_progress")),
    )
    op.create_table(
        "day_progress",
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("topic", sa.String(length=64), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("answers", sa.Integer(), nullable=False),
        sa.Column("right", sa.Integer(), nullable=False),
        _learner_fk("day_progress"),
        sa.PrimaryKeyConstraint("learner_id", "topic", "day", name=op.f("pk_day_progress")),
    )
    _fill(op.get_bind())


def _zone():
    from zoneinfo import ZoneInfo

    try:
        from flask import current_app

        name = current_app.config.get("DAY_ZONE") or "UTC"
    except RuntimeError:  # no app (offline use)
        name = "UTC"
    return ZoneInfo(name)


def _fill(connection):
    """Fold each learner's log into the new tables (the store's fold: tutor.store.projection)."""
    from tutor.learning import Attempt
    from tutor.store.projection import Projection

    attempt = sa.table(
        "attempt",
        sa.column("id", sa.Integer()),
        sa.column("learner_id", sa.Integer()),
        sa.column("item", sa.String()),
        sa.column("source", sa.String()),
        sa.column("correct", sa.Boolean()),
        sa.column("hinted", sa.Boolean()),
        sa.column("at", sa.DateTime(timezone=True)),
    )
    zone = _zone()
    rows = {name: [] for name in ("learner", "item", "topic", "lesson", "day")}
    current, projection = None, None

    def finish():
        if projection is None:
            return
        s = projection.summary
        rows["learner"].append(
            dict(
                learner_id=current,
                entries=s.entries,
                last_entry=s.last_entry,
                last_at=s.last_at,
                answers=s.answers,
                right=s.right,
                days=s.days,
                last_day=s.last_day,
                streak=s.streak,
                day_answers=s.day_answers,
            )
        )
        for item, i in projection.items.items():
            rows["item"].append(
                dict(
                    learner_id=current,
                    item=item,
                    answers=i.answers,
                    right=i.right,
                    card_state=i.card_state,
                    card_step=i.card_step,
                    stability=i.stability,
                    difficulty=i.difficulty,
                    due=i.due,
                    last_review=i.last_review,
                    lesson_tries=i.lesson_tries,
                    lesson_right=i.lesson_right,
                    lesson_first=i.lesson_first,
                    lesson_done=i.lesson_done,
                    lesson_touched=i.lesson_touched,
                )
            )
        for topic, t in projection.topics.items():
            rows["topic"].append(
                dict(learner_id=current, topic=topic, answers=t.answers, recent=t.recent, quiz_passed=t.quiz_passed)
            )
        for lesson, done in projection.lessons.items():
            rows["lesson"].append(
                dict(learner_id=current, lesson=lesson, tested_out=done.tested_out, resets=done.resets)
            )
        for (day, topic), d in projection.days.items():
            rows["day"].append(dict(learner_id=current, day=day, topic=topic, answers=d.answers, right=d.right))
        if sum(len(found) for found in rows.values()) >= BATCH:
            flush()

    def flush():
        for name, found in rows.items():
            if found:
                connection.execute(_TABLES[name].insert(), found)
                found.clear()

    result = connection.execute(sa.select(attempt).order_by(attempt.c.learner_id, attempt.c.at, attempt.c.id))
    for row in result:
        if row.learner_id != current:
            finish()
            current, projection = row.learner_id, Projection(zone)
        projection.apply(
            Attempt(row.learner_id, row.item, row.source, bool(row.correct), at=row.at, hinted=bool(row.hinted)), row.id
        )
    finish()
    flush()


_I, _S, _B, _F = sa.Integer(), sa.String(), sa.Boolean(), sa.Float()
_T, _D = sa.DateTime(timezone=True), sa.Date()


def _typed(name, **columns):
    return sa.table(name, *(sa.column(column, kind) for column, kind in columns.items()))


_TABLES = {
    "learner": _typed(
        "learner_progress",
        learner_id=_I,
        entries=_I,
        last_entry=_I,
        last_at=_T,
        answers=_I,
        right=_I,
        days=_I,
        last_day=_D,
        streak=_I,
        day_answers=_I,
    ),
    "item": _typed(
        "item_progress",
        learner_id=_I,
        item=_S,
        answers=_I,
        right=_I,
        card_state=_I,
        card_step=_I,
        stability=_F,
        difficulty=_F,
        due=_T,
        last_review=_T,
        lesson_tries=_I,
        lesson_right=_I,
        lesson_first=_B,
        lesson_done=_B,
        lesson_touched=_T,
    ),
    "topic": _typed("topic_progress", learner_id=_I, topic=_S, answers=_I, recent=_S, quiz_passed=_B),
    "lesson": _typed("lesson_progress", learner_id=_I, lesson=_S, tested_out=_B, resets=_I),
    "day": _typed("day_progress", learner_id=_I, day=_D, topic=_S, answers=_I, right=_I),
}


def downgrade():
    op.drop_table("day_progress")
    op.drop_table("lesson_progress")
    op.drop_table("topic_progress")
    with op.batch_alter_table("item_progress", schema=None) as batch_op:
        batch_op.drop_index("ix_item_progress_learner_due")
    op.drop_table("item_progress")
    op.drop_table("learner_progress")
