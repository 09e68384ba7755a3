"""Event files for the tests: a small one that has every kind of line (each table status, each
bye, a forfeit, a late entry, a withdrawal), as the director's JSON and as core values."""

from __future__ import annotations

import copy
from typing import Any

from service.api.loading import load
from service.core.rules import STANDARD
from service.core.tournaments.event import Ledger, settle

# Round 1: ann-bob agreed, cy-dee one card, eve sits out with a full bye.
# Round 2: ann-cy disputed, bob-eve a forfeit (bob) the director ruled on too, dee a half bye;
# bob withdraws after round 2.
# Round 3: dee-ann missing, cy-eve agreed; fay joins with 2 points given, and has a zero bye.
EVERY_KIND: dict[str, Any] = {
    "players": ["ann", {"name": "bob", "withdrawn": 2}, "cy", "dee", "eve", {"name": "fay", "joined": 3, "points": 2}],
    "tables": [
        {"round": 1, "table": 1, "players": ["ann", "bob"]},
        {"round": 1, "table": 2, "players": ["cy", "dee"]},
        {"round": 2, "table": 1, "players": ["ann", "cy"]},
        {"round": 2, "table": 2, "players": ["bob", "eve"]},
        {"round": 3, "table": 1, "players": ["dee", "ann"]},
        {"round": 3, "table": 2, "players": ["cy", "eve"]},
    ],
    "byes": [
        {"round": 1, "player": "eve"},
        {"round": 2, "player": "dee", "kind": "half"},
        {"round": 3, "player": "fay", "kind": "zero"},
    ],
    "cards": [
        {"round": 1, "table": 1, "by": "ann", "scores": [121, 95]},
        {"round": 1, "table": 1, "by": "bob", "scores": [121, 95]},
        {"round": 1, "table": 2, "by": "dee", "scores": [121, 60]},
        {"round": 2, "table": 1, "by": "ann", "scores": [121, 100]},
        {"round": 2, "table": 1, "by": "cy", "scores": [121, 110]},
        {"round": 2, "table": 2, "by": "eve", "forfeit": "bob"},
        {"round": 2, "table": 2, "forfeit": "bob"},
        {"round": 3, "table": 2, "by": "cy", "scores": [90, 121]},
        {"round": 3, "table": 2, "by": "eve", "scores": [90, 121]},
    ],
}


def every_kind_ledger() -> Ledger:
    """:data:`EVERY_KIND` checked (the contract's defaults written in as the API does)."""
    return settle(load("EventRequest", copy.deepcopy(EVERY_KIND)).event, STANDARD)
