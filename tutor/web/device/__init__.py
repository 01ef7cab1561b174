"""Another device: continue with a short code on a phone or another computer (blueprint ``device``)."""

from .views import bp, init_app

__all__ = ["bp", "init_app"]
