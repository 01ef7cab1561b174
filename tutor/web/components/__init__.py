"""Reusable UI models that several features draw: the questions of every check kind
(:mod:`.questions`), the table of play and practice (:mod:`.table`) and the card drawings (:mod:`.cards`).

A component imports the engine, the content, the narration and :mod:`tutor.web.shared` (plumbing), never
a feature (tests/test_architecture.py).
"""
