"""Browser tests: the app on a loopback port, Debian's Chromium through pytest-playwright.

Never ``playwright install``: the browser is /usr/bin/chromium (``make test`` installs it). Every
test's page is guarded: a Content-Security-Policy report, a JavaScript error, a page resource
answered with an error status or a request to any host other than 127.0.0.1 fails the test.

The guard watches requests (``request`` events) rather than routing them: any route turns
Chromium's HTTP cache off and sends every request through Python, so each page would fetch its
twenty-odd fingerprinted style sheets and scripts again (they are cached as immutable in
production). A test about what a page does while its files come again from the server asks for
``without_http_cache``.
"""

from __future__ import annotations

import re
import threading
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from flask_migrate import upgrade
from werkzeug.serving import make_server

from tutor import create_app
from tutor.store import OffsetClock, SystemClock, use_clock

CHROMIUM = "/usr/bin/chromium"


def playwright_disabled_features() -> list[str] | None:
    """The features Playwright turns off when it starts Chromium (its ``--disable-features``, read
    from the driver's bundle of ``chromiumSwitches.ts``), or None if they cannot be read."""
    import playwright

    bundle = Path(playwright.__file__).parent / "driver" / "package" / "lib" / "coreBundle.js"
    try:
        match = re.search(r"\bdisabledFeatures = \[(.*?)\]", bundle.read_text(encoding="utf-8"), re.S)
    except OSError:
        return None
    return re.findall(r'^\s*"(\w+)"', match.group(1), re.M) if match else None


def disable_features(*features: str) -> list[str]:
    """A ``--disable-features`` switch with Playwright's own list and ``features``. Chromium reads
    only the last such switch, so one with ours alone would turn Playwright's back on; if its list
    cannot be read, no switch (Playwright's stays)."""
    theirs = playwright_disabled_features()
    return [f"--disable-features={','.join([*theirs, *features])}"] if theirs else []


CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    # A new document reuses its frame's renderer host instead of making one per navigation (what
    # Chromium did before 2024): about a third less browser CPU per page load, nothing a page can see.
    *disable_features("RenderDocument"),
]


class LiveServer:
    """The app served by werkzeug in a thread on 127.0.0.1 and a port the kernel picks."""

    def __init__(self, app) -> None:
        self.app = app
        self.server = make_server("127.0.0.1", 0, app, threaded=True)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.thread.join(5)


@pytest.fixture(scope="session")
def live_server(tmp_path_factory):
    """The app as deployed (not TESTING), its database built by the migrations."""
    folder = tmp_path_factory.mktemp("live")
    app = create_app({"SECRET_KEY": "e2e-secret", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'e2e.sqlite3'}"})
    with app.app_context():
        upgrade()
    with LiveServer(app) as server:
        yield server


@pytest.fixture(scope="session")
def base_url(live_server):
    """Relative ``page.goto("/en/")`` goes to the live server."""
    return live_server.url


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Debian's Chromium, headless, with nothing phoning home."""
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


class PageGuard:
    """Collects what must never happen on a page."""

    def __init__(self) -> None:
        self.problems: list[str] = []

    def console(self, message) -> None:
        text = message.text
        if "Content Security Policy" in text or "Content-Security-Policy" in text:
            self.problems.append(f"CSP: {text}")

    def response(self, response) -> None:
        # Pages and htmx requests may answer 4xx on purpose (a 404 page, a form error); assets may not.
        if response.status >= 400 and response.request.resource_type not in ("document", "xhr", "fetch"):
            self.problems.append(f"{response.status} for {response.url}")

    def page_error(self, error) -> None:
        self.problems.append(f"JavaScript error: {error}")

    def request(self, request) -> None:
        if urlsplit(request.url).hostname != "127.0.0.1":
            self.problems.append(f"request to another host: {request.url}")

    def route(self, route) -> None:
        """For ``without_http_cache``: the same check, and the request to another host is not sent."""
        url = route.request.url
        if urlsplit(url).hostname == "127.0.0.1":
            route.continue_()
        else:
            route.abort()


@pytest.fixture(autouse=True)
def page_guard(page):
    """Fail the test on a CSP report, a script error, a missing resource or a request leaving 127.0.0.1."""
    guard = PageGuard()
    page.on("console", guard.console)
    page.on("pageerror", guard.page_error)
    page.on("response", guard.response)
    page.context.on("request", guard.request)
    yield guard
    if guard.problems:
        pytest.fail("\n".join(guard.problems))


@pytest.fixture
def without_http_cache(page, page_guard):
    """Every request of the test's context goes to the server again (a route turns Chromium's HTTP
    cache off): for a test of what a page does while its style sheets are on their way."""
    page.context.route("**/*", page_guard.route)


def pytest_collection_modifyitems(items):
    """Everything in tests/e2e is an end-to-end test."""
    for item in items:
        if "tests/e2e/" in item.path.as_posix():
            item.add_marker(pytest.mark.e2e)


def serious_violations(page) -> list[tuple]:
    """axe's serious and critical violations on the page: (rule id, impact, first targets)."""
    from axe_playwright_python.base import AXE_SCRIPT

    # The page as it settles: an entry still fading in (the table's animations) is read by axe at
    # its faded colour. Wait for the finite animations (at most 3 s), never for endless ones.
    page.evaluate(
        """() => Promise.race([
            Promise.all(document.getAnimations()
                .filter(a => a.effect && a.effect.getComputedTiming().iterations !== Infinity)
                .map(a => a.finished.catch(() => null))),
            new Promise(resolve => setTimeout(resolve, 3000)),
        ])"""
    )
    # axe is put in each document once (572 kB of script): a page swapped by htmx keeps it.
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(AXE_SCRIPT)
    results = page.evaluate("options => axe.run(options)", {"resultTypes": ["violations"]})
    return [
        (v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
        for v in results["violations"]
        if v["impact"] in ("serious", "critical")
    ]


@pytest.fixture
def later(live_server):
    """Move the live app's clock: ``later(minutes=2)`` puts it that far ahead of the real time."""
    clock = use_clock(live_server.app, OffsetClock())

    def move(**delta):
        clock.offset = timedelta(**delta)

    yield move
    use_clock(live_server.app, SystemClock())


SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
"""The screenshots of README.md and docs/features.md, each written by the one test that reaches its view."""


def docs_screenshot(page, name: str) -> None:
    """Save what ``page`` shows in its viewport as ``docs/screenshots/<name>.png``; the file must be an image of
    the page's width with something drawn in it (a blank or unstyled page is a small file)."""
    from PIL import Image

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=False)
    assert Image.open(path).size[0] == page.viewport_size["width"]
    assert path.stat().st_size > 20_000, f"{name}.png looks blank"
