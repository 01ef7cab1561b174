"""Generated nicknames made of Truco words and a number ("Ancho 27", "Siete de oro 5").

The words are the game's own Spanish terms, the same in every language of the app (a class in five
languages shares one roster), so they are not translated. A nickname names no one, says nothing
about a child, and is unique in its class.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable

WORDS: tuple[str, ...] = (
    "Ancho",
    "Ancho de basto",
    "Siete de oro",
    "Siete de espada",
    "As de copa",
    "Truco",
    "Retruco",
    "Vale cuatro",
    "Envido",
    "Real envido",
    "Falta envido",
    "Flor",
    "Contraflor",
    "Quiero",
    "Mano",
    "Pie",
    "Mazo",
    "Parda",
    "Tanto",
    "Sota",
    "Caballo",
    "Rey",
    "Oro",
    "Copa",
    "Espada",
    "Basto",
    "Buenas",
    "Malas",
    "Tres de copa",
    "Dos de oro",
)
NUMBERS = range(2, 100)
REROLLS = 3
"""How many times a pupil may ask for another nickname."""


def new_nickname(taken: Iterable[str] = ()) -> str:
    """A random nickname not in ``taken`` (2,940 possible, more than enough for a class of 60).

    >>> name = new_nickname()
    >>> name.rsplit(" ", 1)[0] in WORDS and int(name.rsplit(" ", 1)[1]) in NUMBERS
    True
    >>> new_nickname({f"{w} {n}" for w in WORDS for n in NUMBERS if (w, n) != ("Flor", 7)})
    'Flor 7'
    """
    used = set(taken)
    for _attempt in range(50):
        name = f"{secrets.choice(WORDS)} {secrets.choice(NUMBERS)}"
        if name not in used:
            return name
    free = [f"{word} {number}" for word in WORDS for number in NUMBERS if f"{word} {number}" not in used]
    if not free:
        raise ValueError("every nickname is taken")
    return secrets.choice(free)


def nicknames(first: str, taken: Iterable[str], count: int = 5) -> list[str]:
    """``first``, then ``count`` other free nicknames: what a join tries in turn if one was taken meanwhile."""
    used = set(taken) | {first}
    found = [first]
    for _ in range(count):
        name = new_nickname(used)
        used.add(name)
        found.append(name)
    return found
