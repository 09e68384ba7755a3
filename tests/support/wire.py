"""Core values in their wire form, for core tests whose expectations are written as a client
sees them (the engine's events as JSON dicts, cards as strings)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from service.api.wire.common import outcome as outcome_dict
from service.api.wire.games import EVENT_ENCODERS
from service.api.wire.games import action as action_dict
from service.api.wire.games import event as event_dict
from service.api.wire.games import view as view_dict
from service.core.game.events import Event, Numbered


def wire(events: Iterable[Event | Numbered]) -> list[dict[str, Any]]:
    """The events as the API sends them (already filtered for a seat, or the whole truth):
    numbered ones (the computer package's, a record's) with their ``move``, the engine's own
    (one move's, unnumbered) without it."""
    return [event_dict(e) if isinstance(e, Numbered) else EVENT_ENCODERS[type(e)](e) for e in events]


__all__ = ["wire", "outcome_dict", "action_dict", "view_dict"]
