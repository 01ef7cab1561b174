"""Cards on screen: the card macros, their text alternatives and the SVG sprites they use."""

from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest
from flask import render_template_string

from tutor.engine.cards import DECK, Card, Suit
from tutor.narration import cards as card_names
from tutor.web.components import cards as card_module

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "tutor" / "static"
SVG_NS = "{http://www.w3.org/2000/svg}"

# Independent expectations (written from docs/rules §1, not from the code).
RANK_WORDS = {
    1: "ace",
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    10: "jack",
    11: "knight",
    12: "king",
}
FRENCH_RANK_WORDS = {**RANK_WORDS, 11: "queen"}
SUIT_WORDS = {Suit.ESPADAS: "swords", Suit.BASTOS: "clubs", Suit.OROS: "coins", Suit.COPAS: "cups"}
FRENCH_SUIT_WORDS = {Suit.ESPADAS: "spades", Suit.BASTOS: "clubs", Suit.OROS: "diamonds", Suit.COPAS: "hearts"}
FRENCH_INDEX = {1: "A", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 10: "J", 11: "Q", 12: "K"}
FRENCH_PIP = {Suit.ESPADAS: "S", Suit.BASTOS: "C", Suit.OROS: "D", Suit.COPAS: "H"}
RED = {Suit.OROS, Suit.COPAS}

IMPORT = '{% import "components/_cards.html" as cards with context %}'


@pytest.fixture
def card_app(request):
    """The project's app fixture when there is one, else an app of our own."""
    try:
        return request.getfixturevalue("app")
    except pytest.FixtureLookupError:
        from tutor import create_app

        return create_app({"TESTING": True, "SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": "sqlite://"})


def render(app, source: str, lang: str = "en", **context) -> str:
    """Render a template snippet inside an English (or other) page request."""
    with app.test_request_context(f"/{lang}/"):
        from flask import g

        g.lang = lang
        return render_template_string(IMPORT + source, **context)


class SvgCollector(HTMLParser):
    """Collects the outer <svg> elements of rendered HTML with their attributes and <use> targets."""

    def __init__(self) -> None:
        super().__init__()
        self.svgs: list[dict] = []
        self.tags: list[tuple[str, dict]] = []
        self._depth = 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.tags.append((tag, attrs))
        if tag == "svg":
            if self._depth == 0:
                self.svgs.append({"attrs": attrs, "uses": [], "children": []})
            self._depth += 1
        elif self._depth:
            self.svgs[-1]["children"].append(tag)
            if tag == "use":
                self.svgs[-1]["uses"].append(attrs["href"])

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag == "svg":
            self._depth -= 1

    def handle_endtag(self, tag):
        if tag == "svg":
            self._depth -= 1


def parse(html: str) -> SvgCollector:
    collector = SvgCollector()
    collector.feed(html)
    return collector


def whole_deck(app, face: str | None = None, card_face: str | None = None) -> SvgCollector:
    context = {"deck": DECK}
    if card_face is not None:
        context["card_face"] = card_face
    face_arg = f', face="{face}"' if face else ""
    return parse(render(app, "{% for c in deck %}{{ cards.card(c" + face_arg + ") }}{% endfor %}", **context))


def load_sprite(name: str) -> ET.Element:
    return ET.parse(STATIC / name).getroot()


def ids_of(root: ET.Element) -> dict[str, ET.Element]:
    return {el.get("id"): el for el in root.iter() if el.get("id")}


@pytest.mark.parametrize(
    "face, words, suits",
    [
        ("spanish", RANK_WORDS, SUIT_WORDS),
        ("french", FRENCH_RANK_WORDS, FRENCH_SUIT_WORDS),
    ],
)
def test_every_card_has_a_distinct_english_name(card_app, face, words, suits):
    svgs = whole_deck(card_app, face=face).svgs
    assert len(svgs) == 40
    labels = [svg["attrs"]["aria-label"] for svg in svgs]
    assert len(set(labels)) == 40
    for svg, card in zip(svgs, DECK, strict=True):
        attrs = svg["attrs"]
        assert attrs["data-card"] == card.notation
        assert attrs["role"] == "img"
        assert attrs["focusable"] == "false"
        assert attrs["aria-label"] == f"{words[card.rank]} of {suits[card.suit]}"


def test_known_names(card_app):
    with card_app.test_request_context("/en/"):
        assert card_module.card_name(Card.parse("7o")) == "seven of coins"
        assert card_module.card_name("1e") == "ace of swords"
        assert card_module.card_name("11b") == "knight of clubs"
        assert card_module.card_name("7o", face="french") == "seven of diamonds"
        assert card_module.card_name("K♥", face="french") == "king of hearts"
        assert card_module.card_name("11e", face="french") == "queen of spades"
        assert card_module.suit_name(Suit.OROS) == "coins"
        assert card_module.suit_name("o", face="french") == "diamonds"
        assert [card_module.figure_name(r) for r in (10, 11, 12, 7)] == ["jack", "knight", "king", "7"]
        assert card_module.card_back_name() == "face-down card"


def test_names_are_whole_messages_with_a_context_per_face(monkeypatch, card_app):
    """Each card is its own msgid (languages inflect), Spanish and French faces in different contexts."""
    calls: list[tuple[str, str]] = []

    def fake_pgettext(context, message, **variables):
        calls.append((context, message))
        return f"<{context}|{message}>"

    monkeypatch.setattr(card_names, "pgettext", fake_pgettext)
    spanish = {card_module.card_name(card) for card in DECK}
    french = {card_module.card_name(card, face="french") for card in DECK}
    assert len(spanish) == len(french) == 40
    assert {context for context, _ in calls} == {"card", "french card"}
    assert all(message.count(" of ") == 1 for _, message in calls)
    assert "<card|seven of coins>" in spanish
    assert "<french card|seven of diamonds>" in french
    # the French clubs and the Spanish clubs share the English word, never the message
    assert "<card|ace of clubs>" in spanish and "<french card|ace of clubs>" in french


def test_translated_name_reaches_the_label(monkeypatch, card_app):
    """The aria-label is whatever the catalog says for the request's language."""
    monkeypatch.setattr(
        card_names,
        "pgettext",
        lambda context, message: {("card", "seven of coins"): "siódemka monet"}.get((context, message), message),
    )
    html = render(card_app, '{{ cards.card("7o") }}', lang="pl")
    assert 'aria-label="siódemka monet"' in html


def sprite_path(reference: str) -> str:
    """The sprite's path in a ``<use href>``, without its fingerprint (``?v=``) and fragment."""
    return reference.split("#")[0].split("?")[0]


def test_face_comes_from_the_context_and_the_argument_wins(card_app):
    spanish = whole_deck(card_app).svgs
    french = whole_deck(card_app, card_face="french").svgs
    forced = whole_deck(card_app, face="spanish", card_face="french").svgs
    assert all(sprite_path(svg["uses"][0]).endswith("/cards.svg") for svg in spanish + forced)
    assert all(sprite_path(svg["uses"][0]).endswith("/cards-french.svg") for svg in french)
    assert [s["uses"][0].split("#")[1] for s in spanish] == [f"s{c.notation}" for c in DECK]
    assert [s["uses"][0].split("#")[1] for s in french] == [f"f{c.notation}" for c in DECK]


def test_unknown_face_and_size_fall_back(card_app):
    svg = parse(render(card_app, '{{ cards.card("3b", size="huge") }}', card_face="klingon")).svgs[0]
    assert sprite_path(svg["uses"][0]).endswith("/cards.svg")
    assert svg["uses"][0].endswith("#s3b")
    assert svg["attrs"]["class"] == "card card-md"
    assert svg["attrs"]["aria-label"] == "three of clubs"


@pytest.mark.parametrize("size", ["sm", "md", "lg", "xl"])
def test_sizes(card_app, size):
    svg = parse(render(card_app, '{{ cards.card("3b", size=s, extra_class="card-dim") }}', s=size)).svgs[0]
    assert svg["attrs"]["class"] == f"card card-{size} card-dim"
    width, height = int(svg["attrs"]["width"]), int(svg["attrs"]["height"])
    assert abs(height / width - 100 / 64) < 0.02


def test_card_markup_has_nothing_interactive_and_no_inline_style(card_app):
    html = render(
        card_app,
        '{% for c in deck %}{{ cards.card(c) }}{{ cards.card(c, face="french") }}{% endfor %}'
        '{{ cards.hand(["1e", None, "7o"], label="Your cards") }}{{ cards.card_back() }}',
        deck=DECK,
    )
    collector = parse(html)
    for tag, attrs in collector.tags:
        assert "style" not in attrs, tag
        assert not any(name.startswith("on") for name in attrs), tag
        assert tag not in {"style", "script", "a", "button", "input", "foreignobject"}
        assert "tabindex" not in attrs
    assert "<style" not in html.lower()
    for svg in collector.svgs:
        assert svg["children"] == ["use"]


def test_hand_is_a_list_and_hides_face_down_cards(card_app):
    html = render(card_app, '{{ cards.hand(["1e", None, "7o"], size="sm", label="Your cards") }}')
    assert html.startswith('<ul class="hand" aria-label="Your cards">')
    assert html.count("<li>") == 3
    svgs = parse(html).svgs
    assert [s["attrs"].get("aria-label") for s in svgs] == ["ace of swords", "face-down card", "seven of coins"]
    back = svgs[1]["attrs"]
    assert "data-card" not in back and back["role"] == "img"
    assert svgs[1]["uses"][0].endswith("#back")
    assert all(s["attrs"]["class"].startswith("card card-sm") for s in svgs)


@pytest.mark.parametrize("name", ["cards.svg", "cards-french.svg"])
def test_sprite_is_well_formed_and_self_contained(name):
    root = load_sprite(name)
    assert root.tag == f"{SVG_NS}svg"
    ids = ids_of(root)
    for element in root.iter():
        assert "style" not in element.attrib
        assert element.tag not in {f"{SVG_NS}style", f"{SVG_NS}script", f"{SVG_NS}foreignObject"}
        href = element.get("href")
        if href is not None:
            assert href.startswith("#") and href[1:] in ids, href
        for value in element.attrib.values():
            assert "url(" not in value
    assert "back" in ids


@pytest.mark.parametrize("face", ["spanish", "french"])
def test_sprite_holds_every_symbol_the_page_uses(card_app, face):
    html = render(
        card_app,
        "{% for c in deck %}{{ cards.card(c, face=f) }}{% endfor %}{{ cards.card_back(face=f) }}",
        deck=DECK,
        f=face,
    )
    references = [use for svg in parse(html).svgs for use in svg["uses"]]
    assert len(references) == 41
    for reference in references:
        fragment = reference.split("#")[1]
        sprite = ids_of(load_sprite(Path(sprite_path(reference)).name))
        assert fragment in sprite
        assert sprite[fragment].tag == f"{SVG_NS}symbol"


def _uses(symbol: ET.Element) -> list[str]:
    return [el.get("href")[1:] for el in symbol.iter(f"{SVG_NS}use")]


def _index_text(ids: dict[str, ET.Element], symbol: ET.Element) -> set[str]:
    texts = set()
    for ref in _uses(symbol):
        for text in ids[ref].iter(f"{SVG_NS}text"):
            texts.add(text.text)
    return texts


@pytest.mark.parametrize("card", DECK, ids=str)
def test_french_face_shows_its_index_and_suit(card):
    ids = ids_of(load_sprite("cards-french.svg"))
    symbol = ids[f"f{card.notation}"]
    assert _index_text(ids, symbol) == {FRENCH_INDEX[card.rank]}
    pip = FRENCH_PIP[card.suit]
    used = _uses(symbol)
    # the small index mark and the pips are all of the card's own suit
    suit_marks = {ref for ref in used if ref.upper() in FRENCH_PIP.values()}
    assert suit_marks <= {pip, pip.lower()} and pip.lower() in suit_marks
    assert used.count(pip.lower()) == 2  # top left and, turned round, bottom right
    if 2 <= card.rank <= 7:
        assert used.count(pip) == card.rank
    pip_fill = ids[pip].find(f"{SVG_NS}path").get("fill").lower()
    is_red = int(pip_fill[1:3], 16) > 0x99 and int(pip_fill[3:5], 16) < 0x40
    assert is_red == (card.suit in RED)
    assert symbol.get("fill").lower() == pip_fill  # index printed in the suit's colour


@pytest.mark.parametrize("card", DECK, ids=str)
def test_spanish_face_shows_its_index_and_pips(card):
    ids = ids_of(load_sprite("cards.svg"))
    symbol = ids[f"s{card.notation}"]
    assert _index_text(ids, symbol) == {str(card.rank)}
    used = _uses(symbol)
    letter = card.suit.value
    assert f"F{letter}" in used  # the frame with the suit's 'pinta'
    pips = [ref for ref in used if re.fullmatch(f"{letter}[LM]?", ref)]
    if 2 <= card.rank <= 7:
        assert len(pips) == card.rank
    elif card.rank == 1:
        assert f"{letter.upper()}1" in used and not pips
    else:
        assert len(pips) == 1  # the figure holds its suit
        assert {"sota", "caballo", "rey"} & set(used)


def test_sprites_are_current():
    """The committed sprites are what the generator writes."""
    result = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "build_cards_svg.py"), "--check"], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr


def test_card_css_is_a_static_file(card_app):
    with card_app.test_client() as client:
        response = client.get("/static/cards.css")
        assert response.status_code == 200
        assert b".card-xl" in response.data
        response.close()
