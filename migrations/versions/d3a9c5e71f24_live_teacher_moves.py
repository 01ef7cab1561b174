"""The class against the bot: the decisions at which the teacher played another move than the class's
vote (``live_session.teacher_moves``: each decision's place in the table's log with the move the vote
had chosen), so the board and the hand's review say who chose each move.

One nullable column; the downgrade drops it.
Revises: b8e2f4a61c07
Create Date: 2026-12-03 14:20:00

"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = "d3a9c5e71f24"
down_revision = "b8e2f4a61c07"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("live_session") as batch_op:
        batch_op.add_column(sa.Column("teacher_moves", sa.JSON(), nullable=True))


def downgrade():
    with op.batch_alter_table("live_session") as batch_op:
        batch_op.drop_column("teacher_moves")
