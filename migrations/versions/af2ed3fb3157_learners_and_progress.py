"""Learners and their progress (the initial schema).

Revision ID: af2ed3fb3157
Revises:
Create Date: 2026-11-29 16:24:55.560485

"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = "af2ed3fb3157"
down_revision = None
branch_labels = None
depends_on = None


def upgrade():
    """Create the learner and progress tables."""
    op.create_table(
        "learner",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("public_id", sa.String(length=32), nullable=False),
        sa.Column("device_code", sa.String(length=8), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_seen", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_learner")),
        sa.UniqueConstraint("device_code", name=op.f("uq_learner_device_code")),
        sa.UniqueConstraint("public_id", name=op.f("uq_learner_public_id")),
    )
    op.create_table(
        "progress",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("lesson", sa.String(length=64), nullable=False),
        sa.Column("step", sa.String(length=64), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["learner_id"], ["learner.id"], name=op.f("fk_progress_learner_id_learner"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_progress")),
        sa.UniqueConstraint("learner_id", "lesson", "step", name=op.f("uq_progress_learner_id_lesson_step")),
    )
    with op.batch_alter_table("progress", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_progress_learner_id"), ["learner_id"], unique=False)


def downgrade():
    """Drop them."""
    with op.batch_alter_table("progress", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_progress_learner_id"))

    op.drop_table("progress")
    op.drop_table("learner")
