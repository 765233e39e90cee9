"""One hand of ring-game poker: a pure, deterministic, single-writer state machine.

Games: hold'em, Omaha, Omaha hi-lo, seven-card stud, stud hi-lo, razz, each declared as a
`Variant` (variant.py: deck, streets, openers, evaluators); no-limit, pot-limit, fixed-limit. Rules enforced: R-BET-1..10, R-POT-1..3, R-RAKE-1, R-SD-1..5, R-TIE-1..6,
R-BTN-1, R-HU-1, and the live/dead handling of the forced posts the table layer decides
(R-BLIND-2, R-BLIND-5).

    hand = start_hand(config, seats, button=0, deck=deck)
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.apply(Call(seat=legal.seat))
    hand.result
"""

from pokerroom.core.rules.actions import (
    Action,
    Bet,
    BringIn,
    Call,
    Check,
    Complete,
    Draw,
    Fold,
    MuckCards,
    RaiseTo,
    ShowCards,
)
from pokerroom.core.rules.config import (
    FLOP_STREETS,
    STUD_STREETS,
    Betting,
    Game,
    HandConfig,
    Post,
    PostKind,
    SeatSetup,
    Stakes,
    Street,
)
from pokerroom.core.rules.dealing import arrange_deck, dealing_order
from pokerroom.core.rules.events import (
    DEALT_IN,
    PUBLIC,
    AntePosted,
    BetPlaced,
    BetReturned,
    BetsCollected,
    BlindPosted,
    BoardDealt,
    BringInPosted,
    Called,
    CardsDrawn,
    CardsMucked,
    Checked,
    Completed,
    Event,
    Folded,
    HandEnded,
    HandShown,
    HandStarted,
    HoleCardsDealt,
    PotAwarded,
    RaisedTo,
    RakeTaken,
    StreetStarted,
    StubReshuffled,
    UpCardDealt,
    visible_to,
)
from pokerroom.core.rules.hand import Hand, apply
from pokerroom.core.rules.history import HandRecord
from pokerroom.core.rules.result import HandResult, LegalActions, PotResult
from pokerroom.core.rules.start import replay, start_hand
from pokerroom.core.rules.variant import (
    VARIANTS,
    BringInCard,
    Evaluator,
    Layout,
    Opener,
    StreetPlan,
    Variant,
)
from pokerroom.core.rules.views import OBSERVER, HandView, PotView, SeatView

__all__ = [
    "DEALT_IN", "FLOP_STREETS", "OBSERVER", "PUBLIC", "STUD_STREETS",
    "Action", "AntePosted", "Bet", "BetPlaced", "BetReturned", "BetsCollected", "Betting",
    "BlindPosted", "BoardDealt", "BringIn", "BringInPosted", "Call", "Called", "CardsMucked",
    "CardsDrawn", "Draw", "StubReshuffled", "Check", "Checked", "Complete", "Completed", "Event", "Fold", "Folded", "Game", "Hand",
    "HandConfig", "HandEnded", "HandRecord", "HandResult", "HandShown", "HandStarted",
    "HandView", "HoleCardsDealt", "LegalActions", "MuckCards", "Post", "PostKind",
    "PotAwarded", "PotResult", "PotView", "RaiseTo", "RaisedTo", "RakeTaken", "SeatSetup", "SeatView",
    "ShowCards", "Stakes", "Street", "StreetStarted", "UpCardDealt", "apply", "arrange_deck", "dealing_order", "replay",
    "start_hand", "visible_to",
    "VARIANTS", "BringInCard", "Evaluator", "Layout", "Opener", "StreetPlan", "Variant",
]  # fmt: skip
