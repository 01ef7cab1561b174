"""Computer players' benchmark: decision time of the strong bot and of a hint, and tournaments.

Run from the project root:

    .venv/bin/python bench/bots_bench.py                      # everything, full size (long)
    .venv/bin/python bench/bots_bench.py --matches 100        # smaller tournaments
    .venv/bin/python bench/bots_bench.py --skip-tournament    # decision times only
    .venv/bin/python bench/bots_bench.py --jobs 2 --json      # two processes; figures to JSON
    .venv/bin/python bench/bots_bench.py --game catalan       # Catalan Truc (matches to 12)

What is measured:

* **Decision time** of the strong bot (``choose(view, "strong", rng)``) and of a hint
  (``hint(view, seed)``) at the default budget (``default_budget(players)``), 2 and 4 players:
  the views are every decision of seat 0's team in hands played by the beginner for every seat
  (so they cover every phase). p50 and p99 of the wall time and of the thread's CPU time (the
  machine is shared: the CPU time is the bot's own cost, the wall time what a user waits with the
  machine as loaded as it is; the load average is recorded). Aim: p99 under 100 ms.
* **Tournaments**: matches to 15 (300 with 2 players, 150 with 4 by default; ``--matches N`` sets
  the 2-player count and half of it for 4 players), strong against beginner and beginner against
  random, with the deal seeded per match; the first mano alternates between the teams from match
  to match, and the levels swap teams every other pair of matches. Win rates with 95 % Wilson
  intervals. Aims: strong against beginner at least 80 % with two players and 75 % with four;
  beginner against random at least 95 % and 90 %; strong and hint p99 under 100 ms of CPU time at
  the default budget. Each figure is printed with "aim met" or "aim missed".

The strong bot reads how the other team has played the match so far (``Style.observe``, as at
the table). ``--styles`` plays other pairings instead: the strong bot, and the strong bot that
models every seat as the beginner (``strong-plain``), each against two opponents unlike the
beginner: one that declines every truco and envido (``folder``) and one that accepts them all
(``station``), on the same deals. What it shows: how much reading the opponent is worth.

``--game catalan`` measures Catalan Truc instead (docs/rules/catalan.md): the sampled views' scores go
up to 11, so the decision on 11 is among them, and the matches are to 12 whatever ``--target`` says.
Aim for strong against beginner there: at least 65 %.

With ``--json`` the figures are also written to ``bench/results/bots_bench.json`` (gitignored).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tutor.bots import Decision, Level, Style, choose, default_budget, hint  # noqa: E402
from tutor.engine import MatchState, Rules, deal, find_variant  # noqa: E402
from tutor.engine.state import Answer, Phase, SeatView  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results"

AIMS = {(2, "strong"): 0.80, (4, "strong"): 0.75, (2, "beginner"): 0.95, (4, "beginner"): 0.90}
"""The win rate each pairing aims at, by (players, the first level)."""
GAME_AIMS = {"catalan": {(2, "strong"): 0.65, (4, "strong"): 0.65}}
"""The aims of another game than Argentine Truco, where they differ."""


def game_rules(game: str, players: int, target: int) -> Rules:
    """The rules of ``game`` (a preset) for ``players``, to ``target`` when the game lets it be chosen."""
    variant = find_variant(game)
    if len(variant.targets) == 1:
        return variant.rules(players=players)
    return variant.rules(players=players, target=target)


CPU_P99_MS = 100.0
"""The decision time the strong bot and the hint aim to stay under (p99 of the CPU time)."""


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))
    return ordered[index]


# --- Decision times --------------------------------------------------------------------------------


def sample_views(players: int, hands: int, seed: int, game: str = "argentino") -> list:
    """Every decision of team 0's seats in ``hands`` hands played by the beginner everywhere."""
    rng = random.Random(seed)
    rules = game_rules(game, players, 15)
    views = []
    for index in range(hands):
        scores = (rng.randrange(rules.target), rng.randrange(rules.target))
        hand = rules.new_hand(deal(rng, players, index % players), index % players, scores)
        while not hand.is_over:
            view = hand.view_for(hand.to_act)
            if hand.to_act % 2 == 0:
                views.append(view)
            hand.apply(choose(view, Level.BEGINNER, rng).action)
    return views


def time_decisions(players: int, hands: int, budget: int | None, game: str = "argentino") -> dict:
    views = sample_views(players, hands, seed=players, game=game)
    out = {}
    for name, call in (
        ("strong", lambda v, i: choose(v, Level.STRONG, random.Random(i), budget=budget)),
        ("hint", lambda v, i: hint(v, seed=i, budget=budget)),
    ):
        wall, cpu = [], []
        for i, view in enumerate(views):
            t0, c0 = time.perf_counter(), time.thread_time()
            call(view, i)
            cpu.append(time.thread_time() - c0)
            wall.append(time.perf_counter() - t0)
        out[name] = {
            "decisions": len(views),
            "wall_ms": {
                "p50": 1e3 * percentile(wall, 0.5),
                "p99": 1e3 * percentile(wall, 0.99),
                "max": 1e3 * max(wall),
            },
            "cpu_ms": {"p50": 1e3 * percentile(cpu, 0.5), "p99": 1e3 * percentile(cpu, 0.99), "max": 1e3 * max(cpu)},
        }
    return out


# --- Tournaments -----------------------------------------------------------------------------------


PLAYERS = ("strong", "strong-plain", "beginner", "random", "folder", "station")
"""Who can sit at a bench table: the three levels (the strong bot reads the match's style, as at
the table), ``strong-plain`` (the strong bot modelling every seat as the beginner), and two
opponents that play unlike the beginner: ``folder`` (the beginner, but it declines every truco
and every envido) and ``station`` (the beginner, but it accepts every truco and every envido)."""


def decide(view: SeatView, who: str, rng: random.Random, budget: int | None, match: MatchState) -> Decision:
    """The decision of ``who`` (one of PLAYERS) for ``view``."""
    if who == "strong":
        style = Style.observe([*match.history, match.hand])
        return choose(view, Level.STRONG, rng, budget=budget, style=style)
    if who == "strong-plain":
        return choose(view, Level.STRONG, rng, budget=budget)
    if who in ("folder", "station") and view.phase in (Phase.ANSWER_TRUCO, Phase.ANSWER_ENVIDO):
        decision = choose(view, Level.BEGINNER, rng)
        return Decision(Answer(view.seat, who == "station"), decision.reason)
    if who in ("folder", "station"):
        return choose(view, Level.BEGINNER, rng)
    return choose(view, Level(who), rng, budget=budget)


def play_match(args: tuple) -> tuple[int, int, int, int]:
    """One match to ``target``: team 0 plays ``first``, team 1 ``second``. Returns (the winner's
    team, hands played, the first mano, team 0's points minus team 1's)."""
    players, first, second, index, target, budget, game = args
    mano = index % 2  # alternate which team is mano first
    rules = game_rules(game, players, target)
    # The deals and the decisions' generator do not depend on which strong bot plays, so that
    # "strong" and "strong-plain" meet the same deals.
    names = tuple("strong" if n == "strong-plain" else n for n in (first, second))
    match = MatchState(rules, seed=f"bots-bench:{players}:{names[0]}:{names[1]}:{index}", mano=mano)
    rng = random.Random(f"bots-bench-decisions:{players}:{names[0]}:{names[1]}:{index}")
    levels = (first, second)
    while not match.is_over:
        hand = match.hand
        seat = hand.to_act
        view = hand.view_for(seat)
        match.apply(decide(view, levels[seat & 1], rng, budget, match).action)
    return match.winner, len(match.history), mano, match.scores[0] - match.scores[1]


def tournament(
    players: int,
    first: str,
    second: str,
    matches: int,
    target: int,
    budget: int | None,
    jobs: int,
    game: str = "argentino",
) -> dict:
    """``matches`` matches; levels swap teams every other pair of matches so that seat order does not matter."""
    tasks = []
    for index in range(matches):
        swap = (index // 2) % 2 == 1
        a, b = (second, first) if swap else (first, second)
        tasks.append(((players, a, b, index, target, budget, game), swap))
    start = time.perf_counter()
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(play_match, [t for t, _ in tasks], chunksize=4))
    else:
        results = [play_match(t) for t, _ in tasks]
    wins = hands = margin = 0
    for (winner, played, _, difference), (_, swap) in zip(results, tasks, strict=True):
        first_team = 1 if swap else 0
        wins += winner == first_team
        hands += played
        margin += -difference if swap else difference
    low, high = wilson(wins, matches)
    return {
        "game": game,
        "players": players,
        "first": first,
        "second": second,
        "matches": matches,
        "target": game_rules(game, players, target).target,
        "wins": wins,
        "rate": wins / matches,
        "wilson95": [low, high],
        "hands": hands,
        "margin_per_hand": margin / hands if hands else 0.0,
        "seconds": time.perf_counter() - start,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=300, help="2-player matches per pairing (4 players: half)")
    parser.add_argument("--target", type=int, default=15)
    parser.add_argument(
        "--budget",
        type=int,
        default=None,
        help="simulated hands per strong decision (default: the bots' default for the table size)",
    )
    parser.add_argument("--hands", type=int, default=60, help="hands sampled for the decision times")
    parser.add_argument("--jobs", type=int, default=1, help="processes for the tournaments")
    parser.add_argument("--skip-timing", action="store_true")
    parser.add_argument("--skip-tournament", action="store_true")
    parser.add_argument("--only", choices=["strong", "beginner"], help="one pairing only")
    parser.add_argument(
        "--styles",
        action="store_true",
        help="instead of the usual pairings: strong and strong-plain against folder and station",
    )
    parser.add_argument("--players", type=int, choices=[2, 4], help="one table size only")
    parser.add_argument("--game", default="argentino", help="the preset: argentino (default), fixed, catalan")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report: dict = {
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count(), "load": os.getloadavg()},
        "game": args.game,
        "budget": args.budget or {p: default_budget(p) for p in (2, 4)},
    }
    sizes = [args.players] if args.players else [2, 4]
    if not args.skip_timing:
        report["timing"] = {}
        for players in sizes:
            figures = time_decisions(players, args.hands, args.budget, args.game)
            report["timing"][players] = figures
            for name, f in figures.items():
                met = "aim met" if f["cpu_ms"]["p99"] < CPU_P99_MS else "aim missed"
                print(
                    f"{players} players, {name:6}: {f['decisions']} decisions, "
                    f"wall p50 {f['wall_ms']['p50']:.1f} ms p99 {f['wall_ms']['p99']:.1f} ms, "
                    f"cpu p50 {f['cpu_ms']['p50']:.1f} ms p99 {f['cpu_ms']['p99']:.1f} ms ({met})",
                    flush=True,
                )
    if not args.skip_tournament:
        report["tournaments"] = []
        pairings = [("strong", "beginner"), ("beginner", "random")]
        if args.only:
            pairings = [p for p in pairings if p[0] == args.only]
        if args.styles:
            pairings = [(a, b) for b in ("folder", "station") for a in ("strong", "strong-plain")]
        for players in sizes:
            count = args.matches if players == 2 else max(1, args.matches // 2)
            for first, second in pairings:
                result = tournament(players, first, second, count, args.target, args.budget, args.jobs, args.game)
                report["tournaments"].append(result)
                low, high = result["wilson95"]
                aim = (
                    None
                    if args.styles
                    else GAME_AIMS.get(args.game, {}).get((players, first), AIMS.get((players, first)))
                )
                met = "" if aim is None else f", aim {100 * aim:.0f} % {'met' if result['rate'] >= aim else 'missed'}"
                result["aim"] = aim
                print(
                    f"{players} players, {first} vs {second}: {result['wins']}/{count} = {100 * result['rate']:.1f} % "
                    f"(95 % {100 * low:.1f}-{100 * high:.1f} %), {result['hands']} hands, "
                    f"{result['margin_per_hand']:+.2f} points a hand, "
                    f"{result['seconds']:.0f} s{met}",
                    flush=True,
                )
    report["machine"]["load_end"] = os.getloadavg()
    print(
        f"load average at the start {report['machine']['load'][0]:.2f}, at the end {os.getloadavg()[0]:.2f} "
        f"({os.cpu_count()} CPUs)",
        flush=True,
    )
    if args.json:
        RESULTS.mkdir(exist_ok=True)
        (RESULTS / "bots_bench.json").write_text(json.dumps(report, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
