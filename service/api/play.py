"""The reference browser front-end, ``/play``: a page that plays whole games through the public
API exactly as a phone app would (docs/play.md).

Its files are package data (``service/play/``: the page, plain JavaScript modules, one style
sheet, an icon), read once at import: a handful of small files, served from memory with an
``ETag`` so a browser revalidates them instead of fetching them again. Only the listed suffixes
are served, each with its own type; anything else under ``/play/`` is a 404 problem. The page's
Content-Security-Policy (this origin only, no inline script or style) is set by
:mod:`.http.security` by path.
"""

from __future__ import annotations

import hashlib
from importlib import resources

from flask import Blueprint, Response, abort, request

PLAY_PATH = "/play"
TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
}
INDEX = "index.html"


def _load() -> dict[str, tuple[bytes, str, str]]:
    """Every servable file of the page: name -> (bytes, content type, ETag)."""
    files: dict[str, tuple[bytes, str, str]] = {}
    for entry in resources.files("service").joinpath("play").iterdir():
        suffix = "." + entry.name.rsplit(".", 1)[-1] if "." in entry.name else ""
        if entry.is_file() and suffix in TYPES:
            body = entry.read_bytes()
            files[entry.name] = (body, TYPES[suffix], '"' + hashlib.sha256(body).hexdigest()[:32] + '"')
    return files


FILES = _load()
bp = Blueprint("play", __name__)


def _send(name: str) -> Response:
    if name not in FILES:
        abort(404)
    body, content_type, etag = FILES[name]
    response = Response(body, content_type=content_type)
    response.set_etag(etag.strip('"'))
    response.headers["Cache-Control"] = "no-cache"  # revalidated each load: a new deploy shows at once
    response.make_conditional(request)  # a 304 without the body when the browser's copy is current
    return response


@bp.get(PLAY_PATH)
def page() -> Response:
    return _send(INDEX)


@bp.get(PLAY_PATH + "/<name>")
def asset(name: str) -> Response:
    return _send(name)
