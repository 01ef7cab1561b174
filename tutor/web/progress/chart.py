"""The accuracy chart of one topic, laid out on the server for ``templates/progress/_chart.html``.

A bar per day on which the learner answered questions of the topic (the latest :data:`CHART_DAYS`
of them, oldest on the left); a bar's height is the share of that day's answers that were right,
against grid lines at 0, 50 and 100 %. The template draws it as inline SVG (no script, no library)
and repeats the same numbers in a table for screen readers. Coordinates are in the SVG's viewBox
units; the SVG scales to the width of its column.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from babel.dates import format_skeleton

from ...i18n import current_language, format_long_date, format_percent
from ...learning import DayAccuracy

CHART_DAYS = 7
"""Days shown per topic (the latest days with answers)."""

WIDTH, HEIGHT = 360, 170
LEFT, RIGHT, TOP, BOTTOM = 44, 8, 20, 26
"""Margins: the grid's labels on the left, the bars' values above, the dates below."""
BAR_WIDTH = 26


@dataclass(frozen=True)
class Bar:
    """One day's bar."""

    x: float
    """Left edge."""
    y: float
    """Top edge."""
    width: float
    height: float
    centre: float
    value: str
    """The share right, as a percentage in the page's language ("75 %")."""
    day_short: str
    """The date under the bar, short ("3/8", "8.3.")."""
    day_long: str
    """The date in the table, in full."""
    answers: int
    right: int


@dataclass(frozen=True)
class GridLine:
    y: float
    label: str


@dataclass(frozen=True)
class Chart:
    """What the template draws."""

    width: int
    height: int
    left: int
    right_edge: int
    baseline: float
    value_y_gap: int
    date_y: float
    bars: tuple[Bar, ...]
    grid: tuple[GridLine, ...]


def percent(share: float) -> str:
    """A share as a whole percentage in the request's language ("75%", "75 %")."""
    return format_percent(share)


def accuracy_chart(days: Sequence[DayAccuracy], limit: int = CHART_DAYS) -> Chart:
    """The chart of the latest ``limit`` days of ``days`` (oldest first, as ``accuracy_by_day`` gives them).

    >>> from datetime import date
    >>> from tutor.i18n import use_language
    >>> with use_language("en"):
    ...     chart = accuracy_chart([DayAccuracy(date(2026, 3, 1), 4, 3), DayAccuracy(date(2026, 3, 2), 2, 2)])
    >>> [(b.value, b.day_short, b.height) for b in chart.bars]
    [('75%', '3/1', 93.0), ('100%', '3/2', 124.0)]
    """
    shown = list(days)[-limit:] if limit > 0 else []
    lang = current_language()
    plot_width = WIDTH - LEFT - RIGHT
    plot_height = HEIGHT - TOP - BOTTOM
    baseline = TOP + plot_height
    slot = plot_width / max(len(shown), 1)
    width = min(BAR_WIDTH, slot * 0.7)
    bars = []
    for index, day in enumerate(shown):
        share = day.right / day.answers if day.answers else 0.0
        height = round(share * plot_height, 1)
        centre = LEFT + slot * (index + 0.5)
        bars.append(
            Bar(
                x=round(centre - width / 2, 1),
                y=round(baseline - height, 1),
                width=round(width, 1),
                height=height,
                centre=round(centre, 1),
                value=percent(share),
                day_short=format_skeleton("Md", day.day, locale=lang),
                day_long=format_long_date(day.day),
                answers=day.answers,
                right=day.right,
            )
        )
    grid = tuple(GridLine(round(baseline - share * plot_height, 1), percent(share)) for share in (0.0, 0.5, 1.0))
    return Chart(WIDTH, HEIGHT, LEFT, WIDTH - RIGHT, baseline, 6, HEIGHT - 8, tuple(bars), grid)
