"""The OpenAPI 3.1 document is valid and every endpoint it lists answers as it describes."""

from __future__ import annotations

import json
import re
from urllib.parse import quote, urlencode

import pytest
from jsonschema import Draft202012Validator
from openapi_spec_validator import OpenAPIV31SpecValidator, validate
from werkzeug.datastructures import MultiDict

from tests.web.test_api import problem
from tutor.web.api import ENDPOINTS
from tutor.web.shared.queries import parameters

ISSUE_PATHS = {
    "/envido",
    "/trick",
    "/hand",
    "/envido-stake",
    "/truco-stake",
    "/showdown",
    "/hint",
    "/bot-move",
    "/replay",
    "/openapi.json",
}
ALL_METHODS = ("get", "post", "put", "patch", "delete")


@pytest.fixture
def document(client):
    response = client.get("/api/v1/openapi.json")
    assert response.status_code == 200 and response.mimetype == "application/json"
    return response.get_json()


def operations(document):
    for path, item in document["paths"].items():
        for method, operation in item.items():
            yield path, method, operation


def schema_validator(document, ref: str) -> Draft202012Validator:
    """A JSON Schema 2020-12 validator for one component, its $refs resolved in the document."""
    return Draft202012Validator({"$ref": ref, "components": document["components"]})


def url(document, path: str, params: dict[str, str]) -> str:
    base = document["servers"][0]["url"] + path
    return f"{base}?{urlencode(params)}" if params else base


def call(client, document, path, method, operation, which: str = "valid", only: str | None = None):
    params = {p["name"]: p["examples"]["valid"]["value"] for p in operation.get("parameters", [])}
    if only is not None:
        params[only] = next(p for p in operation["parameters"] if p["name"] == only)["examples"][which]["value"]
    body = operation.get("requestBody")
    if body is None:
        return client.open(url(document, path, params), method=method.upper())
    payload = body["content"]["application/json"]["examples"][which]["value"]
    return client.open(
        url(document, path, params), method=method.upper(), data=json.dumps(payload), content_type="application/json"
    )


def test_document_is_valid_openapi_3_1(document):
    assert document["openapi"].startswith("3.1")
    validate(document, cls=OpenAPIV31SpecValidator)


def test_document_lists_exactly_the_endpoints_of_the_issue(document):
    assert set(document["paths"]) == ISSUE_PATHS
    assert document["servers"] == [{"url": "/api/v1"}]
    methods = {(path, method) for path, method, _ in operations(document)}
    assert ("/showdown", "post") in methods
    assert all(method == "get" for path, method in methods if path != "/showdown")


def test_parameter_names_are_those_of_the_issue(document):
    names = {path: [p["name"] for p in op.get("parameters", [])] for path, _, op in operations(document)}
    assert names["/envido"] == ["hand"]
    assert names["/trick"] == ["cards"]
    assert names["/hand"] == ["tricks"]
    assert names["/truco-stake"] == ["calls"]
    assert names["/envido-stake"][:3] == ["calls", "score", "target"]
    assert {"falta_mode", "raisable", "variant"} <= set(names["/envido-stake"])


def test_routes_and_paths_come_from_the_endpoint_table(app, document):
    """One table (tutor/web/api/endpoints.py): each endpoint's route, its operation and its parameters."""
    rules = {rule.endpoint: rule for rule in app.url_map.iter_rules()}
    for endpoint in ENDPOINTS:
        rule = rules[f"api.{endpoint.handler.__name__}"]
        assert rule.rule == "/api/v1" + endpoint.path and endpoint.method in rule.methods
        operation = document["paths"][endpoint.path][endpoint.method.lower()]
        assert operation["operationId"] == endpoint.operation_id
        names = [item.name for item in parameters(endpoint.query)] if endpoint.query else []
        assert [p["name"] for p in operation.get("parameters", [])] == names
    assert len(document["paths"]) == len({endpoint.path for endpoint in ENDPOINTS})


def test_every_documented_example_is_read_and_written_back_unchanged(app):
    """A query object's to_params() is the canonical form of what it read: the documented examples are in it."""
    for endpoint in ENDPOINTS:
        if endpoint.query is None:
            continue
        params = {item.name: item.example for item in parameters(endpoint.query)}
        with app.test_request_context():
            assert endpoint.query.from_args(MultiDict(params)).to_params() == params, endpoint.path


def test_every_operation_answers_its_example(client, document):
    for path, method, operation in operations(document):
        response = call(client, document, path, method, operation)
        assert response.status_code == 200, (path, response.get_data(as_text=True))
        content = operation["responses"]["200"]["content"]["application/json"]
        body = response.get_json()
        schema = content["schema"]
        if "$ref" in schema:
            schema_validator(document, schema["$ref"]).validate(body)
        else:
            Draft202012Validator(schema).validate(body)
        if "example" in content:
            assert body == content["example"], path


def test_every_invalid_example_is_a_documented_problem(client, document):
    problem_schema = schema_validator(document, "#/components/schemas/Problem")
    seen = 0
    for path, method, operation in operations(document):
        for parameter in operation.get("parameters", []):
            if "invalid" in parameter["examples"]:
                response = call(client, document, path, method, operation, "invalid", only=parameter["name"])
                assert "400" in operation["responses"]
                problem_schema.validate(problem(response, 400, response.get_json()["code"]))
                seen += 1
        body = operation.get("requestBody")
        if body is not None:
            response = call(client, document, path, method, operation, "invalid")
            problem_schema.validate(problem(response, 400, response.get_json()["code"]))
            seen += 1
    assert seen == 16  # one per parameter with an invalid example, one for the showdown body


def test_undocumented_methods_answer_405_as_documented(client, document):
    problem_schema = schema_validator(document, "#/components/schemas/Problem")
    for path, item in document["paths"].items():
        for method in ALL_METHODS:
            if method in item:
                continue
            response = client.open(url(document, path, {}), method=method.upper())
            problem_schema.validate(problem(response, 405, "method_not_allowed"))
            assert all("405" in operation["responses"] for operation in item.values())


def test_documented_error_responses_are_problem_json(document):
    for path, _method, operation in operations(document):
        for status, response in operation["responses"].items():
            if status.startswith("4"):
                ref = response["$ref"]
                component = document["components"]["responses"][ref.rsplit("/", 1)[1]]
                assert list(component["content"]) == ["application/problem+json"], (path, status)


def test_problem_code_enum_covers_every_code_the_api_answers(client, document):
    codes = set(document["components"]["schemas"]["Problem"]["properties"]["code"]["enum"])
    answered = {
        client.get("/api/v1/envido?hand=8o,1e,2e").get_json()["code"],
        client.get("/api/v1/envido-stake?calls=envido,envido,envido").get_json()["code"],
        client.get("/api/v1/nowhere").get_json()["code"],
        client.post("/api/v1/showdown", data="x", content_type="text/plain").get_json()["code"],
        client.get("/api/v1/hand?tricks=W,W,W").get_json()["code"],
    }
    assert answered == {"unknown_rank", "envido_too_many", "not_found", "unsupported_media_type", "bad_value"}
    assert answered <= codes


def test_post_showdown_oversized_and_wrong_media_type_are_documented(client, document):
    responses = document["paths"]["/showdown"]["post"]["responses"]
    assert {"400", "405", "413", "415"} <= set(responses)
    big = client.post(
        "/api/v1/showdown", data=json.dumps({"values": [1, 2], "x": "y" * 9000}), content_type="application/json"
    )
    schema_validator(document, "#/components/schemas/Problem").validate(problem(big, 413, "payload_too_large"))


GUNICORN_REQUEST_LINE = 4094
"""gunicorn's default ``limit_request_line``: longer request lines are refused before the app sees them."""


def worst_case_length(parameter) -> int:
    """The longest percent-encoded ``name=value`` the parameter's schema allows."""
    schema = parameter["schema"]
    name = len(quote(parameter["name"], safe=""))
    if "enum" in schema:
        return name + 1 + max(len(quote(str(value), safe="")) for value in schema["enum"])
    assert "maxLength" in schema, f"{parameter['name']}: no maxLength and no enum"
    pattern = schema.get("pattern")
    ascii_only = pattern is not None and not any(re.search(pattern, text) for text in ("é", "7o,6o,é", "\u2660"))
    per_character = 3 if ascii_only else 12  # %XX per byte; up to four UTF-8 bytes otherwise
    return name + 1 + per_character * schema["maxLength"]


def test_every_url_the_schema_allows_fits_the_server_request_line(document):
    for path, method, operation in operations(document):
        parameters = [p for p in operation.get("parameters", []) if p["in"] == "query"]
        query_length = sum(worst_case_length(p) for p in parameters) + max(0, len(parameters) - 1)
        line = len(f"{method.upper()} /api/v1{path}? HTTP/1.1") + query_length
        assert line <= GUNICORN_REQUEST_LINE, (path, line)


@pytest.mark.parametrize(
    ("path", "accepted", "refused"),
    [
        ("/envido", "hand=7o,6o,3b", "hand=8o,6o,3b"),
        ("/envido", "hand=12c,1e,11b", "hand=7o,7o,3b"),
        ("/trick", "cards=3e,1b,3o,4c", "cards=3e,1b,3o"),
        ("/trick", "cards=1e,2e,3e,4e,5e,6e", "cards=1e,2e,1e,4e"),
        ("/hand", "tricks=P,W", "tricks=W,W,L"),
        ("/truco-stake", "calls=truco,retruco", "calls=retruco"),
        ("/envido-stake", "calls=envido,real_envido", "calls=real_envido,envido"),
    ],
)
def test_the_schema_allows_what_the_api_accepts_and_not_what_it_refuses(client, document, path, accepted, refused):
    """The parameter's schema and the API agree on a valid and an invalid value."""
    operation = document["paths"][path]["get"]
    for query, status in ((accepted, 200), (refused, 400)):
        name, value = query.split("=", 1)
        schema = next(p["schema"] for p in operation["parameters"] if p["name"] == name)
        allowed = value in schema["enum"] if "enum" in schema else re.search(schema["pattern"], value) is not None
        assert allowed == (status == 200), (path, query)
        assert client.get(f"/api/v1{path}?{query}").status_code == status, (path, query)
