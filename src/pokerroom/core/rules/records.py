"""`fast_init`: a 3x cheaper `__init__` for frozen slotted dataclasses on the hot path.

A frozen dataclass's generated `__init__` sets each field through `object.__setattr__`;
calling the slot descriptors' `__set__` directly does the same work without the generic
lookup. The record stays frozen (assignment after construction still raises), equal and
hashable as before. Used for events and LegalActions, built many times per hand.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def fast_init(cls: type[T]) -> type[T]:
    """Replace the dataclass `cls`'s `__init__` by one writing slots directly."""
    params: list[str] = []
    body: list[str] = []
    namespace: dict[str, Any] = {}
    keyword_only = False
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        if f.kw_only and not keyword_only:
            params.append("*")
            keyword_only = True
        if f.default is not dataclasses.MISSING:
            namespace[f"_d_{f.name}"] = f.default
            params.append(f"{f.name}=_d_{f.name}")
        else:
            params.append(f.name)
        namespace[f"_s_{f.name}"] = getattr(cls, f.name).__set__
        body.append(f"    _s_{f.name}(self, {f.name})")
    source = f"def __init__(self, {', '.join(params)}):\n" + ("\n".join(body) or "    pass") + "\n"
    exec(source, namespace)  # noqa: S102 - generated from the dataclass's own fields
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    setattr(cls, "__init__", init)  # noqa: B010 - replacing the generated method
    return cls


def positional_maker(cls: type[T]) -> Callable[..., T]:
    """A constructor taking every field positionally, in field order (hot paths only).

    Same result as `cls(**fields)`, without keyword parsing or defaults: callers pass all.
    The fields are stored into a twin of `cls` (a subclass adding no slots, with the plain
    `__setattr__`, so plain attribute stores) whose `__class__` then becomes `cls`: about
    twice as fast as calling each slot's setter, and the object is an ordinary, frozen `cls`
    afterwards. A subclass rather than a separate class with the same slots: CPython then
    accepts the `__class__` change without comparing the two classes' slots (10% faster).
    Both `__setattr__` and `__delattr__` are the plain ones, or the attribute stores would
    not take the interpreter's fast path (they share one type slot). The twin is made by
    calling it, with object's `__init__`: cheaper than `object.__new__(twin)`, which goes
    through a wrapper that copies its arguments.
    """
    names = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
    params = ", ".join(names)
    twin = type(f"_{cls.__name__}Twin", (cls,), {
        "__slots__": (), "__setattr__": object.__setattr__, "__delattr__": object.__delattr__,
        "__init__": object.__init__,
    })  # fmt: skip
    namespace: dict[str, Any] = {"_cls": cls, "_twin": twin}
    body = "".join(f"    o.{name} = {name}\n" for name in names)
    source = f"def make({params}):\n    o = _twin()\n{body}    o.__class__ = _cls\n    return o\n"
    exec(source, namespace)  # noqa: S102 - generated from the dataclass's own fields
    maker: Callable[..., T] = namespace["make"]
    try:
        probe = maker(*range(len(names)))
        ok = type(probe) is cls and all(getattr(probe, n) == k for k, n in enumerate(names))
    except TypeError:  # layouts not compatible (never for a plain slotted dataclass)
        ok = False
    if ok:
        return maker
    namespace = {"_new": object.__new__, "_cls": cls}
    for name in names:
        namespace[f"_s_{name}"] = getattr(cls, name).__set__
    body = "".join(f"    _s_{name}(o, {name})\n" for name in names)
    source = f"def make({params}):\n    o = _new(_cls)\n{body}    return o\n"
    exec(source, namespace)  # noqa: S102 - generated from the dataclass's own fields
    fallback: Callable[..., T] = namespace["make"]
    return fallback
