"""RFC 9457 problem details: the one shape of every error the service returns.

Errors flow one way: the core raises :class:`~service.core.errors.CribbageError` subclasses
and knows nothing of HTTP; this module maps them (and the framework's own errors) to
``application/problem+json``. 400 is a body that breaks the contract, with a JSON pointer
per field; 422 is a well-formed request that the rules forbid; 413 (``body-too-large``) names the
operation, its body limit and the setting that sets it; 404/405/406/415 come from the framework
(or the formats, 406) in the same shape, headers such as ``Allow`` kept. A 500 never leaks
internals. Every type is one of the registry's (:mod:`.wire.problem_types`), the service's own
for the framework's errors too (``not-found``, ``method-not-allowed``...), never
``about:blank``; the title and (for the rules' refusals) the detail are in the request's
language (``Accept-Language`` or ``lang``, as the answers' texts: :mod:`.language`).
"""

from __future__ import annotations

import logging
from typing import Any, cast

from flask import Flask, Response, current_app
from werkzeug.exceptions import HTTPException

from ..core.errors import CribbageError
from ..core.refusals import Said
from .contract import ContractViolation
from .http.bodies import BodyTooLarge
from .language import problem_language
from .wire.problem_texts import english, in_language, said
from .wire.problem_types import HTTP_TYPES, PROBLEM_TYPES
from .wire.problems import contract_problem, errors_said, problem_body, rules_problem

log = logging.getLogger("service.errors")


class ApiError(Exception):
    """An error the API layer itself raises (for example a bad state token): ``slug`` is a
    registered problem type (:mod:`.wire.problem_types`), which gives the status and title."""

    def __init__(self, slug: str, detail: str | Said, **extra: Any) -> None:
        words = english(detail) if isinstance(detail, Said) else detail
        super().__init__(words)
        kind = PROBLEM_TYPES[slug]
        self.status, self.slug, self.title, self.extra = kind.status, slug, kind.titles["en"], extra
        self.detail = words  # in English (the log's); ``said``: the same as data, said in each language
        self.said = detail if isinstance(detail, Said) else None


def problem(slug: str, detail: str | Said | None = None, *, headers: Any = (), **extra: Any) -> Response:
    """A problem+json response of the registered type ``slug``, its title (and its detail, when
    it is one of :mod:`.wire.problem_texts`) in the request's language (``Content-Language``
    says which)."""
    lang = problem_language()
    if "errors" in extra:
        extra["errors"] = errors_said(extra["errors"], lambda words: in_language(words, lang) or "")
    return _respond(problem_body(slug, in_language(detail, lang), lang=lang, **extra), lang, headers)


def _respond(body: dict[str, Any], lang: str, headers: Any = ()) -> Response:
    response = cast(Response, current_app.json.response(body))
    response.status_code = body["status"]
    response.mimetype = "application/problem+json"
    for name, value in headers:
        if name.lower() != "content-type":
            response.headers[name] = value
    response.headers["Content-Language"] = lang
    response.vary.add("Accept-Language")
    return response


def install(app: Flask) -> None:
    """Register the handlers that turn every error into problem+json."""

    @app.errorhandler(ContractViolation)
    def contract(error: ContractViolation) -> Response:
        lang = problem_language()
        return _respond(contract_problem(error, lang), lang)

    @app.errorhandler(BodyTooLarge)
    def too_large(error: BodyTooLarge) -> Response:
        words = said("body_too_large", operation=error.operation, limit=error.limit, setting=error.setting)
        return problem("body-too-large", words, limit=error.limit, setting=error.setting)

    @app.errorhandler(CribbageError)
    def rules(error: CribbageError) -> Response:
        lang = problem_language()
        return _respond(rules_problem(error, lang), lang)

    @app.errorhandler(ApiError)
    def api(error: ApiError) -> Response:
        return problem(error.slug, error.said or error.detail, **error.extra)

    @app.errorhandler(HTTPException)
    def http(error: HTTPException) -> Response:
        status = error.code or 500
        # Another framework error would be a new case: answered in its family's type, and logged.
        slug = HTTP_TYPES.get(status) or ("unreadable-body" if status < 500 else "internal-error")
        if status not in HTTP_TYPES:
            log.warning("framework error %s has no problem type of its own", status)
        return problem(slug, error.description, headers=error.get_headers())

    @app.errorhandler(Exception)
    def unexpected(error: Exception) -> Response:
        log.exception("unhandled error")
        return problem("internal-error", "The server hit a bug; it has been logged.")
