"""Run scenario files (SCENARIOS.md): one table, commands and hands, and what must happen.

`run_paths(paths)` takes files or folders; a file whose `table.game` is `uth` goes to
`pokerroom.scenarios.uth.run_uth_scenario`. Every expectation that does not hold becomes a
ScenarioFailure with the file, the step, the expected and the actual value.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import yaml

from pokerroom.core.errors import PokerRoomError, RuleViolationError
from pokerroom.core.table import Table, TableConfig, TableStakes
from pokerroom.core.table.buyin import RoomMemory
from pokerroom.core.table.config import ClockConfig
from pokerroom.core.table.mixed import MIXES, ORBIT
from pokerroom.scenarios.hand_step import Mismatch, StepFailed, run_hand
from pokerroom.scenarios.model import ScenarioFailure, ScenarioResult

HAND_OPTIONS = {"reopen_rule", "limit_cap_heads_up", "max_raises", "rake_percent", "rake_cap",
                "no_flop_no_drop"}  # fmt: skip
STEP_KEYS = {"sit", "sit_out", "sit_in", "leave", "top_up", "clock", "refused", "hand", "round",
             "expect", "post_blind", "wait_for_big_blind"}  # fmt: skip


def scenario_files(paths: Iterable[str | Path]) -> list[Path]:
    found: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            found.extend(sorted(p for p in path.rglob("*") if p.suffix in (".yaml", ".yml")))
        else:
            found.append(path)
    return found


def run_paths(paths: Iterable[str | Path]) -> list[ScenarioResult]:
    return [run_file(p) for p in scenario_files(paths)]


def run_file(path: str | Path) -> ScenarioResult:
    name = str(path)
    try:
        doc = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        return _broken(name, "load", "a readable YAML scenario", str(exc))
    if not isinstance(doc, dict):
        return _broken(name, "load", "a mapping at the top", type(doc).__name__)
    return run_doc(doc, name)


def _broken(file: str, step: str, expected: str, actual: str, reason: str = "") -> ScenarioResult:
    failure = ScenarioFailure(file=file, step=step, expected=expected, actual=actual, reason=reason)
    return ScenarioResult(file=file, name="", failures=(failure,))


def run_doc(doc: Mapping[str, Any], path: str) -> ScenarioResult:
    if "tournament" in doc:
        from pokerroom.scenarios.tournament import run_tournament_scenario

        return run_tournament_scenario(doc, path)
    table_doc = doc.get("table") or {}
    if table_doc.get("game") == "uth":
        try:
            from pokerroom.scenarios.uth import run_uth_scenario
        except ImportError as exc:
            return _broken(path, "round", "a UTH scenario runner", "none",
                           f"round: unsupported ({exc})")  # fmt: skip
        return run_uth_scenario(dict(doc), path)
    name = str(doc.get("name", ""))
    try:
        table = Table(table_config(table_doc), RoomMemory())
    except (PokerRoomError, ValueError, TypeError) as exc:
        return _broken(path, "table", "a valid table", str(exc))
    runner = _Runner(path, table)
    for index, step in enumerate(doc.get("steps") or [], start=1):
        if not runner.step(index, step):
            break
    return ScenarioResult(file=path, name=name, failures=tuple(runner.failures))


def table_config(doc: Mapping[str, Any]) -> TableConfig:
    stakes = dict(doc.get("stakes") or {})
    options = dict(doc.get("options") or {})
    hand_options = tuple(sorted((k, v) for k, v in options.items() if k in HAND_OPTIONS))
    table_options = {k: v for k, v in options.items() if k not in HAND_OPTIONS}
    button = doc.get("button")
    mode = table_options.pop("button", None) or (button if isinstance(button, str) else "moving")
    clock = ClockConfig(
        action_ms=int(table_options.pop("action_ms", 15_000)),
        time_bank_ms=int(table_options.pop("time_bank_ms", 30_000)),
    )
    kwargs: dict[str, Any] = {}
    for key in ("chip_unit", "sit_out_orbits", "offer_ms"):
        if key in table_options:
            kwargs[key] = int(table_options.pop(key))
    if table_options:
        raise ValueError(f"unknown table options: {', '.join(sorted(table_options))}")
    game = str(doc.get("game", "holdem"))
    betting = str(doc.get("betting", "limit" if game in ("stud", "stud-hilo", "razz")
                          else "no-limit"))  # fmt: skip
    if game in MIXES:  # a mixed table (R-MIX-1): its games have their own betting
        if "betting" in doc:
            raise ValueError(f"betting: each game of {game} has its own; leave it out")
        kwargs["mix"], (game, betting) = game, MIXES[game].games[0]
        rotate = doc.get("rotate", "orbit")
        kwargs["rotate_every"] = ORBIT if rotate == "orbit" else int(rotate)
        if kwargs["rotate_every"] < 1 and rotate != "orbit":
            raise ValueError(f'rotate: "orbit" or a number of hands (1 or more), got {rotate!r}')
    return TableConfig(
        name=str(doc.get("name", "scenario")),
        game=game,
        betting=betting,
        stakes=TableStakes(**{k: int(v) for k, v in stakes.items()}),
        seats=int(doc.get("seats", 6)),
        button_mode=str(mode),
        first_button=button if isinstance(button, int) else None,
        options=hand_options,
        clock=clock,
        **kwargs,
    )


class _Runner:
    def __init__(self, path: str, table: Table) -> None:
        self.path = path
        self.table = table
        self.now_ms = 0
        self.failures: list[ScenarioFailure] = []
        self.last_stacks: dict[str, int] = {}  # players who left: their stack when leaving

    def fail(self, step: str, expected: object, actual: object, reason: str = "") -> None:
        self.failures.append(ScenarioFailure(file=self.path, step=step, expected=str(expected),
                                             actual=str(actual), reason=reason))  # fmt: skip

    def step(self, index: int, step: Any) -> bool:
        """Run one step; False stops the scenario (the state can no longer be trusted)."""
        if not isinstance(step, dict) or len(step) != 1:
            self.fail(f"{index}", "a step with one key", step)
            return False
        ((key, body),) = step.items()
        label = f"{index} ({key})"
        try:
            if key == "refused":
                return self.refused(label, body)
            if key == "expect":
                self.expect(label, body)
                return True
            if key == "hand":
                self.failures.extend(run_hand(self.path, label, self.table, body, self.now_ms))
                self.now_ms += 1000
                return True
            if key == "round":
                self.fail(label, "a poker step", "round", "round: unsupported at a poker table")
                return False
            self.command(key, body)
            return True
        except StepFailed as exc:
            self.failures.extend(exc.failures)
            return False
        except RuleViolationError as exc:
            self.fail(label, "the command to be accepted", f"refused {exc.rule_id}: {exc.reason}")
            return False
        except (PokerRoomError, KeyError, ValueError, TypeError) as exc:
            self.fail(label, "a valid step", f"{type(exc).__name__}: {exc}")
            return False

    def command(self, key: str, body: Any) -> None:
        t = self.table
        if key not in STEP_KEYS:
            raise ValueError(f"unknown step {key!r}")
        if key == "clock":
            ms = int(body.get("minutes", 0)) * 60_000 + int(body.get("seconds", 0)) * 1000
            self.now_ms += ms + int(body.get("ms", 0))
            return
        player = str(body["player"])
        if key == "sit":
            wait = bool(body.get("wait_for_big_blind", not body.get("post_big_blind", False)))
            t.sit_down(player, int(body["seat"]), body["buy_in"], now_ms=self.now_ms,
                       wait_for_big_blind=wait)  # fmt: skip
        elif key == "sit_out":
            t.sit_out(player, now=bool(body.get("now", False)))
        elif key == "sit_in":
            t.sit_in(player)
            if body.get("wait_for_big_blind"):
                t.wait_for_big_blind(player)
        elif key == "post_blind":
            t.post_blind_now(player)
        elif key == "wait_for_big_blind":
            t.wait_for_big_blind(player)
        elif key == "leave":
            stack = t.player(player).stack
            t.stand_up(player, now_ms=self.now_ms)
            self.last_stacks[player] = stack
        elif key == "top_up":
            t.top_up(player, body["amount"])

    def refused(self, label: str, body: Any) -> bool:
        rule = body.get("rule") if isinstance(body, dict) else None
        inner = {k: v for k, v in body.items() if k != "rule"} if isinstance(body, dict) else {}
        if len(inner) != 1:
            self.fail(label, "one command to refuse", body)
            return False
        ((key, cmd),) = inner.items()
        before = self._snapshot()
        try:
            if key == "hand":
                self.table.start_hand(self.now_ms, tuple(range(52)))
            else:
                self.command(key, cmd)
        except RuleViolationError as exc:
            if rule is not None and exc.rule_id != rule:
                self.fail(label, f"refused citing {rule}", f"refused citing {exc.rule_id}: {exc.reason}")
            if self._snapshot() != before:
                self.fail(label, "nothing changed by the refusal", "the table changed")
            return True
        except (PokerRoomError, KeyError, ValueError, TypeError) as exc:
            self.fail(label, f"refused ({rule or 'any rule'})", f"{type(exc).__name__}: {exc}")
            return True
        self.fail(label, f"refused ({rule or 'any rule'})", "accepted")
        return False

    def _snapshot(self) -> tuple[object, ...]:
        return (self.table.players(), self.table.hands_played)

    def expect(self, label: str, body: Mapping[str, Any]) -> None:
        t = self.table
        seated = {p.account: p for p in t.players()}
        for key, want in body.items():
            if key == "stacks":
                got = {}
                for name in want:
                    if name in seated:
                        got[name] = seated[name].stack
                    else:
                        got[name] = self.last_stacks.get(name)
                want_d = {str(k): int(v) for k, v in want.items()}
                if got != want_d:
                    self.fail(f"{label} stacks", want_d, got)
            elif key == "seated":
                if sorted(map(str, want)) != sorted(seated):
                    self.fail(f"{label} seated", sorted(map(str, want)), sorted(seated))
            elif key == "sitting_out":
                out = sorted(a for a, p in seated.items() if p.sitting_out or p.sit_out_next)
                if sorted(map(str, want)) != out:
                    self.fail(f"{label} sitting_out", sorted(map(str, want)), out)
            elif key in ("game", "betting"):  # the game the next hand is dealt as (R-MIX-1)
                got_g = t.config.game if key == "game" else t.config.betting
                if str(want) != got_g:
                    self.fail(f"{label} {key}", want, got_g)
            elif key == "hands_left":  # a mixed table: hands of this game still to deal
                info = t.rotation_info()
                got_h = info["hands_left"] if info is not None else None
                if want != got_h:
                    self.fail(f"{label} hands_left", want, got_h)
            elif key == "button":
                button = t.button
                got_b = t.account_at(button) if button is not None else None
                ok = got_b == str(want) or (isinstance(want, int) and want == button)
                if not ok:
                    self.fail(f"{label} button", want, got_b if got_b is not None else button)
            else:
                self.fail(f"{label} {key}", "a known expectation key", key)


__all__ = ["Mismatch", "run_doc", "run_file", "run_paths", "scenario_files", "table_config"]
