"""The write path of actions: validate, decide, record and save one action with optimistic concurrency; undo, redo
and undo back to a version; corrections; and finding an already recorded action for a safe retry. A mixin of the
application service (:class:`domain.application.Questlog`).
"""

from __future__ import annotations

import random
import re
import uuid
from collections.abc import Callable, Mapping
from typing import Any

from eventsourcing.persistence import JSONTranscoder

from domain.core.errors import BadInput, QuestlogError
from domain.core.campaign import Campaign
from domain.core.names import clean_text
from domain.core.ruleset import ActionSpec, Command, get_ruleset
from domain.requests import (ActionResult, as_uuid, check_action_id, check_text_fields, jsonable, roll_for_table,
                             same_request, seat_of)
from domain.requests import MAX_VERSION, attempts, backoff, busy, undo_targets, version_refusal
from domain.requests import now as _now
from domain.requests import summary as summarize


_PLAIN_ID = re.compile(r"[\x21\x23-\x5b\x5d-\x7e]+")
"""An action id that JSON spells as it is: printable ASCII without ``"`` or ``\\`` (:meth:`Recording._events_naming`)."""


class Recording:
    """Recording, undoing and correcting actions (a mixin of :class:`domain.application.Questlog`)."""

    def action_spec(self, game: str, verb: str) -> ActionSpec:
        """The spec of ``verb`` in ``game`` (the core's ``adjust`` / ``seat`` included). Raises :class:`BadInput`."""
        from domain.core.table import CORE_ACTIONS  # with marshmallow: imported when an action is validated, not to read

        return CORE_ACTIONS.get(verb) or get_ruleset(game).action(verb)

    def record(self, campaign_id: str, verb: str, raw_fields: Mapping[str, Any], *, expected_version: int | None = None,
               actor: str | None = None, action_id: str | None = None, digital: bool = False,
               rng: random.Random | None = None, token: str | None = None,
               authorize: Callable[[Campaign, Command, list[Any]], None] | None = None) -> ActionResult:
        """Validate, decide and store one action; returns its :class:`ActionResult`.

        ``raw_fields`` are the action's fields as given (JSON values or CLI strings). With ``digital``
        Questlog rolls the action's dice itself (the values are recorded). With ``expected_version`` a
        campaign at any other version refuses with :class:`StaleVersion`; without it a lost race is
        decided again against the new state. An ``action_id`` already recorded returns the first result.
        ``token`` (the recording API token's label) is kept with the action; ``authorize(campaign, command, events)``
        is called once the action is decided, before anything is stored, and may refuse it by raising (a seat token's
        check, :mod:`api.seats`); when the rules refuse the action, ``authorize(campaign, command, None)`` is called
        first, so a refusal of who may act comes before the rules' own. Raises :class:`BadInput`, :class:`~domain.core.errors.RuleViolation`,
        :class:`StaleVersion`, or what ``authorize`` raises.
        """
        from domain.core.table import CORE_ACTIONS, decide_folded  # with marshmallow: imported when recording, not to read

        if action_id is not None:
            action_id = check_action_id(action_id)
        actor = clean_text(actor, "a person's name", 80) if actor is not None else None
        check_text_fields(raw_fields)
        for attempt in attempts(expected_version):
            backoff(attempt)
            campaign = self._campaign_to_change(campaign_id)
            # checked after loading: a concurrent save of the same id moves the version, so our save fails and we look again
            if action_id is not None and (known := self.find_action(campaign_id, action_id)):
                return same_request(known, self.action_spec(campaign.game, verb), verb, raw_fields, digital)
            self.check_expected(campaign, expected_version)
            ruleset = campaign.ruleset
            spec = self.action_spec(campaign.game, verb)
            fields_in = dict(raw_fields)
            if digital:
                fields_in = roll_for_table(spec, campaign.state, fields_in, rng or random.SystemRandom())
            fields = spec.load(fields_in)
            command = Command(verb=verb, fields=fields, actor=actor, digital=digital)
            try:
                events, after = decide_folded(ruleset, campaign.state, command)
            except QuestlogError:  # refused by the rules: who may act is said first (never a rule's 422 for another's character)
                if authorize is not None:
                    authorize(campaign, command, None)
                raise
            if authorize is not None:
                authorize(campaign, command, events)
            new_id = action_id or str(uuid.uuid4())
            play = ruleset.current_play(campaign.state)
            sealed = verb not in CORE_ACTIONS and ruleset.seals(command, events)
            campaign.record_action(new_id, verb, jsonable(fields), events, actor=actor or seat_of(campaign, fields),
                                   recorded_at=_now(), reveal=sealed, digital=digital,
                                   summary=summarize(spec, fields, play), play=play, state_after=after, token=token or None)
            if not self._try_save(campaign, expected_version, action_id):
                continue
            self._after_write(campaign)
            return ActionResult(str(campaign.id), new_id, verb, [{"type": e.type, "data": e.to_data()} for e in events],
                                campaign.version, reveal=sealed)
        raise busy(campaign_id)

    def undo(self, campaign_id: str, *, expected_version: int | None = None, actor: str | None = None,
             authorize: Callable[[Campaign, dict[str, Any]], None] | None = None) -> ActionResult:
        """Take back the latest unsealed action. ``authorize(campaign, target)`` may refuse taking back ``target`` (the
        action's history entry: ``action_id, verb, summary, version, actor``) by raising. Raises ``NothingToUndo``,
        ``SealedHistory``, :class:`StaleVersion`."""
        return self._undo_or_redo(campaign_id, "undo", expected_version, actor, authorize)

    def redo(self, campaign_id: str, *, expected_version: int | None = None, actor: str | None = None,
             authorize: Callable[[Campaign, dict[str, Any]], None] | None = None) -> ActionResult:
        """Put back the latest undone action (``authorize`` as for :meth:`undo`). Raises ``NothingToRedo``, :class:`StaleVersion`."""
        return self._undo_or_redo(campaign_id, "redo", expected_version, actor, authorize)

    def undo_to(self, campaign_id: str, to: int, *, expected_version: int | None = None, actor: str | None = None,
                authorize: Callable[[Campaign, dict[str, Any]], None] | None = None) -> ActionResult:
        """Take back, in one atomic save, every effective action recorded after version ``to`` (latest first); redo puts
        them back one by one afterwards. Refused whole, nothing undone, when a seal lies after ``to``
        (:class:`SealedHistory` naming the reveal), nothing effective follows ``to`` (:class:`NothingToUndo`), or
        ``authorize(campaign, target)`` refuses any one of them (as for :meth:`undo`).
        Raises :class:`StaleVersion`, :class:`BadInput` for a ``to`` beyond the current version or below 1 (version 0 is
        before the campaign began: ``view --at 0`` is refused the same way)."""
        if not isinstance(to, int) or isinstance(to, bool) or not 1 <= to <= MAX_VERSION:
            raise BadInput(version_refusal(to), {"to": [f"must be within 1..{MAX_VERSION}"]})
        actor = clean_text(actor, "a person's name", 80) if actor is not None else None
        for attempt in attempts(expected_version):
            backoff(attempt)
            campaign = self._campaign_to_change(campaign_id)
            self.check_expected(campaign, expected_version)
            targets = undo_targets(campaign, to)
            for target in targets if authorize is not None else ():
                authorize(campaign, target)
            for target in targets:
                campaign.undo(action_id=target["action_id"], actor=actor, recorded_at=_now())
            if not self._try_save(campaign, expected_version):
                continue
            self._after_write(campaign)
            infos = [{**{k: t[k] for k in ("action_id", "verb", "summary", "version")}, "actor": t.get("actor")} for t in targets]
            return ActionResult(str(campaign.id), targets[-1]["action_id"], "undo", [], campaign.version,
                                undone_action=infos[-1], undone_actions=infos)
        raise busy(campaign_id)

    def _undo_or_redo(self, campaign_id: str, verb: str, expected_version: int | None, actor: str | None,
                      authorize: Callable[[Campaign, dict[str, Any]], None] | None = None) -> ActionResult:
        actor = clean_text(actor, "a person's name", 80) if actor is not None else None
        for attempt in attempts(expected_version):
            backoff(attempt)
            campaign = self._campaign_to_change(campaign_id)
            self.check_expected(campaign, expected_version)
            target = campaign.next_undo() if verb == "undo" else campaign.next_redo()
            if authorize is not None:
                authorize(campaign, target)
            (campaign.undo if verb == "undo" else campaign.redo)(action_id=target["action_id"], actor=actor, recorded_at=_now())
            if not self._try_save(campaign, expected_version):
                continue
            self._after_write(campaign)
            info = {**{k: target[k] for k in ("action_id", "verb", "summary", "version")}, "actor": target.get("actor")}
            return ActionResult(str(campaign.id), target["action_id"], verb, [], campaign.version, undone_action=info)
        raise busy(campaign_id)

    def find_action(self, campaign_id: str, action_id: str) -> ActionResult | None:
        """The result of an already recorded action ``action_id``, or ``None`` (for safe retries).

        The result's ``fields`` are the action's recorded fields, to tell a retry from a reused id. The read
        models say where the action is (an indexed lookup) and how far they have got; only the stream after
        that and the action's own records are read, so a keyed write costs the same on a long campaign."""
        cid = as_uuid(campaign_id)
        version, indexed = self.read_models.action_version(str(cid), action_id) if self.read_models else (None, 0)
        store = self.repository.event_store
        if version is None:
            tail = [ev for ev in self._events_naming(cid, indexed, action_id) if getattr(ev, "action_id", None) == action_id]
            closing = next((ev for ev in tail if isinstance(ev, Campaign.ActionRecorded)), None)
        else:
            closing = next(iter(store.get(cid, gt=version - 1, lte=version)), None)
        if not isinstance(closing, Campaign.ActionRecorded):
            return None
        events = [{"type": ev.type, "data": ev.data} for ev in action_events(store, closing)]
        return ActionResult(str(cid), action_id, closing.verb, events, closing.originator_version, closing.reveal, duplicate=True,
                            fields=closing.fields, digital=closing.digital)

    def _events_naming(self, cid: uuid.UUID, after: int, action_id: str) -> list[Any]:
        """The campaign's events after version ``after`` that may carry ``action_id`` (the caller checks): the part of
        the stream the read models have not indexed yet, only the records whose stored JSON holds
        ``"action_id":"<action_id>"`` decoded. That tail is as long as the read models are behind the writes (with 4
        API processes on one store, 27 versions a keyed write on average against 2 with one: bench figure 8), and each
        of its records was decoded to compare one attribute. Every record is decoded, as before, where
        the stored form may spell the id otherwise: a cipher, compression, another transcoder, or an id with a
        character JSON escapes (``"``, ``\\``, non-ASCII)."""
        store = self.repository.event_store
        mapper = self.mapper
        if (mapper.cipher is not None or mapper.compressor is not None or type(mapper.transcoder) is not JSONTranscoder
                or not _PLAIN_ID.fullmatch(action_id)):
            return list(store.get(cid, gt=after))
        needle = b'"action_id":"' + action_id.encode() + b'"'  # the library's JSON: no spaces (separators=(",", ":"))
        return [mapper.to_domain_event(stored) for stored in store.recorder.select_events(cid, gt=after) if needle in stored.state]

    def correct(self, campaign_id: str, action_id: str, raw_fields: Mapping[str, Any], reason: str, *,
                expected_version: int | None = None, actor: str | None = None,
                authorize: Callable[[Campaign, Any, list[Any] | None], None] | None = None) -> ActionResult:
        """Correct the physical values a reveal recorded (a die entered as 5 that showed 3).

        The action and every later effective action are decided again against the corrected state and their
        new events appended (see :mod:`domain.core.correction`); the seal does not move. Raises
        :class:`BadInput` (unknown action, fields, no change, no reason), ``RuleViolation`` (not a reveal, a
        digital roll, an undone action, or a later action the correction would make illegal, named),
        :class:`StaleVersion`, or what ``authorize`` raises (:meth:`redecide`'s hook: the API's seat check).
        """
        return self.redecide(campaign_id, action_id, raw_fields, reason, amend=False, expected_version=expected_version, actor=actor,
                             authorize=authorize)


def action_events(store: Any, closing: Any, page: int = 50) -> list[Any]:
    """The game events an action's closing record ``closing`` ends, in order: read newest first, ``page`` at a
    time, from just before it, never the whole stream."""
    found: list[Any] = []
    lte = closing.originator_version - 1
    while lte > 0:
        events = list(store.get(closing.originator_id, lte=lte, desc=True, limit=page))
        for ev in events:
            if not isinstance(ev, Campaign.GameEventRecorded) or ev.action_id != closing.action_id:
                return found[::-1]
            found.append(ev)
        if len(events) < page:
            break
        lte -= page
    return found[::-1]

