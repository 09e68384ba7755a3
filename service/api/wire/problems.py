"""Wire shapes of the members a rules error carries into its problem document.

A core error may carry domain values for the client (the legal actions of a refused move, the
cards a seat could have played); they are encoded here, by type, like every other answer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core.actions import Action
from ...core.cards import Card
from ...core.sequence import PlayEntry
from .games import action
from .pegging import play_entry

_BY_TYPE: dict[type, Callable[[Any], Any]] = {Action: action, PlayEntry: play_entry, Card: str}


def member(value: Any) -> Any:
    """A problem member in its wire form: domain values encoded, sequences as lists."""
    encode = _BY_TYPE.get(type(value))
    if encode is not None:
        return encode(value)
    if isinstance(value, (list, tuple)):
        return [member(v) for v in value]
    return value
