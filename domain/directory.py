"""The store's campaigns: creating one (its name reserved in the same save, :mod:`domain.reservations`), the
campaign index as the read models keep it, finding one by id, prefix or name, and renaming. A mixin of the
application service (:class:`domain.application.Questlog`).
"""

from __future__ import annotations

import threading
import uuid
from collections.abc import Mapping
from typing import Any

from eventsourcing.persistence import IntegrityError

from domain.core.campaign import Campaign
from domain.core.errors import BadInput, UnknownCampaign
from domain.core.names import clean_text, quoted
from domain.core.ruleset import PAPER_VERB, TABLE_KEY, Command, get_ruleset
from domain.requests import check_text_fields, jsonable
from domain.requests import attempts, backoff, busy
from domain.requests import now as _now
from domain.requests import summary as summarize


_FIRST_CHECK = threading.Lock()


class CampaignDirectory:
    """Creating, listing, finding and renaming campaigns (a mixin of :class:`domain.application.Questlog`)."""

    def create_campaign(self, game: str, name: str, setup: Mapping[str, Any] | None = None, actor: str | None = None,
                        from_sheet: Mapping[str, Any] | None = None) -> str:
        """Create a campaign of ``game`` called ``name``; returns its id (str UUID). With ``from_sheet`` (a paper
        campaign sheet, the ruleset's ``start-from-paper`` fields) the campaign starts where the paper one stands,
        recorded as its first action in the same atomic save. Raises :class:`BadInput` / ``RuleViolation``: then
        nothing is stored."""
        ruleset = get_ruleset(game)
        name = self._free_name(clean_text(name, "a campaign name", 120))
        actor = clean_text(actor, "a person's name", 80) if actor is not None else None
        setup = dict(setup or {})
        unread = [option for option in ruleset.file_options if isinstance(setup.get(option), str)
                  and setup[option] not in ruleset.shipped_options.get(option, ())]
        if unread:  # the edge reads files (infrastructure.files.resolve_setup); a bare path here was never read
            raise BadInput(f"setup {quoted(unread[0])} names files to read: give it to the questlog CLI (--setup {unread[0]}=PATH) "
                           "or name a pack installed on the server", {"setup": [f"{unread[0]}: not read"]})
        check_text_fields(setup)
        ruleset.initial_state(setup)  # validates setup before anything is stored
        campaign = Campaign.start(game=game, name=name, setup=setup, ruleset_version=ruleset.version, actor=actor, created_at=_now())
        if from_sheet is not None:
            self._start_from_paper(campaign, dict(from_sheet), actor)
        self.save_new_campaign(campaign)
        return str(campaign.id)

    def save_new_campaign(self, campaign: Campaign, advice: str = "choose another name, or `questlog use` that one") -> None:
        """Save a new campaign's first events together with the reservation of its name, in one atomic save
        (:mod:`domain.reservations`): a concurrent save of the same name fails, and the loser stores nothing.
        Raises :class:`BadInput` naming the name when another campaign holds it."""
        from domain.reservations import reserve, taken, name_id

        names = reserve(self, campaign.name, campaign.id, advice)
        try:
            self.save(campaign, *names)
        except IntegrityError:
            holder = self.repository.get(name_id(campaign.name)).campaign_id
            raise taken(self, campaign.name, str(holder), advice) from None
        self._after_write(campaign)

    def _start_from_paper(self, campaign: Campaign, sheet: dict[str, Any], actor: str | None) -> None:
        from domain.core.table import decide_action  # the core's actions, with marshmallow: only when deciding

        ruleset = campaign.ruleset
        spec = ruleset.actions.get(PAPER_VERB)
        if spec is None:
            raise BadInput(f"{ruleset.title} has no paper campaign sheet to start from", {"from_sheet": ["not offered by this game"]})
        fields = spec.load(sheet)
        command = Command(verb=PAPER_VERB, fields=fields, actor=actor)
        events = decide_action(ruleset, campaign.state, command)
        campaign.record_action(str(uuid.uuid4()), PAPER_VERB, jsonable(fields), events, actor=actor, recorded_at=_now(),
                               reveal=False, digital=False, summary=summarize(spec, fields, None), play=None)

    def campaigns(self, limit: int | None = None, offset: int = 0, after: str | None = None) -> list[dict[str, Any]]:
        """Every campaign in the store (or ``limit`` of them after ``offset``, or after the campaign ``after``: a
        keyset page, as quick at the end of a big store as at its start), oldest first, from the campaign index
        read model (brought up to date first): ``{id, game, name, players, version, current_play, created_at, last_action_at}``."""
        if self.read_models is None:
            raise RuntimeError("no read models attached: open the application with infrastructure.runtime.open_questlog")
        self.read_models.catch_up()
        return [{"id": r["campaign_id"], "game": r["game"], "name": r["name"], "players": r["players"],
                 "version": r["version"], "current_play": r["current_play"], "created_at": r["created_at"],
                 "last_action_at": r["last_played"]} for r in self.read_models.campaigns(limit, offset, after)]

    def summary(self, campaign: Campaign) -> dict[str, Any]:
        """A campaign's index entry (see :meth:`campaigns`)."""
        return {"id": str(campaign.id), "game": campaign.game, "name": campaign.name, "setup": campaign.setup,
                "version": campaign.version, "current_play": campaign.ruleset.current_play(campaign.state),
                "players": campaign.state.get(TABLE_KEY, {}), "created_at": campaign.created_at,
                "last_action_at": campaign.last_action_at}

    def _free_name(self, name: str, campaign_id: str | None = None,
                   advice: str = "choose another name, or `questlog use` that one") -> str:
        """``name`` if no other campaign in this store is called so (names pick campaigns in ``use``, ``--campaign``
        and token grants, so they are unique). Raises :class:`BadInput` naming the campaign that has it, then
        ``advice`` (what to do instead).

        Asked of the store's name reservations (:mod:`domain.reservations`: one indexed read, never behind a write),
        then of the campaign index for a campaign stored before names were reserved, which has no reservation. Such a
        campaign was stored before this code ran, so the index holds it once it has caught up once in this process:
        only the first check of a process catches the read models up. (Each check caught up before: with several API
        processes on one store, every new campaign waited for the others' catch-ups and then applied their writes
        itself, loading their campaigns; bench figure 8.) The save itself still refuses a name taken meanwhile."""
        from domain.reservations import holder_of, taken

        held = holder_of(self, name)
        if held is not None and held != campaign_id:
            raise taken(self, name, held, advice)
        if self.read_models is None:
            raise RuntimeError("no read models attached: open the application with infrastructure.runtime.open_questlog")
        if not self._names_indexed:
            with _FIRST_CHECK:  # the threads of a process's first requests wait for one catch-up, not one each
                if not self._names_indexed:
                    self.read_models.catch_up()
                    self._names_indexed = True
        found = next((r for r in self.read_models.named(name) if r["campaign_id"] != campaign_id), None)
        if found:
            raise BadInput(f"a campaign called {quoted(name)} already exists in this store ({found['game']}, {found['campaign_id'][:8]}): "
                           f"{advice}", {"name": ["already taken in this store"]})
        return name

    _names_indexed = False
    """Whether this process's read models have caught up once since it opened the store (:meth:`_free_name`)."""

    def find_campaign(self, ref: str) -> str:
        """The id of the campaign ``ref`` names: its id, a unique id prefix, or its exact name. Raises :class:`UnknownCampaign`."""
        ref = (ref or "").strip()
        try:
            return str(self.get_campaign(uuid.UUID(ref)).id)
        except (ValueError, UnknownCampaign):
            pass
        found = self.campaigns()
        matches = [c for c in found if c["name"] == ref] or [c for c in found if len(ref) >= 4 and c["id"].startswith(ref)]
        if len(matches) == 1:
            return matches[0]["id"]
        if matches:
            raise BadInput(f"{len(matches)} campaigns are called {quoted(ref)}; use its id: {', '.join(c['id'] for c in matches)}")
        hint = " (an id prefix needs at least 4 characters)" if 0 < len(ref) < 4 else ""
        raise UnknownCampaign(f"no campaign {quoted(ref)} in this store{hint}; `questlog campaigns` lists them")

    def rename_campaign(self, campaign_id: str, name: str, actor: str | None = None) -> int:
        """Rename a campaign (recorded in its history); returns the new version. Raises :class:`BadInput` (a name
        another campaign of this store has included)."""
        from domain.reservations import refusal_after_race, release, reserve

        name = self._free_name(clean_text(name, "a campaign name", 120), str(campaign_id))
        actor = clean_text(actor, "a person's name", 80) if actor is not None else None
        advice = "choose another name, or `questlog use` that one"
        for attempt in attempts(None):
            backoff(attempt)
            campaign = self.get_campaign(campaign_id)
            names = reserve(self, name, campaign.id, advice) + (release(self, campaign.name, campaign.id) if campaign.name != name else [])
            campaign.rename(name, actor=actor, recorded_at=_now())
            try:
                self.save(campaign, *names)  # the campaign's record and both names, atomically (domain.reservations)
            except IntegrityError:
                refusal = refusal_after_race(self, name, campaign.id, advice)
                if refusal is not None:
                    raise refusal from None
                continue
            self._after_write()
            return campaign.version
        raise busy(campaign_id)
