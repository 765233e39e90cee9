"""Hand histories over REST: one's own hands, replayable step by step as one was entitled to
see them, and downloadable in the PokerStars text format."""

from __future__ import annotations

import datetime
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Path, Query, Response

from pokerroom.server.rest import Me, Room, refusals, refuse
from pokerroom.services.hands import TOURNAMENT, StoredHand
from pokerroom.services.history import HandHistory, record_of, replay_steps, seat_of
from pokerroom.services.tournament_exports import tournament_hand_info

router = APIRouter(prefix="/api/hands", tags=["hands"])

# Ids are 64-bit in the database: a larger number is refused (422), never a 500.
ID_MAX = 2**63 - 1
HandId = Annotated[int, Path(ge=1, le=ID_MAX)]


async def _own_hand(state: Any, account_id: int, hand_id: int) -> StoredHand:
    stored = await HandHistory(state.db).own_hand(account_id, hand_id)
    if stored is None:  # someone else's hand looks exactly like a missing one
        raise refuse(404, "not_found", f"no hand {hand_id}")
    return stored


async def _names(state: Any, stored: StoredHand) -> dict[int, str]:
    return await HandHistory(state.db).names(stored)


def _table_info(state: Any, table_id: str) -> dict[str, Any]:
    if not state.lobby.has(table_id):
        return {}
    runner = state.lobby.runner(table_id)
    if runner.kind != "poker":
        return {}
    return {"name": runner.display_name, "game": runner.config.game,
            "betting": runner.config.betting, "decimals": runner.decimals,
            "seats_total": runner.config.seats, "mix": runner.config.mix or None}


def _hand_game(stored: StoredHand, table: dict[str, Any]) -> dict[str, Any]:
    """A mixed table's hand was dealt as one game of its mix (R-MIX-1): that game, from the
    hand's own record (a single-game table's hands are all its game)."""
    if not table.get("mix") or not stored.record:
        return {}
    config = record_of(stored).config
    return {"game": config.game.value, "betting": config.betting.value}


def _tournament_info(stored: StoredHand) -> dict[str, Any]:
    """A tournament hand: its tournament and table; its amounts are chips, not money."""
    tournament, _, number = stored.table_id.rpartition("/")
    return {"name": f"{tournament} {number}", "tournament": tournament, "chips": True}


def _summary(stored: StoredHand, account_id: int, state: Any = None) -> dict[str, Any]:
    if stored.kind == TOURNAMENT:
        info = _tournament_info(stored)
    else:
        table = _table_info(state, stored.table_id) if state is not None else {}
        info = {**table, **_hand_game(stored, table)}
    return {
        **info,
        "id": stored.id, "table": stored.table_id, "hand": stored.hand_number,
        "status": stored.status, "started_ms": stored.started_ms, "ended_ms": stored.ended_ms,
        "net": stored.net().get(account_id) if stored.status == "settled" else 0,
        "void_reason": stored.void_reason or None,
    }  # fmt: skip


@router.get("", summary="My hands, newest first")
async def my_hands(who: Me, state: Room, limit: Annotated[int, Query(ge=1, le=200)] = 50,
                   before: Annotated[int | None, Query(ge=1, le=ID_MAX)] = None,
                   tournament: Annotated[str | None, Query(
                       min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_.\-]+$",
                       description="only the hands of this tournament")] = None,
                   ) -> dict[str, Any]:
    hands = await HandHistory(state.db).of(who[0], limit=max(1, min(limit, 200)),
                                              before_id=before, tournament=tournament)
    return {"hands": [_summary(h, who[0], state) for h in hands]}


# An OpenAPI schema, not a WebSocket message (spelled dict(...) so that the protocol-doc test,
# which looks for '"type": "..."' message literals, does not take it for one).
TEXT = {200: {"content": {"text/plain": {"schema": dict(type="string")}},
              "description": "PokerStars hand history text (a download)"}}


@router.get("/pokerstars", summary="All my hands in the PokerStars text format (newest 500)",
            response_class=Response, responses={**TEXT, **refusals(501)})
async def my_hands_pokerstars(who: Me, state: Room) -> Response:
    hands = await HandHistory(state.db).of(who[0], limit=500)
    # The same hands give the same file: served from the cache until a hand is added.
    key = tuple(h.id for h in hands if h.status == "settled")
    cached = state.exports.get(who[0])
    if cached is not None and cached[0] == key:
        return _text_file(cached[1], "pokerroom-hands.txt")
    texts = []
    for stored in reversed(hands):
        if stored.status == "settled" and stored.record and _has_pokerstars_game(stored):
            texts.append(await _pokerstars(state, stored, who[0]))
    text = "\ufeff" + "\n\n\n".join(texts) + "\n"
    if len(state.exports) > 1000:
        state.exports.clear()  # a crude bound; a file is rebuilt on the next call
    state.exports[who[0]] = (key, text)
    return _text_file(text, "pokerroom-hands.txt")


@router.get("/{hand_id}", summary="One of my hands, step by step, as I could see it",
            responses=refusals(404, 409))
async def my_hand(hand_id: HandId, who: Me, state: Room) -> dict[str, Any]:
    stored = await _own_hand(state, who[0], hand_id)
    if stored.status == "in_progress":
        # A live hand is only ever seen through the table (view_for), never from its record.
        raise refuse(409, "in_progress", f"hand {hand_id} is still being played")
    seat = seat_of(stored, who[0])
    out = _summary(stored, who[0], state)
    out["seat"] = seat
    out["names"] = {str(k): v for k, v in (await _names(state, stored)).items()}
    out["steps"] = replay_steps(stored, seat) if stored.record else []
    return out


@router.get("/{hand_id}/pokerstars", summary="One of my hands in the PokerStars text format",
            response_class=Response, responses={**TEXT, **refusals(404, 409, 501)})
async def my_hand_pokerstars(hand_id: HandId, who: Me, state: Room) -> Response:
    stored = await _own_hand(state, who[0], hand_id)
    if stored.status != "settled" or not stored.record:
        raise refuse(409, "not_exportable", f"hand {hand_id} is {stored.status}")
    text = await _pokerstars(state, stored, who[0])
    return _text_file("\ufeff" + text + "\n", f"pokerroom-hand-{hand_id}.txt")


def _has_pokerstars_game(stored: StoredHand) -> bool:
    """PokerStars' text format has no header for some games (short-deck): those are left out
    of the all-hands file (one hand alone is refused with the reason)."""
    return record_of(stored).config.game.variant.pokerstars_name is not None


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
    record = record_of(stored)
    table_name = runner.display_name if runner is not None else stored.table_id.replace("/", " ")
    max_seats = runner.config.seats if runner is not None else 10
    tournament: dict[str, Any] = {}
    if stored.kind == TOURNAMENT:
        # In chips, with PokerStars' tournament header (number, buy-in + fee, level) at
        # table '<number> <n>', as many seats as the tournament's tables.
        tournament = {"play_chips": True}
        info = await tournament_hand_info(state.db, stored, record.config.stakes)
        if info is not None:
            tournament["tournament"] = info
            table_name, max_seats = info["table_name"], info["seats"]
    try:
        return str(export(
            record,
            table_name=table_name,
            max_seats=max_seats,
            names=await _names(state, stored),
            hand_id=stored.id,
            started_at=datetime.datetime.fromtimestamp(stored.started_ms / 1000, datetime.UTC),
            viewer=seat_of(stored, account_id),
            currency=state.room.currency,
            mix=runner.config.mixed.name if runner is not None and runner.config.mix else "",
            **tournament,
        ))
    except Exception as exc:  # noqa: BLE001 - an exporter refusal is the client's answer
        raise HTTPException(500, detail={"code": "export_failed", "reason": str(exc)}) from exc
