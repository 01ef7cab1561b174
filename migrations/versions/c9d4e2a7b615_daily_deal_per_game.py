"""A daily deal per game: the key of a daily deal (``game.daily``, ``daily_result.day``) is its day and,
but for the Argentine game, its game after a colon (``2026-12-03:catalan``), so both columns widen from
10 to 24 characters. Existing rows keep their keys (the Argentine deal's key is still its date).

The downgrade narrows them again after dropping what does not fit: the other games' results, and the
other games' daily games become ordinary games.
Revises: f3a7c9e1b5d2
Create Date: 2026-12-03 18:00:00

"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = "c9d4e2a7b615"
down_revision = "f3a7c9e1b5d2"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("game") as batch_op:
        batch_op.alter_column("daily", existing_type=sa.String(length=10), type_=sa.String(length=24))
    with op.batch_alter_table("daily_result") as batch_op:
        batch_op.alter_column(
            "day", existing_type=sa.String(length=10), type_=sa.String(length=24), existing_nullable=False
        )


def downgrade():
    op.execute("DELETE FROM daily_result WHERE length(day) > 10")
    op.execute("UPDATE game SET daily = NULL WHERE length(daily) > 10")
    with op.batch_alter_table("daily_result") as batch_op:
        batch_op.alter_column(
            "day", existing_type=sa.String(length=24), type_=sa.String(length=10), existing_nullable=False
        )
    with op.batch_alter_table("game") as batch_op:
        batch_op.alter_column("daily", existing_type=sa.String(length=24), type_=sa.String(length=10))
