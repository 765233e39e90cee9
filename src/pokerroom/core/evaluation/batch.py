"""Batch high-hand evaluation with numpy and numba, for analysis (R-RANK-1, R-RANK-2).

`evaluate_high_batch` gives exactly the ints of `high_rank` (higher is better, equal when
tied); `hand_categories` turns values into categories 0..8 (`HandCategory`).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from pokerroom.core.evaluation._kernels import eval_rows


def evaluate_high_batch(codes: npt.ArrayLike) -> npt.NDArray[np.int32]:
    """Values of each row of an (N, 5..7) array of card codes (uint8 preferred)."""
    array = np.ascontiguousarray(codes, dtype=np.uint8)
    if array.ndim != 2 or not 5 <= array.shape[1] <= 7:
        raise ValueError(f"expected an (N, 5..7) array of card codes, got shape {array.shape}")
    if array.size and int(array.max()) > 51:
        raise ValueError("card codes are 0..51")
    result: npt.NDArray[np.int32] = eval_rows(array)
    return result


def hand_categories(values: npt.ArrayLike) -> npt.NDArray[np.int8]:
    """Category (0 = high card .. 8 = straight flush) of each value."""
    return (np.asarray(values, dtype=np.int64) >> 20).astype(np.int8)
