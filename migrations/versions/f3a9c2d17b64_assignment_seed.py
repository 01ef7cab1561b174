"""An assignment's seed: a topic quiz set with "the same questions for everyone" keeps the seed that
draws them (NULL: each pupil draws their own), so the teacher's page can count the answers per question.

One nullable column; the downgrade drops it.
Revises: 0e9e9fa8f01b
Create Date: 2026-12-02 12:50:00

"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = "f3a9c2d17b64"
down_revision = "0e9e9fa8f01b"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("assignment") as batch_op:
        batch_op.add_column(sa.Column("seed", sa.Integer(), nullable=True))


def downgrade():
    with op.batch_alter_table("assignment") as batch_op:
        batch_op.drop_column("seed")
