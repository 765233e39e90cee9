"""PHH draw-game hands (N2L1D, F2L3D, FB) in our engine's terms: first hands, stub, discards.

A PHH file deals each player's first cards (`d dh`), then for each draw every player's
`sd` (the discarded cards, none = stand pat) followed by the `d dh` of the new cards. Our
engine serves each player from the stub in drawing order (R-DRAW-3), which is the order of
the `sd` actions (p1 is the first seat left of the button), so the stub is the new cards
in that order.

Cards the file does not name (`??`) are tracked as unknowns through the draws: an unknown
discard takes an unknown card of the hand first (else a known one the player does not show
at the end), and the unknowns still held at the end take the cards the player shows (`sm`).
The rest are filled with cards nobody holds. A player still in at the showdown with an
unknown card left is reported (the caller makes the hand unsupported).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pokerroom.history.phh import PhhAction, PhhFormatError

# A card of the reconstruction: (True, code) a known card, (False, k) the k-th unknown.
Token = tuple[bool, int]


@dataclass(frozen=True, slots=True)
class DrawDeal:
    hole: dict[int, list[int]]  # each player's first cards, by player index
    stub: list[int]  # the new cards of every draw, in drawing order
    discards: tuple[tuple[int, ...], ...]  # each 'sd' action's discarded cards, in file order
    unknown_at_end: frozenset[int]  # players holding a card nobody could name at the end


def reconstruct(actions: Sequence[PhhAction], n: int, deck: Sequence[int]) -> DrawDeal:
    unknowns = 0
    bound: dict[int, int] = {}  # unknown k -> the card it turned out to be

    def tokens(cards: Sequence[object]) -> list[Token]:
        nonlocal unknowns
        out: list[Token] = []
        for c in cards:
            if c is None:
                out.append((False, unknowns))
                unknowns += 1
            else:
                out.append((True, c.code))  # type: ignore[attr-defined]
        return out

    first: dict[int, list[Token]] = {p: [] for p in range(n)}
    new_cards: dict[int, list[Token]] = {p: [] for p in range(n)}
    drew: set[int] = set()
    for a in actions:
        if a.kind == "stand_pat_discard" and a.player is not None:
            drew.add(a.player)
        elif a.kind == "deal_hole" and a.player is not None and a.cards is not None:
            (new_cards if a.player in drew else first)[a.player].extend(tokens(a.cards))
        elif a.kind == "deal_board":
            raise PhhFormatError("actions", "a draw game has no board ('d db')")
    shown = {a.player: [c.code for c in a.cards if c is not None]
             for a in actions if a.kind == "show" and a.player is not None and a.cards}
    held = {p: list(cards) for p, cards in first.items()}
    stub: list[Token] = []
    discards: list[list[Token]] = []
    for a in actions:
        if a.kind != "stand_pat_discard" or a.player is None:
            continue
        p = a.player
        hand = held[p]
        out: list[Token] = []
        for c in a.cards or ():
            if c is not None:
                token: Token = (True, c.code)
                if token not in hand:
                    # A named discard among cards dealt unknown: that unknown was this card.
                    free = [t for t in hand if not t[0] and t[1] not in bound and t not in out]
                    if not free:
                        raise PhhFormatError("actions", f"{a.to_text()!r}: p{p + 1} does not hold {c}")
                    bound[free[0][1]] = c.code
                    token = free[0]
                out.append(token)
        for c in a.cards or ():
            if c is None:
                show = shown.get(p, [])
                order = sorted((t for t in hand if t not in out),
                               key=lambda t: (t[0], t[0] and t[1] in show))
                if not order:
                    raise PhhFormatError("actions", f"{a.to_text()!r}: more discards than cards")
                out.append(order[0])
        got = new_cards[p][:len(out)]
        del new_cards[p][:len(out)]
        if len(got) < len(out):
            raise PhhFormatError("actions", f"{a.to_text()!r}: fewer new cards dealt than discarded")
        for t, g in zip(out, got, strict=True):
            hand[hand.index(t)] = g
        stub.extend(got)
        discards.append(out)
    # The cards shown at the end name the unknowns still held.
    for p, cards in shown.items():
        hand = held[p]
        known = {bound.get(t[1], -1) if not t[0] else t[1] for t in hand}
        extra = iter([c for c in cards if c not in known])
        for t in hand:
            if not t[0] and t[1] not in bound:
                code = next(extra, None)
                if code is not None:
                    bound[t[1]] = code
    used = {t[1] for ts in (*first.values(), *new_cards.values(), stub) for t in ts if t[0]}
    used |= set(bound.values())
    unknown_at_end = frozenset(p for p, hand in held.items()
                               if any(not t[0] and t[1] not in bound for t in hand))
    pool = iter(c for c in deck if c not in used)
    for k in range(unknowns):
        if k not in bound:
            bound[k] = next(pool)

    def code(t: Token) -> int:
        return t[1] if t[0] else bound[t[1]]

    return DrawDeal(
        hole={p: [code(t) for t in ts] for p, ts in first.items()},
        stub=[code(t) for t in stub],
        discards=tuple(tuple(code(t) for t in ts) for ts in discards),
        unknown_at_end=unknown_at_end,
    )
