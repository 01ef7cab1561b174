"""The lessons (blueprint ``lessons``): the pages in :mod:`.views`, the learner's progress in
:mod:`.progress`, the situation a step shows in :mod:`.situation`, and the sentences of the checks'
answers and explanations in :mod:`.text` and :mod:`.explain`."""

from .views import bp, init_app

__all__ = ["bp", "init_app"]
