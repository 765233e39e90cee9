"""One Ultimate Texas Hold'em table live: players against the bank, one actor per table.

Bets are staked from the wallet when placed (services.uth_rounds: wallet -> uth-at-risk),
the round is dealt when every seated player has bet or the betting clock ends, its record
(actions, never the deck) is checkpointed with every player's round together with the
server seed sealed (services.seal), so a crash settles or voids it with the same deck
rebuilt from that seed, and each seat is paid at showdown. Decisions time out to check / fold.
Views come only from `Round.view_for` (U-DEAL-1: community and dealer cards stay hidden).
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from typing import Any, cast

from pokerroom.core.errors import RuleViolationError
from pokerroom.core.evaluation import evaluate_high
from pokerroom.core.rules import Game
from pokerroom.core.rules.showdown import hand_parts
from pokerroom.core.uth import Check, Fold, PlaceBets, Play, UthConfig, start_round
from pokerroom.core.uth.paytables import BLIND_TABLE, TRIPS_TABLE, line_name
from pokerroom.services.cashier import Cashier
from pokerroom.services.client_seeds import ClientSeeds
from pokerroom.services.clock import now_ms
from pokerroom.services.decks import Deal
from pokerroom.services.fanout import FanOut, account_channel, table_channel
from pokerroom.services.metrics import RoomMetrics
from pokerroom.services.outbound import Balance, ChatLine, Outbound, UthView
from pokerroom.services.outbound_parts import (
    HandParts,
    UthClock,
    UthEmptySeat,
    UthLegal,
    UthLobbyEntry,
    UthResult,
    UthSeat,
    UthTableView,
    UthYou,
)
from pokerroom.services.refusal import RefusedError
from pokerroom.services.seal import SealKey
from pokerroom.services.seating import SeatBook, Seating
from pokerroom.services.table_ops import OperatedRunner, TableOperations
from pokerroom.services.uth_rounds import UthRounds, without_deck
from pokerroom.services.wire import card_text, plain
from pokerroom.storage.errors import InsufficientFundsError

log = logging.getLogger("pokerroom.uth")

DECISIONS = {"play4": 4, "play3": 3, "play2": 2, "play1": 1}
AWAY_ROUNDS = 3  # rounds dealt without bets from a player with no socket open: seat freed


def _ratio(value: Any) -> str:
    return f"{value.numerator}:{value.denominator}"


PAYTABLES = {
    "blind": [[line_name(line).title(), _ratio(r)] for line, r in BLIND_TABLE],
    "trips": [[line_name(line).title(), _ratio(r)] for line, r in TRIPS_TABLE],
}


@dataclass(slots=True)
class _Bettor:
    account_id: int
    ante: int
    trips: int
    round_id: int


@dataclass(slots=True)
class _Live:
    number: int
    round: Any
    bettors: dict[int, _Bettor]  # seat -> bettor
    deal: Deal  # the server seed inside stays in memory until the round is settled
    hints: dict[int, str] = field(default_factory=dict)
    deadline_ms: int | None = None
    wallets: dict[int, int] = field(default_factory=dict)  # seat -> balance at this decision


class UthRunner(OperatedRunner):
    kind = "uth"

    def __init__(self, table_id: str, name: str, config: UthConfig, *, cashier: Cashier,
                 rounds: UthRounds, fanout: FanOut, deck_source: Any, encode_record: Any,
                 betting_s: float, decision_s: float, pause_s: float, decimals: int = 2,
                 client_seeds: ClientSeeds | None = None,
                 metrics: RoomMetrics | None = None, limits: Any = None,
                 seal: SealKey | None = None, status_book: SeatBook | None = None) -> None:
        super().__init__(f"uth:{table_id}")
        # where the operator's word on the table is kept (services.seating: a seating with no
        # seat, as a UTH table keeps none); None: in this node's memory only
        self.status_book = status_book
        self.seal = seal  # seals each deal's server seed in the rows (services.seal)
        self.table_id = table_id
        self.display_name = name
        self.config = config
        self.cashier = cashier
        self.rounds = rounds
        self.deck_source = deck_source
        self.client_seeds = client_seeds or ClientSeeds()
        self.metrics = metrics or RoomMetrics()
        self.limits = limits  # services.limits.PlayerLimits (self-set limits)
        self.encode_record = encode_record
        self.betting_s, self.decision_s, self.pause_s = betting_s, decision_s, pause_s
        self.decimals = decimals
        self.lobby: Any = None
        self.viewers: dict[str, int | None] = {}  # viewer id -> account (presence only)
        self.fanout = fanout
        self.channel = table_channel(table_id)
        self.ops = TableOperations(self)  # the operator's commands and the table's status
        self.seats: dict[int, tuple[int, str]] = {}  # seat -> (account id, name)
        self.pending: dict[int, _Bettor] = {}  # bets placed for the next round
        self.live: _Live | None = None
        self.last: _Live | None = None  # the settled round, shown until the next deal
        self.round_number = 0
        self.version = now_ms()
        self.betting_deadline_ms: int | None = None
        self.leaving: set[int] = set()
        self.draining = False  # the node is stopping: finish the round, deal no new one
        # Seats whose player has no socket open here: they hold up no deal, and after
        # AWAY_ROUNDS rounds dealt without their bets the seat is freed.
        self.away: dict[int, int] = {}  # seat -> rounds dealt since they went away

    async def start(self) -> None:
        kept = (await self.status_book.load(self.table_id)
                if self.status_book is not None else None)
        if kept is not None:
            # an operator's pause or close outlives the node (a restart, a take-over)
            self.ops.status = kept.status
        self.start_actor()
        # Load the strategy (numpy, numba kernels) now rather than at the first decision.
        self._warm = asyncio.get_running_loop().create_task(asyncio.to_thread(_load_strategy))

    async def stop(self) -> None:
        await self.stop_actor()

    # ------------------------------------------------------------------ lobby and views
    def entry(self) -> UthLobbyEntry:
        c = self.config
        return {
            "id": self.table_id, "name": self.display_name, "kind": "uth", "game": "uth",
            "betting": None, "stakes": {}, "decimals": self.decimals, "seats": c.seats,
            "taken": len(self.seats), "min_buy_in": None, "max_buy_in": None,
            "avg_pot": 0, "players_per_flop": 0, "hands_per_hour": 0, "waiting": 0,
            "status": self.ops.status,
            "limits": {"ante_min": c.ante_min, "ante_max": c.ante_max,
                       "trips_min": c.trips_min, "trips_max": c.trips_max},
        }  # fmt: skip

    def _seat_of(self, account_id: int | None) -> int | None:
        for seat, (acc, _name) in self.seats.items():
            if acc == account_id:
                return seat
        return None

    def view_for(self, account_id: int | None) -> UthTableView:
        c = self.config
        my_seat = self._seat_of(account_id)
        shown = self.live or self.last
        rview = shown.round.view_for(my_seat) if shown is not None else None
        phase = "betting" if rview is None or self.live is None else str(rview.phase)
        if self.live is None and self.last is not None:
            phase = "settled"
        round_seats = {s.seat: s for s in rview.seats} if rview is not None else {}
        settlements = {s.seat: s for s in rview.settlements} if rview is not None else {}
        seats: list[UthEmptySeat | UthSeat] = []
        for seat in range(c.seats):
            if seat not in self.seats:
                seats.append({"seat": seat, "name": None, "is_you": False})
                continue
            account, name = self.seats[seat]
            # A round belongs to whoever bet in it: a player who took the seat since sees
            # an empty place, not the previous player's cards and result.
            theirs = (shown is not None and seat in shown.bettors
                      and shown.bettors[seat].account_id == account)
            rs = round_seats.get(seat) if theirs else None
            bet = self.pending.get(seat)
            entry: UthSeat = {
                "seat": seat, "name": name, "is_you": seat == my_seat,
                "cards": [card_text(x) for x in rs.cards] if rs is not None else [],
                "ante": rs.ante if rs else (bet.ante if bet else 0),
                "blind": rs.blind if rs else (bet.ante if bet else 0),
                "trips": rs.trips if rs else (bet.trips if bet else 0),
                "play": rs.play if rs else 0, "folded": bool(rs and rs.folded),
                "decision": None, "result": None,
                "hand": _hand_name(rs.cards, rview.board) if rs is not None and rview else None,
                # The same hand as parts the client words in the player's language.
                "hand_value": (_hand_value(rs.cards, rview.board)
                               if rs is not None and rview else None),
            }  # fmt: skip
            if self.live is None and rs is not None and not bet:
                entry["ante"] = entry["blind"] = entry["trips"] = entry["play"] = 0
                entry["last"] = {"ante": rs.ante, "trips": rs.trips, "play": rs.play}
            if seat in settlements and theirs:
                s = settlements[seat]
                # each bet made by its name (ante, blind, trips, play): keys known at run time
                entry["result"] = cast(UthResult, {
                    **{b.bet.value: b.net for b in s.bets}, "net": s.net,
                    "outcome": s.outcome.value,
                    "rounding": plain(sum((b.rounded_off for b in s.bets), start=0 * s.net)),
                })
            seats.append(entry)
        board: list[str | None] = [None] * 5
        dealer: list[str | None] = [None, None]
        if rview is not None:
            for i, code in enumerate(rview.board):
                board[i] = card_text(code)
            if rview.dealer:
                dealer = [card_text(x) for x in rview.dealer]
        legal: UthLegal | None = None
        live = self.live
        if live is not None and my_seat is not None:
            decision = live.round.legal(my_seat)
            if decision is not None:
                # Only the Play bets the wallet can pay are offered (its balance read at this
                # decision point; the Ante was checked to cover 1x at betting time).
                ante = live.bettors[my_seat].ante
                funds = live.wallets.get(my_seat)
                options = [f"play{m}" for m in decision.play_multiples
                           if funds is None or m * ante <= funds]
                options += ["check"] if decision.check else []
                options += ["fold"] if decision.fold else []
                hint = live.hints.get(my_seat)
                legal = {"round": live.number, "decisions": options,
                         "hint": hint if hint in options else None}
        clock: UthClock | None = None
        if live is not None and live.deadline_ms is not None:
            clock = {"seat": my_seat, "deadline_ms": live.deadline_ms, "time_bank_ms": 0}
        elif live is None and self.betting_deadline_ms is not None:
            clock = {"seat": None, "deadline_ms": self.betting_deadline_ms, "time_bank_ms": 0}
        qualifies = None
        if shown is not None and settlements:
            qualifies = next(iter(settlements.values())).dealer_qualifies
        dealer_hand = dealer_value = None
        if rview is not None and rview.dealer:
            dealer_hand = _hand_name(rview.dealer, rview.board)
            dealer_value = _hand_value(rview.dealer, rview.board)
        you: UthYou | None = None
        if my_seat is not None:
            you = {"seat": my_seat, "balance": None}
        return {
            "table": self.table_id, "name": self.display_name, "kind": "uth", "game": "uth",
            "decimals": self.decimals,
            "limits": {"ante_min": c.ante_min, "ante_max": c.ante_max,
                       "trips_min": c.trips_min, "trips_max": c.trips_max},
            "paytables": PAYTABLES,
            "round": live.number if live is not None else self.round_number + 1,
            "phase": phase, "board": board, "dealer": dealer, "seats": seats, "you": you,
            "legal": legal, "clock": clock, "dealer_qualifies": qualifies,
            "dealer_hand": dealer_hand, "dealer_hand_value": dealer_value,
            # The commitment and client seeds of the round in play, in every view from the
            # first one that shows its cards; the server seed comes with the settled record.
            "fairness": ({"round": live.number, "commitment": live.deal.commitment,
                          "client_seeds": list(live.deal.client_seeds)}
                         if live is not None else None),
        }  # fmt: skip

    def _publish(self) -> None:
        self.version += 1
        # Seated players looking get their own view on their channel; every other viewer the
        # observers' view, built once, on the table's.
        own = {a for a in self.viewers.values() if a is not None and self._seat_of(a) is not None}
        for account in own:
            self.fanout.publish(account_channel(account), self._message(account))
        if any(a is None or a not in own for a in self.viewers.values()):
            self.fanout.publish(self.channel, self._message(None), skip=own)
        if self.lobby is not None:
            self.lobby.changed(self)

    # ------------------------------------------------------------------ observing and seats
    def _message(self, account_id: int | None) -> UthView:
        return UthView(table=self.table_id, version=self.version, view=self.view_for(account_id))

    async def observe(self, viewer: str, account_id: int | None,
                      since: int | None) -> Outbound:
        result: Outbound = await self.call(self._observe, viewer, account_id)
        return result

    async def _observe(self, viewer: str, account_id: int | None) -> UthView:
        self.viewers[viewer] = account_id
        seat = self._seat_of(account_id)
        if seat is not None:
            self.away.pop(seat, None)
        return self._message(account_id)

    async def unobserve(self, viewer: str) -> None:
        if viewer in self.viewers:
            await self.call(self._unobserve, viewer)

    async def _unobserve(self, viewer: str) -> None:
        account = self.viewers.pop(viewer, None)
        seat = self._seat_of(account)
        if seat is not None and account not in self.viewers.values():
            self.away.setdefault(seat, 0)

    async def sit(self, viewer: str, account_id: int, name: str, seat: int | None,
                  buy_in: int, post_now: bool) -> None:
        await self.call(self._sit, viewer, account_id, name, seat)

    async def _sit(self, viewer: str, account_id: int, name: str, seat: int | None) -> None:
        self.ops.refuse_when_closed()
        await self._check_limits(account_id)
        if self._seat_of(account_id) is not None:
            raise RefusedError("already_seated", f"you already sit at {self.display_name}")
        free = [s for s in range(self.config.seats) if s not in self.seats]
        if seat is None:
            if not free:
                raise RefusedError("table_full", "every seat is taken", rule="U-TABLE-1")
            seat = free[0]
        if seat not in free:
            raise RefusedError("seat_taken", f"seat {seat} is not free", rule="U-TABLE-1")
        self.seats[seat] = (account_id, name)
        self.viewers[viewer] = account_id
        self._publish()

    async def leave(self, account_id: int) -> None:
        await self.call(self._leave, account_id)

    async def _leave(self, account_id: int) -> None:
        seat = self._seat_of(account_id)
        if seat is None:
            raise RefusedError("not_seated", f"you do not sit at {self.display_name}")
        if seat in self.pending:
            raise RefusedError("refused", "your bets for the next round are placed",
                               rule="U-BET-1")
        if self.live is not None and seat in self.live.bettors:
            self.leaving.add(seat)  # decisions time out; the seat is freed after the round
        else:
            del self.seats[seat]
            self.away.pop(seat, None)
        self._publish()

    # ------------------------------------------------------------------ bets
    async def place_bets(self, account_id: int, ante: int, trips: int) -> None:
        await self.call(self._place_bets, account_id, ante, trips)

    async def _place_bets(self, account_id: int, ante: int, trips: int) -> None:
        seat = self._seat_of(account_id)
        if seat is None:
            raise RefusedError("not_seated", f"sit down at {self.display_name} first")
        await self._check_limits(account_id)  # each round: a loss limit, an exclusion
        if not self.ops.may_deal():
            raise RefusedError("table_paused", f"the room {self.ops.status} {self.display_name}: "
                               "no new round for now")
        if seat in self.pending:
            raise RefusedError("refused", "bets cannot be changed once placed", rule="U-BET-1")
        # The core checks the limits (U-BET-1, U-BET-2) on a throwaway round, before any
        # chip moves.
        probe = start_round(self.config, [seat], tuple(range(52)))
        try:
            probe.apply(PlaceBets(seat=seat, ante=ante, trips=trips))
        except RuleViolationError as exc:
            raise RefusedError.from_rule("illegal_action", exc) from None
        # U-BET-1: the Ante commits the player to a Play bet of at least 1x the Ante or a
        # fold; an Ante the wallet could not back with that Play is refused now, not at the
        # decision (where it would end as a forced fold).
        needed = 3 * ante + trips
        if await self.cashier.wallet_balance(account_id) < needed:
            raise RefusedError("insufficient_funds",
                               f"your wallet must cover the Ante, the Blind, the Trips and a Play "
                               f"of 1x the Ante: {needed}", rule="U-BET-1")
        round_id = await self.rounds.begin_round(account_id, table_id=self.table_id, seat=seat)
        try:
            await self.rounds.stake(round_id, 2 * ante + trips, key=f"uth:{round_id}:bets",
                                    state="")
        except InsufficientFundsError:
            await self.rounds.void_round(round_id, "insufficient funds")
            raise RefusedError("insufficient_funds",
                               f"your wallet holds less than {2 * ante + trips}") from None
        self.pending[seat] = _Bettor(account_id=account_id, ante=ante, trips=trips,
                                     round_id=round_id)
        await self._push_balance(account_id)
        if self.live is None:
            if all(s in self.pending for s in self.seats
                   if s not in self.leaving and s not in self.away):
                self.cancel("betting")
                await self._deal()
                return
            if self.betting_deadline_ms is None:
                self.betting_deadline_ms = now_ms() + int(self.betting_s * 1000)
                self.schedule("betting", self.betting_s, self._deal)
        self._publish()

    async def _push_balance(self, account_id: int) -> None:
        balance = await self.cashier.wallet_balance(account_id)
        self.fanout.publish(account_channel(account_id), Balance(balance=balance))

    # ------------------------------------------------------------------ the round
    def busy(self) -> bool:
        """A round is being played (a draining node waits for it)."""
        return self.live is not None

    def longest_rest_ms(self) -> int:
        """The longest the round being played can still take by its clocks: the betting
        time and the three decisions (before the flop, on the flop, on the river)."""
        if self.live is None:
            return 0
        return int((self.betting_s + 3 * self.decision_s) * 1000)

    async def _deal(self) -> None:
        if self.draining:
            return
        self.betting_deadline_ms = None
        if self.live is not None or not self.pending or not self.ops.may_deal():
            return
        bettors = dict(self.pending)
        self.pending.clear()
        for seat in [s for s in self.away if s not in bettors]:
            self.away[seat] += 1
            if self.away[seat] >= AWAY_ROUNDS:  # abandoned: the seat is free for others
                del self.away[seat]
                self.seats.pop(seat, None)
        self.round_number += 1
        # The fair deal (docs/FAIRNESS.md): the bettors' client seeds by seat, a fresh server
        # seed; the commitment goes out with the first view of the round.
        deal = self.deck_source.next_deal(self.client_seeds.for_seats(
            {seat: b.account_id for seat, b in bettors.items()}))
        rnd = start_round(self.config, sorted(bettors), deal.deck)
        for seat, b in sorted(bettors.items()):
            rnd.apply(PlaceBets(seat=seat, ante=b.ante, trips=b.trips))
        # Stored while it is played: no deck (a reader of the database must not learn the
        # cards to come), the server seed sealed; recovery rebuilds the deck from both.
        state = self.encode_record(without_deck(rnd.record))
        sealed = self.seal.seal(deal.server_seed, deal.commitment) if self.seal else None
        with self.metrics.storage("begin_round"):
            for b in bettors.values():
                await self.rounds.checkpoint(b.round_id, state, commitment=deal.commitment,
                                             client_seeds=deal.client_seeds,
                                             sealed_seed=sealed)
        self.metrics.hands.labels(kind="uth").inc()
        log.info("round %s dealt", self.round_number,
                 extra={"table": self.table_id, "hand": self.round_number})
        self.live = _Live(number=self.round_number, round=rnd, bettors=bettors, deal=deal)
        self.last = None
        await self._street()

    async def _street(self) -> None:
        """A new decision point: hints for the players to decide, the decision clock."""
        live = self.live
        assert live is not None
        if live.round.is_over:
            await self._settle(live)
            return
        live.hints = {}
        live.wallets = {seat: await self.cashier.wallet_balance(live.bettors[seat].account_id)
                        for seat in live.round.to_decide()}
        live.deadline_ms = now_ms() + int(self.decision_s * 1000)
        phase = str(live.round.phase)
        self.schedule("decide", self.decision_s, self._timeout, live.number, phase)
        self._publish()
        # The hints follow in a second view: nobody waits for them to decide.
        hints = await asyncio.to_thread(self._hints, live)
        if self.live is live and str(live.round.phase) == phase:
            live.hints = {s: h for s, h in hints.items() if s in live.round.to_decide()}
            self._publish()

    def _hints(self, live: _Live) -> dict[int, str]:
        try:
            from pokerroom.core.uth.math.strategy import hint
        except ImportError:
            return {}
        rnd = live.round
        out = {}
        for seat in rnd.to_decide():
            view = rnd.view_for(seat)
            cards = next(s.cards for s in view.seats if s.seat == seat)
            decision = hint(cards, view.board).decision
            out[seat] = decision.replace(" ", "")
        return out

    async def decide(self, account_id: int, round_no: int, decision: str) -> None:
        await self.call(self._decide, account_id, round_no, decision)

    async def _decide(self, account_id: int, round_no: int, decision: str) -> None:
        live = self.live
        seat = self._seat_of(account_id)
        if live is None or live.number != round_no:
            raise RefusedError("stale_action", f"round {round_no} is not the round in play")
        if seat is None or seat not in live.bettors:
            raise RefusedError("not_in_round", f"you have no bets in round {round_no}")
        await self._apply(live, seat, decision)

    async def _apply(self, live: _Live, seat: int, decision: str) -> None:
        if decision in DECISIONS:
            action: Any = Play(seat=seat, multiple=DECISIONS[decision])
        elif decision == "check":
            action = Check(seat=seat)
        else:
            action = Fold(seat=seat)
        phase = live.round.phase
        try:
            live.round.apply(action)
        except RuleViolationError as exc:
            raise RefusedError.from_rule("illegal_action", exc) from None
        self.metrics.actions.labels(kind="uth").inc()
        bettor = live.bettors[seat]
        if isinstance(action, Play):
            # The Play bet is staked with the record that contains it: a crash from here on
            # settles the round with it (recovery), never loses it.
            record = self.encode_record(without_deck(live.round.record))
            try:
                await self.rounds.stake(bettor.round_id, action.multiple * bettor.ante,
                                        key=f"uth:{bettor.round_id}:play", state=record)
            except InsufficientFundsError:
                # Cannot cover the Play bet: take the action back by replaying without it.
                live.round = _without_last(live.round)
                raise RefusedError("insufficient_funds",
                                   "your wallet cannot cover that Play bet") from None
            await self._push_balance(bettor.account_id)
        if live.round.phase != phase or live.round.is_over:
            self.cancel("decide")
            await self._street()
        else:
            live.hints.pop(seat, None)
            self._publish()

    async def _timeout(self, number: int, phase: str) -> None:
        live = self.live
        if live is None or live.number != number or str(live.round.phase) != phase:
            return
        for seat in live.round.to_decide():
            legal = live.round.legal(seat)
            if legal is None:
                continue
            live.round.apply(Check(seat=seat) if legal.check else Fold(seat=seat))
        await self._street()

    async def _settle(self, live: _Live) -> None:
        record = self.encode_record(live.round.record)
        for seat, bettor in live.bettors.items():
            net = live.round.settlement(seat).net
            with self.metrics.storage("settle_round"):
                await self.rounds.settle_round(bettor.round_id, net=net, record=record,
                                               server_seed=live.deal.server_seed_hex)
            await self._push_balance(bettor.account_id)
        self.live = None
        self.last = live
        for seat in list(self.leaving):
            self.seats.pop(seat, None)
            self.away.pop(seat, None)
        self.leaving.clear()
        if self.ops.status == "closed":
            await self.close_now()
        self._publish()
        if self.pending:
            self.schedule("betting", self.pause_s, self._deal)

    async def _check_limits(self, account_id: int) -> None:
        if self.limits is None:
            return
        blocked = await self.limits.blocked(account_id)
        if blocked is not None:
            raise RefusedError("limit_reached", blocked.reason, rule=blocked.rule,
                               message=blocked.message, params=blocked.params)

    # ------------------------------------------------------------------ the operator console
    async def observer_view(self) -> UthTableView:
        """The table as an observer sees it (the console's): no card a player holds."""
        return self.view_for(None)

    def after_reopen(self) -> None:
        if self.pending and self.live is None:
            self.schedule("betting", self.pause_s, self._deal)

    async def keep_status(self) -> None:
        """Keep the status where a restart or the node taking the table over finds it: a
        seating with no seat (a UTH table seats nobody across a restart), checked against
        the table's cluster fence like every other write for the table."""
        if self.status_book is None:
            return
        try:
            await self.status_book.save(self.table_id, Seating(
                seats=(), previous=None, status=self.ops.status))
        except Exception:  # noqa: BLE001 - the table goes on with its status in memory
            log.exception("%s: could not keep the status", self.table_id)

    async def close_now(self) -> None:
        """Bets placed for a round that will not be dealt go back; every seat is freed."""
        for bettor in self.pending.values():
            await self.rounds.void_round(bettor.round_id, "the room closed the table")
            await self._push_balance(bettor.account_id)
        self.pending.clear()
        self.seats.clear()
        self.betting_deadline_ms = None
        self.cancel("betting")
        self._publish()

    # ------------------------------------------------------------------ not for this table
    async def act(self, *args: Any) -> None:
        raise RefusedError("wrong_table", "this is an Ultimate Texas Hold'em table: use uth_decide")

    async def sit_out(self, account_id: int) -> None:
        raise RefusedError("wrong_table", "UTH has no sitting out: simply do not bet")

    sit_in = sit_out

    async def auto_post(self, account_id: int, on: bool) -> None:
        raise RefusedError("wrong_table", "UTH has no blinds to post")

    async def top_up(self, account_id: int, amount: int) -> None:
        raise RefusedError("wrong_table", "UTH bets come straight from the wallet")

    async def wait_list(self, account_id: int) -> None:
        raise RefusedError("wrong_table", "UTH tables have no waiting list")

    async def chat(self, account_id: int, name: str, text: str) -> None:
        self.fanout.publish(self.channel, ChatLine(table=self.table_id, name=name, text=text,
                                                   now_ms=now_ms()))


def _load_strategy() -> None:
    try:
        from pokerroom.core.uth.math.strategy import hint

        hint([0, 5])
    except Exception:  # noqa: BLE001 - no hints then; the game does not need them
        log.warning("UTH hints unavailable", exc_info=True)


def _hand_name(cards: tuple[int, ...], board: tuple[int, ...]) -> str | None:
    """The best hand from cards the viewer can see (None before five are visible)."""
    if len(cards) + len(board) < 5:
        return None
    return str(evaluate_high(tuple(cards) + tuple(board)))


def _hand_value(cards: tuple[int, ...], board: tuple[int, ...]) -> HandParts | None:
    """The best hand as `{"category", "ranks"}` (PROTOCOL `hand`), None before five cards."""
    return cast(HandParts, hand_parts(Game.HOLDEM, cards, board)) or None


def _without_last(rnd: Any) -> Any:
    from pokerroom.core.uth import replay

    record = rnd.record
    return replay(type(record)(config=record.config, seats=record.seats, deck=record.deck,
                               actions=record.actions[:-1]))
