"""Quizzes, the final exam, printable worksheets and the daily challenge (blueprint ``quiz``): the
pages in :mod:`.views`, which questions a quiz asks in :mod:`.draw`, the runs in the store
(``tutor.store.QuizRuns``) with their answers as data (:mod:`.answers`), projector mode in
:mod:`.present`. The questions are shown by the presenters of ``tutor.web.components.questions``."""

from . import present as present  # registers the projector pages on ``bp``
from .views import bp, init_app

__all__ = ["bp", "init_app"]
