"""Core values in their wire form, for core tests whose expectations are written as a client
sees them (the engine's events as JSON dicts, cards as strings)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from service.api.wire.common import outcome as outcome_dict
from service.api.wire.games import action as action_dict
from service.api.wire.games import events as event_dicts
from service.api.wire.games import view as view_dict
from service.core.game.events import Event


def wire(events: Iterable[Event]) -> list[dict[str, Any]]:
    """The events as the API sends them (already filtered for a seat, or the whole truth)."""
    return event_dicts(events)


__all__ = ["wire", "outcome_dict", "action_dict", "view_dict"]
