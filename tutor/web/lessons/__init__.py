"""The lessons (blueprint ``lessons``): the pages in :mod:`.views` and the learner's progress in
:mod:`.progress`. A step's question is shown by the presenters of ``tutor.web.components.questions``."""

from .views import bp, init_app

__all__ = ["bp", "init_app"]
