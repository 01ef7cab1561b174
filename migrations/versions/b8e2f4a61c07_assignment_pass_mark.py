"""An assignment's pass mark: a topic quiz set as homework may ask for its own number of right answers
(NULL: the app's own pass mark, 9 of 10, ``tutor.learning.attempts.QUIZ_PASS_SHARE``).

One nullable column; the downgrade drops it.
Revises: 7c1d4e9a2b63
Create Date: 2026-12-03 09:20:00

"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = "b8e2f4a61c07"
down_revision = "7c1d4e9a2b63"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("assignment") as batch_op:
        batch_op.add_column(sa.Column("pass_mark", sa.Integer(), nullable=True))


def downgrade():
    with op.batch_alter_table("assignment") as batch_op:
        batch_op.drop_column("pass_mark")
