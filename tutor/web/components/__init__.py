"""Reusable UI models that several features draw, each with its templates in ``templates/components/``:

* :mod:`.questions`: the question of every check kind, its situation, answer texts and explanation
  (``components/_question.html``), for the lessons, the quizzes and the review;
* :mod:`.table`: the table of play and practice, its review of a finished hand
  (``components/table.html``, extended by ``play/table.html`` and ``practice/table.html``);
* :mod:`.cards`: the card drawings and the card helpers of every template (``card_view()``,
  ``card_name()``, ...; the macros in ``components/_cards.html``).

The middle layer of ``tutor.web``: a component imports the engine, the content, the bots, the narration,
:mod:`tutor.i18n` and :mod:`tutor.web.shared` (plumbing), never a feature; ``shared`` never imports a
component; the components' templates use only the template globals of the components and of
``shared`` (tests/test_architecture.py).
"""
