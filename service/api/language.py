"""The language of an answer's texts: ``Accept-Language``, overridden by a ``lang`` query parameter.

Views whose answers carry texts (score names, counts as they are said) are decorated with
:func:`speaks`: it chooses the language before the view runs (the encoders read it, see
:mod:`.wire.texts`) and says which it was in ``Content-Language``, with ``Vary:
Accept-Language`` so caches keep the languages apart. The structured answer is the same in
every language.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs

from flask import make_response, request

from ..core.texts.phrases import LANGUAGES
from .contract import ContractViolation
from .wire import texts
from .wire.contract_texts import said


def _override(query: str) -> str | None:
    """The ``lang`` query parameter: one of the contract's languages, or a 400 that names it
    (``parameter``; the contract's ``Language`` is an enum, so the parameter is refused rather
    than ignored as an ``Accept-Language`` it cannot serve is: docs/texts.md)."""
    if "lang" not in query:  # most requests have no query at all: skip the parse
        return None
    values = parse_qs(query, keep_blank_values=True).get("lang")
    if values is None:
        return None
    if len(values) != 1 or values[0] not in LANGUAGES:
        words = said("lang_parameter", languages=", ".join(LANGUAGES))
        raise ContractViolation([{"pointer": "", "parameter": "lang", "detail": words}])
    return values[0]


SPEAKS = "cribbage_speaks"  # set on every view :func:`speaks` decorates (the express lane checks it)


def speaks(view: Callable[..., Any]) -> Callable[..., Any]:
    """Decorate a view whose answer carries texts."""

    @functools.wraps(view)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        environ = request.environ
        lang = texts.choose(environ.get("HTTP_ACCEPT_LANGUAGE"), _override(environ.get("QUERY_STRING", "")))
        try:
            response = make_response(view(*args, **kwargs))
        finally:
            texts.forget()
        response.headers["Content-Language"] = lang
        response.headers["Vary"] = "Accept-Language"
        return response

    setattr(wrapper, SPEAKS, True)
    return wrapper


def problem_language() -> str:
    """The language of a problem answer: the request's, as :func:`speaks` chooses it, on any
    operation; English when the request names no language this service speaks (a bad ``lang``
    is itself answered with a problem, in English or the ``Accept-Language``)."""
    environ = request.environ
    accept = environ.get("HTTP_ACCEPT_LANGUAGE")
    try:
        override = _override(environ.get("QUERY_STRING", ""))
    except ContractViolation:
        override = None
    return texts.pick(accept, override)
