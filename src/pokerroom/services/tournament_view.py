"""What a player following a tournament sees (docs/PROTOCOL.md, tournaments): the public
summary (status, level, blinds, ante, time to the next level, entrants, prize pool, payouts,
chip counts), their own place, rank and prize, and their table with the hand as the core's
`view_for(their seat)` shows it. Hidden cards never come from anywhere else. Between hands
the hand just over stays in the picture of the players dealt into it, with the offer to show
their cards when nobody saw them (R-SD-5, as at a cash table: poker_view.show_offer). Someone
watching a table (`tournament_watch`) gets that table as an observer sees it (watcher_table):
the core's `view_for(None)`, never a choice."""

from __future__ import annotations

from typing import Any

from pokerroom.core import rules
from pokerroom.services.outbound_parts import (
    ActionWord,
    LastAction,
    TournamentPicture,
    TournamentPrevious,
    TournamentResult,
    TournamentSeat,
    TournamentSummary,
    TournamentTable,
)
from pokerroom.services.poker_view import legal_json, result_winners, show_offer, viewer_hand
from pokerroom.services.tournament_director import account_of
from pokerroom.services.wire import plain

# The actions a seat's box names until the street changes (the cash felt's lastActions).
_LAST_ACTIONS: dict[type, ActionWord] = {
    rules.Checked: "check", rules.Called: "call", rules.BetPlaced: "bet", rules.RaisedTo: "raise",
    rules.Completed: "complete", rules.BringInPosted: "bring_in",
}
_ACTED = (rules.Checked, rules.Called, rules.BetPlaced, rules.RaisedTo, rules.Completed,
          rules.BringInPosted)
_NEW_STREET = (rules.HandStarted, rules.BoardDealt, rules.StreetStarted)


def last_actions(hand: rules.Hand) -> list[LastAction]:
    """Each seat's latest action on the street now, from the hand's public events only (the
    cash table's client reads the same from its log: cleared by a new hand or street)."""
    latest: dict[int, LastAction] = {}
    for ev in hand.events:
        if isinstance(ev, _NEW_STREET):
            latest.clear()
        elif isinstance(ev, _ACTED):
            latest[ev.seat] = {"seat": ev.seat, "action": _LAST_ACTIONS[type(ev)],
                               "amount": 0 if isinstance(ev, rules.Checked) else ev.amount}
    return [latest[seat] for seat in sorted(latest)]


def name_of(d: Any, entry: str) -> str:
    """The player's screen name (the entry when it is not known)."""
    return str(d.names.get(account_of(entry), entry))


def tournament_summary(d: Any) -> TournamentSummary:
    t = d.t
    cfg = t.config
    level = t.level
    alive = [e for e in t.entries.values() if not e.busted]
    left_ms = None
    at = {e: x.number for x in t.tables.values() for e in x.seats if e is not None}
    if level.length_ms is not None and t.status in ("running", "on_break", "hand_for_hand"):
        left_ms = max(0, level.length_ms - (d.now() - t.level_started_ms))
    return {
        "id": d.id,
        "name": cfg.name,
        "game": cfg.game,
        "betting": cfg.betting,
        "status": t.status,
        "sit_and_go": cfg.sit_and_go,
        "seats": cfg.seats,
        "buy_in": cfg.buy_in,
        "fee": cfg.fee,
        "starting_chips": cfg.starting_chips,
        "entrants": len(t.entries),
        "max_entrants": cfg.max_entrants,
        "players_left": len(alive),
        "starts_in_ms": None if cfg.start_ms is None or t.status != "registering"
        else max(0, cfg.start_ms - d.now()),
        "late_registration": t.late_registration_open(),
        "level": t.level_number,
        "small_blind": level.small_blind,
        "big_blind": level.big_blind,
        "ante": level.ante,
        "level_left_ms": left_ms,
        "prize_pool": t.prize_pool,
        "payouts": list(t.place_prizes),
        "average_stack": (sum(e.chips for e in alive) // len(alive)) if alive and t.tables else None,
        "structure": [
            {"small_blind": lv.small_blind, "big_blind": lv.big_blind, "ante": lv.ante,
             "minutes": lv.minutes, "hands": lv.hands, "break": lv.is_break}
            for lv in cfg.levels
        ],
        "deal": None if t.deal_offer is None else {
            "amounts": t.deal_offer, "accepted": sorted(t.deal_accepted),
        },
        "deal_requested": d.deal_requested_by is not None,
        "players": sorted(
            ({"entry": e.entry, "name": name_of(d, e.entry), "chips": e.chips, "place": e.place,
              "prize": e.prize, "table": at.get(e.entry)} for e in t.entries.values()),
            key=lambda p: (p["place"] or 0, -p["chips"]),
        ),
    }  # fmt: skip


def viewer_picture(d: Any, account_id: int | None,
                   summary: TournamentSummary | None = None) -> TournamentPicture:
    """`summary`: the tournament's, when the caller built it once for many viewers."""
    t = d.t
    out: TournamentPicture = {"summary": summary if summary is not None else tournament_summary(d),
                           "you": None, "table": None}  # fmt: skip
    if account_id is None:
        return out
    mine = [e for e in t.entries.values() if account_of(e.entry) == account_id]
    if not mine:
        return out
    entry = mine[-1]
    alive = sorted((e for e in t.entries.values() if not e.busted), key=lambda e: -e.chips)
    rank = next((i for i, e in enumerate(alive, start=1) if e.entry == entry.entry), None)
    out["you"] = {"entry": entry.entry, "name": name_of(d, entry.entry), "chips": entry.chips,
                  "place": entry.place,
                  "prize": entry.prize, "rank": rank, "out": entry.busted,
                  "away": entry.entry in t.away,
                  "sitting_out": entry.entry in t.sitting_out,
                  "time_bank_ms": d.bank_of(entry.entry)}  # fmt: skip
    if entry.busted or not t.tables:
        return out
    table = next((x for x in t.tables.values() if entry.entry in x.seats), None)
    if table is None:
        return out
    seat = table.seat_of(entry.entry)
    picture = _table_picture(d, table, seat)
    hand = table.hand
    if hand is not None and seat in table.dealt:
        view = hand.view_for(seat)
        picture["hand"] = plain(view)
        picture["own_hand"] = viewer_hand(view)  # from this viewer's own view: their cards only
        picture["last_actions"] = last_actions(hand)
        if view.legal is not None:
            picture["legal"] = legal_json(view.legal, table.hand_number, len(hand.actions), view)
        live = d.live.get(table.number)
        if live is not None and live.hand is hand:  # the commitment, never the seed
            picture["fairness"] = live.fairness()
    else:
        fin = d.finished_hand(table.number) if hand is None else None
        if fin is not None and fin.accounts.get(seat) == account_of(entry.entry):
            view = fin.hand.view_for(seat)
            picture["hand"] = plain(view)
            picture["last_actions"] = last_actions(fin.hand)
            picture["legal"] = show_offer(view, table.hand_number, len(fin.hand.actions))
            picture["fairness"] = fin.fairness()  # still the commitment only
            picture["result"] = result_of(d, fin)
        else:  # moved since their last hand: its result stays on their felt meanwhile
            previous = previous_hand(d, account_of(entry.entry))
            if previous is not None:
                picture["previous"] = previous
    out["table"] = picture
    return out


def _table_picture(d: Any, table: Any, seat: int | None) -> TournamentTable:
    """Table `table` as the player at `seat` (None: a watcher) sees it without the hand: its
    players, button and action clock (public); the caller puts in the hand."""
    t = d.t
    picture: TournamentTable = {
        "number": table.number,
        "seat": seat,
        "hand_number": table.hand_number,
        "seats": [
            None
            if p is None
            else {"seat": i, "entry": p, "name": name_of(d, p), "chips": t.entries[p].chips,
                  "away": p in t.away, "bot": account_of(p) in d.bots}
            for i, p in enumerate(table.seats)
        ],  # fmt: skip
        "button": table.last.button if table.last is not None else None,
        "hand": None,
        "legal": None,
        "clock": None,
        "own_hand": None,
        "last_actions": [],
    }
    clock = d.clock_of(table.number)
    if clock is not None:  # wall-clock ms, as the cash tables' (PROTOCOL 2.3)
        picture["clock"] = {
            "seat": clock.seat, "deadline_ms": clock.deadline_ms,
            "action_deadline_ms": clock.action_deadline_ms, "time_bank_ms": clock.bank_ms,
            "action_ms": clock.action_deadline_ms - clock.started_ms,
        }  # fmt: skip
    return picture


def watcher_table(d: Any, number: int) -> TournamentTable | None:
    """Table `number` as someone watching it sees it (the `tournament_table` message): the
    core's observer view of its hand (`view_for(None)`: no hidden card, only those shown),
    or of the hand just over there until the next deal, with its result; never a choice.
    None when the tournament has no such table now."""
    table = d.t.tables.get(number)
    if table is None:
        return None
    picture = _table_picture(d, table, None)
    hand = table.hand
    live = d.live.get(number)
    if hand is not None:
        picture["hand"] = plain(hand.view_for(None))
        picture["last_actions"] = last_actions(hand)
        if live is not None and live.hand is hand:  # the commitment, never the seed
            picture["fairness"] = live.fairness()
        return picture
    fin = d.finished_hand(number)
    if fin is not None:
        picture["hand"] = plain(fin.hand.view_for(None))
        picture["last_actions"] = last_actions(fin.hand)
        picture["fairness"] = fin.fairness()
        picture["result"] = result_of(d, fin)
    return picture

def result_of(d: Any, fin: Any) -> TournamentResult:
    """Who won what in the finished hand `fin` (a LiveHand), the cards shown: public."""
    names = {s: name_of(d, str(a)) for s, a in fin.accounts.items()}
    winners, shown = result_winners(fin.hand, names)
    return {"winners": winners, "shown": shown}


def previous_hand(d: Any, account: int) -> TournamentPrevious | None:
    """The hand just over that `account` was dealt into at a table they no longer sit at
    (moved by balancing, R-TOURN-8, a table broken or the final table drawn, R-TOURN-9), as
    they saw it at its end: the core's view for the seat they had (their own cards, and those
    shown), the result, until they are dealt in again (the director forgets it then)."""
    held = d.last_hand.get(account)
    if held is None:
        return None
    number, seat, fin = held
    view = fin.hand.view_for(seat)
    t = d.t
    seats: list[TournamentSeat | None] = [None] * t.config.seats
    for sv in view.seats:  # the players as the hand ended (`name` is the entry)
        seats[sv.seat] = {"seat": sv.seat, "entry": sv.name, "name": name_of(d, sv.name),
                          "chips": sv.stack, "away": sv.name in t.away,
                          "bot": account_of(sv.name) in d.bots}  # fmt: skip
    return {"number": number, "seat": seat, "hand_number": fin.table_hand, "seats": seats,
            "hand": plain(view), "result": result_of(d, fin),
            "last_actions": last_actions(fin.hand)}  # fmt: skip
