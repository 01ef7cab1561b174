"""The class roster: co-teachers (``class_teacher``), single-use invitations to co-teach
(``class_invite``, only the token's hash kept) and teacher-made pupils (``class_member.managed`` and
the teacher-only ``label``).

The downgrade drops the two tables and the two columns (co-teachers and the teacher-made marks go;
the learners and their progress stay).

Revision ID: e5cefd57f10d
Revises: a7c4e2f9d813
Create Date: 2026-12-02 12:50:00

"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = "e5cefd57f10d"
down_revision = "a7c4e2f9d813"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "class_teacher",
        sa.Column("class_id", sa.Integer(), nullable=False),
        sa.Column("teacher_id", sa.Integer(), nullable=False),
        sa.Column("added", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["class_id"], ["school_class.id"], name=op.f("fk_class_teacher_class_id_school_class"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["teacher_id"], ["teacher.id"], name=op.f("fk_class_teacher_teacher_id_teacher"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("class_id", "teacher_id", name=op.f("pk_class_teacher")),
    )
    with op.batch_alter_table("class_teacher", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_class_teacher_teacher_id"), ["teacher_id"], unique=False)

    op.create_table(
        "class_invite",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("public_id", sa.String(length=16), nullable=False),
        sa.Column("class_id", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires", sa.DateTime(timezone=True), nullable=False),
        sa.Column("used_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("used_by", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["class_id"], ["school_class.id"], name=op.f("fk_class_invite_class_id_school_class"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["used_by"], ["teacher.id"], name=op.f("fk_class_invite_used_by_teacher"), ondelete="SET NULL"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_class_invite")),
        sa.UniqueConstraint("public_id", name=op.f("uq_class_invite_public_id")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_class_invite_token_hash")),
    )
    with op.batch_alter_table("class_invite", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_class_invite_class_id"), ["class_id"], unique=False)

    with op.batch_alter_table("class_member", schema=None) as batch_op:
        batch_op.add_column(sa.Column("managed", sa.Boolean(), server_default=sa.false(), nullable=False))
        batch_op.add_column(sa.Column("label", sa.String(length=80), nullable=True))


def downgrade():
    with op.batch_alter_table("class_member", schema=None) as batch_op:
        batch_op.drop_column("label")
        batch_op.drop_column("managed")

    with op.batch_alter_table("class_invite", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_class_invite_class_id"))

    op.drop_table("class_invite")
    with op.batch_alter_table("class_teacher", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_class_teacher_teacher_id"))

    op.drop_table("class_teacher")
