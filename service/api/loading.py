"""From a request to core values, one way for every operation.

A view decorated with :func:`body` receives its request as core values. The body is read
(:func:`.http.bodies.read_json`: media type, size, JSON), checked against its operation's
schema in ``openapi.yaml`` (:meth:`.contract.Spec.check`: a 400 with a pointer per offending
member), given the defaults the contract declares (:meth:`.contract_defaults.Defaults.fill`, as connexion
fills them: after validation), and turned into core values by the loader registered for its
component in :mod:`.wire` (:data:`.wire.LOADERS`). The express lane (:mod:`.http.express`)
takes the same four steps through :func:`loaded`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from ..core.errors import InvalidEvent
from .contract import DEFAULT_LIMIT, SPEC, ContractViolation
from .http.bodies import collector_paused, read_json
from .wire import LOADERS, advice, boards, coach, director, events, games, hands, pegging, tournaments

# Each wire module registers its loaders as it is imported: all of them, before any is looked up.
_REGISTERING = (advice, boards, coach, director, events, games, hands, pegging, tournaments)


def loader(component: str) -> Callable[[Any], Any]:
    """What turns a valid body of ``component`` into core values: its defaults, then its loader."""
    load = LOADERS[component]
    fill = SPEC.defaults.filler(component)
    if fill is None:
        return load

    def filled(data: Any) -> Any:
        fill(data)
        return load(data)

    return filled


def load(component: str, data: Any) -> Any:
    """A body already checked against ``component`` (a batch's entry), as core values."""
    return loader(component)(data)


def loaded(operation_id: str) -> Callable[[Any], Any]:
    """The loader of an operation's body (its component's, by the contract)."""
    return loader(SPEC.bodies[operation_id])


Behind = Callable[[str, Any, ContractViolation], ContractViolation]


def body(operation_id: str, behind: Behind | None = None) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Decorate a view: read the JSON body, check it against the contract, fill its defaults,
    load it, and pass the core values in. ``behind``: what else a body breaking the contract
    is found to break (the event file's rules, :func:`.event_checks.rules_behind`), in the same 400."""
    if operation_id not in SPEC.validators:
        raise KeyError(f"openapi.yaml has no request body for {operation_id}")
    bulk = SPEC.limits[operation_id][0] != DEFAULT_LIMIT
    to_values = loaded(operation_id)

    def check(operation_id: str, data: Any) -> None:
        try:
            SPEC.check(operation_id, data)
        except ContractViolation as error:
            if behind is None:
                raise
            raise behind(operation_id, data, error) from None

    def decorate(view: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(view)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            if bulk:
                with collector_paused():
                    data = read_json(operation_id)
                    check(operation_id, data)
                    return view(_pointed(to_values, data), *args, **kwargs)
            data = read_json(operation_id)
            check(operation_id, data)
            return view(_pointed(to_values, data), *args, **kwargs)

        return wrapper

    return decorate


def _pointed(to_values: Callable[[Any], Any], data: Any) -> Any:
    """The body's values; a name the loader refuses (a control character in it: the names'
    one reader, :class:`~..core.tournaments.roster.Spellings`, does not know where it sits)
    pointed at its first place in the body."""
    try:
        return to_values(data)
    except InvalidEvent as error:
        if error.pointer is None and error.said is not None and error.said.key == "name_control":
            error.pointer = _first_place(data, error.said.params.get("name"))
        raise


def _first_place(data: Any, value: Any, at: str = "") -> str | None:
    """The JSON pointer of the first string ``value`` in ``data`` (depth first, in order).

    >>> _first_place({"games": [{"players": ["ann", "b/b"]}], "byes": ["b/b"]}, "b/b")
    '/games/0/players/1'
    """
    if isinstance(data, str):
        return at if data == value else None
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for key, item in items:
        found = _first_place(item, value, f"{at}/{str(key).replace('~', '~0').replace('/', '~1')}")
        if found is not None:
            return found
    return None
