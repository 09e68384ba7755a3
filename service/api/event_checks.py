"""Every mistake of an event file in one answer, the contract's and the rules' together.

A body that breaks the contract is a 400, and the rule checks (names, rounds, scores, the
structure of the rounds: :func:`..core.tournaments.event.settle`) would otherwise wait for the
next request. When every contract error is inside one line of the file's lists (a table, a bye,
a scorecard, a name asked to sit out or break a tie), the rest of the file is still the
director's: those lines are set aside, the rest is checked against the rules, and the answer,
still a 400, lists the contract's errors first and then the rules' (each pointing into the body
as sent). A scorecard of a round with a table set aside is not blamed for where it points (its
table, round or player may be the one set aside). Nothing is
checked behind an error outside those lines (a roster line, the rules' settings, the body's
shape): what follows from it would be guesswork.

>>> salvage({"tables": [{"round": 1}, {"round": 1, "table": 2, "players": ["a", "b"]}]},
...         [{"pointer": "/tables/0/table", "detail": "missing"}])
({'tables': [{'round': 1, 'table': 2, 'players': ['a', 'b']}]}, {'tables': [1]}, {1})
>>> salvage({"players": [1, "a"]}, [{"pointer": "/players/0", "detail": "not a string"}]) is None
True
"""

from __future__ import annotations

import re
from typing import Any

from ..core.errors import CribbageError
from ..core.refusals import Said
from ..core.scoring.results import MAX_PROBLEMS
from ..core.tournaments.event import settle
from .contract import SPEC, ContractViolation
from .loading import loaded

LINES = ("tables", "byes", "cards", "sitting_out", "tie_break")  # lists whose lines can be set aside
PLAYOFF = "eventPlayoff"  # the operation whose tie_break is checked with the file (the others take none to check)
_WHERE = ("/table", "/round", "/by", "/forfeit")  # what a card says that depends on its table
_UNKNOWN = ("not_on_roster", "not_on_roster_near")  # ... unless the name is on no table at all
_INTO = re.compile(r"^/(?P<list>[a-z_]+)/(?P<index>\d+)(?P<rest>(/.*)?)$")


def salvage(data: Any, errors: list[dict[str, str]]) -> tuple[dict[str, Any], dict[str, list[int]], set[Any]] | None:
    """The body without the lines the contract refused, where each kept line came from in each
    list, and the round of every table set aside; ``None`` when an error is elsewhere."""
    if not isinstance(data, dict):
        return None
    drop: dict[str, set[int]] = {}
    refused_round: set[int] = set()  # tables whose round the contract refused: any round, then
    for error in errors:
        found = _INTO.match(error["pointer"])
        if found is None or found["list"] not in LINES or not isinstance(data.get(found["list"]), list):
            return None
        drop.setdefault(found["list"], set()).add(int(found["index"]))
        if found["list"] == "tables" and found["rest"].startswith("/round"):
            refused_round.add(int(found["index"]))
    kept = dict(data)
    maps: dict[str, list[int]] = {}
    for name, bad in drop.items():
        lines = data[name]
        maps[name] = [i for i in range(len(lines)) if i not in bad]
        kept[name] = [lines[i] for i in maps[name]]
    tables = {
        # the round of each table set aside (None: a round the contract refused, so any round)
        line["round"] if isinstance(line, dict) and type(line.get("round")) is int and i not in refused_round else None
        for i, line in enumerate(data.get("tables", []))
        if i in drop.get("tables", set())
    }
    return kept, maps, tables


def rules_behind(operation_id: str, data: Any, error: ContractViolation) -> ContractViolation:
    """``error`` with the rule problems of the rest of the event file after its errors (see the
    module's text); ``error`` itself when nothing can be checked behind it."""
    found = salvage(data, error.errors)
    if found is None:
        return error
    kept, maps, set_aside = found
    try:
        SPEC.check(operation_id, kept)
        request = loaded(operation_id)(kept)
        settle(request.event, request.rules, request.tie_break if operation_id == PLAYOFF else ())
    except (ContractViolation, CribbageError) as behind:
        if isinstance(behind, ContractViolation):
            return error
        problems = behind.extra.get("errors") or [
            {"pointer": behind.pointer or "", "detail": behind.said or behind.message}
        ]
        cards = kept.get("cards", [])
        more = []
        for problem in problems:
            pointer = problem["pointer"]
            into = _INTO.match(pointer)
            detail = problem["detail"]
            unknown = isinstance(detail, Said) and detail.key in _UNKNOWN  # a name no table explains
            no_tables = isinstance(detail, Said) and detail.key == "ev_round_no_tables"
            if no_tables and (detail.params.get("round") in set_aside or None in set_aside):
                continue  # the round's tables are the lines set aside
            if into is not None and into["list"] == "cards" and into["rest"] in _WHERE and set_aside and not unknown:
                card = cards[int(into["index"])] if int(into["index"]) < len(cards) else {}
                if card.get("round") in set_aside or None in set_aside:
                    continue  # its table may be the one set aside: the card is not at fault
            more.append({"pointer": _as_sent(pointer, maps), "detail": _as_sent(problem["detail"], maps)})
        truncated = error.truncated or bool(behind.extra.get("truncated"))
        return ContractViolation(error.errors + more[:MAX_PROBLEMS], truncated) if more else error
    return error


def _as_sent(value: Any, maps: dict[str, list[int]]) -> Any:
    """A pointer into the body checked (a line of a list set aside from), or a detail that names
    such a pointer (its ``at``: ``also at /tables/1/players/0``; a player's name never, though
    it may look like one), pointing into the body as sent."""
    if isinstance(value, Said):
        return Said(value.key, {k: _as_sent(v, maps) if k == "at" else v for k, v in value.params.items()})
    if isinstance(value, str):
        into = _INTO.match(value)
        if into is not None and into["list"] in maps and int(into["index"]) < len(maps[into["list"]]):
            return f"/{into['list']}/{maps[into['list']][int(into['index'])]}{into['rest']}"
    return value


__all__ = ["LINES", "rules_behind", "salvage"]
