"""services.tournament_presence: a player is away when no live node holds a socket of theirs
(R-TOURN-5 on a cluster)."""

from __future__ import annotations

from pokerroom.services.tournament_presence import Presence


def test_R_TOURN_5_away_only_when_no_live_node_holds_a_socket() -> None:
    """R-TOURN-5: a socket closed on one node while another holds one: present; the nodes
    holding the last sockets die: away; an account never heard of is not counted away."""
    p = Presence()
    p.opened(7, "a")
    p.opened(7, "b")
    p.opened(8, "b")
    assert p.closed(7, "a") is False and not p.away(7)
    assert p.keep_alive({"a", "b"}) == []
    assert p.keep_alive({"a"}) == [7, 8]  # b died
    assert p.away(7) and p.away(8) and not p.away(9)
    p.opened(7, "c")  # back on another node
    assert not p.away(7)
    assert p.forget_nodes({"c"}) == [7]  # c restarted: it holds nothing
    assert p.keep_alive({"a"}) == []  # (an account counted once)
