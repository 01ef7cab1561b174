"""schemathesis over the whole OpenAPI document, against the WSGI app, with a bounded number of examples.

Every operation gets schema-valid and schema-violating requests (examples, coverage and fuzzing
phases). Each response must: not be a 5xx, have a status, content type, headers and body the
document declares, and, for a request the schema allows, not be refused ("positive data
acceptance"): the schema says what the API accepts.

What the document cannot say, and how this test deals with it:

- ``/showdown`` with ``hands``: no card in two hands (JSON Schema has no uniqueness across nested
  arrays). The description says so; a generated body that repeats a card must get a 400
  ``duplicate_card``.
- ``/envido-stake``, ``/hint``, ``/bot-move``, ``/replay``: rules that tie parameters together (a score below
  the target, a raise only where the variant and ``raisable`` allow it) or need the engine (a legal
  position and action history in ``hand``). Positive data acceptance is off for these four; every
  other check runs, and tests/web/test_api.py covers their 400s one by one.
- Schema-violating requests are not required to be refused ("negative data rejection" is off): the
  API reads more than the canonical notation the schema describes (French symbols such as ``A♠``,
  spaces, any case), as documented. tests/web/test_api_fuzz.py sends malformed input everywhere.
"""

from __future__ import annotations

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.config import SchemathesisConfig
from schemathesis.specs.openapi.checks import positive_data_acceptance

from tests.budgets import budget
from tutor import create_app

EXAMPLES = budget(60)
"""Generated requests per operation and phase (the whole test stays well under a minute)."""

PLAIN = {"Accept-Encoding": "identity"}
"""The WSGI transport reads bodies as sent: ask for them uncompressed (compression is tested elsewhere)."""

LENIENT_OPERATIONS = ("/envido-stake", "/hint", "/bot-move", "/replay")

app = create_app({"SECRET_KEY": "schemathesis", "SQLALCHEMY_DATABASE_URI": "sqlite://"})  # as deployed: not TESTING
config = SchemathesisConfig.from_dict(
    {
        "checks": {"negative_data_rejection": {"enabled": False}},
        "generation": {"max-examples": EXAMPLES},
        "operations": [
            {"include-path": path, "checks": {"positive_data_acceptance": {"enabled": False}}}
            for path in LENIENT_OPERATIONS
        ],
    }
)
schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", app, config=config)


def repeats_a_card(case) -> bool:
    """A showdown body whose hands share a card (the rule the document states in words only)."""
    body = case.body
    if case.path != "/showdown" or case.method.upper() != "POST" or not isinstance(body, dict):
        return False
    hands = body.get("hands")
    cards = [card for hand in hands if isinstance(hand, list) for card in hand] if isinstance(hands, list) else []
    named = [card for card in cards if isinstance(card, str)]
    return len(named) != len(set(named))


@schema.parametrize()
@settings(deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
def test_the_api_answers_as_its_openapi_document_says(case):
    if repeats_a_card(case):  # refused for the reason the description gives: every other check still runs
        response = case.call_and_validate(headers=PLAIN, excluded_checks=[positive_data_acceptance])
        assert 400 <= response.status_code < 500, response.text  # 400, or 415 for a body not sent as JSON
        return
    case.call_and_validate(headers=PLAIN)
