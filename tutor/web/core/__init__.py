"""The home page, the deck, the card-face preference and ``/healthz`` (blueprints ``core`` and ``health``)."""

from .views import bp, health, init_app

__all__ = ["bp", "health", "init_app"]
