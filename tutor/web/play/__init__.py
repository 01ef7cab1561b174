"""The table (blueprint ``play``): whole matches against computer players, hints and hand replays.
The pages are in :mod:`.views`; games in the store (``tutor.store.Game``). What the table shows, the
replay of a hand and the controller of act, hint and replay are shared with other features:
:mod:`tutor.web.components.table`."""

from . import daily as _daily  # noqa: F401  # the daily deal's results, routes on bp
from .views import bp, init_app

__all__ = ["bp", "init_app"]
