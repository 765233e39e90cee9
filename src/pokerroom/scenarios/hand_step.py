"""The `hand:` step of a scenario: scripted cards, expected start, actions, expected end."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pokerroom.core import rules
from pokerroom.core.cards import parse_cards, to_codes
from pokerroom.core.errors import PokerRoomError, RuleViolationError
from pokerroom.core.table import Table, engine
from pokerroom.scenarios.model import ScenarioFailure

Mismatch = ScenarioFailure


class StepFailed(Exception):
    def __init__(self, failures: list[ScenarioFailure]) -> None:
        super().__init__(str(failures[0]) if failures else "step failed")
        self.failures = failures


def parse_action(hand: rules.Hand, seat: int, text: str) -> rules.Action:
    verb, *args = str(text).split()
    verb = verb.lower()
    if verb == "draw":
        # Draw games (R-DRAW-2): "draw Kc 9d" discards those cards; "draw" alone stands pat.
        return rules.Draw(seat=seat, discard=tuple(to_codes(parse_cards(" ".join(args)))))
    if verb == "stand" and [a.lower() for a in args] == ["pat"]:
        return rules.Draw(seat=seat, discard=())
    amount = int(args[0]) if args else None
    if verb == "fold":
        return rules.Fold(seat=seat)
    if verb == "check":
        return rules.Check(seat=seat)
    if verb == "call":
        return rules.Call(seat=seat)
    if verb == "bet" and amount is not None:
        return rules.Bet(seat=seat, amount=amount)
    if verb == "raise" and amount is not None:
        return rules.RaiseTo(seat=seat, amount=amount)
    if verb == "complete" and amount is not None:
        return rules.Complete(seat=seat, amount=amount)
    if verb == "bring-in":
        return rules.BringIn(seat=seat)
    if verb == "show":
        return rules.ShowCards(seat=seat)
    if verb == "muck":
        return rules.MuckCards(seat=seat)
    if verb == "all-in":
        legal = hand.legal_actions()
        if legal.seat == seat:
            if legal.raise_to is not None:
                return rules.RaiseTo(seat=seat, amount=legal.raise_to[1])
            if legal.bet is not None:
                return rules.Bet(seat=seat, amount=legal.bet[1])
            if legal.complete is not None:
                return rules.Complete(seat=seat, amount=legal.complete[1])
            if legal.call is not None:
                return rules.Call(seat=seat)
        return rules.Call(seat=seat)
    raise ValueError(
        f"unknown action {text!r} (fold | check | call | bet N | raise N | all-in | show | muck"
        " | bring-in | complete N | draw CARDS | stand pat)"
    )


def _is_showdown_decision(hand: rules.Hand) -> bool:
    legal = hand.legal_actions()
    return not (
        legal.fold or legal.check or legal.call is not None or legal.bet is not None
        or legal.raise_to is not None or legal.bring_in is not None
        or legal.complete is not None or legal.draw is not None
    )  # fmt: skip


def _auto_muck(table: Table, hand: rules.Hand, now_ms: int, until_seat: int | None) -> None:
    """Players muck losing hands whenever the rules let them (unless an action says show)."""
    while not hand.is_over and hand.to_act is not None and hand.to_act != until_seat:
        if not _is_showdown_decision(hand):
            return
        seat = hand.to_act
        account = table.account_at(seat)
        assert account is not None
        try:
            table.act(account, rules.MuckCards(seat=seat), now_ms)
        except RuleViolationError:
            table.act(account, rules.ShowCards(seat=seat), now_ms)


def run_hand(
    path: str, label: str, table: Table, body: Mapping[str, Any], now_ms: int
) -> list[ScenarioFailure]:
    failures: list[ScenarioFailure] = []

    def fail(step: str, expected: object, actual: object, reason: str = "") -> None:
        failures.append(ScenarioFailure(file=path, step=step, expected=str(expected),
                                        actual=str(actual), reason=reason))  # fmt: skip

    body = body or {}
    seats = {p.account: p.seat for p in table.players()}
    names = {v: k for k, v in seats.items()}

    def name(seat: int | None) -> str | None:
        return names.get(seat) if seat is not None else None

    try:
        plan = table.next_plan()
    except PokerRoomError as exc:
        fail(label, "a hand to start", f"{type(exc).__name__}: {exc}")
        raise StepFailed(failures) from exc
    except Exception as exc:  # NotEnoughPlayersError
        fail(label, "a hand to start", f"{type(exc).__name__}: {exc}")
        raise StepFailed(failures) from exc
    hole: dict[int, tuple[int, ...]] = {}
    board: tuple[int, ...] = ()
    for who, text in (body.get("cards") or {}).items():
        codes = tuple(to_codes(parse_cards(str(text))))
        if who in ("board", "stub"):  # draw games: the stub the draws take from, in order
            board = codes
        elif who not in seats:
            fail(f"{label} cards", f"{who} seated", "not seated")
        elif seats[who] not in plan.dealt_in:
            fail(f"{label} cards", f"{who} dealt in", "not dealt in")
        else:
            hole[seats[who]] = codes
    if failures:
        raise StepFailed(failures)
    game = rules.Game(table.config.game)
    deck = rules.arrange_deck(game, plan.dealt_in, plan.button, hole, board)
    try:
        table.start_hand(now_ms, deck)
    except PokerRoomError as exc:
        fail(label, "the hand to start", f"{type(exc).__name__}: {exc}")
        raise StepFailed(failures) from exc
    hand = table.hand
    assert hand is not None and table.plan is not None
    plan = table.plan

    start = body.get("expect_start") or {}
    posts: dict[str, list[str]] = {n: [] for n in seats}
    for event in hand.events:
        if isinstance(event, rules.BlindPosted):
            posts[names[event.seat]].append(str(event.kind))
        elif isinstance(event, rules.AntePosted):
            posts[names[event.seat]].append("ante")
    for key, want in start.items():
        step = f"{label} expect_start {key}"
        if key in ("button", "small_blind", "big_blind", "to_act"):
            seat = {"button": plan.button, "small_blind": plan.small_blind,
                    "big_blind": plan.big_blind, "to_act": hand.to_act}[key]  # fmt: skip
            got = name(seat)
            if isinstance(want, int) and not isinstance(want, bool):
                got = seat  # a seat number (e.g. a dead button on an empty seat)
            if str(want) != str(got) and not (want is None and got is None):
                fail(step, want, got)
        elif key in ("game", "betting"):  # the game this hand is dealt as (R-MIX-1)
            config = hand.view_for(None).config
            got_g = config.game.value if key == "game" else config.betting.value
            if str(want) != got_g:
                fail(step, want, got_g)
        elif key == "dealt_in":
            got_d = sorted(names[s] for s in plan.dealt_in)
            if sorted(map(str, want)) != got_d:
                fail(step, sorted(map(str, want)), got_d)
        elif key == "posts":
            for who, kinds in (want or {}).items():
                got_p = sorted(posts.get(str(who), []))
                if sorted(map(str, kinds or [])) != got_p:
                    fail(f"{step} {who}", sorted(map(str, kinds or [])), got_p)
        else:
            fail(step, "a known expect_start key", key)

    for number, item in enumerate(body.get("actions") or [], start=1):
        step = f"{label} action {number}"
        if not isinstance(item, dict):
            fail(step, "a mapping", item)
            raise StepFailed(failures)
        if "expect_legal" in item:
            _expect_legal(fail, f"{step} expect_legal", table, hand, seats, item["expect_legal"],
                          now_ms)  # fmt: skip
            continue
        if "refused" in item:
            _refused(fail, f"{step} refused", table, hand, seats, item["refused"], now_ms)
            continue
        ((who, text),) = item.items()
        step = f"{step} ({who}: {text})"
        if who not in seats:
            fail(step, f"{who} seated", "not seated")
            raise StepFailed(failures)
        try:
            _auto_muck(table, hand, now_ms, seats[who])
            table.act(str(who), parse_action(hand, seats[who], str(text)), now_ms)
        except (PokerRoomError, ValueError) as exc:
            actual = f"{getattr(exc, 'rule_id', type(exc).__name__)}: {getattr(exc, 'reason', exc)}"
            fail(step, "the action to be accepted", actual)
            raise StepFailed(failures) from exc
    if body.get("finish"):  # the decisions left: check, else fold (stud: bring in)
        while not hand.is_over and hand.to_act is not None and not _is_showdown_decision(hand):
            seat = hand.to_act
            table.act(names[seat], engine.timeout_action(hand, seat)[1], now_ms)
    try:
        _auto_muck(table, hand, now_ms, None)
    except PokerRoomError as exc:
        fail(f"{label} showdown", "showdown to finish", str(exc))
    if not hand.is_over:
        fail(f"{label} end", "the hand to be over", f"{name(hand.to_act)} to act")
        raise StepFailed(failures)
    _expect_end(fail, f"{label} expect_end", table, hand, seats, names,
                body.get("expect_end") or {})  # fmt: skip
    return failures


def _expect_legal(fail: Any, step: str, table: Table, hand: rules.Hand,
                  seats: Mapping[str, int], want: Mapping[str, Any], now_ms: int) -> None:  # fmt: skip
    who = str(want.get("player"))
    _auto_muck(table, hand, now_ms, seats.get(who))
    legal = hand.legal_actions()
    if seats.get(who) != legal.seat or hand.to_act != legal.seat:
        fail(step, f"{who} to act", f"seat {hand.to_act} to act")
        return
    got: dict[str, object] = {
        "fold": legal.fold,
        "check": legal.check,
        "call": legal.call if legal.call is not None else False,
        "bet": list(legal.bet) if legal.bet is not None else False,
        "raise": list(legal.raise_to) if legal.raise_to is not None else False,
        "bring_in": legal.bring_in if legal.bring_in is not None else False,
        "complete": list(legal.complete) if legal.complete is not None else False,
        "draw": list(legal.draw) if legal.draw is not None else False,
    }
    for key, value in want.items():
        if key == "player":
            continue
        if key not in got:
            fail(f"{step} {key}", "a known legal key", key)
            continue
        expected = list(value) if isinstance(value, list | tuple) else value
        if expected != got[key]:
            fail(f"{step} {key}", value, got[key])


def _refused(fail: Any, step: str, table: Table, hand: rules.Hand, seats: Mapping[str, int],
             body: Mapping[str, Any], now_ms: int) -> None:  # fmt: skip
    rule = body.get("rule")
    items = [(k, v) for k, v in body.items() if k != "rule"]
    if len(items) != 1:
        fail(step, "one action to refuse", body)
        return
    who, text = items[0]
    if who not in seats:
        fail(step, f"{who} seated", "not seated")
        return
    _auto_muck(table, hand, now_ms, seats[str(who)])
    before = (len(hand.events), hand.to_act, hand.view_for(None))
    try:
        action = parse_action(hand, seats[str(who)], str(text))
        table.act(str(who), action, now_ms)
    except RuleViolationError as exc:
        if rule is not None and exc.rule_id != rule:
            fail(step, f"refused citing {rule}", f"refused citing {exc.rule_id}: {exc.reason}")
        if (len(hand.events), hand.to_act, hand.view_for(None)) != before:
            fail(step, "nothing changed by the refusal", "the hand changed")
        return
    except (PokerRoomError, ValueError) as exc:
        fail(step, f"refused ({rule or 'any rule'})", f"{type(exc).__name__}: {exc}")
        return
    fail(step, f"{who}: {text} refused ({rule or 'any rule'})", "accepted")
    raise StepFailed([])


def _expect_end(fail: Any, step: str, table: Table, hand: rules.Hand, seats: Mapping[str, int],
                names: Mapping[int, str], want: Mapping[str, Any]) -> None:  # fmt: skip
    result = hand.result
    final = dict(result.stacks)
    seated = {p.account: p.stack for p in table.players()}
    for key, value in want.items():
        s = f"{step} {key}"
        if key == "stacks":
            exp = {str(k): int(v) for k, v in value.items()}
            got = {k: seated.get(k, final.get(seats.get(k, -1))) for k in exp}
            if got != exp:
                fail(s, exp, got)
        elif key == "pots":
            exp_p = [{"amount": int(p["amount"]),
                      "winners": {str(k): int(v) for k, v in (p.get("winners") or {}).items()}}
                     for p in value]  # fmt: skip
            got_p = [{"amount": p.amount,
                      "winners": {names[w]: a for w, a in p.winners if a}} for p in result.pots]  # fmt: skip
            if exp_p != got_p:
                fail(s, exp_p, got_p)
        elif key == "returned":
            exp_r = {str(k): int(v) for k, v in (value or {}).items()}
            got_r = {names[w]: a for w, a in result.returned if a}
            if exp_r != got_r:
                fail(s, exp_r, got_r)
        elif key == "rake":
            if int(value) != result.rake:
                fail(s, value, result.rake)
        elif key == "shown":
            got_s = [names[w] for w in result.shown]
            if list(map(str, value or [])) != got_s:
                fail(s, list(map(str, value or [])), got_s)
        elif key == "mucked":
            got_m = sorted(names[w] for w in result.mucked)
            if sorted(map(str, value or [])) != got_m:
                fail(s, sorted(map(str, value or [])), got_m)
        else:
            fail(s, "a known expect_end key", key)
