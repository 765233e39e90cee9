"""The fan-out: runners publish messages to channels; whoever holds a client's socket subscribes
that client. Runners hold no sockets (DESIGN section 6).

    fanout = LocalFanOut()
    fanout.subscribe(table_channel("antares-1"), conn)      # an observer of the table
    fanout.subscribe(account_channel(7), conn)              # everything meant for account 7
    fanout.publish(table_channel("antares-1"), message, skip=frozenset({7, 9}))
    fanout.publish(account_channel(7), message_for_7)

Channels: `table:<id>` carries what every observer of a table may see; `account:<id>` what one
account may see (its own view of each table it plays at, its own picture of each tournament
it entered, its balance, its notices); `tournament:<id>` what every follower of a tournament
may see (its summary; services.tournament_hall); `table:<tournament>/<n>` the chat of one
tournament table for its observers; `lobby` the lobby feed. A message is always
already filtered for its channel's audience by the table's owner, through the core's views:
nothing unfiltered is ever published. `skip` names
the accounts that get their own copy on their account channel, so a player watching a table
they play at is not sent the observers' copy too.

A published message (services.outbound) is encoded once, into a `Frame`, and that one frame
goes to every subscriber of the channel: JSON is built once per audience, never per socket
(issue 11). A publisher may hand over the frame itself, already encoded (a table's fan-out
encodes the part its viewers share once).

`LocalFanOut` serves one process. Several nodes use an implementation with the same
interface over a shared bus (services.redis_fanout: the frame's JSON crosses Redis as it is),
each node delivering to the subscribers it holds.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Protocol

from pokerroom.services.outbound import Frame, Outbound, encode

LOBBY = "lobby"


def table_channel(table_id: str) -> str:
    return f"table:{table_id}"


def tournament_channel(tournament_id: str) -> str:
    return f"tournament:{tournament_id}"


def tournament_table_channel(tournament_id: str, table: int) -> str:
    """The chat of one tournament table for its observers (its players hear it on their
    account channels, wherever their sockets are: services.tournament_chat)."""
    return f"table:{tournament_id}/{table}"


def account_channel(account_id: int) -> str:
    return f"account:{account_id}"


class Subscriber(Protocol):
    """A client as the fan-out sees it: who it is, and a send that never blocks."""

    account_id: int | None

    def send(self, frame: Frame) -> None: ...


class FanOut(Protocol):
    def publish(self, channel: str, message: Outbound | Frame, *,
                skip: Collection[int] = ()) -> None: ...

    def subscribe(self, channel: str, subscriber: Subscriber) -> None: ...

    def unsubscribe(self, channel: str, subscriber: Subscriber) -> None: ...

    def wants(self, channel: str) -> bool:
        """False only when nobody can be listening (so a publisher may skip building the
        message); an implementation that cannot tell answers True."""
        ...


class LocalFanOut:
    """One process: channels are sets of subscribers in memory."""

    def __init__(self) -> None:
        self._channels: dict[str, set[Subscriber]] = {}

    def publish(self, channel: str, message: Outbound | Frame, *,
                skip: Collection[int] = ()) -> None:
        if channel in self._channels:  # nobody listening: not even encoded
            self.deliver(channel, message if isinstance(message, Frame) else encode(message),
                         skip)

    def deliver(self, channel: str, frame: Frame, skip: Collection[int] = ()) -> None:
        """Hand an encoded message to this process's subscribers of `channel`: the same
        frame to each (a frame is immutable)."""
        for subscriber in list(self._channels.get(channel, ())):
            if subscriber.account_id is not None and subscriber.account_id in skip:
                continue
            subscriber.send(frame)

    def subscribe(self, channel: str, subscriber: Subscriber) -> None:
        self._channels.setdefault(channel, set()).add(subscriber)

    def unsubscribe(self, channel: str, subscriber: Subscriber) -> None:
        members = self._channels.get(channel)
        if members is not None:
            members.discard(subscriber)
            if not members:
                del self._channels[channel]

    def wants(self, channel: str) -> bool:
        return bool(self._channels.get(channel))
