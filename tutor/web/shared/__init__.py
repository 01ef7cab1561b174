"""What every feature of the web layer shares: htmx helpers (:mod:`.htmx`), the menu (:mod:`.nav`),
security headers, sessions and CSRF (:mod:`.security`), compression, error pages, the learner of the
request (:mod:`.learner`: read once per request from :mod:`tutor.store`, with its progress, and the
request's answers appended to the learning log), the topics' names (:mod:`.topics`), preferences, card names
and sprites (:mod:`.cards`), input readers (:mod:`.readers`), engine results told as sentences
(:mod:`.narration`) and the table page that the play and practice features draw (:mod:`.table`).

A feature package (``tutor.web.core``, ``tutor.web.lessons``, ...) imports from here, the engine, the
content, the store and :mod:`tutor.i18n`, never from another feature (tests/test_architecture.py).
Nothing here imports a feature.
"""
