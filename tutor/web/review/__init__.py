"""The review of mistakes (blueprint ``review``): the lesson checks due again by the FSRS schedule,
asked one per page as fresh variants, with the count in the header's menu and on the lesson map. The
pages are in :mod:`.views`; the queue is the store's (``tutor.store.Progress.review_queue``)."""

from .views import bp, init_app

__all__ = ["bp", "init_app"]
