"""Continue on another device: show this learner's code, or enter a code to become that learner.

Codes are 8 characters from an unambiguous alphabet (``tutor.models``). Wrong codes are counted in
the session: after ``MAX_TRIES`` within ``TRY_WINDOW`` the form refuses for a while (a speed bump,
not a lock: the code space makes guessing hopeless anyway).
"""

from __future__ import annotations

import hmac
import time

from flask import Blueprint, Flask, current_app, flash, redirect, render_template, request, session, url_for

from ..i18n import LANG_PREFIX
from ..i18n import gettext as _
from ..i18n import lazy_gettext as _l
from ..models import Learner, format_device_code, normalize_device_code
from .learner import current_learner, switch_to
from .nav import Section, add_section

bp = Blueprint("device", __name__, url_prefix=LANG_PREFIX)

MAX_TRIES = 5
TRY_WINDOW = 15 * 60
_TRIES_KEY = "device_tries"


def _recent_failures() -> int:
    tries = session.get(_TRIES_KEY)
    if not (isinstance(tries, list) and len(tries) == 2 and all(isinstance(x, (int, float)) for x in tries)):
        return 0
    count, since = tries
    return int(count) if time.time() - since < TRY_WINDOW else 0


def _record_failure() -> None:
    count = _recent_failures()
    since = session[_TRIES_KEY][1] if count else time.time()
    session[_TRIES_KEY] = [count + 1, since]


def find_learner(code: str) -> Learner | None:
    """The learner with this normalized code; the final comparison takes constant time."""
    found = Learner.by_device_code(code)
    if found is None or not hmac.compare_digest(found.device_code.encode(), code.encode()):
        return None
    return found


@bp.route("/device", methods=["GET", "POST"])
def device():
    """Show the code; on POST, restore the identity that owns the code entered."""
    learner = current_learner()
    error = None
    status = 200
    entered = ""
    if request.method == "POST":
        entered = request.form.get("code", "")[:32]
        code = normalize_device_code(entered)
        if _recent_failures() >= MAX_TRIES:
            error, status = "too_many", 429
        elif code is None:
            error, status = "malformed", 422
            _record_failure()
        else:
            found = find_learner(code)
            if found is None:
                error, status = "unknown", 422
                _record_failure()
            elif found.id == learner.id:
                flash(_("This is already the code of this device."), "info")
                return redirect(url_for("device.device"), code=303)
            else:
                session.pop(_TRIES_KEY, None)
                switch_to(found)
                current_app.logger.info("learner %s continued on another device", found.id)
                flash(_("Welcome back! This device now continues your progress."), "success")
                return redirect(url_for("device.device"), code=303)
    return (
        render_template(
            "device.html",
            code=format_device_code(learner.device_code),
            error=error,
            entered=entered,
        ),
        status,
    )


def init_app(app: Flask) -> None:
    """Register the page and its menu entry."""
    app.register_blueprint(bp)
    add_section(
        app,
        Section(
            "device.device",
            _l("Another device"),
            _l("Continue on your phone or another computer with a short code."),
            order=90,
        ),
    )
