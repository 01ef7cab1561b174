"""The web layer: thin Flask views over ``tutor.engine`` and ``tutor.content``, in three layers.

``shared`` is the plumbing (htmx, menu, extension points, security, errors, the learner store),
``components`` the UI models several features draw (questions, the table, the cards), and then one
package per feature (``core``, ``lessons``, ``envido``, ``api``, ...), each exposing its blueprint
``bp`` (and ``init_app`` when it needs more, such as a menu entry or a contribution to another
feature's page through :mod:`.shared.extensions`). ``tutor.create_app`` registers every blueprint;
no feature imports another (tests/test_architecture.py).
"""
