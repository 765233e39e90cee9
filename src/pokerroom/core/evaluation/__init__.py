"""Hand evaluation: high hands (5-7 cards), Omaha two-plus-three, ace-to-five lows.

Rules: R-RANK-1, R-RANK-2, R-RANK-3 (suits never decide, R-TIE-1), R-RANK-4, R-RANK-5.
`high_rank` is the int fast path; `evaluate_high` wraps it in a `HandValue`. The numpy/numba
batch evaluator lives in `pokerroom.core.evaluation.batch` (imported on demand).
"""

from pokerroom.core.evaluation.high import (
    evaluate_high,
    evaluate_omaha,
    high_rank,
    high_ranks,
    omaha_rank,
)
from pokerroom.core.evaluation.low import (
    LowValue,
    evaluate_low,
    evaluate_omaha_low,
    evaluate_razz,
)
from pokerroom.core.evaluation.value import HandCategory, HandValue, describe

__all__ = [
    "HandCategory",
    "HandValue",
    "LowValue",
    "describe",
    "evaluate_high",
    "evaluate_low",
    "evaluate_omaha",
    "evaluate_omaha_low",
    "evaluate_razz",
    "high_rank",
    "high_ranks",
    "omaha_rank",
]
