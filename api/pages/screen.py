"""The campaign page's first screen in one answer (issue 29, item 2): a phone at a slow table pays one round trip
for the board, not four, and one for a tap's redraw, not three.

- ``GET /play/{id}`` carries the drawn board, the undo / redo controls and the action picker (owed first) in its
  HTML when the request can be authorized: with ``QUESTLOG_AUTH=off``, or with the page's own cookie
  (:data:`PAGE_COOKIE`: the token the page already holds, which ``app.js`` keeps as a ``SameSite=Strict`` cookie
  scoped to that campaign's page path). The cookie is read here only, to draw that one page for reading; every
  fragment, API call and write still needs ``Authorization: Bearer`` (so another site still cannot make the browser
  record anything). Without either, the shell is the public one and the script loads the screen as before.
- ``GET /fragments/{id}/screen`` (``?view=NAME``): the same three parts as JSON, for one refresh in one request.
- ``GET /fragments/{id}/forms``: every action's form, not prefilled, as JSON, so a page keeps them all for offline use
  in one request (one by one, on a slow link, they were minutes of round trips competing with the table's taps), and
  what a tap on each kind of thing may offer (``taps``): offline, the page fills a kept form in itself; and what a
  tap on each thing of the main view offers at this version, checked against the rules (``checked``).
- A page's ``POST`` of an action, correction, undo or redo that sends ``X-Questlog-Redraw: VIEW`` (empty: the main
  view) gets, beside the API's usual JSON, a ``redraw`` member holding those parts drawn after it (additive: other
  clients never see it), compressed for a client that accepts gzip (its ETag then weak, as for every encoded body).
"""

from __future__ import annotations

import json
import threading
from typing import Any

from flask import Response, current_app, g, render_template, request
from flask.views import MethodView

from domain.access import authenticate
from domain.core.errors import QuestlogError

from ..auth import ANONYMOUS_ADMIN, canonical_id, grant
from ..errors import ApiError
from .acts import board_things, tap_table
from .forms import form_fields
from .routes import POLL_MS, catalogue, actions_html, blp, board_html, controls_html, form_html, tap_html

PAGE_COOKIE = "questlog_page"
"""The cookie ``app.js`` keeps the page's token in (path ``/play/{id}``, ``SameSite=Strict``): read only to draw
``/play/{id}``'s first screen."""
REDRAW_HEADER = "X-Questlog-Redraw"
"""A write's request header asking for the redrawn screen in its answer (its value: the view shown, or empty)."""
REDRAWN = ("actions.", "actions.undo", "actions.redo")
"""Endpoints whose answers may carry the redraw (every action route, corrections, undo and redo)."""


def screen(campaign: Any, view: str | None) -> dict[str, Any]:
    """``{"version", "view", "game", "board", "controls", "actions"}``: what the campaign page's first screen draws, from one
    loaded ``campaign``, for the request's grant; ``view`` ``None`` (or unknown to the game) is the game's main view."""
    name = view if view in campaign.ruleset.views else None
    return {"version": campaign.version, "view": name or campaign.ruleset.main_view, "game": campaign.game, "board": board_html(campaign, name),
            "controls": controls_html(campaign), "actions": actions_html(campaign)}


@blp.get("/fragments/<campaign_id>/screen")
def screen_fragment(campaign_id: str) -> Any:
    """The board (``?view=NAME``, else the main view), the controls and the picker in one JSON answer (:func:`screen`)."""
    return screen(current_app.extensions["questlog"].get_campaign(campaign_id), request.args.get("view", type=str))


@blp.get("/fragments/<campaign_id>/forms")
def forms_fragment(campaign_id: str) -> Any:
    """``{"version": V, "forms": {verb: html}, "taps": {kind: ...}, "checked": {thing_key: html}}``: each action's form
    as ``GET /fragments/{id}/form/{verb}`` draws it without a query, at version V; what a tap on each kind of thing may
    offer (:func:`api.pages.acts.tap_table`, unchecked: for a thing the main view did not draw at V); and what a tap on
    each thing the main view draws offers at V, checked (:func:`checked_taps`)."""
    campaign = current_app.extensions["questlog"].get_campaign(campaign_id)
    doc = catalogue(campaign.game)
    forms = {a["verb"]: form_html(campaign, a, form_fields(a, doc["characters"], campaign.ruleset, campaign.state), {}) for a in doc["actions"]}
    return {"version": campaign.version, "forms": forms, "taps": tap_table(campaign.ruleset), "checked": checked_taps(campaign)}


_CHECKED: dict[tuple[str, int, bool, str | None], dict[str, str]] = {}
_CHECKED_LOCK = threading.Lock()
_CHECKED_KEPT = 32


def checked_taps(campaign: Any) -> dict[str, str]:
    """``{thing_key: tap fragment}``: what a tap on each thing of the main view offers at this version, checked by the
    legality query as ``GET /fragments/{id}/tap/...`` checks it, so a tap while the server is out of reach shows what the
    rules allowed on the board the phone last kept (and says at which version). Kept per (campaign, version, write or
    read-only, seat) for the phones of one table, which all ask it at the same version (the dry runs cost ~0.5 s a board)."""
    key = (str(campaign.id), campaign.version, grant().can_write(str(campaign.id)), grant().seat)  # a seat is offered its own
    with _CHECKED_LOCK:
        if key in _CHECKED:
            return _CHECKED[key]
    ruleset = campaign.ruleset
    kinds = ruleset.kinds() if hasattr(ruleset, "kinds") else {}
    things = board_things(board_html(campaign, None)) if kinds else {}
    drawn = {k: tap_html(campaign, kinds, kind, thing, pairs) for k, (kind, thing, pairs) in things.items() if kind in kinds}
    with _CHECKED_LOCK:
        _CHECKED[key] = drawn
        while len(_CHECKED) > _CHECKED_KEPT:
            _CHECKED.pop(next(iter(_CHECKED)))
    return drawn


def _page_grant(cid: str) -> Any:
    """The grant that may draw ``/play/{cid}`` on the server (auth off, or the page cookie's token may read it), else None."""
    if not current_app.config["QUESTLOG_AUTH"]:
        return ANONYMOUS_ADMIN
    token = request.cookies.get(PAGE_COOKIE, "")
    if not token or len(token) > 200:
        return None
    found = authenticate(current_app.extensions["questlog"], token)
    return found if found is not None and found.can_read(cid) else None


class CampaignPage(MethodView):
    """``GET /play/{id}``: the campaign page, its first screen drawn when the request may read it (see the module)."""

    public = True

    def get(self, cid: str) -> str:
        canonical = canonical_id(cid)
        if canonical is None:
            raise ApiError(404, "not_found", f"no campaign {cid[:40]} in this store")
        drawn = None
        who = _page_grant(canonical)
        if who is not None:
            g.questlog_grant = who
            try:
                drawn = screen(current_app.extensions["questlog"].get_campaign(canonical), request.args.get("view", type=str))
            except (QuestlogError, ApiError):  # an unknown campaign: the public shell, and the script says why
                drawn = None
        return render_template("campaign.html", page="campaign", poll_ms=POLL_MS, cid=cid, screen=drawn)


blp.add_url_rule("/play/<cid>", view_func=CampaignPage.as_view("campaign"))


@blp.after_app_request
def _redraw(response: Response) -> Response:
    """Add the redrawn screen to a page's successful write answer that asked for it (:data:`REDRAW_HEADER`)."""
    wanted = request.headers.get(REDRAW_HEADER)
    endpoint = request.endpoint or ""
    if wanted is None or request.method != "POST" or not endpoint.startswith(REDRAWN[0]) or response.status_code not in (200, 201) \
            or response.mimetype != "application/json" or "campaign_id" not in (request.view_args or {}):
        return response
    payload = json.loads(response.get_data())
    try:
        payload["redraw"] = screen(current_app.extensions["questlog"].get_campaign(request.view_args["campaign_id"]), wanted[:80] or None)
    except (QuestlogError, ApiError):  # recorded all the same: the page loads the screen itself
        return response
    response.set_data(json.dumps(payload))
    return response
