"""The questions of the check kinds, shown on any page: lessons, quizzes, the review of mistakes,
printable worksheets.

A check kind lives in one place on each side: ``tutor.content.checks`` makes its questions (typed
situation and explanation values, the engine's answer), and here one presenter per family of kinds
shows them (:mod:`.presenters`, looked up by the kind's name). A page builds a
:class:`QuestionView` with :func:`question_view` and hands it to the partials of
``templates/components/_question.html``::

    from tutor.web.components.questions import question_view
    view = question_view(question, card_face())                                  # to ask it
    view = question_view(question, face, answer=answer, verdict=verdict)         # after an answer
    view = question_view(question, face, submitted=request.form)                 # unreadable form back
    view = question_view(question, face, reveal=True)                            # answer key
    render_template("...", q=view)   # {% import "components/_question.html" as questions with context %}

    posted = read_answer(question)   # a posted answer form: Posted (answer, verdict, token) or Unreadable

Modules: :mod:`.presenters` (one presenter per kind family and the registry), :mod:`.situation`
(the situation views and option views), :mod:`.explain` (the sentences of every explanation type),
:mod:`.text` (option labels, answers in words, form errors), :mod:`.view` (the whole page's view),
:mod:`.answer` (an answer form read and judged, the same way on every page).
"""

from .answer import Posted, Unreadable, read_answer
from .explain import EXPLAINERS, explain
from .presenters import PRESENTERS, Presenter, presenter_for
from .situation import CardItem, CardRow, OptionView, SeatItem, SenaItem, SituationView, answer_values, option_views
from .stored import decode_answer, encode_answer
from .text import OPTION_LABELS, already_counted, answer_error_message, answer_text, option_label, order_groups
from .view import QuestionView, question_view

__all__ = [
    "Posted",
    "Unreadable",
    "read_answer",
    "decode_answer",
    "encode_answer",
    "QuestionView",
    "question_view",
    "Presenter",
    "PRESENTERS",
    "presenter_for",
    "EXPLAINERS",
    "explain",
    "SituationView",
    "CardRow",
    "CardItem",
    "SeatItem",
    "SenaItem",
    "OptionView",
    "option_views",
    "answer_values",
    "OPTION_LABELS",
    "option_label",
    "answer_text",
    "answer_error_message",
    "already_counted",
    "order_groups",
]
