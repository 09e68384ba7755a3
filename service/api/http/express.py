"""The express lane: the hottest operations' ordinary requests answered without Flask's machinery.

A request to a hand score, a pegging card or a game move spends more CPU in Flask and
werkzeug (the request context, URL matching, the hooks, the response object) than in the
service's own work (``python -m benchmarks.score_path`` measures both; docs/worst-cases.md
has the figures). This WSGI middleware answers such a request itself when it is
*ordinary*, and hands everything else to Flask untouched:

* ordinary means ``POST`` to one of :data:`EXPRESS` exactly, no query string, ``Content-Type:
  application/json`` exactly, a ``Content-Length`` within the operation's body limit, no
  ``Accept`` or one that takes JSON as written (``*/*``, ``application/json``), no
  ``Content-Encoding``, no ``Origin`` when CORS is configured;
* the body is parsed and checked against the same compiled contract, and the same view
  function runs (the one Flask calls, undecorated), with the language chosen from
  ``Accept-Language`` as :func:`.language.speaks` chooses it; outside Flask's contexts
  (pushing one cost more than a seat check), so what a view needs of the app (its config,
  its sealer) it reaches through :func:`..serving.serving_app`, which names this app;
* the answer has the bytes and headers Flask would send (``Content-Type``,
  ``Content-Length``, ``Content-Language``, ``Vary``); the operations layer and the security
  headers wrap this lane as they wrap Flask.

Anything else falls back to Flask with the body already read handed over as it was: a body
that does not parse, breaks the contract, nests too deep; a read that fails. Flask then
answers exactly as it always has, so every problem, status and header of an unusual request
stays Flask's. A view that raises (a rule broken, a bad token, a missing credential, a bug)
falls back too, with what it raised: Flask raises it again where it would have run the view
(:data:`.bodies.REFUSED`), so the work is not done twice and the problem is Flask's. ``tests/api/test_express.py`` holds the two
lanes to the same answers, byte for byte, over valid and invalid requests of every kind.
``CRIBBAGE_EXPRESS=false`` turns the lane off.
"""

from __future__ import annotations

import inspect
import io
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import orjson
from flask import Flask

from ..config import Config
from ..contract import BODY_LIMITS, SPEC
from ..language import SPEAKS
from ..loading import loaded
from ..serving import enter, leave
from ..wire import texts
from .bodies import MAX_DEPTH, REFUSED
from .numbers import integral

# The Flask endpoints the lane answers: the three requests a phone game and a scoring app send
# most (``make loadtest`` measures each beside a bare Flask app).
EXPRESS = ("hands.score", "pegging.score", "games.act")

ENVIRON_ROUTE = "cribbage.route"  # the route the lane answered (for the access line and metrics)
JSON = "application/json"
_ACCEPTED = frozenset({None, "*/*", JSON})
_SORTED = orjson.OPT_SORT_KEYS

WsgiApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


@dataclass(frozen=True, slots=True)
class Lane:
    route: str
    limit: int
    is_valid: Callable[[Any], bool]
    load: Callable[[Any], Any]
    view: Callable[[Any], Any]


class _Unreadable(io.RawIOBase):
    """A body stream that raises again what reading the real one raised, for Flask's reader."""

    def __init__(self, error: BaseException) -> None:
        super().__init__()
        self.error = error

    def read(self, size: int | None = -1) -> bytes:
        raise self.error


def lanes(app: Flask) -> dict[str, Lane]:
    """The lanes of :data:`EXPRESS` by path, from the app's own rules, views and contract."""
    found: dict[str, Lane] = {}
    for rule in app.url_map.iter_rules():
        if rule.endpoint not in EXPRESS:
            continue
        decorated = app.view_functions[rule.endpoint]
        # The lane adds the language headers itself: only views that speak may take it.
        assert getattr(decorated, SPEAKS, False), f"{rule.endpoint} is not decorated with @speaks"
        operation = SPEC.document["paths"][rule.rule]["post"]["operationId"]
        setting = SPEC.limits[operation][0]
        found[rule.rule] = Lane(
            rule.rule,
            app.config[BODY_LIMITS[setting]],
            SPEC.validators[operation].is_valid,
            loaded(operation),
            inspect.unwrap(decorated),
        )
    assert len(found) == len(EXPRESS), f"express endpoints without a rule: {set(EXPRESS) - set(found)}"
    return found


def express(app: Flask, config: Config) -> WsgiApp:
    """Flask's WSGI callable with the express lane in front of it."""
    flask_app: WsgiApp = app.wsgi_app
    by_path = lanes(app)
    cors = bool(config.cors_origins)
    loads, dumps, choose = orjson.loads, orjson.dumps, texts.choose

    def express_app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        lane = by_path.get(environ.get("PATH_INFO", ""))
        if (
            lane is None
            or environ["REQUEST_METHOD"] != "POST"
            or environ.get("QUERY_STRING")
            or environ.get("CONTENT_TYPE") != JSON
            or environ.get("HTTP_ACCEPT") not in _ACCEPTED
            or "HTTP_CONTENT_ENCODING" in environ
            or "HTTP_TRANSFER_ENCODING" in environ
            or (cors and "HTTP_ORIGIN" in environ)
        ):
            return flask_app(environ, start_response)
        length_text = environ.get("CONTENT_LENGTH", "")
        if not length_text.isdigit() or int(length_text) > lane.limit:
            return flask_app(environ, start_response)
        try:
            raw = environ["wsgi.input"].read(int(length_text))
        except Exception as error:
            environ["wsgi.input"] = _Unreadable(error)
            return flask_app(environ, start_response)
        try:
            data = loads(raw)
            ordinary = raw.count(b"[") + raw.count(b"{") <= MAX_DEPTH and lane.is_valid(data)
        except Exception:
            ordinary = False
        if not ordinary:  # Flask explains what is wrong with it
            environ["wsgi.input"] = io.BytesIO(raw)
            return flask_app(environ, start_response)
        environ[ENVIRON_ROUTE] = lane.route  # named now: an answer the worker's timeout cuts short is logged under it
        try:
            data = integral(raw, data)
            lang = choose(environ.get("HTTP_ACCEPT_LANGUAGE"), None)
            serving = enter(app)
            try:
                body = dumps(lane.view(lane.load(data)), option=_SORTED)
            finally:
                leave(serving)
                texts.forget()
        except Exception as error:
            # Flask answers it, raising this again where the view would run (http/bodies.py)
            # rather than doing the work a second time.
            environ["wsgi.input"] = io.BytesIO(raw)
            environ[REFUSED] = error
            del environ[ENVIRON_ROUTE]  # Flask answers it: its route is Flask's
            return flask_app(environ, start_response)
        start_response(
            "200 OK",
            [
                ("Content-Type", JSON),
                ("Content-Length", str(len(body))),
                ("Content-Language", lang),
                ("Vary", "Accept-Language"),
            ],
        )
        return (body,)

    return express_app


def install(app: Flask, config: Config) -> None:
    """Put the lane in front of Flask; call after every blueprint is registered and before the
    operations layer wraps the app (so it counts and logs the lane's requests too)."""
    if config.express:
        app.wsgi_app = express(app, config)  # type: ignore[method-assign,assignment]
