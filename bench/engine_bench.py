"""Engine benchmark: random self-play of whole matches, the envido of every hand, and pytruco as a
speed reference. Run from the project root:

    .venv/bin/python bench/engine_bench.py            # about half a minute
    .venv/bin/python bench/engine_bench.py --seconds 2 --json
    .venv/bin/python bench/engine_bench.py --check 100000 --check-only   # the invariants (long)

What is measured (one process, no parallelism):

* our engine: whole matches to 30 points with 2 and 4 players; every action is chosen uniformly
  at random among ``legal_actions()`` except the mazo (as pytruco's own benchmark does,
  ``allow_mazo=False``) and applied with the checked ``apply()``; matches/s, hands/s, actions/s;
* every other game of the engine (today Catalan Truc and Truco Mineiro, to 12) the same way, with 2 and 4 players: its
  hands/s and the ratio to the Argentine game's hands/s;
* ``--check N`` (``--check-only``: nothing else): N random hands of every game and table size
  (Argentine Truco with 2, 4 and 6 players, pica-pica rounds, Catalan Truc and Truco Mineiro with 2
  and 4) from random scores below the target, every legal action equally likely (the mazo too),
  the engine's invariants checked after every action (not over exactly while there are legal
  actions; ``can_apply`` accepts each; each seat's view offers exactly its own legal actions; a
  clone equals the state; the scores never go down) and after each hand (it ended within
  ``MAX_ACTIONS``; the points are conserved; its notation replays to an equal state); reports the
  hands with a violation: the issue 19 aim is zero in 100,000;
* pica-pica (docs/rules/argentine.md §7.4): whole six-player Argentine matches to 30 with the option
  and without it, the same random self-play; hands/s (a pica-pica round of three duels counts as one
  hand) and the ratio of the two;
* the envido of all 9,880 three-card hands with ``envido_points`` (best of several runs);
* pytruco (a Uruguayan Truco engine on PyPI), used only as a speed reference: its own random
  self-play (``pytruco.pdt.chi.random_action(p, allow_mazo=False)``, as in ``pytruco.bench``) of
  matches to 30 with 2 and 4 players, in a subprocess, in a separate virtual environment that this
  script creates on demand under ``bench/.venv-pytruco`` (gitignored; pytruco is never a dependency
  of the project). The rules differ (Uruguayan Truco has the muestra), so the ratio is a rough
  comparison of engine speed, not of identical work.

The aim (issue 2): at least 10x pytruco's matches/s, and all 9,880 envido values in under 20 ms.
With ``--json`` the figures are also written to ``bench/results/engine_bench.json`` (gitignored).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import subprocess
import sys
import time
import venv
from itertools import combinations
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tutor.engine import DECK, MatchState, Mazo, Rules, envido_points, find_variant, format_hand, parse_hand  # noqa: E402
from tutor.engine.pica import pica_pica_range  # noqa: E402

BENCH = Path(__file__).resolve().parent
PYTRUCO_VENV = BENCH / ".venv-pytruco"
RESULTS = BENCH / "results"

PYTRUCO_SELF_PLAY = r"""
import json, random, sys, time
from pytruco.pdt.partida import Partida
from pytruco.pdt.chi import random_action

players, seconds, target, seed = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
random.seed(seed)
# Count hands: a match starts with one hand and Partida.nueva_ronda deals each further one.
new_hands = 0
_nueva_ronda = Partida.nueva_ronda
def counting_nueva_ronda(self, el_mano):
    global new_hands
    new_hands += 1
    return _nueva_ronda(self, el_mano)
Partida.nueva_ronda = counting_nueva_ronda
blue, red = ["Alice", "Ariana", "Annie"], ["Bob", "Ben", "Bill"]
matches = actions = 0
start = time.perf_counter()
while time.perf_counter() - start < seconds:
    p = Partida(target, blue[: players // 2], red[: players // 2], verbose=False)
    while not p.terminada():
        random_action(p, allow_mazo=False).hacer(p)
        actions += 1
    matches += 1
elapsed = time.perf_counter() - start
hands = matches + new_hands
print(json.dumps({"matches": matches, "hands": hands, "actions": actions, "seconds": elapsed}))
"""


OTHER_GAMES = ("catalan", "mineiro")
"""The presets benched besides the Argentine game."""


def self_play(players: int, seconds: float, seed: int = 1, preset: str | None = None, pica: bool = False) -> dict:
    """Random self-play of whole matches (to 30, or to the preset's own target) for about ``seconds``;
    ``pica``: six-player Argentine Truco with pica-pica (a round of three duels counts as one hand)."""
    rng = random.Random(seed)
    if preset is None:
        rules = Rules(players=players, target=30, pica_pica=pica)
    else:
        rules = find_variant(preset).rules(players=players)
    matches = hands = actions = picas = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        match = MatchState(rules, seed=rng.getrandbits(64))
        while match.winner is None:
            legal = match.legal_actions()
            choices = [a for a in legal if type(a) is not Mazo] or legal
            match.apply(choices[rng.randrange(len(choices))])
            actions += 1
        matches += 1
        hands += len(match.history)
        picas += sum(1 for hand in match.history if hand.is_pica)
    elapsed = time.perf_counter() - start
    return {**_rates(matches, hands, actions, elapsed), "pica_rounds": picas}


CHECKED = (
    ("argentino", 2),
    ("argentino", 4),
    ("argentino", 6),
    ("pica-pica", 6),
    ("catalan", 2),
    ("catalan", 4),
    ("mineiro", 2),
    ("mineiro", 4),
)
"""The variants ``--check`` plays: every game and table size of the engine (pica-pica: the rounds of
three duels of six-player Argentine Truco with the option)."""
MAX_ACTIONS = 200
"""A hand with more actions than this counts as a violation (it should have ended)."""


def _replayed(hand) -> bool:
    """The hand's notation replays to an equal state (a pica-pica round has no equality of states:
    its notation, its scores and each duel, a state, are compared instead)."""
    again: Any = parse_hand(format_hand(hand)).state()
    if hand.is_pica:
        return format_hand(again) == format_hand(hand) and again.scores == hand.scores and again.duels == hand.duels
    return again == hand


def _step_violations(hand, legal: list) -> int:
    """The invariants after one action: the hand is not over exactly while there are legal actions;
    every legal action is accepted by ``can_apply``; each seat's view offers exactly the legal actions
    of that seat (a pica-pica round: its view in table seats); a clone equals the state (a pica-pica round: its duels, each a state)."""
    if hand.is_over:
        return 1 if legal else 0
    if not legal or not all(hand.can_apply(action) for action in legal):
        return 1
    view_for = hand.table_view_for if hand.is_pica else hand.view_for
    for seat in range(hand.rules.players):
        if set(view_for(seat).legal_actions) != {action for action in legal if action.seat == seat}:
            return 1
    clone = hand.clone()
    same = clone.duels == hand.duels if hand.is_pica else clone == hand
    return 0 if same else 1


def _checked_hand(variant, rules, rng: random.Random, pica: bool) -> int:
    """One random hand from random scores below the target (a pica-pica round: scores in its range),
    checked after every action and at its end; returns the violations found (0 or more)."""
    players = rules.players
    mano = rng.randrange(players)
    while True:
        scores = (rng.randrange(rules.target), rng.randrange(rules.target))
        if not pica or pica_pica_range(rules, scores):
            break
    deal = variant.deal(rng, players, mano)
    hand = rules.new_hand(deal, mano, scores, pica=True) if pica else rules.new_hand(deal, mano, scores)
    violations = actions = 0
    legal = hand.legal_actions()
    while not hand.is_over:
        if not legal or actions > MAX_ACTIONS:
            return violations + 1
        before = hand.scores
        hand.apply(legal[rng.randrange(len(legal))])
        actions += 1
        legal = hand.legal_actions()
        violations += _step_violations(hand, legal)
        violations += any(b < a for a, b in zip(before, hand.scores, strict=True))
    moved = [b - a for a, b in zip(hand.start_scores, hand.scores, strict=True)]
    return violations + (moved != _awarded(hand)) + (not _replayed(hand))


def _awarded(hand) -> list[int]:
    """The points awarded to each team in a hand (a pica-pica round: in its three duels, each duel's
    seats 0 and 1 being the table seats that play it)."""
    if not hand.is_pica:
        return [sum(a.points for a in hand.awards if a.team == team) for team in (0, 1)]
    points = [0, 0]
    for index, duel in enumerate(hand.duels):
        seats = hand.duel_seats(index)
        for award in duel.awards:
            points[seats[award.team] & 1] += award.points
    return points


def checked_hands(preset: str, players: int, hands: int, seed: int = 1) -> dict:
    """``hands`` random hands of ``preset`` (``pica-pica``: pica-pica rounds) from random scores below
    the target, every legal action equally likely, the invariants checked after every action
    (:func:`_step_violations`, the scores never going down) and after each hand (the hand ended
    within MAX_ACTIONS actions; the points conserved: the scores moved by exactly the awards; the
    notation replaying to an equal state). Returns the hands, the hands with a violation, the time."""
    rng = random.Random(f"checked:{preset}:{players}:{seed}")
    pica = preset == "pica-pica"
    variant = find_variant("argentino" if pica else preset)
    rules = variant.rules(players=players, pica_pica=True) if pica else variant.rules(players=players)
    violations = 0
    start = time.perf_counter()
    for _ in range(hands):
        violations += _checked_hand(variant, rules, rng, pica) > 0
    return {"hands": hands, "violations": violations, "seconds": round(time.perf_counter() - start, 3)}


def _rates(matches: int, hands: int, actions: int, elapsed: float) -> dict:
    return {
        "matches": matches,
        "hands": hands,
        "actions": actions,
        "seconds": round(elapsed, 3),
        "matches_per_s": matches / elapsed,
        "hands_per_s": hands / elapsed,
        "actions_per_s": actions / elapsed,
        "hands_per_match": hands / matches if matches else 0.0,
    }


def envido_all_hands(repeats: int = 9) -> dict:
    """Time ``envido_points`` over all 9,880 three-card hands; best and median of ``repeats`` runs."""
    hands = list(combinations(DECK, 3))
    assert len(hands) == 9880
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        total = 0
        for hand in hands:
            total += envido_points(hand)
        times.append(time.perf_counter() - start)
    times.sort()
    return {
        "hands": len(hands),
        "best_ms": times[0] * 1000,
        "median_ms": times[len(times) // 2] * 1000,
        "checksum": total,
    }


def pytruco_python() -> Path | None:
    """The interpreter of bench/.venv-pytruco, created with pytruco installed if missing."""
    python = PYTRUCO_VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    if python.exists():
        check = subprocess.run([str(python), "-c", "import pytruco"], capture_output=True)
        if check.returncode == 0:
            return python
    print("creating bench/.venv-pytruco and installing pytruco (once) ...", flush=True)
    try:
        venv.EnvBuilder(with_pip=True, clear=python.exists()).create(PYTRUCO_VENV)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", "pytruco"], check=True)
    except (OSError, subprocess.CalledProcessError) as error:
        print(f"pytruco not available: {error}", file=sys.stderr)
        return None
    return python


def pytruco_self_play(python: Path, players: int, seconds: float, seed: int = 1) -> dict | None:
    """pytruco's random self-play in a subprocess."""
    run = subprocess.run(
        [str(python), "-c", PYTRUCO_SELF_PLAY, str(players), str(seconds), "30", str(seed)],
        capture_output=True,
        text=True,
        cwd=str(BENCH),
    )
    if run.returncode != 0:
        print(f"pytruco self-play failed:\n{run.stderr[-2000:]}", file=sys.stderr)
        return None
    data = json.loads(run.stdout.strip().splitlines()[-1])
    return _rates(data["matches"], data["hands"], data["actions"], data["seconds"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="duration of each self-play run")
    parser.add_argument("--no-pytruco", action="store_true", help="skip the pytruco reference")
    parser.add_argument("--json", action="store_true", help="also write bench/results/engine_bench.json")
    parser.add_argument(
        "--check", type=int, default=0, help="hands of each game and table size to play checking invariants"
    )
    parser.add_argument("--check-only", action="store_true", help="with --check: only the checked hands")
    args = parser.parse_args(argv)

    results: dict = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "seconds_per_run": args.seconds,
        "ours": {},
        "pytruco": {},
    }
    if args.check:
        results["checked"] = {}
        for preset, players in CHECKED:
            row = checked_hands(preset, players, args.check)
            results["checked"].setdefault(preset, {})[players] = row
            print(
                f"{preset} {players} players: {row['hands']:,} hands checked, {row['violations']} with an "
                f"invariant violated ({row['seconds']:.1f} s)",
                flush=True,
            )
        if args.check_only:
            return _write(results, args.json)
    for players in (2, 4):
        results["ours"][players] = self_play(players, args.seconds)
    results["pica"] = {"redonda_only": self_play(6, args.seconds), "pica_pica": self_play(6, args.seconds, pica=True)}
    results["games"] = {
        preset: {players: self_play(players, args.seconds, preset=preset) for players in find_variant(preset).players}
        for preset in OTHER_GAMES
    }
    results["envido"] = envido_all_hands()
    python = None if args.no_pytruco else pytruco_python()
    if python is not None:
        for players in (2, 4):
            results["pytruco"][players] = pytruco_self_play(python, players, args.seconds)

    print()
    print(f"Random self-play of whole matches to 30, one process ({args.seconds:g} s per run)")
    header = f"{'engine':<10} {'players':>7} {'matches/s':>10} {'hands/s':>10} {'actions/s':>10} {'hands/match':>11}"
    print(header)
    print("-" * len(header))
    for name in ("ours", "pytruco"):
        for players in (2, 4):
            row = results[name].get(players)
            if row:
                print(
                    f"{name:<10} {players:>7} {row['matches_per_s']:>10.1f} {row['hands_per_s']:>10.1f} "
                    f"{row['actions_per_s']:>10.0f} {row['hands_per_match']:>11.1f}"
                )
    print()
    for players in (2, 4):
        ours, theirs = results["ours"][players], results["pytruco"].get(players)
        if theirs and theirs["matches_per_s"]:
            ratio = ours["matches_per_s"] / theirs["matches_per_s"]
            hands_ratio = ours["hands_per_s"] / theirs["hands_per_s"]
            results.setdefault("ratio", {})[players] = {"matches": ratio, "hands": hands_ratio}
            verdict = "meets" if ratio >= 10 else "misses"
            print(
                f"{players} players: ours / pytruco = {ratio:.1f}x matches/s, {hands_ratio:.1f}x hands/s "
                f"({verdict} the 10x aim)"
            )
    print()
    print(f"Other games, random self-play of whole matches ({args.seconds:g} s per run)")
    header = f"{'game':<10} {'players':>7} {'matches/s':>10} {'hands/s':>10} {'actions/s':>10} {'vs argentino':>12}"
    print(header)
    print("-" * len(header))
    for preset, rows in results["games"].items():
        for players, row in rows.items():
            base = results["ours"].get(players)
            ratio = row["hands_per_s"] / base["hands_per_s"] if base else float("nan")
            row["hands_ratio_to_argentino"] = ratio
            print(
                f"{preset:<10} {players:>7} {row['matches_per_s']:>10.1f} {row['hands_per_s']:>10.1f} "
                f"{row['actions_per_s']:>10.0f} {ratio:>11.2f}x"
            )
    print()
    print(
        f"Pica-pica: six-player Argentine Truco, random self-play of whole matches to 30 ({args.seconds:g} s per run)"
    )
    header = f"{'rules':<12} {'matches/s':>10} {'hands/s':>10} {'actions/s':>10} {'pica rounds':>11} {'ratio':>7}"
    print(header)
    print("-" * len(header))
    base = results["pica"]["redonda_only"]
    for name, row in results["pica"].items():
        ratio = row["hands_per_s"] / base["hands_per_s"] if base["hands_per_s"] else float("nan")
        row["hands_ratio_to_six_players"] = ratio
        print(
            f"{name:<12} {row['matches_per_s']:>10.1f} {row['hands_per_s']:>10.1f} {row['actions_per_s']:>10.0f} "
            f"{row['pica_rounds']:>11} {ratio:>6.2f}x"
        )
    envido = results["envido"]
    verdict = "meets" if envido["best_ms"] < 20 else "misses"
    print(
        f"envido of all {envido['hands']:,} hands: best {envido['best_ms']:.2f} ms, "
        f"median {envido['median_ms']:.2f} ms ({verdict} the 20 ms aim)"
    )
    return _write(results, args.json)


def _write(results: dict, to_json: bool) -> int:
    """With ``--json``, write the figures to bench/results/engine_bench.json."""
    if to_json:
        RESULTS.mkdir(exist_ok=True)
        path = RESULTS / "engine_bench.json"
        path.write_text(json.dumps(results, indent=2, default=str) + "\n", encoding="utf-8")
        print(f"written {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
