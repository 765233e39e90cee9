"""The per-viewer picture of a poker table (docs/PROTOCOL.md 2.3), built only from
`Hand.view_for(seat)` and the table's public seat data. Never from a raw hand state.
"""

from __future__ import annotations

from typing import Any

from pokerroom.core.rules import HandView, LegalActions
from pokerroom.core.rules.showdown import hand_parts
from pokerroom.services.wire import card_text, plain

# Pot fractions players know: (key for the client's words, numerator, denominator).
POT_PRESETS = (("third_pot", 1, 3), ("half_pot", 1, 2), ("two_thirds_pot", 2, 3),
               ("three_quarters_pot", 3, 4), ("pot", 1, 1))
# Opening raises before the flop, in big blinds (tenths: 25 = 2.5x).
OPEN_PRESETS = (("bb_2_5", 25), ("bb_3", 30), ("bb_4", 40))


def presets(hand_view: HandView, low: int, high: int) -> list[dict[str, Any]]:
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
    out: list[dict[str, Any]] = []
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
               hand_view: HandView | None = None) -> dict[str, Any]:
    def span(pair: tuple[int, int] | None) -> dict[str, Any] | None:
        if pair is None:
            return None
        out: dict[str, Any] = {"min": pair[0], "max": pair[1]}
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


def pots_json(hand_view: HandView | None) -> list[dict[str, Any]]:
    """Main pot then side pots collected so far (R-POT-1), each with the seats that may win
    it; empty before the first bets are collected and once the hand is over."""
    if hand_view is None:
        return []
    return [{"amount": p.amount, "eligible": list(p.eligible)} for p in hand_view.pots]


def warm_up() -> None:
    """Build the evaluator's lazy tables now (about 2 s of CPU, more on a loaded machine):
    the first flop a room deals names each player's hand (`you.hand`), and paying for the
    tables there stalled that table's first hand for seconds."""
    hand_parts("holdem", (0, 1), (10, 20, 30))


def seat_status(sv: Any, dealt: bool, folded: bool, all_in: bool) -> str:
    if sv.sitting_out:
        return "sitting_out"
    if not dealt:
        return "waiting"
    if folded:
        return "folded"
    if all_in:
        return "all_in"
    return "active"


def posts_due(sv: Any) -> str:
    if sv.owes_small_blind and sv.owes_big_blind:
        return "small_and_big"
    if sv.owes_big_blind:
        return "big_blind"
    if sv.owes_small_blind:
        return "small_blind"
    return "none"


def _own_hand(hand_view: HandView | None, hs: Any) -> dict[str, Any] | None:
    """The viewer's best hand so far in parts (for "Two Pair, Aces and Fours" under the
    cards), from the viewer's own cards only; None before five cards make a hand."""
    if hand_view is None or hs is None or hs.folded or any(c is None for c in hs.cards):
        return None
    return hand_parts(hand_view.config.game, hs.cards, hand_view.board) or None


def table_view(
    *,
    header: dict[str, Any],
    players: tuple[Any, ...],
    names: dict[str, str],
    seats_total: int,
    hand_view: HandView | None,
    hand_number: int | None,
    action_no: int,
    viewer_account: str | None,
    button: int | None,
    clock: Any,
    balance: int | None = None,
    bots: set[int] | frozenset[int] = frozenset(),
) -> dict[str, Any]:
    """The JSON view for one viewer. `bots`: the seated accounts that are bots (a badge). `hand_view` must come from view_for(that viewer's seat)."""
    by_seat = {p.seat: p for p in players}
    hand_seats = {s.seat: s for s in hand_view.seats} if hand_view is not None else {}
    seats: list[dict[str, Any]] = []
    you: dict[str, Any] | None = None
    for seat in range(seats_total):
        sv = by_seat.get(seat)
        if sv is None:
            seats.append({"seat": seat, "status": "empty"})
            continue
        hs = hand_seats.get(seat)
        is_you = viewer_account is not None and sv.account == viewer_account
        entry: dict[str, Any] = {
            "seat": seat,
            "name": names.get(sv.account, sv.account),
            "stack": hs.stack if hs is not None else sv.stack,
            "bet": hs.bet if hs is not None else 0,
            "contributed": hs.contributed if hs is not None else 0,
            "status": seat_status(sv, hs is not None, bool(hs and hs.folded),
                                  bool(hs and hs.all_in)),
            "cards": [card_text(c) for c in hs.cards] if hs is not None else [],
            "up": list(hs.up) if hs is not None else [],
            "posts_due": posts_due(sv),
            "is_you": is_you,
            "bot": sv.account in bots,
        }
        seats.append(entry)
        if is_you:
            you = {"seat": seat, "sitting_out": sv.sitting_out or sv.sit_out_next,
                   "auto_post": not sv.waits_for_big_blind, "balance": balance,
                   "waits_for_big_blind": sv.waits_for_big_blind,
                   "time_bank_ms": sv.time_bank_ms,
                   "hand": _own_hand(hand_view, hs)}
    view = dict(header)
    legal = None
    if hand_view is not None and hand_view.legal is not None and hand_number is not None:
        legal = legal_json(hand_view.legal, hand_number, action_no, hand_view)
    view.update(
        hand=hand_number if hand_view is not None and not hand_view.is_over else None,
        button=hand_view.button if hand_view is not None else button,
        street=plain(hand_view.street) if hand_view is not None else None,
        board=[card_text(c) for c in hand_view.board] if hand_view is not None else [],
        pots=pots_json(hand_view),
        seats=seats,
        to_act=hand_view.to_act if hand_view is not None else None,
        you=you,
        legal=legal,
        clock=None if clock is None else {
            "seat": clock.seat, "deadline_ms": clock.deadline_ms,
            "action_deadline_ms": clock.action_deadline_ms, "time_bank_ms": clock.bank_ms,
            "action_ms": clock.action_deadline_ms - clock.started_ms,
        },
    )
    return view
