"""Cost of the practice hands, in process (no HTTP): loading and verifying every hand file, dealing
from a pattern, playing the ideal line, a random learner line, and rebuilding a run from its log
(what every page view and POST does).

Usage: ``.venv/bin/python bench/practice_bench.py [--rounds 50]``. Prints one line per measure with
the median and the 95th percentile over hands and rounds, in milliseconds.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tutor.content import clear_cache  # noqa: E402
from tutor.content.loader import load_hands  # noqa: E402
from tutor.content.practice import Practice, play_ideal, play_line  # noqa: E402


def timed(function) -> float:
    start = time.perf_counter()
    function()
    return (time.perf_counter() - start) * 1000


def report(name: str, samples: list[float]) -> None:
    samples = sorted(samples)
    p95 = samples[min(len(samples) - 1, int(len(samples) * 0.95))]
    print(f"{name:34s} median {statistics.median(samples):8.2f} ms   p95 {p95:8.2f} ms   n={len(samples)}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=50)
    args = parser.parse_args()
    clear_cache()
    hands = []
    load = timed(lambda: hands.extend(load_hands()))
    print(f"{'load and verify all hands':34s} {load:8.1f} ms for {len(hands)} hands")
    deals, ideal, lines, rebuild = [], [], [], []
    rng = random.Random(1)
    for spec in hands:
        for seed in range(args.rounds):
            deals.append(timed(lambda spec=spec, seed=seed: spec.deal(seed)))
            ideal.append(timed(lambda spec=spec, seed=seed: play_ideal(spec, seed)))
            holder: list[Practice] = []

            def random_line(spec=spec, seed=seed, holder=holder) -> None:
                holder.append(
                    play_line(spec, seed, lambda run: str(rng.choice(run.table.view().legal_actions)).split(":", 1)[1])
                )

            lines.append(timed(random_line))
            log = holder[0].log()
            rebuild.append(timed(lambda spec=spec, seed=seed, log=log: Practice(spec, seed, log=log).coach()))
    report("deal from the pattern", deals)
    report("ideal line, whole hand", ideal)
    report("random learner line, whole hand", lines)
    report("rebuild a finished run + coach", rebuild)


if __name__ == "__main__":
    main()
