"""The page routes: public shells (no data in them) and the HTML fragments they load with the token.

A shell is the same for everyone (it holds no campaign data, so it needs no token); its script asks for
the fragments with ``Authorization: Bearer TOKEN`` from the browser's storage, so every fragment passes
the API's own access checks (401 / 404 for a campaign not granted / 403), and no cookie is ever used
(so no request can be forged from another site).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app, render_template, request
from flask.views import MethodView

from domain.core.errors import QuestlogError
from domain.core.names import quoted, whole_number
from domain.core.ruleset import get_ruleset
from domain.core.table import CORE_ACTIONS, CORE_EVENTS

from ..auth import canonical_id, grant, visible
from ..errors import ApiError
from ..rulesets import ruleset_doc
from ..seats import page_check
from .acts import grouped, owed_now, tap_offers, thing_label
from .forms import form_fields, order_actions, presented, said
from .render import view_html

blp = Blueprint("pages", __name__, template_folder="templates")
POLL_MS = 1500
"""How often a page asks the campaign's version (ms): another device's action shows within ~1.5 s."""
HISTORY_PAGE = 40
"""History entries per fragment page (latest first)."""


def _app() -> Any:
    return current_app.extensions["questlog"]


def _shell(template: str, page: str) -> type[MethodView]:
    """A public page shell: the template with only the ids from its URL."""

    def get(self: MethodView, **ids: Any) -> str:
        if "cid" in ids and canonical_id(ids["cid"]) is None:
            raise ApiError(404, "not_found", f"no campaign {ids['cid'][:40]} in this store")
        return render_template(template, page=page, poll_ms=POLL_MS, **ids)

    return type(f"Shell_{page}", (MethodView,), {"get": get, "public": True, "__doc__": f"The {page} page (public shell)."})


class Favicon(MethodView):
    """``GET /favicon.ico``: the page's icon (``static/page/icon.svg``), for clients that ask before reading the
    page's ``<link rel="icon">``; public, like the static files."""

    public = True

    def get(self) -> Any:
        response = current_app.send_static_file("page/icon.svg")
        response.mimetype = "image/svg+xml"
        response.cache_control.max_age = 86400
        return response


class GameStyles(MethodView):
    """``GET /page/styles/{game}.css``: the CSS of a game's drawn board, as its ruleset declares it with the kit
    (``KIT.stylesheet``), served from this server so the Content-Security-Policy's ``style-src 'self'`` covers it and
    the page's own stylesheet names no game; public like the static files (404 for a game not installed)."""

    public = True

    def get(self, game: str) -> Any:
        try:
            ruleset = get_ruleset(game)
        except QuestlogError:
            raise ApiError(404, "not_found", f"no game {game[:40]!r} installed") from None
        css = ruleset.stylesheet() if hasattr(ruleset, "stylesheet") else ""
        response = current_app.response_class(css, mimetype="text/css")
        response.cache_control.no_cache = True  # asked again each time, answered 304 while unchanged: a new version shows at once
        response.add_etag()
        return response.make_conditional(request)


blp.add_url_rule("/favicon.ico", view_func=Favicon.as_view("favicon"))
blp.add_url_rule("/page/styles/<game>.css", view_func=GameStyles.as_view("game_styles"))
blp.add_url_rule("/", view_func=_shell("campaigns.html", "campaigns").as_view("campaigns"))
blp.add_url_rule("/play/<cid>/history", view_func=_shell("history.html", "history").as_view("history"))
blp.add_url_rule("/play/<cid>/audit", view_func=_shell("audit.html", "audit").as_view("audit"))


def catalogue(game: str) -> dict[str, Any]:
    """The game's action catalogue exactly as ``GET /rulesets/{game}`` serves it."""
    return ruleset_doc(get_ruleset(game))


@blp.get("/fragments/campaigns")
def campaigns_fragment() -> str:
    """The campaigns this token may see."""
    rows = [c for c in _app().campaigns() if visible(c["id"])]
    return render_template("fragments/campaigns.html", campaigns=rows, admin=grant().admin)


@blp.get("/fragments/<campaign_id>/view", defaults={"name": None})
@blp.get("/fragments/<campaign_id>/view/<name>")
def view_fragment(campaign_id: str, name: str | None) -> str:
    """A view of the campaign drawn as HTML (the ruleset's drawing or the generic one), with its version;
    without a name, the game's main view (its board, or its Progress sheet)."""
    return board_html(_app().get_campaign(campaign_id), name)


def board_html(campaign: Any, name: str | None) -> str:
    """The view fragment of a loaded ``campaign``: view ``name`` (``None``: the game's main view) with what is owed
    now. Raises a 404 :class:`ApiError` for a view the game does not have."""
    app = _app()
    ruleset = campaign.ruleset
    name = name or ruleset.main_view
    if name not in ruleset.views:
        raise ApiError(404, "not_found", f"no view {quoted(name)}; {ruleset.title} campaigns have: {', '.join(ruleset.views)}")
    body = view_html(ruleset, name, ruleset.views[name](campaign.state))
    return render_template("fragments/view.html", campaign=app.summary(campaign), title=ruleset.title, name=name,
                           views=list(ruleset.views), body=body, can_write=grant().can_write(str(campaign.id)), admin=grant().admin,
                           owed=owed_now(ruleset, campaign.state, seat_check(campaign)))


def seat_check(campaign: Any) -> Any:
    """The seat check for what the page offers the request's phone in ``campaign`` (``None``: a table-wide token; see
    :func:`api.seats.page_check`): a seat's phone is offered only what its seat may record."""
    return page_check(campaign, grant())


@blp.get("/fragments/<campaign_id>/controls")
def controls_fragment(campaign_id: str) -> str:
    """Undo and redo: what each would take back or put back, or why it cannot."""
    return controls_html(_app().get_campaign(campaign_id))


def controls_html(campaign: Any) -> str:
    """The undo / redo fragment of a loaded ``campaign``."""
    undo, redo = _next(campaign.next_undo), _next(campaign.next_redo)
    for info in (undo, redo):
        if "action" in info:
            info["said"] = said(campaign.ruleset, info["action"]["verb"], info["action"]["summary"])
    seal = getattr(campaign, "seal", None)
    if undo.get("code") == "sealed" and seal and seal.get("summary"):  # the seal named by its label too
        undo["refusal"] = undo["refusal"].replace(seal["summary"], said(campaign.ruleset, seal["verb"], seal["summary"]), 1)
    return render_template("fragments/controls.html", version=campaign.version, undo=undo, redo=redo,
                           can_write=grant().can_write(str(campaign.id)))


def _next(find: Any) -> dict[str, Any]:
    """``{"action": ...}`` for what undo / redo would touch, or ``{"refusal": message, "code": ...}``."""
    try:
        return {"action": find()}
    except QuestlogError as refusal:
        return {"refusal": refusal.message, "code": refusal.code}


@blp.get("/fragments/<campaign_id>/actions")
def actions_fragment(campaign_id: str) -> str:
    """The action picker: the catalogue, actions possible now first (when the ruleset can tell)."""
    return actions_html(_app().get_campaign(campaign_id))


def actions_html(campaign: Any) -> str:
    """The action picker fragment of a loaded ``campaign``."""
    doc = catalogue(campaign.game)
    specs = {**campaign.ruleset.actions, **CORE_ACTIONS}
    choices = order_actions(campaign.ruleset, campaign.state, doc["actions"], specs)
    ordered = hasattr(campaign.ruleset, "legal")
    owed = [o for item in owed_now(campaign.ruleset, campaign.state, seat_check(campaign)) for o in item["offers"] if not o.not_yours]
    return render_template("fragments/actions.html", choices=choices, ordered=ordered, version=campaign.version, owed=owed,
                           groups=grouped(choices, [o.verb for o in owed]), can_write=grant().can_write(str(campaign.id)))


@blp.get("/fragments/<campaign_id>/tap/<kind>/<path:thing>")
def tap_fragment(campaign_id: str, kind: str, thing: str) -> str:
    """What a tap on a drawn thing offers: the actions with a field picking from ``kind``, that field filled in with
    ``thing``, legal now first (the legality query: a dry run, nothing stored). ``?context=KIND:ID`` (repeatable,
    from the element's ``data-context``) fills the fields picking those kinds too (a die's character). 404 for a
    kind the game never declared."""
    campaign = _app().get_campaign(campaign_id)
    ruleset = campaign.ruleset
    kinds = ruleset.kinds() if hasattr(ruleset, "kinds") else {}
    if kind not in kinds:
        raise ApiError(404, "not_found", f"{ruleset.title} has no kind of thing {quoted(kind)} to tap; it has: {', '.join(kinds) or 'none'}")
    return tap_html(campaign, kinds, kind, thing[:200], request.args.getlist("context"))


def tap_html(campaign: Any, kinds: dict[str, str], kind: str, thing: str, pairs: list[str]) -> str:
    """What a tap on ``thing`` of ``kind`` offers in loaded ``campaign`` now (the tap fragment); ``pairs`` are its
    ``KIND:ID`` context (what it belongs to; kinds the game does not declare are left out)."""
    ruleset = campaign.ruleset
    context = dict(c.split(":", 1) for c in pairs if ":" in c and c.split(":", 1)[0] in kinds)
    label = thing_label(ruleset, campaign.state, kind, thing) or thing
    owners = [thing_label(ruleset, campaign.state, k, v) or v for k, v in context.items()]
    return render_template("fragments/tap.html", kind=kind, kind_label=kinds[kind], thing=thing, label=label, owners=owners,
                           version=campaign.version, offers=tap_offers(ruleset, campaign.state, kind, thing, context, seat_check(campaign)),
                           can_write=grant().can_write(str(campaign.id)))


@blp.get("/fragments/<campaign_id>/form/<verb>")
def form_fragment(campaign_id: str, verb: str) -> str:
    """One action's form, generated from its catalogue entry, its fields picking from the kinds the ruleset
    declares; it remembers the version it was opened at. Query arguments prefill fields (``?character=ashitaka``;
    a list field takes its items from repeated arguments)."""
    campaign = _app().get_campaign(campaign_id)
    doc = catalogue(campaign.game)
    action = next((a for a in doc["actions"] if a["verb"] == verb), None)
    if action is None:
        raise ApiError(404, "not_found", f"{doc['title']} has no action {quoted(verb)}")
    fields = form_fields(action, doc["characters"], campaign.ruleset, campaign.state)
    return form_html(campaign, action, fields, _prefill(fields))


def form_html(campaign: Any, action: dict[str, Any], fields: list[Any], values: dict[str, Any]) -> str:
    """One action's record form (its catalogue entry ``action``, its ``fields``, prefilled ``values``) at the
    campaign's version."""
    return render_template("fragments/form.html", action=action, fields=fields, shown=presented(campaign.ruleset, action["verb"]),
                           version=campaign.version, digital=action.get("digital", False), values=values, mode="record")


def _prefill(fields: list[Any]) -> dict[str, Any]:
    """The form's values from the query string: each field's given value (its items for a list field; whole
    numbers for number fields), anything else left out."""
    values: dict[str, Any] = {}
    for f in fields:
        given = [v[:200] for v in request.args.getlist(f.name) if v.strip()]
        if not given:
            continue
        if f.kind in ("multi", "items", "dice"):
            values[f.name] = [n if (f.numbers or f.kind == "dice") and (n := whole_number(v, signed=True)) is not None else v for v in given]
        elif f.kind in ("number", "pips"):
            values[f.name] = whole_number(given[0], signed=True)  # ASCII digits only, as everywhere
        elif f.kind == "flag":
            values[f.name] = given[0] in ("1", "true", "yes", "on")
        else:
            values[f.name] = given[0]
    return values


@blp.get("/fragments/<campaign_id>/history")
def history_fragment(campaign_id: str) -> str:
    """The history, latest first, one page at a time: undone actions struck through, seals and the undo horizon (a
    page reads only its own part of the campaign: ``domain.history.history_page``)."""
    from domain.history import history_page

    page = max(1, request.args.get("page", 1, type=int) or 1)
    data = history_page(_app(), campaign_id, page, HISTORY_PAGE, newest_first=True)
    pages = data["pages"]
    ruleset = get_ruleset(data["game"])
    summaries = {action_id: said(ruleset, named.get("verb") or "", named.get("summary") or "") for action_id, named in data["named"].items()}
    in_words(ruleset, [*data["actions"], *data["horizon"]["undoable"], *filter(None, [data["horizon"].get("seal")])])
    return render_template("fragments/history.html", data=data, entries=data["actions"], page=min(page, pages), pages=pages, summaries=summaries,
                           can_write=grant().can_write(canonical_id(campaign_id) or ""))


def in_words(ruleset: Any, entries: list[dict[str, Any]]) -> None:
    """Each history entry with a ``summary`` gets ``said`` (its action's label, not the raw verb: :func:`said`) and each
    with a ``verb`` ``label`` (the action's label alone, for an undo or a correction of it); in place."""
    for e in entries:
        if e.get("verb"):
            e["label"] = presented(ruleset, e["verb"])["label"]
        if e.get("summary"):
            e["said"] = said(ruleset, e.get("verb", ""), e["summary"])


@blp.get("/fragments/<campaign_id>/correct/<action_id>")
def correction_fragment(campaign_id: str, action_id: str) -> str:
    """The correction form of a recorded reveal: its fields as recorded (latest correction applied) and a reason."""
    app = _app()
    campaign = app.get_campaign(campaign_id)
    stored = app.stored_actions(campaign_id)
    latest = {e["action_id"]: e["fields"] for e in stored if e["kind"] == "correction"}
    target = next((e for e in stored if e["kind"] == "action" and e["action_id"] == action_id), None)
    if target is None:
        raise ApiError(404, "not_found", f"no action {quoted(action_id)} in this campaign")
    doc = catalogue(campaign.game)
    action = next(a for a in doc["actions"] if a["verb"] == target["verb"])
    values = latest.get(action_id, target["fields"])
    return render_template("fragments/form.html", action=action, fields=form_fields(action, doc["characters"], campaign.ruleset),
                           shown=presented(campaign.ruleset, action["verb"]), version=campaign.version, digital=False, values=values, mode="correct", target=target)


@blp.get("/fragments/<campaign_id>/audit")
def audit_fragment(campaign_id: str) -> str:
    """The audit trail from the persisted read model, filtered by character, event kind and play."""
    app = _app()
    campaign = app.get_campaign(campaign_id)
    ruleset = campaign.ruleset
    character = request.args.get("character") or None
    event = request.args.get("event") or None
    play = (request.args.get("play") or "").strip()[:120] or None
    if character:
        character = ruleset.resolve_character(character)
    kinds = sorted({*ruleset.events, *CORE_EVENTS})
    if event and event not in kinds:
        raise ApiError(422, "invalid_input", f"no event kind {quoted(event)} in {ruleset.title}")
    app.read_models.catch_up()
    rows = app.read_models.audit(str(campaign.id), character, event, play, 200, 0)
    return render_template("fragments/audit.html", rows=rows, characters=list(ruleset.characters), events=kinds,
                           chosen={"character": character or "", "event": event or "", "play": play or ""})
