"""Scripted practice hands: one idea of a lesson played at a real table, with a coach.

URLs (all under ``/<lang>``):

* ``GET /practice``: every hand by lesson, with the learner's best stars.
* ``GET /practice/<key>``: the hand's idea and goal, the best stars, "Start" (``POST`` deals a fresh
  deal from the hand's pattern and redirects to the run), "Show me" and the projector.
* ``GET /practice/<key>/<run>``: the table, with the coach's messages beside it. ``POST`` with
  ``action`` and ``version`` plays the learner's action; the script and the hand's bot answer.
  A stale version changes nothing (409); an illegal or unreadable action is a 400 with the engine's
  reason. Once the hand is over: the verdict, the stars, "Try again", "Show me" and the review.
* ``POST /practice/<key>/<run>/hint``: "what would a good player do?" (counted once per decision;
  a hint costs the third star).
* ``GET /practice/<key>/<run>/review``: the finished hand replayed face up, each decision next to the hint's.
* ``GET /practice/<key>/show?seed=N&step=K``: the ideal line, move by move, with the coach's words.
* ``GET /practice/<key>/present?seed=N&step=K&faces=1``: the same for a projector: large cards, every
  seat face up when ``faces=1``, arrow keys step through it.

Every verdict, coach message and star comes from ``tutor.content.practice`` (the engine and the bots).
"""

from __future__ import annotations

import secrets
from typing import Any

from flask import Blueprint, Flask, abort, redirect, render_template, request, url_for

from ...bots.table import NEXT_HAND, Table
from ...content import Lesson, PracticeHand, all_hands, all_lessons, get_hand, get_lesson, hands_for
from ...content.practice import Practice
from ...i18n import LANG_PREFIX, current_language, gettext as _, lazy_gettext as _l, ngettext
from ...learning import practice_item
from ...store import PracticeRun, current_store
from ..components.cards import game_face
from ..components.table import learner_hint, render_table, replay_steps, table_context
from ..components.table.controller import TableController
from ..shared.extensions import LESSON_END_LINKS, LESSON_MAP_LINKS, LESSON_SUMMARY_SECTIONS, Link, LinkList
from ..shared.learner import current_learner, my_learner_id, remember
from ..shared.nav import Section, add_section
from ..shared.preferences import card_face
from ..shared.readers import MAX_SEED, parse_seed
from .coach import coach_items, verdict_lines
from .walk import walk_context

bp = Blueprint("practice", __name__, url_prefix=LANG_PREFIX)


def _spec(key: str) -> PracticeHand:
    try:
        return get_hand(key)
    except KeyError:
        abort(404)


def hand_face(spec: PracticeHand) -> str:
    """The card face of a hand's pages: its game's deck (Truco Mineiro: French), else the learner's."""
    return game_face(spec.rules.variant, card_face())


GAME_NAMES = {
    # Translators: the game of a practice hand, shown beside its title; keep "Truc" as it is.
    "catalan": _l("Catalan Truc"),
    # Translators: the game of a practice hand (the Truco of Minas Gerais, Brazil); keep the name.
    "mineiro": _l("Truco Mineiro"),
}
"""The games a practice hand names beside its title (an Argentine hand names none)."""


def game_name(spec: PracticeHand) -> str | None:
    """The name of the hand's game when it is not the Argentine one."""
    name = GAME_NAMES.get(spec.rules.variant)
    return str(name) if name is not None else None


def _learner_id() -> int | None:
    return my_learner_id()  # reading a page creates no learner


class PracticeTables(TableController[PracticeRun, Practice]):
    """The practice feature's runs at the table: a run is ``hand + seed + log``, one hand long."""

    kind = "practice"

    def runs(self):
        return current_store().practice

    def rebuild(self, run: PracticeRun) -> Practice:
        return Practice(get_hand(run.hand_key), run.seed, log=run.log)

    def table(self, state: Practice) -> Table:
        return state.table

    def render(
        self,
        run: PracticeRun,
        practice: Practice,
        status: int = 200,
        *,
        since: int | None = None,
        error: str | None = None,
        show_hint: bool = False,
    ):
        spec = practice.spec
        face = hand_face(spec)
        context = table_context(
            practice.table,
            face=face,
            act_url=url_for("practice.run", key=spec.key, run_id=run.public_id),
            hint_url=url_for("practice.ask_hint", key=spec.key, run_id=run.public_id),
            hint_for=learner_hint,
            show_hint=show_hint or bool(run.hint_pending),
            since=since,
            error=error,
        )
        verdict = practice.verdict()
        coach = coach_items(practice, since if since is not None and since < practice.table.version else None, face)
        context.update(
            spec=spec,
            run=run,
            coach=coach,
            new_coach=[c for c in coach if c["new"]],
            verdict=verdict,
            verdict_lines=verdict_lines(verdict, face),
            lesson=get_lesson(spec.lesson),
            next_hand=_next_hand(spec),
        )
        return render_table("practice/table.html", context, status)

    def url(self, run: PracticeRun, **args: Any) -> str:
        return url_for("practice.run", key=run.hand_key, run_id=run.public_id, **args)

    def hint_url(self, run: PracticeRun) -> str:
        return self.url(run, _anchor="hint")

    def refuse(self, run: PracticeRun, practice: Practice, text: str, drawn: int) -> tuple[int, str] | None:
        if drawn == practice.table.version and (practice.over or text == NEXT_HAND):
            # Translators: a practice hand is a single hand; "Try again" deals a new one.
            return 400, _("This practice hand is over. Use “Try again” for a new deal.")
        return None

    def save(self, run: PracticeRun, practice: Practice, drawn: int, text: str) -> bool:
        table = practice.table
        verdict = practice.verdict()
        if verdict is None:
            return self.runs().save(run, drawn, log=table.log(), version=table.version, hint_pending=False)
        # The hand's end and its attempt in the learning log are one transaction: written once, or not at all.
        return remember(
            self.runs().finish(
                run,
                drawn,
                log=table.log(),
                version=table.version,
                item=practice_item(run.hand_key),
                goal=verdict.goal,
                hinted=verdict.hinted or run.hints > 0,
                hint_pending=False,
                stars=verdict.stars,
            )
        )

    def stored_replay(self, run: PracticeRun, index: int) -> dict[str, Any] | None:
        return run.review

    def keep_replay(self, run: PracticeRun, index: int, data: dict[str, Any]) -> None:
        self.runs().keep(run, review=data)


TABLES = PracticeTables()


@bp.get("/practice")
def index():
    """Every practice hand, by lesson, with the learner's best stars."""
    stars = current_store().practice.best_stars(_learner_id())
    groups = []
    for lesson in all_lessons():
        specs = [spec for spec in all_hands() if spec.lesson == lesson.key]
        if specs:
            hands = [{"spec": s, "stars": stars.get(s.key, 0), "game": game_name(s)} for s in specs]
            groups.append(
                {
                    "lesson": lesson,
                    "hands": hands,  # the section is drawn once per such key:
                    "cache_key": (
                        request.script_root,
                        current_language(),
                        lesson.key,
                        tuple((h["spec"].key, h["stars"]) for h in hands),
                    ),
                }
            )
    return render_template(
        "practice/index.html", groups=groups, earned=sum(stars.values()), possible=3 * len(all_hands())
    )


@bp.route("/practice/<key>", methods=["GET", "POST"])
def hand(key: str):
    """The hand's idea and goal; POST starts a run on a fresh deal."""
    spec = _spec(key)
    if request.method == "POST":
        seed = 0 if spec.fixed else secrets.randbelow(MAX_SEED)
        practice = Practice(spec, seed)
        run = current_store().practice.create(
            current_learner().id, hand_key=spec.key, seed=seed, log=practice.log(), version=practice.table.version
        )
        TABLES.keep(run, practice)
        return redirect(url_for("practice.run", key=key, run_id=run.public_id), code=303)
    learner_id = _learner_id()
    lesson = get_lesson(spec.lesson)
    siblings = [s for s in all_hands() if s.lesson == spec.lesson]
    position = siblings.index(spec)
    return render_template(
        "practice/hand.html",
        spec=spec,
        lesson=lesson,
        stars=current_store().practice.best_stars(learner_id).get(key, 0),
        open_run=current_store().practice.first(learner_id, hand_key=spec.key, stars=None),
        number=position + 1,
        count=len(siblings),
        game=game_name(spec),
    )


def _read_version(text: str | None) -> int | None:
    if text is None or not text.isascii() or not text.isdigit() or len(text) > 6:
        return None
    return int(text)


def _next_hand(spec: PracticeHand) -> PracticeHand | None:
    hands = all_hands()
    position = hands.index(spec)
    return hands[position + 1] if position + 1 < len(hands) else None


@bp.route("/practice/<key>/<run_id>", methods=["GET", "POST"])
def run(key: str, run_id: str):
    """The table of one run; POST plays the learner's action."""
    spec = _spec(key)
    found = TABLES.load(run_id, hand_key=spec.key)
    if request.method == "GET":
        return TABLES.get(found, since=_read_version(request.args.get("since")))
    return TABLES.act(found, request.form.get("action", ""), request.form.get("version"))


@bp.post("/practice/<key>/<run_id>/hint")
def ask_hint(key: str, run_id: str):
    """A hint for the learner's decision (counted once per decision)."""
    spec = _spec(key)
    return TABLES.hint(TABLES.load(run_id, hand_key=spec.key), request.form.get("version"))


@bp.get("/practice/<key>/<run_id>/review")
def replay(key: str, run_id: str):
    """The finished hand, face up, with the hint's ranking at each of the learner's decisions."""
    spec = _spec(key)
    found = TABLES.load(run_id, hand_key=spec.key)
    practice = TABLES.state(found)
    if not practice.over:
        TABLES.keep(found, practice)
        abort(404)
    data = TABLES.replay(found, practice, 0)
    face = hand_face(spec)
    steps = replay_steps(practice.table, 0, data, face)
    for step, entry in zip(steps, practice.entries(), strict=False):
        if entry.by == "script":
            # Translators: in the review of a practice hand, next to a move the lesson's script made.
            step["reason"] = _("This move is part of the practice hand: it sets up what the hand teaches.")
    page = render_template(
        "practice/replay.html",
        spec=spec,
        run=found,
        replay=data,
        steps=steps,
        verdict=practice.verdict(),
        hand=practice.hand,
        card_face=face,
    )
    TABLES.keep(found, practice)
    return page


def _walk(key: str, template: str):
    spec = _spec(key)
    seed = parse_seed(request.args.get("seed"))
    if seed is None:
        seed = 0 if spec.fixed else secrets.randbelow(MAX_SEED)
        args: dict[str, Any] = {k: v for k, v in request.args.items() if k != "seed"}
        assert request.endpoint is not None  # a routed request
        return redirect(url_for(request.endpoint, key=key, seed=seed, **args), code=302)
    step = _read_version(request.args.get("step")) or 0
    faces = request.args.get("faces") == "1"
    face = hand_face(spec)
    context = walk_context(spec, seed, step, face=face, faces=faces)
    return render_template(template, lesson=get_lesson(spec.lesson), card_face=face, **context)


@bp.get("/practice/<key>/show")
def show(key: str):
    """'Show me': the ideal line, move by move, with the coach's words."""
    return _walk(key, "practice/show.html")


@bp.get("/practice/<key>/present")
def present(key: str):
    """Projector mode: the ideal line, large, every seat face up on request, arrow keys to step."""
    return _walk(key, "practice/present.html")


# --- What the lesson pages show of the practice hands (tutor.web.shared.extensions) -------------------


def lesson_map_link(lesson: Lesson) -> Link | None:
    """On the lesson's card in the map: "3 practice hands", to the lesson's hands in the list."""
    hands = hands_for(lesson.key)
    if not hands:
        return None
    return Link(
        url_for("practice.index", _anchor=f"lesson-{lesson.key}"),
        ngettext("%(num)s practice hand", "%(num)s practice hands", len(hands)),
    )


def lesson_end_link(lesson: Lesson) -> Link | None:
    """On the lesson's last step: an invitation to play the lesson at the table."""
    hands = hands_for(lesson.key)
    if not hands:
        return None
    return Link(
        url_for("practice.index", _anchor=f"lesson-{lesson.key}"),
        ngettext(
            "Play this lesson at the table: %(num)s practice hand",
            "Play this lesson at the table: %(num)s practice hands",
            len(hands),
        ),
    )


def lesson_summary_section(lesson: Lesson) -> LinkList | None:
    """On the lesson's summary page: each of its hands, by title."""
    hands = hands_for(lesson.key)
    if not hands:
        return None
    return LinkList(
        _("Play it at the table"),
        tuple(Link(url_for("practice.hand", key=spec.key), _(spec.title)) for spec in hands),
        css_class="lesson-practice",
    )


def init_app(app: Flask) -> None:
    """The practice hands' place in the menu and their links on the lesson pages (``create_app``
    registers ``bp``); every hand file is loaded and its ideal line checked now, so a broken file
    stops the start with its name and key."""
    all_hands()
    LESSON_MAP_LINKS.register(app, lesson_map_link)
    LESSON_END_LINKS.register(app, lesson_end_link)
    LESSON_SUMMARY_SECTIONS.register(app, lesson_summary_section)
    add_section(
        app,
        Section(
            "practice.index",
            _l("Practice"),
            _l("Guided hands at the table: each puts one idea of a lesson into play, with a coach."),
            order=12,
        ),
    )
