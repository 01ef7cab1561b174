"""Engine results told as sentences for learners, in the current language: the one narrator of the
web pages, the JSON API and the command line.

The engine returns data (events, which cards counted, who spoke in the showdown, which rule fixed a
stake, why an action was refused) and never prose; this package words it. Import from here
(``from tutor.narration import narrate, Perspective``), not from the modules inside:

* :mod:`.perspective`: :class:`Perspective`, who "you", "your partner", "your team", "the opponent
  on your right" are for 2, 4 and 6 seats, from the learner's seat (or numbered, for an onlooker);
* :mod:`.events`: :func:`narrate`, one sentence per :class:`~tutor.engine.state.EventKind`;
* :mod:`.reasons`: :func:`error_message`, :func:`refusal_sentence` and :func:`refused_action`, every engine error reason;
* :mod:`.explain`: the envido, flor, showdown and stake explanations of the envido checker;
* :mod:`.words`: call names, Quiero / No quiero, points, card lists, calls formulas;
* :mod:`.cards`: card, suit and figure names for each card face;
* :mod:`.bots`: the computer players' reasons and señas (:mod:`tutor.bots`) in words.

A layer between the engine and the web: it imports the engine, the bots, Babel and the core of
:mod:`tutor.i18n`, and no Flask, Werkzeug, Jinja or ``tutor.web`` (tests/test_architecture.py
checks the imports and loads it in a fresh interpreter). Every function translates into
:func:`tutor.i18n.current_language`: the request's language on the web, or the one picked with
``with use_language("de"):`` anywhere else (the command line does that).
"""

from .events import SENTENCES, award_label, hand_rule_sentence, narrate
from .explain import (
    ExplanationText,
    VerdictText,
    explain_envido,
    explain_envido_stake,
    explain_flor,
    explain_flor_rules,
    explain_mazo,
    explain_showdown,
    explain_truco_stake,
    judge_envido_guess,
    team_values_text,
)
from .perspective import TABLE_SIZES, Perspective
from .reasons import Field, error_message, refusal_sentence, refused_action
from .words import answer_name, call_name, calls_formula, calls_text, card_list, join, number, points_text, sentence

__all__ = [
    "Perspective",
    "TABLE_SIZES",
    "narrate",
    "SENTENCES",
    "award_label",
    "hand_rule_sentence",
    "Field",
    "error_message",
    "refusal_sentence",
    "refused_action",
    "ExplanationText",
    "VerdictText",
    "explain_envido",
    "explain_flor",
    "judge_envido_guess",
    "explain_showdown",
    "team_values_text",
    "explain_envido_stake",
    "explain_truco_stake",
    "explain_mazo",
    "explain_flor_rules",
    "call_name",
    "answer_name",
    "calls_text",
    "calls_formula",
    "points_text",
    "card_list",
    "join",
    "number",
    "sentence",
]
