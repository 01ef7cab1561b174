"""The style sheets of docs/translating/<lang>.md, checked where a script can: the rules marked "(checked)".

Each test names the rule it checks and lists the entries that break it (msgid, translation).
"""

from __future__ import annotations

import re

import pytest

from tests.i18n.catalog_text import translations

LANGS = ("de", "sv", "pl", "es")


def breaking(lang: str, rule) -> list[tuple[str, str]]:
    return [(msgid, text) for msgid, text in translations(lang) if rule(msgid, text)]


# Quotation marks: (opening, closing) of each language, and the marks that do not belong to it.
QUOTES = {"de": ("„", "“"), "sv": ("”", "”"), "pl": ("„", "”"), "es": ("«", "»")}
ALL_MARKS = set("„“”«»")


@pytest.mark.parametrize("lang", LANGS)
def test_quotation_marks_are_the_languages_own(lang):
    opening, closing = QUOTES[lang]
    foreign = ALL_MARKS - {opening, closing}

    def wrong(msgid: str, text: str) -> bool:
        if any(mark in text for mark in foreign):
            return True
        if opening != closing and text.count(opening) != text.count(closing):
            return True
        # Straight quotes only where the source has them too (a JSON example such as ["7o", "6o", "3b"]).
        return '"' in text and '"' not in msgid

    assert breaking(lang, wrong) == []


@pytest.mark.parametrize("lang", LANGS)
def test_the_score_example_is_quoted_and_explained(lang):
    """The example 12,20 reads as a decimal number: it is quoted and says which number is whose."""
    opening, closing = QUOTES[lang]
    quoted = f"{opening}12,20{closing} ("
    assert breaking(lang, lambda msgid, text: "12,20" in msgid and quoted not in text) == []


@pytest.mark.parametrize("lang", LANGS)
def test_spanish_exclamations_open_with_the_inverted_mark(lang):
    assert breaking(lang, lambda msgid, text: re.search(r"(?<!¡)El envido está primero!", text) is not None) == []


LABEL_FRAMES = {
    "de": re.compile(r"^%\((?:action|other)\)s |\bmit %\((?:action|other)\)s", re.I),
    "sv": re.compile(r"^%\((?:action|other)\)s |\bmed %\((?:action|other)\)s", re.I),
    "pl": re.compile(r"^%\((?:action|other)\)s |\b(?:daje|zostawia|z) %\((?:action|other)\)s", re.I),
    "es": re.compile(r"^%\((?:action|other|card)\)s (?!\()|\b(?:con|el|un) %\((?:action|other|card)\)s", re.I),
}


@pytest.mark.parametrize("lang", LANGS)
def test_an_action_placeholder_stands_in_label_position(lang):
    """An action ("Irse al mazo", a card's bare name) is never the subject or after a preposition."""
    assert breaking(lang, lambda msgid, text: LABEL_FRAMES[lang].search(text) is not None) == []


def test_de_addresses_the_learner_as_du():
    formal = re.compile(r"(?<![.!?:„] )(?<!^)\b(?:Sie|Ihnen|Ihre[mnrs]?)\b")
    assert breaking("de", lambda msgid, text: formal.search(text) is not None) == []


DE_E_IMPERATIVE = re.compile(
    r"(?:^|[.:!?–] )(?:Wähle|Zähle|Spiele|Suche|Tippe|Erhöhe|Lerne|Gewinne|Prüfe|Lehne|Sage|Schaue|Lege|Hole|Mache|"
    r"Denke|Schicke|Gehe|Klicke|Drücke|Schreibe|Zeige|Behalte|Spare|Probiere|Versuche|Nutze)\b"
)


def test_de_imperatives_drop_the_e():
    """Wähl, zähl, tipp, lern (the stems that need it keep it: antworte, rechne, achte)."""
    assert breaking("de", lambda msgid, text: DE_E_IMPERATIVE.search(text) is not None) == []


def test_de_card_names_are_compounds():
    genitive = re.compile(r"\d+ der (?:Schwerter|Stäbe|Münzen|Becher)\b")
    assert breaking("de", lambda msgid, text: genitive.search(text) is not None) == []


SV_ANTA_ALONE = re.compile(
    r"\b(?:anta|antar|antog|antagit)\b(?=\s*[.,:;!?]|\s+(?:och|inte|hade|med|som|så|blir)\b)", re.I
)


SV_ANTAR_DU = re.compile(r"\bAntar du\b(?! (?:budet|Truco|Envido|Retruco|höjningen)\b)")


def test_sv_anta_always_has_an_object():
    """Alone, "anta" reads as "assume": anta budet, or avböja (docs/translating/sv.md)."""
    alone = [SV_ANTA_ALONE, SV_ANTAR_DU]
    assert breaking("sv", lambda msgid, text: any(pattern.search(text) for pattern in alone)) == []


def test_sv_envido_takes_no_definite_ending():
    assert breaking("sv", lambda msgid, text: re.search(r"\benvido(?:t|n)\b", text, re.I) is not None) == []


def test_sv_a_flor_is_announced_not_said():
    said = re.compile(r"\bflor(?:en)?\b[^.]{0,20}\b(?:sagts|sägs|sägas)\b|\bsäg(?:a|er)? (?:din|sin) flor\b", re.I)
    assert breaking("sv", lambda msgid, text: said.search(text) is not None) == []


def test_sv_the_flor_rule_is_before_the_holders_own_card():
    assert breaking("sv", lambda msgid, text: "innan första kortet" in text) == []


def test_pl_a_tied_trick_is_a_parda():
    """Every message about a parda says parda; "remis" alone is only for equal envido counts."""

    def wrong(msgid: str, text: str) -> bool:
        if re.search(r"\bpardas?\b", msgid, re.I) and "pard" not in text.lower():
            return True
        if "remis" in text.lower() and "pard" not in text.lower() and re.search(r"\btrick", msgid, re.I):
            return True
        return "zremis" in text.lower()

    assert breaking("pl", wrong) == []


ES_TU = re.compile(
    r"\b(?:puedes|tienes|quieres|juegas|cantas|ganas|sabes|debes|haces|dices|piensas|eres|tú|ti|contigo|"
    r"vosotros|vuestr[ao]s?|sois|fíjate|piénsalo|elige|escribe|recuerda|intenta)\b",
    re.I,
)


def test_es_voseo_never_tu():
    assert breaking("es", lambda msgid, text: ES_TU.search(text) is not None) == []


def test_es_no_quiero_al_has_its_verb():
    """Alone, "No quiero al Truco" reads as "I don't love Truco": "decile No quiero al Truco"."""
    frame = re.compile(r"(\S+) No quiero al\b")

    def wrong(msgid: str, text: str) -> bool:
        for match in re.finditer(r"No quiero al\b", text):
            before = frame.search(text, max(0, match.start() - 40), match.end())
            if not before or before.group(1).lower() not in {"decile", "dijiste", "dijo", "decirle", "decí"}:
                return True
        return False

    assert breaking("es", wrong) == []


def test_es_questions_and_exclamations_open():
    assert (
        breaking("es", lambda msgid, text: text.count("¿") < text.count("?") or text.count("¡") < text.count("!")) == []
    )


ES_IMPERATIVE = re.compile(r", y (\w+(?:á|é|í|alo|ala|ate|ale|elo|ela|ete|ilo|ite|alos|alas))\b")
NOT_IMPERATIVES = {"acá", "allá", "así", "ahí", "aquí", "está", "será", "podrá", "qué", "va"}


def test_es_no_comma_before_y_between_two_imperatives():
    def wrong(msgid: str, text: str) -> bool:
        return any(match.group(1).lower() not in NOT_IMPERATIVES for match in ES_IMPERATIVE.finditer(text))

    assert breaking("es", wrong) == []
