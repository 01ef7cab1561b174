"""The covering sample of a store test's parameters that PostgreSQL runs (tests/conftest.py): each value of
a parameter with few values kept at least once, at least three combinations of the rest, SQLite untouched."""

from __future__ import annotations

from types import SimpleNamespace

from tests.conftest import postgresql_sample


def items(name: str, **grid: list[object]) -> list[SimpleNamespace]:
    """Fake collected items of one test function: every combination of ``grid`` on both databases."""
    combos: list[dict[str, object]] = [{}]
    for param, values in grid.items():
        combos = [{**combo, param: value} for combo in combos for value in values]
    out = []
    for database in ("sqlite", "postgresql"):
        for combo in combos:
            params = {"database": database, **combo}
            ident = "-".join(str(v) for v in params.values())
            out.append(
                SimpleNamespace(
                    path="tests/web/test_x.py",
                    originalname=name,
                    nodeid=f"tests/web/test_x.py::{name}[{ident}]",
                    callspec=SimpleNamespace(params=params),
                )
            )
    return out


def kept_on_postgresql(collected: list[SimpleNamespace]) -> list[dict[str, object]]:
    left_out = {id(item) for item in postgresql_sample(collected)}  # type: ignore[arg-type]
    return [
        {k: v for k, v in item.callspec.params.items() if k != "database"}
        for item in collected
        if id(item) not in left_out and item.callspec.params["database"] == "postgresql"
    ]


def test_every_language_runs_on_postgresql_and_sqlite_keeps_everything():
    collected = items("test_pages", lang=["de", "en", "es", "pl", "sv"], page=[f"p{n:02}" for n in range(20)])
    kept = kept_on_postgresql(collected)
    assert {combo["lang"] for combo in kept} == {"de", "en", "es", "pl", "sv"}
    assert 3 <= len(kept) < 100
    left_out = postgresql_sample(collected)  # type: ignore[arg-type]
    assert all(item.callspec.params["database"] == "postgresql" for item in left_out)


def test_a_test_with_many_inputs_keeps_at_least_three_spread_over_them():
    collected = items("test_bad_input", value=[f"v{n:02}" for n in range(30)])
    kept = [combo["value"] for combo in kept_on_postgresql(collected)]
    assert kept == ["v00", "v14", "v29"]  # the first, the middle, the last


def test_a_test_with_few_combinations_keeps_them_all():
    assert len(kept_on_postgresql(items("test_small", size=[2, 4, 6]))) == 3
    assert kept_on_postgresql(items("test_plain")) == [{}]
