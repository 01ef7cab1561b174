"""The night's tables, read from the store: the ranking (:mod:`.scoring`), a board's traveller and
its face-up replay, and who may see them."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from tutor.narration import Perspective

from ...i18n import format_number, gettext as _
from ...store import current_store
from ...store.club import ClubEvent, ClubPlayer, ClubResult
from ...store.sql import aware as _aware
from ..components.table import replay_steps
from .boards import board_of, table_of
from .scoring import BoardResult, matchpoints, standings


def aware(moment: datetime | None) -> datetime | None:
    return _aware(moment)


def can_see(event: ClubEvent, player: ClubPlayer) -> bool:
    """Others' results are hidden until the player has played every board, or the event is closed."""
    return player.board > event.boards or not current_store().club.is_open(event)


def _mp(value: float) -> str:
    return format_number(value)


def _percent(value: float | None) -> str:
    return "–" if value is None else format_number(round(value, 1))


SIDES = ("A", "B")
"""The two sides of a board at real tables: the slips' player (or team) A and B."""


def at_tables(event: ClubEvent) -> bool:
    return event.mode == "tables"


def entrant_code(side: int, pair: int) -> str:
    """A pair (or player) of a night at real tables by its side and number: ``A3``, ``B1``."""
    return f"{SIDES[side]}{pair}"


def entrant_name(side: int, pair: int, names: dict[str, str] | None = None) -> str:
    """A pair (or player) at real tables as shown: its code, and the names the organiser gave it
    (``A3 (Ana y Beto)``); the code alone if it has none."""
    code = entrant_code(side, pair)
    name = (names or {}).get(code)
    if not name:
        return code
    # Translators: a pair (or a player) of a club night at real tables: its code in the movement ("A1") and the names the organiser gave it ("Ana and Beto").
    return _("%(code)s (%(names)s)", code=code, names=name)


def table_results(event: ClubEvent) -> list[BoardResult]:
    """Every entered result of a night at real tables, once from each side: side A's points won
    minus lost, and side B's (the same hand seen from the other side)."""
    found = []
    for score in current_store().club.scores(event.id):
        margin = score.a_points - score.b_points
        found.append(BoardResult((0, score.a_pair), score.board, margin, side=0))
        found.append(BoardResult((1, score.b_pair), score.board, -margin, side=1))
    return found


def night_results(event: ClubEvent) -> tuple[list[BoardResult], dict[Any, str]]:
    """The night's results (online: each player's on each board; at tables: each side's) and the names shown."""
    store = current_store().club
    if at_tables(event):
        tables = event.tables or 0
        given = event.pair_names or {}
        names = {(side, n): entrant_name(side, n, given) for side in (0, 1) for n in range(1, tables + 1)}
        return table_results(event), names
    nicks: dict[Any, str] = {p.id: p.nickname for p in store.players(event.id)}
    return [BoardResult(r.player_id, r.board, r.points, r.decisions, r.matched) for r in store.results(event.id)], nicks


def standing_rows(event: ClubEvent) -> list[dict[str, Any]]:
    """The night's ranking by MP %, each row with its place (shared places marked), the player's
    matchpoints, MP %, decision accuracy and points on each board."""
    results, nicks = night_results(event)
    points: dict[Any, dict[int, int]] = {}
    for r in results:
        points.setdefault(r.player, {})[r.board] = r.points
    lines = standings(results)
    rows = []
    for line in lines:
        own = points.get(line.player, {})
        rows.append(
            {
                "player": line.player,
                "nickname": nicks.get(line.player, "?"),
                "place": line.place,
                "shared": line.shared,
                # Translators: a shared place on a result table ("2=": second, shared with others).
                "place_text": _("%(num)s=", num=line.place) if line.shared else str(line.place),
                "boards": line.boards,
                "mp": line.mp,
                "mp_text": _mp(line.mp),
                "compared": line.compared,
                "percent": line.percent,
                "accuracy": line.accuracy,
                "percent_text": _percent(line.percent),
                "accuracy_text": _percent(line.accuracy),
                "points": [format_number(own[n]) if n in own else "" for n in range(1, event.boards + 1)],
                "raw_points": [own.get(n, "") for n in range(1, event.boards + 1)],
            }
        )
    return rows


def table_rows(event: ClubEvent, number: int) -> list[dict[str, Any]]:
    """The traveller of board ``number`` at real tables: each table's pairs, the points each side
    won, side A's result and both sides' matchpoints, by table."""
    scores = [s for s in current_store().club.scores(event.id) if s.board == number]
    names = event.pair_names or {}
    a_mp = matchpoints({s.table_no: s.a_points - s.b_points for s in scores})
    b_mp = matchpoints({s.table_no: s.b_points - s.a_points for s in scores})
    return [
        {
            "table": s.table_no,
            "a_name": entrant_name(0, s.a_pair, names),
            "b_name": entrant_name(1, s.b_pair, names),
            "a_points": s.a_points,
            "b_points": s.b_points,
            "result_text": format_number(s.a_points - s.b_points),
            "a_mp_text": _mp(a_mp[s.table_no]),
            "b_mp_text": _mp(b_mp[s.table_no]),
        }
        for s in scores
    ]


def board_rows(event: ClubEvent, number: int) -> list[dict[str, Any]]:
    """The traveller of board ``number``: every player's result on it, best first, with matchpoints."""
    store = current_store().club
    nicks = {p.id: p.nickname for p in store.players(event.id)}
    results = [r for r in store.results(event.id) if r.board == number]
    mps = matchpoints({r.player_id: r.points for r in results})
    rows = [
        {
            "player": r.player_id,
            "nickname": nicks.get(r.player_id, "?"),
            "points": r.points,
            "points_text": format_number(r.points),
            "mp_text": _mp(mps[r.player_id]),
            "accuracy_text": _percent(100 * r.matched / r.decisions if r.decisions else None),
            "result": r,
        }
        for r in results
    ]
    return sorted(rows, key=lambda row: (-row["points"], row["nickname"].casefold()))


def replay_context(event: ClubEvent, number: int, chosen: int | None, face: str) -> dict[str, Any]:
    """The traveller of a board and the face-up replay of one player's hand on it (``chosen``, else the top result)."""
    rows = board_rows(event, number)
    picked = next((row for row in rows if row["player"] == chosen), rows[0] if rows else None)
    context: dict[str, Any] = {
        "rows": rows,
        "number": number,
        "board": board_of(event, number),
        "board_numbers": range(1, event.boards + 1),
        "chosen": picked,
    }
    if picked is not None:
        context.update(hand_replay(event, number, picked["result"], face))
    return context


def hand_replay(event: ClubEvent, number: int, result: ClubResult, face: str) -> dict[str, Any]:
    """One player's hand on the board, face up, each of their decisions beside the engine's best."""
    table = table_of(event, number, result.log)
    hand = table.hands()[0]
    perspective = Perspective(seat=table.learner_seat, players=hand.players)
    data = result.review
    lost_chance = float(data.get("lost_chance", 0))
    return {
        "replay": data,
        "deal": [
            {
                "name": perspective.seat_label(s),
                "in_sentence": perspective.seat_name(s),
                "cards": hand.deal[s],
                "mine": s == table.learner_seat,
            }
            for s in range(hand.players)
        ],
        "lost": format_number(round(float(data.get("lost", 0)), 2)),
        "lost_chance": format_number(round(100 * lost_chance, 1)) if lost_chance >= 0.005 else None,
        "steps": replay_steps(table, 0, data, face),
    }
