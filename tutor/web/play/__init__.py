"""The table (blueprint ``play``): whole matches against computer players, hints and reviews.
The pages are in :mod:`.views`; games in the learner store in :mod:`.store`. What the table shows
and the review of a hand are shared with other features: :mod:`tutor.web.components.table`."""

from .views import bp, init_app

__all__ = ["bp", "init_app"]
