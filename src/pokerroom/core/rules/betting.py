"""Betting: validating and applying one player decision, and the legal amounts.

R-BET-1 (check and check-raise), R-BET-2 and R-BET-3 (unlimited raises in no-limit and
pot-limit; the limit cap of one bet and `max_raises` raises, the big blind counting as the bet
preflop, optionally lifted heads-up), R-BET-4 (minimum bet and raise), R-BET-5 (pot-limit
maximum), R-BET-6 (limit half-bet rule), R-BET-7 (incomplete all-in raises, `reopen_rule`),
R-BET-4 also: a stud completion goes above the bring-in (a player who cannot only brings in).
R-BET-8 (chip unit), R-BET-9 (no raise or completion that nobody could call more of),
R-BUYIN-4 (table stakes), R-BET-10 (exact bounds; refusals change nothing: every check here
happens before the first write).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from pokerroom.core.errors import IllegalActionError
from pokerroom.core.rules import drawing, flow
from pokerroom.core.rules.actions import (
    Action,
    Bet,
    BringIn,
    Call,
    Check,
    Complete,
    Draw,
    Fold,
    MuckCards,
    RaiseTo,
    ShowCards,
)
from pokerroom.core.rules.events import (
    BetPlaced,
    BringInPosted,
    Called,
    Checked,
    Completed,
    Event,
    Folded,
    RaisedTo,
)
from pokerroom.core.rules.records import positional_maker

if TYPE_CHECKING:
    from pokerroom.core.rules.hand import Hand

# Positional constructors of the events every decision makes (same objects, no keyword parsing).
# Final, here and below: the compiled build (mypyc) keeps a Final module name in a C static;
# any other module global (imported names too) is a dict lookup at each use.
_called: Final = positional_maker(Called)
_checked: Final = positional_maker(Checked)
_folded: Final = positional_maker(Folded)
_raised_to: Final = positional_maker(RaisedTo)
_bet_placed: Final = positional_maker(BetPlaced)
# Folded and Checked hold nothing but the seat: immutable values, made once for the usual
# seat numbers and shared by every hand (a third of a hand's decisions; the maker is the
# costly part of a decision).
_SHARED_SEATS: Final = 16
_FOLDED: Final = tuple([_folded(seat) for seat in range(_SHARED_SEATS)])
_CHECKED: Final = tuple([_checked(seat) for seat in range(_SHARED_SEATS)])
# The action classes `act` tells apart by `type(action) is ...`, once per decision.
_CALL: Final = Call
_CHECK: Final = Check
_FOLD: Final = Fold
_RAISE_TO: Final = RaiseTo
_BET: Final = Bet


def bounds(h: Hand, i: int) -> tuple[int, int, str, str]:
    """(smallest, largest) total for the street of a bet, raise or completion by position `i`.

    (-1, -1, rule, reason) when the player may not bet or raise now.
    """
    bets = h.bets
    bet = bets[i]
    total = bet + h.stacks[i]
    level = h.level
    # The bet a completion or raise must go above: for the player bringing in, the bring-in
    # itself (nothing is bet yet, but a "completion" to no more than the bring-in is a bring-in).
    floor = h.config.stakes.bring_in if h.bring_in_pos == i else level
    if total <= floor:
        if floor != level:
            return -1, -1, "R-BET-4", "not enough chips to complete: bring in (all-in)"
        return -1, -1, "R-BUYIN-4", "not enough chips to raise: call all-in or fold (table stakes)"
    if h.acted[i] and (h.limit or (level - bet) * (2 if h.half_rule else 1) < h.min_raise):
        # Facing only short all-in raises since acting. No-limit / pot-limit: once they add up
        # to a full raise (what this player must call, since their bet is where they acted),
        # the betting is open again for them, as in the TDA rules and PokerKit.
        rule = "R-BET-6" if h.limit else "R-BET-7"
        return -1, -1, rule, "an all-in raise smaller than a full raise did not reopen the betting: fold or call"
    if h.active < 2:
        return -1, -1, "R-BET-10", "every other player is all-in: there is nobody to bet against"
    if floor:
        # A raise nobody can call more of is pointless (it would only come back, R-BET-9).
        stacks = h.stacks
        folded = h.folded
        for j in range(h.n):
            if j != i and not folded[j] and stacks[j] + bets[j] > floor:
                break
        else:
            if floor != level:
                return -1, -1, "R-BET-10", "no other player can match more than the bring-in: bring in instead"
            return -1, -1, "R-BET-10", "no other player can match more than the current bet: call instead"
    if h.limit:
        config = h.config
        if h.raise_count > config.max_raises and (
            config.limit_cap_heads_up or h.live > 2
        ):
            return -1, -1, "R-BET-3", f"the betting is capped (one bet and {config.max_raises} raises)"
        lo = hi = h.full_level + h.bet_size
    else:
        completing = h.stud and h.street_i == 0 and h.raise_count == 0
        lo = (0 if completing else level) + h.min_raise
        if h.pot_limit:
            hi = level + h.pot + sum(h.bets) + (level - bet)
            if hi < lo:
                hi = lo
        else:
            hi = total
    if lo > total:
        lo = total
    if hi > total:
        hi = total
    return lo, hi, "", ""


def _amount(h: Hand, i: int, amount: object, what: str) -> int:
    """Validate a bet/raise/completion total; raise naming the rule (R-BET-3..8)."""
    if type(amount) is not int:
        raise IllegalActionError("amount", f"{what} amount must be an integer number of chips, got {amount!r}")
    lo, hi, rule, reason = bounds(h, i)
    if lo < 0:
        raise IllegalActionError(rule, reason)
    total = h.bets[i] + h.stacks[i]
    if amount > total:
        raise IllegalActionError("R-BUYIN-4", f"{what} to {amount} is more than the {total} the player has (table stakes)",
                                 "more_than_stack", {"what": what, "amount": amount, "total": total})
    if amount % h.unit and amount != total:
        raise IllegalActionError("R-BET-8", f"{what} to {amount} is not a whole number of the chip unit {h.unit}",
                                 "not_chip_unit", {"what": what, "amount": amount, "unit": h.unit})
    if amount < lo:
        if h.limit:
            raise IllegalActionError("R-BET-4", f"limit: {what} is to exactly {lo}, not {amount}",
                                     "limit_exact", {"what": what, "amount": amount, "exact": lo})
        raise IllegalActionError("R-BET-4", f"{what} to {amount} is below the minimum of {lo}",
                                 "below_minimum", {"what": what, "amount": amount, "minimum": lo})
    if amount > hi:
        if h.limit:
            raise IllegalActionError("R-BET-4", f"limit: {what} is to exactly {hi}, not {amount}",
                                     "limit_exact", {"what": what, "amount": amount, "exact": hi})
        raise IllegalActionError("R-BET-5", f"pot-limit: {what} to {amount} is above the pot limit of {hi}",
                                 "above_pot_limit", {"what": what, "amount": amount, "maximum": hi})
    return amount


def _wager(h: Hand, i: int, to: int) -> tuple[bool, bool]:
    """Put position `i`'s street total at `to` (> level). Returns (all_in, full)."""
    bets = h.bets
    add = to - bets[i]
    stack = h.stacks[i] - add
    h.stacks[i] = stack
    bets[i] = to
    h.contrib[i] += add
    all_in = stack == 0
    if all_in:
        h.allin[i] = True
        h.active -= 1
    level = h.level
    if h.limit:
        # R-BET-6: at least half a full bet or raise counts as full.
        full = (to - h.full_level) * 2 >= h.bet_size
    else:
        base = 0 if h.stud and h.street_i == 0 and h.raise_count == 0 else level
        incr = to - base
        min_raise = h.min_raise
        full = incr >= min_raise or (h.half_rule and incr * 2 >= min_raise)
        if full and incr > min_raise:
            h.min_raise = incr
    if full:
        h.full_level = to
        h.raise_count += 1
        # A full bet or raise reopens the betting: everyone else must act again.
        acted = [False] * h.n
        acted[i] = True
        h.acted = acted
    else:
        h.acted[i] = True
    h.level = to
    h.aggressor = i
    return all_in, full


def act(h: Hand, action: Action) -> tuple[Event, ...]:
    """`Hand.apply`: validate `action` completely, then apply it and run the dealer's chores.

    Every refusal happens before the first write, so a refused action changes nothing
    (R-BET-10). After the hand, only ShowCards / MuckCards are taken (R-SD-4, R-SD-5).
    """
    t = type(action)
    if h.over:
        if t is ShowCards or t is MuckCards:
            return h._after_hand(action)
        raise IllegalActionError("R-BET-10", "the hand is over")
    if h.drawing:
        return drawing.apply(h, action)
    i = h.to_act_pos
    seat = h.seat_of[i]
    try:
        # Fields are read untyped as actions.as_given does, by getattr itself (one call fewer
        # per decision); so are the amounts below.
        wrong_seat = getattr(action, "seat") != seat  # noqa: B009
    except AttributeError:
        raise IllegalActionError("R-BET-10", f"not an action: {action!r}") from None
    if wrong_seat:
        if t is ShowCards or t is MuckCards:
            raise IllegalActionError("R-SD-5", "hands are shown or mucked only at the end of the hand")
        other = getattr(action, "seat", None)
        if other not in h.pos_of:
            raise IllegalActionError("R-BET-10", f"seat {other!r} is not dealt into this hand")
        raise IllegalActionError("R-BET-10", f"out of turn: seat {seat} is to act, not seat {other}")
    ev: Event
    level = h.level
    owed = level - h.bets[i]
    if h.bring_in_pos == i:
        if t is BringIn:
            amount = h.config.stakes.bring_in
            if amount > h.stacks[i]:
                amount = h.stacks[i]
            h.stacks[i] -= amount
            h.bets[i] += amount
            h.contrib[i] += amount
            all_in = h.stacks[i] == 0
            if all_in:
                h.allin[i] = True
                h.active -= 1
            h.level = h.bets[i]
            h.acted[i] = True
            h.bring_in_pos = -1
            ev = BringInPosted(seat=seat, amount=amount, all_in=all_in)
        elif t is Complete:
            to = _amount(h, i, getattr(action, "amount"), "completion")  # noqa: B009
            h.bring_in_pos = -1
            all_in, _ = _wager(h, i, to)
            ev = Completed(seat=seat, amount=to, all_in=all_in)
        else:
            raise IllegalActionError("R-BET-10", f"seat {seat} brings in: BringIn or Complete")
    elif t is _CALL:
        if owed <= 0:
            raise IllegalActionError("R-BET-1", "nothing to call: check instead", "nothing_to_call")
        stacks = h.stacks
        stack = stacks[i]
        if owed < stack:
            add = owed
            stacks[i] = stack - owed
            all_in = False
        else:
            add = stack
            stacks[i] = 0
            all_in = True
            h.allin[i] = True
            h.active -= 1
        bets = h.bets
        total = bets[i] + add
        bets[i] = total
        h.contrib[i] += add
        h.acted[i] = True
        ev = _called(seat, add, total, all_in)
    elif t is _CHECK:
        if owed > 0:
            raise IllegalActionError("R-BET-1", f"cannot check facing a bet: {owed} to call",
                                     "cannot_check", {"owed": owed})
        h.acted[i] = True
        ev = _CHECKED[seat] if seat < _SHARED_SEATS else _checked(seat)
    elif t is _FOLD:
        if owed <= 0 and not action.left:  # type: ignore[union-attr]
            raise IllegalActionError("R-BET-10", "nothing to call: check instead of folding",
                                     "fold_check_instead")
        h.folded[i] = True
        h.live -= 1
        h.active -= 1
        ev = _FOLDED[seat] if seat < _SHARED_SEATS else _folded(seat)
    elif t is _RAISE_TO:
        if level == 0:
            raise IllegalActionError("R-BET-10", "no bet to raise: bet instead", "bet_instead")
        if h.stud and h.street_i == 0 and h.raise_count == 0:
            raise IllegalActionError("R-BET-10", "only a bring-in so far: complete instead of raising")
        to = _amount(h, i, getattr(action, "amount"), "raise")  # noqa: B009
        all_in, full = _wager(h, i, to)
        ev = _raised_to(seat, to, all_in, full)
    elif t is _BET:
        if level > 0:
            raise IllegalActionError("R-BET-10", f"there is a bet of {level} already: raise instead",
                                     "raise_instead", {"level": level})
        to = _amount(h, i, getattr(action, "amount"), "bet")  # noqa: B009
        all_in, _ = _wager(h, i, to)
        ev = _bet_placed(seat, to, all_in)
    elif t is Complete:
        if not (h.stud and h.street_i == 0 and h.raise_count == 0 and level > 0):
            raise IllegalActionError("R-BET-10", "completing is only for a stud bring-in")
        to = _amount(h, i, getattr(action, "amount"), "completion")  # noqa: B009
        all_in, _ = _wager(h, i, to)
        ev = Completed(seat=seat, amount=to, all_in=all_in)
    elif t is BringIn:
        raise IllegalActionError("R-BET-10", f"seat {seat} does not bring in")
    elif t is ShowCards or t is MuckCards:
        raise IllegalActionError("R-SD-5", "hands are shown or mucked only at the end of the hand")
    elif t is Draw:
        raise IllegalActionError("R-DRAW-1", "no draw now: the betting round comes first", "no_draw_now")
    else:
        raise IllegalActionError("R-BET-10", f"not an action: {action!r}")
    h._actions.append(action)
    # Pass the turn clockwise to the next player who must act, or close the round.
    if h.live > 1:
        n = h.n
        folded = h.folded
        allin = h.allin
        bets = h.bets
        acted = h.acted
        level = h.level
        can_open = h.active >= 2
        j = i
        for _ in range(n - 1):
            j += 1
            if j == n:
                j = 0
            if not folded[j] and not allin[j] and (bets[j] < level or (not acted[j] and can_open)):
                h.to_act_pos = j
                h._events.append(ev)
                return (ev,)
    events: list[Event] = [ev]
    flow.end_round(h, events)
    h._events.extend(events)
    return tuple(events)
