"""The felt draws the main pot and the side pots of a running hand (R-POT-1), in a real browser
with the real client module served by the real server."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect


def test_R_POT_1_felt_labels_main_and_side_pots_with_their_seats(page: Any) -> None:
    """R-POT-1: a view with a main pot and two side pots shows "Main pot", "Side pot 1",
    "Side pot 2", each naming the seats that can win it."""
    page.goto("/")
    # The page is drawn once its words are loaded (web/i18n); the felt below uses them too.
    expect(page.get_by_role("button", name="Log in")).to_be_visible()
    view = {
        "game": "holdem", "seats_total": 4, "hand": 7, "street": "TURN", "button": 0,
        "board": ["As", "Kd", "7h", "2c"], "to_act": 3,
        "seats": [
            {"seat": 0, "name": "ann", "status": "folded", "stack": 290, "bet": 0, "cards": []},
            {"seat": 1, "name": "bob", "status": "all_in", "stack": 0, "bet": 0, "cards": []},
            {"seat": 2, "name": "cyd", "status": "all_in", "stack": 0, "bet": 0, "cards": []},
            {"seat": 3, "name": "dee", "status": "active", "stack": 150, "bet": 0, "cards": []},
        ],
        "pots": [{"amount": 90, "eligible": [1, 2, 3]}, {"amount": 90, "eligible": [2, 3]},
                 {"amount": 200, "eligible": [3]}],
    }
    pots = page.evaluate(
        """async (view) => {
            const { renderFelt } = await import("/js/felt.js");
            const el = renderFelt(view, {});
            document.body.appendChild(el);
            return [...el.querySelectorAll("[data-testid=pots] .pot")].map((p) => ({
                label: p.querySelector(".pot-label").textContent, title: p.title }));
        }""",
        view,
    )
    assert [p["label"] for p in pots] == ["Main pot", "Side pot 1", "Side pot 2"]
    assert "bob, cyd, dee" in pots[0]["title"] and "cyd, dee" in pots[1]["title"]
    assert "bob" not in pots[1]["title"] and pots[2]["title"].endswith("dee")
    assert page.js_errors == []
