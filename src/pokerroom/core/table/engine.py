"""The table's side of the hand engine (pokerroom.core.rules): config, seat setups, results.

The table decides the forced posts (R-BLIND-1..9, antes) and hands them to the engine as
`Post`s; a post larger than the stack is cut to the stack (the player is all-in).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from pokerroom.core import rules
from pokerroom.core.errors import InvalidConfigError
from pokerroom.core.table.config import TableConfig

Hand = rules.Hand
Action = rules.Action

HAND_OPTIONS = (
    "reopen_rule", "limit_cap_heads_up", "max_raises", "rake_percent", "rake_cap",
    "no_flop_no_drop",
)  # fmt: skip


def hand_config(config: TableConfig) -> rules.HandConfig:
    """The engine's HandConfig for the table's game, stakes and options (a mixed table: the
    game it plays now, with that game's stakes, R-MIX-3)."""
    st = config.game_stakes
    extra: dict[str, object] = {}
    for key, value in config.options:
        if key not in HAND_OPTIONS:
            raise InvalidConfigError(f"options.{key}: not a table option")
        if key == "rake_percent" and isinstance(value, str):
            value = Fraction(value)
        extra[key] = value
    return rules.HandConfig(
        game=rules.Game(config.game),
        betting=rules.Betting(config.betting),
        stakes=rules.Stakes(
            small_blind=st.small_blind,
            big_blind=st.big_blind,
            small_bet=st.small_bet,
            big_bet=st.big_bet,
            ante=st.ante,
            bring_in=st.bring_in,
        ),
        chip_unit=config.chip_unit,
        **extra,  # type: ignore[arg-type]
    )


def post_amount(config: TableConfig, kind: str) -> int:
    st = config.game_stakes
    if kind in ("small_blind", "small_blind_dead"):
        return st.small_blind
    if kind in ("big_blind", "big_blind_dead"):
        return st.big_blind
    if kind == "ante":
        return st.ante
    raise ValueError(kind)


def seat_setup(
    config: TableConfig, seat: int, stack: int, posts: Sequence[str], name: str
) -> rules.SeatSetup:
    kinds = list(posts)
    if config.game_stakes.ante and "ante" not in kinds:
        kinds.insert(0, "ante")
    left = stack
    made = []
    for kind in kinds:
        amount = min(post_amount(config, kind), left)
        if amount <= 0:
            continue
        made.append(rules.Post(kind=rules.PostKind(kind), amount=amount))
        left -= amount
    return rules.SeatSetup(seat=seat, stack=stack, posts=tuple(made), name=name)


def start(
    config: TableConfig, setups: Sequence[rules.SeatSetup], button: int, deck: Sequence[int]
) -> rules.Hand:
    return rules.start_hand(hand_config(config), setups, button=button, deck=tuple(deck))


def action_seat(action: rules.Action) -> int:
    return action.seat


def is_show_or_muck(action: rules.Action) -> bool:
    return isinstance(action, rules.ShowCards | rules.MuckCards)


def to_act(hand: rules.Hand) -> int | None:
    return hand.to_act


def is_over(hand: rules.Hand) -> bool:
    return hand.is_over


def streets_left(hand: rules.Hand) -> int:
    """The streets of the hand still to be played, the current one included."""
    return max(1, len(hand.streets) - hand.street_i)


def timeout_action(hand: rules.Hand, seat: int) -> tuple[str, rules.Action]:
    """What the clock does for a player out of time: check if possible, else fold.

    Chosen only from what `legal_actions()` offers (R-BET-10), so `apply` always accepts it:
    a stud player who must bring in neither checks nor folds, the clock posts the bring-in."""
    return _first_legal(hand, seat, ("check", "fold"))


def leave_action(hand: rules.Hand, seat: int) -> tuple[str, rules.Action]:
    """What the table does at the turn of a player who left during the hand: fold, even
    where a player still present would be told to check (`Fold(left=True)`), so a player
    who left never wins a pot by checking it down. The stud bring-in is a forced bet: it is
    posted (the player folds at the next turn)."""
    legal = hand.legal_actions()
    if legal.bring_in is not None:
        return "bring-in", rules.BringIn(seat=seat)
    if legal.draw is not None:  # a draw is no bet: stand pat, fold at the next betting turn
        return "stand pat", rules.Draw(seat=seat)
    return "fold", rules.Fold(seat=seat, left=legal.check)


def _first_legal(hand: rules.Hand, seat: int, order: tuple[str, str]) -> tuple[str, rules.Action]:
    legal = hand.legal_actions()
    if legal.draw is not None:  # draw games: the clock stands pat (R-DRAW-2)
        return "stand pat", rules.Draw(seat=seat)
    for verb in order:
        if verb == "check" and legal.check:
            return "check", rules.Check(seat=seat)
        if verb == "fold" and legal.fold:
            return "fold", rules.Fold(seat=seat)
    if legal.bring_in is not None:
        return "bring-in", rules.BringIn(seat=seat)
    raise AssertionError(f"seat {seat} has no passive legal action: {legal}")


def contributed(hand: rules.Hand, seat: int) -> int:
    # read directly: a whole view of the hand was built here at every turn (issue 11)
    pos = hand.pos_of.get(seat)
    return 0 if pos is None else hand.contrib[pos]


def final_stacks(hand: rules.Hand) -> dict[int, int]:
    return dict(hand.result.stacks)


def pot_total(hand: rules.Hand) -> int:
    result = hand.result
    return sum(p.amount for p in result.pots) + result.rake


def saw_flop(hand: rules.Hand) -> int:
    """Players still in when the flop was dealt (stud: who got a fourth-street card; draw
    games: who reached the first draw)."""
    folded: set[int] = set()
    seats: tuple[int, ...] = ()
    up_cards: dict[int, int] = {}
    for event in hand.events:
        if isinstance(event, rules.HandStarted):
            seats = event.seats
        elif isinstance(event, rules.Folded):
            folded.add(event.seat)
        elif isinstance(event, rules.BoardDealt) and event.street == rules.Street.FLOP:
            return len([s for s in seats if s not in folded])
        elif isinstance(event, rules.StreetStarted) and event.street == rules.Street.FIRST_DRAW:
            return len([s for s in seats if s not in folded])
        elif isinstance(event, rules.UpCardDealt):
            up_cards[event.seat] = up_cards.get(event.seat, 0) + 1
    return sum(1 for n in up_cards.values() if n >= 2)
