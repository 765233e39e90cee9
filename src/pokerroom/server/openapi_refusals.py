"""Every operation's refusals in /openapi.json (issue 12's standing suite checks them).

Two kinds of refusal, documented in two ways:
- what an operation refuses for its own reasons (an unknown hand 404, a hand in progress 409,
  ...) is written where it is raised, with `responses=refusals(...)` on the operation;
- what follows from how an operation is built is added here to every operation, from the
  route itself, so an operation added later is documented without anyone remembering to:
  - a dependency marked with `refuses(...)` (a session: 401 and the per-account REST limit
    429; the console's operator role: 403 as well) adds its codes;
  - a request body: 400 (not JSON), 413 (over the guard's limit, server.guard) and 422;
  - any parameter or body: 422 (FastAPI's validation list, or the room's own refusal).
Every refusal body is a `Refusal` (`{"detail": {...}}`, or FastAPI's validation list).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from fastapi import FastAPI, routing
from fastapi.dependencies.models import Dependant
from fastapi.routing import APIRoute
from starlette.routing import BaseRoute

F = TypeVar("F", bound=Callable[..., Any])

DESCRIPTIONS = {
    400: "Refused: the body is not JSON",
    401: "Refused: not logged in, or wrong credentials",
    403: "Refused: not allowed (a locked account, a bot account, not an operator)",
    404: "Refused: no such thing (or not yours)",
    409: "Refused: a conflict with the current state",
    413: "Refused: the body is over the limit",
    422: "Refused: invalid input (FastAPI's validation list, or the room's refusal)",
    429: "Refused: too many requests; `retry_after_s` says when to try again",
    501: "Refused: not available on this server",
    503: "Not ready",
}
REFUSAL_REF = {"$ref": "#/components/schemas/Refusal"}


def refuses(*codes: int) -> Callable[[F], F]:
    """Mark a dependency with the refusals any operation using it may answer."""

    def mark(fn: F) -> F:
        fn.__dict__["__refusals__"] = tuple(codes)
        return fn

    return mark


def _dependency_codes(dependant: Dependant) -> set[int]:
    codes: set[int] = set()
    for dep in dependant.dependencies:
        codes |= set(getattr(dep.call, "__refusals__", ()))
        codes |= _dependency_codes(dep)
    return codes


def structural_codes(route: APIRoute) -> set[int]:
    """The refusals that follow from the route's dependencies, body and parameters."""
    dependant = route.dependant
    codes = _dependency_codes(dependant)
    if route.body_field is not None:
        codes |= {400, 413, 422}
    if _params(dependant):
        codes.add(422)
    return codes


def _params(dependant: Dependant) -> bool:
    if dependant.path_params or dependant.query_params or dependant.header_params:
        return True
    return any(_params(dep) for dep in dependant.dependencies)


def document(schema: dict[str, Any], routes: Iterable[BaseRoute]) -> dict[str, Any]:
    """Add the structural refusals of every operation to an OpenAPI schema (in place)."""
    from pokerroom.server.rest import Refusal  # the one refusal body

    components = schema.setdefault("components", {}).setdefault("schemas", {})
    if "Refusal" not in components:
        components["Refusal"] = Refusal.model_json_schema(
            ref_template="#/components/schemas/{model}")
    for path, methods, route in _api_routes(routes):
        if not route.include_in_schema:
            continue
        ops = schema.get("paths", {}).get(path, {})
        for method in methods:
            op = ops.get(method.lower())
            if op is None:
                continue
            responses = op.setdefault("responses", {})
            for code in sorted(structural_codes(route)):
                entry = {"description": DESCRIPTIONS.get(code, "Refused"),
                         "content": {"application/json": {"schema": REFUSAL_REF}}}
                if code == 422:
                    # FastAPI's own 422 entry allows only its validation list; the room's
                    # refusals are 422 too: the Refusal body allows both.
                    responses[str(code)] = entry
                else:
                    responses.setdefault(str(code), entry)
    return schema


def _api_routes(routes: Iterable[BaseRoute]) -> Iterable[tuple[str, set[str], APIRoute]]:
    """Every APIRoute with its full path, included routers' too (FastAPI includes them
    lazily: `iter_route_contexts` walks them as FastAPI's own OpenAPI does)."""
    contexts = getattr(routing, "iter_route_contexts", None)
    if contexts is None:  # an older FastAPI: included routes are copied into the app's list
        for route in routes:
            if isinstance(route, APIRoute):
                yield route.path_format, route.methods, route
        return
    for context in contexts(list(routes)):
        route = context.original_route
        if isinstance(route, APIRoute):
            yield context.path_format or route.path_format, context.methods or route.methods, route


def install(app: FastAPI) -> None:
    """Serve /openapi.json with every operation's structural refusals added."""
    plain = app.openapi

    def openapi() -> dict[str, Any]:
        # FastAPI rebuilds its schema when routes were added since; adding is idempotent
        return document(plain(), app.routes)

    app.openapi = openapi  # type: ignore[method-assign]
