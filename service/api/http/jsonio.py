"""JSON in and out with orjson: game states make bodies of 1-2 KB, where it is much faster than json."""

from __future__ import annotations

from typing import Any, cast

import orjson
from flask import Flask, Response
from flask.json.provider import JSONProvider


class OrjsonProvider(JSONProvider):
    """Flask's JSON provider, backed by orjson (keys sorted, so output is byte-stable)."""

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        return orjson.dumps(obj, option=orjson.OPT_SORT_KEYS).decode()

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        return orjson.loads(s)

    def response(self, *args: Any, **kwargs: Any) -> Response:
        obj = self._prepare_response_obj(args, kwargs)
        app = cast(Flask, self._app)
        return app.response_class(orjson.dumps(obj, option=orjson.OPT_SORT_KEYS), mimetype="application/json")


def install(app: Flask) -> None:
    app.json_provider_class = OrjsonProvider
    app.json = OrjsonProvider(app)
