"""A table page for any feature: the learner and computer players at one :class:`~tutor.bots.table.Table`.

The play feature (whole matches) and the scripted practice hands draw the same table; since no
feature imports another, the table lives here: what it shows in :mod:`.view`, the replay of a
finished hand in :mod:`.replay`, the page in ``templates/components/table.html``, and in
:mod:`.controller` the protocol both features follow for a run (load with its owner, act, hint,
replay, compare-and-swap writes, the run's state kept per version).

A feature uses it in four steps:

1. **Build a table.** ``Table(rules, seed, level, log=...)`` for a match, or with ``deal=``,
   ``mano=``, ``scores=`` and ``policy=`` for a practice hand (its first hand is the fixed deal;
   the page works as well when only that one hand is ever played).
2. **Get the context.** ``table_context(table, face=card_face(), act_url=..., hint_url=...,
   hint_for=learner_hint, show_hint=..., since=..., error=...)``. ``act_url`` receives the forms
   of the learner's cards and calls (POST ``action`` and ``version``, the table's log length when
   the page was drawn); ``hint_url`` receives "What would a good player do?" (POST ``version``;
   None draws no hint button); ``hint_for(table)`` returns the :class:`~tutor.bots.Hint` shown when
   ``show_hint`` is true and it is the learner's turn. Add the feature's own values (its game or
   hand record, say) to the returned dict.
3. **Extend the template.** ``{% extends "components/table.html" %}`` and fill the blocks:
   ``hand_over`` (under the felt once the hand is over; ``{{ super() }}`` keeps the match result),
   ``side_top`` (a panel at the top of the side column, e.g. a coach's words), ``felt_note`` (a
   line in the middle of the felt, in view with the cards: a coach's latest words), ``footer`` (the last
   line of the table), ``heading`` (the title above the score; default "Hand N") and ``title``.
   The block ``table`` (the ``<section id="table">``) is what htmx swaps: keep everything that
   changes with a move inside it. The styles (``css/play.css``) are linked in every page's head
   and scoped to ``<div class="play-page">``, which the template draws around the table.
4. **Render.** ``render_table("feature/table.html", context, status)`` returns the page, or only
   the ``table`` block for an htmx swap (then the moves since ``since`` appear one by one).

After a hand is over, ``replay_hand(table, index)`` ranks each learner decision as the hint did
(plain data, worth storing: it is costly) and ``replay_steps(table, index, data, face)`` words the
replay for a page.
"""

from .replay import MATCH_TOLERANCE, replay_hand, replay_steps
from .view import HintFor, learner_hint, render_table, score_view, table_context

__all__ = [
    "HintFor",
    "MATCH_TOLERANCE",
    "learner_hint",
    "render_table",
    "replay_hand",
    "replay_steps",
    "score_view",
    "table_context",
]
