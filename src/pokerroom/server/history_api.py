"""Hand histories over REST: one's own hands, replayable step by step as one was entitled to
see them, and downloadable in the PokerStars text format."""

from __future__ import annotations

import datetime
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Path, Query, Response
from sqlalchemy import select

from pokerroom.core.rules import start_hand, visible_to
from pokerroom.server.rest import Me, Room, refuse
from pokerroom.services.hands import HandStore, StoredHand
from pokerroom.services.wire import event_json, plain
from pokerroom.storage.errors import NotFoundError
from pokerroom.storage.models import Account
from pokerroom.storage.records import decode_record

router = APIRouter(prefix="/api/hands", tags=["hands"])

# Ids are 64-bit in the database: a larger number is refused (422), never a 500.
ID_MAX = 2**63 - 1
HandId = Annotated[int, Path(ge=1, le=ID_MAX)]


async def _own_hand(state: Any, account_id: int, hand_id: int) -> StoredHand:
    try:
        stored = await HandStore(state.db).get(hand_id)
    except NotFoundError:
        raise refuse(404, "not_found", f"no hand {hand_id}") from None
    if all(s.account_id != account_id for s in stored.seats):
        # Someone else's hand looks exactly like a missing one.
        raise refuse(404, "not_found", f"no hand {hand_id}")
    return stored


def _seat_of(stored: StoredHand, account_id: int) -> int:
    return next(s.seat for s in stored.seats if s.account_id == account_id)


async def _names(state: Any, stored: StoredHand) -> dict[int, str]:
    ids = [s.account_id for s in stored.seats]
    async with state.db.read() as session:
        rows = (await session.execute(select(Account.id, Account.name)
                                      .where(Account.id.in_(ids)))).all()
    by_id = {int(i): str(n) for i, n in rows}
    return {s.seat: by_id.get(s.account_id, f"player{s.seat + 1}") for s in stored.seats}


def _table_info(state: Any, table_id: str) -> dict[str, Any]:
    if not state.lobby.has(table_id):
        return {}
    runner = state.lobby.runner(table_id)
    if runner.kind != "poker":
        return {}
    return {"name": runner.display_name, "game": runner.config.game,
            "betting": runner.config.betting, "decimals": runner.decimals,
            "seats_total": runner.config.seats}


def _summary(stored: StoredHand, account_id: int, state: Any = None) -> dict[str, Any]:
    return {
        **(_table_info(state, stored.table_id) if state is not None else {}),
        "id": stored.id, "table": stored.table_id, "hand": stored.hand_number,
        "status": stored.status, "started_ms": stored.started_ms, "ended_ms": stored.ended_ms,
        "net": stored.net().get(account_id) if stored.status == "settled" else 0,
        "void_reason": stored.void_reason or None,
    }  # fmt: skip


@router.get("", summary="My hands, newest first")
async def my_hands(who: Me, state: Room, limit: Annotated[int, Query(ge=1, le=200)] = 50,
                   before: Annotated[int | None, Query(ge=1, le=ID_MAX)] = None
                   ) -> dict[str, Any]:
    hands = await HandStore(state.db).history(who[0], limit=max(1, min(limit, 200)),
                                              before_id=before)
    return {"hands": [_summary(h, who[0], state) for h in hands]}


@router.get("/pokerstars", summary="All my hands in the PokerStars text format (newest 500)")
async def my_hands_pokerstars(who: Me, state: Room) -> Response:
    hands = await HandStore(state.db).history(who[0], limit=500)
    texts = []
    for stored in reversed(hands):
        if stored.status == "settled" and stored.record:
            texts.append(await _pokerstars(state, stored, who[0]))
    return _text_file("\ufeff" + "\n\n\n".join(texts) + "\n", "pokerroom-hands.txt")


@router.get("/{hand_id}", summary="One of my hands, step by step, as I could see it")
async def my_hand(hand_id: HandId, who: Me, state: Room) -> dict[str, Any]:
    stored = await _own_hand(state, who[0], hand_id)
    if stored.status == "in_progress":
        # A live hand is only ever seen through the table (view_for), never from its record.
        raise refuse(409, "in_progress", f"hand {hand_id} is still being played")
    seat = _seat_of(stored, who[0])
    out = _summary(stored, who[0], state)
    out["seat"] = seat
    out["names"] = {str(k): v for k, v in (await _names(state, stored)).items()}
    out["steps"] = _steps(stored, seat) if stored.record else []
    return out


@router.get("/{hand_id}/pokerstars", summary="One of my hands in the PokerStars text format")
async def my_hand_pokerstars(hand_id: HandId, who: Me, state: Room) -> Response:
    stored = await _own_hand(state, who[0], hand_id)
    if stored.status != "settled" or not stored.record:
        raise refuse(409, "not_exportable", f"hand {hand_id} is {stored.status}")
    text = await _pokerstars(state, stored, who[0])
    return _text_file("\ufeff" + text + "\n", f"pokerroom-hand-{hand_id}.txt")


def _text_file(text: str, filename: str) -> Response:
    return Response(text, media_type="text/plain; charset=utf-8",
                    headers={"Content-Disposition": f'attachment; filename="{filename}"'})


async def _pokerstars(state: Any, stored: StoredHand, account_id: int) -> str:
    # The exporter (pokerroom.history.pokerstars) is handed in by whoever builds the app
    # (the CLI): the server layer does not import the history layer.
    export = state.pokerstars_exporter
    if export is None:
        raise refuse(501, "not_available", "this server has no PokerStars exporter")
    runner = state.lobby.runner(stored.table_id) if state.lobby.has(stored.table_id) else None
    try:
        return str(export(
            decode_record(stored.record),
            table_name=runner.display_name if runner is not None else stored.table_id,
            max_seats=runner.config.seats if runner is not None else 10,
            names=await _names(state, stored),
            hand_id=stored.id,
            started_at=datetime.datetime.fromtimestamp(stored.started_ms / 1000, datetime.UTC),
            viewer=_seat_of(stored, account_id),
        ))
    except Exception as exc:  # noqa: BLE001 - an exporter refusal is the client's answer
        raise HTTPException(500, detail={"code": "export_failed", "reason": str(exc)}) from exc


def _steps(stored: StoredHand, seat: int) -> list[dict[str, Any]]:
    """The hand re-dealt and re-played action by action; each step: the events that action
    caused (filtered for `seat`) and the view of `seat` after it."""
    record = decode_record(stored.record)
    hand = start_hand(record.config, record.seats, button=record.button, deck=record.deck)
    dealt_in = frozenset(s.seat for s in record.seats)
    steps = []
    seen = 0
    version = 0

    def step(action: Any) -> None:
        nonlocal seen, version
        new = hand.events[seen:]
        seen += len(new)
        events = []
        for ev in new:
            version += 1
            events.append(event_json(visible_to(ev, seat, dealt_in), version))
        view = plain(hand.view_for(seat))
        view.pop("config", None)
        view.pop("legal", None)
        steps.append({"action": None if action is None else {**plain(action),
                                                             "type": type(action).__name__},
                      "events": events, "view": view})

    step(None)
    for action in record.actions:
        hand.apply(action)
        step(action)
    return steps
