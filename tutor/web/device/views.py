"""Continue on another device: show this learner's code, or enter a code to become that learner.

Codes are 8 characters from an unambiguous alphabet (``tutor.store``). Reading the page creates
nothing: a visitor without a learner row gets a "Show my code" button (a POST with the CSRF token)
that creates it.

Guessing is limited on the server by three leaky buckets of wrong (or malformed) codes, kept in
the ``device_code_failures`` table so that neither a new session nor a replayed cookie resets the
address and global counts (``tutor.store.DeviceCodeLimit``; docs/security.md gives the numbers):

* per browser (the session's learner id): ``BROWSER``, 10 at once, one forgiven a minute. A pupil
  who keeps mistyping stops only their own browser, for a minute per attempt;
* per client address (``request.remote_addr``, which ProxyFix sets from ``X-Forwarded-For`` when
  ``TRUSTED_PROXIES`` is configured; IPv6 addresses count per /64 network): ``ADDRESS``, 400 at
  once, one forgiven every 15 seconds. A browser's failures count here only while its own bucket
  allows them, so one browser adds at most 10 at once: thirty pupils behind one school address who
  each use their whole browser budget (300) still leave room, and a classmate's correct code gets in;
* for everyone: ``EVERYONE``, 10,000 at once, one forgiven a second, so that many addresses (a
  botnet) cannot guess faster than that either.

Each entry reserves a failure in each bucket in turn (one atomic upsert each, so parallel requests
cannot slip past a budget) and gives back what it reserved when a later bucket refuses or the code
is correct. Once a budget is spent the form answers 429 with ``Retry-After`` for any code, the
correct one too, because answering a correct code while refusing wrong ones would tell a guesser
which guess was right; a correct code never clears earlier failures, or an attacker could interleave
their own code to keep guessing.
"""

from __future__ import annotations

import hmac
import ipaddress
import math
from dataclasses import dataclass
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
from ..shared.extensions import FOOTER_LINKS, Link
from ..shared.learner import current_learner, existing_learner, session_public_id, switch_to
from ..shared.nav import Section, add_section

bp = Blueprint("device", __name__, url_prefix=LANG_PREFIX)


@dataclass(frozen=True)
class Bucket:
    """One leaky bucket of the guessing limit: up to ``budget`` failures count at once, one is
    forgotten every ``every``."""

    name: str
    budget: int
    every: timedelta

    @property
    def per_hour(self) -> float:
        """Failures it lets through per hour once its budget is spent."""
        return timedelta(hours=1) / self.every


BROWSER = Bucket("browser", 10, timedelta(minutes=1))
"""One browser: a pupil's own typos, ten in a row before waiting a minute per attempt."""
ADDRESS = Bucket("address", 400, timedelta(seconds=15))
"""One client address: room for thirty browsers' whole budgets (300) and more; 240 an hour after."""
EVERYONE = Bucket("everyone", 10_000, timedelta(seconds=1))
"""Every address together: 3,600 an hour once spent, however many addresses guess."""
BUCKETS = (BROWSER, ADDRESS, EVERYONE)
EVERYONE_KEY = "*"
BROWSER_PREFIX = "browser:"

FAILURE_BUDGET = ADDRESS.budget
"""Wrong or malformed codes that can count against one client address at once."""
FORGIVE_EVERY = ADDRESS.every
"""One failure counted against an address is forgotten per this much time."""


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


def bucket_keys(address_key: str) -> list[tuple[Bucket, str]]:
    """The keys this request's attempt counts under: its browser, its address, everyone."""
    browser = session_public_id() or "none:" + address_key  # a POST without a session fails CSRF first
    return [(BROWSER, BROWSER_PREFIX + browser), (ADDRESS, address_key), (EVERYONE, EVERYONE_KEY)]


def reserve_attempt(keys: list[tuple[Bucket, str]]) -> tuple[Bucket, int] | None:
    """Count one attempt in each bucket in turn; None if all allowed it, else the bucket that refused
    and the seconds until it allows one again (what the earlier ones counted is given back)."""
    limit = current_store().device_codes
    for number, (bucket, key) in enumerate(keys):
        retry_after = limit.reserve(key, bucket.budget, bucket.every)
        if retry_after is not None:
            give_back_attempt(keys[:number])
            return bucket, retry_after
    return None


def give_back_attempt(keys: list[tuple[Bucket, str]]) -> None:
    """A correct code (or a refusal further on): the attempts reserved do not count as failures."""
    for _bucket, key in keys:
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
    return _enter_code(learner, request.form.get("code", "")[:32])


def _enter_code(learner: Learner | None, entered: str):
    """A code typed on this device: counted against the guessing limits, then the identity it names."""
    code = normalize_device_code(entered)
    address = client_key(request.remote_addr)
    keys = bucket_keys(address)
    refused = reserve_attempt(keys)
    if refused is not None:
        bucket, retry_after = refused
        current_app.logger.info("device codes: too many failures (%s) from %s", bucket.name, address)
        error = {"browser": "too_many_here", "address": "too_many"}.get(bucket.name, "too_many_everywhere")
        return _page(learner, error=error, entered=entered, status=429, retry_after=retry_after)
    if code is None:
        return _page(learner, error="malformed", entered=entered, status=422)
    found = find_learner(code)
    if found is None:
        return _page(learner, error="unknown", entered=entered, status=422)
    give_back_attempt(keys)
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
            # Translators: the menu entry of the page that moves the learner's progress to another device.
            _l("Another device"),
            _l("Continue on your phone or another computer with a short code."),
            order=90,
            menu=False,
        ),
    )
    FOOTER_LINKS.register(app, _footer_link, order=5)


def _footer_link() -> Link:
    return Link(url_for("device.device"), _("Continue on another device"), "footer-device")
