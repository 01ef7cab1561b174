"""Property tests: random and malformed parameters and bodies at every API endpoint never give a 5xx.

Every answer is either a 200 JSON document or a 4xx problem+json with a known ``code``.
"""

from __future__ import annotations

import json
from urllib.parse import quote, urlencode

import pytest
from hypothesis import given, strategies as st

from tests.budgets import examples
from tests.conftest import make_app
from tutor.engine.cards import DECK
from tutor.web.api import ERROR_CODES

GET_PATHS = ("/envido", "/trick", "/hand", "/envido-stake", "/truco-stake", "/openapi.json")
PARAMETERS = ("hand", "cards", "tricks", "calls", "score", "target", "falta_mode", "raisable", "variant")
FUZZ = examples(150)


@pytest.fixture(scope="module")
def api(tmp_path_factory):
    """One app for all examples (hypothesis runs many examples per test)."""
    return make_app(tmp_path_factory.mktemp("fuzz")).test_client()


def check(response) -> None:
    assert response.status_code < 500, response.get_data(as_text=True)
    if response.status_code == 200:
        assert response.mimetype == "application/json"
        assert isinstance(response.get_json(), dict)
        return
    assert 400 <= response.status_code < 500
    assert response.mimetype == "application/problem+json"
    body = json.loads(response.get_data(as_text=True))
    assert body["status"] == response.status_code
    assert body["code"] in ERROR_CODES
    assert isinstance(body["detail"], str) and body["detail"]


card_like = st.one_of(
    st.sampled_from([card.notation for card in DECK]),
    st.sampled_from([card.french for card in DECK]),
    st.sampled_from(
        ["8o", "9e", "0b", "13c", "7x", "A", "Kc", "", " ", "W", "L", "P", "envido", "truco", "-1", "１２e"]
    ),
    st.text(max_size=6),
)
word = st.one_of(
    st.sampled_from(
        [
            "envido",
            "real_envido",
            "falta_envido",
            "truco",
            "retruco",
            "vale_cuatro",
            "normal",
            "wins_game",
            "to_15",
            "true",
            "false",
            "fixed",
            "argentino",
            "30",
            "15",
            "12,20",
            "0,0",
            "29,29",
            "W",
            "L",
            "P",
        ]
    ),
    st.integers(min_value=-(10**6), max_value=10**6).map(str),
    card_like,
)
value = st.lists(word, max_size=8).map(lambda items: ",".join(items)) | st.text(max_size=40)
query = st.lists(st.tuples(st.sampled_from(PARAMETERS) | st.text(min_size=1, max_size=8), value), max_size=6)


@FUZZ
@given(path=st.sampled_from(GET_PATHS), params=query)
def test_get_endpoints_never_fail(api, path, params):
    check(api.get(f"/api/v1{path}?{urlencode(params)}"))


@FUZZ
@given(path=st.sampled_from(GET_PATHS + ("/showdown", "/x")), raw=st.text(max_size=200))
def test_raw_query_strings_never_fail(api, path, raw):
    check(api.get(f"/api/v1{path}?{quote(raw, safe='=&,')}"))


json_scalar = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True),
    card_like,
    st.integers(min_value=0, max_value=40),
)
json_value = st.recursive(
    json_scalar,
    lambda inner: st.lists(inner, max_size=7) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=30,
)
hand = st.lists(card_like, min_size=0, max_size=4)
showdown_body = st.fixed_dictionaries(
    {},
    optional={
        "hands": st.one_of(st.lists(hand, max_size=7), json_value),
        "values": st.one_of(st.lists(st.integers(min_value=-5, max_value=40), max_size=7), json_value),
        "mano": st.one_of(st.integers(min_value=-3, max_value=8), json_value),
        "extra": json_value,
    },
)


@FUZZ
@given(body=showdown_body | json_value)
def test_showdown_json_never_fails(api, body):
    check(api.post("/api/v1/showdown", data=json.dumps(body, allow_nan=True), content_type="application/json"))


@FUZZ
@given(
    data=st.binary(max_size=600),
    content_type=st.sampled_from(
        [
            "application/json",
            "text/plain",
            "application/x-www-form-urlencoded",
            "application/problem+json",
            "multipart/form-data",
            "",
            "application/json; charset=latin-1",
        ]
    ),
)
def test_showdown_raw_bodies_never_fail(api, data, content_type):
    check(api.post("/api/v1/showdown", data=data, content_type=content_type))


@FUZZ
@given(
    method=st.sampled_from(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]),
    path=st.sampled_from(GET_PATHS + ("/showdown", "/", "/nothing/at/all")),
)
def test_every_method_on_every_path_never_fails(api, method, path):
    response = api.open(f"/api/v1{path}", method=method)
    assert response.status_code < 500
    if response.status_code >= 400:
        assert response.mimetype == "application/problem+json"
