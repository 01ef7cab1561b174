"""The set-up form of ``/play``: the table's form object (:mod:`tutor.web.components.table.setup`),
shared with the tables with people."""

from ..components.table.setup import FLOR_MODES, LEVELS, PLAYERS, PRESETS, TARGETS, SetupForm

__all__ = ["FLOR_MODES", "LEVELS", "PLAYERS", "PRESETS", "TARGETS", "SetupForm"]
