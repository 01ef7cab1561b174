"""The anotador's shared scores (score_share) and the daily deal's results (daily_result), one per
learner and day.

New tables only; the downgrade drops them.
Revises: 7a4c2e9b5d13
Create Date: 2026-12-02 12:50:00.000000

"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = "7c1d4e9a2b63"
down_revision = "7a4c2e9b5d13"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "score_share",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("public_id", sa.String(length=16), nullable=False),
        sa.Column("key_hash", sa.String(length=64), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("snapshot", sa.JSON(), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_score_share")),
        sa.UniqueConstraint("public_id", name=op.f("uq_score_share_public_id")),
    )
    op.create_table(
        "daily_result",
        sa.Column("day", sa.String(length=10), nullable=False),
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("points_for", sa.Integer(), nullable=False),
        sa.Column("points_against", sa.Integer(), nullable=False),
        sa.Column("won", sa.Boolean(), nullable=False),
        sa.Column("decisions", sa.Integer(), nullable=False),
        sa.Column("best", sa.Integer(), nullable=False),
        sa.Column("marks", sa.String(length=64), nullable=False),
        sa.Column("nickname", sa.String(length=24), nullable=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["learner_id"], ["learner.id"], name=op.f("fk_daily_result_learner_id_learner"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("day", "learner_id", name=op.f("pk_daily_result")),
    )


def downgrade():
    op.drop_table("daily_result")
    op.drop_table("score_share")
