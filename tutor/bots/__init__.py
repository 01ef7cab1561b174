"""Computer players: pure Python on the engine's public API (no web framework; a test checks it)."""

from .reasons import BotReason, ReasonCode

__all__ = ["BotReason", "ReasonCode"]
