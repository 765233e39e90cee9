"""`pokerroom deal`: deal one hold'em hand to N players and show every hand's value and the winner.

A terminal demo of the evaluator end to end (R-RANK-1, R-RANK-2, R-RANK-4, R-TIE-1): decks
come from the CSPRNG (`SecureDeckSource`) unless `--seed` asks for a repeatable one.
"""

from __future__ import annotations

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from pokerroom.core.cards import Card, Suit
from pokerroom.core.evaluation import HandValue, evaluate_high
from pokerroom.services.decks import SecureDeckSource, SeededDeckSource

MAX_PLAYERS = 22  # 2 hole cards each + 3 burns + 5 board cards <= 52
SUIT_STYLES = {Suit.CLUBS: "green", Suit.DIAMONDS: "blue", Suit.HEARTS: "red", Suit.SPADES: "white"}


def deal_holdem(deck: tuple[int, ...], players: int) -> tuple[list[tuple[int, int]], list[int]]:
    """Hole cards dealt one at a time round the table, then burn-and-turn the board."""
    holes = [(deck[i], deck[i + players]) for i in range(players)]
    rest = deck[2 * players :]
    board = [rest[1], rest[2], rest[3], rest[5], rest[7]]  # burns at rest[0], rest[4], rest[6]
    return holes, board


def winners(values: list[HandValue]) -> list[int]:
    """Seats holding the best value: ties split, suits never decide (R-TIE-1)."""
    best = max(values)
    return [seat for seat, value in enumerate(values) if value == best]


def styled(codes: tuple[int, ...] | list[int]) -> Text:
    text = Text()
    for i, code in enumerate(codes):
        card = Card.from_code(code)
        text.append(("" if i == 0 else " ") + str(card), style=f"bold {SUIT_STYLES[card.suit]}")
    return text


def deal(
    players: int = typer.Option(6, "--players", "-n", min=2, max=MAX_PLAYERS, help="Players dealt in."),
    seed: int | None = typer.Option(None, "--seed", help="Repeatable deck (default: the CSPRNG)."),
) -> None:
    """Deal a hold'em hand to N players; show each hand's value and the winner(s)."""
    source = SecureDeckSource() if seed is None else SeededDeckSource(seed)
    holes, board = deal_holdem(source.next_deck(), players)
    values = [evaluate_high([*hole, *board]) for hole in holes]
    won = set(winners(values))

    console = Console()
    console.print(Text("Board: ").append_text(styled(board)))
    table = Table(title="Hold'em showdown" + ("" if seed is None else f" (seed {seed})"))
    table.add_column("Seat", justify="right")
    table.add_column("Hole")
    table.add_column("Best hand")
    table.add_column("")
    for seat, (hole, value) in enumerate(zip(holes, values, strict=True)):
        mark = "[bold yellow]wins[/]" if seat in won and len(won) == 1 else ""
        if seat in won and len(won) > 1:
            mark = "[bold yellow]splits[/]"
        table.add_row(str(seat + 1), styled(hole), str(value), mark)
    console.print(table)
    names = ", ".join(f"seat {s + 1}" for s in sorted(won))
    verb = "wins" if len(won) == 1 else "split the pot"
    console.print(f"[bold]{names} {verb}[/] with {values[min(won)]}")


def register(app: typer.Typer) -> None:
    app.command("deal")(deal)
