"""Tables with people: one row per table (its code, the match's rules, seed, level and log, who sits
where, the waiting list, the host's token hash and the reviews kept per seat).

A new table only; the downgrade drops it.
Revises: f3a9c2d17b64
Create Date: 2026-12-02 13:10:00

"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = "a7c4e2f9d813"
down_revision = "f3a9c2d17b64"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "people_table",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(length=6), nullable=False),
        sa.Column("rules", sa.String(length=120), nullable=False),
        sa.Column("level", sa.String(length=16), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("hints", sa.Boolean(), nullable=False),
        sa.Column("state", sa.String(length=8), nullable=False),
        sa.Column("seats", sa.JSON(), nullable=False),
        sa.Column("waiting", sa.JSON(), nullable=False),
        sa.Column("host", sa.String(length=64), nullable=False),
        sa.Column("log", sa.JSON(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("rev", sa.Integer(), nullable=False),
        sa.Column("reviews", sa.JSON(), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("moved", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_people_table")),
        sa.UniqueConstraint("code", name=op.f("uq_people_table_code")),
    )


def downgrade():
    op.drop_table("people_table")
