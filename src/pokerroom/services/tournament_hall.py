"""The room's tournaments: a director per running or open tournament, the schedule, the
action clock, and the per-viewer pictures sent to the players who follow a tournament.

Each room `[[tournaments]]` spec has one open instance `<id>-<n>` at a time: a sit & go
that starts opens the next one when it `repeat`s; a scheduled one ("every N minutes",
"HH:MM" UTC) opens the next when it starts. After a restart every unfinished instance is
restored by its director (hands in progress void). A player who does not act within the
action time is away (R-TOURN-5) until they say they are back. After each hand a table
rests `between_hands_s` (the finished hand on the felt, R-SD-5 shows; the director).

The hall holds no socket: after every change it publishes through the fan-out
(services.fanout), like a table runner: each entrant's own picture (their table and hand
from the core's per-seat view) on their account channel, and the picture without a player
(the summary) on `tournament:<id>` for everyone else following it.

Under `serve --cluster` each node's hall runs the directors whose lease its node holds
(services.tournament_cluster, `remote`): that node restores and opens instances, and a
command for a tournament another node runs is forwarded to it; the listing adds the
summaries the other nodes announce.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from typing import Any

from pokerroom.core import rules
from pokerroom.core.errors import PokerRoomError, RuleViolationError
from pokerroom.services import clock
from pokerroom.services.actor import ActorStoppedError
from pokerroom.services.fanout import (
    FanOut,
    LocalFanOut,
    account_channel,
    tournament_channel,
    tournament_table_channel,
)
from pokerroom.services.operators import Operator, log_entry
from pokerroom.services.outbound import Frame, Tournament, TournamentTableView, encode
from pokerroom.services.outbound_parts import TournamentPicture, TournamentSummary
from pokerroom.services.refusal import RefusedError
from pokerroom.services.tournament_chat import publish_chat
from pokerroom.services.tournament_director import (
    START_AT,
    TournamentDirector,
    account_of,
    stored_tournaments,
)
from pokerroom.services.tournament_view import (
    tournament_summary,
    viewer_picture,
    watcher_table,
)
from pokerroom.storage.database import Database
from pokerroom.storage.fencing import FencedError

log = logging.getLogger("pokerroom.tournaments")
OPEN = ("registering", "running", "on_break", "hand_for_hand")


def next_start_ms(start: str, now: datetime) -> int:
    """Milliseconds from `now` to a scheduled start ("every N minutes" or daily "HH:MM")."""
    if start.startswith("every "):
        minutes = int(start.split()[1])
        epoch_min = int(now.timestamp() // 60)
        nxt = (epoch_min // minutes + 1) * minutes
        return int(nxt * 60_000 - now.timestamp() * 1000)
    hour, minute = (int(x) for x in start.split(":"))
    at = now.replace(hour=hour, minute=minute, second=0, microsecond=0)
    if at <= now:
        at += timedelta(days=1)
    return int((at - now).total_seconds() * 1000)


class TournamentHall:
    def __init__(
        self,
        db: Database,
        specs: tuple[Mapping[str, Any], ...],
        *,
        decks: Any,
        action_ms: int = 15_000,
        tick_s: float = 0.1,
        client_seeds: Any = None,
        fanout: FanOut | None = None,
        seal: Any = None,
        between_hands_s: float = 2.0,
        time_bank_ms: int = 0,
    ) -> None:
        self.db = db
        self.between_hands_s = between_hands_s
        self.time_bank_ms = time_bank_ms
        self.specs = {str(s["id"]): dict(s) for s in specs}
        self.decks = decks
        self.action_ms = action_ms
        self.client_seeds = client_seeds  # the players' seeds for the fair deal (FAIRNESS.md)
        self.seal = seal  # seals each deal's server seed in its start row (services.seal)
        self.tick_s = tick_s
        self.directors: dict[str, TournamentDirector] = {}
        self.fanout: FanOut = fanout if fanout is not None else LocalFanOut()
        # (tournament, table) -> the watchers' picture last sent there (_publish_watched)
        self._watched: dict[tuple[str, int], str] = {}
        # Tournaments an operator is cancelling: the clock leaves them alone (their status
        # reads "cancelled" before the director has stored it; stopping the director then
        # would cut its transaction and leave the console's request unanswered).
        self._cancelling: set[str] = set()
        self._task: asyncio.Task[None] | None = None
        # On a cluster node (services.tournament_cluster.TournamentNode): forwards commands
        # for the tournaments other nodes run, opens instances once, releases leases.
        self.remote: Any = None
        self.draining = False

    # ------------------------------------------------------------------ life
    async def start(self) -> None:
        rows = await stored_tournaments(self.db)
        counts: dict[str, int] = {}
        for row in rows:
            base, _, number = row.id.rpartition("-")
            if not number.isdigit():
                continue  # not one of the room's instances
            counts[base] = max(counts.get(base, 0), int(number))
            if row.status in OPEN:
                # restored with its own stored spec, even if the room file changed since
                await self._open(base, row.id, json.loads(row.spec))
        for base in self.specs:
            if not self._has_open(base):
                await self._open(base, f"{base}-{counts.get(base, 0) + 1}")
        self.start_clock()

    def start_clock(self) -> None:
        """The clock alone (a cluster node's directors come from its leases)."""
        self._task = asyncio.get_running_loop().create_task(self._loop(), name="tournaments")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except (asyncio.CancelledError, Exception):  # noqa: BLE001
                pass
        for d in self.directors.values():
            await d.stop_actor()

    async def _open(
        self, base: str, tid: str, spec: dict[str, Any] | None = None, *,
        void_reason: str | None = None,
    ) -> TournamentDirector:
        spec = dict(spec if spec is not None else self.specs[base])
        start = str(spec.get("start", "when_full"))
        if start != "when_full" and START_AT not in spec:
            # The start as a wall-clock time, stored with the spec: a restored instance keeps
            # it (its tournament time does not run while the room is down, so it cannot be
            # measured in that), and one whose start passed while the room was down starts.
            wall = clock.now_ms()
            spec[START_AT] = wall + next_start_ms(start, datetime.fromtimestamp(wall / 1000, UTC))
        d = TournamentDirector(self.db, tid, {**spec, "id": tid}, decks=self.decks,
                               client_seeds=self.client_seeds, seal=self.seal,
                               between_hands_ms=int(self.between_hands_s * 1000),
                               action_ms=self.action_ms, time_bank_ms=self.time_bank_ms)  # fmt: skip
        await (d.open() if void_reason is None else d.open(void_reason))
        d.start_actor()
        self.directors[tid] = d
        return d

    async def drop(self, tid: str) -> None:
        """Stop running `tid` here (a cluster node lost its lease or is stopping)."""
        d = self.directors.pop(tid, None)
        if d is not None:
            await d.stop_actor()

    def drain(self) -> None:
        """A graceful stop: no director deals a new hand (or starts); the hands end."""
        self.draining = True  # (a cluster node takes no other tournament meanwhile)
        for d in self.directors.values():
            d.draining = True

    def busy(self) -> bool:
        return any(d.live for d in self.directors.values())

    def longest_rest_ms(self) -> int:
        """The longest the hands in progress can still take: each player dealt in lets the
        clock run once at most, since from then on they are away and played for at once
        (R-TOURN-5)."""
        return max((len(live.accounts) * (self.action_ms + self.time_bank_ms)
                    for d in self.directors.values()
                    for live in d.live.values()), default=0)

    async def _restore(self, tid: str, d: TournamentDirector) -> None:
        """A hand's end could not be stored: the director here is ahead of the database. It
        stops; a single node restores the tournament from the store at once (the hand voided,
        as after a restart), a cluster node gives its lease up for whoever takes it next."""
        log.warning("tournament %s: a hand's end was not stored (%s): restored from the "
                    "database", tid, d.broken)
        self.directors.pop(tid, None)
        await d.stop_actor()
        if self.remote is not None:
            await self.remote.lost(tid)
        else:
            await self._open(tid.rsplit("-", 1)[0], tid, d.spec)
            self.publish(tid)

    def _forwarded(self, tid: str) -> bool:
        """A tournament another node of the cluster runs (its commands go there)."""
        return self.remote is not None and tid not in self.directors

    def _has_open(self, base: str) -> bool:
        return any(
            d.id.rsplit("-", 1)[0] == base and d.t.status == "registering"
            for d in self.directors.values()
        )

    def director(self, tid: str) -> TournamentDirector:
        d = self.directors.get(tid)
        if d is None:
            raise RefusedError("unknown_tournament", f"no tournament {tid!r}")
        return d

    # ------------------------------------------------------------ the clock
    async def _loop(self) -> None:
        while True:
            await asyncio.sleep(self.tick_s)
            for tid, d in list(self.directors.items()):
                try:
                    await self._tick(tid, d)
                except Exception:  # a bug in one tournament must not stop the others
                    log.exception("tournament %s", tid)

    async def _tick(self, tid: str, d: TournamentDirector) -> None:
        if d.broken is not None:
            await self._restore(tid, d)
            return
        if tid in self._cancelling:
            return
        if d.t.status == "registering" and d.config.sit_and_go:
            return  # nothing happens to an open sit & go but registrations
        events = await d.step()
        for entry in d.expired():  # the action clock, with the time bank (the director's)
            events += await d.timeout(entry)
        base, number = tid.rsplit("-", 1)
        # (a cluster opens the next instance once, from its leases: TournamentNode)
        if d.t.status != "registering" and base in self.specs and self.remote is None:
            repeats = self.specs[base].get("repeat") or d.config.start_ms is not None
            if repeats and not self._has_open(base):
                await self._open(base, f"{base}-{int(number) + 1}")
        if tid in self._cancelling:
            return  # checked again: a cancel may have begun while this tick waited
        if d.t.status in ("finished", "cancelled"):
            self.publish(tid)
            self.directors.pop(tid, None)
            await d.stop_actor()
            if self.remote is not None:
                await self.remote.closed(tid)
            return
        if events:
            self.publish(tid)

    # ------------------------------------------------------------- commands
    async def register(self, tid: str, account_id: int) -> None:
        if self._forwarded(tid):
            return await self.remote.forward(tid, "register", [account_id])
        await self._refusing(self.director(tid).register(account_id))
        self.publish(tid)

    async def unregister(self, tid: str, account_id: int) -> None:
        if self._forwarded(tid):
            return await self.remote.forward(tid, "unregister", [account_id])
        await self._refusing(self.director(tid).unregister(account_id))
        self.publish(tid)

    async def act(self, tid: str, account_id: int, hand_number: int, action: str,
                  amount: int | None) -> None:  # fmt: skip
        if self._forwarded(tid):
            return await self.remote.forward(tid, "act",
                                             [account_id, hand_number, action, amount])
        d = self.director(tid)
        entry = _playing(d, account_id)
        table = d.t.table_of(entry)
        hand = table.hand
        if hand is None and action == "show":  # after the hand (R-SD-5)
            await self._refusing(d.show(entry, hand_number))
            self.publish(tid)
            return
        if hand is None or table.hand_number != hand_number:
            raise RefusedError("stale", "that hand is over", rule="R-BET-10")
        seat = table.seat_of(entry)
        await self._refusing(d.act(entry, _action(seat, action, amount)))
        self.publish(tid)

    async def deal(self, tid: str, account_id: int, answer: str) -> None:
        """`ask` for the ICM deal (2-4 players left), or `accept` / `decline` the one offered."""
        if self._forwarded(tid):
            return await self.remote.forward(tid, "deal", [account_id, answer])
        d = self.director(tid)
        entry = _playing(d, account_id)
        if answer == "ask":
            await self._refusing(d.request_deal(entry))
        else:
            await self._refusing(d.answer_deal(entry, answer == "accept"))
        self.publish(tid)

    # ------------------------------------------------------------ the console
    async def create(self, spec: Mapping[str, Any]) -> str:
        """A one-off tournament from the operator's console, kept in the database like the
        room's (restored after a restart with its stored spec, never repeated); its id is
        `<slug of its name>-<n>`. Refused (RefusedError naming the field) if the spec is not
        a valid tournament or its name is the room file's."""
        from pokerroom.core.errors import InvalidConfigError

        if spec.get("repeat"):
            raise RefusedError("bad_tournament", "a tournament from the console runs once "
                               "(repeating ones belong in the room file)")
        base = re.sub(r"[^a-z0-9]+", "-", str(spec.get("name", "")).lower()).strip("-")
        if not base or base in self.specs:
            raise RefusedError("bad_tournament", f"the name gives the id {base!r}, which the "
                               "room file uses (choose another name)")
        stored = [row.id for row in await stored_tournaments(self.db)]
        taken = [int(n) for b, _, n in (i.rpartition("-") for i in stored)
                 if b == base and n.isdigit()]
        tid = f"{base}-{max(taken, default=0) + 1}"
        once = {k: v for k, v in spec.items() if k != "repeat"}
        try:
            if self.remote is not None:  # its lease first: one node runs it
                if not await self.remote.open_new(base, tid, once):
                    raise RefusedError("bad_tournament", f"{tid} was just created; try again")
            else:
                await self._open(base, tid, once)
        except (InvalidConfigError, ValueError, TypeError) as exc:
            raise RefusedError("bad_tournament", str(exc)) from None
        self.publish(tid)
        return tid

    async def cancel(self, tid: str, operator: tuple[int | None, str], reason: str
                     ) -> dict[str, Any]:
        """Cancel a tournament (R-TOURN-12, through its director: before the start every entry
        is refunded; running, the pool not yet paid goes to the players left), the operator's
        log entry (`operator`: id and name) in the same transaction. Returns its status
        before and after."""
        if self._forwarded(tid):
            answer: dict[str, Any] = await self.remote.forward(
                tid, "cancel", [list(operator), reason])
            return answer
        d = self.director(tid)
        before_status = d.t.status
        who = Operator(id=operator[0], name=operator[1])

        def also(session: Any, events: list[Any]) -> None:
            payouts = [list(p) for e in events for p in getattr(e, "payouts", ())]
            log_entry(session, who, "cancel_tournament", f"tournament:{tid}",
                      {"status": before_status}, {"status": "cancelled", "payouts": payouts},
                      reason)

        before = d.t.status
        self._cancelling.add(tid)
        try:
            events = await self._refusing(d.cancel(also))
        finally:
            self._cancelling.discard(tid)
        payouts = [list(p) for e in events for p in getattr(e, "payouts", ())]
        self.publish(tid)
        return {"before": before, "after": d.t.status, "payouts": payouts}

    async def back(self, tid: str, account_id: int) -> None:
        """An away player is back (R-TOURN-5): the table waits for their decisions again."""
        if self._forwarded(tid):
            return await self.remote.forward(tid, "back", [account_id])
        d = self.director(tid)
        await self._refusing(d.back(_playing(d, account_id)))
        self.publish(tid)

    async def sit_out(self, tid: str, account_id: int) -> None:
        """The player sits out by their own word (R-TOURN-5): away until `back`, also
        across reconnections."""
        if self._forwarded(tid):
            return await self.remote.forward(tid, "sit_out", [account_id])
        d = self.director(tid)
        await self._refusing(d.sit_out(_playing(d, account_id)))
        self.publish(tid)

    async def chat(self, tid: str, account_id: int, name: str, table: int, text: str,
                   watching: bool = False) -> None:
        """A chat line at table `table` (services.tournament_chat); `watching`: the sender's
        socket watches that table."""
        if self._forwarded(tid):
            return await self.remote.forward(tid, "chat",
                                             [account_id, name, table, text, watching])
        publish_chat(self.fanout, self.director(tid), table, account_id, name, text,
                     watching=watching)

    def tables_of(self, tid: str) -> set[int]:
        """The numbers of the tournament's tables now, wherever it runs (refused when there
        is no such tournament)."""
        if self._forwarded(tid) and tid in self.remote.rows:
            players = self.remote.rows[tid].get("players") or []
            return {p["table"] for p in players if p.get("table") is not None}
        return set(self.director(tid).t.tables)

    async def absent(self, account_id: int) -> None:
        """The account's last connection closed: it is away at once in every tournament it
        is still in (R-TOURN-5), so its turns are played for it (blinds and antes posted,
        check or fold) instead of each waiting for the action clock. On a cluster every
        node does it for the tournaments it runs, once no node holds a socket of it
        (services.tournament_presence)."""
        if self.remote is not None and not await self.remote.socket_closed(account_id):
            return  # another node still holds a socket of it
        await self.absent_here(account_id)

    async def absent_here(self, account_id: int) -> None:
        for tid, d in list(self.directors.items()):
            entry = _entry_of(d, account_id)
            if entry is None or entry in d.t.away or tid in self._cancelling or d.stopped:
                continue
            try:
                await d.gone(entry)
            except (RuleViolationError, ActorStoppedError):  # it ended or stopped meanwhile
                continue
            except Exception:  # one tournament's trouble must not keep the others waiting
                log.exception("tournament %s: marking %s away", tid, entry)
                continue
            self.publish(tid)

    async def present(self, account_id: int) -> None:
        """The account connected again: back in every tournament where it was away (as
        `tournament_back` does), except where it sat out by its own word
        (`tournament_sit_out`); the table waits for its decisions again."""
        if self.remote is not None:
            await self.remote.socket_opened(account_id)
        await self.present_here(account_id)

    async def present_here(self, account_id: int) -> None:
        for tid, d in list(self.directors.items()):
            entry = _entry_of(d, account_id)
            if entry is None or entry not in d.t.away or tid in self._cancelling or d.stopped:
                continue
            if entry in d.t.sitting_out:  # away by their own word: back by it alone
                continue
            try:
                await d.back(entry)
            except (RuleViolationError, ActorStoppedError):
                continue
            except Exception:  # as in absent()
                log.exception("tournament %s: bringing %s back", tid, entry)
                continue
            self.publish(tid)

    async def _refusing(self, work: Any) -> Any:
        try:
            return await work
        except RuleViolationError as exc:
            raise RefusedError("refused", exc.reason, rule=exc.rule_id) from None
        except RefusedError:
            raise
        except FencedError:  # this node lost the tournament meanwhile
            raise RefusedError("unavailable", "the tournament is moving to another server; "
                               "try again in a few seconds") from None
        except PokerRoomError as exc:  # e.g. the wallet cannot pay buy-in and fee
            raise RefusedError("refused", str(exc), rule="R-TOURN-1") from None

    # ----------------------------------------------------------- pictures
    async def follow(self, tid: str, account_id: int | None) -> Tournament | Frame:
        """The picture a client gets when it starts following `tid` (the gateway subscribes
        it to `tournament_channel(tid)` for the ones after); from another node of a cluster,
        the frame its owner built for that one viewer."""
        if self._forwarded(tid):
            return Frame(str(await self.remote.forward(tid, "follow", [account_id])))
        return _message(tid, viewer_picture(self.director(tid), account_id))

    def publish(self, tid: str) -> None:
        d = self.directors.get(tid)
        if d is None or d.broken is not None:  # (never a state the database does not have)
            return
        summary = tournament_summary(d)
        own = set()
        for account in sorted({account_of(e) for e in d.t.entries}):
            channel = account_channel(account)
            if self.fanout.wants(channel):
                self.fanout.publish(channel, _message(tid, viewer_picture(d, account, summary)))
                own.add(account)
        channel = tournament_channel(tid)
        if self.fanout.wants(channel):  # the entrants got their own picture
            self.fanout.publish(channel, _message(tid, viewer_picture(d, None, summary)),
                                skip=own)  # fmt: skip
        self._publish_watched(d)
        if self.remote is not None:
            self.remote.changed(tid)  # the other nodes' listings

    async def watch(self, tid: str, table: int) -> TournamentTableView | Frame:
        """Table `table` as its watchers see it now: the picture a socket gets when it starts
        watching (the gateway subscribes it to the table's channel for the ones after)."""
        if self._forwarded(tid):
            return Frame(str(await self.remote.forward(tid, "watch", [table])))
        picture = watcher_table(self.director(tid), table)
        if picture is None:
            raise RefusedError("no_table", f"tournament {tid} has no table {table} now")
        return TournamentTableView(tournament=tid, table=table, view=picture)

    def _publish_watched(self, d: TournamentDirector) -> None:
        """Each table of `d` as its watchers see it, on the table's channel (where the
        sockets watching it listen), when it changed since the last picture sent there."""
        tables = d.t.tables
        for key in [k for k in self._watched if k[0] == d.id and k[1] not in tables]:
            del self._watched[key]
        for number in sorted(tables):
            channel, key = tournament_table_channel(d.id, number), (d.id, number)
            if not self.fanout.wants(channel):
                self._watched.pop(key, None)
                continue
            picture = watcher_table(d, number)
            assert picture is not None  # (a table of d.t.tables)
            frame = encode(TournamentTableView(tournament=d.id, table=number, view=picture))
            if self._watched.get(key) != frame.text:
                self._watched[key] = frame.text
                self.fanout.publish(channel, frame)

    def listing(self) -> list[TournamentSummary]:
        here = [tournament_summary(d) for d in self.directors.values()]
        if self.remote is None:
            return here
        elsewhere = [row for tid, row in self.remote.rows.items() if tid not in self.directors]
        return sorted(here + elsewhere, key=lambda row: str(row["id"]))

    def status_of(self, tid: str) -> str:
        """The tournament's status, wherever it runs (refused when there is none)."""
        if self._forwarded(tid) and tid in self.remote.rows:
            return str(self.remote.rows[tid]["status"])
        return self.director(tid).t.status


def _message(tid: str, view: TournamentPicture) -> Tournament:
    return Tournament(tournament=tid, view=view)


def _entry_of(d: TournamentDirector, account_id: int) -> str | None:
    """The account's entry still in a tournament that has not ended, if any."""
    if d.t.status in ("finished", "cancelled"):
        return None
    return next((e.entry for e in d.t.entries.values()
                 if account_of(e.entry) == account_id and not e.busted), None)  # fmt: skip


def _playing(d: TournamentDirector, account_id: int) -> str:
    """The account's entry still in the tournament (refused when there is none)."""
    entry = next((e.entry for e in d.t.entries.values()
                  if account_of(e.entry) == account_id and not e.busted), None)  # fmt: skip
    if entry is None:
        raise RefusedError("not_in_tournament", "you are not playing in this tournament")
    return entry


def _action(seat: int, verb: str, amount: int | None) -> rules.Action:
    if verb == "fold":
        return rules.Fold(seat=seat)
    if verb == "check":
        return rules.Check(seat=seat)
    if verb == "call":
        return rules.Call(seat=seat)
    if verb in ("bet", "raise", "complete") and amount is not None:
        kind = {"bet": rules.Bet, "raise": rules.RaiseTo, "complete": rules.Complete}[verb]
        return kind(seat=seat, amount=amount)
    if verb == "bring_in":
        return rules.BringIn(seat=seat)
    if verb == "show":
        return rules.ShowCards(seat=seat)
    if verb == "muck":
        return rules.MuckCards(seat=seat)
    raise RefusedError("bad_action", f"unknown action {verb!r}", rule="R-BET-10")
