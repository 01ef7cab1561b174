"""Club nights at real tables: ``club_event.mode`` (``online``, the existing nights, or ``tables``)
and ``club_event.tables``; ``club_table`` (each table's scorekeeper code) and ``club_score`` (one
row per board and table: the two pairs and the points each side won).

Two columns and two new tables; the downgrade drops them.
Revises: e8b4d1c6a2f9
Create Date: 2026-12-04 10:00:00

"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = "f3a7c9e1b5d2"
down_revision = "e8b4d1c6a2f9"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("club_event", schema=None) as batch_op:
        batch_op.add_column(sa.Column("mode", sa.String(length=8), server_default="online", nullable=False))
        batch_op.add_column(sa.Column("tables", sa.Integer(), nullable=True))

    op.create_table(
        "club_table",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(length=8), nullable=False),
        sa.ForeignKeyConstraint(
            ["event_id"], ["club_event.id"], name=op.f("fk_club_table_event_id_club_event"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_club_table")),
        sa.UniqueConstraint("code", name=op.f("uq_club_table_code")),
        sa.UniqueConstraint("event_id", "number", name=op.f("uq_club_table_event_id_number")),
    )
    with op.batch_alter_table("club_table", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_club_table_event_id"), ["event_id"], unique=False)

    op.create_table(
        "club_score",
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("board", sa.Integer(), nullable=False),
        sa.Column("table_no", sa.Integer(), nullable=False),
        sa.Column("a_pair", sa.Integer(), nullable=False),
        sa.Column("b_pair", sa.Integer(), nullable=False),
        sa.Column("a_points", sa.Integer(), nullable=False),
        sa.Column("b_points", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["event_id"], ["club_event.id"], name=op.f("fk_club_score_event_id_club_event"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("event_id", "board", "table_no", name=op.f("pk_club_score")),
        sa.UniqueConstraint("event_id", "board", "a_pair", name=op.f("uq_club_score_event_id_board_a_pair")),
        sa.UniqueConstraint("event_id", "board", "b_pair", name=op.f("uq_club_score_event_id_board_b_pair")),
    )


def downgrade():
    op.drop_table("club_score")
    op.drop_table("club_table")
    with op.batch_alter_table("club_event", schema=None) as batch_op:
        batch_op.drop_column("tables")
        batch_op.drop_column("mode")
