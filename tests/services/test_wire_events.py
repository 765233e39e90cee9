"""An event's JSON is built once for all its viewers, and each still gets what it may see."""

from __future__ import annotations

from pokerroom.core.rules import visible_to
from pokerroom.core.rules.events import HoleCardsDealt
from pokerroom.services.wire import event_json


def test_each_viewer_gets_its_own_copy_of_an_event_built_once() -> None:
    dealt = HoleCardsDealt(seat=2, cards=(51, 47), count=2)  # As Ks to seat 2
    seen = [event_json(visible_to(dealt, viewer, frozenset({1, 2})), 7) for viewer in (2, 2)]
    assert seen[0] == seen[1] == {"seat": 2, "cards": ["As", "Ks"], "count": 2,
                                  "type": "HoleCardsDealt", "version": 7}
    assert seen[0] is not seen[1]
    assert seen[0]["cards"] is seen[1]["cards"]  # built once, not once per viewer
    seen[0]["version"] = 99  # a receiver's copy is its own
    assert event_json(dealt, 7)["version"] == 7
    # The owner's view and a cached entry never leak to an opponent or an observer.
    for viewer in (1, None):
        hidden = event_json(visible_to(dealt, viewer, frozenset({1, 2})), 7)
        assert hidden["cards"] == [None, None]
    assert event_json(dealt, 8)["version"] == 8
