"""Lookup tables of the high evaluator, built once at import from first principles (R-RANK-1).

`best_from_counts` values a rank multiset (no flush possible) and `best_flush` a flush's rank
mask; the scalar evaluator looks both up in tables built from them, and the numba kernels get
the same tables as numpy arrays, so every path returns the same ints.
"""

from __future__ import annotations

from pokerroom.core.evaluation.value import HandCategory, encode

# The five-rank windows of straights, top first; the wheel's ace plays low.
STRAIGHTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(range(top, top - 5, -1)) for top in range(12, 3, -1)
) + ((3, 2, 1, 0, 12),)
STRAIGHT_MASKS: tuple[int, ...] = tuple(sum(1 << r for r in s) for s in STRAIGHTS)


def straight_in(mask: int) -> tuple[int, ...] | None:
    """The highest straight among the ranks of `mask`, or None."""
    for window, bits in zip(STRAIGHTS, STRAIGHT_MASKS, strict=True):
        if mask & bits == bits:
            return window
    return None


def top_ranks(mask: int, n: int) -> list[int]:
    return [r for r in range(12, -1, -1) if mask >> r & 1][:n]


def best_flush(mask: int) -> int:
    """Value of the best hand among 5..7 suited cards with rank bits `mask`."""
    window = straight_in(mask)
    if window is not None:
        return encode(HandCategory.STRAIGHT_FLUSH, window)
    return encode(HandCategory.FLUSH, top_ranks(mask, 5))


def best_from_counts(counts: list[int]) -> int:
    """Value of the best five of the cards with `counts[rank]` cards of each rank, no flush.

    Tables hold 5..7 cards; fewer come only from a hand shown before it was complete
    (R-SD-5: a pocket pair shown after everyone folded). Their missing ranks are zeros, so the
    category and the ranks there are still read right."""
    by_group = sorted(((c, r) for r, c in enumerate(counts) if c), reverse=True)
    mask = sum(1 << r for r, c in enumerate(counts) if c)
    top_count, top_rank = by_group[0]
    second = by_group[1][0] if len(by_group) > 1 else 0

    def value(category: HandCategory, ranks: list[int]) -> int:
        return encode(category, (ranks + [0] * 5)[:5])

    if top_count == 4:
        return value(HandCategory.FOUR_OF_A_KIND,
                     [top_rank] * 4 + top_ranks(mask & ~(1 << top_rank), 1))
    if top_count == 3 and second >= 2:
        pair = max(r for c, r in by_group[1:] if c >= 2)
        return value(HandCategory.FULL_HOUSE, [top_rank] * 3 + [pair] * 2)
    window = straight_in(mask)
    if window is not None:
        return encode(HandCategory.STRAIGHT, window)
    if top_count == 3:
        kickers = top_ranks(mask & ~(1 << top_rank), 2)
        return value(HandCategory.THREE_OF_A_KIND, [top_rank] * 3 + kickers)
    if top_count == 2 and second == 2:
        high, low = by_group[0][1], by_group[1][1]
        last = top_ranks(mask & ~(1 << high) & ~(1 << low), 1)
        return value(HandCategory.TWO_PAIR, [high, high, low, low] + last)
    if top_count == 2:
        kickers = top_ranks(mask & ~(1 << top_rank), 3)
        return value(HandCategory.PAIR, [top_rank] * 2 + kickers)
    return value(HandCategory.HIGH_CARD, top_ranks(mask, 5))


def rank_multisets(size: int) -> list[list[int]]:
    """Every way to hold `size` cards as counts per rank (at most four of a rank)."""
    out: list[list[int]] = []
    counts = [0] * 13

    def fill(rank: int, left: int) -> None:
        if rank == 13:
            if left == 0:
                out.append(counts.copy())
            return
        for c in range(min(4, left) + 1):
            counts[rank] = c
            fill(rank + 1, left - c)
        counts[rank] = 0

    fill(0, size)
    return out


# FLUSH_VALUES[mask] for every 13-bit rank mask with at least five bits, else 0.
FLUSH_VALUES: tuple[int, ...] = tuple(
    best_flush(m) if m.bit_count() >= 5 else 0 for m in range(1 << 13)
)
