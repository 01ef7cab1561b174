"""The JSON API under ``/api/v1`` (blueprint ``api``): the endpoint table in :mod:`.endpoints` (routes,
405 guards and OpenAPI paths come from it), the Truco endpoints and the errors in :mod:`.views`, the
computer players in :mod:`.bots`, the OpenAPI document in :mod:`.openapi`. ``create_app`` registers
``bp`` and exempts it from CSRF protection (see the views' docstring for why)."""

from .endpoints import ENDPOINTS, register
from .views import ERROR_CODES, bp

register(bp)

__all__ = ["ENDPOINTS", "ERROR_CODES", "bp"]
