"""Reading a shared score sent by the keeper's phone: a clear, translated refusal for anything else.

A snapshot is ``{"target": 15 or 30, "teams": [2 or 3 names], "dealer": the team that dealt
first, "events": [[team, award key, points], ...]}``; the request's JSON is ``{"version": n,
"snapshot": {...}}`` and, for an update, the keeper's ``key``. Viewers are shown the names and the
history as the keeper wrote them, never as markup.
"""

from __future__ import annotations

from typing import Any

from flask import Request

from ...i18n import gettext as _, ngettext
from .values import TARGETS, TEAM_COUNTS, award_keys

MAX_BODY = 64 * 1024
MAX_EVENTS = 500
MAX_NAME = 24
MAX_POINTS = 99
MAX_VERSION = 10**9


class SnapshotError(ValueError):
    """A refused snapshot; ``str()`` is the translated reason."""


def _is_int(value: Any, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def _names(value: Any) -> list[str]:
    if not isinstance(value, list) or len(value) not in TEAM_COUNTS:
        raise SnapshotError(_("A shared score needs two or three teams."))
    names = [n.strip() if isinstance(n, str) else "" for n in value]
    if any(not n or len(n) > MAX_NAME for n in names):
        raise SnapshotError(
            ngettext(
                "Each team needs a name of at most %(num)s character.",
                "Each team needs a name of at most %(num)s characters.",
                MAX_NAME,
            )
        )
    return names


def _events(value: Any, teams: int) -> list[list[Any]]:
    keys = award_keys()
    if not isinstance(value, list) or len(value) > MAX_EVENTS:
        raise SnapshotError(_("The score's history could not be read."))
    events = []
    for event in value:
        if not (
            isinstance(event, list)
            and len(event) == 3
            and _is_int(event[0], 0, teams - 1)
            and event[1] in keys
            and _is_int(event[2], 0, MAX_POINTS)
        ):
            raise SnapshotError(_("The score's history could not be read."))
        events.append([event[0], event[1], event[2]])
    return events


def read_snapshot(value: Any) -> dict[str, Any]:
    """The snapshot as stored, or :class:`SnapshotError`."""
    if not isinstance(value, dict) or value.get("target") not in TARGETS or type(value.get("target")) is not int:
        raise SnapshotError(_("A shared score is a game to 15 or to 30 points."))
    names = _names(value.get("teams"))
    dealer = value.get("dealer", 0)
    if not _is_int(dealer, 0, len(names) - 1):
        raise SnapshotError(_("The score's history could not be read."))
    return {
        "target": value["target"],
        "teams": names,
        "dealer": dealer,
        "events": _events(value.get("events"), len(names)),
    }


def read_share_post(request: Request, *, need_key: bool) -> tuple[int, dict[str, Any], str]:
    """The version, snapshot and key of a keeper's POST."""
    if (request.content_length or 0) > MAX_BODY:
        raise SnapshotError(_("The score's history could not be read."))
    body = request.get_json(silent=True)
    if not isinstance(body, dict) or not _is_int(body.get("version"), 1, MAX_VERSION):
        raise SnapshotError(_("The score's history could not be read."))
    key = body.get("key")
    if need_key and (not isinstance(key, str) or not 0 < len(key) <= 64):
        raise SnapshotError(_("This shared score does not exist or is not yours."))
    return body["version"], read_snapshot(body.get("snapshot")), key if isinstance(key, str) else ""
