"""The start-up warm-up loads what is otherwise loaded on first use, and writes nothing."""

from __future__ import annotations

import pytest

from tutor.store import Learner, db
from tutor.web.shared.warmup import warm_up

pytestmark = pytest.mark.store  # it reads the store (and must not write it)


def test_warm_up_compiles_every_template_renders_the_pages_and_creates_no_learner(app):
    problems: list[str] = []
    warm_up(app, problems.append)
    assert problems == []
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(Learner)) == 0
    cached = app.jinja_env.cache
    assert cached is not None and any("base.html" in str(key) for key, _ in cached.items())


def test_a_failing_step_is_logged_and_the_rest_still_runs(app, monkeypatch):
    from tutor.web.shared import warmup

    def broken() -> None:
        raise RuntimeError("content missing")

    monkeypatch.setattr(warmup, "_content", broken)
    problems: list[str] = []
    warm_up(app, problems.append)
    assert len(problems) == 1 and "content" in problems[0]
