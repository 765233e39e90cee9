"""Helpers for the hand-engine tests: scripted deals by seat, short action scripts."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pokerroom.core.cards import parse_cards, to_codes
from pokerroom.core.rules import (
    Bet,
    Betting,
    BringIn,
    Call,
    Check,
    Complete,
    Fold,
    Game,
    Hand,
    HandConfig,
    Post,
    PostKind,
    RaiseTo,
    SeatSetup,
    Stakes,
    arrange_deck,
    start_hand,
)


def codes(text: str) -> tuple[int, ...]:
    return to_codes(parse_cards(text))


def blind_seats(
    stacks: Sequence[int], button: int, small_blind: int, big_blind: int,
    extra: Mapping[int, tuple[Post, ...]] | None = None, ante: int = 0,
) -> list[SeatSetup]:
    """Seats 0..n-1 with the given stacks; blinds left of the button (heads-up: button = SB)."""
    n = len(stacks)
    if n == 2:
        sb, bb = button, (button + 1) % n
    else:
        sb, bb = (button + 1) % n, (button + 2) % n
    out = []
    for seat, stack in enumerate(stacks):
        posts: list[Post] = []
        if ante:
            posts.append(Post(kind=PostKind.ANTE, amount=ante))
        if seat == sb and small_blind:
            posts.append(Post(kind=PostKind.SMALL_BLIND, amount=small_blind))
        if seat == bb and big_blind:
            posts.append(Post(kind=PostKind.BIG_BLIND, amount=big_blind))
        if extra and seat in extra:
            posts.extend(extra[seat])
        out.append(SeatSetup(seat=seat, stack=stack, posts=tuple(posts), name=f"p{seat}"))
    return out


def deal(
    stacks: Sequence[int],
    *,
    game: Game = Game.HOLDEM,
    betting: Betting = Betting.NO_LIMIT,
    stakes: Stakes | None = None,
    button: int = 0,
    cards: Mapping[int, str] | None = None,
    board: str = "",
    seats: Sequence[SeatSetup] | None = None,
    **options: object,
) -> Hand:
    """Start a hand; `cards` by seat (stud: in deal order), `board` for flop games."""
    if stakes is None:
        if game.is_stud:
            stakes = Stakes(ante=1, bring_in=2, small_bet=5, big_bet=10)
        elif betting is Betting.LIMIT:
            stakes = Stakes(small_blind=1, big_blind=2, small_bet=2, big_bet=4)
        else:
            stakes = Stakes(small_blind=1, big_blind=2)
    config = HandConfig(game=game, betting=betting, stakes=stakes, **options)  # type: ignore[arg-type]
    if seats is None:
        if game.is_stud:
            seats = [
                SeatSetup(seat=s, stack=st, posts=(Post(kind=PostKind.ANTE, amount=stakes.ante),) if stakes.ante else ())
                for s, st in enumerate(stacks)
            ]
        else:
            seats = blind_seats(stacks, button, stakes.small_blind, stakes.big_blind)
    deck = arrange_deck(
        game, [s.seat for s in seats], button,
        {seat: codes(text) for seat, text in (cards or {}).items()}, codes(board),
    )  # fmt: skip
    return start_hand(config, seats, button=button, deck=deck)


def play(hand: Hand, script: str) -> None:
    """Apply "3 raise 6, 0 call, 1 fold, 2 check, 4 bet 10, 5 allin, 1 bringin, 2 complete 5"."""
    for step in script.split(","):
        parts = step.split()
        if not parts:
            continue
        seat, verb = int(parts[0]), parts[1]
        amount = int(parts[2]) if len(parts) > 2 else 0
        if verb == "fold":
            hand.apply(Fold(seat=seat))
        elif verb == "check":
            hand.apply(Check(seat=seat))
        elif verb == "call":
            hand.apply(Call(seat=seat))
        elif verb == "bet":
            hand.apply(Bet(seat=seat, amount=amount))
        elif verb == "raise":
            hand.apply(RaiseTo(seat=seat, amount=amount))
        elif verb == "bringin":
            hand.apply(BringIn(seat=seat))
        elif verb == "complete":
            hand.apply(Complete(seat=seat, amount=amount))
        elif verb == "allin":
            legal = hand.legal_actions()
            rng = legal.raise_to or legal.bet or legal.complete
            if rng is None:
                hand.apply(Call(seat=seat))
            elif legal.raise_to:
                hand.apply(RaiseTo(seat=seat, amount=rng[1]))
            elif legal.bet:
                hand.apply(Bet(seat=seat, amount=rng[1]))
            else:
                hand.apply(Complete(seat=seat, amount=rng[1]))
        else:
            raise ValueError(step)


def check_down(hand: Hand) -> None:
    """Everyone checks or calls until the hand ends."""
    while not hand.is_over:
        legal = hand.legal_actions()
        if legal.bring_in is not None:
            hand.apply(BringIn(seat=legal.seat))
        elif legal.check:
            hand.apply(Check(seat=legal.seat))
        else:
            hand.apply(Call(seat=legal.seat))


def snapshot(hand: Hand) -> tuple[object, ...]:
    """Everything observable about a hand, to compare before and after a refused action."""
    return tuple(
        repr(getattr(hand, name)) for name in type(hand).__slots__
    )
