"""Scripted practice hands (blueprint ``practice``): one idea of a lesson played at a real table,
with a coach. The pages are in :mod:`.views`; runs in the store (``tutor.store.PracticeRun``); the
table and its controller are the shared ones (:mod:`tutor.web.components.table`); the hands, their scripts and verdicts come from
:mod:`tutor.content.practice`."""

from .views import bp, init_app

__all__ = ["bp", "init_app"]
