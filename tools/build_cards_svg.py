"""Build tutor/static/cards.svg and cards-french.svg, the sprites with the project's own card drawings.

Run ``python tools/build_cards_svg.py`` after changing a drawing; the output is committed and
a test checks it is current. Everything is flat colour and presentation attributes (no CSS,
no gradients, no ``url()`` references), so it works under a strict CSP and when the symbols
are used from another document.

Ids in the sprite:
  ``s7o`` / ``f7o``  the whole Spanish / French face of a card (viewBox 0 0 64 100),
  ``back``           the back of a card,
  ``e b o c``        Spanish pips, ``S C D H`` French pips (drawn around 0,0),
  ``E1 B1 O1 C1``    the large aces, ``sota caballo rey reina`` figure emblems.
"""

from __future__ import annotations

import sys
from pathlib import Path

STATIC = Path(__file__).resolve().parent.parent / "tutor" / "static"
OUT = STATIC / "cards.svg"
OUT_FRENCH = STATIC / "cards-french.svg"

W, H = 64, 100
SUITS = "ebo c".replace(" ", "")
RANKS = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)

# Index and frame colour of each suit (dark enough for text on white).
INK = {"e": "#1d4f91", "b": "#2f6b2f", "o": "#8a5300", "c": "#b3261e"}
# Clothing colour of the figures, per suit.
CLOTH = {"e": "#2d67b8", "b": "#3f8a3a", "o": "#d08a00", "c": "#c62828"}
FRENCH_INK = {"e": "#1a1a1a", "b": "#1a1a1a", "o": "#c8102e", "c": "#c8102e"}
FRENCH_CLOTH = {"e": "#2b2b2b", "b": "#2b2b2b", "o": "#c8102e", "c": "#c8102e"}
FRENCH_PIP = {"e": "S", "b": "C", "o": "D", "c": "H"}
FRENCH_LETTER = {1: "A", 10: "J", 11: "Q", 12: "K"}

DARK = "#3a2410"
SKIN = "#f3cfa6"
GOLD = "#f2b705"
GOLD_DARK = "#7a5200"

# --- pips, each drawn around (0, 0) -------------------------------------------------------

PIPS = {
    # oro: a gold coin with a red centre
    "o": (
        f'<circle r="7" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width=".9"/>'
        '<circle r="4.6" fill="none" stroke="#c0392b" stroke-width=".8"/>'
        '<circle r="1.9" fill="#c0392b"/>'
    ),
    # copa: a goblet, red bowl, gold rim, stem and foot
    "c": (
        '<path d="M-6.2-6.5h12.4c0 4.6-2.6 7-6.2 7s-6.2-2.4-6.2-7z" fill="#d32f2f" stroke="#6d1414" stroke-width=".7"/>'
        f'<rect x="-6.8" y="-8" width="13.6" height="2.2" rx="1" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width=".6"/>'
        f'<path d="M-1 .4h2v4h-2zM-4.6 7.6h9.2l-2-3.3h-5.2z" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width=".6"/>'
    ),
    # espada: a straight sword, point up, steel blade, gold guard, blue grip
    "e": (
        '<path d="M0-10.5l1.5 3v12.5h-3v-12.5z" fill="#dbe7f6" stroke="#1d4f91" stroke-width=".7"/>'
        f'<rect x="-4.6" y="4.8" width="9.2" height="1.8" rx=".9" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width=".5"/>'
        '<path d="M-.9 6.6h1.8v2.8h-1.8z" fill="#1d4f91"/>'
        f'<circle cy="10" r="1.2" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width=".5"/>'
    ),
    # basto: a knotty wooden club, thick end up, with cut branches
    "b": (
        '<path d="M-3.3-8.2c0-3 6.6-3 6.6 0l-1.5 18.6c-.2 1-3.4 1-3.6 0z" fill="#b06d2c" stroke="#4a2608" stroke-width=".7"/>'
        '<path d="M-2.8-3.5l-2-1.3M2.5.5l2-1.3M-2.1 5l-1.8-1" stroke="#4a2608" stroke-width="1.2" stroke-linecap="round"/>'
        '<path d="M.2-10c1.5-2 3.5-2 4.3-1.2-1 1.7-2.8 2-4.3 1.2z" fill="#3f8a3a"/>'
    ),
    # French pips, about 13 units tall
    "S": '<path d="M0-7C2.5-3 6.5-1.5 6.5 1.8c0 2.7-3.3 3.8-5.4 1.7.2 1.8.9 3.3 2 4.5h-6.2c1.1-1.2 1.8-2.7 2-4.5-2.1 2.1-5.4 1-5.4-1.7C-6.5-1.5-2.5-3 0-7z" fill="#1a1a1a"/>',
    "C": '<path d="M-1.4 2.5c-1.6 2.1-6.4 1.9-6.4-1.8 0-3 3.4-4.3 5.4-2.6-1.3-2.5.3-5.3 2.4-5.3s3.7 2.8 2.4 5.3c2-1.7 5.4-.4 5.4 2.6 0 3.7-4.8 3.9-6.4 1.8.2 2.2.9 4 2 5.5h-6.8c1.1-1.5 1.8-3.3 2-5.5z" fill="#1a1a1a"/>',
    "D": '<path d="M0-7.8L5.6 0 0 7.8-5.6 0z" fill="#c8102e"/>',
    "H": '<path d="M0 7.5C-2.5 4-7 1.5-7-2.6c0-2.6 2-4.4 4-4.4 1.5 0 2.5.8 3 2 .5-1.2 1.5-2 3-2 2 0 4 1.8 4 4.4C7 1.5 2.5 4 0 7.5z" fill="#c8102e"/>',
}

# --- large aces (card coordinates) -----------------------------------------------------------

ACES = {
    "E1": (
        # blade with a fuller, curled guard, blue grip, pommel; a red ribbon around the grip
        '<path d="M32 11l5 8v46h-10v-46z" fill="#dbe7f6" stroke="#1d4f91" stroke-width="1.1"/>'
        '<path d="M32 17v46" stroke="#1d4f91" stroke-width=".8"/>'
        f'<path d="M16 69c0-3 2-5 5-4.5 4 .6 7 .6 11 .6s7 0 11-.6c3-.5 5 1.5 5 4.5 0 2-1.7 3-3 2.3 1-1.7-.4-3-2-2.5-3.5 1-7.5 1.2-11 1.2s-7.5-.2-11-1.2c-1.6-.5-3 .8-2 2.5-1.3.7-3-.3-3-2.3z" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width=".8"/>'
        '<rect x="29.2" y="70.5" width="5.6" height="12" rx="1" fill="#1d4f91"/>'
        '<path d="M29.5 73.5l5 2M29.5 77l5 2" stroke="#9ec0ea" stroke-width=".8"/>'
        f'<circle cx="32" cy="86" r="3.6" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width=".8"/>'
        '<path d="M29 74c-6 1-9 5-13 4 1 3 4 4 7 3M35 78c6 1 9-3 13-2-1 3-4 4-7 3" fill="none" stroke="#c62828" stroke-width="1.6" stroke-linecap="round"/>'
    ),
    "B1": (
        # a big knotty club with cut branches and leaves at the top
        '<path d="M23.5 21c0-9 17-9 17 0l-4 63c-.4 3-8.2 3-8.6 0z" fill="#b06d2c" stroke="#4a2608" stroke-width="1.1"/>'
        '<path d="M26 32c-4-1.5-6-4-7-6.5M38.5 44c3-1 5-3.5 6-6M27.5 56c-3.5-.5-5.5-2.5-6.5-5M36.5 68c2.5-.5 4.5-2.5 5.5-4.5" fill="none" stroke="#4a2608" stroke-width="2.6" stroke-linecap="round"/>'
        '<path d="M32 27c-1 8 1 16-1 26M34.5 58c-1 6 0 12-1.5 20" fill="none" stroke="#7a4312" stroke-width="1"/>'
        '<path d="M31 14c-3-6-9-7-12-5 2 4 7 6 12 5zM33 14c2-6 8-8 11-6-2 4-6 7-11 6z" fill="#3f8a3a" stroke="#245221" stroke-width=".7"/>'
        '<circle cx="19" cy="26" r="1.6" fill="#3f8a3a"/><circle cx="44.5" cy="38" r="1.6" fill="#3f8a3a"/>'
    ),
    "O1": (
        # a big gold coin: rim of dots, a red sun in the middle
        f'<circle cx="32" cy="50" r="21" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width="1.3"/>'
        f'<circle cx="32" cy="50" r="16.5" fill="none" stroke="{GOLD_DARK}" stroke-width=".9"/>'
        + "".join(
            f'<circle cx="{32 + 18.7 * c:.1f}" cy="{50 + 18.7 * s:.1f}" r="1" fill="{GOLD_DARK}"/>'
            for c, s in (
                (1, 0),
                (0.866, 0.5),
                (0.5, 0.866),
                (0, 1),
                (-0.5, 0.866),
                (-0.866, 0.5),
                (-1, 0),
                (-0.866, -0.5),
                (-0.5, -0.866),
                (0, -1),
                (0.5, -0.866),
                (0.866, -0.5),
            )
        )
        + '<path d="M32 36.5l2.2 6.6 6.4-2.7-2.7 6.4 6.6 2.2-6.6 2.2 2.7 6.4-6.4-2.7-2.2 6.6-2.2-6.6-6.4 2.7 2.7-6.4-6.6-2.2 6.6-2.2-2.7-6.4 6.4 2.7z" fill="#e0662a" stroke="#9a2d0c" stroke-width=".7"/>'
        '<circle cx="32" cy="50" r="5.2" fill="#c0392b" stroke="#7a1a10" stroke-width=".7"/>'
    ),
    "C1": (
        # a big chalice: lid with a knob, red bowl with gold bands, knotted stem, wide foot
        f'<circle cx="32" cy="15" r="2.6" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width=".8"/>'
        f'<path d="M20 25c1-5 7-8 12-8s11 3 12 8z" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width=".9"/>'
        '<path d="M17 28h30c0 13-7 21-15 21s-15-8-15-21z" fill="#d32f2f" stroke="#6d1414" stroke-width="1"/>'
        f'<rect x="16" y="25" width="32" height="4" rx="1.5" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width=".9"/>'
        f'<path d="M19.5 36h25" stroke="{GOLD}" stroke-width="2.2"/>'
        '<circle cx="26" cy="42" r="1.4" fill="#ffd54f"/><circle cx="32" cy="44" r="1.4" fill="#ffd54f"/><circle cx="38" cy="42" r="1.4" fill="#ffd54f"/>'
        f'<path d="M29.5 49h5v6h-5zM29.5 61h5v10h-5z" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width=".8"/>'
        f'<ellipse cx="32" cy="58" rx="5" ry="3.2" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width=".8"/>'
        f'<path d="M19 86c0-7 7-10 10-15h6c3 5 10 8 10 15z" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width=".9"/>'
        '<path d="M22 82.5h20" stroke="#c62828" stroke-width="1.4"/>'
    ),
}

# --- figure emblems (card coordinates; clothing in currentColor, set by the card) -------------

EMBLEMS = {
    # sota: a standing page in a feathered cap, one hand raised to hold the suit
    "sota": (
        # legs and shoes
        f'<path d="M23 62h4.4v20h-4.4zM29.6 62h4.4v20h-4.4z" fill="#f1e4c4" stroke="{DARK}" stroke-width=".7"/>'
        f'<path d="M21 84c0-2 2-2.6 6.6-2.6v2.6zM29.4 81.4c4.6 0 6.6.6 6.6 2.6h-6.6z" fill="{DARK}"/>'
        # tunic
        f'<path d="M21.5 37h15l3 25h-21z" fill="currentColor" stroke="{DARK}" stroke-width=".8"/>'
        f'<path d="M19 52h20" stroke="{GOLD}" stroke-width="2.2"/>'
        '<path d="M28.5 38v13" stroke="#fff" stroke-width=".8" stroke-dasharray="1.4 1.4"/>'
        # arms: left down, right raised towards the suit
        f'<path d="M21.5 38.5l-3.5 13" stroke="currentColor" stroke-width="4.2" stroke-linecap="round"/>'
        f'<path d="M36 39l7 5" stroke="currentColor" stroke-width="4.2" stroke-linecap="round"/>'
        f'<circle cx="18" cy="52.5" r="2" fill="{SKIN}" stroke="{DARK}" stroke-width=".6"/>'
        f'<circle cx="44" cy="44.5" r="2" fill="{SKIN}" stroke="{DARK}" stroke-width=".6"/>'
        # ruff, head, hair, cap with feather
        f'<ellipse cx="29" cy="36.4" rx="6" ry="1.9" fill="#fff" stroke="{DARK}" stroke-width=".6"/>'
        f'<path d="M23.5 29c0-4 2.5-6.5 5.5-6.5s5.5 2.5 5.5 6.5l-1.2 3h-8.6z" fill="#6b3e1c"/>'
        f'<ellipse cx="29" cy="29.5" rx="4.6" ry="5.2" fill="{SKIN}" stroke="{DARK}" stroke-width=".6"/>'
        f'<circle cx="27.3" cy="29" r=".6" fill="{DARK}"/><circle cx="30.7" cy="29" r=".6" fill="{DARK}"/>'
        f'<path d="M21 24.5c0-3 3.5-5 8-5s8 2 8 5z" fill="currentColor" stroke="{DARK}" stroke-width=".7"/>'
        f'<path d="M34 20c2-4 6-6 9-5-2 2-5 4-9 5z" fill="#fff" stroke="{DARK}" stroke-width=".6"/>'
    ),
    # caballo: a horse's head and neck in profile, with bridle, mane and a saddle cloth
    "caballo": (
        f'<path d="M22 84c2-9 4.5-19 6-26-4-1-10-.5-14.5-2-4-1.4-5.5-6-2.6-10.2 4-6 9-14 13-19l1.5-2.8 1-8.5 4 7.2c6 3 10.5 12 12 24 1 10 .5 25-.7 37.3z" fill="#f4ead8" stroke="{DARK}" stroke-width="1"/>'
        f'<path d="M32.5 22.5c5 2.5 10 9 12 18 2 9 1.6 22 .7 32l3.3-5.5-1.5-6 3-5.5-2.6-6 2.3-6-3.3-5 1-6-4.5-2.5-.7-5.5-4.5 1z" fill="#5b3a1e" stroke="{DARK}" stroke-width=".6"/>'
        f'<path d="M27.5 23.5c-2 1.5-3 3.5-2.5 6 1.5-1.5 3.5-2.5 5-2.5z" fill="#5b3a1e"/>'
        f'<ellipse cx="23.5" cy="35.5" rx="1.5" ry="1.2" fill="{DARK}"/>'
        f'<path d="M12.4 48.5c.8-.6 2-.5 2.4.3M11.5 53.2c1.5.5 3 .5 4.5 0" stroke="{DARK}" stroke-width=".9" fill="none" stroke-linecap="round"/>'
        '<path d="M29.5 25.5c-1.5 6-3 13-4.5 21M15 43c3 4 6 7 10 9.5M25 46.5l18 15" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round"/>'
        f'<circle cx="25" cy="46.5" r="1.5" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width=".4"/>'
        f'<path d="M23.6 73.5c7-1.5 14-1.5 21.4-.3l-.5 10.8h-22.5z" fill="currentColor" stroke="{DARK}" stroke-width=".8"/>'
        f'<path d="M23.3 77c7-1.2 14-1.2 21.5 0" stroke="{GOLD}" stroke-width="1.4" fill="none"/>'
    ),
    # rey: a crowned, bearded king, bust with an ermine collar
    "rey": (
        f'<path d="M14 81c0-12 8-19.5 18-20.5 10 1 18 8.5 18 20.5z" fill="currentColor" stroke="{DARK}" stroke-width=".9"/>'
        f'<path d="M20 65c6 5 18 5 24 0l2.5 4c-8 6-21 6-29 0z" fill="#fff" stroke="{DARK}" stroke-width=".6"/>'
        f'<path d="M24 68.5h.1M29 70h.1M35 70h.1M40 68.5h.1" stroke="{DARK}" stroke-width="1.4" stroke-linecap="round"/>'
        f'<path d="M23 38c0-6 3-9 9-9s9 3 9 9v6h-18z" fill="#6b4a2a"/>'
        f'<ellipse cx="32" cy="42" rx="8" ry="9.5" fill="{SKIN}" stroke="{DARK}" stroke-width=".7"/>'
        f'<circle cx="29" cy="40.5" r=".7" fill="{DARK}"/><circle cx="35" cy="40.5" r=".7" fill="{DARK}"/>'
        f'<path d="M24 44c0 10 4 16 8 16s8-6 8-16c-2 3-5 3.5-8 3.5s-6-.5-8-3.5z" fill="#8c8c8c" stroke="{DARK}" stroke-width=".6"/>'
        f'<path d="M29 48.5c1.5-1 4.5-1 6 0" stroke="{DARK}" stroke-width=".8" fill="none"/>'
        f'<path d="M22.5 34.5l-1-14 5.5 6 5-9 5 9 5.5-6-1 14z" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width=".8"/>'
        '<circle cx="32" cy="30.5" r="1.6" fill="#c62828"/><circle cx="26" cy="31.5" r="1.1" fill="#2d67b8"/><circle cx="38" cy="31.5" r="1.1" fill="#2d67b8"/>'
    ),
    # reina (French face, queen = 11): a crowned queen with long hair
    "reina": (
        f'<path d="M14 81c0-12 8-19.5 18-20.5 10 1 18 8.5 18 20.5z" fill="currentColor" stroke="{DARK}" stroke-width=".9"/>'
        f'<path d="M23 64c4 5 14 5 18 0" fill="none" stroke="{GOLD}" stroke-width="2"/>'
        f'<path d="M22 41c0-8 4-12 10-12s10 4 10 12c0 8 2 14 4 19-5 2-9-3-9-6h-10c0 3-4 8-9 6 2-5 4-11 4-19z" fill="#a0522d" stroke="{DARK}" stroke-width=".6"/>'
        f'<ellipse cx="32" cy="43" rx="7.5" ry="9" fill="{SKIN}" stroke="{DARK}" stroke-width=".7"/>'
        f'<circle cx="29.2" cy="42" r=".7" fill="{DARK}"/><circle cx="34.8" cy="42" r=".7" fill="{DARK}"/>'
        '<path d="M30 48c1.2.8 2.8.8 4 0" stroke="#b3261e" stroke-width="1" fill="none"/>'
        f'<path d="M24.5 34l-1-9 4 3.5 4.5-6 4.5 6 4-3.5-1 9z" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width=".8"/>'
        '<circle cx="32" cy="30.5" r="1.3" fill="#c62828"/>'
    ),
}

# Where each figure holds its suit: (x, y, scale) for round and for long pips.
HOLD: dict[str, dict[str, tuple[float, float, float]]] = {
    "sota": {"round": (45, 38, 1.1), "long": (47.5, 44, 1.45)},
    "caballo": {"round": (48, 24, 1.2), "long": (51, 30, 1.3)},
    "rey": {"round": (49, 47, 1.1), "long": (52, 50, 1.45)},
    "reina": {"round": (50, 50, 1.1), "long": (52, 50, 1.45)},
}
FIGURE_EMBLEM = {10: "sota", 11: "caballo", 12: "rey"}
FRENCH_FIGURE_EMBLEM = {10: "sota", 11: "reina", 12: "rey"}

# --- pip layouts -----------------------------------------------------------------------------

# Round pips (oros, copas, and all French pips): two columns at 21/43, centre 32.
ROUND = {
    2: [(32, 29), (32, 71)],
    3: [(32, 25), (32, 50), (32, 75)],
    4: [(22, 29), (42, 29), (22, 71), (42, 71)],
    5: [(22, 28), (42, 28), (32, 50), (22, 72), (42, 72)],
    6: [(21, 25), (43, 25), (21, 50), (43, 50), (21, 75), (43, 75)],
    7: [(21, 25), (43, 25), (17, 50), (32, 50), (47, 50), (21, 75), (43, 75)],
}
# Long pips (espadas, bastos): (x, y, angle). 2 and 3 cross like on real Spanish cards.
LONG: dict[int, list[tuple[float, float, float, float]]] = {
    2: [(32, 50, -22, 2.5), (32, 50, 22, 2.5)],
    3: [(32, 50, -34, 2.4), (32, 50, 34, 2.4), (32, 50, 0, 2.4)],
    4: [(20, 30, 0, 1.35), (44, 30, 0, 1.35), (20, 70, 0, 1.35), (44, 70, 0, 1.35)],
    5: [(19, 30, 0, 1.35), (45, 30, 0, 1.35), (32, 50, 0, 1.35), (19, 70, 0, 1.35), (45, 70, 0, 1.35)],
    6: [(21, 26, 0, 1), (43, 26, 0, 1), (21, 50, 0, 1), (43, 50, 0, 1), (21, 74, 0, 1), (43, 74, 0, 1)],
    7: [(18, 26, 0, 1), (46, 26, 0, 1), (18, 50, 0, 1), (32, 50, 0, 1), (46, 50, 0, 1), (18, 74, 0, 1), (46, 74, 0, 1)],
}
# Scaled copies of the long pips kept in the sprite, so the layouts can place them with x/y.
SCALED = {1.35: "L"}
# French pips sit a little further from the corners, which carry a small suit mark.
FRENCH_ROUND = {
    2: [(32, 28), (32, 72)],
    3: [(32, 27), (32, 50), (32, 73)],
    4: [(24, 30), (40, 30), (24, 70), (40, 70)],
    5: [(24, 30), (40, 30), (32, 50), (24, 70), (40, 70)],
    6: [(24, 29), (40, 29), (24, 50), (40, 50), (24, 71), (40, 71)],
    7: [(24, 29), (40, 29), (17, 50), (32, 50), (47, 50), (24, 71), (40, 71)],
}


def fmt(value: float) -> str:
    """A short number for SVG attributes."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return text.replace("0.", ".", 1) if text.startswith("0.") else text


def use(ref: str, x: float = 0, y: float = 0, angle: float = 0, scale: float = 1) -> str:
    """A <use> of a sprite element placed at (x, y), rotated and scaled around its origin."""
    if not angle and scale == 1:
        xy = (f' x="{fmt(x)}"' if x else "") + (f' y="{fmt(y)}"' if y else "")
        return f'<use href="#{ref}"{xy}/>'
    parts = [f"translate({fmt(x)} {fmt(y)})"] if (x or y) else []
    if angle:
        parts.append(f"rotate({fmt(angle)})")
    if scale != 1:
        parts.append(f"scale({fmt(scale)})")
    transform = f' transform="{" ".join(parts)}"' if parts else ""
    return f'<use href="#{ref}"{transform}/>'


def frame(suit: str) -> str:
    """Card face background with the Spanish 'pinta': the inner frame line has as many gaps at top
    and bottom as the suit's tradition wants (oros none, copas one, espadas two, bastos three)."""
    gaps = {"o": 0, "c": 1, "e": 2, "b": 3}[suit]
    left, right, top, bottom = 4, 60, 4, 96
    gap = 5
    # The index sits in an opening of the frame: top left and, turned round, bottom right.
    corner_x, corner_y = 19, 21

    def edge(start: float, end: float, y: float) -> str:
        """One horizontal edge from start to end with the suit's gaps spread along it."""
        centres = [start + (end - start) * (i + 1) / (gaps + 1) for i in range(gaps)]
        cuts = [start] + [c + sign * gap / 2 for c in centres for sign in (-1, 1)] + [end]
        return "".join(f"M{fmt(a)} {y}H{fmt(b)}" for a, b in zip(cuts[::2], cuts[1::2], strict=True))

    d = [edge(corner_x, right, top), edge(left, W - corner_x, bottom)]
    d.append(f"M{left} {corner_y}V{bottom}M{right} {top}V{H - corner_y}")
    return (
        f'<rect x=".5" y=".5" width="63" height="99" rx="4.5" fill="#fff" stroke="#8c8c8c"/>'
        f'<path d="{"".join(d)}" fill="none" stroke="{INK[suit]}" stroke-width=".8"/>'
    )


def french_frame() -> str:
    """French face background: a plain white card with a thin border."""
    return '<rect x=".5" y=".5" width="63" height="99" rx="4.5" fill="#fff" stroke="#8c8c8c"/>'


TEXT = 'font-family="Arial,sans-serif" font-weight="700" text-anchor="middle"'


def label_id(label: str) -> str:
    """Sprite id of an index label (its colour comes from the card)."""
    return f"n{label}"


def label_group(label: str) -> str:
    """One index label, drawn top left; the card turns a second copy round for the bottom right."""
    size = "16" if len(label) == 1 else '14" letter-spacing="-1.2'
    return group(label_id(label), f'<text x="10.5" y="18" {TEXT} font-size="{size}">{label}</text>')


def index(label: str, pip: str | None = None) -> str:
    """The rank index top left and, turned round, bottom right (with a small suit mark if given)."""
    one = f'<use href="#{label_id(label)}"/>'
    if pip:
        one += f'<use href="#{pip.lower()}" x="10.5" y="26.5"/>'
    return f'{one}<g transform="rotate(180 32 50)">{one}</g>'


def pips(rank: int, pip: str, layout: str) -> str:
    """The pip layout of a number card (2-7): "long", "round" or "french"."""
    if layout == "long":
        return "".join(
            use(pip + SCALED.get(scale, ""), x, y)
            if not angle and (scale in SCALED or scale == 1)
            else use(pip, x, y, angle, scale)
            for x, y, angle, scale in LONG[rank]
        )
    if layout == "french":
        return "".join(use(pip, x, y) for x, y in FRENCH_ROUND[rank])
    big = "L" if rank <= 3 else "M" if rank <= 5 else ""
    return "".join(use(pip + big, x, y) for x, y in ROUND[rank])


def figure(rank: int, suit: str, pip: str, long: bool, emblems: dict[int, str], cloth: str) -> str:
    """A figure card: the emblem in the suit's colour holding the suit."""
    name = emblems[rank]
    x, y, scale = HOLD[name]["long" if long else "round"]
    return f'<use href="#{name}" color="{cloth}"/>' + use(pip, x, y, scale=scale)


def spanish_card(rank: int, suit: str) -> str:
    """The whole Spanish face of one card."""
    long = suit in "eb"
    body = [f'<use href="#F{suit}"/>', index(str(rank))]
    if rank == 1:
        body.append(use(suit.upper() + "1"))
    elif rank in FIGURE_EMBLEM:
        body.append(figure(rank, suit, suit, long, FIGURE_EMBLEM, CLOTH[suit]))
    else:
        body.append(pips(rank, suit, "long" if long else "round"))
    return f'<symbol id="s{rank}{suit}" viewBox="0 0 {W} {H}" fill="{INK[suit]}">{"".join(body)}</symbol>'


def french_card(rank: int, suit: str) -> str:
    """The whole French face of one card: A, 2-7, J, Q, K with ♠ ♣ ♦ ♥."""
    pip = FRENCH_PIP[suit]
    label = FRENCH_LETTER.get(rank, str(rank))
    body = ['<use href="#F"/>', index(label, pip)]
    if rank == 1:
        body.append(use(pip, 32, 50, scale=3.6))
    elif rank in FRENCH_FIGURE_EMBLEM:
        body.append(figure(rank, suit, pip, False, FRENCH_FIGURE_EMBLEM, FRENCH_CLOTH[suit]))
    else:
        body.append(pips(rank, pip, "french"))
    return f'<symbol id="f{rank}{suit}" viewBox="0 0 {W} {H}" fill="{FRENCH_INK[suit]}">{"".join(body)}</symbol>'


def back() -> str:
    """The back of a card: dark red with a lattice and a round medallion."""
    lines = []
    x0, y0, x1, y1 = 7, 7, 57, 93
    step = 8
    for k in range(-(y1 - y0), (x1 - x0) + 1, step):
        # lines of slope +1 and -1 through the rectangle, clipped by hand
        a = (x0 + max(k, 0), y0 + max(-k, 0))
        length = min(x1 - a[0], y1 - a[1])
        lines.append(f"M{a[0]} {a[1]}l{length} {length}")
        b = (x1 - max(k, 0), y0 + max(-k, 0))
        length = min(b[0] - x0, y1 - b[1])
        lines.append(f"M{b[0]} {b[1]}l{-length} {length}")
    return (
        f'<symbol id="back" viewBox="0 0 {W} {H}">'
        '<rect x=".5" y=".5" width="63" height="99" rx="4.5" fill="#fff" stroke="#8c8c8c"/>'
        '<rect x="4" y="4" width="56" height="92" rx="2" fill="#7f1d1d"/>'
        f'<path d="{"".join(lines)}" stroke="#b4473c" stroke-width="1"/>'
        '<rect x="7" y="7" width="50" height="86" fill="none" stroke="#f2c14e" stroke-width="1"/>'
        '<circle cx="32" cy="50" r="12" fill="#7f1d1d" stroke="#f2c14e" stroke-width="1.5"/>'
        f'<g transform="translate(32 50)">{PIPS["o"]}</g>'
        "</symbol>"
    )


def sprite(defs: list[str], cards: list[str], title: str) -> str:
    """One sprite file: shared drawings in <defs>, then one <symbol> per card and the back."""
    return (
        '<svg xmlns="http://www.w3.org/2000/svg">\n'
        f"<!-- Truco Tutor: {title} (generated by tools/build_cards_svg.py; the project's own drawings) -->\n"
        "<defs>\n" + "\n".join(defs) + "\n</defs>\n" + "\n".join(cards) + "\n" + back() + "\n</svg>\n"
    )


def group(key: str, body: str) -> str:
    """A reusable drawing with an id."""
    return f'<g id="{key}">{body}</g>'


def build() -> dict[Path, str]:
    """Both sprites as text: the Spanish face (cards.svg) and the French face (cards-french.svg)."""
    spanish_defs = [group(k, PIPS[k]) for k in "eboc"]
    spanish_defs += [group(k, v) for k, v in ACES.items()]
    spanish_defs += [group(k, EMBLEMS[k]) for k in ("sota", "caballo", "rey")]
    spanish_defs += [group(k + v, use(k, scale=scale)) for k in "eb" for scale, v in SCALED.items()]
    spanish_defs += [group(k + v, use(k, scale=scale)) for k in "oc" for v, scale in (("L", 1.3), ("M", 1.15))]
    spanish_defs += [group(f"F{suit}", frame(suit)) for suit in SUITS]
    spanish_defs += [label_group(str(rank)) for rank in RANKS]
    french_defs = [f'<g id="{k}" transform="scale(.8)">{PIPS[k]}</g>' for k in "SCDH"]
    french_defs += [group(k.lower(), use(k, scale=0.62)) for k in "SCDH"]
    french_defs += [group(k, EMBLEMS[k]) for k in ("sota", "reina", "rey")]
    french_defs.append(group("F", french_frame()))
    french_defs += [label_group(FRENCH_LETTER.get(rank, str(rank))) for rank in RANKS]
    return {
        OUT: sprite(spanish_defs, [spanish_card(r, s) for s in SUITS for r in RANKS], "Spanish-suited cards"),
        OUT_FRENCH: sprite(french_defs, [french_card(r, s) for s in SUITS for r in RANKS], "French-suited cards"),
    }


def main(argv: list[str]) -> int:
    """Write the sprites, or with ``--check`` report whether the committed ones are current."""
    stale = 0
    for path, text in build().items():
        if "--check" in argv:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                print(f"{path} is out of date; run tools/build_cards_svg.py", file=sys.stderr)
                stale = 1
        else:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path} ({len(text.encode())} bytes)")
    return stale


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
