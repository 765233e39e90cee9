"""Export hands to the PokerStars hand-history text format (docs: reference/pokerstars-hand-history).

    export_hand(record, context, viewer=seat) -> str      # one hand, as `viewer` may see it
    export_hands([(record, context), ...], viewer=seat, bom=True) -> str   # a session file

`record` is a `HandRecord` (replayed here) or a finished `Hand`. `HandContext` carries what
the record does not: table name, seats of the table, screen names by seat, hand number, start
time, currency and the value of one chip unit. Chips are ints; amounts are printed with the
currency symbol, without decimals when whole, else with two (more only if the chip unit
needs them). Times are printed in US Eastern time ("ET"), hours not zero-padded.

Hidden cards follow the engine's visibility rule (`visible_to`): a player's hole cards appear
(`Dealt to`) only in the file of that player; mucked hands only in files of players dealt in
(R-SD-2); an observer's file (viewer None) shows only what was shown.
"""

from __future__ import annotations

import datetime
import zoneinfo
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from pokerroom.core.cards import format_cards
from pokerroom.core.rules import (
    AntePosted,
    BetPlaced,
    BetReturned,
    Betting,
    BlindPosted,
    BoardDealt,
    BringInPosted,
    Called,
    CardsDrawn,
    CardsMucked,
    Checked,
    Completed,
    Event,
    Folded,
    Game,
    Hand,
    HandRecord,
    HandShown,
    HandStarted,
    HoleCardsDealt,
    PostKind,
    PotAwarded,
    RaisedTo,
    Street,
    StreetStarted,
    UpCardDealt,
    replay,
    visible_to,
)
from pokerroom.history.pokerstars_words import describe_shown

EASTERN = zoneinfo.ZoneInfo("America/New_York")
SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£"}
BOM = "\ufeff"

# PokerStars' words for each game it has, from the Variant declarations.
_GAME_NAMES = {game: name for game in Game if (name := game.variant.pokerstars_name) is not None}
_LIMIT_NAMES = {Betting.NO_LIMIT: "No Limit", Betting.POT_LIMIT: "Pot Limit", Betting.LIMIT: "Limit"}
_STREET_NAMES = {
    Street.PREFLOP: "Flop", Street.FLOP: "Flop", Street.TURN: "Turn", Street.RIVER: "River",
    Street.THIRD: "3rd Street", Street.FOURTH: "4th Street", Street.FIFTH: "5th Street",
    Street.SIXTH: "6th Street", Street.SEVENTH: "7th Street",
}  # fmt: skip
# Draw games, as PokerStars' files write them: "*** DEALING HANDS ***" instead of the hole
# cards, "*** FIRST DRAW ***" ... before each draw of triple draw and badugi, no header
# before the one draw of single draw; the summary's fold before the first draw.
_DRAW_HEADERS = {
    Street.FIRST_DRAW: "*** FIRST DRAW ***", Street.SECOND_DRAW: "*** SECOND DRAW ***",
    Street.THIRD_DRAW: "*** THIRD DRAW ***",
}  # fmt: skip
_DRAW_FOLDS = {
    Street.PREDRAW: "before the Draw", Street.FIRST_DRAW: "after the 1st Draw",
    Street.SECOND_DRAW: "after the 2nd Draw", Street.THIRD_DRAW: "after the 3rd Draw",
}  # fmt: skip
_STUD_HEADERS = {
    Street.THIRD: "*** 3rd STREET ***", Street.FOURTH: "*** 4th STREET ***",
    Street.FIFTH: "*** 5th STREET ***", Street.SIXTH: "*** 6th STREET ***",
    Street.SEVENTH: "*** RIVER ***",
}  # fmt: skip


class ExportError(ValueError):
    """The hand or its context cannot be written (an unfinished hand, a bad screen name)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class TournamentHeader:
    """A tournament hand's header, as PokerStars writes it:
    `Tournament #797469411, $3.19+$0.31 USD Hold'em No Limit - Level I (10/20)` (a free
    entry: `Freeroll`). `number`: the tournament's number (digits, as trackers read it);
    `buy_in` and `fee` are money, in `currency` with `money_unit` per unit; `level` counts
    the levels of play from 1 (printed in Roman numerals). The hand's amounts are chips."""

    number: int
    buy_in: int
    fee: int
    level: int
    currency: str = "USD"
    money_unit: Decimal = Decimal("0.01")
    # (seat, place, prize in money) of each player whose tournament ended with this hand:
    # `X finished the tournament in 3rd place`, `... in 2nd place and received $14.37.`,
    # `X wins the tournament and receives $36.03 - congratulations!` (before the summary).
    finishes: tuple[tuple[int, int, int], ...] = ()


def roman(n: int) -> str:
    """1 -> I, 11 -> XI, 35 -> XXXV (PokerStars' level numbers)."""
    if n < 1:
        raise ExportError(f"level {n}: levels count from 1")
    out = []
    for value, letters in ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"),
                           (90, "XC"), (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"),
                           (4, "IV"), (1, "I")):  # fmt: skip
        count, n = divmod(n, value)
        out.append(letters * count)
    return "".join(out)


@dataclass(frozen=True, slots=True, kw_only=True)
class HandContext:
    """What a PokerStars file needs besides the hand record.

    `names`: screen name by seat (0-based engine seat); `seat_numbers`: the printed seat
    number by seat (default seat + 1). `started_at`: an aware datetime (naive = UTC).
    `currency`: "USD", "EUR", "GBP" (symbol printed, code in the header) or "" for play
    chips (no symbol). `chip_value`: the currency value of one chip unit (cents: 0.01).
    `sitting_out`: names of seated players not dealt in (printed `<name>: sits out`).
    `local_time_zone`: an IANA zone (like "Europe/Paris") to print the local time before
    the ET time in brackets, as PokerStars does for players outside the US.
    `mix`: a mixed table's game ("HORSE", "8-Game"): the header names it and puts the hand's
    own game in the brackets, as PokerStars writes `HORSE (Razz Limit, $0.10/$0.20 USD)`.
    `tournament`: a tournament hand's header (its amounts are then chips: give `currency`
    "" and `chip_value` 1).
    """

    table_name: str
    max_seats: int
    names: Mapping[int, str]
    hand_id: int
    started_at: datetime.datetime
    currency: str = "USD"
    chip_value: Decimal = Decimal("0.01")
    seat_numbers: Mapping[int, int] = field(default_factory=dict)
    sitting_out: Sequence[str] = ()
    local_time_zone: str | None = None
    mix: str = ""
    tournament: TournamentHeader | None = None

    def number(self, seat: int) -> int:
        return self.seat_numbers.get(seat, seat + 1)


# ---------------------------------------------------------------------------------------
# Amounts, times, names


def format_amount(chips: int, context: HandContext) -> str:
    """`$12.40`, `$50`, `€0.05`; play chips: `1250`."""
    value = Decimal(chips) * context.chip_value
    symbol = SYMBOLS.get(context.currency, "")
    if value == value.to_integral_value():
        text = str(int(value))
    else:
        places = max(2, -value.normalize().as_tuple().exponent)  # type: ignore[operator]
        text = f"{value:.{places}f}"
    return f"{symbol}{text}"


def _stamp(moment: datetime.datetime, label: str) -> str:
    return (f"{moment.year}/{moment.month:02d}/{moment.day:02d} "
            f"{moment.hour}:{moment.minute:02d}:{moment.second:02d} {label}")


def format_eastern(moment: datetime.datetime, local_zone: str | None = None) -> str:
    """`2024/03/09 15:14:05 ET`, or `2024/03/09 21:14:05 CET [2024/03/09 15:14:05 ET]`."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=datetime.UTC)
    et = _stamp(moment.astimezone(EASTERN), "ET")
    if local_zone is None:
        return et
    local = moment.astimezone(zoneinfo.ZoneInfo(local_zone))
    return f"{_stamp(local, local.strftime('%Z'))} [{et}]"


def _check_names(names: Mapping[int, str], seats: Iterable[int]) -> None:
    seen: set[str] = set()
    for seat in seats:
        name = names.get(seat)
        if not name or name != name.strip():
            raise ExportError(f"seat {seat}: a screen name is needed, without outer spaces")
        if any(ch in name for ch in "\r\n\u2028\u2029") or any(ord(ch) < 32 for ch in name):
            raise ExportError(f"seat {seat}: screen name {name!r} holds a line break or control")
        if name in seen:
            raise ExportError(f"screen name {name!r} is used by two seats")
        seen.add(name)


# ---------------------------------------------------------------------------------------
# The export


def _tournament_money(amount: int, t: TournamentHeader) -> str:
    """A tournament's money as PokerStars writes it in the header and the finish lines:
    always two decimals (`$3.19+$0.31`, `$10.00+$1.00`, a fee of nothing `$0.00`; real
    files: docs/reference/pokerstars-tournament-hands.md), unlike the cash amounts' `$50`.
    Play money (no currency) is written in whole units."""
    if not t.currency:
        money = HandContext(table_name="", max_seats=2, names={}, hand_id=0,
                            started_at=datetime.datetime.now(datetime.UTC), currency="",
                            chip_value=t.money_unit)  # fmt: skip
        return format_amount(amount, money)
    return f"{SYMBOLS.get(t.currency, '')}{Decimal(amount) * t.money_unit:.2f}"


def _tournament_words(t: TournamentHeader) -> str:
    """`Tournament #797469411, $3.19+$0.31 USD ` or `Tournament #2869198721, Freeroll  `
    (PokerStars' two spaces after a freeroll)."""
    if t.buy_in == 0 and t.fee == 0:
        return f"Tournament #{t.number}, Freeroll  "
    code = f" {t.currency}" if t.currency else ""
    return (f"Tournament #{t.number}, {_tournament_money(t.buy_in, t)}"
            f"+{_tournament_money(t.fee, t)}{code} ")


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 983rd."""
    suffix = "th" if n % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _finish_lines(t: TournamentHeader, name: Any) -> list[str]:
    """The players out in this hand, best place first, then the winner (as PokerStars)."""
    out = []
    for seat, place, prize in sorted(t.finishes, key=lambda f: (f[1] == 1, f[1])):
        if place == 1:
            out.append(f"{name(seat)} wins the tournament and receives "
                       f"{_tournament_money(prize, t)} - congratulations!")
        elif prize:
            out.append(f"{name(seat)} finished the tournament in {ordinal(place)} place "
                       f"and received {_tournament_money(prize, t)}.")
        else:
            out.append(f"{name(seat)} finished the tournament in {ordinal(place)} place")
    return out


def _bracket(cards: Iterable[int]) -> str:
    return "[" + format_cards(cards) + "]"


def _events_of(source: HandRecord | Hand) -> tuple[Hand, tuple[Event, ...]]:
    hand = replay(source) if isinstance(source, HandRecord) else source
    if not hand.is_over:
        raise ExportError("only a finished hand can be exported")
    return hand, hand.events


def export_hand(source: HandRecord | Hand, context: HandContext, *, viewer: int | None) -> str:
    """One hand as `viewer` (a seat, or None for an observer) may see it; no trailing blank."""
    hand, events = _events_of(source)
    record = hand.record
    config = record.config
    game = config.game
    started = next(e for e in events if isinstance(e, HandStarted))
    dealt_in = frozenset(started.seats)
    _check_names(context.names, started.seats)
    if viewer is not None and viewer not in dealt_in:
        viewer_sees = None
    else:
        viewer_sees = viewer
    name = context.names.__getitem__

    def amount(chips: int) -> str:
        return format_amount(chips, context)

    if game not in _GAME_NAMES:
        # No header of PokerStars' text format names this game (its Variant says so).
        raise ExportError(f"PokerStars hand histories have no {game.variant.name}; export it as PHH")
    stud = game.is_stud
    draw_game = game.is_draw
    stakes = config.stakes
    if config.betting is Betting.LIMIT or stud:
        low_stake, high_stake = stakes.small_bet, stakes.big_bet
    else:
        low_stake, high_stake = stakes.small_blind, stakes.big_blind
    code = f" {context.currency}" if context.currency else ""
    game_words = f"{_GAME_NAMES[game]} {_LIMIT_NAMES[config.betting]}"
    stake_words = f"{amount(low_stake)}/{amount(high_stake)}{code}"
    header = (f"{context.mix} ({game_words}, {stake_words})" if context.mix
              else f"{game_words} ({stake_words})")
    when = format_eastern(context.started_at, context.local_time_zone)
    lines = [f"PokerStars Hand #{context.hand_id}:  {header} - {when}"]
    if context.tournament is not None:
        lines = [f"PokerStars Hand #{context.hand_id}: {_tournament_words(context.tournament)}"
                 f"{game_words} - Level {roman(context.tournament.level)}"
                 f" ({amount(low_stake)}/{amount(high_stake)}) - {when}"]  # fmt: skip
    table = f"Table '{context.table_name}' {context.max_seats}-max"
    if not stud:
        table += f" Seat #{context.number(started.button)} is the button"
    lines.append(table)
    start_stack = dict(zip(started.seats, started.stacks, strict=True))
    by_number = sorted(started.seats, key=context.number)
    for seat in by_number:
        lines.append(f"Seat {context.number(seat)}: {name(seat)} ({amount(start_stack[seat])} in chips)")

    # --- forced bets
    posts: dict[int, list[BlindPosted]] = {}
    blind_role: dict[int, str] = {}
    antes = [e for e in events if isinstance(e, AntePosted)]
    # In seat order, as PokerStars lists them (the engine posts them from the button's left).
    for e in sorted(antes, key=lambda e: context.number(e.seat)):
        lines.append(f"{name(e.seat)}: posts the ante {amount(e.amount)}"
                     + (" and is all-in" if e.all_in else ""))
    for e in events:
        if isinstance(e, BlindPosted):
            posts.setdefault(e.seat, []).append(e)
    for seat, seat_posts in posts.items():
        kinds = {p.kind for p in seat_posts}
        total = sum(p.amount for p in seat_posts)
        all_in = any(p.all_in for p in seat_posts)
        if PostKind.SMALL_BLIND_DEAD in kinds and PostKind.BIG_BLIND in kinds:
            text = f"posts small & big blinds {amount(total)}"
        elif kinds == {PostKind.SMALL_BLIND}:
            text = f"posts small blind {amount(total)}"
            blind_role[seat] = "small blind"
        elif kinds == {PostKind.BIG_BLIND}:
            text = f"posts big blind {amount(total)}"
            blind_role[seat] = "big blind"
        elif kinds == {PostKind.STRADDLE}:
            text = f"posts straddle {amount(total)}"
        elif kinds <= {PostKind.SMALL_BLIND_DEAD, PostKind.BIG_BLIND_DEAD}:
            text = f"posts dead blind {amount(total)}"
        else:
            text = f"posts small & big blinds {amount(total)}"
        lines.append(f"{name(seat)}: {text}" + (" and is all-in" if all_in else ""))
    for absent in context.sitting_out:
        lines.append(f"{absent}: sits out")

    # --- the play
    board: list[int] = []
    hole: dict[int, list[int | None]] = {s: [] for s in started.seats}
    street_bets: dict[int, int] = {}
    high_bet = 0
    current = Street.THIRD if stud else Street.PREDRAW if draw_game else Street.PREFLOP
    folded_on: dict[int, Street] = {}
    put_in_voluntarily: set[int] = set()
    shown: dict[int, tuple[int, ...]] = {}
    mucked: dict[int, tuple[int, ...]] = {}
    showdown_lines: list[tuple[int, str]] = []  # (seat, line) in show order
    awards: list[PotAwarded] = []
    returned_lines: list[str] = []
    if draw_game:
        lines.append("*** DEALING HANDS ***")
    elif not stud:
        lines.append("*** HOLE CARDS ***")
    pending_stud_deal: list[tuple[int, int | None, bool]] = []  # seat, card, up

    def flush_stud_deal() -> None:
        if not pending_stud_deal:
            return
        lines.append(_STUD_HEADERS[current])
        by_seat: dict[int, list[tuple[int | None, bool]]] = {}
        for seat, card, up in pending_stud_deal:
            by_seat.setdefault(seat, []).append((card, up))
        for seat in started.seats:
            if seat not in by_seat:
                continue
            before = [c for c in hole[seat]]
            new = by_seat[seat]
            hole[seat].extend(c for c, _ in new)
            if seat == viewer_sees:
                old_text = f"[{format_cards([c for c in before if c is not None])}] " if before else ""
                lines.append(f"Dealt to {name(seat)} {old_text}"
                             f"[{format_cards([c for c, _ in new if c is not None])}]")
            else:
                ups_before = [c for c in before if c is not None]
                ups_new = [c for c, up in new if up and c is not None]
                if ups_new:
                    old_text = f"[{format_cards(ups_before)}] " if ups_before else ""
                    lines.append(f"Dealt to {name(seat)} {old_text}[{format_cards(ups_new)}]")
        pending_stud_deal.clear()

    for raw in events:
        e = visible_to(raw, viewer_sees, dealt_in)
        if isinstance(e, HoleCardsDealt):
            if stud:
                for c in (e.cards or (None,) * e.count):
                    pending_stud_deal.append((e.seat, c, False))
            elif e.seat == viewer_sees and e.cards:
                hole[e.seat].extend(e.cards)
                lines.append(f"Dealt to {name(e.seat)} {_bracket(e.cards)}")
        elif isinstance(e, UpCardDealt):
            pending_stud_deal.append((e.seat, e.card, True))
        elif isinstance(e, BoardDealt):
            if stud:
                board.extend(e.cards)
                flush_stud_deal()
                lines.append(f"*** COMMUNITY CARD *** {_bracket(e.cards)}")
                continue
            current = e.street
            street_bets.clear()
            high_bet = 0
            before = list(board)
            board.extend(e.cards)
            if e.street is Street.FLOP:
                lines.append(f"*** FLOP *** {_bracket(board)}")
            else:
                label = "TURN" if e.street is Street.TURN else "RIVER"
                lines.append(f"*** {label} *** {_bracket(before)} {_bracket(e.cards)}")
        elif isinstance(e, StreetStarted):
            if stud or draw_game:
                current = e.street
                street_bets.clear()
                high_bet = 0
            if draw_game and len(game.variant.streets) > 2:
                lines.append(_DRAW_HEADERS[e.street])
        elif isinstance(e, CardsDrawn):
            # Others read how many cards a player drew; the viewer also reads which (R-DRAW-5).
            seat = e.seat
            if not e.count:
                lines.append(f"{name(seat)}: stands pat")
                continue
            cards_word = "card" if e.count == 1 else "cards"
            if seat == viewer_sees and e.discarded:
                lines.append(f"{name(seat)}: discards {e.count} {cards_word} {_bracket(e.discarded)}")
                kept = [c for c in hole[seat] if c is not None and c not in e.discarded]
                hole[seat] = [*kept, *e.drawn]
                lines.append(f"Dealt to {name(seat)} {_bracket(kept)} {_bracket(e.drawn)}"
                             if kept else f"Dealt to {name(seat)} {_bracket(e.drawn)}")
            else:
                lines.append(f"{name(seat)}: discards {e.count} {cards_word}")
        elif isinstance(e, BringInPosted):
            flush_stud_deal()
            street_bets[e.seat] = e.amount
            high_bet = max(high_bet, e.amount)
            lines.append(f"{name(e.seat)}: brings in for {amount(e.amount)}"
                         + (" and is all-in" if e.all_in else ""))
        elif isinstance(e, Folded | Checked | Called | BetPlaced | RaisedTo | Completed):
            flush_stud_deal()
            seat = e.seat
            if isinstance(e, Folded):
                folded_on[seat] = current
                lines.append(f"{name(seat)}: folds")
                continue
            if isinstance(e, Checked):
                lines.append(f"{name(seat)}: checks")
                continue
            put_in_voluntarily.add(seat)
            suffix = " and is all-in" if e.all_in else ""
            if isinstance(e, Called):
                street_bets[seat] = e.total
                lines.append(f"{name(seat)}: calls {amount(e.amount)}{suffix}")
            elif isinstance(e, BetPlaced):
                street_bets[seat] = e.amount
                high_bet = e.amount
                lines.append(f"{name(seat)}: bets {amount(e.amount)}{suffix}")
            elif isinstance(e, Completed):
                street_bets[seat] = e.amount
                high_bet = e.amount
                lines.append(f"{name(seat)}: completes it to {amount(e.amount)}{suffix}")
            else:
                increment = e.amount - high_bet
                street_bets[seat] = e.amount
                high_bet = e.amount
                lines.append(f"{name(seat)}: raises {amount(increment)} to {amount(e.amount)}{suffix}")
        elif isinstance(e, BlindPosted):
            if e.live:
                street_bets[e.seat] = street_bets.get(e.seat, 0) + e.amount
                high_bet = max(high_bet, street_bets[e.seat])
        elif isinstance(e, BetReturned):
            returned_lines.append(f"Uncalled bet ({amount(e.amount)}) returned to {name(e.seat)}")
            lines.append(returned_lines[-1])
        elif isinstance(e, HandShown):
            flush_stud_deal()
            shown[e.seat] = e.cards
            showdown_lines.append((e.seat, ""))
        elif isinstance(e, CardsMucked):
            mucked[e.seat] = e.cards
            showdown_lines.append((e.seat, ""))
        elif isinstance(e, PotAwarded):
            awards.append(e)
    flush_stud_deal()

    result = hand.result
    pots = result.pots
    contested = len([s for s in started.seats if s not in folded_on]) > 1
    won: dict[int, int] = {}
    for pot in pots:
        for seat, chips in pot.winners:
            won[seat] = won.get(seat, 0) + chips

    def description(seat: int, cards: tuple[int, ...]) -> str:
        return describe_shown(game, cards, tuple(board))

    def pot_name(index: int) -> str:
        if len(pots) == 1:
            return "pot"
        if index == 0:
            return "main pot"
        if len(pots) == 2:
            return "side pot"
        return f"side pot-{index}"

    if contested and (shown or mucked):
        lines.append("*** SHOW DOWN ***")
        emitted: set[int] = set()
        order = [seat for seat, _ in showdown_lines]
        for index in range(len(pots) - 1, -1, -1):
            pot = pots[index]
            for seat in order:
                if seat in emitted or seat not in pot.eligible:
                    continue
                emitted.add(seat)
                if seat in shown:
                    lines.append(f"{name(seat)}: shows {_bracket(shown[seat])} "
                                 f"({description(seat, shown[seat])})")
                else:
                    lines.append(f"{name(seat)}: mucks hand")
            for seat, chips in pot.winners:
                if chips:
                    lines.append(f"{name(seat)} collected {amount(chips)} from {pot_name(index)}")
        for seat in order:
            if seat not in emitted:
                emitted.add(seat)
                lines.append(f"{name(seat)}: shows {_bracket(shown[seat])} "
                             f"({description(seat, shown[seat])})" if seat in shown
                             else f"{name(seat)}: mucks hand")
    else:
        for index in range(len(pots) - 1, -1, -1):
            pot = pots[index]
            for seat, chips in pot.winners:
                if chips:
                    lines.append(f"{name(seat)} collected {amount(chips)} from {pot_name(index)}")
        for seat in sorted(won):
            if seat in shown:
                lines.append(f"{name(seat)}: shows {_bracket(shown[seat])}")
            else:
                lines.append(f"{name(seat)}: doesn't show hand")

    if context.tournament is not None:
        lines.extend(_finish_lines(context.tournament, name))

    # --- summary
    lines.append("*** SUMMARY ***")
    total = sum(p.amount + p.rake for p in pots)
    if len(pots) <= 1:
        pot_text = f"Total pot {amount(total)}"
    elif len(pots) == 2:
        pot_text = (f"Total pot {amount(total)} Main pot {amount(pots[0].amount)}."
                    f" Side pot {amount(pots[1].amount)}.")
    else:
        sides = " ".join(f"Side pot-{i} {amount(p.amount)}." for i, p in enumerate(pots) if i)
        pot_text = f"Total pot {amount(total)} Main pot {amount(pots[0].amount)}. {sides}"
    lines.append(f"{pot_text} | Rake {amount(result.rake)}")
    if board:
        lines.append(f"Board {_bracket(board)}")
    for seat in by_number:
        roles = []
        if not stud and seat == started.button:
            roles.append("(button)")
        if seat in blind_role:
            roles.append(f"({blind_role[seat]})")
        head = f"Seat {context.number(seat)}: {name(seat)}" + "".join(" " + r for r in roles)
        if seat in folded_on:
            street = folded_on[seat]
            first = street in (Street.PREFLOP, Street.THIRD, Street.PREDRAW)
            if draw_game:
                where = _DRAW_FOLDS[street]
            else:
                where = "before Flop" if street is Street.PREFLOP else f"on the {_STREET_NAMES[street]}"
            quiet = first and seat not in put_in_voluntarily and seat not in posts
            lines.append(f"{head} folded {where}" + (" (didn't bet)" if quiet else ""))
        elif seat in shown and contested:
            text = description(seat, shown[seat])
            if won.get(seat):
                lines.append(f"{head} showed {_bracket(shown[seat])} and won "
                             f"({amount(won[seat])}) with {text}")
            else:
                lines.append(f"{head} showed {_bracket(shown[seat])} and lost with {text}")
        elif seat in mucked:
            cards = mucked[seat]
            lines.append(f"{head} mucked" + (f" {_bracket(cards)}" if cards else ""))
        elif won.get(seat):
            lines.append(f"{head} collected ({amount(won[seat])})")
        else:
            lines.append(f"{head} mucked")
    return "\n".join(lines)


def export_hands(
    hands: Iterable[tuple[HandRecord | Hand, HandContext]],
    *,
    viewer: int | None,
    bom: bool = True,
) -> str:
    """A session file: hands separated by two empty lines, UTF-8 BOM first when `bom`."""
    body = "\n\n\n".join(export_hand(h, c, viewer=viewer) for h, c in hands)
    return (BOM if bom else "") + body + "\n"
