"""Games at the table: rules, seed, bot level and action log per learner.

Revision ID: 5b7c0e2d9a41
Revises: 100c68b194d8
Create Date: 2026-12-01 10:00:00.000000

"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = "5b7c0e2d9a41"
down_revision = "100c68b194d8"
branch_labels = None
depends_on = None


def upgrade():
    """Create the game table."""
    op.create_table(
        "game",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("public_id", sa.String(length=16), nullable=False),
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("rules", sa.String(length=200), nullable=False),
        sa.Column("level", sa.String(length=16), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=False),
        sa.Column("daily", sa.String(length=10), nullable=True),
        sa.Column("log", sa.JSON(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("hints", sa.Integer(), nullable=False),
        sa.Column("hint_pending", sa.Boolean(), nullable=False),
        sa.Column("score0", sa.Integer(), nullable=False),
        sa.Column("score1", sa.Integer(), nullable=False),
        sa.Column("winner", sa.Integer(), nullable=True),
        sa.Column("reviews", sa.JSON(), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["learner_id"], ["learner.id"], name=op.f("fk_game_learner_id_learner"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_game")),
        sa.UniqueConstraint("public_id", name=op.f("uq_game_public_id")),
    )
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_game_learner_id"), ["learner_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_game_updated"), ["updated"], unique=False)


def downgrade():
    """Drop it."""
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_game_updated"))
        batch_op.drop_index(batch_op.f("ix_game_learner_id"))

    op.drop_table("game")
