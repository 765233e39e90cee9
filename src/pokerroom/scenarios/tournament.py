"""Tournament scenarios (SCENARIOS.md, `tournament:` block): registration, an arranged or
drawn start, scripted hands at any table, the clock, and what must hold afterwards.

A hand's remaining decisions after its listed `actions` are check-or-fold (as for an
absent player, R-TOURN-5) unless the step says `finish: false`, which leaves the hand
running (to play hands at two tables at once, for hand-for-hand).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from pokerroom.core import rules
from pokerroom.core.cards import parse_cards, to_codes
from pokerroom.core.errors import PokerRoomError, RuleViolationError
from pokerroom.core.table import engine
from pokerroom.core.tournament import Tournament, parse_tournament
from pokerroom.core.tournament.events import Cancelled, Moved, TableBroken, TournamentEvent
from pokerroom.scenarios.hand_step import parse_action
from pokerroom.scenarios.model import ScenarioFailure, ScenarioResult

STEPS = {"register", "unregister", "start", "clock", "hand", "act", "away", "back", "rebuy",
         "add_on", "cancel", "offer_deal", "accept_deal", "decline_deal", "refused",
         "expect"}  # fmt: skip


class _Failed(Exception):
    pass


class TournamentRunner:
    def __init__(self, path: str, t: Tournament) -> None:
        self.path = path
        self.t = t
        self.now_ms = 0
        self.failures: list[ScenarioFailure] = []
        self.events: list[TournamentEvent] = []  # since the last `expect`
        self.deal_offer: dict[str, int] = {}

    def fail(self, step: str, expected: object, actual: object, reason: str = "") -> None:
        self.failures.append(ScenarioFailure(file=self.path, step=step, expected=str(expected),
                                             actual=str(actual), reason=reason))  # fmt: skip

    def step(self, index: int, step: Any) -> bool:
        label = str(index)
        if not isinstance(step, dict) or len(step) != 1:
            self.fail(label, "one command per step", step)
            return False
        ((key, body),) = step.items()
        label = f"{index} ({key})"
        try:
            if key == "refused":
                return self.refused(label, body)
            if key == "expect":
                self.expect(label, body or {})
                self.events = []
            else:
                self.command(key, body or {})
            return not self.failures
        except RuleViolationError as exc:
            self.fail(label, "the command to be accepted", f"refused {exc.rule_id}: {exc.reason}")
        except _Failed:
            pass
        except (PokerRoomError, KeyError, ValueError, TypeError, AssertionError) as exc:
            self.fail(label, "a valid step", f"{type(exc).__name__}: {exc}")
        return False

    def command(self, key: str, body: Any) -> None:
        t = self.t
        if key not in STEPS:
            raise ValueError(f"unknown step {key!r}")
        out: list[TournamentEvent] = []
        if key == "register":
            names = body if isinstance(body, list) else [body["player"]]
            for name in names:
                out += t.register(str(name), self.now_ms)
        elif key == "unregister":
            out += t.unregister(str(body["player"]))
        elif key == "start":
            seating = body.get("seating")
            out += t.start(
                self.now_ms,
                seating={str(k): (int(v[0]), int(v[1])) for k, v in seating.items()}
                if seating else None,
                buttons={int(k): int(v) for k, v in (body.get("buttons") or {}).items()} or None,
                stacks={str(k): int(v) for k, v in (body.get("stacks") or {}).items()} or None,
            )  # fmt: skip
        elif key == "clock":
            self.now_ms += int(body.get("minutes", 0)) * 60_000 + int(body.get("seconds", 0)) * 1000
            out += t.tick(self.now_ms)
        elif key == "hand":
            out += self.hand(body)
        elif key == "act":
            out += self.actions(int(body["table"]), body.get("actions") or [])
            if body.get("finish", True):
                out += self.finish(int(body["table"]))
        elif key in ("away", "back"):
            t.set_away(str(body["player"]), key == "away")
        elif key == "rebuy":
            out += t.rebuy(str(body["player"]))
        elif key == "add_on":
            out += t.add_on(str(body["player"]))
        elif key == "cancel":
            out += t.cancel()
        elif key == "offer_deal":
            out += t.offer_deal()
            assert t._deal is not None
            self.deal_offer = dict(t._deal)
        elif key == "accept_deal":
            out += t.accept_deal(str(body["player"]))
        elif key == "decline_deal":
            out += t.decline_deal(str(body["player"]))
        self.events += out

    def hand(self, body: Mapping[str, Any]) -> list[TournamentEvent]:
        t = self.t
        number = int(body.get("table", 1))
        if number not in t.tables:
            raise ValueError(f"table {number} does not exist")
        table = t.tables[number]
        pos = t.next_positions(number) if t.can_deal(number) else None
        dealt = [i for i, p in enumerate(table.seats) if p is not None and t.entries[p].chips > 0]
        cards: dict[int, tuple[int, ...]] = {}
        board: tuple[int, ...] = ()
        for who, text in (body.get("cards") or {}).items():
            codes = tuple(to_codes(parse_cards(str(text))))
            if who == "board":
                board = codes
            else:
                cards[table.seat_of(str(who))] = codes
        game = rules.Game(t.config.game)
        deck = rules.arrange_deck(game, dealt, pos.button if pos else 0, cards, board)
        out = t.deal(number, deck, self.now_ms)
        self.check_start(number, body.get("expect_start") or {})
        if table.hand is None:
            return out
        out += self.actions(number, body.get("actions") or [])
        if body.get("finish", True):
            out += self.finish(number)
        return out

    def check_start(self, number: int, want: Mapping[str, Any]) -> None:
        table = self.t.tables.get(number)
        if table is None or table.last is None:
            return
        pos = table.last
        names = {
            "button": pos.button,
            "small_blind": table.seats[pos.small_blind] if pos.small_blind is not None else None,
            "big_blind": table.seats[pos.big_blind] if pos.big_blind is not None else None,
            "small_blind_seat": pos.small_blind_seat,
            "dealt_in": sorted(table.dealt.values()),
        }
        for key, value in want.items():
            got = names.get(key, "unknown key")
            if key == "dealt_in":
                value = sorted(map(str, value))
            if got != value:
                self.fail(f"hand at table {number}: expect_start {key}", value, got)
        if self.failures:
            raise _Failed

    def actions(self, number: int, actions: list[Any]) -> list[TournamentEvent]:
        out: list[TournamentEvent] = []
        table = self.t.tables[number]
        for item in actions:
            ((who, text),) = dict(item).items()
            hand = self.t.hand(number)
            seat = table.seat_of(str(who))
            out += self.t.act(number, str(who), parse_action(hand, seat, str(text)), self.now_ms)
        return out

    def finish(self, number: int) -> list[TournamentEvent]:
        """Check or fold every decision left, muck at the showdown."""
        out: list[TournamentEvent] = []
        table = self.t.tables.get(number)
        while table is not None and table.hand is not None:
            hand = table.hand
            seat = hand.to_act
            assert seat is not None
            _, action = engine.timeout_action(hand, seat)
            out += self.t.act(number, table.dealt[seat], action, self.now_ms)
        return out

    def refused(self, label: str, body: Any) -> bool:
        rule = body.get("rule") if isinstance(body, dict) else None
        inner = {k: v for k, v in body.items() if k != "rule"} if isinstance(body, dict) else {}
        if len(inner) != 1:
            self.fail(label, "one command to refuse", body)
            return False
        ((key, cmd),) = inner.items()
        before = self._snapshot()
        try:
            self.command(key, cmd or {})
        except RuleViolationError as exc:
            if rule is not None and exc.rule_id != rule:
                self.fail(
                    label, f"refused citing {rule}", f"refused citing {exc.rule_id}: {exc.reason}"
                )
            if self._snapshot() != before:
                self.fail(label, "nothing changed by the refusal", "the tournament changed")
            return not self.failures
        self.fail(label, f"refused ({rule or 'any rule'})", "accepted")
        return False

    def _snapshot(self) -> tuple[object, ...]:
        t = self.t
        return (
            t.status, t.prize_pool, t.fees, t.chips_in_play,
            tuple((e.entry, e.chips, e.rebuys, e.added_on, e.busted) for e in t.entries.values()),
            tuple((n, tuple(x.seats), x.hand_number) for n, x in t.tables.items()),
        )  # fmt: skip

    def expect(self, label: str, body: Mapping[str, Any]) -> None:
        t = self.t
        for key, want in body.items():
            got: Any
            if key == "status":
                got = t.status
            elif key == "places":
                got = {str(k): t.entries[str(k)].place for k in want}
                want = {str(k): v for k, v in want.items()}
            elif key == "prizes":
                got = {str(k): t.entries[str(k)].prize for k in want}
                want = {str(k): v for k, v in want.items()}
            elif key == "chips":
                got = {str(k): t.entries[str(k)].chips for k in want}
                want = {str(k): v for k, v in want.items()}
            elif key == "tables":
                got = {n: {s: p for s, p in enumerate(x.seats) if p is not None}
                       for n, x in t.tables.items()}  # fmt: skip
                want = {
                    int(n): {int(s): str(p) for s, p in seats.items()} for n, seats in want.items()
                }
            elif key == "counts":
                got = {n: x.count for n, x in t.tables.items()}
                want = {int(n): int(c) for n, c in want.items()}
            elif key == "moved":
                got = [
                    {"player": e.entry, "from": e.from_table, "to": e.to_table, "seat": e.seat}
                    for e in self.events
                    if isinstance(e, Moved)
                ]
                want = [dict(m) for m in want]
            elif key == "broken":
                got = [e.table for e in self.events if isinstance(e, TableBroken)]
            elif key == "level":
                got = t.level_number
            elif key == "blinds":
                lv = t.level
                got = {"small_blind": lv.small_blind, "big_blind": lv.big_blind, "ante": lv.ante}
            elif key == "prize_pool":
                got = t.prize_pool
            elif key == "fees":
                got = t.fees
            elif key == "entrants":
                got = len(t.entries)
            elif key == "can_deal":
                got = {int(n): t.can_deal(int(n)) for n in want}
                want = {int(n): bool(v) for n, v in want.items()}
            elif key == "cancel_payouts":
                last = [e for e in t.log if isinstance(e, Cancelled)]
                got = dict(last[-1].payouts) if last else {}
                want = {str(k): v for k, v in want.items()}
            elif key == "deal":
                got = self.deal_offer
                want = {str(k): v for k, v in want.items()}
            elif key == "total_chips":
                got = t.total_chips()
                if t.total_chips() != t.chips_in_play:
                    self.fail(
                        f"{label} chips", t.chips_in_play, t.total_chips(), "chips not conserved"
                    )
            else:
                self.fail(f"{label} {key}", "a known expectation key", key)
                continue
            if got != want:
                self.fail(f"{label} {key}", want, got)


def run_tournament_scenario(doc: Mapping[str, Any], path: str) -> ScenarioResult:
    name = str(doc.get("name", ""))
    spec = dict(doc.get("tournament") or {})
    spec.setdefault("id", "scenario")
    spec.setdefault("name", name or "scenario")
    start = spec.get("start", "when_full")
    start_ms = int(spec.pop("start_minutes", 0)) * 60_000 if start != "when_full" else None
    try:
        config = parse_tournament(spec, start_ms)
    except (PokerRoomError, ValueError, TypeError) as exc:
        failure = ScenarioFailure(file=path, step="tournament", expected="a valid tournament",
                                  actual=str(exc))  # fmt: skip
        return ScenarioResult(file=path, name=name, failures=(failure,))
    runner = TournamentRunner(path, Tournament(config, random.Random(int(doc.get("seed", 0)))))
    for index, step in enumerate(doc.get("steps") or [], start=1):
        if not runner.step(index, step):
            break
    return ScenarioResult(file=path, name=name, failures=tuple(runner.failures))
