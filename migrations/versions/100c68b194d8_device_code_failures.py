"""Wrong device codes per client address (the server-side guessing limit).

Revision ID: 100c68b194d8
Revises: af2ed3fb3157
Create Date: 2026-11-29 17:30:00.000000

"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = "100c68b194d8"
down_revision = "af2ed3fb3157"
branch_labels = None
depends_on = None


def upgrade():
    """Create the device_code_failures table."""
    op.create_table(
        "device_code_failures",
        sa.Column("address", sa.String(length=64), nullable=False),
        sa.Column("window_start", sa.DateTime(timezone=True), nullable=False),
        sa.Column("failures", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("address", name=op.f("pk_device_code_failures")),
    )
    with op.batch_alter_table("device_code_failures", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_device_code_failures_window_start"), ["window_start"], unique=False)


def downgrade():
    """Drop it."""
    with op.batch_alter_table("device_code_failures", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_device_code_failures_window_start"))

    op.drop_table("device_code_failures")
