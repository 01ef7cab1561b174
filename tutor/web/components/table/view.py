"""What a table page shows, built only from the learner's view and legal actions.

:func:`table_context` turns any :class:`~tutor.bots.table.Table` (a whole match, or a scripted
practice hand with a fixed first deal) into plain values for ``templates/components/table.html``: the
seats around the table (the learner at the bottom, the partner opposite), who deals, who is mano
and pie, each seat's cards trick by trick, the learner's cards and legal calls, the open call, the
narrated timeline with what happened since the learner's last action, the table's news (what the
others answered and the envido's outcome since the learner's last action, said at the felt), the
score as matchsticks and as players say it, the partner's seña, and the hint when one was asked
for (its advice in the learner's own words, the expected points behind "details"). Nothing here reads another seat's cards:
only ``table.view()`` (a :class:`~tutor.engine.state.SeatView`). :func:`render_table` renders the
page, or only its ``table`` block for an htmx swap. How a feature uses both: see :mod:`tutor.web.components.table`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from flask.wrappers import Response

from tutor.bots.checks import checked_reason
from tutor.narration import Perspective, call_name, narrate
from tutor.narration.bots import SENA_FACES, action_label, hint_advice, hint_reason, reason_sentence, sena_text
from tutor.web.shared.htmx import render_page_or_block, wants_fragment

from ....bots import Hint
from ....bots.senas import MAX_SENAS
from ....bots.table import Table
from ....engine.cards import Card
from ....engine.match import standing
from ....engine.pica import PicaPicaHand
from ....engine.ranking import Ranking
from ....engine.stakes import malas_limit
from ....engine.state import (
    FACE_DOWN,
    Answer,
    Call,
    DealChoice,
    Decision,
    EventKind,
    Knock,
    Mazo,
    PlayCard,
    SeatView,
    ThreeChoice,
)
from ....i18n import format_number, format_percent, gettext as _
from ..cards import game_face
from .hints import kept_hint

AREAS = {
    2: ("me", "top"),
    4: ("me", "right", "top", "left"),
    6: ("me", "br", "tr", "top", "tl", "bl"),
}
"""Where each seat sits, by its place after the learner in the order of play (to the right)."""


@dataclass
class SeatBox:
    """One seat around the table."""

    seat: int
    area: str
    name: str
    """The seat as a label ("Your partner")."""
    in_sentence: str
    """The seat inside a sentence ("your partner", "you")."""
    partner: bool
    me: bool
    badges: list[str]
    cards_left: int
    played: list[dict[str, Any]]
    to_act: bool
    senas: list[dict[str, str]] = field(default_factory=list)
    nick: str | None = None
    """The nickname of the person in this seat, at a table with people (None: not shown)."""
    caught: bool = False
    """The seat is an opponent's whose señas the learner caught ("now and then", as at a real table)."""
    shown: tuple[Card, ...] = ()


@dataclass
class ActionButton:
    """A legal action of the learner as a button."""

    value: str
    label: str
    kind: str
    card: Card | None = None
    key: str | None = None


@dataclass
class TimelineItem:
    """One narrated event of the hand."""

    text: str
    new: bool
    order: int
    kind: str
    mine: bool = False
    extras: dict[str, Any] = field(default_factory=dict)


def pie_seats(view: SeatView) -> set[int]:
    """The last player of each team in the order of play from the mano (4 and 6 players)."""
    n = view.players
    if n == 2:
        return set()
    order = [(view.mano + i) % n for i in range(n)]
    return {order[-1], order[-2]}


def _buttons(view: SeatView, face: str = "spanish") -> tuple[list[ActionButton], list[ActionButton]]:
    """The learner's legal actions: card buttons (keys 1-3) and the other buttons (a card face down
    among them)."""
    cards: list[ActionButton] = []
    others: list[ActionButton] = []
    positions = {card: i for i, card in enumerate(view.hand)}
    for action in view.legal_actions:
        text = str(action).split(":", 1)[1]
        if isinstance(action, PlayCard) and action.face_down:  # Truco Mineiro, from the second trick
            others.append(ActionButton(text, action_label(text, face), "face-down", action.card))
        elif isinstance(action, PlayCard) and action.card not in positions:
            # Truco Mineiro's mão de ferro: nobody sees his cards; the next one dealt is turned up.
            others.append(ActionButton(text, _("Turn up your next card"), "call"))
        elif isinstance(action, PlayCard):
            cards.append(
                ActionButton(text, action_label(text, face), "card", action.card, str(positions[action.card] + 1))
            )
        elif isinstance(action, Answer):
            others.append(ActionButton(text, action_label(text), "answer-yes" if action.quiero else "answer-no"))
        elif isinstance(action, Call):
            others.append(ActionButton(text, call_name(action.call.value), "call"))
        elif isinstance(action, Mazo):
            others.append(ActionButton(text, action_label(text), "mazo"))
        elif isinstance(action, Decision):
            others.append(ActionButton(text, action_label(text), "answer-yes" if action.play else "answer-no"))
        elif isinstance(action, Knock | DealChoice | ThreeChoice):
            others.append(ActionButton(text, action_label(text), "call"))
    cards.sort(key=lambda b: b.key or "")
    return cards, others


def _tied_cards(
    trick: tuple[tuple[int, Card], ...], ranking: Ranking, down: frozenset[Card] = frozenset()
) -> set[Card]:
    """The cards of a parda that tied for best: those at the trick's top level in the ranking
    (docs/rules/argentine.md §3.3; ``tricks.trick_result`` decides the parda on the same levels).
    Cards played face down (``down``, and another seat's hidden ones) neither take nor tie a trick
    (docs/rules/mineiro.md §9.3.4)."""
    faced = [card for _, card in trick if card is not FACE_DOWN and card not in down]
    if not faced:
        return set()
    top = min(ranking.level(card) for card in faced)
    return {card for card in faced if ranking.level(card) == top}


def _face_down_cards(view: SeatView) -> frozenset[Card]:
    """The seat's own cards it played face down (Truco Mineiro; another seat's are FACE_DOWN in the view)."""
    return frozenset(a.card for a in view.actions if type(a) is PlayCard and a.face_down)


def _slot(card: Card, mark: str | None, fresh: bool, delay: int, down: frozenset[Card]) -> dict[str, Any]:
    """One card on the table: another seat's face-down card has no face (``card`` None, ``down``)."""
    hidden = card is FACE_DOWN
    return {
        "card": None if hidden else card,
        "down": hidden or card in down,
        "mark": mark,
        "fresh": fresh,
        "delay": delay,
    }


def _played_by_seat(
    view: SeatView, fresh: set[tuple[int, int]], fresh_order: dict[tuple[int, int], int], ranking: Ranking
) -> dict[int, list[dict[str, Any]]]:
    """Each seat's cards on the table, trick by trick (three slots), with trick marks: the card that
    took the trick ("won"), or after a parda the cards that tied for best ("parda"), not the others."""
    slots: dict[int, list[dict[str, Any]]] = {
        s: [{"card": None, "mark": None} for _ in range(3)] for s in range(view.players)
    }
    tricks = list(view.tricks)
    down = _face_down_cards(view)
    for index, trick in enumerate(tricks):
        winner = view.trick_winners[index] if index < len(view.trick_winners) else None
        tied = _tied_cards(trick, ranking, down) if winner is None and trick else set()
        for seat, card in trick:
            won = seat == winner and card is not FACE_DOWN and card not in down
            mark = "parda" if card in tied else ("won" if won else None)
            slots[seat][index] = _slot(card, mark, (index, seat) in fresh, fresh_order.get((index, seat), 0), down)
    index = len(tricks)
    if index < 3:
        for seat, card in view.current_trick:
            slots[seat][index] = _slot(card, None, (index, seat) in fresh, fresh_order.get((index, seat), 0), down)
    return slots


ZONED_TARGET = 30
"""Only a game to 30 is told in malas and buenas (docs/rules/argentine.md §7.1: the first 15 are
the malas, the next 15 the buenas); a game to 15 (or any shorter one) is told in points."""


def _squares(points: int, capacity: int) -> list[int]:
    """``points`` as squares of five matchsticks, at least enough squares for ``capacity`` points."""
    count = (max(points, capacity) + 4) // 5
    return [min(5, max(0, points - 5 * i)) for i in range(count)]


def score_view(score: int, target: int) -> dict[str, Any]:
    """A team's score as matchsticks in squares of five and as players say it.

    In a game to 30 the first 15 points are the malas and the rest the buenas ("8 buenas" is 23):
    ``zone`` and ``zone_points`` say which, and the sticks are drawn in those two parts, the buenas
    holding every point past 15 (so "18 buenas" after a last hand that overshoots 30 draws 18).
    Shorter games have no malas and buenas: ``zone`` is None and the sticks draw every point in one
    run. The label and the sticks always count the same points.
    """
    if target != ZONED_TARGET:
        return {
            "score": score,
            "zone": None,
            "zone_points": score,
            "target": target,
            "zones": {"all": _squares(score, target)},
        }
    where = standing(score, target)
    half = malas_limit(target) - 1  # the last score in the malas
    malas = min(score, half)
    buenas = max(0, score - half)
    return {
        "score": score,
        "zone": where.zone.value,
        "zone_points": malas if where.zone.value == "malas" else buenas,
        "target": target,
        "zones": {"malas": _squares(malas, half), "buenas": _squares(buenas, target - half)},
    }


def _events_with_positions(table: Table) -> tuple[list[Any], list[int]]:
    """The current hand's events, and for each event the log position (version) of the action behind it."""
    from ....engine.stepper import replay

    hand = table.hand
    start = table.hand_start_version()
    positions: list[int] = []
    for step in replay(hand):
        positions.extend([start + step.position] * len(step.events))
    return list(hand.events), positions


NEWS_KINDS = frozenset(
    {
        EventKind.ANSWER,
        EventKind.ENVIDO_STATED,
        EventKind.SON_BUENAS,
        EventKind.ENVIDO_WON,
        EventKind.ENVIDO_CANCELLED,
        EventKind.FLOR_ANNOUNCED,
        EventKind.FLOR_STATED,
        EventKind.FLOR_WON,
        EventKind.MAZO,
        EventKind.TEAM_FOLDED,
        EventKind.POINTS,
        EventKind.DUEL_STARTED,
        EventKind.DUEL_WON,
    }
)
"""What the table says beside the felt (besides the open call): the answers, the envido and flor
showdowns and their points, who went to the mazo; in a pica-pica round who plays each duel and who
won one on tricks."""
MINE_TOO = frozenset(
    {
        EventKind.ENVIDO_STATED,
        EventKind.ENVIDO_WON,
        EventKind.FLOR_WON,
        EventKind.POINTS,
        EventKind.DUEL_STARTED,
        EventKind.DUEL_WON,
    }
)
"""Of those, what the table says also when the learner did it (an outcome, not the learner's own choice)."""


@dataclass
class NewsItem:
    """One line said at the table since the learner's last action: narrated from an engine event."""

    text: str
    kind: str
    seat: int | None
    why: str | None = None
    """The computer player's reason for this action, once the hand is over (None: not shown)."""


def _hidden_cards(table: Table) -> set[str]:
    """The other seats' cards the learner has not seen (never played, never shown), in notation (in
    a pica-pica round, every card of another duel counts as unseen)."""
    view = table.table_view()
    seen = {card for trick in view.tricks for _, card in trick} | {card for _, card in view.current_trick}
    seen |= {card for cards in view.shown.values() for card in cards}
    return {
        card.notation
        for seat, cards in enumerate(getattr(table.hand, "hands", table.hand.deal))
        if seat != table.learner_seat
        for card in cards
        if card not in seen
    }


def _names_no_hidden_card(reason: Any, hidden: set[str]) -> bool:
    """True when a bot's stored reason names none of the cards the learner has not seen: the table
    shows only what the learner may see (the hand's review, with every card face up, tells the rest)."""
    params = dict(reason.get("params") or {}) if hasattr(reason, "get") else {}
    return not any(str(params.get(key)) in hidden for key in ("card", "kept"))


def _table_news(
    table: Table,
    events: list[Any],
    positions: list[int],
    perspective: Perspective,
    face: str,
    last_mine: int | None,
) -> list[NewsItem]:
    """The answers and showdowns since the learner's last action (the whole hand if none), told at
    the table so that the score never jumps unexplained; also once the hand is over, so what was said
    before the learner's last action (an answer the learner has already seen and acted on) is never
    told again (the hand's review has all of them). A computer player's reason comes with its answer
    only once the hand is over (during the hand it would tell its hidden cards), and only if it names
    no card the learner has not seen."""
    start = table.hand_start_version()
    entries = table.hand_entries()
    since = start + (last_mine or 0)
    over = table.hand.is_over
    hidden = _hidden_cards(table) if over else set()
    news: list[NewsItem] = []
    for event, position in zip(events, positions, strict=True):
        if position < since or event.kind not in NEWS_KINDS:
            continue
        if event.seat == perspective.seat and event.kind not in MINE_TOO:
            continue
        why = None
        entry = entries[position - start] if 0 <= position - start < len(entries) else None
        if (
            over
            and event.kind in (EventKind.ANSWER, EventKind.MAZO)
            and entry is not None
            and entry.seat == event.seat
            and entry.reason
            and _names_no_hidden_card(entry.reason, hidden)
        ):
            why = reason_sentence(entry.reason, face)
        news.append(NewsItem(narrate(event, perspective, face=face), event.kind.value, event.seat, why))
    return news


def _raises(action: Any, view: SeatView) -> bool:
    """True when ``action`` answers the open call with a higher call of the same kind (a raise)."""
    pending = view.pending
    return isinstance(action, Call) and pending is not None and type(action.call) is type(pending.call)


def pica_context(table: Table, perspective: Perspective) -> dict[str, Any] | None:
    """In a pica-pica round, its three duels as the table names them: who faces whom, which one is
    under way, and the points each finished (or started) duel gave each team, from the engine's
    :class:`~tutor.engine.pica.PicaPicaHand`; None in a redonda. Also what the whole table sees of
    the duel under way, whoever plays it: the seat to act (``to_act``, a table seat), what the duel is
    worth (``value``) and its open call (``pending``), so that a seat whose own duel is over or still
    to come (a person at a table with people) is told whose turn it is; ``ended_in``, the duel in which
    a team reached the target when the duels after it were not played."""
    hand = table.hand
    if not isinstance(hand, PicaPicaHand):
        return None
    me = table.learner_seat
    us = me % 2
    points = hand.duel_points
    duels = []
    for index, (mano, other) in enumerate(hand.pairs):
        started = index < len(hand.duels)
        done = started and hand.duels[index].is_over
        duels.append(
            {
                "number": index + 1,
                "mano": perspective.seat_label(mano),
                "opponent": perspective.seat_name(other),
                "seats": (mano, other),
                "mine": me in (mano, other),
                "state": "done" if done else ("playing" if started and not hand.is_over else "waiting"),
                "us": points[index][us] if started else 0,
                "them": points[index][1 - us] if started else 0,
                "skipped": hand.is_over and not started,
            }
        )
    live = None if hand.is_over else hand.duel
    return {
        "duels": duels,
        "current": None if live is None else hand.duel_index + 1,
        "ended_in": len(hand.duels) if hand.match_winner is not None and len(hand.duels) < 3 else None,
        "to_act": hand.to_act,
        "value": hand.duel.hand_value,
        "pending": None if live is None else live.pending,
    }


HintFor = Callable[[Table], Hint]
"""How a feature gets the hint for the learner's decision on a table (e.g. :func:`learner_hint`)."""


def learner_hint(table: Table) -> Hint:
    """The hint for the learner's decision on the table: from the learner's view and the señas it
    knows only, seeded by the table's seed and version. :func:`~.replay.replay_hand` seeds its
    rankings the same way, so a hand's replay repeats the hint the learner was shown (computed once
    per game version, within a time budget: :mod:`.hints`). The other team is modelled by how it
    has played the match so far (:meth:`~tutor.bots.table.Table.style`)."""
    return kept_hint(
        table.view(),
        table.seed * 1009 + table.version,
        table.facts_for(table.learner_seat),
        style=table.style_for(table.learner_seat),
    )


def table_context(
    table: Table,
    *,
    face: str,
    act_url: str,
    hint_url: str | None = None,
    hint_for: HintFor | None = None,
    show_hint: bool = False,
    since: int | None = None,
    error: str | None = None,
    senas: bool = False,
    nicks: Mapping[int, str] | None = None,
) -> dict[str, Any]:
    """Everything ``templates/components/table.html`` needs to draw ``table``.

    ``face`` is the card face (:func:`tutor.web.shared.preferences.card_face`). ``act_url`` is where
    the learner's action forms post (``action`` and ``version``; also the hand-over forms of the
    feature's template). ``hint_url`` is where "What would a good player do?" posts (``version``),
    None for no hint button. ``hint_for(table)`` computes the hint, shown when ``show_hint`` is true
    and it is the learner's turn (None: never). ``since`` is the version the learner last drew: the
    events after it are marked new (None: nothing new). ``error`` is a translated message shown in
    an alert above the felt. ``senas`` offers the learner the señas it may make with its action
    (:meth:`~tutor.bots.table.Table.sena_choices`: checkboxes named ``sena`` in the action form).
    ``nicks``: the nickname shown beside each seat's name, by seat (a table with people).
    """
    face = game_face(table.rules.variant, face)
    view = table.table_view()
    me = table.learner_seat
    n = view.players
    perspective = Perspective(seat=me, players=n)
    events, positions = _events_with_positions(table)
    last_mine = max((i for i, entry in enumerate(table.hand_entries()) if entry.seat == me), default=None)
    if since is None or since > table.version:
        since = table.version  # nothing is new on a plain visit
    fresh_cards: set[tuple[int, int]] = set()
    fresh_order: dict[tuple[int, int], int] = {}
    timeline: list[TimelineItem] = []
    order = 0
    for event, position in zip(events, positions, strict=True):
        new = position >= since and since < table.version
        if new:
            order += 1
        if event.kind is EventKind.CARD_PLAYED and new:
            fresh_cards.add((event.trick, event.seat))
            fresh_order[(event.trick, event.seat)] = order
        timeline.append(
            TimelineItem(
                narrate(event, perspective, face=face),
                new,
                order if new else 0,
                event.kind.value,
                mine=event.seat == me,
            )
        )
    news = _table_news(table, events, positions, perspective, face, last_mine)
    slots = _played_by_seat(view, fresh_cards, fresh_order, table.rules.ranking_table)
    pica = pica_context(table, perspective)
    pies = pie_seats(view) if pica is None else set()  # a duel is a two-player hand: no pie
    boxes: list[SeatBox] = []
    caught_here = set(table.noticed_by(me)) if not view.is_over else set()
    for k, area in enumerate(AREAS[n]):
        seat = (me + k) % n
        badges = []
        if seat == view.dealer:
            # Translators: a badge at a seat: this player dealt the cards.
            badges.append(_("dealer"))
        if seat == view.mano:
            # Translators: a badge at a seat: this player is mano (plays first); keep "mano" in Spanish.
            badges.append(_("mano"))
        if seat in pies:
            # Translators: a badge at a seat: the last player of a team (pie); keep "pie" in Spanish.
            badges.append(_("pie"))
        if pica is not None:
            k = next(d["number"] for d in pica["duels"] if seat in d["seats"])
            # Translators: a badge at a seat in a pica-pica round: the one-against-one duel (1 to 3) this player plays.
            badges.append(_("duel %(number)s", number=k))
        folded = seat in getattr(view, "folded", ())
        if folded:
            # Translators: a badge at a seat: this player went to the mazo (folded) and left the hand.
            badges.append(_("at the mazo"))
        boxes.append(
            SeatBox(
                seat=seat,
                area=area,
                name=perspective.seat_label(seat),
                in_sentence=perspective.seat_name(seat),
                partner=seat != me and seat % 2 == me % 2,
                me=seat == me,
                badges=badges,
                cards_left=0 if folded else view.cards_left[seat],
                played=slots[seat],
                to_act=(view.to_act if pica is None else pica["to_act"]) == seat,
                shown=view.shown.get(seat, ()),
                senas=[{"code": SENA_FACES[str(x)], "text": sena_text(x)} for x in table.senas_shown(seat)]
                if (perspective.is_partner(seat) or seat in caught_here or (seat == me and seat in table.silent))
                and not view.is_over
                else [],
                caught=seat in caught_here,
                nick=(nicks or {}).get(seat),
            )
        )
    card_buttons, other_buttons = _buttons(view, face)
    pending = None
    open_call = view.pending if pica is None else pica["pending"]  # a pica-pica round: the duel under way's
    if open_call is not None and not view.is_over:
        last_call = next((e for e in reversed(events) if e.kind is EventKind.CALL), None)
        if last_call is not None:
            pending = {
                "call": call_name(str(last_call.call)),
                "caller": perspective.seat_label(last_call.seat),
                "mine": last_call.seat % 2 == me % 2,
            }
    caught = (
        [
            # Translators: at a table with partners; %(who)s is an opponent, e.g. "The opponent on your left", who saw
            # a seña; %(partner)s is the seat name of the player who made it.
            _(
                "%(who)s saw a seña (made by: %(partner)s).",
                who=perspective.seat_label(observer),
                partner=perspective.seat_name(seat),
            )
            for observer in range(n)
            if not perspective.is_your_team(observer % 2)
            for seat in table.noticed_by(observer)
            if perspective.is_partner(seat)
        ]
        + [
            # Translators: at a table with partners; %(who)s is an opponent who saw the learner's seña (a signal to the partner).
            _("%(who)s caught your seña.", who=perspective.seat_label(observer))
            for observer in range(n)
            if not perspective.is_your_team(observer % 2) and me in table.noticed_by(observer)
        ]
        + [
            # Translators: the learner happened to see an opponent's seña (a signal to that opponent's partner); %(who)s
            # is the seat name of the opponent who made it, e.g. "the opponent on your left".
            _("You caught a seña (made by: %(who)s).", who=perspective.seat_name(seat))
            for seat in sorted(caught_here)
        ]
        if not view.is_over
        else []
    )
    us, them = me % 2, 1 - me % 2
    hint_data = None
    if show_hint and hint_for is not None and table.learner_to_act:
        found = hint_for(table)
        best_text = str(found.best).split(":", 1)[1]
        # A reason is shown only when the whole hand (the hidden cards too) backs every claim in it.
        backed = checked_reason(found.reason, table.hand, table.learner_seat, found.best)
        hint_data = {
            "advice": hint_advice(best_text, face, answering=_raises(found.best, view)),
            "best": action_label(best_text, face),
            "reason": hint_reason(backed, face, n) if backed is not None else None,
            "ranked": [
                {
                    "label": action_label(str(item.action).split(":", 1)[1], face),
                    "points": format_number(round(item.expected_points, 2)),
                    "chance": format_percent(item.equity),
                    "value": item.expected_points,
                }
                for item in found.ranked
            ],
        }
    hands_done = len(table.hands()) - (0 if table.hand.is_over else 1)
    return {
        "table": table,
        "view": view,
        "act_url": act_url,
        "hint_url": hint_url,
        "seats": boxes,
        "players": n,
        "me": me,
        "card_buttons": card_buttons,
        "other_buttons": other_buttons,
        "pending": pending,
        "timeline": timeline,
        "new_items": [item for item in timeline if item.new],
        "score_us": score_view(view.scores[us], view.target),
        "score_them": score_view(view.scores[them], view.target),
        "hand_number": table.hand_index + 1,
        "hand_value": view.hand_value if pica is None else pica["value"],
        "version": table.version,
        "my_turn": table.learner_to_act,
        "hand_over": view.is_over,
        "match_over": table.is_over,
        "we_won_match": table.match.winner == us if table.is_over else None,
        "two_players": n == 2,
        "error": error,
        "hint": hint_data,
        "hands_done": hands_done,
        "last_mine": last_mine,
        "rules": table.rules,
        "card_face": face,
        "caught": caught,
        "news": news,
        "news_kinds": {kind.value for kind in NEWS_KINDS},
        "pica": pica,
        "sena_choices": [
            {"value": x.value, "code": SENA_FACES[x.value], "text": sena_text(x)} for x in table.sena_choices()
        ]
        if senas
        else [],
        "sena_max": MAX_SENAS,  # besides the flor's: play.js disables the other boxes at this many
    }


def render_table(template: str, context: dict[str, Any], status: int = 200) -> Response:
    """``template`` (one that extends ``components/table.html``) as a page, or only its ``table`` block
    for an htmx swap, in which the moves since ``since`` appear one after another (``animate``)."""
    fragment = wants_fragment()
    return render_page_or_block(template, "table", status, fragment=fragment, **{**context, "animate": fragment})
