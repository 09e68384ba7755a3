"""The one error the event tools add: the event's own data do not fit together.

A schedule with a name twice, a result for a bracket match whose players are not known yet, a
game after its match was already won: none of these is a bad score (``InvalidScore``) or bad
rule options (``InvalidRules``). Like every :class:`~service.core.errors.CribbageError` it
carries a slug, a readable message and a JSON pointer, so the API layer's one error table
turns it into a 422 problem without knowing about it. (It lives in its own module only
because ``errors.py`` is being reworked in parallel; it belongs beside the others there.)
"""

from __future__ import annotations

from .errors import CribbageError


class InvalidEvent(CribbageError):
    slug = "invalid-event"
    title = "The event's data do not fit together"


__all__ = ["InvalidEvent"]
