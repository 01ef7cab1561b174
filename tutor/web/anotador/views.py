"""The anotador: a scorekeeper on the phone for a game played with real cards.

URLs (all under ``/<lang>``):

* ``GET /anotador``: the page. The match (target, teams, the awards given, who dealt first) lives in
  the browser's ``localStorage``; every award's value is the engine's, embedded in the page as data
  (:mod:`.values`), so ``anotador.js`` only adds them up and looks up the score-dependent ones.
* ``GET /anotador/sw.js``: the service worker (``tutor/static/anotador-sw.js``) that answers the page
  and its static files from the browser's cache when the network is gone.
* ``POST /anotador/share``: publish the score read-only; answers the share's id, the keeper's key
  and the viewers' link. ``POST /anotador/share/<id>``: a newer snapshot (key and version).
* ``GET /anotador/share/<id>?version=<n>``: the snapshot as JSON, 204 while the version is still ``n``.
* ``GET /anotador/s/<id>``: the viewers' page, read-only, polling the snapshot.

Writes send the CSRF token in ``X-CSRFToken`` (the one every page carries for htmx).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Flask, abort, current_app, jsonify, make_response, render_template, request, url_for
from flask.wrappers import Response

from ...i18n import LANG_PREFIX, gettext as _, lazy_gettext as _l
from ...store import current_store
from ..shared.limits import limited
from ..shared.nav import Section, add_section
from .snapshot import MAX_BODY, SnapshotError, read_share_post
from .values import TARGETS, TEAM_COUNTS, awards, page_values

bp = Blueprint("anotador", __name__, url_prefix=LANG_PREFIX)


def _texts() -> dict[str, str]:
    """The script's sentences, translated here (``%(name)s`` placeholders filled by the script)."""
    return {
        # Translators: the anotador's live announcement after an award; %(award)s is a button's label.
        "scored": _("%(team)s: %(award)s, plus %(points)s."),
        # Translators: the anotador, a team and its score as said (e.g. "Ana: 7 malas").
        "standing": _("%(team)s: %(said)s"),
        # Translators: the anotador, when a team reaches the target.
        "won": _("%(team)s wins the match."),
        # Translators: the anotador, after the undo button: the team and the award taken back; %(award)s is a button's label.
        "undone": _("Undone: %(team)s, %(award)s."),
        "nothing": _("Nothing to undo."),
        # Translators: the anotador: who deals the next hand (a team's name).
        "deals": _("Next to deal: %(team)s"),
        # Translators: the anotador's history, one award: the team, the points, the button's label, the score after it.
        "entry": _("%(team)s plus %(points)s, %(award)s (%(scores)s)"),
        # Translators: the anotador's default team names, numbered.
        "team": _("Team %(n)s"),
        "confirm_new": _("Start a new match? This score will be forgotten."),
        "shared": _("Anyone with this link sees the score, read-only:"),
        "share_failed": _("The score could not be shared now. Try again when you are online."),
        "offline": _("Offline: the viewers will get the score when you are back online."),
        "stale": _("No update for a while: the phone keeping the score may be offline."),
        "copied": _("Link copied."),
        "empty": _("No points yet."),
        # Translators: the anotador's history, the start of a hand and the team that dealt it.
        "hand": _("Hand %(n)s (dealer: %(team)s)"),
    }


def _context(share_id: str | None = None) -> dict[str, Any]:
    return {
        "values": page_values(),
        "texts": _texts(),
        "awards": awards(TARGETS[0]),
        "award_labels": {a.key: a.label for a in awards(TARGETS[0])},  # the history's words, the shared page too
        "targets": TARGETS,
        "team_counts": TEAM_COUNTS,
        "share_id": share_id,
    }


@bp.get("/anotador")
def index():
    """The scorekeeper."""
    return render_template("anotador/index.html", **_context())


@bp.get("/anotador/s/<share_id>")
def viewer(share_id: str):
    """A shared score, read-only."""
    if current_store().scoreboard.shared_version(share_id) is None:
        abort(404)
    return render_template("anotador/index.html", **_context(share_id))


@bp.get("/anotador/sw.js")
def service_worker():
    """The service worker, served under the page's path so that it may control ``/<lang>/anotador``."""
    response = current_app.send_static_file("anotador-sw.js")
    response.headers["Service-Worker-Allowed"] = url_for("anotador.index")
    response.headers["Cache-Control"] = "no-cache"
    return response


def _refused(error: SnapshotError | str, status: int = 400) -> Response:
    response = make_response(jsonify(error=str(error)), status)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/anotador/share")
def share():
    """Publish the keeper's score: a new share."""
    try:
        version, snapshot, _key = read_share_post(request, need_key=False)
    except SnapshotError as error:
        return _refused(error)
    wait = limited("share")
    if wait is not None:
        response = _refused(_("Too many scores shared from this network. Wait a minute and try again."), 429)
        response.headers["Retry-After"] = str(wait)
        return response
    public_id, key = current_store().scoreboard.share(snapshot, version)
    link = url_for("anotador.viewer", share_id=public_id, _external=True)
    return make_response(jsonify(id=public_id, key=key, url=link, version=version), 201)


@bp.post("/anotador/share/<share_id>")
def publish(share_id: str):
    """A newer snapshot from the keeper (an older or equal version changes nothing)."""
    try:
        version, snapshot, key = read_share_post(request, need_key=True)
    except SnapshotError as error:
        return _refused(error)
    written = current_store().scoreboard.publish(share_id, key, snapshot, version)
    if written is None:
        return _refused(_("This shared score does not exist or is not yours."), 404)
    return jsonify(written=written, version=version)


@bp.get("/anotador/share/<share_id>")
def shared(share_id: str):
    """The snapshot; 204 with no body while the viewer's ``version`` is current."""
    scoreboard = current_store().scoreboard
    asked = request.args.get("version", "")
    found = scoreboard.shared_version(share_id)
    if found is None:
        return _refused(_("This shared score does not exist."), 404)
    if asked.isascii() and asked.isdigit() and len(asked) < 10 and int(asked) == found:
        response = make_response("", 204)
    else:
        current = scoreboard.shared(share_id)
        response = make_response(jsonify(version=current.version, snapshot=current.snapshot) if current else ("", 404))
    response.headers["Cache-Control"] = "no-store"
    return response


def init_app(app: Flask) -> None:
    """The anotador's place in the menu (``create_app`` registers ``bp``)."""
    app.config.setdefault("ANOTADOR_MAX_BODY", MAX_BODY)
    add_section(
        app,
        Section(
            "anotador.index",
            # Translators: the scorekeeper for games with real cards; "anotador" is what Argentine players call it.
            _l("Anotador"),
            _l("Keep the score of a game with real cards on your phone, and share it with the table."),
            order=60,
        ),
    )
