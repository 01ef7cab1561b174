"""Named pairs at a club night at real tables: ``club_event.pair_names`` (a pair's code, ``A1``, to the
names the organiser typed) and ``club_event.names_rev`` (raised by each change of them: their
compare-and-swap). Existing nights have no names: their pairs are shown by code, as before.

Revises: c9d4e2a7b615
Create Date: 2026-12-04 04:15:00

"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = "a4c8e2f6b913"
down_revision = "c9d4e2a7b615"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("club_event") as batch_op:
        batch_op.add_column(sa.Column("pair_names", sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column("names_rev", sa.Integer(), server_default="0", nullable=False))


def downgrade():
    with op.batch_alter_table("club_event") as batch_op:
        batch_op.drop_column("names_rev")
        batch_op.drop_column("pair_names")
