"""Write our hands as PHH (the notation PokerKit reads): `to_phh(record_or_hand) -> PhhHand`.

Players are numbered as PokerKit numbers them: p1 is the first seat left of the button and
the button is last; heads-up p1 is the big blind and p2 the button, with the per-player
antes and blinds written in PokerKit's reversed heads-up order. `ante_trimming_status` is
true when every player posts an ante (layered contributions, R-POT-1), false for an ante
only some post, like a big-blind ante (dead money in the main pot), as our engine plays them.

Only what PHH can say is exported: the variant codes of PokerKit 0.7.7 (NT, FT, NS, PO,
FO/8, F7S, F7S/8, FR) and live forced bets; a dead blind (R-BLIND-5) has no PHH field and is
refused with `PhhExportError`. Five-card Omaha, which PHH has no code for, is written with
pokerroom's own codes (`EXTENSION_CODES`): our importer reads them, PokerKit does not.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pokerroom.core.cards import Card
from pokerroom.core.errors import PokerRoomError
from pokerroom.core.rules import (
    BetPlaced,
    Betting,
    BoardDealt,
    BringInPosted,
    Called,
    CardsDrawn,
    CardsMucked,
    Checked,
    Completed,
    Folded,
    Game,
    Hand,
    HandRecord,
    HandShown,
    HoleCardsDealt,
    PostKind,
    RaisedTo,
    StubReshuffled,
    UpCardDealt,
    dealing_order,
    replay,
)
from pokerroom.history.phh import PhhAction, PhhHand

# (game, betting) -> PHH variant code, from each game's Variant declaration.
VARIANT_CODES: dict[tuple[Game, Betting], str] = {
    (game, betting): code
    for game in Game for betting in Betting
    if (code := game.variant.phh_code(betting.value)) is not None
}


# Codes PHH's specification (and PokerKit 0.7.7) does not define: pokerroom's own, for the
# games PHH has no code for yet (its specification invites new codes "on a need-by-need basis").
EXTENSION_CODES = ("PO5", "PO5/8")  # phh.VARIANTS says what each is


class PhhExportError(PokerRoomError, ValueError):
    """A hand PHH cannot express (its variant, a dead blind, an unfinished hand)."""


def _cards(codes: tuple[int, ...] | list[int]) -> tuple[Card, ...]:
    return tuple(Card.from_code(c) for c in codes)


def to_phh(source: HandRecord | Hand, *, fields: Mapping[str, Any] | None = None) -> PhhHand:
    """The hand as PHH. `fields`: extra PHH fields (event, table, hand, time...), kept as given."""
    hand = replay(source) if isinstance(source, HandRecord) else source
    if not hand.is_over:
        raise PhhExportError("only a finished hand can be exported")
    record = hand.record
    config = record.config
    key = (config.game, config.betting)
    if key not in VARIANT_CODES:
        raise PhhExportError(f"PHH (PokerKit 0.7.7) has no variant code for {config.game} "
                             f"{config.betting}")
    setups = {s.seat: s for s in record.seats}
    order = dealing_order(list(setups), record.button)
    index = {seat: i for i, seat in enumerate(order)}
    n = len(order)

    antes = [0] * n
    blinds = [0] * n
    for seat, setup in setups.items():
        for post in setup.posts:
            if post.kind is PostKind.ANTE:
                antes[index[seat]] += post.amount
            elif post.kind.is_live:
                blinds[index[seat]] += post.amount
            else:
                raise PhhExportError(f"seat {seat}: a dead blind ({post.kind}) has no PHH field")
    if n == 2:  # PokerKit reads heads-up antes and blinds in reverse
        antes.reverse()
        blinds.reverse()

    actions: list[str] = []
    pending: dict[int, list[int]] = {}

    # Draw games: PHH (as PokerKit plays it) has every player's 'sd' of a draw, then the
    # dealer's 'd dh' of the new cards, in the same order (our engine serves each at once).
    drawn: list[tuple[int, tuple[int, ...]]] = []

    def flush_deals() -> None:
        for seat, codes in pending.items():
            actions.append(PhhAction(kind="deal_hole", player=index[seat], cards=_cards(codes)).to_text())
        pending.clear()
        for seat, new in drawn:
            actions.append(PhhAction(kind="deal_hole", player=index[seat], cards=_cards(new)).to_text())
        drawn.clear()

    for e in hand.events:
        if isinstance(e, CardsDrawn):
            actions.append(PhhAction(kind="stand_pat_discard", player=index[e.seat],
                                     cards=_cards(e.discarded)).to_text())
            if e.drawn:
                drawn.append((e.seat, e.drawn))
            continue
        if isinstance(e, StubReshuffled):
            continue  # inside a draw: PHH names the cards dealt, from the reshuffled stub too
        if isinstance(e, HoleCardsDealt):
            pending.setdefault(e.seat, []).extend(e.cards)
            continue
        if isinstance(e, UpCardDealt):
            pending.setdefault(e.seat, []).append(e.card)
            continue
        flush_deals()
        p = index.get(getattr(e, "seat", -1))
        if isinstance(e, BoardDealt):
            actions.append(PhhAction(kind="deal_board", cards=_cards(e.cards)).to_text())
        elif isinstance(e, Folded):
            actions.append(f"p{p + 1} f")  # type: ignore[operator]
        elif isinstance(e, Checked | Called):
            actions.append(f"p{p + 1} cc")  # type: ignore[operator]
        elif isinstance(e, BetPlaced | RaisedTo | Completed):
            actions.append(f"p{p + 1} cbr {e.amount}")  # type: ignore[operator]
        elif isinstance(e, BringInPosted):
            actions.append(f"p{p + 1} pb")  # type: ignore[operator]
        elif isinstance(e, HandShown):
            actions.append(PhhAction(kind="show", player=p, cards=_cards(e.cards)).to_text())
        elif isinstance(e, CardsMucked):
            actions.append(f"p{p + 1} sm")  # type: ignore[operator]
    flush_deals()

    stakes = config.stakes
    values: dict[str, Any] = {
        "variant": VARIANT_CODES[key],
        # Antes everyone posts are layered contributions in our engine (PokerKit: trimming
        # on); an ante only some post (a big-blind ante) is dead money (trimming off).
        "ante_trimming_status": all(antes),
        "antes": tuple(antes),
        "starting_stacks": tuple(setups[s].stack for s in order),
        "actions": tuple(actions),
        "finishing_stacks": tuple(hand.result.stack(s) for s in order),
    }
    if config.game.is_stud:
        values |= {"bring_in": stakes.bring_in, "small_bet": stakes.small_bet,
                   "big_bet": stakes.big_bet}
    else:
        values["blinds_or_straddles"] = tuple(blinds)
        if config.betting is Betting.LIMIT:
            values |= {"small_bet": stakes.small_bet, "big_bet": stakes.big_bet}
        else:
            values["min_bet"] = stakes.big_blind
    names = [setups[s].name for s in order]
    if all(names):
        values["players"] = tuple(names)
    extra: list[tuple[str, Any]] = []
    for name, value in (fields or {}).items():
        if name in ("hand", "table"):
            values[name] = value
        else:
            extra.append((name, value))
    return PhhHand(**values, extra=tuple(extra))
