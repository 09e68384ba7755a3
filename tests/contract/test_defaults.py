"""Every request default lives in one place: ``openapi.yaml``.

The contract declares a member's default; :class:`~service.api.contract.Defaults` writes it
into a body that left the member out, before the wire loaders run; and no code writes one of
its own (no ``.get(name, default)``, no ``value or <literal>``, no marshmallow ``load_default``
in the code that turns requests into core values).
"""

from __future__ import annotations

import ast
import copy
from pathlib import Path
from typing import Any

import pytest

from service.api.contract import SPEC
from service.api.loading import load
from tests.support.contract import openapi_document

ROOT = Path(__file__).resolve().parents[2]
COMPONENTS = openapi_document()["components"]["schemas"]
# The code between a parsed body and the core: the loaders, the loading step, the views.
LOADING_CODE = sorted(
    [*(ROOT / "service/api/wire").glob("*.py"), *(ROOT / "service/api").glob("*.py")], key=lambda p: p.name
)


def member_default(sub: dict[str, Any]) -> tuple[Any, ...]:
    """``(default,)`` of a member as the contract writes it (``allOf: [{default: ...}]`` beside
    its keywords, where openapi-typescript leaves the member optional: test_split_schemas.py), or
    ``()``."""
    return tuple(part["default"] for part in sub.get("allOf", ()) if "default" in part)[:1]


def contract_defaults() -> list[tuple[str, str, Any]]:
    """(component, member, default) for every member with a ``default``, read from the yaml here."""
    found = []
    for name, schema in COMPONENTS.items():
        for member, sub in schema.get("properties", {}).items():
            if member_default(sub):
                found.append((name, member, member_default(sub)[0]))
    return found


def test_the_contract_declares_the_defaults_the_service_applies() -> None:
    # All in requests (an answer's members have none: test_split_schemas.py): the 24 of the game
    # and the other operations, the event file's 11 (its three lists, sitting_out, tie_break,
    # seed_by, the printed sheet, a roster line's joined, points, spread; a bye's kind), the Swiss request's `fixed`,
    # `avoid` and `withdrawn`, the match request's `conceded`, and the ratings request's `games`, `players` and `initial` (empty).
    assert len(contract_defaults()) == 42
    assert sorted(map(repr, SPEC.defaults.declared())) == sorted(map(repr, contract_defaults()))


@pytest.mark.parametrize(("component", "member", "default"), contract_defaults(), ids=lambda v: str(v)[:24])
def test_a_member_left_out_gets_the_contracts_default(component: str, member: str, default: Any) -> None:
    body: dict[str, Any] = {}
    SPEC.defaults.fill(component, body)
    expected = copy.deepcopy(default)
    ref = COMPONENTS[component]["properties"][member].get("$ref", "").rsplit("/", 1)[-1]
    if isinstance(expected, dict) and ref:  # a default object gets its own members' defaults too
        expected |= {
            name: member_default(sub)[0]
            for name, sub in COMPONENTS[ref].get("properties", {}).items()
            if member_default(sub)
        }
    assert body[member] == expected
    given: dict[str, Any] = {member: None}  # a member sent (null here) is never replaced
    SPEC.defaults.fill(component, given)
    assert given[member] is None


def test_a_default_list_is_a_fresh_list_each_time() -> None:
    first: dict[str, Any] = {}
    SPEC.defaults.fill("NewGameRequest", first)
    first["computer"].append("changed")
    second: dict[str, Any] = {}
    SPEC.defaults.fill("NewGameRequest", second)
    assert second["computer"] == []


def test_defaults_reach_nested_members_and_the_form_a_body_takes() -> None:
    body = {"state": "x", "seat": 0, "computer": [{"seat": 1}], "match": {"length": 5}}
    SPEC.defaults.fill("NewGameRequest", body)
    assert body["computer"] == [{"seat": 1, "level": "standard"}]
    assert body["match"] == {"length": 5, "format": "best_of", "triple_skunk_wins": False, "next_first_dealer": "loser"}
    deal = {"board": {}, "deal": {"pegging": [0, 0], "hands": [0, 0], "crib": 0}}
    SPEC.defaults.fill("DealRequest", deal)
    assert deal["deal"]["heels"] == 0  # the itemised form (DealItems), told apart from DealTotals
    totals = {"board": {}, "deal": {"scores": [10, 4]}}
    SPEC.defaults.fill("DealRequest", totals)
    assert totals["deal"] == {"scores": [10, 4]}


def test_a_body_left_bare_loads_as_one_with_the_defaults_written_out() -> None:
    bare = {"cards": ["5H", "5S", "JD", "4C", "6C", "KS"], "dealer": True}
    spelled = {**bare, "variant": "six_card", "partner_deals": False, "crib_model": "uniform"}
    assert load("DiscardAdviceRequest", dict(bare)) == load("DiscardAdviceRequest", spelled)
    bare = {"entrants": 8}
    assert load("EliminationRequest", dict(bare)) == load(
        "EliminationRequest", {**bare, "double": False, "bracket_reset": True, "results": {}}
    )


def _loading_functions(tree: ast.Module) -> list[ast.AST]:
    """The functions that load requests: those registered with ``@loader(...)``, the ``load_*``
    helpers and what they share (a request's rules, its cards)."""
    functions = [node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)]
    return [
        function
        for function in functions
        if function.name.startswith("load")
        or function.name in ("named_rules", "request_rules", "card_list", "body", "loader", "loaded")
        or any(isinstance(d, ast.Call) and getattr(d.func, "id", "") == "loader" for d in function.decorator_list)
    ]


def _written_defaults(path: Path) -> list[str]:
    """Defaults written in code: ``x.get(name, default)``, ``... or <literal>``, ``load_default=``."""
    found = []
    tree = ast.parse(path.read_text(), str(path))
    for node in (inner for function in _loading_functions(tree) for inner in ast.walk(function)):
        line = f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', 0)}"
        getter = isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get"
        if getter and (len(node.args) == 2 or node.keywords):  # type: ignore[attr-defined]
            found.append(f"{line} .get with a default")
        if isinstance(node, ast.keyword) and node.arg in ("load_default", "missing"):
            found.append(f"{line} {node.arg}=")
        literals = (ast.Constant, ast.List, ast.Dict, ast.Tuple)
        if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or) and isinstance(node.values[-1], literals):
            found.append(f"{line} or <literal>")
    return found


def test_no_request_default_is_written_in_code() -> None:
    wire = [path for path in LOADING_CODE if path.parent.name == "wire"]
    assert len(wire) >= 10
    assert sum(len(_loading_functions(ast.parse(path.read_text()))) for path in wire) >= 30
    found = [hit for path in wire for hit in _written_defaults(path)]
    assert not found, found


def _views(tree: ast.Module) -> list[ast.FunctionDef]:
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef)
        and any(isinstance(d, ast.Call) and getattr(d.func, "attr", "") == "post" for d in node.decorator_list)
    ]


def test_the_views_and_the_loading_step_write_no_request_default() -> None:
    # A view receives its request loaded: a .get with a default there would be one written in code.
    api = [path for path in LOADING_CODE if path.parent.name == "api"]
    views = [(path, view) for path in api for view in _views(ast.parse(path.read_text()))]
    assert len(views) >= 26
    found = [
        f"{path.name}:{node.lineno}"
        for path, view in views
        for node in ast.walk(view)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "get"
        and len(node.args) == 2
    ]
    found += _written_defaults(ROOT / "service/api/loading.py")
    assert not found, found
