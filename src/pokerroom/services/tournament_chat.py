"""Chat at a tournament table, as at a cash table (docs/PROTOCOL.md 2.6).

A line goes to the players seated at that table now, on their account channels (so it
reaches every socket of theirs, and follows them when they are moved), and to the sockets
watching the table (`tournament_watch`: the table's channel, services.fanout), nowhere
else. The gateway checks the length and the rate (server.dispatch: the cash tables' limits,
one budget per account for both); here, at the director's node: the sender sits at the
table or watches it.
"""

from __future__ import annotations

from typing import Any

from pokerroom.services import clock
from pokerroom.services.fanout import FanOut, account_channel, tournament_table_channel
from pokerroom.services.outbound import ChatLine
from pokerroom.services.refusal import RefusedError
from pokerroom.services.tournament_director import account_of


def seated_accounts(d: Any, table: int) -> set[int]:
    """The accounts seated at table `table` of director `d`'s tournament now."""
    x = d.t.tables.get(table)
    return set() if x is None else {account_of(e) for e in x.seats if e is not None}


def publish_chat(fanout: FanOut, d: Any, table: int, account_id: int, name: str, text: str,
                 *, watching: bool) -> None:
    """Say `text` at table `table` of `d`'s tournament; refused (`not_at_table`, nothing
    sent) unless the sender sits there or (`watching`) their socket watches it."""
    seated = seated_accounts(d, table)
    if account_id not in seated and not (watching and table in d.t.tables):
        raise RefusedError("not_at_table", f"chat at a table of {d.id} where you sit or that "
                           "you watch (tournament_watch first)")
    line = ChatLine(table=f"{d.id}/{table}", name=name, text=text, now_ms=clock.now_ms())
    for account in sorted(seated):
        fanout.publish(account_channel(account), line)
    fanout.publish(tournament_table_channel(d.id, table), line, skip=seated)
