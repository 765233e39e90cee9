"""Every kind of runner answers the whole `Runner` protocol with the protocol's parameters.

The server calls whatever runner the lobby returns with the protocol's arguments; a runner
whose method lags behind the protocol (as the cluster's RemoteRunner.act did when draws added
`cards`) fails only at run time, as an 'internal' error to the player, and mypy does not check
the services. A kind that refuses a command outright may take `*args`.
"""

from __future__ import annotations

import inspect

import pytest

from pokerroom.services.remote_runner import RemoteRunner
from pokerroom.services.runner import Runner
from pokerroom.services.table_runner import TableRunner
from pokerroom.services.uth_runner import UthRunner

COMMANDS = sorted(name for name, _ in inspect.getmembers(Runner, inspect.isfunction)
                  if not name.startswith("_"))


@pytest.mark.parametrize("kind", [TableRunner, UthRunner, RemoteRunner])
@pytest.mark.parametrize("command", COMMANDS)
def test_runner_kind_takes_the_protocols_arguments(kind: type, command: str) -> None:
    wanted = list(inspect.signature(getattr(Runner, command)).parameters)
    method = getattr(kind, command, None)
    assert callable(method), f"{kind.__name__} has no {command}"
    got = list(inspect.signature(method).parameters)
    refuses_all = got == ["self", "args"]
    assert got == wanted or refuses_all, f"{kind.__name__}.{command}{got} != Runner{wanted}"


def test_the_table_runners_are_composed_of_parts_not_mixins() -> None:
    """Issue 10: a runner is an actor with parts (seating, waiting list, showing after the
    hand, the operator's commands), each an attribute of a declared type, not a stack of
    mixins whose attributes nobody declares. Its one base is the operated table's actor,
    whose console commands its `ops` part answers."""
    from pokerroom.services.table_ops import OperatedRunner

    assert TableRunner.__bases__ == (OperatedRunner,) == UthRunner.__bases__
    names = inspect.getsource(TableRunner.__init__)
    for part in ("TableSeats(self)", "WaitingSeats(self)", "ShowAfterHand(self)",
                 "TableOperations(self)"):
        assert part in names, part
    assert "TableOperations(self)" in inspect.getsource(UthRunner.__init__)
