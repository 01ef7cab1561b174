"""The envido checker: any hand, any showdown, any stake and a daily puzzle (blueprint ``envido``)."""

from .views import bp, init_app

__all__ = ["bp", "init_app"]
