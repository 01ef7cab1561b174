"""Continue on another device: show this learner's code, or enter a code to become that learner.

Codes are 8 characters from an unambiguous alphabet (``tutor.store``). Reading the page creates
nothing: a visitor without a learner row gets a "Show my code" button (a POST with the CSRF token)
that creates it.

Guessing is limited on the server, per client address (``request.remote_addr``, which ProxyFix
sets from ``X-Forwarded-For`` when ``TRUSTED_PROXIES`` is configured; IPv6 addresses count per /64
network), in the ``device_code_failures`` table, so neither a new session nor a replayed cookie
resets the count. The limit is a leaky bucket sized for a classroom behind one school address:
up to ``FAILURE_BUDGET`` wrong or malformed codes count at once, and one of them is forgotten every
``FORGIVE_EVERY``. A correct code costs nothing, so thirty learners who each mistype twice all get
in. Once the budget is spent the form answers 429 with ``Retry-After`` (at most ``FORGIVE_EVERY``,
not a long lock-out) for any code, because answering a correct code while refusing wrong ones
would tell a guesser which guess was right. Each entry reserves a failure before the code is looked
up, in one atomic statement (so parallel requests cannot slip past the budget), and a correct code
gives it back; a correct code never clears earlier failures, or an attacker could interleave their
own code to keep guessing. docs/security.md gives the numbers.
"""

from __future__ import annotations

import hmac
import ipaddress
import math
from datetime import timedelta

from flask import Blueprint, Flask, current_app, flash, redirect, render_template, request, url_for

from ...i18n import LANG_PREFIX, gettext as _, lazy_gettext as _l, ngettext, pgettext
from ...store import (
    DEVICE_CODE_ALPHABET,
    DEVICE_CODE_LENGTH,
    Learner,
    current_store,
    format_device_code,
    normalize_device_code,
)
from ..shared.learner import current_learner, existing_learner, switch_to
from ..shared.nav import Section, add_section

bp = Blueprint("device", __name__, url_prefix=LANG_PREFIX)

FAILURE_BUDGET = 100
"""Wrong or malformed codes that can count against one client address at once (a class of 30 with
two typos each uses 60)."""
FORGIVE_EVERY = timedelta(seconds=60)
"""One counted failure is forgotten per this much time: a guesser gets at most 1,440 more a day."""


# --- The guessing limit -----------------------------------------------------------------------


def client_key(address: str | None) -> str:
    """The key failures are counted under: the IPv4 address, or the /64 network of an IPv6 one.

    One IPv6 subscriber usually holds a whole /64, so counting single addresses would not limit it.

    >>> client_key("203.0.113.7"), client_key("::ffff:203.0.113.7")
    ('203.0.113.7', '203.0.113.7')
    >>> client_key("2001:db8:1:2:aaaa::1") == client_key("2001:db8:1:2:bbbb::9")
    True
    >>> client_key(None), client_key("not an address")
    ('unknown', 'unknown')
    """
    try:
        ip = ipaddress.ip_address((address or "").strip())
    except ValueError:
        return "unknown"
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def reserve_attempt(key: str) -> int | None:
    """Count one attempt for ``key``; None if allowed, else the seconds until an attempt is allowed again
    (one atomic upsert in the store: ``tutor.store.DeviceCodeLimit``)."""
    return current_store().device_codes.reserve(key, FAILURE_BUDGET, FORGIVE_EVERY)


def give_back_attempt(key: str) -> None:
    """A correct code: the attempt reserved for it does not count as a failure."""
    current_store().device_codes.give_back(key)


# --- The page ---------------------------------------------------------------------------------


def find_learner(code: str) -> Learner | None:
    """The learner with this normalized code; the final comparison takes constant time."""
    found = current_store().learners.by_device_code(code)
    if found is None or not hmac.compare_digest(found.device_code.encode(), code.encode()):
        return None
    return found


LOOK_ALIKES = "01ILO"
"""Characters no code uses (``DEVICE_CODE_ALPHABET``), because they are easily mistaken for others."""


def code_problems(entered: str) -> list[str]:
    """What is wrong with a typed code that cannot be one, in the learner's language: its length,
    and the characters no code contains (``ZZZZ-1234`` has eight, but codes never use the digit 1)."""
    text = "".join(ch for ch in entered.upper() if not ch.isspace() and ch != "-")
    if not text:
        return [_("Type the code from your other device, for example K7M2-QX9D.")]
    problems = []
    if len(text) != DEVICE_CODE_LENGTH:
        problems.append(
            ngettext(
                "A code has 8 letters and digits, for example K7M2-QX9D; this one has %(num)s.",
                "A code has 8 letters and digits, for example K7M2-QX9D; this one has %(num)s.",
                len(text),
            )
        )
    unused = list(dict.fromkeys(ch for ch in text if ch not in DEVICE_CODE_ALPHABET))
    if unused:
        # Translators: one character of a device code in quotation marks, e.g. “1”.
        chars = ", ".join(pgettext("quoted character", "“%(char)s”") % {"char": ch} for ch in unused)
        problems.append(
            ngettext("Codes never contain %(chars)s.", "Codes never contain %(chars)s.", len(unused), chars=chars)
        )
        if set(unused) & set(LOOK_ALIKES):
            problems.append(
                _("Codes leave out 0, 1, I, L and O, which are easily mistaken for other letters and digits.")
            )
    return problems


def _page(
    learner: Learner | None,
    *,
    error: str | None = None,
    entered: str = "",
    status: int = 200,
    retry_after: int | None = None,
):
    minutes = math.ceil(retry_after / 60) if retry_after else 0
    response = current_app.make_response(
        (
            render_template(
                "device.html",
                code=format_device_code(learner.device_code) if learner is not None else None,
                error=error,
                entered=entered,
                minutes=minutes,
                problems=code_problems(entered) if error == "malformed" else [],
            ),
            status,
        )
    )
    if retry_after:
        response.headers["Retry-After"] = str(retry_after)
    return response


@bp.route("/device", methods=["GET", "POST"])
def device():
    """Show the code (creating it on request); on POST with a code, restore the identity that owns it."""
    learner = existing_learner()
    if request.method == "GET":
        return _page(learner)
    if request.form.get("action") == "show":
        current_learner()
        return redirect(url_for("device.device"), code=303)
    entered = request.form.get("code", "")[:32]
    code = normalize_device_code(entered)
    key = client_key(request.remote_addr)
    retry_after = reserve_attempt(key)
    if retry_after is not None:
        current_app.logger.info("device codes: too many failures from %s", key)
        return _page(learner, error="too_many", entered=entered, status=429, retry_after=retry_after)
    if code is None:
        return _page(learner, error="malformed", entered=entered, status=422)
    found = find_learner(code)
    if found is None:
        return _page(learner, error="unknown", entered=entered, status=422)
    give_back_attempt(key)
    if learner is not None and found.id == learner.id:
        flash(_("This is already the code of this device."), "info")
        return redirect(url_for("device.device"), code=303)
    switch_to(found)
    current_app.logger.info("learner %s continued on another device", found.id)
    flash(_("Welcome back! This device now continues your progress."), "success")
    return redirect(url_for("device.device"), code=303)


def init_app(app: Flask) -> None:
    """The page's menu entry (``create_app`` registers ``bp``)."""
    add_section(
        app,
        Section(
            "device.device",
            _l("Another device"),
            _l("Continue on your phone or another computer with a short code."),
            order=90,
        ),
    )
