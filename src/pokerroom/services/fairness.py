"""The provably fair record of a finished hand or UTH round, and its verification.

`fairness_record` is what `GET /api/hands/{id}/fairness` answers and `pokerroom verify`
checks: the commitment published at the start, the server seed revealed after the end, the
client seeds (seat order) and the deck the hand was dealt from (from its stored record).
`problems` recomputes everything with core.fairness and lists what does not agree (empty:
the deck is the one the seeds determine and the seed is the one committed to).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from pokerroom.core.errors import RuleViolationError
from pokerroom.core.fairness import commitment as commitment_of
from pokerroom.core.fairness import fair_deck
from pokerroom.services.wire import card_text


class NotRevealedError(Exception):
    """The hand has no revealed server seed (still running, or voided by a crash)."""


def fairness_record(*, status: str, commitment: str, server_seed: str,
                    client_seeds: Sequence[str], deck: Sequence[int]) -> dict[str, Any]:
    if status == "in_progress":
        raise NotRevealedError("the hand is still being played: its server seed stays secret")
    if not commitment:
        raise NotRevealedError("this hand was dealt before provably fair deals")
    if not server_seed:
        raise NotRevealedError(
            "the server seed of this hand was never revealed (it was voided by a crash "
            "before seeds were sealed, or the room lost its seal key)")
    return {"commitment": commitment, "server_seed": server_seed,
            "client_seeds": list(client_seeds), "deck": [card_text(c) for c in deck]}


def deck_of(record_text: str, server_seed: str, client_seeds: Sequence[str],
            cards: Sequence[int] | int = 52) -> tuple[int, ...]:
    """The deck a hand or round was dealt from: its stored record's, or, for one voided by a
    crash (no deck is stored while a deal is played), the order its revealed seed and the
    client seeds determine over `cards`. Empty when neither is known."""
    from pokerroom.storage.records import decode_record

    deck = tuple(decode_record(record_text).deck) if record_text else ()
    if not deck and len(server_seed) == 64:
        try:
            deck = fair_deck(bytes.fromhex(server_seed), client_seeds, cards)
        except (ValueError, RuleViolationError):
            return ()
    return deck


def problems(record: dict[str, Any]) -> list[str]:
    """What does not agree in a fairness record (empty when the deal is proven)."""
    out = []
    try:
        seed = bytes.fromhex(record["server_seed"])
    except ValueError:
        return ["server_seed is not hex"]
    if len(record["server_seed"]) != 64 or record["server_seed"] != record["server_seed"].lower():
        out.append("server_seed is not 64 lowercase hex characters")
    if commitment_of(seed) != record["commitment"]:
        out.append("SHA-256(server_seed) differs from the published commitment")
    try:
        # The game's own cards (52, or short-deck's 36), shuffled from code order.
        codes = ["23456789TJQKA".index(t[0]) * 4 + "cdhs".index(t[1]) for t in record["deck"]]
        expected = [card_text(c) for c in fair_deck(seed, record["client_seeds"], codes)]
    except RuleViolationError as exc:
        return [*out, exc.reason]
    if expected != record["deck"]:
        out.append("the deck dealt differs from the deck the seeds determine")
    return out


class NotYoursError(Exception):
    """No such hand or round among the caller's (someone else's looks like a missing one)."""


class InProgressError(Exception):
    """The hand or round is still being played: its proof waits for its end."""


async def hand_proof(db: Any, hand_id: int, account_id: int,
                     cards_of: Callable[[str], Sequence[int] | int] | None = None,
                     ) -> dict[str, Any]:
    """The fairness record of a hand the account played (GET /api/hands/{id}/fairness).
    A hand voided by a crash has no record of its deck: it is the order the revealed seed
    determines over the cards of the game stored with the hand (short-deck: its 36), or for
    a hand stored before the game was kept, `cards_of(table_id)` (the table's deck now;
    default the 52)."""
    from pokerroom.services.decks import deck_cards
    from pokerroom.services.hands import HandStore
    from pokerroom.storage.errors import NotFoundError

    try:
        stored = await HandStore(db).get(hand_id)
    except NotFoundError:
        raise NotYoursError(f"no hand {hand_id}") from None
    if all(s.account_id != account_id for s in stored.seats):
        raise NotYoursError(f"no hand {hand_id}")
    cards = (deck_cards(stored.game) if stored.game
             else cards_of(stored.table_id) if cards_of is not None else 52)
    return _proof(stored.status, stored.commitment, stored.server_seed, stored.client_seeds,
                  stored.record, hand_id, cards)


async def round_proof(db: Any, round_id: int, account_id: int) -> dict[str, Any]:
    """The fairness record of a UTH round of the account's."""
    from pokerroom.services.uth_rounds import UthRounds
    from pokerroom.storage.errors import NotFoundError

    try:
        stored = await UthRounds(db).get(round_id)
    except NotFoundError:
        raise NotYoursError(f"no round {round_id}") from None
    if stored.account_id != account_id:
        raise NotYoursError(f"no round {round_id}")
    return _proof(stored.status, stored.commitment, stored.server_seed, stored.client_seeds,
                  stored.record or stored.state, round_id)


async def my_rounds(db: Any, account_id: int, limit: int) -> list[dict[str, Any]]:
    from pokerroom.services.uth_rounds import UthRounds

    rounds = await UthRounds(db).history(account_id, limit=limit)
    return [{"id": r.id, "table": r.table_id, "status": r.status, "staked": r.staked,
             "payout": r.payout, "started_ms": r.started_ms, "ended_ms": r.ended_ms,
             "commitment": r.commitment or None} for r in rounds]


def _proof(status: str, commitment: str, server_seed: str, client_seeds: tuple[str, ...],
           record_text: str, ident: int, cards: Sequence[int] | int = 52) -> dict[str, Any]:
    if status == "in_progress":
        # Nothing of a deal in play beyond what the table published: never its seed or deck.
        raise InProgressError(f"{ident} is still being played")
    deck = deck_of(record_text, server_seed, client_seeds, cards)
    return {"id": ident, **fairness_record(status=status, commitment=commitment,
                                           server_seed=server_seed, client_seeds=client_seeds,
                                           deck=deck)}
