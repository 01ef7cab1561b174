"""Practice runs: one try at a scripted practice hand per row (hand key, seed, log, stars).

Revision ID: 9d3f6a1c2e70
Revises: e7a3c9d41b25
Create Date: 2026-12-01 13:00:00.000000

"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = "9d3f6a1c2e70"
down_revision = "e7a3c9d41b25"
branch_labels = None
depends_on = None


def upgrade():
    """Create the practice_run table."""
    op.create_table(
        "practice_run",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("public_id", sa.String(length=16), nullable=False),
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("hand_key", sa.String(length=80), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=False),
        sa.Column("log", sa.JSON(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("hints", sa.Integer(), nullable=False),
        sa.Column("hint_pending", sa.Boolean(), nullable=False),
        sa.Column("stars", sa.Integer(), nullable=True),
        sa.Column("goal", sa.Boolean(), nullable=True),
        sa.Column("review", sa.JSON(), nullable=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["learner_id"], ["learner.id"], name=op.f("fk_practice_run_learner_id_learner"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_practice_run")),
        sa.UniqueConstraint("public_id", name=op.f("uq_practice_run_public_id")),
    )
    with op.batch_alter_table("practice_run", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_practice_run_learner_id"), ["learner_id"], unique=False)
        batch_op.create_index("ix_practice_run_learner_hand", ["learner_id", "hand_key"], unique=False)


def downgrade():
    """Drop it."""
    with op.batch_alter_table("practice_run", schema=None) as batch_op:
        batch_op.drop_index("ix_practice_run_learner_hand")
        batch_op.drop_index(batch_op.f("ix_practice_run_learner_id"))

    op.drop_table("practice_run")
