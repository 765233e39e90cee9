"""The fair deck of docs/FAIRNESS.md: pure, exactly the specified steps, unbiased."""

from __future__ import annotations

import hashlib
import hmac

import pytest

from pokerroom.core.errors import RuleViolationError
from pokerroom.core.fairness import check_client_seed, commitment, fair_deck, random_stream

SEED = bytes(range(32))


def test_commitment_is_the_sha256_of_the_seed_in_lowercase_hex() -> None:
    assert commitment(SEED) == hashlib.sha256(SEED).hexdigest()
    assert commitment(SEED) == commitment(SEED).lower() and len(commitment(SEED)) == 64


def test_the_stream_is_hmac_sha256_of_the_joined_client_seeds_and_a_counter() -> None:
    stream = random_stream(SEED, ["a", "b c"])
    words = [next(stream) for _ in range(16)]
    first = hmac.new(SEED, b"a,b c:0", hashlib.sha256).digest()
    second = hmac.new(SEED, b"a,b c:1", hashlib.sha256).digest()
    assert words[:8] == [int.from_bytes(first[k:k + 4], "big") for k in range(0, 32, 4)]
    assert words[8:] == [int.from_bytes(second[k:k + 4], "big") for k in range(0, 32, 4)]


def test_the_deck_is_fisher_yates_from_51_down_with_rejection_sampling() -> None:
    """An independent transcription of the specification gives the same deck."""
    seeds = ["alice", "0123456789abcdef"]
    stream = random_stream(SEED, seeds)
    cards = list(range(52))
    for i in range(51, 0, -1):
        while True:
            x = next(stream)
            if x < (2**32 // (i + 1)) * (i + 1):
                break
        j = x % (i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    assert fair_deck(SEED, seeds) == tuple(cards)
    assert sorted(cards) == list(range(52))


def test_every_client_seed_changes_the_deck_and_the_same_seeds_give_the_same_deck() -> None:
    base = fair_deck(SEED, ["a", "b"])
    assert fair_deck(SEED, ["a", "b"]) == base
    assert fair_deck(SEED, ["b", "a"]) != base  # seat order matters
    assert fair_deck(SEED, ["a", "c"]) != base
    assert fair_deck(bytes(32), ["a", "b"]) != base


def test_rejection_sampling_skips_words_at_or_above_the_limit(monkeypatch) -> None:
    """A word at the top of the range is refused and the next one taken (no modulo bias)."""
    import pokerroom.core.fairness as fairness

    words = iter([2**32 - 1] + [0] * 60)  # 2**32 - 1 is above floor(2**32/52)*52
    monkeypatch.setattr(fairness, "random_stream", lambda *_: words)
    deck = fairness.fair_deck(SEED, ["x"])
    # Every accepted j is 0: each step swaps position i with 0.
    expected = list(range(52))
    for i in range(51, 0, -1):
        expected[i], expected[0] = expected[0], expected[i]
    assert deck == tuple(expected)
    assert next(words) == 0  # one refused, then exactly 51 accepted: the rest is left


@pytest.mark.parametrize("bad", ["", "x" * 65, "caf\u00e9", "tab\there", "new\nline"])
def test_a_client_seed_is_1_to_64_printable_ascii_characters(bad: str) -> None:
    with pytest.raises(RuleViolationError) as err:
        check_client_seed(bad)
    assert err.value.rule_id == "client_seed"


def test_printable_ascii_seeds_are_accepted() -> None:
    assert check_client_seed(" ~") == " ~"
    assert check_client_seed("x" * 64) == "x" * 64


def test_the_server_seed_must_be_32_bytes() -> None:
    with pytest.raises(RuleViolationError):
        fair_deck(b"short", ["a"])
