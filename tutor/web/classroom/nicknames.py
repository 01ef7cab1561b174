"""The nickname generator now lives in :mod:`tutor.web.shared.nicknames` (the classroom and the live
sessions both use it); this module keeps the old import path."""

from ..shared.nicknames import NUMBERS, REROLLS, WORDS, new_nickname, nicknames

__all__ = ["NUMBERS", "REROLLS", "WORDS", "new_nickname", "nicknames"]
