"""Card and suit names in the current language (the text alternatives of the card drawings).

The sprites that draw the cards are a web component: :mod:`tutor.web.components.cards`.

The drawings are the project's own, in ``tutor/static/cards.svg`` (Spanish suits) and
``tutor/static/cards-french.svg`` (French suits), built by ``tools/build_cards_svg.py``.
``templates/components/_cards.html`` renders one card as a small inline ``<svg role="img">`` that
``<use>``s the card's symbol, with :func:`card_name` as its text alternative.

Names: each of the 40 cards has its own whole-name message (context ``card``), so every language
can write its natural form ("siete de oros", "Münzen-Sieben", "myntsjua", "siódemka monet")
instead of gluing a rank to a suit. The Spanish card is the truth of the game; on the French
face the text alternative names what the learner sees ("seven of diamonds", context
``french card``), because a screen reader user and a sighted user should hear and see the
same card. The card's notation (``7o``) is in the ``data-card`` attribute for tests and scripts.

An unknown face (a stale cookie, a typo) falls back to the Spanish face rather than failing.
"""

from __future__ import annotations

from collections.abc import Callable

from tutor.engine.cards import Card, Suit
from tutor.i18n import pgettext

FACES: tuple[str, ...] = ("spanish", "french")
"""The card faces the macros can draw; the first is the default."""


# One entry per card, keyed by notation. The lambdas keep the msgids visible to the extractor
# while translating at call time, in the request's language.
_SPANISH_NAMES: dict[str, Callable[[], str]] = {
    # Translators: card name, Spanish "as de espadas". In Truco "el ancho de espadas", the strongest card.
    # The suit in the rule texts: de Schwerter ("Schwert-Ass"), sv svärd ("svärdsess"), pl miecze ("jedynka mieczy").
    "1e": lambda: pgettext("card", "ace of swords"),
    # Translators: card name, Spanish "dos de espadas".
    # The suit in the rule texts: de Schwerter ("Schwert-Ass"), sv svärd ("svärdsess"), pl miecze ("jedynka mieczy").
    "2e": lambda: pgettext("card", "two of swords"),
    # Translators: card name, Spanish "tres de espadas".
    # The suit in the rule texts: de Schwerter ("Schwert-Ass"), sv svärd ("svärdsess"), pl miecze ("jedynka mieczy").
    "3e": lambda: pgettext("card", "three of swords"),
    # Translators: card name, Spanish "cuatro de espadas".
    # The suit in the rule texts: de Schwerter ("Schwert-Ass"), sv svärd ("svärdsess"), pl miecze ("jedynka mieczy").
    "4e": lambda: pgettext("card", "four of swords"),
    # Translators: card name, Spanish "cinco de espadas".
    # The suit in the rule texts: de Schwerter ("Schwert-Ass"), sv svärd ("svärdsess"), pl miecze ("jedynka mieczy").
    "5e": lambda: pgettext("card", "five of swords"),
    # Translators: card name, Spanish "seis de espadas".
    # The suit in the rule texts: de Schwerter ("Schwert-Ass"), sv svärd ("svärdsess"), pl miecze ("jedynka mieczy").
    "6e": lambda: pgettext("card", "six of swords"),
    # Translators: card name, Spanish "siete de espadas". One of the four matas.
    # The suit in the rule texts: de Schwerter ("Schwert-Ass"), sv svärd ("svärdsess"), pl miecze ("jedynka mieczy").
    "7e": lambda: pgettext("card", "seven of swords"),
    # Translators: card name, Spanish "sota de espadas" (sota: the 10).
    # The suit in the rule texts: de Schwerter ("Schwert-Ass"), sv svärd ("svärdsess"), pl miecze ("jedynka mieczy").
    "10e": lambda: pgettext("card", "jack of swords"),
    # Translators: card name, Spanish "caballo de espadas" (caballo: the 11, a knight on horseback).
    # The suit in the rule texts: de Schwerter ("Schwert-Ass"), sv svärd ("svärdsess"), pl miecze ("jedynka mieczy").
    "11e": lambda: pgettext("card", "knight of swords"),
    # Translators: card name, Spanish "rey de espadas" (rey: the 12).
    # The suit in the rule texts: de Schwerter ("Schwert-Ass"), sv svärd ("svärdsess"), pl miecze ("jedynka mieczy").
    "12e": lambda: pgettext("card", "king of swords"),
    # Translators: card name, Spanish "as de bastos". In Truco "el ancho de bastos", the second strongest card.
    # The suit in the rule texts: de Stäbe ("Stab-Ass"), sv klubbor ("klubbfyra"), pl buławy.
    "1b": lambda: pgettext("card", "ace of clubs"),
    # Translators: card name, Spanish "dos de bastos".
    # The suit in the rule texts: de Stäbe ("Stab-Ass"), sv klubbor ("klubbfyra"), pl buławy.
    "2b": lambda: pgettext("card", "two of clubs"),
    # Translators: card name, Spanish "tres de bastos".
    # The suit in the rule texts: de Stäbe ("Stab-Ass"), sv klubbor ("klubbfyra"), pl buławy.
    "3b": lambda: pgettext("card", "three of clubs"),
    # Translators: card name, Spanish "cuatro de bastos".
    # The suit in the rule texts: de Stäbe ("Stab-Ass"), sv klubbor ("klubbfyra"), pl buławy.
    "4b": lambda: pgettext("card", "four of clubs"),
    # Translators: card name, Spanish "cinco de bastos".
    # The suit in the rule texts: de Stäbe ("Stab-Ass"), sv klubbor ("klubbfyra"), pl buławy.
    "5b": lambda: pgettext("card", "five of clubs"),
    # Translators: card name, Spanish "seis de bastos".
    # The suit in the rule texts: de Stäbe ("Stab-Ass"), sv klubbor ("klubbfyra"), pl buławy.
    "6b": lambda: pgettext("card", "six of clubs"),
    # Translators: card name, Spanish "siete de bastos".
    # The suit in the rule texts: de Stäbe ("Stab-Ass"), sv klubbor ("klubbfyra"), pl buławy.
    "7b": lambda: pgettext("card", "seven of clubs"),
    # Translators: card name, Spanish "sota de bastos" (sota: the 10).
    # The suit in the rule texts: de Stäbe ("Stab-Ass"), sv klubbor ("klubbfyra"), pl buławy.
    "10b": lambda: pgettext("card", "jack of clubs"),
    # Translators: card name, Spanish "caballo de bastos" (caballo: the 11, a knight on horseback).
    # The suit in the rule texts: de Stäbe ("Stab-Ass"), sv klubbor ("klubbfyra"), pl buławy.
    "11b": lambda: pgettext("card", "knight of clubs"),
    # Translators: card name, Spanish "rey de bastos" (rey: the 12).
    # The suit in the rule texts: de Stäbe ("Stab-Ass"), sv klubbor ("klubbfyra"), pl buławy.
    "12b": lambda: pgettext("card", "king of clubs"),
    # Translators: card name, Spanish "as de oros".
    # The suit in the rule texts: de Münzen ("Münzen-Sieben"), sv mynt ("myntsjua"), pl monety ("siódemka monet").
    "1o": lambda: pgettext("card", "ace of coins"),
    # Translators: card name, Spanish "dos de oros".
    # The suit in the rule texts: de Münzen ("Münzen-Sieben"), sv mynt ("myntsjua"), pl monety ("siódemka monet").
    "2o": lambda: pgettext("card", "two of coins"),
    # Translators: card name, Spanish "tres de oros".
    # The suit in the rule texts: de Münzen ("Münzen-Sieben"), sv mynt ("myntsjua"), pl monety ("siódemka monet").
    "3o": lambda: pgettext("card", "three of coins"),
    # Translators: card name, Spanish "cuatro de oros".
    # The suit in the rule texts: de Münzen ("Münzen-Sieben"), sv mynt ("myntsjua"), pl monety ("siódemka monet").
    "4o": lambda: pgettext("card", "four of coins"),
    # Translators: card name, Spanish "cinco de oros".
    # The suit in the rule texts: de Münzen ("Münzen-Sieben"), sv mynt ("myntsjua"), pl monety ("siódemka monet").
    "5o": lambda: pgettext("card", "five of coins"),
    # Translators: card name, Spanish "seis de oros".
    # The suit in the rule texts: de Münzen ("Münzen-Sieben"), sv mynt ("myntsjua"), pl monety ("siódemka monet").
    "6o": lambda: pgettext("card", "six of coins"),
    # Translators: card name, Spanish "siete de oros". One of the four matas.
    # The suit in the rule texts: de Münzen ("Münzen-Sieben"), sv mynt ("myntsjua"), pl monety ("siódemka monet").
    "7o": lambda: pgettext("card", "seven of coins"),
    # Translators: card name, Spanish "sota de oros" (sota: the 10).
    # The suit in the rule texts: de Münzen ("Münzen-Sieben"), sv mynt ("myntsjua"), pl monety ("siódemka monet").
    "10o": lambda: pgettext("card", "jack of coins"),
    # Translators: card name, Spanish "caballo de oros" (caballo: the 11, a knight on horseback).
    # The suit in the rule texts: de Münzen ("Münzen-Sieben"), sv mynt ("myntsjua"), pl monety ("siódemka monet").
    "11o": lambda: pgettext("card", "knight of coins"),
    # Translators: card name, Spanish "rey de oros" (rey: the 12).
    # The suit in the rule texts: de Münzen ("Münzen-Sieben"), sv mynt ("myntsjua"), pl monety ("siódemka monet").
    "12o": lambda: pgettext("card", "king of coins"),
    # Translators: card name, Spanish "as de copas".
    # The suit in the rule texts: de Becher, sv bägare ("bägartrea"), pl puchary.
    "1c": lambda: pgettext("card", "ace of cups"),
    # Translators: card name, Spanish "dos de copas".
    # The suit in the rule texts: de Becher, sv bägare ("bägartrea"), pl puchary.
    "2c": lambda: pgettext("card", "two of cups"),
    # Translators: card name, Spanish "tres de copas".
    # The suit in the rule texts: de Becher, sv bägare ("bägartrea"), pl puchary.
    "3c": lambda: pgettext("card", "three of cups"),
    # Translators: card name, Spanish "cuatro de copas".
    # The suit in the rule texts: de Becher, sv bägare ("bägartrea"), pl puchary.
    "4c": lambda: pgettext("card", "four of cups"),
    # Translators: card name, Spanish "cinco de copas".
    # The suit in the rule texts: de Becher, sv bägare ("bägartrea"), pl puchary.
    "5c": lambda: pgettext("card", "five of cups"),
    # Translators: card name, Spanish "seis de copas".
    # The suit in the rule texts: de Becher, sv bägare ("bägartrea"), pl puchary.
    "6c": lambda: pgettext("card", "six of cups"),
    # Translators: card name, Spanish "siete de copas".
    # The suit in the rule texts: de Becher, sv bägare ("bägartrea"), pl puchary.
    "7c": lambda: pgettext("card", "seven of cups"),
    # Translators: card name, Spanish "sota de copas" (sota: the 10).
    # The suit in the rule texts: de Becher, sv bägare ("bägartrea"), pl puchary.
    "10c": lambda: pgettext("card", "jack of cups"),
    # Translators: card name, Spanish "caballo de copas" (caballo: the 11, a knight on horseback).
    # The suit in the rule texts: de Becher, sv bägare ("bägartrea"), pl puchary.
    "11c": lambda: pgettext("card", "knight of cups"),
    # Translators: card name, Spanish "rey de copas" (rey: the 12).
    # The suit in the rule texts: de Becher, sv bägare ("bägartrea"), pl puchary.
    "12c": lambda: pgettext("card", "king of cups"),
}

_FRENCH_NAMES: dict[str, Callable[[], str]] = {
    # Translators: the French-suited card A♠ (it stands for the Spanish "as de espadas").
    # Use the usual name of the French card: de Pik, sv spader, pl pik ("as pik").
    "1e": lambda: pgettext("french card", "ace of spades"),
    # Translators: the French-suited card 2♠ (it stands for the Spanish "dos de espadas").
    # Use the usual name of the French card: de Pik, sv spader, pl pik ("as pik").
    "2e": lambda: pgettext("french card", "two of spades"),
    # Translators: the French-suited card 3♠ (it stands for the Spanish "tres de espadas").
    # Use the usual name of the French card: de Pik, sv spader, pl pik ("as pik").
    "3e": lambda: pgettext("french card", "three of spades"),
    # Translators: the French-suited card 4♠ (it stands for the Spanish "cuatro de espadas").
    # Use the usual name of the French card: de Pik, sv spader, pl pik ("as pik").
    "4e": lambda: pgettext("french card", "four of spades"),
    # Translators: the French-suited card 5♠ (it stands for the Spanish "cinco de espadas").
    # Use the usual name of the French card: de Pik, sv spader, pl pik ("as pik").
    "5e": lambda: pgettext("french card", "five of spades"),
    # Translators: the French-suited card 6♠ (it stands for the Spanish "seis de espadas").
    # Use the usual name of the French card: de Pik, sv spader, pl pik ("as pik").
    "6e": lambda: pgettext("french card", "six of spades"),
    # Translators: the French-suited card 7♠ (it stands for the Spanish "siete de espadas").
    # Use the usual name of the French card: de Pik, sv spader, pl pik ("as pik").
    "7e": lambda: pgettext("french card", "seven of spades"),
    # Translators: the French-suited card J♠ (it stands for the Spanish "sota de espadas").
    # Use the usual name of the French card: de Pik, sv spader, pl pik ("as pik").
    "10e": lambda: pgettext("french card", "jack of spades"),
    # Translators: the French-suited card Q♠ (it stands for the Spanish "caballo de espadas").
    # Use the usual name of the French card: de Pik, sv spader, pl pik ("as pik").
    "11e": lambda: pgettext("french card", "queen of spades"),
    # Translators: the French-suited card K♠ (it stands for the Spanish "rey de espadas").
    # Use the usual name of the French card: de Pik, sv spader, pl pik ("as pik").
    "12e": lambda: pgettext("french card", "king of spades"),
    # Translators: the French-suited card A♣ (it stands for the Spanish "as de bastos").
    # Use the usual name of the French card: de Kreuz, sv klöver, pl trefl ("czwórka trefl").
    "1b": lambda: pgettext("french card", "ace of clubs"),
    # Translators: the French-suited card 2♣ (it stands for the Spanish "dos de bastos").
    # Use the usual name of the French card: de Kreuz, sv klöver, pl trefl ("czwórka trefl").
    "2b": lambda: pgettext("french card", "two of clubs"),
    # Translators: the French-suited card 3♣ (it stands for the Spanish "tres de bastos").
    # Use the usual name of the French card: de Kreuz, sv klöver, pl trefl ("czwórka trefl").
    "3b": lambda: pgettext("french card", "three of clubs"),
    # Translators: the French-suited card 4♣ (it stands for the Spanish "cuatro de bastos").
    # Use the usual name of the French card: de Kreuz, sv klöver, pl trefl ("czwórka trefl").
    "4b": lambda: pgettext("french card", "four of clubs"),
    # Translators: the French-suited card 5♣ (it stands for the Spanish "cinco de bastos").
    # Use the usual name of the French card: de Kreuz, sv klöver, pl trefl ("czwórka trefl").
    "5b": lambda: pgettext("french card", "five of clubs"),
    # Translators: the French-suited card 6♣ (it stands for the Spanish "seis de bastos").
    # Use the usual name of the French card: de Kreuz, sv klöver, pl trefl ("czwórka trefl").
    "6b": lambda: pgettext("french card", "six of clubs"),
    # Translators: the French-suited card 7♣ (it stands for the Spanish "siete de bastos").
    # Use the usual name of the French card: de Kreuz, sv klöver, pl trefl ("czwórka trefl").
    "7b": lambda: pgettext("french card", "seven of clubs"),
    # Translators: the French-suited card J♣ (it stands for the Spanish "sota de bastos").
    # Use the usual name of the French card: de Kreuz, sv klöver, pl trefl ("czwórka trefl").
    "10b": lambda: pgettext("french card", "jack of clubs"),
    # Translators: the French-suited card Q♣ (it stands for the Spanish "caballo de bastos").
    # Use the usual name of the French card: de Kreuz, sv klöver, pl trefl ("czwórka trefl").
    "11b": lambda: pgettext("french card", "queen of clubs"),
    # Translators: the French-suited card K♣ (it stands for the Spanish "rey de bastos").
    # Use the usual name of the French card: de Kreuz, sv klöver, pl trefl ("czwórka trefl").
    "12b": lambda: pgettext("french card", "king of clubs"),
    # Translators: the French-suited card A♦ (it stands for the Spanish "as de oros").
    # Use the usual name of the French card: de Karo, sv ruter, pl karo ("siódemka karo").
    "1o": lambda: pgettext("french card", "ace of diamonds"),
    # Translators: the French-suited card 2♦ (it stands for the Spanish "dos de oros").
    # Use the usual name of the French card: de Karo, sv ruter, pl karo ("siódemka karo").
    "2o": lambda: pgettext("french card", "two of diamonds"),
    # Translators: the French-suited card 3♦ (it stands for the Spanish "tres de oros").
    # Use the usual name of the French card: de Karo, sv ruter, pl karo ("siódemka karo").
    "3o": lambda: pgettext("french card", "three of diamonds"),
    # Translators: the French-suited card 4♦ (it stands for the Spanish "cuatro de oros").
    # Use the usual name of the French card: de Karo, sv ruter, pl karo ("siódemka karo").
    "4o": lambda: pgettext("french card", "four of diamonds"),
    # Translators: the French-suited card 5♦ (it stands for the Spanish "cinco de oros").
    # Use the usual name of the French card: de Karo, sv ruter, pl karo ("siódemka karo").
    "5o": lambda: pgettext("french card", "five of diamonds"),
    # Translators: the French-suited card 6♦ (it stands for the Spanish "seis de oros").
    # Use the usual name of the French card: de Karo, sv ruter, pl karo ("siódemka karo").
    "6o": lambda: pgettext("french card", "six of diamonds"),
    # Translators: the French-suited card 7♦ (it stands for the Spanish "siete de oros").
    # Use the usual name of the French card: de Karo, sv ruter, pl karo ("siódemka karo").
    "7o": lambda: pgettext("french card", "seven of diamonds"),
    # Translators: the French-suited card J♦ (it stands for the Spanish "sota de oros").
    # Use the usual name of the French card: de Karo, sv ruter, pl karo ("siódemka karo").
    "10o": lambda: pgettext("french card", "jack of diamonds"),
    # Translators: the French-suited card Q♦ (it stands for the Spanish "caballo de oros").
    # Use the usual name of the French card: de Karo, sv ruter, pl karo ("siódemka karo").
    "11o": lambda: pgettext("french card", "queen of diamonds"),
    # Translators: the French-suited card K♦ (it stands for the Spanish "rey de oros").
    # Use the usual name of the French card: de Karo, sv ruter, pl karo ("siódemka karo").
    "12o": lambda: pgettext("french card", "king of diamonds"),
    # Translators: the French-suited card A♥ (it stands for the Spanish "as de copas").
    # Use the usual name of the French card: de Herz, sv hjärter, pl kier ("siódemka kier").
    "1c": lambda: pgettext("french card", "ace of hearts"),
    # Translators: the French-suited card 2♥ (it stands for the Spanish "dos de copas").
    # Use the usual name of the French card: de Herz, sv hjärter, pl kier ("siódemka kier").
    "2c": lambda: pgettext("french card", "two of hearts"),
    # Translators: the French-suited card 3♥ (it stands for the Spanish "tres de copas").
    # Use the usual name of the French card: de Herz, sv hjärter, pl kier ("siódemka kier").
    "3c": lambda: pgettext("french card", "three of hearts"),
    # Translators: the French-suited card 4♥ (it stands for the Spanish "cuatro de copas").
    # Use the usual name of the French card: de Herz, sv hjärter, pl kier ("siódemka kier").
    "4c": lambda: pgettext("french card", "four of hearts"),
    # Translators: the French-suited card 5♥ (it stands for the Spanish "cinco de copas").
    # Use the usual name of the French card: de Herz, sv hjärter, pl kier ("siódemka kier").
    "5c": lambda: pgettext("french card", "five of hearts"),
    # Translators: the French-suited card 6♥ (it stands for the Spanish "seis de copas").
    # Use the usual name of the French card: de Herz, sv hjärter, pl kier ("siódemka kier").
    "6c": lambda: pgettext("french card", "six of hearts"),
    # Translators: the French-suited card 7♥ (it stands for the Spanish "siete de copas").
    # Use the usual name of the French card: de Herz, sv hjärter, pl kier ("siódemka kier").
    "7c": lambda: pgettext("french card", "seven of hearts"),
    # Translators: the French-suited card J♥ (it stands for the Spanish "sota de copas").
    # Use the usual name of the French card: de Herz, sv hjärter, pl kier ("siódemka kier").
    "10c": lambda: pgettext("french card", "jack of hearts"),
    # Translators: the French-suited card Q♥ (it stands for the Spanish "caballo de copas").
    # Use the usual name of the French card: de Herz, sv hjärter, pl kier ("siódemka kier").
    "11c": lambda: pgettext("french card", "queen of hearts"),
    # Translators: the French-suited card K♥ (it stands for the Spanish "rey de copas").
    # Use the usual name of the French card: de Herz, sv hjärter, pl kier ("siódemka kier").
    "12c": lambda: pgettext("french card", "king of hearts"),
}


def _face(face: str | None) -> str:
    return face if face in FACES else FACES[0]


def as_card(card: Card | str) -> Card:
    """A Card from a Card or its notation (``"7o"``, ``"K♥"``).

    >>> as_card("7o") == as_card(Card.parse("7o"))
    True
    """
    return card if isinstance(card, Card) else Card.parse(card)


def card_name(card: Card | str, face: str | None = "spanish") -> str:
    """The card's name in the request's language, for its text alternative.

    ``face`` is ``"spanish"`` (default) or ``"french"``; on the French face the name matches the
    face shown (``"seven of diamonds"`` for ``7o``).
    """
    card = as_card(card)
    names = _FRENCH_NAMES if _face(face) == "french" else _SPANISH_NAMES
    return names[card.notation]()


def suit_name(suit: Suit | str, face: str | None = "spanish") -> str:
    """The suit's name in the request's language (plural: "coins", "diamonds")."""
    suit = Suit(suit)
    if _face(face) == "french":
        french = {
            # Translators: French suit ♠ (stands for espadas). de Pik, sv spader, pl pik.
            Suit.ESPADAS: lambda: pgettext("french suit", "spades"),
            # Translators: French suit ♣ (stands for bastos). de Kreuz, sv klöver, pl trefl.
            Suit.BASTOS: lambda: pgettext("french suit", "clubs"),
            # Translators: French suit ♦ (stands for oros). de Karo, sv ruter, pl karo.
            Suit.OROS: lambda: pgettext("french suit", "diamonds"),
            # Translators: French suit ♥ (stands for copas). de Herz, sv hjärter, pl kier.
            Suit.COPAS: lambda: pgettext("french suit", "hearts"),
        }
        return french[suit]()
    spanish = {
        # Translators: the Spanish suit espadas. The rule texts: de Schwerter, sv svärd, pl miecze.
        Suit.ESPADAS: lambda: pgettext("suit", "swords"),
        # Translators: the Spanish suit bastos (wooden clubs). The rule texts: de Stäbe, sv klubbor, pl buławy.
        Suit.BASTOS: lambda: pgettext("suit", "clubs"),
        # Translators: the Spanish suit oros (gold coins). The rule texts: de Münzen, sv mynt, pl monety.
        Suit.OROS: lambda: pgettext("suit", "coins"),
        # Translators: the Spanish suit copas (cups). The rule texts: de Becher, sv bägare, pl puchary.
        Suit.COPAS: lambda: pgettext("suit", "cups"),
    }
    return spanish[suit]()


def figure_name(rank: int) -> str:
    """The name of a figure (10, 11, 12) in the request's language; the number for other ranks."""
    figures = {
        # Translators: the sota, the 10 of the Spanish deck (a page). de Bube, pl walet.
        10: lambda: pgettext("figure", "jack"),
        # Translators: the caballo, the 11 of the Spanish deck (a knight on horseback). de Reiter, pl rycerz.
        11: lambda: pgettext("figure", "knight"),
        # Translators: the rey, the 12 of the Spanish deck. de König, pl król.
        12: lambda: pgettext("figure", "king"),
    }
    return figures[rank]() if rank in figures else str(rank)


def card_back_name() -> str:
    """The text alternative of a card shown face down."""
    # Translators: text alternative of a card lying face down (its value hidden).
    return pgettext("card", "face-down card")
