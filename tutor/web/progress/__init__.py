"""The progress page (blueprint ``progress``): mastery and accuracy per topic, the streak, today's goal,
totals and the questions missed most, read from the store's projections of the learning log. The
page is in :mod:`.views`, its chart in :mod:`.chart`."""

from .views import bp, init_app

__all__ = ["bp", "init_app"]
