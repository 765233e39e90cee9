"""Who a seat belongs to: the room's account id (an int, the same from the socket to the
ledger); scenarios and tests of the core name their players instead. The table only compares
and keys by it."""

from __future__ import annotations

Account = int | str
