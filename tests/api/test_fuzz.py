"""schemathesis against the API's own OpenAPI document, over HTTP: no 500, no response the document does
not describe. Bounded: a few examples per operation and a time budget for the whole run."""

from __future__ import annotations

import time

import hypothesis
import pytest
import requests
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (content_type_conformance, response_headers_conformance,
                                                response_schema_conformance, status_code_conformance)

EXAMPLES = 12
BUDGET_SECONDS = 50
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_headers_conformance,
          response_schema_conformance]


@schemathesis.serializer("application/x-ndjson")
def ndjson(context, value) -> bytes:
    """Send generated JSON Lines bodies (strings) as they are."""
    return value.encode("utf-8", "surrogatepass") if isinstance(value, str) else str(value).encode()


def test_fuzzing_the_openapi_document_finds_no_500_and_no_undocumented_response(live_sqlite):
    live = live_sqlite
    campaigns = [live.new_campaign(name="fuzz"), live.new_campaign(game="nanolith", name="fuzz nanolith")]
    live.call("POST", f"/campaigns/{campaigns[0]}/actions/count", json={"fields": {"character": "alice", "amount": 1}})
    schema = schemathesis.openapi.from_url(f"{live.url}/openapi.json")
    session = requests.Session()
    session.headers["Authorization"] = f"Bearer {live.admin}"
    deadline = time.monotonic() + BUDGET_SECONDS
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) > 20
    tried = 0
    for operation in operations:
        if time.monotonic() > deadline:
            break
        tried += 1
        run_operation(operation, live.url, session, campaigns, deadline)
    assert tried == len(operations), f"the time budget ran out after {tried} of {len(operations)} operations"


def run_operation(operation, url: str, session: requests.Session, campaigns: list[str], deadline: float) -> None:
    """Fuzz one operation with at most EXAMPLES cases, pointing most at a real campaign."""

    @settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None, phases=[Phase.explicit, Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(case=operation.as_strategy(), pick=hypothesis.strategies.integers(0, 4))
    def fuzz(case, pick):
        if time.monotonic() > deadline:
            return
        if "campaign_id" in (case.path_parameters or {}) and pick < len(campaigns) + 2:
            case.path_parameters["campaign_id"] = campaigns[pick % len(campaigns)]
        if pick % 2 == 0:  # half the time, no expected version: get past optimistic concurrency to the rules
            (case.headers or {}).pop("If-Match", None)
            if isinstance(case.body, dict):
                case.body.pop("expected_version", None)
        response = case.call(base_url=url, session=session)
        case.validate_response(response, checks=CHECKS)

    fuzz()
