"""Per question of a topic quiz set with the same questions for everyone (one seed): how many of the
class answered it, the share right, the most common wrong answers with the engine's word on that
mistake, a link that shows the question on the projector (the lessons' projector mode with the
question's own seed), and the same table as CSV.

Each pupil's first run of the quiz and seed since the assignment opened counts (later runs are
practice): :meth:`tutor.store.classroom.Classroom.first_quiz_runs`, one query for the class. An
answer is judged again by the engine from what the run kept (``decode_answer``), so the share right
and the wrong answers come from the same verdicts the pupil saw.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from flask import abort, url_for

from ...content import get_lesson
from ...content.checks import judge
from ...i18n import current_language, gettext as _
from ...learning.draw import Drawn, quiz_questions
from ...store import current_store
from ...store.classroom import Assignment, Member
from ..components.cards import game_face
from ..components.questions import answer_text, decode_answer, question_view
from ..shared.csv_export import csv_response, csv_text
from .blueprint import bp, own_class, teacher_only

WRONG_SHOWN = 3
"""Wrong answers shown per question, the most common first."""


@dataclass(frozen=True)
class Wrong:
    text: str
    count: int
    why: str
    """The engine's word on this mistake (the usual mistake, else the explanation of the right answer)."""


@dataclass(frozen=True)
class QuestionStats:
    number: int
    drawn: Drawn
    title: str
    answered: int
    right: int
    expected: str
    wrong: tuple[Wrong, ...]
    present_url: str

    @property
    def percent(self) -> int:
        return round(100 * self.right / self.answered) if self.answered else 0


def same_questions(assignment: Assignment) -> bool:
    return assignment.kind == "quiz" and assignment.seed is not None


def present_url(drawn: Drawn) -> str:
    """The lessons' projector mode on this question: its step, with the question's own seed."""
    lesson = get_lesson(drawn.lesson)
    number = next(n for n, step in enumerate(lesson.steps, start=1) if step.key == drawn.step.key)
    return url_for("lessons.present", key=lesson.key, number=number, seed=drawn.seed)


def _given(drawn: Drawn, entries: list[dict]) -> tuple[int, int, Counter[str], dict[str, str]]:
    face = game_face(drawn.game)  # the answers named as the question's game names its cards
    right, wrong, why = 0, Counter[str](), {}
    answered = 0
    for entry in entries:
        try:
            answer = decode_answer(drawn.question, entry["answer"])
        except (KeyError, TypeError, ValueError):  # an answer its question no longer reads (content changed)
            continue
        answered += 1
        verdict = judge(drawn.question, answer)
        if verdict.correct:
            right += 1
            continue
        text = answer_text(drawn.question, answer, face)
        wrong[text] += 1
        if text not in why:
            view = question_view(drawn.question, face, answer=answer, verdict=verdict)
            explanation = view.explanation
            why[text] = view.mistake or (" ".join([explanation.headline, *explanation.reasons]) if explanation else "")
    return answered, right, wrong, why


def question_stats(assignment: Assignment, members: list[Member]) -> list[QuestionStats]:
    """The per-question table of a same-seed quiz assignment ([] for any other)."""
    if not same_questions(assignment) or assignment.seed is None:
        return []
    try:
        drawn = quiz_questions(assignment.target, assignment.seed)
    except KeyError:  # a topic no longer in the app
        return []
    runs = current_store().classroom.first_quiz_runs(
        [m.learner_id for m in members], assignment.target, assignment.seed, assignment.opens
    )
    stats = []
    for index, current in enumerate(drawn):
        entries = [run.answers[index] for run in runs.values() if index < len(run.answers)]
        answered, right, wrong, why = _given(current, entries)
        ranked = sorted(wrong.items(), key=lambda item: (-item[1], item[0]))[:WRONG_SHOWN]
        stats.append(
            QuestionStats(
                number=index + 1,
                drawn=current,
                title=_(current.step.title),
                answered=answered,
                right=right,
                expected=answer_text(current.question, current.question.expected, game_face(current.game)),
                wrong=tuple(Wrong(text, count, why[text]) for text, count in ranked),
                present_url=present_url(current),
            )
        )
    return stats


def _chosen(found_id: int, aid: str) -> Assignment:
    chosen = next((a for a in current_store().classroom.assignments(found_id) if a.public_id == aid[:32]), None)
    if chosen is None or not same_questions(chosen):
        abort(404)
    return chosen


@bp.post("/teach/classes/<cid>/assignments/<aid>/questions.csv")
@teacher_only
def questions_csv(cid: str, aid: str):
    """The per-question table as CSV (a POST: CSRF-protected, like the class's export)."""
    found = own_class(cid)
    chosen = _chosen(found.id, aid)
    stats = question_stats(chosen, current_store().classroom.members(found.id))
    header = [
        _("Question"),
        _("Step"),
        _("Answered"),
        _("Right answers"),
        _("Share of answers right (%)"),
        _("Right answer"),
    ]
    header += [_("Most common wrong answer"), _("Times given"), _("Why it is wrong")]
    body = []
    for row in stats:
        first = row.wrong[0] if row.wrong else Wrong("", 0, "")
        body.append([row.number, row.title, row.answered, row.right, row.percent, row.expected])
        body[-1] += [first.text, first.count or "", first.why]
    return csv_response(csv_text(header, body, current_language()), f"questions-{chosen.public_id}.csv")
