"""What every feature of the web layer shares: htmx helpers (:mod:`.htmx`), the menu (:mod:`.nav`),
security headers, sessions and CSRF (:mod:`.security`), compression, error pages, the learner store
(:mod:`.learner`) and its learning log (:mod:`.learning`: record an answer, read the attempts that
:mod:`tutor.learning` turns into stars, mastery and the review schedule), preferences, card names
and sprites (:mod:`.cards`), input readers (:mod:`.readers`), engine results told as sentences
(:mod:`.narration`) and the table page that the play and practice features draw (:mod:`.table`).

A feature package (``tutor.web.core``, ``tutor.web.lessons``, ...) imports from here, the engine, the
content, the models and :mod:`tutor.i18n`, never from another feature (tests/test_architecture.py).
Nothing here imports a feature.
"""
