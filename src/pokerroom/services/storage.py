"""The storage the services run on, as whoever wires them (the server, the CLI) sees it: open
it, hand it to the services, close it. The server reaches the database only through the
services (DESIGN section 1); this module is that one door."""

from __future__ import annotations

from pokerroom.storage.database import Database, open_database
from pokerroom.storage.meter import storage_cpu_ns
from pokerroom.storage.records import encode_record

__all__ = ["Database", "encode_record", "open_database", "storage_cpu_ns"]
