"""Run an Ultimate Texas Hold'em scenario (SCENARIOS.md, `table.game: uth`, `round:` steps).

Steps: `sit` (names a seat), `leave`, `round` (bets, cards, decisions, expect), `refused`
wrapping a `round` (its bets must be refused, optionally citing `rule`), `expect` (stacks).
A decision in a round is "play N", "check" or "fold", or `{refused: "play 3", rule: U-PLAY-2}`.
Cards not given are dealt from the rest of the deck in code order (U-DEAL-1 shuffler order:
board, players by seat, dealer).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pokerroom.core.cards import parse_cards, to_codes
from pokerroom.core.errors import PokerRoomError, RuleViolationError
from pokerroom.core.uth import Check, Fold, PlaceBets, Play, Round, UthConfig, start_round
from pokerroom.core.uth.actions import Action
from pokerroom.scenarios.model import ScenarioFailure, ScenarioResult

_BET_KEYS = ("ante", "blind", "play", "trips")


class _Fail(Exception):
    def __init__(self, expected: str, actual: str, reason: str = "") -> None:
        super().__init__(reason)
        self.expected, self.actual, self.reason = expected, actual, reason


def _config(table: Mapping[str, Any]) -> UthConfig:
    stakes = dict(table.get("stakes") or {})
    options = dict(table.get("options") or {})
    kwargs: dict[str, int] = {k: int(v) for k, v in stakes.items()}
    if "chip_unit" in options:
        kwargs["chip_unit"] = int(options["chip_unit"])
    if "seats" in table:
        kwargs["seats"] = int(table["seats"])
    return UthConfig(**kwargs)


def _decision(seat: int, text: str) -> Action:
    verb, *rest = str(text).split()
    if verb == "play" and len(rest) == 1:
        return Play(seat=seat, multiple=int(rest[0]))
    if verb == "check" and not rest:
        return Check(seat=seat)
    if verb == "fold" and not rest:
        return Fold(seat=seat)
    raise _Fail("play N | check | fold", repr(text), "unknown decision")


class _Runner:
    def __init__(self, doc: Mapping[str, Any]) -> None:
        table = doc.get("table") or {}
        self.config = _config(table)
        self.seats: dict[str, int] = {}
        self.stacks: dict[str, int] = {}

    def seat_of(self, player: str) -> int:
        if player not in self.seats:
            free = [s for s in range(self.config.seats) if s not in self.seats.values()]
            if not free:
                raise _Fail("a free seat", "table full", f"cannot seat {player}")
            self.seats[player] = free[0]
            self.stacks.setdefault(player, 0)
        return self.seats[player]

    def build_deck(self, cards: Mapping[str, str], seats: list[tuple[int, str]]) -> tuple[int, ...]:
        given = {k: to_codes(parse_cards(str(v))) for k, v in cards.items()}
        used = [c for codes in given.values() for c in codes]
        if len(set(used)) != len(used):
            raise _Fail(
                "distinct cards", " ".join(map(str, cards.values())), "a card is given twice"
            )
        rest = iter(c for c in range(52) if c not in set(used))

        def take(key: str, n: int) -> list[int]:
            mine = list(given.get(key, ()))
            if len(mine) > n:
                raise _Fail(f"{n} cards for {key}", str(len(mine)))
            return mine + [next(rest) for _ in range(n - len(mine))]

        order = take("board", 5)
        for _, name in seats:
            order += take(name, 2)
        order += take("dealer", 2)
        order += list(rest)
        return tuple(order)

    def round(
        self, spec: Mapping[str, Any], refusal: tuple[bool, str | None] = (False, None)
    ) -> None:
        bets: Mapping[str, Mapping[str, int]] = spec.get("bets") or {}
        named = [(self.seat_of(p), p) for p in bets]
        named.sort()
        for player in spec.get("cards") or {}:
            if player not in ("board", "dealer") and player not in bets:
                raise _Fail("cards only for players with bets", player)
        deck = self.build_deck(spec.get("cards") or {}, named)
        rnd = start_round(self.config, [s for s, _ in named], deck)
        refused, rule = refusal
        for seat, player in named:
            bet = bets[player] or {}
            action = PlaceBets(
                seat=seat, ante=int(bet.get("ante", 0)), trips=int(bet.get("trips", 0))
            )
            try:
                rnd.apply(action)
            except RuleViolationError as err:
                if refused:
                    if rule and err.rule_id != rule:
                        raise _Fail(
                            f"refused citing {rule}", f"refused citing {err.rule_id}"
                        ) from err
                    return
                raise _Fail("bets accepted", f"refused: {err}") from err
        if refused:
            raise _Fail("bets refused", "bets accepted")
        self.decide(rnd, spec.get("decisions") or {}, named)
        self.check(rnd, spec.get("expect") or {}, named)
        for seat, player in named:
            self.stacks[player] = self.stacks.get(player, 0) + rnd.settlement(seat).net

    def decide(
        self, rnd: Round, decisions: Mapping[str, list[Any]], named: list[tuple[int, str]]
    ) -> None:
        queues = {p: list(decisions.get(p) or []) for _, p in named}
        name_of = {s: p for s, p in named}
        while not rnd.is_over:
            for seat in rnd.to_decide():
                player = name_of[seat]
                while True:
                    if not queues[player]:
                        raise _Fail(f"a {rnd.phase} decision for {player}", "none left")
                    item = queues[player].pop(0)
                    if isinstance(item, Mapping) and "refused" in item:
                        action = _decision(seat, item["refused"])
                        try:
                            rnd.apply(action)
                        except RuleViolationError as err:
                            want = item.get("rule")
                            if want and err.rule_id != want:
                                raise _Fail(
                                    f"refused citing {want}", f"refused citing {err.rule_id}"
                                ) from err
                            continue
                        raise _Fail(f"{player}: {item['refused']} refused", "accepted")
                    try:
                        rnd.apply(_decision(seat, item))
                    except RuleViolationError as err:
                        raise _Fail(f"{player}: {item} accepted", f"refused: {err}") from err
                    break
        left = {p: q for p, q in queues.items() if q}
        if left:
            raise _Fail("every decision used", f"unused decisions {left}")

    def check(self, rnd: Round, expect: Mapping[str, Any], named: list[tuple[int, str]]) -> None:
        problems: list[str] = []
        first = rnd.settlement(named[0][0])
        if (
            "dealer_qualifies" in expect
            and bool(expect["dealer_qualifies"]) != first.dealer_qualifies
        ):
            problems.append(
                f"dealer_qualifies {expect['dealer_qualifies']} != {first.dealer_qualifies}"
            )
        if "dealer_hand" in expect and str(expect["dealer_hand"]) != str(rnd.dealer_hand()):
            problems.append(f"dealer_hand {expect['dealer_hand']!r} != {str(rnd.dealer_hand())!r}")
        for seat, player in named:
            want = expect.get(player)
            if not want:
                continue
            got = rnd.settlement(seat)
            for key, value in want.items():
                if key in _BET_KEYS:
                    actual: object = next((b.net for b in got.bets if b.bet.value == key), None)
                elif key == "net":
                    actual = got.net
                elif key == "outcome":
                    actual = got.outcome.value
                elif key == "hand":
                    actual = str(rnd.hand_of(seat))
                elif key == "rounded_off":
                    actual = str(sum((b.rounded_off for b in got.bets), start=0))
                    value = str(value)
                else:
                    problems.append(f"{player}: unknown key {key}")
                    continue
                if actual != value:
                    problems.append(f"{player}.{key}: expected {value!r}, got {actual!r}")
        if problems:
            raise _Fail("; ".join(problems), "see reason", "round result differs")

    def expect(self, spec: Mapping[str, Any]) -> None:
        stacks = spec.get("stacks") or {}
        wrong = {p: self.stacks.get(p) for p, v in stacks.items() if self.stacks.get(p) != v}
        if wrong:
            raise _Fail(f"stacks {dict(stacks)}", f"stacks {wrong}")


def run_uth_scenario(doc: dict[str, Any], path: str) -> ScenarioResult:
    """Run one UTH scenario document; the failures say which step broke and how."""
    name = str(doc.get("name", path))
    failures: list[ScenarioFailure] = []
    try:
        runner = _Runner(doc)
    except PokerRoomError as err:
        return ScenarioResult(
            file=path, name=name,
            failures=(ScenarioFailure(file=path, step="table", expected="a valid uth table", actual=str(err)),),
        )  # fmt: skip
    for index, step in enumerate(doc.get("steps") or [], start=1):
        kind = next(iter(step), "?") if isinstance(step, Mapping) else "?"
        label = f"{index} ({kind})"
        try:
            if kind == "sit":
                spec = step["sit"]
                runner.seats[str(spec["player"])] = int(spec["seat"])
                runner.stacks[str(spec["player"])] = int(spec.get("buy_in", 0))
            elif kind == "leave":
                player = str(step["leave"]["player"])
                runner.seats.pop(player, None)
            elif kind == "round":
                runner.round(step["round"])
            elif kind == "refused":
                spec = step["refused"]
                if "round" not in spec:
                    raise _Fail("refused: {round: ...}", str(spec), "unsupported refusal in uth")
                runner.round(spec["round"], (True, spec.get("rule")))
            elif kind == "expect":
                runner.expect(step["expect"])
            else:
                raise _Fail("sit | leave | round | refused | expect", kind, "unknown uth step")
        except _Fail as fail:
            failures.append(
                ScenarioFailure(
                    file=path,
                    step=label,
                    expected=fail.expected,
                    actual=fail.actual,
                    reason=fail.reason,
                )
            )
        except (PokerRoomError, KeyError, TypeError, ValueError) as err:
            failures.append(
                ScenarioFailure(file=path, step=label, expected="a valid step", actual=repr(err))
            )
    return ScenarioResult(file=path, name=name, failures=tuple(failures))
