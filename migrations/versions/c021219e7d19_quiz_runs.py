"""Quiz runs: one try at a topic quiz, the mixed exam or a daily set per row (quiz key, seed, answers).

Revision ID: c021219e7d19
Revises: 3f8b2d6e1a94
Create Date: 2026-12-01 13:41:30.265112

"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = "c021219e7d19"
down_revision = "3f8b2d6e1a94"
branch_labels = None
depends_on = None


def upgrade():
    """Create the quiz_run table."""
    op.create_table(
        "quiz_run",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("public_id", sa.String(length=16), nullable=False),
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("quiz", sa.String(length=80), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=False),
        sa.Column("size", sa.Integer(), nullable=False),
        sa.Column("day", sa.String(length=10), nullable=True),
        sa.Column("answers", sa.JSON(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("score", sa.Integer(), nullable=False),
        sa.Column("finished", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["learner_id"], ["learner.id"], name=op.f("fk_quiz_run_learner_id_learner"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_quiz_run")),
        sa.UniqueConstraint("learner_id", "quiz", "day", name=op.f("uq_quiz_run_learner_id_quiz_day")),
        sa.UniqueConstraint("public_id", name=op.f("uq_quiz_run_public_id")),
    )
    with op.batch_alter_table("quiz_run", schema=None) as batch_op:
        batch_op.create_index("ix_quiz_run_learner_quiz", ["learner_id", "quiz"], unique=False)


def downgrade():
    """Drop it."""
    with op.batch_alter_table("quiz_run", schema=None) as batch_op:
        batch_op.drop_index("ix_quiz_run_learner_quiz")

    op.drop_table("quiz_run")
