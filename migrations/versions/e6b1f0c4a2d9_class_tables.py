"""Class tables: a table with people may belong to a class and be opened by one of its teachers, who
hosts it from their account and may watch it (``people_table.class_id``, ``people_table.teacher_id``).

Two nullable columns with their foreign keys and an index on the class; the downgrade drops them.
Revises: d3a9c5e71f24
Create Date: 2026-12-03 14:40:00

"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = "e6b1f0c4a2d9"
down_revision = "d3a9c5e71f24"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("people_table") as batch_op:
        batch_op.add_column(sa.Column("class_id", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("teacher_id", sa.Integer(), nullable=True))
        batch_op.create_foreign_key(
            op.f("fk_people_table_class_id_school_class"), "school_class", ["class_id"], ["id"], ondelete="SET NULL"
        )
        batch_op.create_foreign_key(
            op.f("fk_people_table_teacher_id_teacher"), "teacher", ["teacher_id"], ["id"], ondelete="SET NULL"
        )
        batch_op.create_index(op.f("ix_people_table_class_id"), ["class_id"])


def downgrade():
    with op.batch_alter_table("people_table") as batch_op:
        batch_op.drop_index(op.f("ix_people_table_class_id"))
        batch_op.drop_constraint(op.f("fk_people_table_teacher_id_teacher"), type_="foreignkey")
        batch_op.drop_constraint(op.f("fk_people_table_class_id_school_class"), type_="foreignkey")
        batch_op.drop_column("teacher_id")
        batch_op.drop_column("class_id")
