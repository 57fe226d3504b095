"""The API's own request and response schemas. Action fields are never here: they are the rulesets'."""

from __future__ import annotations

import marshmallow as ma
from marshmallow import validate

from domain.core.names import not_whole_number, whole_number
from domain.requests import MAX_VERSION, expected_version_refusal

MAX_INT = MAX_VERSION
"""The largest version a request may name: the domain's one bound (the CLI's too)."""


class Strict(ma.Schema):
    """Request bodies refuse unknown keys (a typo should not be silently ignored)."""

    class Meta:
        unknown = ma.RAISE


class Digits(ma.fields.Integer):
    """A whole number in a query parameter (or a JSON number): ASCII digits 0-9 only, as the CLI reads one
    (:func:`domain.core.names.whole_number`); marshmallow's own reads ``５``, ``५`` and ``"5 "`` as 5."""

    def _deserialize(self, value: object, attr: str | None, data: object, **kwargs: object) -> int:
        if isinstance(value, str):
            number = whole_number(value)
            if number is None:
                raise ma.ValidationError(not_whole_number(value))
            return number
        return super()._deserialize(value, attr, data, **kwargs)


class Flag(ma.fields.Boolean):
    """A yes/no in a JSON body: ``true`` or ``false`` only, never ``"true"``, ``1`` or ``"yes"`` (marshmallow's Boolean
    reads them all). The API's boundary only: the domain reads what a command line or a form typed."""

    def _deserialize(self, value: object, attr: str | None, data: object, **kwargs: object) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return value


def _in_version_range(value: int) -> None:
    if not 0 <= value <= MAX_VERSION:
        raise ma.ValidationError(expected_version_refusal(value))


def _version(description: str) -> ma.fields.Integer:
    return ma.fields.Integer(strict=True, validate=_in_version_range,
                             metadata={"description": description, "minimum": 0, "maximum": MAX_VERSION})


# -- requests ---------------------------------------------------------------------------------------

class CampaignCreateSchema(Strict):
    """``POST /campaigns``."""

    game = ma.fields.String(required=True, validate=validate.Length(1, 60), metadata={"description": "a registered game (GET /rulesets)"})
    name = ma.fields.String(required=True, validate=validate.Length(1, 120))
    setup = ma.fields.Dict(keys=ma.fields.String(), load_default=dict, metadata={"description": "the game's setup options"})
    from_sheet = ma.fields.Dict(keys=ma.fields.String(), metadata={"description": "start where a paper campaign stands: the "
                                "game's sheet (the fields of its start-from-paper action)"})


class RecordBodyBase(Strict):
    """What every action request carries besides the action's own ``fields``."""

    expected_version = _version("refuse with 409 stale_version unless the campaign is at this version (or send If-Match)")
    digital = Flag(load_default=False, metadata={"description": "let Questlog roll for the table (reveal actions only)"})
    actor = ma.fields.String(validate=validate.Length(1, 80), metadata={"description": "who at the table gives the action"})


class VerbBodySchema(RecordBodyBase):
    """Parses ``POST /campaigns/{id}/actions/{verb}``; its documented body is the verb's own schema."""

    fields = ma.fields.Dict(keys=ma.fields.String(), load_default=dict, metadata={"description": "the action's fields (GET /rulesets/{game})"})


class RecordSchema(VerbBodySchema):
    """``POST /campaigns/{id}/actions``: any verb of the campaign's game, its fields as in the catalogue."""

    verb = ma.fields.String(required=True, validate=validate.Length(1, 60), metadata={"description": "the action's verb"})


class VersionOrBookmark(ma.fields.Field):
    """A version (a whole number, or ``"v12"``) or a bookmark's name: ``12``, ``"v12"``, ``"before the boss"``."""

    def _deserialize(self, value: object, attr: str | None, data: object, **kwargs: object) -> int | str:
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_INT:
            return value  # 0 is refused with view --at 0's words where it is resolved (Questlog.undo_to)
        if isinstance(value, str) and 1 <= len(value) <= 120:
            return value  # "5", "v5" or a bookmark's name: resolved as the CLI resolves it (Questlog.resolve_version)
        raise ma.ValidationError(f"a version (a whole number within 1..{MAX_INT}, or \"v12\") or a bookmark's name (1..120 characters)")


class RedoSchema(Strict):
    """``POST /campaigns/{id}/redo``: the expected version is required, here or as ``If-Match`` (else 428)."""

    expected_version = _version("refuse with 409 stale_version unless the campaign is at this version (or send If-Match)")
    actor = ma.fields.String(validate=validate.Length(1, 80))


class UndoSchema(RedoSchema):
    """``POST /campaigns/{id}/undo``: the expected version is required, here or as ``If-Match`` (else 428); ``to`` takes
    back every action after a version or bookmark in one request."""

    to = VersionOrBookmark(metadata={
        "oneOf": [{"type": "integer", "minimum": 1, "maximum": MAX_INT}, {"type": "string", "minLength": 1, "maxLength": 120}],
        "description": "take back every effective action recorded after this version (a number or \"v12\") or bookmark, "
                       "latest first, in one request; refused whole (409 sealed, naming the seal, nothing undone) when a "
                       "reveal lies after it; redo then puts them back one by one", "example": "before the boss"})


class CorrectionSchema(Strict):
    """``POST /campaigns/{id}/corrections``: the physical values a reveal should have recorded."""

    action_id = ma.fields.String(required=True, validate=validate.Length(1, 100), metadata={"description": "the reveal to correct"})
    fields = ma.fields.Dict(keys=ma.fields.String(), required=True, metadata={"description": "the corrected fields, e.g. {\"dice\": [1, 3, 4, 5, 6]}"})
    reason = ma.fields.String(required=True, validate=validate.Length(1, 500))
    expected_version = _version("refuse with 409 stale_version unless the campaign is at this version (or send If-Match)")
    actor = ma.fields.String(validate=validate.Length(1, 80))


class TokenCreateSchema(Strict):
    """``POST /tokens`` (admin): a campaign token, optionally read-only."""

    campaigns = ma.fields.List(ma.fields.String(validate=validate.Length(1, 64)), required=True, validate=validate.Length(1, 50))
    read_only = Flag(load_default=False)
    label = ma.fields.String(load_default="", validate=validate.Length(0, 120))
    seat = ma.fields.String(load_default=None, allow_none=True, validate=validate.Length(1, 80),
                            metadata={"description": "limit the token to this person's characters and the table's actions"})
    expires_at = ma.fields.AwareDateTime(load_default=None, allow_none=True, metadata={"description": "when the token stops working"})
    join_code = Flag(load_default=False, metadata={"description": "also make a short code a person can type at /join"})


class JoinSchema(Strict):
    """``POST /join``: an invite's join code, traded for a token of the invite's grant."""

    code = ma.fields.String(required=True, validate=validate.Length(4, 20), metadata={"example": "ABCD-EFGH"})
    label = ma.fields.String(load_default="", validate=validate.Length(0, 80), metadata={"description": "which phone this is"})


class TokenQuerySchema(ma.Schema):
    """``GET /tokens?campaign=ID``: only the tokens granted that campaign."""

    campaign = ma.fields.String(validate=validate.Length(1, 64))


class AtQuerySchema(ma.Schema):
    """``?at=VERSION``: as of that version (time travel): ``5``, ``v5`` or a bookmark's name, as ``view --at`` takes it."""

    at = ma.fields.String(validate=validate.Length(1, 120), metadata={
        "description": "show it as of this version (ASCII digits, \"5\" or \"v5\") or bookmark", "example": "v5"})


class HistoryQuerySchema(AtQuerySchema):
    """History paging: ``?page=1&page_size=50`` (oldest first)."""

    page = Digits(load_default=1, validate=validate.Range(1, 100_000))
    page_size = Digits(load_default=50, validate=validate.Range(1, 200))


class CampaignListQuerySchema(ma.Schema):
    """``GET /campaigns?page=1&page_size=50``: one page of the list, oldest first (no ``page_size``: every campaign);
    ``?after=ID&page_size=50``: the page that follows campaign ``ID`` (a keyset page, as quick anywhere in a big
    store; each full page's ``Link: <...>; rel="next"`` names the next one)."""

    page = Digits(load_default=1, validate=validate.Range(1, 1_000_000))
    page_size = Digits(validate=validate.Range(1, 500))
    after = ma.fields.UUID(metadata={"description": "the id of the last campaign of the previous page"})


class ImportQuerySchema(ma.Schema):
    """``POST /campaigns/import?name=...``: a new name for the imported campaign."""

    name = ma.fields.String(validate=validate.Length(1, 120))


# -- responses --------------------------------------------------------------------------------------

class CampaignEntrySchema(ma.Schema):
    """A campaign in the list (the campaign index)."""

    id = ma.fields.String(required=True)
    game = ma.fields.String(required=True)
    name = ma.fields.String(required=True)
    version = ma.fields.Integer(required=True, metadata={"description": "events stored so far; also the ETag"})
    current_play = ma.fields.String(allow_none=True, required=True, metadata={"description": "the play in progress, or null"})
    players = ma.fields.Dict(metadata={"description": "person -> characters they run"})
    created_at = ma.fields.String(allow_none=True)
    last_action_at = ma.fields.String(allow_none=True)


class CampaignSchema(CampaignEntrySchema):
    """A campaign: its index entry plus its setup and view names."""

    setup = ma.fields.Dict(required=True)
    views = ma.fields.List(ma.fields.String(), required=True, metadata={"description": "view names (GET .../views/{name})"})


class EventSchema(ma.Schema):
    """A domain event as stored: its type and data."""

    type = ma.fields.String(required=True)
    data = ma.fields.Dict(required=True)
    text = ma.fields.String(metadata={"description": "the event's history line (recording an action: its effects in words)"})


class ActionResultSchema(ma.Schema):
    """What recording an action, an undo or a redo stored."""

    campaign_id = ma.fields.String(required=True)
    action_id = ma.fields.String(required=True)
    verb = ma.fields.String(required=True)
    events = ma.fields.List(ma.fields.Nested(EventSchema), required=True)
    version = ma.fields.Integer(required=True, metadata={"description": "the campaign's new version (also the ETag)"})
    reveal = ma.fields.Boolean(required=True)
    duplicate = ma.fields.Boolean(metadata={"description": "true when the Idempotency-Key was already recorded"})
    action = ma.fields.Dict(metadata={"description": "undo / redo: the action taken back or put back"})
    actions = ma.fields.List(ma.fields.Dict(), metadata={"description": "undo with to: every action taken back, latest first"})
    play_ended = ma.fields.Dict(metadata={"description": "an action that finished a play: {n, title, outcome, recap (its API route), "
                                                          "page (its recap page)}, n as `questlog recap N` numbers it"})


class HistorySchema(ma.Schema):
    """One page of the ``history`` view: actions oldest first, undone ones marked, seals shown."""

    version = ma.fields.Integer(required=True)
    actions = ma.fields.List(ma.fields.Dict(), required=True, metadata={"description": "entries: kind, version, status, sealed..."})
    horizon = ma.fields.Dict(required=True, metadata={"description": "how far back undo can go: undoable, seal, redoable"})
    page = ma.fields.Integer(required=True)
    page_size = ma.fields.Integer(required=True)
    total = ma.fields.Integer(required=True)
    pages = ma.fields.Integer(required=True)


class ViewSchema(ma.Schema):
    """A view's data as of a version."""

    name = ma.fields.String(required=True)
    version = ma.fields.Integer(required=True, metadata={"description": "the version the view shows"})
    data = ma.fields.Raw(required=True, allow_none=True, metadata={"description": "the view's JSON"})


class ActionDocSchema(ma.Schema):
    """One action in a ruleset's catalogue, generated from its schema."""

    verb = ma.fields.String(required=True)
    help = ma.fields.String(required=True)
    reveal = ma.fields.Boolean(required=True)
    digital = ma.fields.Boolean(metadata={"description": "Questlog can roll this action's dice for the table (send digital: true)"})
    args = ma.fields.List(ma.fields.String(), required=True)
    rule = ma.fields.String()
    fields = ma.fields.List(ma.fields.Dict(), required=True, metadata={"description": "name, type, required, description, enum..."})
    schema = ma.fields.Dict(required=True, metadata={"description": "the JSON schema of the action's fields"})


class RulesetSchema(ma.Schema):
    """A ruleset and its action catalogue."""

    game = ma.fields.String(required=True)
    title = ma.fields.String(required=True)
    rulebook = ma.fields.String()
    version = ma.fields.Integer(required=True)
    characters = ma.fields.Dict()
    views = ma.fields.List(ma.fields.String(), required=True)
    actions = ma.fields.List(ma.fields.Nested(ActionDocSchema))


class GrantSchema(ma.Schema):
    """A live token's grant (never the token)."""

    token_id = ma.fields.String(required=True)
    admin = ma.fields.Boolean(required=True)
    campaigns = ma.fields.List(ma.fields.String(), required=True)
    read_only = ma.fields.Boolean(required=True)
    label = ma.fields.String()
    created_at = ma.fields.String()
    seat = ma.fields.String(allow_none=True)
    expires_at = ma.fields.String(allow_none=True)


class TokenSchema(GrantSchema):
    """A token just issued: its grant, and the token itself, shown this once."""

    token = ma.fields.String(required=True)
    join_code = ma.fields.String(metadata={"description": "the invite's join code (shown this once)"})
