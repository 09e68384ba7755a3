"""RFC 9457 problem details: the one shape of every error the service returns.

Errors flow one way: the core raises :class:`~service.core.errors.CribbageError` subclasses
and knows nothing of HTTP; this module maps them (and the framework's own errors) to
``application/problem+json``. 400 is a body that breaks the contract, with a JSON pointer
per field; 422 is a well-formed request that the rules forbid; 413 (``body-too-large``) names the
operation, its body limit and the setting that sets it; 404/405/406/415 come from the framework
(or the formats, 406) in the same shape, headers such as ``Allow`` kept. A 500 never leaks
internals.
"""

from __future__ import annotations

import logging
from typing import Any, cast

from flask import Flask, Response, current_app
from werkzeug.exceptions import HTTPException

from ..core.errors import CribbageError
from .contract import ContractViolation
from .http.bodies import BodyTooLarge
from .wire.problems import contract_problem, problem_body, rules_problem

log = logging.getLogger("service.errors")


class ApiError(Exception):
    """An error the API layer itself raises (for example a bad state token)."""

    def __init__(self, status: int, slug: str, title: str, detail: str, **extra: Any) -> None:
        super().__init__(detail)
        self.status, self.slug, self.title, self.detail, self.extra = status, slug, title, detail, extra


def problem(
    status: int, title: str, detail: str | None = None, *, slug: str | None = None, headers: Any = (), **extra: Any
) -> Response:
    """Build a problem+json response. ``slug`` becomes ``urn:cribbage:problem:<slug>``."""
    return _respond(problem_body(status, title, detail, slug=slug, **extra), headers)


def _respond(body: dict[str, Any], headers: Any = ()) -> Response:
    response = cast(Response, current_app.json.response(body))
    response.status_code = body["status"]
    response.mimetype = "application/problem+json"
    for name, value in headers:
        if name.lower() != "content-type":
            response.headers[name] = value
    return response


def install(app: Flask) -> None:
    """Register the handlers that turn every error into problem+json."""

    @app.errorhandler(ContractViolation)
    def contract(error: ContractViolation) -> Response:
        return _respond(contract_problem(error))

    @app.errorhandler(BodyTooLarge)
    def too_large(error: BodyTooLarge) -> Response:
        return problem(
            413,
            "Request body too large",
            error.description,
            slug="body-too-large",
            limit=error.limit,
            setting=error.setting,
        )

    @app.errorhandler(CribbageError)
    def rules(error: CribbageError) -> Response:
        return _respond(rules_problem(error))

    @app.errorhandler(ApiError)
    def api(error: ApiError) -> Response:
        return problem(error.status, error.title, error.detail, slug=error.slug, **error.extra)

    @app.errorhandler(HTTPException)
    def http(error: HTTPException) -> Response:
        status = error.code or 500
        return problem(status, error.name, error.description, headers=error.get_headers())

    @app.errorhandler(Exception)
    def unexpected(error: Exception) -> Response:
        log.exception("unhandled error")
        return problem(500, "Internal Server Error", "The server hit a bug; it has been logged.")
