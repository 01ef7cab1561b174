"""The OpenAPI 3.1 document is valid and every endpoint it lists answers as it describes."""

from __future__ import annotations

import json
from urllib.parse import urlencode

import pytest
from jsonschema import Draft202012Validator
from openapi_spec_validator import OpenAPIV31SpecValidator, validate

from tests.web.test_api import problem

ISSUE_PATHS = {"/envido", "/trick", "/hand", "/envido-stake", "/truco-stake", "/showdown", "/hint", "/bot-move", "/openapi.json"}
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
    return client.open(url(document, path, params), method=method.upper(), data=json.dumps(payload), content_type="application/json")


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
    assert seen == 15  # one per parameter with an invalid example, one for the showdown body


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
    for path, method, operation in operations(document):
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
    big = client.post("/api/v1/showdown", data=json.dumps({"values": [1, 2], "x": "y" * 9000}), content_type="application/json")
    schema_validator(document, "#/components/schemas/Problem").validate(problem(big, 413, "payload_too_large"))
