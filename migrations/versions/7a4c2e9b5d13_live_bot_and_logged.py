"""Live sessions, continued: a session's kind (``quiz``, or ``bot``: the class against the bot) and its
table's log, and a mark on each live answer once it is in the pupil's learning log.

New columns only (with server defaults for the rows there are); the downgrade drops them.
Revises: e5cefd57f10d
Create Date: 2026-12-02 13:10:00.000000

"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = "7a4c2e9b5d13"
down_revision = "e5cefd57f10d"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("live_session", schema=None) as batch_op:
        batch_op.add_column(sa.Column("kind", sa.String(length=8), nullable=False, server_default="quiz"))
        batch_op.add_column(sa.Column("table_log", sa.JSON(), nullable=True))
    with op.batch_alter_table("live_answer", schema=None) as batch_op:
        batch_op.add_column(sa.Column("logged", sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade():
    with op.batch_alter_table("live_answer", schema=None) as batch_op:
        batch_op.drop_column("logged")
    with op.batch_alter_table("live_session", schema=None) as batch_op:
        batch_op.drop_column("table_log")
        batch_op.drop_column("kind")
