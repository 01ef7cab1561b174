"""The slowest test files of a pytest run, from its JUnit XML report (docs/testing.md).

    .venv/bin/pytest -n auto --junitxml=/tmp/junit.xml ...
    .venv/bin/python tools/test_durations.py /tmp/junit.xml [N]

prints the N (default 30) files with the most test time (setup, call and teardown, summed over the
workers: CPU-seconds of the run, not its wall time), their test counts, and the total.
"""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from collections import Counter


def file_times(report: str) -> tuple[dict[str, float], Counter[str]]:
    """(seconds per test file, tests per test file) of a JUnit XML report written by pytest."""
    seconds: dict[str, float] = {}
    tests: Counter[str] = Counter()
    for case in ET.parse(report).iter("testcase"):
        name = case.get("classname", "")
        path = name.split(".")
        # pytest writes "tests.engine.test_state" (module) or "tests.engine.test_state.TestClass"
        parts = [p for p in path if not p[:1].isupper()]
        key = "/".join(parts) + ".py"
        seconds[key] = seconds.get(key, 0.0) + float(case.get("time", 0) or 0)
        tests[key] += 1
    return seconds, tests


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    count = int(argv[1]) if len(argv) > 1 else 30
    seconds, tests = file_times(argv[0])
    for name, total in sorted(seconds.items(), key=lambda item: -item[1])[:count]:
        print(f"{total:8.1f} s  {tests[name]:5d} tests  {name}")
    print(f"{sum(seconds.values()):8.1f} s  {sum(tests.values()):5d} tests  in all")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
