"""The quiz drawing now lives in :mod:`tutor.learning.draw` (pure, shared with the live sessions);
this module keeps the old import path."""

from ...learning.draw import *  # noqa: F403
from ...learning.draw import __all__, same_question_key  # noqa: F401
