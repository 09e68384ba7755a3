"""The relay's one way to the service: POST a JSON body, get the status, the answer and its language.

Standard library only (``urllib``). The device's ``Accept-Language`` (and ``?lang``) go with the
request, so the service answers in the device's language. The service's answer is handed back
as it came (a problem from the service stays the service's problem); a service that cannot be
reached is the relay's own 502.
"""

from __future__ import annotations

import http.client
import json
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from typing import Any


class Unreachable(Exception):
    """The service did not answer (refused, timed out, or not JSON)."""


@dataclass(frozen=True)
class Answer:
    status: int
    body: Any  # the decoded JSON
    content_type: str
    content_language: str | None

    @property
    def ok(self) -> bool:
        return 200 <= self.status < 300


class Upstream:
    def __init__(self, base_url: str, timeout: float = 30.0) -> None:
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout

    def post(self, path: str, body: dict[str, Any], language: str | None, lang: str | None) -> Answer:
        query = "?" + urllib.parse.urlencode({"lang": lang}) if lang else ""
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if language:
            headers["Accept-Language"] = language
        request = urllib.request.Request(
            self.base_url + path + query, data=json.dumps(body).encode(), headers=headers, method="POST"
        )
        try:
            try:
                response = urllib.request.urlopen(request, timeout=self.timeout)
            except urllib.error.HTTPError as error:  # a 4xx or 5xx with its problem body
                response = error
            with response:
                raw = response.read()
                return Answer(
                    status=response.status,
                    body=json.loads(raw),
                    content_type=response.headers.get("Content-Type", "application/json"),
                    content_language=response.headers.get("Content-Language"),
                )
        except (OSError, ValueError, http.client.HTTPException) as error:  # URLError, timeouts, a cut or garbled answer
            raise Unreachable(type(error).__name__) from None
