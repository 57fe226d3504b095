"""The OpenAPI document: one path per action of every ruleset, each documenting that action's own fields."""

from __future__ import annotations

from domain.core.ruleset import rulesets
from domain.core.table import CORE_ACTIONS


def test_every_action_of_every_ruleset_has_its_own_path_and_fields(live_sqlite):
    doc = live_sqlite.call("GET", "/openapi.json", token=None).json()
    assert doc["openapi"].startswith("3.")
    schemas = doc["components"]["schemas"]
    for game, ruleset in rulesets().items():
        for verb, spec in {**ruleset.actions, **CORE_ACTIONS}.items():
            operation = doc["paths"][f"/campaigns/{{campaign_id}}/actions/{verb}"]["post"]
            body = operation["requestBody"]["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[1]
            fields = schemas[body]["properties"]["fields"]
            refs = [r["$ref"] for r in fields.get("allOf", []) + fields.get("oneOf", [])]
            documented = set().union(*(schemas[r.rsplit("/", 1)[1]]["properties"] for r in refs))
            assert set(spec.schema().fields) <= documented, (game, verb)


def test_characters_are_documented_as_strings_listing_ids_and_aliases(live_sqlite):
    doc = live_sqlite.call("GET", "/openapi.json", token=None).json()
    roll = doc["components"]["schemas"]["nanolith.RollActionDice"]["properties"]["character"]
    assert roll["type"] == "string"
    assert {"ashitaka", "ash", "cora", "vaa-lith", "vaa"} <= set(roll["enum"])
    assert doc["components"]["schemas"]["nanolith.RollActionDice"]["properties"]["dice"]["items"]["maximum"] == 6


def test_the_docs_page_and_bearer_security_are_served(live_sqlite):
    doc = live_sqlite.call("GET", "/openapi.json", token=None).json()
    assert doc["components"]["securitySchemes"]["bearerAuth"]["scheme"] == "bearer"
    assert doc["security"] == [{"bearerAuth": []}] and doc["paths"]["/rulesets"]["get"]["security"] == []
    page = live_sqlite.call("GET", "/docs", token=None)
    assert page.status_code == 200 and "swagger" in page.text.lower()


def test_the_catalogue_lists_each_actions_fields_types_and_help(live_sqlite):
    nanolith = live_sqlite.call("GET", "/rulesets/nanolith", token=None).json()
    roll = next(a for a in nanolith["actions"] if a["verb"] == "roll-action-dice")
    assert roll["reveal"] is True and roll["help"]
    by_name = {f["name"]: f for f in roll["fields"]}
    assert by_name["character"]["type"] == "string" and by_name["character"]["required"]
    assert by_name["dice"]["type"] == "array"
