"""The relay's HTTP face: games at ``/relay/games``, the page at ``/play``.

    POST /relay/games                      a /v1/games body: start a game; each person's seat gets a link
    POST /relay/games/<id>/act             {move, seat, credential, action, since_move?}: a move on the latest state
    POST /relay/games/<id>/view            {seat, credential, since_move?}: a seat's view of the latest state
    POST /relay/games/<id>/hints|review|history   {seat, credential}: the same operations on the latest state
    POST /relay/games/<id>/next-game       {seat, credential}: a match's next game (a new id)
    GET  /relay/games/<id>/events          text/event-stream: ``moved`` and ``next-game``, nothing else
    GET  /play                             a redirect to the page in its two-device mode (``#relay=new``),
                                           keeping ``?lang`` and ``?fast``
    GET  /play/<file>                      the page's files, from the installed ``service`` package (its
                                           index marked as served by a relay: the page offers only what works here)

A move is refused (409 ``stale-move``, with the latest ``move``) unless it was made on the latest
state; it lands by compare-and-set (:meth:`.store.Store.advance`), so of two moves sent at once
only one lands. The relay passes a credential to the service and forgets it: it is never stored
or logged, and the answer to a request goes to the device that sent it only (the others are told
just the game's id and move, and ask for their own view). Every error of the relay's own is
problem+json, types ``urn:cribbage-relay:problem:<slug>``; the service's problems pass through.
"""

from __future__ import annotations

import json
import logging
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from importlib import resources
from typing import Any
from urllib.parse import urlencode

from flask import Flask, Response, current_app, redirect, request
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge
from werkzeug.wrappers import Response as WerkzeugResponse

from .changes import Changes
from .settings import Settings
from .store import Game, Store
from .upstream import Answer, Unreachable, Upstream

PROBLEM = "urn:cribbage-relay:problem:"
TITLES = {
    "bad-request": (400, "The request does not follow the relay's rules"),
    "not-found": (404, "No such game or page here"),
    "method-not-allowed": (405, "Method not allowed"),
    "stale-move": (409, "The game has moved on since that state"),
    "body-too-large": (413, "The body is larger than the relay takes"),
    "not-json": (415, "The body must be JSON"),
    "seed-refused": (422, "A game between people is dealt from a secret seed"),
    "internal-error": (500, "The relay failed"),
    "service-unreachable": (502, "The game service did not answer"),
    "too-many-streams": (503, "Too many event streams are open"),
}
BY_STATUS = {status: slug for slug, (status, _) in TITLES.items()}

GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
CREDENTIAL = re.compile(r"[A-Za-z0-9_-]{1,64}")
PAGE_FILE = re.compile(r"[a-z0-9][a-z0-9_-]*\.(html|js|css|svg)")
PAGE_TYPES = {"html": "text/html", "js": "text/javascript", "css": "text/css", "svg": "image/svg+xml"}
MAX_MOVE = 1_000_000
app_log = logging.getLogger("relay")

# The page's policy, as the service sends it with /play (a test holds the two equal): its own files,
# requests (and the event stream) to this origin only.
PAGE_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
# The page in its two-device mode: its index under a path of its own, so that a redirect from /play
# can add the fragment (a link's fragment, with its credential, would be lost by a redirect).
PAGE = "/play/index.html"
API_POLICY = "default-src 'none'; frame-ancestors 'none'"
# The page's options a redirect from /play keeps (its language; no animation pauses).
PAGE_OPTIONS = ("lang", "fast")
# The index as this relay serves it: marked, so that the page (app.js) offers a game with a friend
# here, never a game against the computer (which it plays with the service's own origin only).
CHARSET = b'<meta charset="utf-8">'
RELAY_MARK = CHARSET + b'\n<meta name="play-origin" content="relay">'

# What each request body may hold: name -> (kind, required). Kinds are checked by CHECKS.
SEAT_FIELDS = {"seat": ("seat", True), "credential": ("credential", True)}
BODIES: dict[str, dict[str, tuple[str, bool]]] = {
    "act": {"move": ("move", True), **SEAT_FIELDS, "action": ("object", True), "since_move": ("since", False)},
    "view": {**SEAT_FIELDS, "since_move": ("since", False)},
    "hints": SEAT_FIELDS,
    "review": SEAT_FIELDS,
    "history": SEAT_FIELDS,
    "next-game": SEAT_FIELDS,
}


def whole(value: Any) -> int | None:
    """``value`` as an integer when JSON Schema counts it one (``1`` or ``1.0``, as the service
    does), else ``None`` (``true`` is no number here)."""
    if type(value) is int:
        return value
    if type(value) is float and value.is_integer():
        return int(value)
    return None


WHOLE = ("seat", "move", "since")  # kinds taken as integers (and passed on as such)
CHECKS: dict[str, Callable[[Any], bool]] = {
    "seat": lambda v: whole(v) is not None and 0 <= v <= 3,
    "move": lambda v: whole(v) is not None and 0 <= v <= MAX_MOVE,
    "since": lambda v: whole(v) is not None and -1 <= v <= MAX_MOVE,
    "credential": lambda v: isinstance(v, str) and CREDENTIAL.fullmatch(v) is not None,
    "object": lambda v: isinstance(v, dict),
}
RELAYED = ("view", "hints", "review", "history")  # passed on as they come, with the latest state
# The service's operation behind each relayed one.
OPERATIONS = {
    "act": "/v1/games/act",
    "view": "/v1/games/view",
    "hints": "/v1/games/hints",
    "review": "/v1/games/review",
    "history": "/v1/games/history",
    "next-game": "/v1/games/next-game",
}


class Problem(Exception):
    def __init__(self, slug: str, detail: str | None = None, **extra: Any) -> None:
        super().__init__(slug)
        self.slug, self.detail, self.extra = slug, detail, extra


def problem_response(slug: str, detail: str | None = None, **extra: Any) -> Response:
    status, title = TITLES[slug]
    body = {"type": PROBLEM + slug, "title": title, "status": status, **({"detail": detail} if detail else {}), **extra}
    return Response(json.dumps(body), status=status, mimetype="application/problem+json")


MAX_DEPTH = 32  # the service's own bound (service/api/http/bodies.py): no body it takes nests deeper


def _deeper_than(value: Any, most: int) -> bool:
    """Whether ``value`` nests more than ``most`` levels (walked without recursion, so that no
    body can make the relay, or its re-encoding for the service, run out of stack)."""
    level = [value]
    for _ in range(most):
        level = [
            inner
            for outer in level
            if isinstance(outer, (dict, list))
            for inner in (outer.values() if isinstance(outer, dict) else outer)
        ]
        if not level:
            return False
    return any(isinstance(inner, (dict, list)) for inner in level)


def _not_json(word: str) -> Any:
    raise ValueError(f"{word} is not JSON")


def _finite(text: str) -> float:
    """A JSON number with a fraction or an exponent, refused past a double (1e400 would be sent on
    as Infinity, which is not JSON)."""
    number = float(text)
    if number in (float("inf"), float("-inf")):
        raise ValueError("a number past a double")
    return number


def _whole_body() -> bytes:
    """The request's body, all of it or a 413 past the limit (a chunked body too, which werkzeug
    would cut at the limit and pass on as if whole), or a 400 when its framing is broken."""
    limit = int(current_app.config["MAX_CONTENT_LENGTH"])
    length = request.content_length
    if length is not None and length > limit:
        raise RequestEntityTooLarge()
    try:
        if length is not None:
            raw: bytes = request.stream.read(length)
        else:  # chunked: the server's own reader (werkzeug's stream would stop at the limit, silently)
            raw = request.environ["wsgi.input"].read(limit + 1)
    except Exception:  # the server's reader: a broken chunk, a connection cut mid-body
        raise Problem("bad-request", "the body could not be read (its length or chunks are broken)") from None
    if len(raw) > limit:
        raise RequestEntityTooLarge()
    return raw


def json_body(operation: str) -> dict[str, Any]:
    """The request's JSON object; for a relayed operation, checked against :data:`BODIES`."""
    if not request.is_json:
        raise Problem("not-json", "send Content-Type: application/json")
    try:
        body = json.loads(_whole_body(), parse_constant=_not_json, parse_float=_finite)
    except (ValueError, RecursionError):  # not JSON (NaN and Infinity neither), or nested past the parser's reach
        body = None
    if not isinstance(body, dict) or _deeper_than(body, MAX_DEPTH):
        raise Problem("bad-request", f"the body must be a JSON object, nested at most {MAX_DEPTH} deep")
    fields = BODIES.get(operation)
    if fields is not None:
        errors = [f"/{name}: not a field here" for name in body if name not in fields]
        for name, (kind, required) in fields.items():
            if name in body and not CHECKS[kind](body[name]):
                errors.append(f"/{name}: not a valid {kind}")  # never the value itself: it may be a credential
            elif name in body and kind in WHOLE:
                body[name] = whole(body[name])
            elif required and name not in body:
                errors.append(f"/{name}: required")
        if errors:
            raise Problem("bad-request", "; ".join(errors), errors=errors)
    return body


def answer_response(answer: Answer, body: Any = None) -> Response:
    """The service's answer, passed through (without the state token: a device never needs it)."""
    data = answer.body if body is None else body
    if answer.ok and isinstance(data, dict):
        data = {key: value for key, value in data.items() if key != "state"}
    response = Response(json.dumps(data), status=answer.status, content_type=answer.content_type)
    if answer.content_language:
        response.headers["Content-Language"] = answer.content_language
    return response


class Relay:
    """The relay's operations over its store, the service and the event streams."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.store = Store(settings.database, settings.max_games, settings.max_age_hours * 3600)
        self.upstream = Upstream(settings.service_url, settings.upstream_timeout)
        self.changes = Changes(settings.max_streams, settings.max_game_streams)
        self.page = resources.files("service").joinpath("play")

    def forward(self, path: str, body: dict[str, Any]) -> Answer:
        try:
            return self.upstream.post(path, body, request.headers.get("Accept-Language"), request.args.get("lang"))
        except Unreachable as error:
            app_log.warning("the service at %s did not answer: %s", self.settings.service_url, error)
            raise Problem("service-unreachable", f"the game service did not answer ({error})") from None

    def held(self, game_id: str) -> Game:
        game = self.store.get(game_id) if GAME_ID.fullmatch(game_id) else None
        if game is None:
            raise Problem("not-found", "no game of that id is kept here (never started here, or forgotten)")
        return game

    def healthz(self) -> Any:
        return {"status": "ok", "games": self.store.count()}

    def play_start(self) -> WerkzeugResponse:
        """``/play`` here is the page's "play with a friend" (the service's own /play plays the computer)."""
        kept = urlencode([(k, v) for k, v in request.args.items(multi=True) if k in PAGE_OPTIONS])
        return redirect(PAGE + (f"?{kept}" if kept else "") + "#relay=new", code=302)

    def play_page(self, name: str) -> Response:
        match = PAGE_FILE.fullmatch(name)
        target = self.page.joinpath(name)
        if match is None or not target.is_file():
            raise Problem("not-found", "no such page file")
        body = target.read_bytes()
        if name == "index.html":
            body = body.replace(CHARSET, RELAY_MARK, 1)
        return Response(body, mimetype=PAGE_TYPES[match.group(1)])

    def create(self) -> Any:
        body = json_body("create")
        if "seed" in body:
            raise Problem("seed-refused", "leave out `seed`: whoever picks a seed could know the deals")
        answer = self.forward("/v1/games", body)
        if not answer.ok:
            return answer_response(answer)
        game, view = answer.body, answer.body["view"]
        self.store.create(view["game_id"], view["move"], game["state"])
        links = [
            {"seat": s["seat"], "link": f"{PAGE}#relay={view['game_id']}&seat={s['seat']}&credential={s['credential']}"}
            for s in game["credentials"]["seats"]
        ]  # the table credential is dropped here: no one needs it
        return {"game_id": view["game_id"], "move": view["move"], "seats": links}, 201

    def act(self, game_id: str) -> Response:
        body = json_body("act")
        game = self.held(game_id)
        if body["move"] != game.move:
            raise Problem("stale-move", f"the latest move is {game.move}", game_id=game_id, move=game.move)
        forwarded = {key: value for key, value in body.items() if key != "move"}
        answer = self.forward(OPERATIONS["act"], {"state": game.state, **forwarded})
        if answer.ok:
            if not self.store.advance(game_id, game.move, answer.body["view"]["move"], answer.body["state"]):
                latest = self.held(game_id)  # a 404 if it was forgotten meanwhile
                raise Problem("stale-move", "another move landed first", game_id=game_id, move=latest.move)
            self.changes.bump()
        return answer_response(answer)

    def next_game(self, game_id: str) -> Response:
        body = json_body("next-game")
        game = self.held(game_id)
        if game.next_game_id is not None and self.store.get(game.next_game_id) is None:
            # Started here once and forgotten since: starting it again would bring back its first
            # move, with the same deals, and let its moves be taken back.
            raise Problem("not-found", "this match's next game was started here and has been forgotten")
        answer = self.forward(OPERATIONS["next-game"], {"state": game.state, **body})
        if answer.ok:
            following = answer.body["view"]
            # Every device of the match gets the same next game: the first to ask keeps it, and a
            # later request never puts an older state of it back, but joins it where it stands.
            if not self.store.create(following["game_id"], following["move"], answer.body["state"]):
                answer = self.where_it_stands(following["game_id"], body["seat"], answer)
            self.store.link_next(game_id, following["game_id"])
            self.changes.bump()
        return answer_response(answer)

    def where_it_stands(self, game_id: str, seat: int, started: Answer) -> Answer:
        """A next game another device started first, as the relay holds it now: the service's
        answer (its credentials for this device) with the view, legal actions and events (every one
        from the game's start, as the first answer had them) of the latest state."""
        held = self.held(game_id)
        issued = [entry for entry in started.body["credentials"]["seats"] if entry["seat"] == seat]
        if not issued:
            return started
        shown = self.forward(
            OPERATIONS["view"],
            {"state": held.state, "seat": seat, "credential": issued[0]["credential"], "since_move": -1},
        )
        if not shown.ok:
            return started
        latest = {key: value for key, value in shown.body.items() if key not in ("state", "credentials")}
        return replace(started, body={**started.body, **latest})

    def relayed(self, game_id: str, operation: str) -> Response:
        if operation not in RELAYED:
            raise Problem("not-found", "no such operation")
        body = json_body(operation)
        game = self.held(game_id)
        return answer_response(self.forward(OPERATIONS[operation], {"state": game.state, **body}))

    def events(self, game_id: str) -> Response:
        self.held(game_id)
        if not self.changes.open_stream(game_id):
            # The page then asks for its view now and then (relay.js), and tries a stream again later.
            raise Problem("too-many-streams", "try again later", retry_after=5)
        response = Response(self.stream(game_id), mimetype="text/event-stream")
        # run by the server when the stream ends, however it ends
        response.call_on_close(lambda: self.changes.close_stream(game_id))
        response.headers["X-Accel-Buffering"] = "no"
        return response

    def stream(self, game_id: str) -> Iterator[str]:
        """Where the game is at once, then each change, a comment line between; ends after
        ``stream_seconds`` (the browser's EventSource reconnects after ``retry``)."""
        yield "retry: 2000\n\n"
        told: tuple[int, str | None] | None = None
        version = self.changes.version()
        deadline = time.monotonic() + self.settings.stream_seconds
        while (game := self.store.get(game_id)) is not None:
            if told is None or game.move != told[0]:
                yield event("moved", {"game_id": game_id, "move": game.move})
            if game.next_game_id and (told is None or game.next_game_id != told[1]):
                yield event("next-game", {"game_id": game_id, "next_game_id": game.next_game_id})
            told = (game.move, game.next_game_id)
            left = deadline - time.monotonic()
            if left <= 0:
                return
            now = self.changes.wait(version, min(self.settings.heartbeat_seconds, left))
            if now == version:
                yield ": still here\n\n"  # a write to a device that is gone ends the stream
            version = now


def relay_problem(error: Problem) -> Response:
    response = problem_response(error.slug, error.detail, **error.extra)
    if "retry_after" in error.extra:
        response.headers["Retry-After"] = str(error.extra["retry_after"])
    return response


def http_problem(error: HTTPException) -> Response:
    code = error.code or 500
    response = problem_response(
        BY_STATUS.get(code, "bad-request" if code < 500 else "internal-error"), error.description
    )
    allow = error.get_response().headers.get("Allow")
    if allow:
        response.headers["Allow"] = allow
    return response


def security_headers(response: Response) -> Response:
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "no-referrer"
    if request.path == "/play" or request.path.startswith("/play/"):
        response.headers.setdefault("Content-Security-Policy", PAGE_POLICY)
        response.headers["Cache-Control"] = "no-cache"
    else:
        response.headers["Content-Security-Policy"] = API_POLICY
        response.headers["Cache-Control"] = "no-store"
    return response


def create_app(settings: Settings | None = None) -> Flask:
    relay = Relay(settings or Settings.from_env())
    app = Flask(__name__)
    app.config["MAX_CONTENT_LENGTH"] = relay.settings.max_body_bytes

    def internal(error: Exception) -> Response:
        app.logger.exception("relay error")  # the traceback only: no request body, so no credential
        return problem_response("internal-error")

    app.register_error_handler(Problem, relay_problem)
    app.register_error_handler(HTTPException, http_problem)
    app.register_error_handler(Exception, internal)
    app.after_request(security_headers)
    app.get("/healthz")(relay.healthz)
    app.get("/play")(relay.play_start)
    app.get("/play/<name>")(relay.play_page)
    app.post("/relay/games")(relay.create)
    app.post("/relay/games/<game_id>/act")(relay.act)
    app.post("/relay/games/<game_id>/next-game")(relay.next_game)
    app.post("/relay/games/<game_id>/<operation>")(relay.relayed)
    app.get("/relay/games/<game_id>/events")(relay.events)
    return app


def event(name: str, data: dict[str, Any]) -> str:
    return f"event: {name}\ndata: {json.dumps(data)}\n\n"
