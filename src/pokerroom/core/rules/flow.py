"""The dealer's chores between decisions: whose turn, uncalled bets, streets, showdown, awards.

R-BTN-1 and R-BLIND-1 (later rounds start left of the button), R-HU-1 (heads-up order follows
from the button being last in dealing order), stud streets opened by the best showing hand
(razz: the lowest), R-BET-9 (uncalled bets returned), R-POT-1..3, R-RAKE-1, R-SD-1..5,
R-TIE-1..6. Draw games: a street with a draw opens with the draw (drawing.py), then bets.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import TYPE_CHECKING, Final

from pokerroom.core.evaluation import high_ranks
from pokerroom.core.rules.events import (
    DEALT_IN,
    BetReturned,
    BetsCollected,
    BoardDealt,
    CardsMucked,
    Event,
    HandEnded,
    HandShown,
    HoleCardsDealt,
    PotAwarded,
    RakeTaken,
    StreetStarted,
    UpCardDealt,
)
from pokerroom.core.rules.records import positional_maker
from pokerroom.core.rules.result import PotResult
from pokerroom.core.rules.showdown import (
    build_pots,
    halves,
    rake_for,
    showing_key,
    split,
    strength,
)

if TYPE_CHECKING:
    from pokerroom.core.rules.hand import Hand

# Final: the compiled build (mypyc) keeps a Final module name in a C static; any other module
# global (imported names too) is a dict lookup at each use.
_bets_collected: Final = positional_maker(BetsCollected)
_bet_returned: Final = positional_maker(BetReturned)
_pot_awarded: Final = positional_maker(PotAwarded)
_pot_result: Final = positional_maker(PotResult)
_hand_ended: Final = positional_maker(HandEnded)
_cards_mucked: Final = positional_maker(CardsMucked)
_board_dealt: Final = positional_maker(BoardDealt)
_hand_shown: Final = positional_maker(HandShown)


def needs_action(h: Hand, j: int) -> bool:
    """Position `j` must decide: chips to call, or not yet acted while a bet could be answered."""
    if h.folded[j] or h.allin[j]:
        return False
    return h.bets[j] < h.level or (not h.acted[j] and h.active >= 2)


def open_round_from(h: Hand, start: int, events: list[Event]) -> None:
    """Give the turn to the first position from `start` (inclusive) that must act."""
    n = h.n
    folded = h.folded
    allin = h.allin
    bets = h.bets
    acted = h.acted
    level = h.level
    can_open = h.active >= 2
    for k in range(n):
        j = (start + k) % n
        # needs_action(h, j), inlined
        if not folded[j] and not allin[j] and (bets[j] < level or (not acted[j] and can_open)):
            h.to_act_pos = j
            return
    end_round(h, events)


def end_round(h: Hand, events: list[Event]) -> None:
    """Return an uncalled bet (R-BET-9), collect the bets, then award or go on."""
    bets = h.bets
    n = h.n
    top = max(bets)
    if top and bets.count(top) == 1:
        top_i = bets.index(top)
        back = top - sorted(bets)[-2]
        second = top - back
        bets[top_i] = second
        h.stacks[top_i] += back
        h.contrib[top_i] -= back
        if h.allin[top_i]:
            h.allin[top_i] = False
            h.active += 1
        h.returned.append((h.seat_of[top_i], back))
        events.append(_bet_returned(h.seat_of[top_i], back))
    collected = sum(bets)
    if collected:
        h.pot += collected
        h.bets = [0] * n
        if h.active < h.live:  # somebody live is all-in: there may be side pots
            events.append(_bets_collected(tuple([a for a, _ in _pots(h)])))
        else:
            events.append(_bets_collected((h.pot,)))
    if h.aggressor != -2:
        h.sd_aggressor = h.aggressor
    if h.live == 1:
        _award_uncontested(h, h.folded.index(False), events)
        return
    _next_street(h, events)


def _next_street(h: Hand, events: list[Event]) -> None:
    n = h.n
    while True:
        h.street_i += 1
        if h.street_i >= len(h.streets):
            h.street_i = len(h.streets) - 1
            _showdown(h, events)
            return
        h.reached_second_street = True
        h.level = 0
        h.full_level = 0
        h.raise_count = 0
        h.min_raise = h.opening
        if h.limit and h.street_i >= 2:
            h.bet_size = h.config.stakes.big_bet
        h.acted = [False] * n
        h.aggressor = -2
        if h.draws[h.street_i]:
            # Draw games: everyone still in draws first, all-in players too (R-DRAW-1);
            # the betting begins after the last draw (drawing.apply -> begin_betting).
            events.append(StreetStarted(street=h.streets[h.street_i]))
            h.drawing = True
            h.to_act_pos = h.folded.index(False)
            return
        _deal_street(h, events)
        if _open_betting(h):
            return


def begin_betting(h: Hand, events: list[Event]) -> None:
    """After a draw: the street's betting round, or on to the next street when fewer than
    two players can bet."""
    if not _open_betting(h):
        _next_street(h, events)


def _open_betting(h: Hand) -> bool:
    """Give the turn to the first player who can bet from the street's opener; False when
    fewer than two can bet (no betting round: the hand runs on)."""
    if h.active < 2:
        return False
    n = h.n
    # A fresh round with two or more who can bet: the first of them from the opener.
    h.aggressor = -1
    start = _first_to_act(h)
    folded = h.folded
    allin = h.allin
    for k in range(n):
        j = (start + k) % n
        if not folded[j] and not allin[j]:
            h.to_act_pos = j
            return True
    return False


def _first_to_act(h: Hand) -> int:
    """Flop games: first live player left of the button (R-BLIND-1); stud: best showing hand."""
    folded = h.folded
    if not h.stud:
        for j in range(h.n):
            if not folded[j]:
                return j
        return 0
    best = -1
    best_key: tuple[int, ...] = ()
    for j in range(h.n):
        if folded[j]:
            continue
        key = showing_key(h.game, h.cards[j][2:2 + h.up_count[j]])
        if best < 0 or key > best_key:
            best, best_key = j, key
    return best


def _deal_street(h: Hand, events: list[Event]) -> None:
    deck = h.deck
    n = h.n
    street = h.streets[h.street_i]
    if not h.stud:
        variant = h.variant
        i = h.street_i
        start = n * variant.hole_cards + variant.board_before[i]
        cards = deck[start:start + variant.streets[i].board]
        h.board.extend(cards)
        events.append(_board_dealt(street, cards))
        return
    events.append(StreetStarted(street=street))
    k = h.street_i + 2
    live = [p for p in range(n) if not h.folded[p]]
    if k == 6 and 7 * n > 52:
        left = 52 - 6 * n
        if len(live) > left:
            card = deck[6 * n]
            h.board.append(card)
            events.append(BoardDealt(street=street, cards=(card,)))
            return
        for r, p in enumerate(live):
            h.cards[p].append(deck[6 * n + r])
            events.append(HoleCardsDealt(h.seat_of[p], (deck[6 * n + r],), 1))
        return
    for p in live:
        card = deck[k * n + p]
        h.cards[p].append(card)
        if k < 6:
            h.up_count[p] += 1
            events.append(UpCardDealt(seat=h.seat_of[p], card=card))
        else:
            events.append(HoleCardsDealt(h.seat_of[p], (card,), 1))


def _pots(h: Hand) -> list[tuple[int, list[int]]]:
    """Pots layered from contributions (R-POT-1); antes and dead blinds open the main pot."""
    return build_pots(h.contrib, h.folded, h.dead)


def _rake(h: Hand, total: int) -> int:
    config = h.config
    if not config.rake_percent or (config.no_flop_no_drop and not h.reached_second_street):
        return 0
    return rake_for(total, config.rake_percent, config.rake_cap, h.unit)


def _award_uncontested(h: Hand, winner: int, events: list[Event]) -> None:
    total = h.pot
    rake = _rake(h, total)
    seat = h.seat_of[winner]
    if rake:
        events.append(RakeTaken(amount=rake))
    amount = total - rake
    h.stacks[winner] += amount
    h.pot = 0
    eligible = tuple(h.seat_of[j] for j in range(h.n) if not h.folded[j])
    winners = ((seat, amount),)
    h.pots_awarded.append(_pot_result(amount, rake, eligible, winners, ()))
    events.append(_pot_awarded(0, amount, winners, ()))
    h.uncontested = winner
    _finish(h, events)


def _odd_chip_order(h: Hand, winners: list[int]) -> list[int]:
    """R-TIE-3: clockwise from the button's left (dealing order); R-TIE-4 stud: highest card."""
    if not h.stud or len(winners) < 2:
        return winners
    return sorted(winners, key=lambda p: max(h.cards[p]), reverse=True)


def _showdown(h: Hand, events: list[Event]) -> None:
    n = h.n
    game = h.game
    variant = h.variant
    unit = h.unit
    folded = h.folded
    live = [p for p in range(n) if not folded[p]]
    board = h.board
    cards = h.cards
    hi: dict[int, int]
    lo: dict[int, int | None]
    if variant.high_only:
        hilo = False
        ranks = high_ranks([cards[p] for p in live], board)
        hi = {p: ranks[k] for k, p in enumerate(live)}
        lo = dict.fromkeys(live)
    else:
        hilo = variant.is_hilo  # a property: read only off the fast path
        hi = {}
        lo = {}
        for p in live:
            hi[p], lo[p] = strength(game, cards[p], board)
    if h.active == h.live:
        # Nobody live is all-in: after the uncalled bet came back, one pot for everyone.
        pots = [(h.pot, live)]
    else:
        pots = _pots(h)
    rake_left = _rake(h, sum([a for a, _ in pots])) if h.config.rake_percent else 0
    total_rake = rake_left
    results: list[tuple[int, int, list[int], list[tuple[int, int]], list[tuple[int, int]]]] = []
    winners_all: set[int] = set()
    for amount, eligible in pots:
        take = rake_left if rake_left < amount else amount
        rake_left -= take
        amount -= take
        low_shares: list[tuple[int, int]] = []
        if len(eligible) == 1:
            shares = [(eligible[0], amount)]
        else:
            high_amount = amount
            if hilo:
                lows = [p for p in eligible if lo[p] is not None]
                if lows:
                    best_lo = max(lo[p] or 0 for p in lows)
                    low_w = [p for p in lows if lo[p] == best_lo]
                    high_amount, low_amount = halves(amount, unit)
                    low_shares = split(low_amount, _odd_chip_order(h, low_w), unit)
            best_hi = max([hi[p] for p in eligible])
            high_w = [p for p in eligible if hi[p] == best_hi]
            if len(high_w) == 1 and not low_shares:
                shares = [(high_w[0], high_amount)]
            else:
                shares = split(high_amount, _odd_chip_order(h, high_w), unit) + low_shares
        if len(shares) == 1:
            winners_all.add(shares[0][0])
            results.append((amount, take, eligible, shares, low_shares))
            continue
        combined: dict[int, int] = {}
        for p, a in shares:
            combined[p] = combined.get(p, 0) + a
            winners_all.add(p)
        results.append((amount, take, eligible, sorted(combined.items()), low_shares))
    # R-SD-2/3: last aggressor first, else the first to act; then clockwise.
    start = h.sd_aggressor
    if start < 0 or h.folded[start]:
        start = _first_to_act(h)
    # `live` is in position order: clockwise from `start` is the live players from it, then
    # those before it.
    k = bisect_left(live, start)
    order = live[k:] + live[:k] if k else live
    board_t = tuple(board)
    best_hi_shown: int | None = None
    best_lo_shown: int | None = None
    seat_of = h.seat_of
    shown = h.shown
    mucked = h.mucked
    for idx, p in enumerate(order):
        seat = seat_of[p]
        must = idx == 0 or p in winners_all  # R-SD-4: a winning hand is always shown
        if not must:
            must = best_hi_shown is None or hi[p] >= best_hi_shown
            low = lo[p]
            if not must and low is not None:
                must = best_lo_shown is None or low >= best_lo_shown
        if must:
            if best_hi_shown is None or hi[p] > best_hi_shown:
                best_hi_shown = hi[p]
            low = lo[p]
            if low is not None and (best_lo_shown is None or low > best_lo_shown):
                best_lo_shown = low
            shown.append(seat)
            events.append(_hand_shown(seat, tuple(cards[p]), board_t, game))
        else:
            mucked.append(seat)
            events.append(_cards_mucked(seat, tuple(cards[p]), DEALT_IN))
    if total_rake:
        events.append(RakeTaken(amount=total_rake))
    stacks = h.stacks
    for index, (amount, take, eligible, shares, low_shares) in enumerate(results):
        if len(shares) == 1:
            p, a = shares[0]
            stacks[p] += a
            winners: tuple[tuple[int, int], ...] = ((seat_of[p], a),)
        else:
            for p, a in shares:
                stacks[p] += a
            winners = tuple(sorted([(seat_of[p], a) for p, a in shares]))
        low_pairs = tuple(sorted([(seat_of[p], a) for p, a in low_shares])) if low_shares else ()
        eligible_seats = tuple([seat_of[p] for p in eligible])
        h.pots_awarded.append(_pot_result(amount, take, eligible_seats, winners, low_pairs))
        events.append(_pot_awarded(index, amount, winners, low_pairs))
    h.pot = 0
    _finish(h, events)


def _finish(h: Hand, events: list[Event]) -> None:
    h.over = True
    h.to_act_pos = -1
    events.append(_hand_ended(h.final_stacks))

