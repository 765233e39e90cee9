"""Sealing a deal's server seed while it is in play (docs/FAIRNESS.md, "A hand cut by a crash").

The server seed must stay secret until the hand is over, yet survive a crash: a hand voided
by a crash reveals its seed (so the player can check it against the commitment), and a UTH
round cut by a crash is finished with its own deck. So the row of a deal in progress holds
the seed *sealed*: XOR-ed with HMAC-SHA256(seal key, "pokerroom-seal:" + commitment). The
commitment is unique per seed, so each pad is used once; without the key the sealed text is
indistinguishable from random, and with it `open` returns the seed only if its SHA-256 is the
commitment (a wrong key gives None, never a wrong seed).

The seal key is 32 random bytes in a file kept outside the database (`serve --seal-key PATH`,
default: beside a SQLite file as `<file>.seal-key`, else `./pokerroom-seal.key`), created
with mode 0600 on the first start. A reader of the database or of its backup alone learns
nothing of a deal in play; someone holding both files could, as could someone reading the
server's memory. Nodes sharing one room must share the key file.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from pathlib import Path

from sqlalchemy.engine import make_url

KEY_BYTES = 32


class SealKey:
    def __init__(self, key: bytes, path: Path | None = None) -> None:
        if len(key) != KEY_BYTES:
            raise ValueError(f"a seal key is {KEY_BYTES} bytes")
        self._key = key
        self.path = path

    @classmethod
    def load_or_create(cls, path: Path) -> SealKey:
        """The key in `path` (hex), made on the first start (0600: the room's user only)."""
        if not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
            try:
                fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            except FileExistsError:
                pass  # another process made it first
            else:
                with os.fdopen(fd, "w") as f:
                    f.write(secrets.token_hex(KEY_BYTES) + "\n")
        return cls(bytes.fromhex(path.read_text().strip()), path)

    @classmethod
    def ephemeral(cls) -> SealKey:
        """A key in memory only (an in-memory database: nothing survives a crash anyway)."""
        return cls(secrets.token_bytes(KEY_BYTES))

    def _pad(self, commitment: str) -> bytes:
        return hmac.new(self._key, b"pokerroom-seal:" + commitment.encode("ascii"),
                        hashlib.sha256).digest()

    def seal(self, server_seed: bytes, commitment: str) -> str:
        """The sealed seed as 64 hex characters, for the row of the deal in progress."""
        return bytes(a ^ b for a, b in zip(server_seed, self._pad(commitment), strict=True)).hex()

    def open(self, sealed: str, commitment: str) -> bytes | None:
        """The server seed, or None (nothing sealed, another key, a damaged value)."""
        try:
            raw = bytes.fromhex(sealed)
        except ValueError:
            return None
        if len(raw) != KEY_BYTES or not commitment:
            return None
        seed = bytes(a ^ b for a, b in zip(raw, self._pad(commitment), strict=True))
        return seed if hashlib.sha256(seed).hexdigest() == commitment else None


def default_key_path(database_url: str) -> Path | None:
    """Where a room keeps its seal key by default: beside its SQLite file, else in the
    working directory; None for an in-memory database."""
    parsed = make_url(database_url)
    if parsed.get_backend_name() == "sqlite":
        name = parsed.database
        if not name or name == ":memory:" or name.startswith("file:"):
            return None
        return Path(name).with_name(Path(name).name + ".seal-key")
    return Path("pokerroom-seal.key")
