"""Club nights (duplicate Truco): one row per event (``club_event``: its code, organiser, rules,
boards, seed and window), per player (``club_player``: nickname, token hash, the board in play and
its table's log) and per player and board (``club_result``: points, decisions, the hand's log and
replay).

New tables only; the downgrade drops them.
Revises: e6b1f0c4a2d9
Create Date: 2026-12-03 15:00:00

"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = "e8b4d1c6a2f9"
down_revision = "e6b1f0c4a2d9"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "club_event",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("public_id", sa.String(length=16), nullable=False),
        sa.Column("code", sa.String(length=6), nullable=False),
        sa.Column("host_id", sa.Integer(), nullable=False),
        sa.Column("title", sa.String(length=80), nullable=False),
        sa.Column("rules", sa.String(length=120), nullable=False),
        sa.Column("level", sa.String(length=16), nullable=False),
        sa.Column("boards", sa.Integer(), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=False),
        sa.Column("random_scores", sa.Boolean(), nullable=False),
        sa.Column("closes_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("closed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("changes", sa.Integer(), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["host_id"], ["teacher.id"], name=op.f("fk_club_event_host_id_teacher"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_club_event")),
        sa.UniqueConstraint("code", name=op.f("uq_club_event_code")),
        sa.UniqueConstraint("public_id", name=op.f("uq_club_event_public_id")),
    )
    with op.batch_alter_table("club_event", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_club_event_host_id"), ["host_id"], unique=False)

    op.create_table(
        "club_player",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("nickname", sa.String(length=24), nullable=False),
        sa.Column("nick_key", sa.String(length=72), nullable=False),
        sa.Column("token", sa.String(length=64), nullable=False),
        sa.Column("board", sa.Integer(), nullable=False),
        sa.Column("log", sa.JSON(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("joined", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["event_id"], ["club_event.id"], name=op.f("fk_club_player_event_id_club_event"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_club_player")),
        sa.UniqueConstraint("event_id", "nick_key", name=op.f("uq_club_player_event_id_nick_key")),
        sa.UniqueConstraint("token", name=op.f("uq_club_player_token")),
    )
    with op.batch_alter_table("club_player", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_club_player_event_id"), ["event_id"], unique=False)

    op.create_table(
        "club_result",
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("board", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("points", sa.Integer(), nullable=False),
        sa.Column("decisions", sa.Integer(), nullable=False),
        sa.Column("matched", sa.Integer(), nullable=False),
        sa.Column("log", sa.JSON(), nullable=False),
        sa.Column("review", sa.JSON(), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["event_id"], ["club_event.id"], name=op.f("fk_club_result_event_id_club_event"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["player_id"], ["club_player.id"], name=op.f("fk_club_result_player_id_club_player"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("player_id", "board", name=op.f("pk_club_result")),
    )
    with op.batch_alter_table("club_result", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_club_result_event_id"), ["event_id"], unique=False)


def downgrade():
    op.drop_table("club_result")
    op.drop_table("club_player")
    op.drop_table("club_event")
