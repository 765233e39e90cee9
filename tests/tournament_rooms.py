"""The small rooms the tournament tests run (server, browser and cluster tests alike): one
cash table beside one sit & go that starts when full, level 10/20 for ten hours (no level
change during a test), buy-in 1,000 + 100."""

from __future__ import annotations

from typing import Any


def sit_and_go_room(name: str, *, tid: str = "duo", title: str = "Heads-up", seats: int = 2,
                    entrants: int = 2, starting_chips: int = 5000,
                    blinds: tuple[int, int] = (10, 20)) -> str:
    """The room's TOML; the sit & go's first instance is `<tid>-1`."""
    return f"""
[room]
name = "{name}"
[[table]]
name = "Cash"
game = "holdem"
betting = "no-limit"
seats = 6
stakes = {{ small_blind = 1, big_blind = 2 }}

[[tournaments]]
id = "{tid}"
name = "{title}"
seats = {seats}
min_entrants = {entrants}
max_entrants = {entrants}
buy_in = 1000
fee = 100
starting_chips = {starting_chips}
levels = [{{ small_blind = {blinds[0]}, big_blind = {blinds[1]}, minutes = 600 }}]
"""


def pictures(client: Any, start: int = 0) -> list[dict[str, Any]]:
    """The tournament pictures a test client (roomharness.Client) received, from index
    `start` on."""
    return [m["view"] for m in client.received[start:] if m.get("type") == "tournament"]


def seat_of(view: dict[str, Any], entry: str) -> dict[str, Any] | None:
    """The seat of `entry` at the table of a picture, if it sits there."""
    table = view.get("table") or {}
    return next((s for s in table.get("seats", []) if s and s["entry"] == entry), None)
