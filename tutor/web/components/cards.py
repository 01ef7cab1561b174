"""Card drawings: the sprite symbols the card macros draw, and the card helpers every template can use.

The drawings are the project's own, in ``tutor/static/cards.svg`` (Spanish suits) and
``tutor/static/cards-french.svg`` (French suits), built by ``tools/build_cards_svg.py``.
``templates/components/_cards.html`` renders one card as a small inline ``<svg role="img">`` that
``<use>``s the card's symbol, with :func:`tutor.narration.cards.card_name` as its text alternative.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import Flask

from tutor.engine.cards import Card
from tutor.engine.rules import find_variant
from tutor.narration.cards import FACES, _face, as_card, card_back_name, card_name, figure_name, suit_name

from ..shared.preferences import card_face

__all__ = [
    "FACES",
    "SPRITES",
    "CardView",
    "as_card",
    "card_back_name",
    "card_name",
    "card_view",
    "figure_name",
    "game_face",
    "init_app",
    "sprite_file",
    "suit_name",
]

SPRITES: dict[str, str] = {"spanish": "cards.svg", "french": "cards-french.svg"}
"""Static file (under ``tutor/static``) holding each face's drawings."""

_SYMBOL_PREFIX = {"spanish": "s", "french": "f"}


@dataclass(frozen=True, slots=True)
class CardView:
    """What a card macro needs to draw one card."""

    notation: str
    """The compact notation, e.g. ``7o`` (for ``data-card``)."""
    name: str
    """The translated text alternative."""
    sprite: str
    """Static file name of the sprite."""
    symbol: str
    """Symbol id inside the sprite, e.g. ``s7o``."""


def card_view(card: Card | str, face: str | None = None) -> CardView:
    """Everything the ``card`` macro needs for one card on one face."""
    card = as_card(card)
    face = _face(face)
    return CardView(card.notation, card_name(card, face), SPRITES[face], f"{_SYMBOL_PREFIX[face]}{card.notation}")


def game_face(game: str | None, face: str | None = None) -> str:
    """The card face to draw a game's cards with: the deck the game declares (``Variant.deck``:
    Truco Mineiro is always French), else ``face``, the learner's choice (by default the request's
    ``card_face`` cookie). ``game`` is a preset name (``rules.variant``, a lesson's ``game``, a
    quiz question's ``Drawn.game``); None for no game in particular.

    >>> game_face("mineiro", "spanish"), game_face("catalan", "french"), game_face(None, "spanish")
    ('french', 'french', 'spanish')
    """
    deck = find_variant(game).deck if game is not None else None
    return deck or face or card_face()


def sprite_file(face: str | None = None) -> str:
    """Static file name of a face's sprite (the back is in both)."""
    return SPRITES[_face(face)]


def init_app(app: Flask) -> None:
    """Make the card helpers available in every template."""
    app.jinja_env.globals.update(
        card_name=card_name,
        suit_name=suit_name,
        figure_name=figure_name,
        card_back_name=card_back_name,
        card_view=card_view,
        card_sprite=sprite_file,
    )
