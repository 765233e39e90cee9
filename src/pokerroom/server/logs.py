"""Structured logs for `serve --log-format json`: one JSON object per line and event, with the
table and hand ids when the event concerns one (`extra={"table": ..., "hand": ...}`)."""

from __future__ import annotations

import datetime
import json
import logging
import sys

FIELDS = ("table", "hand", "hand_id", "account", "operator", "action")


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, object] = {
            "ts": datetime.datetime.fromtimestamp(record.created, datetime.UTC)
            .isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        for name in FIELDS:
            value = getattr(record, name, None)
            if value is not None:
                out[name] = value
        if record.exc_info:
            out["exception"] = self.formatException(record.exc_info)
        return json.dumps(out, default=str)


def configure(log_format: str, level: int = logging.INFO) -> None:
    """Send every log line to stderr, as JSON ("json") or as before ("text")."""
    if log_format != "json":
        return
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logger = logging.getLogger(name)
        logger.handlers[:] = []
        logger.propagate = True
