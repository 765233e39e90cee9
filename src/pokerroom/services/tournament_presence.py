"""Where each player's sockets are, as the nodes of a cluster tell each other (R-TOURN-5).

A tournament player whose last socket closes is away at once, wherever the director runs
(services.tournament_hall). On a cluster the sockets of one player may be on several nodes,
and a node may die without closing anything: each node tells the others when it holds a
player's first socket or has closed its last one, and every node keeps this map. A player is
away when no live node holds a socket of theirs: their last one closed, or the nodes holding
them died (their heartbeat expired) or restarted. An account never heard of is not counted
away (a node that joined later does not know the sockets opened before it).
"""

from __future__ import annotations

from collections.abc import Iterable


class Presence:
    def __init__(self) -> None:
        self.on: dict[int, set[str]] = {}  # account -> the nodes holding a socket of it

    def opened(self, account: int, node: str) -> None:
        self.on.setdefault(account, set()).add(node)

    def closed(self, account: int, node: str) -> bool:
        """`node` closed the account's last socket there: True when no node is known to hold
        one now (the account is away)."""
        nodes = self.on.setdefault(account, set())
        nodes.discard(node)
        return not nodes

    def forget_nodes(self, gone: Iterable[str]) -> list[int]:
        """The nodes `gone` hold no socket any more (died, or restarted): the accounts whose
        last sockets they held, now away."""
        gone = set(gone)
        out = []
        for account, nodes in self.on.items():
            if nodes & gone:
                nodes -= gone
                if not nodes:
                    out.append(account)
        return sorted(out)

    def keep_alive(self, alive: Iterable[str]) -> list[int]:
        """Only `alive` nodes hold sockets: as forget_nodes of every other node heard of."""
        alive = set(alive)
        return self.forget_nodes({n for nodes in self.on.values() for n in nodes} - alive)

    def away(self, account: int) -> bool:
        """Known, and no node holds a socket of it."""
        return account in self.on and not self.on[account]
