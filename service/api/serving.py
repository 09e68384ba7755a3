"""The app serving the current request, for the few views that need its settings or keys.

Flask's ``current_app`` needs an application context, and pushing one (and reaching through
its proxy at every lookup) costs more than a game move's seat check. The express lane
(:mod:`.http.express`) serves its requests outside Flask's contexts and says which app it serves
here; anywhere else (every request Flask serves, the CLI, tests) it is Flask's current app.
"""

from __future__ import annotations

from contextvars import ContextVar, Token
from typing import Any, cast

from flask import Flask, current_app

_LANE_APP: ContextVar[Flask | None] = ContextVar("cribbage_lane_app", default=None)


def serving_app() -> Flask:
    """The app this request is for."""
    app = _LANE_APP.get()
    return app if app is not None else cast(Flask, current_app._get_current_object())  # type: ignore[attr-defined]


def extension(name: str) -> Any:
    """One of the serving app's extensions (its config, its state sealer)."""
    return serving_app().extensions[name]


def enter(app: Flask) -> Token[Flask | None]:
    """The express lane serves a request for ``app`` (until :func:`leave`)."""
    return _LANE_APP.set(app)


def leave(token: Token[Flask | None]) -> None:
    _LANE_APP.reset(token)
