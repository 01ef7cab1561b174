"""How much work the tests do, in one place: Hypothesis examples and the deals, lines and matches that
tests play in loops.

Three profiles, chosen by ``TUTOR_TEST_PROFILE`` (``make test-fast`` sets ``fast``, ``make test`` sets
``ci``) or by pytest's ``--hypothesis-profile``; without either, ``full``:

- ``full``: today's numbers exactly (Hypothesis's own defaults: 100 examples, a 200 ms deadline,
  for a test without settings; every ``budget(n)`` is ``n``);
- ``ci``: the same numbers, run the way Hypothesis runs on a CI service (derandomized, so every run
  draws the same examples; no deadline on a shared machine; no example database; a failing
  example printed as a blob to reproduce it);
- ``fast``: about a tenth of everything (at least one), for the edit-and-test loop.

A test writes its budget as ``budget(200)`` (full's number) and a Hypothesis test whose examples
are slow by design as ``@examples(40)``; tests/conftest.py registers the profiles and loads the one
selected. The numbers of the bots' own search (``budget=48`` in ``choose``) are part of what a test
checks, not a budget of the test, and stay literal.
"""

from __future__ import annotations

import math
import os

from hypothesis import HealthCheck, settings

PROFILE_VARIABLE = "TUTOR_TEST_PROFILE"
PROFILES = ("fast", "full", "ci")
SCALE = {"fast": 0.1, "full": 1.0, "ci": 1.0}
"""The share of full's numbers each profile runs."""

FAST_EXAMPLES = 10
"""Examples of a Hypothesis test without settings under ``fast`` (Hypothesis's default is 100)."""


def selected_profile() -> str:
    """The profile asked for: ``TUTOR_TEST_PROFILE``, else ``ci`` when Hypothesis sees a CI service, else
    ``full``. (``--hypothesis-profile`` is applied later by Hypothesis's pytest plugin.)"""
    name = os.environ.get(PROFILE_VARIABLE, "").strip()
    if not name:
        return "ci" if loaded_profile() == "ci" else "full"
    if name not in PROFILES:
        raise ValueError(f"{PROFILE_VARIABLE}={name!r}: choose one of {', '.join(PROFILES)}")
    return name


def register_profiles() -> None:
    """The Hypothesis side of the profiles (called once, from tests/conftest.py)."""
    default = settings.get_profile("default")
    settings.register_profile("full", default)
    settings.register_profile(
        "ci",
        default,
        derandomize=True,
        deadline=None,
        database=None,
        print_blob=True,
        suppress_health_check=[HealthCheck.too_slow],
    )
    settings.register_profile("fast", default, max_examples=FAST_EXAMPLES, deadline=None)


def loaded_profile() -> str:
    """The name of the Hypothesis profile loaded now (``default`` if none was)."""
    getter = getattr(settings, "get_current_profile_name", None)
    name = getter() if getter is not None else getattr(settings, "_current_profile", None)
    return name or "default"


def current_profile() -> str:
    """The profile in force: the Hypothesis profile loaded (``ci-with-verbose-verbosity`` counts as ``ci``,
    Hypothesis's ``default`` as ``full``)."""
    name = loaded_profile().split("-with-", 1)[0]
    return name if name in SCALE else "full"


def budget(full: int, *, fast: int | None = None) -> int:
    """``full`` under the full and ci profiles; under fast ``fast`` if given, else a tenth (at least 1)."""
    profile = current_profile()
    if profile == "fast" and fast is not None:
        return fast
    return max(1, math.ceil(full * SCALE[profile]))


def examples(full: int, **overrides) -> settings:
    """Settings for a Hypothesis test whose examples are slow by design (each plays many hands or
    requests): ``budget(full)`` examples, no deadline, the too-slow health check off."""
    options = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow], **overrides}
    return settings(max_examples=budget(full), **options)
