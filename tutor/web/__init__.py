"""The web layer: thin Flask views over ``tutor.engine`` and ``tutor.content``.

One package per feature (``core``, ``device``, ``envido``, ``api``, ``lessons``), each exposing its
blueprint ``bp`` (and ``init_app`` when it needs more, such as a menu entry), plus ``shared`` for what
they all use. ``tutor.create_app`` registers every blueprint; no feature imports another.
"""
