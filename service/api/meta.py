"""Operations and discovery: health, readiness, the contract, its docs, the variants."""

from __future__ import annotations

import base64
import hashlib
import logging
import re
from functools import cache
from typing import Any

from flask import Blueprint, Flask, Response, current_app, request
from flask_swagger_ui import get_swaggerui_blueprint

from ..core.rules import DESCRIPTIONS, OPTION_NAMES, preset, variant_names
from .contract import SPEC
from .problems import problem
from .wire.meta import health, readiness, variant_list
from .wire.problem_texts import said

log = logging.getLogger("service.meta")
bp = Blueprint("meta", __name__)


@bp.get("/healthz")
def healthz() -> dict[str, Any]:
    """Liveness: the process answers. No dependencies, so it stays cheap."""
    return health()


@bp.get("/readyz")
def readyz() -> Response | dict[str, Any]:
    """Readiness: the contract is loaded and compiled; the other checks are registered by
    the parts of the app that need them (for example the state key, which says whether it
    was configured or generated). A check that raises makes the answer a 503."""
    checks: dict[str, str] = {"spec": f"loaded ({len(SPEC.validators)} validators)"}
    for name, check in current_app.extensions.get("cribbage.ready", {}).items():
        try:
            checks[name] = check()
        except Exception:  # a failing check means not ready, not a server error
            log.exception("readiness check %s failed", name)
            refused = problem("not-ready", said("not_ready", name=name))
            refused.headers["Retry-After"] = RETRY_NOT_READY
            return refused
    return readiness(checks)


RETRY_NOT_READY = "5"  # seconds, as the proxy's own 503 says when no instance answers
# The two reads that change only when the service is deployed anew: any cache may keep them this
# long, then asks again with the validator (a 304, no body, while it holds).
CACHE_CONTROL = "public, max-age=300"


@cache
def _entity_tag(body: bytes) -> str:
    """A strong validator of ``body``: 128 bits of its SHA-256, url-safe base64 (22 characters)."""
    return base64.urlsafe_b64encode(hashlib.sha256(body).digest()[:16]).decode().rstrip("=")


# RFC 9110 8.8.3: entity-tag = [ weak ] opaque-tag; weak = "W/"; opaque-tag = DQUOTE *etagc DQUOTE;
# etagc = %x21 / %x23-7E / obs-text. If-None-Match = "*" / #entity-tag (5.6.1: a list, whose empty
# elements a recipient ignores; several header lines are one list joined by commas).
_ENTITY_TAG = r'(?:W/)?"([\x21\x23-\x7e\x80-\xff]*)"'
_TAG_LIST = re.compile(rf"[ \t,]*{_ENTITY_TAG}(?:[ \t]*,[ \t,]*{_ENTITY_TAG})*[ \t,]*")


def if_none_match(values: list[str], tag: str) -> bool:
    """Whether an ``If-None-Match`` field (its lines, as one list) names the opaque ``tag``:
    ``*``, or one of its entity-tags compared weakly (RFC 9110 13.1.2: ``W/"x"`` is ``"x"``).
    A value that is not this grammar (a tag without its quotes, ``*`` among tags, a quote left
    open) names none: it is not a validator any cache sends.

    >>> [if_none_match([value], "a") for value in ('"a"', 'W/"a"', '"b", W/"a"', "*", ' , "a",')]
    [True, True, True, True, True]
    >>> [if_none_match([value], "a") for value in ("a", '"b"', '*, "a"', '"a', '"a" "b"', '"*"', "")]
    [False, False, False, False, False, False, False]
    >>> if_none_match(['"b"', 'W/"a"'], "a"), if_none_match(['"c,a"'], "a")
    (True, False)
    """
    value = ", ".join(values)
    if value.strip(" \t") == "*":
        return True
    return bool(_TAG_LIST.fullmatch(value)) and tag in re.findall(_ENTITY_TAG, value)


def cacheable(body: bytes, mimetype: str) -> Response:
    """``body`` with its ``ETag`` and ``Cache-Control``, or a ``304`` when the request's
    ``If-None-Match`` names that tag (weakly: ``W/"x"`` matches ``"x"``), or any (``*``), as RFC
    9110 (13.1.2) has a server compare for a GET or HEAD (:func:`if_none_match`). A header that
    is not an entity-tag list (``abc``, without its quotes) names none."""
    tag = _entity_tag(body)
    headers = {"ETag": f'"{tag}"', "Cache-Control": CACHE_CONTROL}
    if if_none_match(request.headers.getlist("If-None-Match"), tag):
        return Response(status=304, headers=headers)
    return Response(body, mimetype=mimetype, headers=headers)


@cache
def _contract() -> bytes:
    return SPEC.text.encode()


@cache
def _variants() -> bytes:
    answer = variant_list([(name, DESCRIPTIONS[name], preset(name)) for name in variant_names()], OPTION_NAMES)
    return current_app.json.dumps(answer).encode()


@bp.get("/openapi.yaml")
def openapi() -> Response:
    return cacheable(_contract(), "application/yaml")


@bp.get("/v1/variants")
def variants() -> Response:
    return cacheable(_variants(), "application/json")


DOCS_PATH = "/docs"
# The inline <script> blocks of flask-swagger-ui's page (the ones without a src attribute).
_INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.DOTALL)


def install_docs(app: Flask) -> None:
    """Swagger UI 5 from the flask-swagger-ui package: no CDN, works offline."""
    docs = get_swaggerui_blueprint(
        DOCS_PATH,
        "/openapi.yaml",
        config={
            "app_name": "Cribbage scoring API",
            "tryItOutEnabled": True,
            # validatorUrl None: no badge fetched from validator.swagger.io, so the page makes no external request
            "validatorUrl": None,
            # Given, so the package does not build it from the request's host: the page's inline
            # script is then the same for every request, and its hash can be the page's policy.
            "oauth2RedirectUrl": DOCS_PATH + "/oauth2-redirect.html",
        },
    )
    app.register_blueprint(docs)
    app.add_url_rule(DOCS_PATH, endpoint="docs_root", view_func=app.view_functions["swagger_ui.show"])


def docs_script_hashes(app: Flask) -> tuple[str, ...]:
    """CSP sources (``'sha256-...'``) for the inline scripts of the docs page, from the page
    itself rendered once (at start): the page keeps its inline script and the policy still
    allows no other inline script. The script holds only this app's fixed configuration."""
    with app.test_request_context(DOCS_PATH + "/"):
        html = str(app.view_functions["docs_root"]())
    return tuple(
        "'sha256-" + base64.b64encode(hashlib.sha256(script.encode()).digest()).decode() + "'"
        for script in _INLINE_SCRIPT.findall(html)
    )
