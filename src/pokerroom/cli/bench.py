"""`pokerroom bench engine`: hands per second of the hand engine under a random policy.

The policy (issue 3): facing a bet, fold with probability 0.3; with probability 0.2 bet or
raise (all-in one time in ten, otherwise a uniform amount between the legal minimum and
maximum); otherwise check or call. 6-max no-limit hold'em, blinds 1/2, 200 big blinds deep,
full rules, showdowns evaluated. Each hand gets a fresh random deal (the 17 cards dealt, by a
partial Fisher-Yates shuffle) from a seeded generator.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import replace

import typer

from pokerroom.core.rules import (
    Bet,
    Betting,
    Call,
    Check,
    Draw,
    Fold,
    Game,
    HandConfig,
    Post,
    PostKind,
    RaiseTo,
    SeatSetup,
    Stakes,
    start_hand,
)

PLAYERS = 6
STACK = 400
CONFIG = HandConfig(stakes=Stakes(small_blind=1, big_blind=2))


def seat_setups(button: int) -> list[SeatSetup]:
    small = (button + 1) % PLAYERS
    big = (button + 2) % PLAYERS
    out = []
    for seat in range(PLAYERS):
        posts: tuple[Post, ...] = ()
        if seat == small:
            posts = (Post(kind=PostKind.SMALL_BLIND, amount=1),)
        elif seat == big:
            posts = (Post(kind=PostKind.BIG_BLIND, amount=2),)
        out.append(SeatSetup(seat=seat, stack=STACK, posts=posts))
    return out


SETUPS = [seat_setups(b) for b in range(PLAYERS)]


_FULL_DECK = tuple(range(52))


def random_deal(rand: Callable[[], float], count: int, cards: Sequence[int] = _FULL_DECK) -> list[int]:
    """The first `count` cards of a uniformly shuffled deck (partial Fisher-Yates)."""
    deck = list(cards)
    size = len(deck)
    for i in range(count):
        j = i + int(rand() * (size - i))
        deck[i], deck[j] = deck[j], deck[i]
    return deck[:count]


def play_engine(hands: int, seed: int, game: Game = Game.HOLDEM) -> tuple[int, int]:
    """Play `hands` hands of no-limit `game` (a flop game; a draw game: see play_draw_engine);
    returns (hands, decisions)."""
    if game.is_draw:
        return play_draw_engine(hands, seed, game)
    config = CONFIG if game is Game.HOLDEM else replace(CONFIG, game=game)
    cards = game.variant.deck
    rng = random.Random(seed)
    rand = rng.random
    deal = PLAYERS * game.variant.hole_cards + game.variant.board_cards
    decisions = 0
    # Actions are immutable values: the policy reuses one Fold/Check/Call per seat.
    folds = [Fold(seat=s) for s in range(PLAYERS)]
    checks = [Check(seat=s) for s in range(PLAYERS)]
    calls = [Call(seat=s) for s in range(PLAYERS)]
    for number in range(hands):
        button = number % PLAYERS
        hand = start_hand(config, SETUPS[button], button=button, deck=random_deal(rand, deal, cards))
        legal_actions = hand.legal_actions
        act = hand.apply
        while not hand.over:
            legal = legal_actions()
            seat = legal.seat
            u = rand()
            decisions += 1
            call = legal.call
            if call is not None and u < 0.3:
                act(folds[seat])
            elif u < 0.5 and (legal.raise_to or legal.bet):
                raise_to = legal.raise_to
                lo, hi = raise_to or legal.bet  # type: ignore[misc]
                amount = hi if rand() < 0.1 else lo + int(rand() * (hi - lo + 1))
                act(RaiseTo(seat=seat, amount=amount) if raise_to else Bet(seat=seat, amount=amount))
            elif call is not None:
                act(calls[seat])
            else:
                act(checks[seat])
    return hands, decisions


LIMIT_CONFIG = HandConfig(betting=Betting.LIMIT,
                          stakes=Stakes(small_blind=1, big_blind=2, small_bet=2, big_bet=4))


def play_draw_engine(hands: int, seed: int, game: Game) -> tuple[int, int]:
    """A limit draw game (2-7 triple draw, badugi) under the same betting policy; at a draw
    each player exchanges every card of a nine or higher (aces too). A full 52-card shuffle
    per hand: the draws may reach any card (R-DRAW-4)."""
    config = replace(LIMIT_CONFIG, game=game)
    rng = random.Random(seed)
    rand = rng.random
    decisions = 0
    folds = [Fold(seat=s) for s in range(PLAYERS)]
    checks = [Check(seat=s) for s in range(PLAYERS)]
    calls = [Call(seat=s) for s in range(PLAYERS)]
    for number in range(hands):
        button = number % PLAYERS
        hand = start_hand(config, SETUPS[button], button=button, deck=random_deal(rand, 52))
        legal_actions = hand.legal_actions
        act = hand.apply
        while not hand.over:
            legal = legal_actions()
            seat = legal.seat
            decisions += 1
            if legal.draw is not None:
                held = hand.cards[hand.pos_of[seat]]
                act(Draw(seat=seat, discard=tuple([c for c in held if c >> 2 >= 7])))
                continue
            u = rand()
            call = legal.call
            if call is not None and u < 0.3:
                act(folds[seat])
            elif u < 0.5 and (legal.raise_to or legal.bet):
                raise_to = legal.raise_to
                lo, hi = raise_to or legal.bet  # type: ignore[misc]
                amount = hi if rand() < 0.1 else lo + int(rand() * (hi - lo + 1))
                act(RaiseTo(seat=seat, amount=amount) if raise_to else Bet(seat=seat, amount=amount))
            elif call is not None:
                act(calls[seat])
            else:
                act(checks[seat])
    return hands, decisions


def register(app: typer.Typer) -> None:
    bench = typer.Typer(help="Benchmarks (figures only; PokerKit comparison in benchmarks/).")
    app.add_typer(bench, name="bench")

    @bench.command("engine")
    def engine(
        hands: int = typer.Option(20000, "--hands", help="hands to play"),
        seed: int = typer.Option(1, "--seed", help="seed of the deals and the policy"),
        warmup: int = typer.Option(2000, "--warmup", help="hands played first, not timed"),
        game: str = typer.Option("holdem", "--game", help="a flop game (holdem, short-deck, omaha),"
                                 " no-limit; or a draw game (2-7-triple-draw, badugi), limit 2/4"),
    ) -> None:
        """Play N random 6-max hands (no-limit hold'em unless --game) and print hands/s."""
        variant = Game(game)
        # The evaluator fills its lookup table on first use (~0.5 s): not part of a hand.
        play_engine(warmup, seed + 1, variant)
        start = time.perf_counter()
        cpu = time.process_time()
        played, decisions = play_engine(hands, seed, variant)
        elapsed = time.perf_counter() - start
        cpu = time.process_time() - cpu
        typer.echo(
            f"{played / elapsed:.0f} hands/s ({played} hands, {decisions} decisions, {elapsed:.2f} s; "
            f"CPU time {cpu:.2f} s = {played / cpu:.0f} hands/s)"
        )

    @bench.command("server")
    def server(
        tables: list[int] = typer.Option(..., "--tables", help="tables (T), one run per value"),
        extra: list[int] = typer.Argument(None, help="more values of T (--tables 10 50 200)"),
        think: int = typer.Option(..., "--think", help="mean bot think time, ms (0: at once)"),
        seconds: float = typer.Option(20.0, "--seconds", help="measured window per run"),
        database: str = typer.Option(
            None, "--database", help="a PostgreSQL URL (a fresh database is made on its "
            "server); default: a fresh SQLite file"),
        as_json: bool = typer.Option(False, "--json", help="one JSON object per T"),
        server_bin: str = typer.Option(None, "--server-bin", hidden=True,
                                       help="another tree's `pokerroom` (before/after runs)"),
        profile: str = typer.Option(None, "--profile", help="write a cProfile of the server's "
                                    "event loop over the window to this file (+ .T)"),
        serve_options: list[str] = typer.Option(
            None, "--serve-option", hidden=True,
            help="one more `pokerroom serve` flag (before/after runs: --heap-sweep=0)"),
    ) -> None:
        """Serve T six-max tables to 6*T bots and measure actions/s, RTT, CPU per hand."""
        import asyncio
        import json
        import sys

        from pokerroom.cli.bench_server import KEYS, measure

        def progress(text: str) -> None:
            print(text, file=sys.stderr, flush=True)

        for count in [*tables, *(extra or [])]:
            figures = asyncio.run(measure(
                count, think, seconds, database, server_bin=server_bin, progress=progress,
                serve_options=serve_options or [],
                profile=f"{profile}.{count}" if profile else None))
            if profile:
                import pstats

                progress(f"T={count}: {figures['hands']} hands; profile {profile}.{count}")
                stats = pstats.Stats(f"{profile}.{count}", stream=sys.stderr)
                stats.sort_stats("cumulative").print_stats(25)
            if as_json:
                typer.echo(json.dumps({key: figures[key] for key in KEYS}))
            else:
                typer.echo("  ".join(f"{key}={figures[key]}" for key in KEYS))
