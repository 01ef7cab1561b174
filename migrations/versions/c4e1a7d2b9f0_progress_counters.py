"""Progress as counters (atomic upserts instead of a JSON record), and the answer forms already counted.

Revision ID: c4e1a7d2b9f0
Revises: 5b7c0e2d9a41
Create Date: 2026-12-01 11:00:00.000000

"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = "c4e1a7d2b9f0"
down_revision = "5b7c0e2d9a41"
branch_labels = None
depends_on = None

COUNTERS = ("done", "first", "tries", "right")


def _progress(*columns):
    return sa.table("progress", sa.column("id", sa.Integer()), *columns)


def upgrade():
    """Move each progress record's JSON into columns; create answered_form."""
    with op.batch_alter_table("progress", schema=None) as batch_op:
        batch_op.add_column(sa.Column("done", sa.Boolean(), server_default=sa.false(), nullable=False))
        batch_op.add_column(sa.Column("first", sa.Boolean(), nullable=True))
        batch_op.add_column(sa.Column("tries", sa.Integer(), server_default="0", nullable=False))
        batch_op.add_column(sa.Column("right", sa.Integer(), server_default="0", nullable=False))
    connection = op.get_bind()
    old = _progress(sa.column("data", sa.JSON()))
    new = _progress(*(sa.column(name) for name in COUNTERS))
    for row_id, data in connection.execute(sa.select(old.c.id, old.c.data)).all():
        data = data or {}
        first = data.get("first")
        connection.execute(
            new.update()
            .where(new.c.id == row_id)
            .values(
                done=bool(data.get("done")),
                first=None if first is None else bool(first),
                tries=int(data.get("tries", 0) or 0),
                right=int(data.get("right", 0) or 0),
            )
        )
    with op.batch_alter_table("progress", schema=None) as batch_op:
        batch_op.drop_column("data")

    op.create_table(
        "answered_form",
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("token", sa.String(length=32), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["learner_id"], ["learner.id"], name=op.f("fk_answered_form_learner_id_learner"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("learner_id", "token", name=op.f("pk_answered_form")),
    )
    with op.batch_alter_table("answered_form", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_answered_form_created"), ["created"], unique=False)


def downgrade():
    """Back to one JSON record per progress row; drop answered_form."""
    with op.batch_alter_table("answered_form", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_answered_form_created"))
    op.drop_table("answered_form")

    with op.batch_alter_table("progress", schema=None) as batch_op:
        batch_op.add_column(sa.Column("data", sa.JSON(), nullable=True))
    connection = op.get_bind()
    counters = _progress(*(sa.column(name) for name in COUNTERS))
    old = _progress(sa.column("data", sa.JSON()))
    for row_id, done, first, tries, right in connection.execute(
        sa.select(counters.c.id, *(counters.c[name] for name in COUNTERS))
    ).all():
        data = {"done": bool(done), "tries": tries, "right": right}
        if first is not None:
            data["first"] = bool(first)
        connection.execute(old.update().where(old.c.id == row_id).values(data=data))
    with op.batch_alter_table("progress", schema=None) as batch_op:
        batch_op.alter_column("data", existing_type=sa.JSON(), nullable=False)
        for name in reversed(COUNTERS):
            batch_op.drop_column(name)
