"""Provably fair decks: the normative steps of docs/FAIRNESS.md, pure (no randomness here).

The server draws a 32-byte server seed (services/decks.py, the CSPRNG) and publishes its
commitment `SHA-256(server_seed)` before any card leaves it; the client seeds of the players
dealt in (seat order) are published with it. The deck is then a function of both:

- start from the cards in code order (code = 4 * rank + suit, cards.py);
- Fisher-Yates from i = size - 1 down to 1, swapping positions i and j, j uniform in [0, i];
- the random bytes are HMAC-SHA256(key=server_seed, msg=",".join(client_seeds) + ":" +
  str(counter)) for counter = 0, 1, 2, ... concatenated; each j takes the next 4 bytes as a
  big-endian unsigned x, accepted only if x < floor(2**32 / (i + 1)) * (i + 1) (rejection
  sampling: no modulo bias), and j = x mod (i + 1).

After the hand the server seed is revealed; anyone can recompute the deck with these steps
(the standalone verifier in docs/FAIRNESS.md does it in about 30 lines, no pokerroom import).
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterator, Sequence

from pokerroom.core.errors import RuleViolationError

SERVER_SEED_BYTES = 32
CLIENT_SEED_MAX = 64


def commitment(server_seed: bytes) -> str:
    """SHA-256 of the server seed, lowercase hex: published before the deal."""
    return hashlib.sha256(server_seed).hexdigest()


def check_client_seed(seed: str) -> str:
    """A client seed is 1-64 printable ASCII characters (space to tilde); else refused."""
    if not 1 <= len(seed) <= CLIENT_SEED_MAX or any(not " " <= ch <= "~" for ch in seed):
        raise RuleViolationError(
            "client_seed", "a client seed is 1 to 64 printable ASCII characters"
        )
    return seed


def random_stream(server_seed: bytes, client_seeds: Sequence[str]) -> Iterator[int]:
    """Unsigned 32-bit integers from the HMAC-SHA256 byte stream, 4 bytes big-endian each."""
    message = ",".join(client_seeds) + ":"
    counter = 0
    while True:
        block = hmac.new(server_seed, (message + str(counter)).encode("ascii"),
                         hashlib.sha256).digest()
        for k in range(0, len(block), 4):
            yield int.from_bytes(block[k:k + 4], "big")
        counter += 1


def fair_deck(server_seed: bytes, client_seeds: Sequence[str],
              cards: Sequence[int] | int = 52) -> tuple[int, ...]:
    """The deck the seeds determine: Fisher-Yates from the top index down, unbiased, over
    `cards` (a deck's card codes, put in code order first; an int n: codes 0..n-1)."""
    if len(server_seed) != SERVER_SEED_BYTES:
        raise RuleViolationError("server_seed", "a server seed is 32 bytes")
    for seed in client_seeds:
        check_client_seed(seed)
    deck = list(range(cards)) if isinstance(cards, int) else sorted(cards)
    size = len(deck)
    stream = random_stream(server_seed, client_seeds)
    for i in range(size - 1, 0, -1):
        n = i + 1
        limit = (2**32 // n) * n
        x = next(stream)
        while x >= limit:
            x = next(stream)
        j = x % n
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)
