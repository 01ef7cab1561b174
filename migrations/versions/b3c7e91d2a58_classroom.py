"""The classroom: teacher accounts, classes, class members and the rate buckets of logins and join codes.

New tables only; the downgrade drops them (nothing of the learners' progress is lost).

Revision ID: b3c7e91d2a58
Revises: d5a8c3e1f047
Create Date: 2026-12-02 01:22:34.215526

"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = "b3c7e91d2a58"
down_revision = "d5a8c3e1f047"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "rate_bucket",
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("key", sa.String(length=64), nullable=False),
        sa.Column("failures", sa.Float(), nullable=False),
        sa.Column("updated", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("kind", "key", name=op.f("pk_rate_bucket")),
    )
    with op.batch_alter_table("rate_bucket", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_rate_bucket_updated"), ["updated"], unique=False)

    op.create_table(
        "teacher",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("login", sa.String(length=40), nullable=False),
        sa.Column("display_name", sa.String(length=80), nullable=False),
        sa.Column("password_hash", sa.String(length=255), nullable=False),
        sa.Column("recovery_hash", sa.String(length=255), nullable=False),
        sa.Column("generation", sa.Integer(), nullable=False),
        sa.Column("learner_id", sa.Integer(), nullable=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["learner_id"], ["learner.id"], name=op.f("fk_teacher_learner_id_learner"), ondelete="SET NULL"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_teacher")),
        sa.UniqueConstraint("login", name=op.f("uq_teacher_login")),
    )
    op.create_table(
        "school_class",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("public_id", sa.String(length=16), nullable=False),
        sa.Column("teacher_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("lang", sa.String(length=8), nullable=False),
        sa.Column("children", sa.Boolean(), nullable=False),
        sa.Column("join_code", sa.String(length=6), nullable=False),
        sa.Column("join_open", sa.Boolean(), nullable=False),
        sa.Column("archived", sa.Boolean(), nullable=False),
        sa.Column("members", sa.Integer(), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["teacher_id"], ["teacher.id"], name=op.f("fk_school_class_teacher_id_teacher"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_school_class")),
        sa.UniqueConstraint("join_code", name=op.f("uq_school_class_join_code")),
        sa.UniqueConstraint("public_id", name=op.f("uq_school_class_public_id")),
    )
    with op.batch_alter_table("school_class", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_school_class_teacher_id"), ["teacher_id"], unique=False)

    op.create_table(
        "class_member",
        sa.Column("class_id", sa.Integer(), nullable=False),
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("nickname", sa.String(length=40), nullable=False),
        sa.Column("joined", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["class_id"], ["school_class.id"], name=op.f("fk_class_member_class_id_school_class"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["learner_id"], ["learner.id"], name=op.f("fk_class_member_learner_id_learner"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("class_id", "learner_id", name=op.f("pk_class_member")),
        sa.UniqueConstraint("class_id", "nickname", name=op.f("uq_class_member_class_id_nickname")),
    )
    with op.batch_alter_table("class_member", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_class_member_learner_id"), ["learner_id"], unique=False)

    op.create_table(
        "assignment",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("public_id", sa.String(length=16), nullable=False),
        sa.Column("class_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("target", sa.String(length=64), nullable=False),
        sa.Column("count", sa.Integer(), nullable=False),
        sa.Column("opens", sa.DateTime(timezone=True), nullable=False),
        sa.Column("due", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["class_id"], ["school_class.id"], name=op.f("fk_assignment_class_id_school_class"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_assignment")),
        sa.UniqueConstraint("public_id", name=op.f("uq_assignment_public_id")),
    )
    with op.batch_alter_table("assignment", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_assignment_class_id"), ["class_id"], unique=False)


def downgrade():
    with op.batch_alter_table("assignment", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_assignment_class_id"))

    op.drop_table("assignment")
    with op.batch_alter_table("class_member", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_class_member_learner_id"))

    op.drop_table("class_member")
    with op.batch_alter_table("school_class", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_school_class_teacher_id"))

    op.drop_table("school_class")
    op.drop_table("teacher")
    with op.batch_alter_table("rate_bucket", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_rate_bucket_updated"))

    op.drop_table("rate_bucket")
