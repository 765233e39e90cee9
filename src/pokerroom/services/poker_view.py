"""The per-viewer picture of a poker table (docs/PROTOCOL.md 2.3), built only from
`Hand.view_for(seat)` / `Hand.views_for(seats)` and the table's public seat data. Never from a
raw hand state.

One fan-out builds the views of many viewers of one moment: the part no viewer sees
differently (`shared_view`, from the observer's view) once, then each viewer's own part
(`personal_parts`: the seats the core shows that viewer differently, `you`, `legal`), put
together as a dict (`assemble`, `personal_view`) or as JSON (`view_json`: the shared part is
encoded once a moment, only each viewer's own part per viewer) (issue 11).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Literal

import orjson

from pokerroom.core.rules import Game, HandShown, HandView, LegalActions
from pokerroom.core.rules.showdown import best_five, hand_parts
from pokerroom.services.outbound_parts import (
    Cards,
    EmptySeat,
    HandParts,
    Legal,
    PokerHeader,
    PokerView,
    Pot,
    Preset,
    Span,
    TakenSeat,
    Winner,
    You,
)
from pokerroom.services.wire import card_text, cards_text, plain

# Pot fractions players know: (key for the client's words, numerator, denominator).
POT_PRESETS = (("third_pot", 1, 3), ("half_pot", 1, 2), ("two_thirds_pot", 2, 3),
               ("three_quarters_pot", 3, 4), ("pot", 1, 1))
# Opening raises before the flop, in big blinds (tenths: 25 = 2.5x).
OPEN_PRESETS = (("bb_2_5", 25), ("bb_3", 30), ("bb_4", 40))


def presets(hand_view: HandView, low: int, high: int) -> list[Preset]:
    """Totals for a bet or raise, each inside the legal [low, high] so a click is always
    legal: no-limit 1/3, 1/2, 2/3, 3/4 pot and pot (the pot counts the call: a raise "pot"
    is call, then raise by the pot after the call), before the flop with only the blinds
    in also 2.5x, 3x and 4x the big blind; pot-limit the pot (its maximum); limit none.
    `key` names the preset for the client's words, `label` stays for older clients."""
    betting = hand_view.config.betting.value
    if betting == "limit":
        return []
    bets = [s.bet for s in hand_view.seats]
    top = max(bets, default=0)
    mine = next((s.bet for s in hand_view.seats if s.seat == hand_view.to_act), 0)
    pot_after_call = hand_view.pot + sum(bets) + (top - mine)
    wanted: list[tuple[str, int]] = []
    big_blind = hand_view.config.stakes.big_blind
    if (betting == "no-limit" and hand_view.street.name == "PREFLOP" and big_blind
            and top <= big_blind):
        wanted += [(key, big_blind * tenths // 10) for key, tenths in OPEN_PRESETS]
    for key, num, den in POT_PRESETS:
        if betting == "pot-limit" and key != "pot":
            continue
        wanted.append((key, top + pot_after_call * num // den))
    out: list[Preset] = []
    for key, raw in wanted:
        amount = min(high, max(low, raw))
        if any(p["amount"] == amount for p in out):
            continue
        out.append({"key": key, "label": LABELS[key], "amount": amount})
    return out


LABELS = {"third_pot": "\u2153 pot", "half_pot": "\u00bd pot", "two_thirds_pot": "\u2154 pot",
          "three_quarters_pot": "\u00be pot", "pot": "Pot", "bb_2_5": "2.5x", "bb_3": "3x",
          "bb_4": "4x"}


def legal_json(legal: LegalActions, hand: int, action_no: int,
               hand_view: HandView | None = None) -> Legal:
    def span(pair: tuple[int, int] | None) -> Span | None:
        if pair is None:
            return None
        out: Span = {"min": pair[0], "max": pair[1]}
        if hand_view is not None:
            out["presets"] = presets(hand_view, pair[0], pair[1])
        return out

    return {
        "hand": hand, "action_no": action_no, "seat": legal.seat,
        "fold": legal.fold, "check": legal.check, "call": legal.call or 0,
        "bet": span(legal.bet), "raise": span(legal.raise_to),
        "bring_in": legal.bring_in, "complete": span(legal.complete),
        "show": False, "muck": False,
        # Draw games (R-DRAW-2): how many of your cards you may exchange; null otherwise.
        "draw": None if legal.draw is None else {"min": legal.draw[0], "max": legal.draw[1]},
    }  # fmt: skip


def pots_json(hand_view: HandView | None) -> list[Pot]:
    """Main pot then side pots collected so far (R-POT-1), each with the seats that may win
    it; empty before the first bets are collected and once the hand is over."""
    if hand_view is None:
        return []
    return [{"amount": p.amount, "eligible": list(p.eligible)} for p in hand_view.pots]


def warm_up() -> None:
    """Build the evaluator's lazy tables now (about 2 s of CPU, more on a loaded machine):
    the first flop a room deals names each player's hand (`you.hand`), and paying for the
    tables there stalled that table's first hand for seconds."""
    hand_parts(Game("holdem"), (0, 1), (10, 20, 30))


def seat_status(sv: Any, dealt: bool, folded: bool,
                all_in: bool) -> Literal["sitting_out", "waiting", "folded", "all_in", "active"]:
    if sv.sitting_out:
        return "sitting_out"
    if not dealt:
        return "waiting"
    if folded:
        return "folded"
    if all_in:
        return "all_in"
    return "active"


def posts_due(sv: Any) -> Literal["small_and_big", "big_blind", "small_blind", "none"]:
    if sv.owes_small_blind and sv.owes_big_blind:
        return "small_and_big"
    if sv.owes_big_blind:
        return "big_blind"
    if sv.owes_small_blind:
        return "small_blind"
    return "none"


def _own_hand(hand_view: HandView | None, hs: Any) -> HandParts | None:
    """The viewer's best hand so far in parts (for "Two Pair, Aces and Fours" under the
    cards), from the viewer's own cards only; None before five cards make a hand."""
    if hand_view is None or hs is None or hs.folded or any(c is None for c in hs.cards):
        return None
    parts = _hand_parts(hand_view.config.game, tuple(hs.cards), tuple(hand_view.board))
    if not parts:
        return None
    # a fresh dict each time: the cached one is never handed out (a view may be changed);
    # hand_parts (the core) says dict[str, object]; its keys are those of HandParts
    return {key: list(value) if isinstance(value, tuple) else value  # type: ignore[return-value]
            for key, value in parts}


def viewer_hand(hand_view: HandView) -> HandParts | None:
    """The viewer's own best hand so far in parts (`you.hand` of 2.3), from `hand_view`, the
    core's view for that viewer: only their own cards are worded. None for an observer."""
    if hand_view.viewer is None:
        return None
    own = next((s for s in hand_view.seats if s.seat == hand_view.viewer), None)
    return _own_hand(hand_view, own)


@lru_cache(maxsize=8192)
def _hand_parts(game: Any, cards: tuple[int, ...],
                board: tuple[int, ...]) -> tuple[tuple[str, Any], ...]:
    """hand_parts of one player's cards on one board, kept: every fan-out names the hand of
    each player it reaches, and it changes only with a street (issue 11)."""
    return tuple((key, tuple(value) if isinstance(value, list) else value)
                 for key, value in hand_parts(game, cards, board).items())


@dataclass(frozen=True, slots=True)
class SharedView:
    """The part of a table's view every viewer of one moment shares (one fan-out), built
    once from the observer's `HandView`: it holds no card an observer may not see. Each
    viewer's view is `personal_view(shared, that viewer's HandView, ...)`."""

    view: PokerView  # the observer's view: `you` and `legal` None, no seat `is_you`
    hand_view: HandView | None  # the observer's (None: no hand in play)
    by_seat: dict[int, Any]  # the table's seats now (core.table SeatView) by seat number
    by_account: dict[Any, Any]  # the same seats by account
    names: dict[Any, str]
    bots: set[int] | frozenset[int]
    hand_number: int | None
    action_no: int
    # The shared part encoded (view_json): its other keys, then each seat; built at first use.
    encoded: list[bytes] = field(default_factory=list)


def shared_view(
    *,
    header: PokerHeader,
    players: tuple[Any, ...],
    names: dict[Any, str],
    seats_total: int,
    hand_view: HandView | None,
    hand_number: int | None,
    action_no: int,
    button: int | None,
    clock: Any,
    bots: set[int] | frozenset[int] = frozenset(),
) -> SharedView:
    """The viewer-independent part of the view (docs/PROTOCOL.md 2.3). `hand_view` must be
    the observer's (`view_for(OBSERVER)` or `views_for(...)[OBSERVER]` of this moment).
    `bots`: the seated accounts that are bots (a badge)."""
    if hand_view is not None and hand_view.viewer is not None:
        raise ValueError("the shared view is built from the observer's hand view only")
    by_seat = {p.seat: p for p in players}
    hand_seats = {s.seat: s for s in hand_view.seats} if hand_view is not None else {}
    seats: list[EmptySeat | TakenSeat] = []
    for seat in range(seats_total):
        sv = by_seat.get(seat)
        if sv is None:
            seats.append({"seat": seat, "status": "empty"})
        else:
            seats.append(_seat_entry(sv, hand_seats.get(seat), names, bots, is_you=False))
    # `hand_id` (and `fairness` while a hand runs) the runner adds: the stored hand is its.
    view: PokerView = {  # type: ignore[typeddict-item]
        **header,  # type: ignore[typeddict-item]
        "hand": hand_number if hand_view is not None and not hand_view.is_over else None,
        "button": hand_view.button if hand_view is not None else button,
        "street": plain(hand_view.street) if hand_view is not None else None,
        "board": cards_text(hand_view.board) if hand_view is not None else [],
        "pots": pots_json(hand_view),
        "seats": seats,
        "to_act": hand_view.to_act if hand_view is not None else None,
        "you": None,
        "legal": None,
        "clock": None if clock is None else {
            "seat": clock.seat, "deadline_ms": clock.deadline_ms,
            "action_deadline_ms": clock.action_deadline_ms, "time_bank_ms": clock.bank_ms,
            "action_ms": clock.action_deadline_ms - clock.started_ms,
        },
    }
    return SharedView(view=view, hand_view=hand_view, by_seat=by_seat,
                      by_account={p.account: p for p in players}, names=names, bots=bots,
                      hand_number=hand_number, action_no=action_no)


def _seat_entry(sv: Any, hs: Any, names: dict[Any, str], bots: set[int] | frozenset[int], *,
                is_you: bool) -> TakenSeat:
    return {
        "seat": sv.seat,
        "name": names.get(sv.account, sv.account),
        "stack": hs.stack if hs is not None else sv.stack,
        "bet": hs.bet if hs is not None else 0,
        "contributed": hs.contributed if hs is not None else 0,
        "status": seat_status(sv, hs is not None, bool(hs and hs.folded), bool(hs and hs.all_in)),
        "cards": cards_text(hs.cards) if hs is not None else [],
        "up": list(hs.up) if hs is not None else [],
        "posts_due": posts_due(sv),
        "is_you": is_you,
        "bot": sv.account in bots,
    }


@dataclass(slots=True)
class Personal:
    """What one viewer of a moment sees differently from the shared part: the seats it sees
    otherwise (its own, marked `is_you`; after the hand, the mucked hands of a player dealt
    in), `you` and `legal`. The rest of its view is the shared part, unchanged."""

    seats: dict[int, TakenSeat]
    you: You | None
    legal: Legal | None


def personal_parts(shared: SharedView, hand_view: HandView | None, viewer_account: Any,
                   balance: int | None = None) -> Personal:
    """The one place a viewer's own part of a poker view is filtered: from this viewer's
    `HandView` (the core's filter) only, from the same `views_for` call as the shared
    part's (None when no hand is in play)."""
    public = shared.hand_view
    if (hand_view is None) != (public is None):
        raise ValueError("the viewer's hand view and the shared one are of different moments")
    sv = shared.by_account.get(viewer_account) if viewer_account is not None else None
    own_seat = sv.seat if sv is not None else None
    seats: dict[int, TakenSeat] = {}
    hs = None  # the viewer's own seat in its hand view (None: not dealt in)
    if hand_view is not None and public is not None and hand_view is not public:
        for own, seen in zip(hand_view.seats, public.seats, strict=True):
            seat = own.seat
            if seat == own_seat:
                hs = own  # its entry is built once, below
            # A seat object shared with the observer's view shows what observers see: its
            # entry is the shared one. Any other seat is this viewer's alone.
            elif own is not seen and seat in shared.by_seat:
                seats[seat] = _seat_entry(shared.by_seat[seat], own, shared.names,
                                          shared.bots, is_you=False)
    elif hand_view is not None and own_seat is not None:
        hs = next((s for s in hand_view.seats if s.seat == own_seat), None)
    you: You | None = None
    if sv is not None:
        seats[sv.seat] = _seat_entry(sv, hs, shared.names, shared.bots, is_you=True)
        you = {"seat": sv.seat, "sitting_out": sv.sitting_out or sv.sit_out_next,
               "auto_post": not sv.waits_for_big_blind, "balance": balance,
               "waits_for_big_blind": sv.waits_for_big_blind,
               "time_bank_ms": sv.time_bank_ms,
               "hand": _own_hand(hand_view, hs)}
    legal: Legal | None = None
    if (hand_view is not None and hand_view.legal is not None
            and shared.hand_number is not None):
        legal = legal_json(hand_view.legal, shared.hand_number, shared.action_no, hand_view)
    return Personal(seats=seats, you=you, legal=legal)


def personal_view(shared: SharedView, hand_view: HandView | None, viewer_account: Any,
                  balance: int | None = None) -> PokerView:
    """One viewer's view: the shared part with this viewer's own part (`personal_parts`).
    The shared part is copied, never changed."""
    return assemble(shared, personal_parts(shared, hand_view, viewer_account, balance))


def assemble(shared: SharedView, parts: Personal) -> PokerView:
    """A viewer's view as a dict: a copy of the shared part with the viewer's own part in."""
    view = shared.view.copy()
    if parts.seats:
        seats = list(shared.view["seats"])
        for seat, entry in parts.seats.items():
            seats[seat] = entry
        view["seats"] = seats
    view["you"] = parts.you
    view["legal"] = parts.legal
    return view


# The keys a viewer's own part may change: the rest of the view is encoded once a moment.
_OWN_KEYS = frozenset({"seats", "you", "legal"})
_OPTIONS = orjson.OPT_NON_STR_KEYS


def view_json(shared: SharedView, parts: Personal) -> bytes:
    """`assemble(shared, parts)` as JSON (the same object; its keys in another order): the
    shared part is encoded once for every viewer of the moment (the keys but `seats`, `you`
    and `legal`, then each seat alone), and only the viewer's own part per viewer (issue 11).
    The runner adds `fairness` and `hand_id` to the shared part before the first call."""
    encoded = shared.encoded
    if not encoded:
        head = orjson.dumps({k: v for k, v in shared.view.items() if k not in _OWN_KEYS},
                            option=_OPTIONS)
        encoded.append(head[:-1] + b"," if len(head) > 2 else b"{")
        encoded.extend(orjson.dumps(entry, option=_OPTIONS) for entry in shared.view["seats"])
    seats = encoded[1:]
    for seat, entry in parts.seats.items():
        seats[seat] = orjson.dumps(entry, option=_OPTIONS)
    return b"".join((encoded[0], b'"seats":[', b",".join(seats), b'],"you":',
                     orjson.dumps(parts.you, option=_OPTIONS), b',"legal":',
                     orjson.dumps(parts.legal, option=_OPTIONS), b"}"))


def show_offer(hand_view: HandView, hand: int, action_no: int) -> Legal | None:
    """The choice left after a hand (R-SD-5): a player still holding cards nobody saw (mucked
    at the showdown, R-SD-2, or won without a showdown) may show them. None otherwise."""
    viewer, result = hand_view.viewer, hand_view.result
    if viewer is None or not hand_view.is_over or result is None or viewer in result.shown:
        return None
    mine = next((s for s in hand_view.seats if s.seat == viewer), None)
    if mine is None or mine.folded:
        return None
    return {
        "hand": hand, "action_no": action_no, "seat": viewer, "after_hand": True,
        "fold": False, "check": False, "call": 0, "bet": None, "raise": None,
        "bring_in": None, "complete": None, "show": True, "muck": False, "draw": None,
    }  # fmt: skip


def result_winners(hand: Any, names: dict[int, str]) -> tuple[list[Winner], dict[str, Cards]]:
    """Who won what in a finished hand (`hand_result`, docs/PROTOCOL.md 2.3): each pot's
    winners with the hand they showed (in parts the client words in the player's language,
    and its best five cards), and the cards shown by seat. Public: only shown cards."""
    result = hand.result
    descriptions: dict[int, str] = {}
    parts: dict[int, HandParts] = {}
    shown: dict[str, Cards] = {}
    best: dict[int, Cards] = {}
    for ev in hand.events:
        if isinstance(ev, HandShown):
            descriptions[ev.seat] = ev.description
            parts[ev.seat] = hand_parts(ev.game, ev.cards, ev.board)  # type: ignore[assignment]
            shown[str(ev.seat)] = [card_text(c) for c in ev.cards]
            best[ev.seat] = [card_text(c) for c in best_five(ev.game, ev.cards, ev.board)]
    winners: list[Winner] = [
        {"seat": seat, "name": names.get(seat, "?"), "amount": amount, "pot": index,
         "description": descriptions.get(seat, ""), "hand": parts.get(seat) or None,
         "cards": shown.get(str(seat), []), "best": best.get(seat, [])}
        for index, pot in enumerate(result.pots) for seat, amount in pot.winners
    ]  # fmt: skip
    return winners, shown
