"""The anotador (blueprint ``anotador``): a scorekeeper for games with real cards, kept in the
browser, working offline, shared read-only by link. The pages are in :mod:`.views`, the values of
the awards (the engine's) in :mod:`.values`."""

from .views import bp, init_app

__all__ = ["bp", "init_app"]
