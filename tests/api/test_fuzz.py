"""schemathesis against the API's own OpenAPI document, over HTTP: no 500, no response the document does
not describe. Bounded by example count only (EXAMPLES per operation, no clock): the strategies add lone
surrogates to the generated bodies and send some bodies with a wrong content type (issue 11, items 6 and 7)."""

from __future__ import annotations

import json

import hypothesis
import pytest
import requests
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (content_type_conformance, response_headers_conformance,
                                                response_schema_conformance, status_code_conformance)

EXAMPLES = 8
WRONG_TYPES = ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x")
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_headers_conformance,
          response_schema_conformance]


@schemathesis.serializer("application/x-ndjson")
def ndjson(context, value) -> bytes:
    """Send generated JSON Lines bodies (strings) as they are."""
    return value.encode("utf-8", "surrogatepass") if isinstance(value, str) else str(value).encode()


def test_fuzzing_the_openapi_document_finds_no_500_and_no_undocumented_response(live_sqlite, monkeypatch):
    live = live_sqlite
    monkeypatch.setenv("QUESTLOG_STREAM_SECONDS", "0.1")  # GET .../events answers its hello and ends, instead of 5 minutes
    campaigns = [live.new_campaign(name="fuzz"), live.new_campaign(game="nanolith", name="fuzz nanolith")]
    live.call("POST", f"/campaigns/{campaigns[0]}/actions/count", json={"fields": {"character": "alice", "amount": 1}})
    schema = schemathesis.openapi.from_url(f"{live.url}/openapi.json")
    session = requests.Session()
    session.headers["Authorization"] = f"Bearer {live.admin}"
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) > 20
    for operation in operations:
        run_operation(operation, live.url, session, campaigns)


def with_surrogates(body):
    """``body`` with a lone surrogate in every string value (and one more field holding one)."""
    if isinstance(body, dict):
        return {**{k: with_surrogates(v) for k, v in body.items()}, **({} if body else {"name": "\ud800"})}
    if isinstance(body, list):
        return [with_surrogates(v) for v in body]
    return body + "\udc80" if isinstance(body, str) else body


def send_mangled(case, url: str, session: requests.Session, mangle: str) -> None:
    """Send the case's body with lone surrogates (as JSON escapes) or under a wrong content type, past
    schemathesis's own client-side checks: never a 5xx, always the error payload; a wrong type is a 415 for an
    authenticated client (or the 401 / 403 / 404 that come first)."""
    headers = {k: v for k, v in (case.headers or {}).items() if k in ("If-Match", "Idempotency-Key")}
    if mangle == "surrogates":
        data, headers["Content-Type"] = json.dumps(with_surrogates(case.body)).encode(), "application/json"
    else:
        data, headers["Content-Type"] = b"character=bob&amount=1", mangle
    response = session.post(url + case.formatted_path, data=data, headers=headers, params=case.query, timeout=30)
    assert response.status_code < 500, (mangle, response.status_code, response.text)
    if mangle != "surrogates":
        assert response.status_code in (401, 403, 404, 415), (mangle, response.status_code, response.text)
    if response.status_code >= 400:
        assert response.json()["error"], response.text


def run_operation(operation, url: str, session: requests.Session, campaigns: list[str]) -> None:
    """Fuzz one operation with EXAMPLES cases, pointing most at a real campaign."""

    @settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None, phases=[Phase.explicit, Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(case=operation.as_strategy(), pick=hypothesis.strategies.integers(0, 4),
           mangle=hypothesis.strategies.sampled_from(["none", "surrogates", *WRONG_TYPES]))
    def fuzz(case, pick, mangle):
        if "campaign_id" in (case.path_parameters or {}) and pick < len(campaigns) + 2:
            case.path_parameters["campaign_id"] = campaigns[pick % len(campaigns)]
        if pick % 2 == 0:  # half the time, no expected version: get past optimistic concurrency to the rules
            (case.headers or {}).pop("If-Match", None)
            if isinstance(case.body, dict):
                case.body.pop("expected_version", None)
        if mangle != "none" and case.method.upper() == "POST":
            send_mangled(case, url, session, mangle)
            return
        response = case.call(base_url=url, session=session)
        case.validate_response(response, checks=CHECKS)

    fuzz()
