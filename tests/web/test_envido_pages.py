"""The envido checker's pages and the explanations behind them (tutor/web/envido, tutor/narration)."""

from __future__ import annotations

import re
from urllib.parse import unquote, urlencode

import pytest
from babel.messages.pofile import read_po
from flask import request
from hypothesis import given, strategies as st
from werkzeug.datastructures import MultiDict

from tests.budgets import examples
from tests.conftest import HTMX, LANGUAGES, ROOT, find_all, make_app
from tutor import narration as explain
from tutor.engine.envido import envido, flor, showdown
from tutor.engine.errors import IllegalActionError, InvalidNotationError, NotationReason, Reason
from tutor.engine.stakes import envido_stake, next_envido_calls, truco_stake
from tutor.i18n import load_translations
from tutor.web.envido.queries import HandQuery, ShowdownQuery, StakesQuery
from tutor.web.shared.queries import param_items

TRANSLATED = ("de", "sv", "pl", "es")


def text_of(html: str, tag: str, **attrs) -> list[str]:
    return [" ".join(element.text.split()) for element in find_all(html, tag, **attrs)]


def result_text(html: str) -> str:
    return " ".join(find_all(html, "section", id="result")[0].text.split())


def cards_shown(html: str) -> list[str]:
    """The cards drawn in the result region, in order."""
    section = html[html.index('id="result"') :]
    return re.findall(r'data-card="([^"]+)"', section.split("</section>", 1)[0])


# --- The envido of a hand -------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_pages_render_in_every_language(client, lang):
    translations = load_translations(lang)
    for path, title in [
        ("envido", "Envido of a hand"),
        ("envido/showdown", "Envido showdown"),
        ("envido/stakes", "What the calls are worth"),
    ]:
        response = client.get(f"/{lang}/{path}")
        assert response.status_code == 200
        html = response.get_data(as_text=True)
        assert find_all(html, "html")[0].attrs["lang"] == lang
        assert text_of(html, "h1") == [translations.gettext(title)]


def test_the_checker_is_in_the_menu(client):
    html = client.get("/en/").get_data(as_text=True)
    assert "/en/envido" in [a.attrs.get("href") for a in find_all(html, "a")]


def test_picker_offers_all_forty_cards_as_checkboxes_grouped_by_suit(client):
    html = client.get("/en/envido").get_data(as_text=True)
    boxes = find_all(html, "input", type="checkbox", name="card")
    assert len(boxes) == 40 and len({box.attrs["value"] for box in boxes}) == 40
    suits = find_all(html, "fieldset", class_="picker-suit")
    assert [" ".join(s.text.split()).split(" ")[0] for s in suits] == ["swords", "clubs", "coins", "cups"]
    form = find_all(html, "form", id="envido-form")[0]
    # Without JavaScript the page after the button opens at the result; htmx swaps it and shows its top.
    assert form.attrs["method"] == "get" and form.attrs["action"] == "/en/envido#result"
    assert (
        form.attrs["hx-get"] == "/en/envido"
        and form.attrs["hx-target"] == "#result"
        and form.attrs["hx-push-url"] == "true"
    )
    assert form.attrs["hx-swap"] == "outerHTML show:#result:top"
    result = find_all(html, "section", id="result")[0]
    assert result.attrs["tabindex"] == "-1" and "autofocus" not in result.attrs  # nothing to show yet
    shown = find_all(client.get("/en/envido?hand=7o,6o,3b").get_data(as_text=True), "section", id="result")[0]
    assert "autofocus" in shown.attrs  # the result takes the focus, which brings it into view


def test_picked_cards_redirect_to_the_shareable_link(client):
    response = client.get("/en/envido?card=7o&card=6o&card=3b&hand=&check=0")
    assert response.status_code == 302
    assert response.headers["Location"] == "/en/envido?hand=7o,6o,3b"


def test_typed_cards_replace_picked_ones_and_french_symbols_are_read(client):
    response = client.get("/en/envido?card=1e&card=2e&hand=A%E2%99%A0+7%E2%99%A6+K%E2%99%A5")
    assert response.headers["Location"] == "/en/envido?hand=1e,7o,12c"


def test_result_explains_the_pair_and_the_sum(client):
    html = client.get("/en/envido?hand=7o,6o,3b").get_data(as_text=True)
    text = result_text(html)
    assert "The envido is 33." in text
    assert "20 + 7 + 6 = 33" in text
    assert "Cards that count: seven of coins and six of coins." in text
    assert cards_shown(html) == ["7o", "6o", "3b"]
    checked = {box.attrs["value"] for box in find_all(html, "input", type="checkbox") if "checked" in box.attrs}
    assert checked == {"7o", "6o", "3b"}


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("1e,6b,4o", "No two cards share a suit: the highest single card counts"),
        ("12e,11b,10o", "all three are figures (10, 11 or 12), which count 0: the envido is 0."),
        ("12o,11o,3b", "The 10, 11 and 12 (the figures) count 0 for envido."),
        ("7o,12o,6o", "Without flor, only the best two count"),
    ],
)
def test_result_names_the_counting_rule(client, hand, expected):
    assert expected in result_text(client.get(f"/en/envido?hand={hand}").get_data(as_text=True))


def test_three_of_a_suit_also_shows_the_flor(client):
    text = result_text(client.get("/en/envido?hand=7o,6o,5o").get_data(as_text=True))
    assert "The envido is 33." in text and "Flor: 38." in text and "20 + 7 + 6 + 5 = 38" in text
    assert "Flor" not in result_text(client.get("/en/envido?hand=7o,6o,5b").get_data(as_text=True))


def test_check_mode_hides_the_answer_until_the_guess(client):
    html = client.get("/en/envido?hand=7c,5c,12e&check=1").get_data(as_text=True)
    text = result_text(html)
    assert "32" not in text and "envido is" not in text
    guess = find_all(html, "input", name="guess")[0]
    form = find_all(html, "form", class_="guess-form")[0]
    assert form.attrs["hx-target"] == "#result"
    hidden = {i.attrs["name"]: i.attrs["value"] for i in find_all(html, "input", type="hidden")}
    assert hidden == {"hand": "7c,5c,12e", "check": "1"}
    assert guess.attrs["type"] == "text" and guess.attrs["inputmode"] == "numeric"  # the server checks the number


def test_right_guess(client):
    text = result_text(client.get("/en/envido?hand=7c,5c,12e&check=1&guess=32").get_data(as_text=True))
    assert "Right! The envido is 32." in text and "20 + 7 + 5 = 32" in text


@pytest.mark.parametrize(
    ("hand", "guess", "hint"),
    [
        ("7c,5c,12e", 12, "You left out the 20"),
        ("7o,6o,5o", 38, "You added all three cards"),
        ("1e,7c,4b", 27, "Only two cards of the same suit earn the 20"),
        ("1e,7c,4b", 12, "only the highest card counts"),
        ("1e,7c,12b", 12, "count 0 for envido, not their number"),
        ("1e,6b,4o", 4, "Take the highest card: six of clubs."),
    ],
)
def test_wrong_guess_says_why(client, hand, guess, hint):
    text = result_text(client.get(f"/en/envido?hand={hand}&check=1&guess={guess}").get_data(as_text=True))
    assert f"Not quite: you said {guess}, but the envido is" in text
    assert hint in text


def test_a_guess_alone_turns_on_check_mode(client):
    response = client.get("/en/envido?hand=7o,6o,3b&guess=33")
    assert response.headers["Location"] == "/en/envido?hand=7o,6o,3b&check=1&guess=33"


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("hand=8o,6o,3b", "“8o” is not in the Spanish deck"),
        ("hand=7x,6o,3b", "“7x” has no known suit"),
        ("hand=7o,7o,3b", "Given twice: seven of coins."),
        ("card=7o&card=6o", "Pick exactly three cards (2 were given)."),
        ("hand=7o,6o,3b&guess=abc", "Type your answer as a whole number, like 27."),
        ("hand=7o,6o,3b&guess=-3", "Type your answer as a whole number, like 27."),
        ("hand=7o,6o,3b&guess=150", "Type a number from 0 to 99."),  # a whole number: say what is wrong with it
    ],
)
def test_bad_input_is_a_translated_400_on_the_page(client, query, message):
    response = client.get(f"/en/envido?{query}")
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    assert message in " ".join(text_of(html, "div", class_="checker-error"))
    assert "<html" in html and not find_all(html, "aside", class_="share")


def test_bad_input_keeps_what_was_typed_and_picked(client):
    html = client.get("/en/envido?hand=7o+9o&card=1e").get_data(as_text=True)
    assert find_all(html, "input", id="hand-text")[0].attrs["value"] == "7o 9o"
    checked = [box.attrs["value"] for box in find_all(html, "input", type="checkbox") if "checked" in box.attrs]
    assert checked == ["1e"]


# --- Sharing, fragments ---------------------------------------------------------------------------


def test_share_box_holds_the_full_link_and_its_qr_code(client):
    html = client.get("/pl/envido?hand=7o,6o,3b").get_data(as_text=True)
    link = find_all(html, "p", class_="share-link")[0].text.strip()
    assert link == "http://localhost/pl/envido?hand=7o,6o,3b"
    image = find_all(html, "img", class_="qr")[0]
    assert image.attrs["src"].startswith("data:image/svg+xml")
    assert "style=" not in unquote(image.attrs["src"]).replace("'", '"')
    assert image.attrs["alt"]


def test_shared_link_shows_the_same_puzzle_in_another_language(client):
    english = client.get("/en/envido?hand=4c,5c,12b&check=1").get_data(as_text=True)
    polish = client.get("/pl/envido?hand=4c,5c,12b&check=1").get_data(as_text=True)
    assert cards_shown(english) == cards_shown(polish) == ["4c", "5c", "12b"]


def test_htmx_gets_the_result_block_and_the_url_to_push(client):
    response = client.get("/en/envido?card=7o&card=6o&card=3b&check=0", headers=HTMX)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "<html" not in html and html.lstrip().startswith('<section id="result"')
    assert response.headers["HX-Push-Url"] == "/en/envido?hand=7o,6o,3b"
    assert "HX-Request" in response.headers["Vary"]
    page = client.get("/en/envido?hand=7o,6o,3b").get_data(as_text=True)
    block, oob, _ = html.partition('<nav id="languages"')
    assert oob and block.strip() in page  # then the language links of this state, out of band


def test_htmx_error_is_a_400_fragment_that_pushes_no_url(client):
    response = client.get("/en/envido?hand=8o,1e,2e", headers=HTMX)
    assert response.status_code == 400
    assert response.headers["HX-Push-Url"] == "false"
    html = response.get_data(as_text=True)
    assert "<html" not in html and "is not in the Spanish deck" in html


@pytest.mark.parametrize("path", ["/en/envido/showdown?player=33&player=20", "/en/envido/stakes?calls=envido"])
def test_every_page_swaps_its_result_block(client, path):
    response = client.get(path, headers=HTMX)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "<html" not in html and html.lstrip().startswith('<section id="result"')
    assert response.headers["HX-Push-Url"] == path
    assert find_all(html, "img", class_="qr")


# --- The daily puzzle's old address ----------------------------------------------------------------


@pytest.mark.parametrize(
    "path, target",
    [
        ("/en/envido/daily?date=2026-02-02", "/en/daily?date=2026-02-02"),
        ("/pl/envido/daily?date=2026-02-02&guess=40", "/pl/daily?date=2026-02-02"),  # never an answer carried over
        ("/de/envido/daily", "/de/daily"),
        ("/es/envido/daily?date=yesterday", "/es/daily"),
    ],
)
def test_the_daily_puzzle_became_the_daily_challenge(client, path, target):
    """The daily puzzle is now the daily challenge of the quizzes (tutor/web/quiz): old links lead there."""
    response = client.get(path)
    assert response.status_code == 301 and response.headers["Location"] == target
    html = client.get("/en/envido").get_data(as_text=True)
    assert "/en/envido/daily" not in [a.attrs.get("href") for a in find_all(html, "a")]


def share_link(html: str) -> str | None:
    links = find_all(html, "p", class_="share-link")
    return links[0].text.strip() if links else None


@pytest.mark.parametrize(
    "path", ["/en/envido", "/en/envido?hand=7o,6o,3b&check=1", "/en/envido/showdown", "/en/envido/stakes"]
)
def test_no_share_box_before_there_is_a_result(client, path):
    html = client.get(path).get_data(as_text=True)
    assert share_link(html) is None and not find_all(html, "img", class_="qr")


@pytest.mark.parametrize(
    "path, shared",
    [
        ("/en/envido?hand=7o,6o,3b&check=1&guess=33", "/en/envido?hand=7o,6o,3b&check=1"),
        ("/en/envido?hand=7o,6o,3b&check=1&guess=40", "/en/envido?hand=7o,6o,3b&check=1"),
    ],
)
def test_a_shared_puzzle_opens_unanswered(client, path, shared):
    """Issue 11, bug 6: the share link carried &guess=40 and opened on the solution."""
    html = client.get(path).get_data(as_text=True)
    assert share_link(html) == "http://localhost" + shared
    opened = client.get(shared).get_data(as_text=True)
    assert find_all(opened, "input", name="guess") and "The envido is" not in result_text(opened)


# --- Showdown page --------------------------------------------------------------------------------


def test_showdown_page_narrates_the_showdown(client):
    html = client.get("/en/envido/showdown?player=20&player=7&player=30&player=25").get_data(as_text=True)
    reasons = text_of(html, "li")
    assert reasons.index("Player 1 is mano and states 20.") < reasons.index(
        "Player 2 cannot beat 20 and says Son buenas."
    )
    assert "Player 3 stays silent: a partner already holds the best number so far." in reasons
    assert "Team 1 has the best envido: 30 against 25." in reasons
    assert "Player 3 wins the envido (team 1)." in result_text(html)


def test_showdown_page_with_hands_and_mano(client):
    response = client.get("/en/envido/showdown?player=7o+6o+3b&player=1e,2e,4c&player=&mano=2")
    assert response.headers["Location"] == "/en/envido/showdown?player=7o,6o,3b&player=1e,2e,4c&mano=2"
    html = client.get(response.headers["Location"]).get_data(as_text=True)
    assert cards_shown(html) == ["7o", "6o", "3b", "1e", "2e", "4c"]
    text = result_text(html)
    assert "Players speak in this order, starting with the mano: 2 and 1." in text
    assert "Player 1 has more and states 33." in text


def test_showdown_tie_goes_to_the_mano(client):
    text = result_text(client.get("/en/envido/showdown?player=27&player=27").get_data(as_text=True))
    assert "Both teams have 27: the tie goes to the player nearest the mano, player 1." in text


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("player=20&player=21&player=22", "A showdown needs 2, 4 or 6 players (3 were given)."),
        ("player=20&player=&player=22&player=23", "Player 2 is empty: fill in the players in order, without gaps."),
        ("player=15&player=20", "“15” is not a possible envido"),
        ("player=7o,6o,3b&player=7o,2e,4c", "Given twice: seven of coins."),
        ("player=20&player=21&mano=3", "The mano must be one of the players, 1 to 2."),
        ("player=20&player=21&mano=x", "The mano must be one of the players, 1 to 2."),
        ("player=20&player=8o,1e,2e", "“8o” is not in the Spanish deck"),
        ("player=1&" * 7 + "mano=1", "A showdown needs 2, 4 or 6 players (7 were given)."),
    ],
)
def test_showdown_page_bad_input(client, query, message):
    response = client.get(f"/en/envido/showdown?{query}")
    assert response.status_code == 400
    assert message in " ".join(text_of(response.get_data(as_text=True), "div", class_="checker-error"))


# --- Stakes page ----------------------------------------------------------------------------------


def test_stakes_page_explains_accepted_and_declined(client):
    text = result_text(client.get("/en/envido/stakes?calls=envido,real_envido&score=12,20").get_data(as_text=True))
    assert "Quiero: 5 points. No quiero: 2 points." in text
    assert "the calls are added: Envido 2 + Real envido 3 = 5." in text
    assert "The answering team may also raise with: Falta envido." in text
    assert "Going to the mazo now gives the other team 1 point." in text


def test_stakes_page_falta_from_the_score(client):
    text = result_text(client.get("/en/envido/stakes?calls=envido,falta_envido&score=12,20").get_data(as_text=True))
    assert "Falta envido is worth what the leading team still needs to reach 30: 30 − 20 = 10." in text
    assert "The calls before Falta envido are not added to it." in text


def test_stakes_form_fields_become_one_shareable_link(client):
    response = client.get(
        "/en/envido/stakes?calls=envido&calls=&calls=real_envido&calls=&truco=truco&truco=&truco="
        "&score=3&score=&target=&variant=&raisable=&falta_mode=to_15&flor=&early_mazo=yes"
    )
    assert (
        response.headers["Location"]
        == "/en/envido/stakes?calls=envido,real_envido&truco=truco&score=3,0&falta_mode=to_15&early_mazo=yes"
    )


def test_stakes_page_truco_mazo_and_flor(client):
    text = result_text(
        client.get("/en/envido/stakes?truco=truco,retruco&flor=contraflor&early_mazo=yes").get_data(as_text=True)
    )
    assert "Quiero: 3 points. No quiero: 2 points." in text
    assert "Going to the mazo instead of answering gives the other team 2 points, the same as No quiero." in text
    assert "Contraflor: accepted 6 points to the better flor, declined 4 points." in text
    early = result_text(client.get("/en/envido/stakes?calls=envido&early_mazo=yes").get_data(as_text=True))
    assert "folding in the first trick before the envido was played gives 2 points instead." in early


@pytest.mark.parametrize(
    ("query", "message"),
    [
        (
            "calls=real_envido,envido",
            "Call 2 is not allowed. The envido ladder goes Envido, Envido, Real envido, Falta envido",
        ),
        ("calls=envido,envido,envido", "Call 3 is not allowed. Envido may be called at most twice."),
        ("calls=falta_envido,envido", "Call 2 is not allowed. Nothing can follow Falta envido"),
        (
            "calls=envido,real_envido&variant=fixed",
            "Call 2 is not allowed. In this ruleset the envido cannot be raised",
        ),
        ("calls=envido,envido&raisable=no", "Call 2 is not allowed. In this ruleset the envido cannot be raised"),
        ("truco=retruco", "Call 1 is not allowed. Bets go up one step at a time; the next step is Truco."),
        ("calls=envido&score=12,31", "The scores must be two whole numbers from 0 to 29"),
        ("calls=envido&target=12", "The target must be one of 5, 10, 15, 20, 25, and 30."),
        ("calls=envido&variant=fixed&flor=simple", "This ruleset fixes that option"),
        ("calls=quiero", "“quiero” is not an envido call"),
    ],
)
def test_illegal_sequences_and_options_say_which_rule(client, query, message):
    response = client.get(f"/en/envido/stakes?{query}")
    assert response.status_code == 400
    assert message in " ".join(text_of(response.get_data(as_text=True), "div", class_="checker-error"))


def test_stakes_errors_of_both_ladders_are_all_shown(client):
    html = client.get("/en/envido/stakes?calls=real_envido,envido&truco=vale_cuatro").get_data(as_text=True)
    assert len(find_all(html, "p", class_="error")) == 2


@pytest.mark.parametrize(
    ("query_class", "path"),
    [
        (HandQuery, "/en/envido?hand=7o,6o,3b&check=1&guess=33"),
        (HandQuery, "/en/envido"),
        (ShowdownQuery, "/en/envido/showdown?player=7o,6o,3b&player=20&mano=2"),
        (
            StakesQuery,
            "/en/envido/stakes?calls=envido,real_envido&truco=truco&score=3,0&falta_mode=to_15&early_mazo=yes",
        ),
    ],
)
def test_a_query_object_reads_its_own_link_back(app, query_class, path):
    """``to_params()`` is the canonical link: read again, it gives the same state."""
    with app.test_request_context(path):
        query = query_class.from_args(request.args)
        assert param_items(query.to_params()) == list(request.args.items(multi=True))
        assert query_class.from_args(MultiDict(param_items(query.to_params()))) == query


# --- Explanations (the module the lessons reuse) ---------------------------------------------------


@pytest.fixture
def english(app):
    with app.test_request_context("/en/"):
        app.preprocess_request()
        yield


@pytest.mark.parametrize(
    ("hand", "formula"),
    [
        ("7c 5c 12e", "20 + 7 + 5 = 32"),
        ("12o 11o 3b", "20 + 0 + 0 = 20"),
        ("6c 5c 12b", "20 + 6 + 5 = 31"),
        ("7c 3c 4b", "20 + 7 + 3 = 30"),
        ("1e 6b 4o", ""),
        ("7o 12o 6o", "20 + 7 + 6 = 33"),
    ],
)
def test_envido_formula(english, hand, formula):
    assert explain.explain_envido(envido(hand)).formula == formula


def test_flor_explanation(english):
    explanation = explain.explain_flor(flor("12e 11e 10e"))
    assert explanation.headline == "Flor: 20." and explanation.formula == "20 + 0 + 0 + 0 = 20"


def test_showdown_explanation_has_one_line_per_statement(english):
    result = showdown([20, 7, 30, 25, 3, 1], mano=0)
    explanation = explain.explain_showdown(result)
    assert len(explanation.reasons) == 1 + len(result.statements) + 2
    assert explanation.headline == "Player 3 wins the envido (team 1)."


def test_stake_explanations(english):
    stake = envido_stake(["envido", "envido", "real_envido"])
    explanation = explain.explain_envido_stake(stake, next_envido_calls(["envido", "envido", "real_envido"]))
    assert explanation.headline == "Quiero: 7 points. No quiero: 4 points."
    assert "Envido 2 + Envido 2 = 4" in explanation.reasons[1]
    truco = explain.explain_truco_stake(truco_stake(["truco", "retruco", "vale_cuatro"]))
    assert truco.reasons[-1] == "Vale cuatro is the top: nothing can follow it."
    wins = explain.explain_envido_stake(envido_stake(["falta_envido"], scores=(3, 10), falta_mode="wins_game"))
    assert wins.headline == "Quiero: the game. No quiero: 1 point."
    assert "team 1 would score 27, team 2 would score 20" in wins.reasons[0]


def test_every_engine_reason_has_its_own_sentence(english):
    fallback = "That is not allowed."
    sentences = {reason: explain.error_message(IllegalActionError(reason)) for reason in Reason}
    assert fallback not in sentences.values()
    assert len(set(sentences.values())) == len(Reason)
    notation = {reason: explain.error_message(InvalidNotationError(reason, value="x")) for reason in NotationReason}
    assert fallback not in notation.values()
    assert len(set(notation.values())) == len(NotationReason)


@pytest.mark.parametrize(
    ("field", "details", "expected"),
    [
        (explain.Field.TRICKS, {"value": "W", "position": 2}, "Trick 3 comes after the hand was already decided."),
        (explain.Field.TRICKS, {"value": 4, "position": 3}, "A hand has at most three tricks."),
        (
            explain.Field.SCORE,
            {"value": "40", "max": 29},
            "The scores must be two whole numbers from 0 to 29, one per team, separated by a comma: “12,20” means 12 and 20.",
        ),
        (explain.Field.MANO, {"value": "9", "players": 4}, "The mano must be one of the players, 1 to 4."),
        (
            explain.Field.ENVIDO_VALUE,
            {"value": 15},
            "“15” is not a possible envido: a hand has 0 to 7 (no two cards of one suit) or 20 to 33 (two of one suit).",
        ),
    ],
)
def test_bad_value_sentence_depends_on_the_field(english, field, details, expected):
    assert explain.error_message(InvalidNotationError(NotationReason.BAD_VALUE, **details), field) == expected


# --- Translations (fail until the catalogs are filled) --------------------------------------------


def catalog_string(lang: str, msgid: str, context: str | None = None) -> str:
    with open(ROOT / "translations" / lang / "LC_MESSAGES" / "messages.po", "rb") as handle:
        message = read_po(handle, locale=lang).get(msgid, context=context)
    return message.string if message is not None and not message.fuzzy else ""


@pytest.mark.parametrize("lang", TRANSLATED)
def test_explanation_is_translated(client, lang):
    headline = catalog_string(lang, "The envido is %(points)s.")
    rule = catalog_string(lang, "Two cards share a suit (%(suit)s): they count 20 plus their values.")
    suit = catalog_string(lang, "coins", context="suit")
    assert headline and rule and suit, f"the envido explanation is not translated into {lang} yet"
    text = result_text(client.get(f"/{lang}/envido?hand=7o,6o,3b").get_data(as_text=True))
    assert headline % {"points": 33} in text
    assert rule % {"suit": suit} in text


@pytest.mark.parametrize("lang", TRANSLATED)
def test_messages_are_translated(client, lang):
    unknown = catalog_string(
        lang, "“%(value)s” is not in the Spanish deck: the numbers are 1 to 7, 10, 11 and 12 (there are no 8s and 9s)."
    )
    son_buenas = catalog_string(lang, "%(player)s cannot beat %(best)s and says Son buenas.")
    player = catalog_string(lang, "player %(number)s")
    assert unknown and son_buenas and player, f"the checker's messages are not translated into {lang} yet"
    error = client.get(f"/{lang}/envido?hand=8o,6o,3b").get_data(as_text=True)
    assert unknown % {"value": "8o"} in " ".join(text_of(error, "div", class_="checker-error"))
    showdown_text = result_text(client.get(f"/{lang}/envido/showdown?player=33&player=20").get_data(as_text=True))
    sentence = son_buenas % {"player": player % {"number": 2}, "best": 33}
    assert sentence[:1].upper() + sentence[1:] in showdown_text


# --- No input gives a 500 -------------------------------------------------------------------------

PAGE_PARAMETERS = (
    "card",
    "hand",
    "check",
    "guess",
    "player",
    "mano",
    "calls",
    "truco",
    "score",
    "target",
    "variant",
    "raisable",
    "falta_mode",
    "flor",
    "early_mazo",
    "date",
    "answer",
)
page_value = st.one_of(
    st.sampled_from(
        [
            "7o",
            "6o,3b",
            "A♠ 7♦ K♥",
            "8o",
            "envido",
            "real_envido,envido",
            "truco",
            "12,20",
            "30",
            "fixed",
            "yes",
            "no",
            "to_15",
            "contraflor",
            "2026-01-31",
            "33",
            "1",
            "-1",
            "",
            "１２",
        ]
    ),
    st.text(max_size=30),
)


@pytest.fixture(scope="module")
def fuzz_client(tmp_path_factory):
    return make_app(tmp_path_factory.mktemp("pages-fuzz")).test_client()


@examples(150)
@given(
    path=st.sampled_from(["/en/envido", "/pl/envido/showdown", "/de/envido/stakes", "/sv/envido"]),
    params=st.lists(st.tuples(st.sampled_from(PAGE_PARAMETERS), page_value), max_size=8),
    htmx=st.booleans(),
)
def test_pages_answer_any_query_without_a_server_error(fuzz_client, path, params, htmx):
    response = fuzz_client.get(f"{path}?{urlencode(params)}", headers=HTMX if htmx else {})
    assert response.status_code in (200, 302, 400), response.status_code
    if response.status_code == 400:
        assert find_all(response.get_data(as_text=True), "div", class_="checker-error")


@pytest.mark.parametrize(
    "path", ["/es/envido?hand=7o,6o,3b&check=1", "/es/envido/stakes", "/es/envido/showdown", "/es/envido"]
)
def test_numbers_are_checked_by_the_server_not_the_browsers_bubble(client, path):
    """Issue 11, bug 4: "Value must be less than or equal to 29" came from the browser, in its language."""
    html = client.get(path).get_data(as_text=True)
    for form in find_all(html, "form"):
        assert "novalidate" in form.attrs, path
    for field in find_all(html, "input"):
        assert field.attrs.get("type") != "number" and not {"min", "max", "required", "pattern"} & set(field.attrs), (
            path
        )


@pytest.mark.parametrize(
    "query, msgid, values",
    [
        (
            "/es/envido/stakes?calls=envido&score=40,0",
            "The scores must be two whole numbers from 0 to %(max)s, one per team, separated by a comma: “12,20” means 12 and 20.",
            {"max": 29},
        ),
        ("/es/envido?hand=7o,6o,3b&check=1&guess=abc", "Type your answer as a whole number, like 27.", {}),
        ("/es/envido?hand=7o,6o,3b&check=1&guess=-3", "Type your answer as a whole number, like 27.", {}),
        ("/es/envido?hand=7o,6o,3b&check=1&guess=150", "Type a number from 0 to %(max)s.", {"max": 99}),
    ],
)
def test_out_of_range_numbers_are_told_in_the_pages_language(client, query, msgid, values):
    message = load_translations("es").gettext(msgid) % values if values else load_translations("es").gettext(msgid)
    assert message != msgid  # the Spanish catalog has it
    response = client.get(query, headers=HTMX)
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)
