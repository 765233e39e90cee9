"""The operator's console over REST (`/api/admin/...`, the page is `/admin`).

Every request checks the operator role on the server (401 without a session, 403 for an
account without the role). No god mode: tables are shown as an observer sees them
(`view_for(None)`), finished hands as their summaries; no response carries a hole card or the
deck of a hand in progress. Every action goes into the append-only operator log, in the same
transaction as the change where the change is in the database.
"""

from __future__ import annotations

import asyncio
import json
import uuid
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Request
from pydantic import BaseModel, ConfigDict, Field

from pokerroom.core.table.room import RoomConfigError
from pokerroom.i18n.letters import reset_letter
from pokerroom.server.openapi_refusals import refuses
from pokerroom.server.rest import Room, current_account, refusals, refuse
from pokerroom.services.accounts import WeakPasswordError, check_password_policy
from pokerroom.services.audit import default_replayers, run_audit, summary_json
from pokerroom.services.operators import (
    Operator,
    OperatorError,
    Operators,
    WalletTooShortError,
)
from pokerroom.services.refusal import RefusedError
from pokerroom.services.uth_rounds import uth_replayer

router = APIRouter(prefix="/api/admin", tags=["operator console"])
public = APIRouter(prefix="/api/auth", tags=["auth"])


@refuses(401, 403, 429)  # no session; not an operator; the per-account REST limit
async def operator(request: Request, state: Room) -> Operator:
    who = await current_account(request, state)
    if not await Operators(state.db).is_operator(who[0]):
        raise refuse(403, "forbidden", "the console is for operators")
    return Operator(id=who[0], name=who[1])


Op = Annotated[Operator, Depends(operator)]
# Ids are 64-bit in the database: a larger one is 422, never a 500 (issue 12, item 16).
AccountId = Annotated[int, Path(ge=1, le=2**63 - 1)]


class Reason(BaseModel):
    reason: str = Field(min_length=1, max_length=500)


class Money(BaseModel):
    amount: int = Field(gt=0, le=10**12, strict=True)
    reason: str = Field(min_length=1, max_length=500)
    key: str = Field(default_factory=lambda: uuid.uuid4().hex, min_length=1, max_length=120)


class ResetIn(BaseModel):
    token: str = Field(min_length=10, max_length=200)
    password: str = Field(min_length=1, max_length=256)


class Broadcast(BaseModel):
    text: str = Field(min_length=1, max_length=500)
    table: str | None = Field(default=None, max_length=64)


class NewTable(BaseModel):
    name: str = Field(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9][A-Za-z0-9 ._-]*$")
    game: str = Field(min_length=1, max_length=32)
    betting: str = Field(min_length=1, max_length=32)
    seats: int = Field(ge=2, le=10, strict=True)
    small_blind: int = Field(gt=0, le=10**9, strict=True)
    big_blind: int = Field(gt=0, le=10**9, strict=True)


class NewLevel(BaseModel):
    """One level of a console tournament, as in the room file (`break` for a break)."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    small_blind: int | None = Field(default=None, gt=0, le=10**9, strict=True)
    big_blind: int | None = Field(default=None, gt=0, le=10**9, strict=True)
    ante: int | None = Field(default=None, ge=0, le=10**9, strict=True)
    bring_in: int | None = Field(default=None, gt=0, le=10**9, strict=True)
    small_bet: int | None = Field(default=None, gt=0, le=10**9, strict=True)
    big_bet: int | None = Field(default=None, gt=0, le=10**9, strict=True)
    minutes: int | None = Field(default=None, gt=0, le=24 * 60, strict=True)
    hands: int | None = Field(default=None, gt=0, le=10_000, strict=True)
    is_break: bool = Field(default=False, alias="break")


class NewTournament(BaseModel):
    """A one-off tournament from the console: the room file's `[[tournaments]]` keys."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9][A-Za-z0-9 ._-]*$")
    game: str = Field(min_length=1, max_length=32)
    betting: str = Field(min_length=1, max_length=32)
    seats: int = Field(ge=2, le=10, strict=True)
    min_entrants: int = Field(ge=2, le=100_000, strict=True)
    max_entrants: int = Field(ge=2, le=100_000, strict=True)
    buy_in: int = Field(ge=0, le=10**12, strict=True)
    fee: int = Field(ge=0, le=10**12, strict=True)
    starting_chips: int = Field(gt=0, le=10**12, strict=True)
    # "when_full" (a sit & go) or a daily start "HH:MM" (UTC)
    start: str = Field(default="when_full", pattern=r"^(when_full|[0-2][0-9]:[0-5][0-9])$")
    late_registration_levels: int | None = Field(default=None, ge=0, le=100, strict=True)
    reentry: int | None = Field(default=None, ge=0, le=100, strict=True)
    levels: list[NewLevel] = Field(min_length=1, max_length=60)

    def spec(self) -> dict[str, Any]:
        out = self.model_dump(exclude_none=True, exclude={"levels"})
        # by alias: a break level is {"break": true, ...} as in the room file
        out["levels"] = [lv.model_dump(by_alias=True, exclude_defaults=True)
                         for lv in self.levels]
        return out


def _console_error(exc: OperatorError) -> Exception:
    return refuse(422, "refused", exc.reason, field=exc.field)


# ------------------------------------------------------------------ who am I
@router.get("/me", summary="The operator signed in")
async def me(who: Op) -> dict[str, Any]:
    return {"id": who.id, "name": who.name, "operator": True}


# ------------------------------------------------------------------ tables
@router.get("/tables", summary="Live tables as an observer sees them")
async def tables(who: Op, state: Room) -> dict[str, Any]:
    out = []
    for runner in state.lobby.runners():
        # the observer's view: no hole card, no deck, ever (from the owner in a cluster)
        try:
            view = await runner.observer_view()
        except RefusedError:  # the table is between two nodes: its row without a view
            view = None
        out.append({**runner.entry(), "view": view})
    return {"tables": out}


@router.post("/tables/{table_id}/{status}", summary="Open, pause (after the hand) or close",
             responses=refusals(404, 409))
async def table_status(table_id: str, status: str, body: Reason, who: Op,
                       state: Room) -> dict[str, Any]:
    if status not in ("open", "pause", "close"):
        raise refuse(404, "not_found", f"no console action {status!r}")
    if not state.lobby.has(table_id):
        raise refuse(404, "table_not_found", f"no table {table_id}")
    runner = state.lobby.runner(table_id)
    target = {"open": "open", "pause": "paused", "close": "closed"}[status]
    try:
        change = await runner.set_status(target)
    except RefusedError as exc:
        raise refuse(409, exc.code, exc.reason) from None
    await Operators(state.db).log(who, status, f"table:{table_id}",
                                  {"status": change["before"]}, {"status": change["after"]},
                                  body.reason)
    return {"table": table_id, **change}


@router.post("/tables", status_code=201, summary="Add a cash table (kept in the database)",
             responses=refusals(409))
async def add_table(body: NewTable, who: Op, state: Room) -> dict[str, Any]:
    spec = body.model_dump()
    try:
        table_id = await state.add_console_table(spec, who.name)
    except RoomConfigError as exc:
        raise refuse(422, "bad_table", exc.reason if hasattr(exc, "reason") else str(exc),
                     field="table") from None
    except ValueError as exc:
        raise refuse(409, "table_exists", str(exc), field="name") from None
    await Operators(state.db).log(who, "add_table", f"table:{table_id}", {}, spec,
                                  "added from the console")
    return {"table": table_id, "entry": state.lobby.runner(table_id).entry()}


# ------------------------------------------------------------------ tournaments
@router.get("/tournaments", summary="The open and running tournaments (summaries only)")
async def tournaments(who: Op, state: Room) -> dict[str, Any]:
    return {"tournaments": state.tournaments.listing()}


@router.post("/tournaments", status_code=201,
             summary="Create a one-off tournament (kept in the database, restored on restart)")
async def create_tournament(body: NewTournament, who: Op, state: Room) -> dict[str, Any]:
    spec = body.spec()
    try:
        tid = await state.tournaments.create(spec)
    except RefusedError as exc:
        raise refuse(422, exc.code, exc.reason, field="tournament") from None
    await Operators(state.db).log(who, "create_tournament", f"tournament:{tid}", {}, spec,
                                  "created from the console")
    return {"tournament": tid,
            "summary": next(t for t in state.tournaments.listing() if t["id"] == tid)}


@router.post("/tournaments/{tournament_id}/cancel",
             summary="Cancel a tournament: refunds before the start, else R-TOURN-12",
             responses=refusals(404, 409))
async def cancel_tournament(tournament_id: str, body: Reason, who: Op,
                            state: Room) -> dict[str, Any]:
    try:
        # the log entry is written in the director's own transaction, with the money it
        # moved, on the node that runs the tournament
        state.tournaments.status_of(tournament_id)  # 404 for a tournament there is not
        change = await state.tournaments.cancel(tournament_id, (who.id, who.name),
                                                body.reason)
    except RefusedError as exc:
        status = 404 if exc.code == "unknown_tournament" else 409
        raise refuse(status, exc.code, exc.reason, rule=exc.rule) from None
    return {"tournament": tournament_id, **change}


# ------------------------------------------------------------------ accounts
@router.get("/accounts", summary="Search accounts by name or id")
async def accounts(who: Op, state: Room, q: str = "") -> dict[str, Any]:
    return {"accounts": await Operators(state.db).search(q[:64])}


@router.get("/accounts/{account_id}", summary="An account: balance, ledger, hands, log",
            responses=refusals(404))
async def account(account_id: AccountId, who: Op, state: Room) -> dict[str, Any]:
    try:
        return await Operators(state.db).account_detail(account_id)
    except OperatorError as exc:
        raise refuse(404, "not_found", exc.reason) from None


@router.post("/accounts/{account_id}/lock", summary="Lock an account (sessions end)")
async def lock(account_id: AccountId, body: Reason, who: Op, state: Room) -> dict[str, Any]:
    return await _lock(account_id, True, body, who, state)


@router.post("/accounts/{account_id}/unlock", summary="Unlock an account")
async def unlock(account_id: AccountId, body: Reason, who: Op, state: Room) -> dict[str, Any]:
    return await _lock(account_id, False, body, who, state)


async def _lock(account_id: int, locked: bool, body: Reason, who: Operator,
                state: Any) -> dict[str, Any]:
    if locked and account_id == who.id:
        raise refuse(422, "refused", "an operator cannot lock their own account",
                     field="account")
    try:
        info = await Operators(state.db).set_locked(account_id, locked, who, body.reason)
    except OperatorError as exc:
        raise _console_error(exc) from None
    closed = 0
    if locked:  # its sockets close on every node; how many, for the operator
        closed = await state.disconnect_account(account_id,
                                                "Your account was locked by the room.")
    return {"account": info, "sockets_closed": closed}


@router.post("/accounts/{account_id}/reset-link", summary="A password reset link (24 h)",
             responses=refusals(404))
async def reset_link(account_id: AccountId, who: Op, state: Room, request: Request
                     ) -> dict[str, Any]:
    try:
        token = await Operators(state.db).reset_link(account_id, who)
    except OperatorError as exc:
        raise refuse(404, "not_found", exc.reason) from None
    base = str(request.base_url).rstrip("/")
    link = f"{base}/#/reset/{token}"
    # The message to send the player (by hand today), in the language of their account.
    info = await state.accounts.get(account_id)
    letter = reset_letter(info.language if info else None, name=info.name if info else "",
                          link=link, hours=24, room=state.room.name)
    return {"link": link, "expires_in_s": 24 * 3600,
            "email": {"language": letter.language, "subject": letter.subject,
                      "body": letter.body}}


@router.post("/accounts/{account_id}/{direction}", summary="Credit or debit with a reason",
             responses=refusals(404, 409))
async def move(account_id: AccountId, direction: str, body: Money, who: Op,
               state: Room) -> dict[str, Any]:
    if direction not in ("credit", "debit"):
        raise refuse(404, "not_found", f"no console action {direction!r}")
    try:
        return await Operators(state.db).move(account_id, direction, body.amount, who,
                                              body.reason, body.key)
    except WalletTooShortError as exc:
        raise refuse(409, "insufficient_funds", exc.reason, field="amount") from None
    except OperatorError as exc:
        raise _console_error(exc) from None


# ------------------------------------------------------------------ the room
@router.post("/audit", summary="Run the audit and show its result")
async def audit(who: Op, state: Room) -> dict[str, Any]:
    report = await run_audit(state.db, replayers=default_replayers(),
                             uth_replayer=uth_replayer)
    summary = json.loads(summary_json(report))
    await Operators(state.db).log(who, "audit", "room", {},
                                  {"ok": summary["ok"],
                                   "discrepancies": summary.get("discrepancy_count", 0)})
    return summary


@router.post("/broadcast", summary="A message to every player, or to one table",
             responses=refusals(404))
async def broadcast(body: Broadcast, who: Op, state: Room) -> dict[str, Any]:
    if body.table is not None and not state.lobby.has(body.table):
        raise refuse(404, "table_not_found", f"no table {body.table}")
    reached = await state.broadcast(body.text, body.table)
    await Operators(state.db).log(who, "broadcast", f"table:{body.table}" if body.table else
                                  "room", {}, {"text": body.text, "reached": reached})
    return {"reached": reached}


@router.get("/log", summary="The operator log, newest first")
async def operator_log(who: Op, state: Room, limit: int = 200) -> dict[str, Any]:
    return {"entries": await Operators(state.db).entries(limit=max(1, min(limit, 1000)))}


# ------------------------------------------------------------------ the player's side
@public.post("/reset", summary="Set a new password with an operator's reset link")
async def use_reset_link(body: ResetIn, state: Room) -> dict[str, Any]:
    ops = Operators(state.db)
    try:
        account_id = await ops.peek_reset(body.token)
        info = await state.accounts.get(account_id)
        assert info is not None
        check_password_policy(info.name, body.password)
    except OperatorError as exc:
        raise refuse(422, "bad_reset", exc.reason, field=exc.field) from None
    except WeakPasswordError as exc:
        raise refuse(422, "weak_password", str(exc)) from None
    hashed = await asyncio.to_thread(state.accounts.settings.hasher.hash, body.password)
    try:
        await ops.use_reset(body.token, hashed)
    except OperatorError as exc:
        raise refuse(422, "bad_reset", exc.reason, field=exc.field) from None
    return {"ok": True, "username": info.name}
