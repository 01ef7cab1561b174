"""The JSON API under ``/api/v1`` (blueprint ``api``): the endpoints in :mod:`.views`, the computer players in :mod:`.bots`,
the OpenAPI document in :mod:`.openapi`. ``create_app`` registers ``bp`` and exempts it from CSRF protection
(see the views' docstring for why)."""

from . import bots as _bots  # noqa: F401  (adds /hint and /bot-move to the blueprint)
from . import openapi as _openapi  # noqa: F401  (adds /openapi.json to the blueprint)
from .views import ERROR_CODES, bp

__all__ = ["ERROR_CODES", "bp"]
