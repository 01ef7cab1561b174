"""The table (blueprint ``play``): whole matches against computer players, hints and reviews.
The pages are in :mod:`.views`; what the table shows in :mod:`.tableview`; the review of a hand in
:mod:`.review`; games in the learner store in :mod:`.store`."""

from .views import bp, init_app

__all__ = ["bp", "init_app"]
