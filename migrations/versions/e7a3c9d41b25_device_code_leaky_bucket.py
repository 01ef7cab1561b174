"""Device-code failures as a leaky bucket per address (failures that leak away, not a fixed window).

Revision ID: e7a3c9d41b25
Revises: c4e1a7d2b9f0
Create Date: 2026-12-01 12:00:00.000000

"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = "e7a3c9d41b25"
down_revision = "c4e1a7d2b9f0"
branch_labels = None
depends_on = None


def upgrade():
    """Replace (window_start, failures) by (failures, updated); running windows are forgotten."""
    op.execute("DELETE FROM device_code_failures")
    with op.batch_alter_table("device_code_failures", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_device_code_failures_window_start"))
        batch_op.drop_column("window_start")
        batch_op.drop_column("failures")
    with op.batch_alter_table("device_code_failures", schema=None) as batch_op:
        batch_op.add_column(sa.Column("failures", sa.Float(), nullable=False))
        batch_op.add_column(sa.Column("updated", sa.Float(), nullable=False))
        batch_op.create_index(batch_op.f("ix_device_code_failures_updated"), ["updated"], unique=False)


def downgrade():
    """Back to a fixed window per address; the counts are forgotten."""
    op.execute("DELETE FROM device_code_failures")
    with op.batch_alter_table("device_code_failures", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_device_code_failures_updated"))
        batch_op.drop_column("updated")
        batch_op.drop_column("failures")
    with op.batch_alter_table("device_code_failures", schema=None) as batch_op:
        batch_op.add_column(sa.Column("window_start", sa.DateTime(timezone=True), nullable=False))
        batch_op.add_column(sa.Column("failures", sa.Integer(), nullable=False))
        batch_op.create_index(batch_op.f("ix_device_code_failures_window_start"), ["window_start"], unique=False)
