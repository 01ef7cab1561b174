"""Starting is idempotent: one daily game per learner and day, one open quiz run per learner, quiz and seed.

Two "Start" clicks sent at once made two rows before; the unique indexes make the second insert a
no-op (``tutor.store.Runs.create``, ``tutor.store.QuizRuns.start``). Duplicates already stored are
resolved first, keeping what the learner sees: of two daily games of one day, the one played
furthest (then the newest) stays the daily game and the others become ordinary games (nothing is
deleted); of two open runs of one quiz and seed, the newest (the one the quiz page continued) stays
and the older, unfinished copies are deleted (their answers stay in the learning log).

Revision ID: b6d2e8f4a1c3
Revises: b3c7e91d2a58
Create Date: 2026-12-02 01:40:00.000000

"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = "b6d2e8f4a1c3"
down_revision = "b3c7e91d2a58"
branch_labels = None
depends_on = None

OPEN = "day IS NULL AND finished IS NULL"


def upgrade():
    op.execute(
        sa.text(
            "UPDATE game SET daily = NULL WHERE daily IS NOT NULL AND EXISTS ("
            " SELECT 1 FROM game AS other WHERE other.learner_id = game.learner_id AND other.daily = game.daily"
            " AND (other.version > game.version OR (other.version = game.version AND other.id > game.id)))"
        )
    )
    op.execute(
        sa.text(
            f"DELETE FROM quiz_run WHERE {OPEN} AND EXISTS ("
            " SELECT 1 FROM quiz_run AS other WHERE other.learner_id = quiz_run.learner_id"
            " AND other.quiz = quiz_run.quiz AND other.seed = quiz_run.seed"
            " AND other.day IS NULL AND other.finished IS NULL AND other.id > quiz_run.id)"
        )
    )
    op.create_index("uq_game_learner_daily", "game", ["learner_id", "daily"], unique=True)
    op.create_index(
        "uq_quiz_run_open",
        "quiz_run",
        ["learner_id", "quiz", "seed"],
        unique=True,
        sqlite_where=sa.text(OPEN),
        postgresql_where=sa.text(OPEN),
    )


def downgrade():
    op.drop_index("uq_quiz_run_open", table_name="quiz_run")
    op.drop_index("uq_game_learner_daily", table_name="game")
