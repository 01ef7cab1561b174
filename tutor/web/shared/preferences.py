"""Learner preferences kept in plain cookies: the card face (Spanish or French suits).

The cookie holds only a known value; anything else counts as the default. Templates get
``card_face`` (read by the card macros) and ``card_faces`` (the choices).
"""

from __future__ import annotations

from typing import Any

from flask import Flask, current_app, request
from flask.wrappers import Response

from .security import cookie_secure

CARD_FACE_COOKIE = "card_face"


def card_faces() -> tuple[str, ...]:
    """The card faces on offer; the first is the default."""
    return tuple(current_app.config["CARD_FACES"])


def card_face() -> str:
    """The learner's card face from the cookie, or the default."""
    value = request.cookies.get(CARD_FACE_COOKIE, "")
    faces = card_faces()
    return value if value in faces else faces[0]


def set_card_face(response: Response, face: str) -> Response:
    """Remember ``face`` (one of ``card_faces()``) in the cookie."""
    if face not in card_faces():
        raise ValueError(f"unknown card face {face!r}")
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    response.set_cookie(
        CARD_FACE_COOKIE,
        face,
        max_age=app.config["PREFERENCE_COOKIE_MAX_AGE"],
        secure=cookie_secure(app),
        httponly=True,
        samesite="Lax",
    )
    return response


def _context() -> dict[str, Any]:
    return {"card_face": card_face(), "card_faces": card_faces()}


def init_app(app: Flask) -> None:
    """Provide ``card_face`` to every template."""
    app.context_processor(_context)
