"""Security headers on every answer, added by one small WSGI middleware.

- ``X-Content-Type-Options: nosniff`` everywhere: a browser must take JSON (and the yaml, and
  a problem) for what its Content-Type says, never sniff it into HTML or script.
- The API's answers are data, never a page: ``Content-Security-Policy: default-src 'none';
  frame-ancestors 'none'`` and ``Referrer-Policy: no-referrer`` (OWASP's REST advice), so an
  answer opened in a browser can run nothing, load nothing and be framed nowhere.
- The docs page (``/docs``, Swagger UI) gets a policy that lets it work and no more: its own
  scripts plus the hash of its one inline script (computed from the page at start), styles,
  images and requests from this origin only, no framing, no referrer.
- The reference front-end (``/play``): :data:`PLAY_POLICY`, its own files and this origin only.
- Game answers (``/v1/games...``) carry sealed game states: ``Cache-Control: no-store``, so no
  browser or shared cache keeps them.
- A printable page an operation answers with (``text/html``, :mod:`.formats`) is a page, not
  data: the view leaves its own policy in the WSGI environ (:data:`PAGE_POLICY`: its inline style
  by hash, nothing else), and that policy is sent instead of the API's. One policy, never two:
  a browser enforces every policy it is sent, so the API's ``default-src 'none'`` beside the
  page's would block the page's style.

The header sets are built once at start; per request the middleware only picks one by path
prefix and appends it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from flask import Flask

from ..meta import DOCS_PATH, docs_script_hashes
from ..play import PLAY_PATH

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

GAMES_PATH = "/v1/games"
PAGE_POLICY = "cribbage.page_policy"  # environ key: a page's own Content-Security-Policy (see above)

_COMMON: tuple[tuple[str, str], ...] = (
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
)
API_POLICY = "default-src 'none'; frame-ancestors 'none'"
# The /play page (:mod:`..play`): its own modules, style sheet and icon, and requests to this origin;
# no inline script or style, nothing from anywhere else.
PLAY_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)


def docs_policy(script_hashes: tuple[str, ...]) -> str:
    """The docs page's Content-Security-Policy. Scripts: this origin and the listed hashes,
    so an injected inline script never runs. Swagger UI adds a ``<style>`` element from its
    script at run time, which CSP counts as an inline style (Chromium blocks it under
    ``style-src 'self'``), hence ``'unsafe-inline'`` for styles only; its icons are ``data:``
    SVG images in its stylesheet. Requests (the contract, "Try it out") go to this origin.

    >>> docs_policy(("'sha256-abc='",)).split("; ")[1]
    "script-src 'self' 'sha256-abc='"
    """
    return "; ".join(
        (
            "default-src 'none'",
            " ".join(("script-src 'self'", *script_hashes)),
            "style-src 'self' 'unsafe-inline'",
            "img-src 'self' data:",
            "connect-src 'self'",
            "base-uri 'none'",
            "form-action 'none'",
            "frame-ancestors 'none'",
        )
    )


class SecurityHeaders:
    """WSGI middleware that adds the header set for the request's path to every answer.

    At the WSGI layer rather than in an ``after_request`` hook: it sees every answer the app
    gives (also one an error handler made), and appending constant pairs to the header list
    costs a small fraction of werkzeug's ``headers[name] = value`` (validate, scan, rebuild)
    for each header. The app itself sets none of these headers, so none is
    doubled (a test checks each appears once)."""

    def __init__(self, app: WSGIApplication, docs_script_hashes: tuple[str, ...]) -> None:
        self.app = app
        self.api = (*_COMMON, ("Content-Security-Policy", API_POLICY))
        self.games = (*self.api, ("Cache-Control", "no-store"))
        self.docs = (*_COMMON, ("Content-Security-Policy", docs_policy(docs_script_hashes)))
        self.play = (*_COMMON, ("Content-Security-Policy", PLAY_POLICY))

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        path: str = environ.get("PATH_INFO", "")
        if path.startswith(GAMES_PATH):
            extra = self.games
        elif path == DOCS_PATH or path.startswith(DOCS_PATH + "/"):
            extra = self.docs
        elif path == PLAY_PATH or path.startswith(PLAY_PATH + "/"):
            extra = self.play
        else:
            extra = self.api

        def start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            page = environ.get(PAGE_POLICY)  # set by the view, so read once the app has answered
            if page is None:
                headers.extend(extra)
            else:
                headers.extend((*_COMMON, ("Content-Security-Policy", page)))
            return start_response(status, headers, exc_info)

        return self.app(environ, start)


def install(app: Flask) -> None:
    """Wrap the app's WSGI callable; call after the docs are installed (their page is hashed here)."""
    app.wsgi_app = SecurityHeaders(app.wsgi_app, docs_script_hashes(app))  # type: ignore[method-assign]
