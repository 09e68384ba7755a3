"""Sealing game states: the state lives with the client, encrypted and authenticated.

A state leaves the server only as a token: ``Fernet(zlib(orjson(encode_state(state))))``.
Fernet (cryptography) is AES-128-CBC with an HMAC-SHA256 over everything, so a client can
neither read the hidden cards (the pack, other hands, the crib) nor change a byte unnoticed.
Keys come from ``CRIBBAGE_STATE_KEYS`` (comma-separated url-safe base64 Fernet keys, as
``Fernet.generate_key()`` makes them): the first seals, all of them open, so a key is rotated
by putting the new one first and dropping the old one once its games are done
(``MultiFernet``). Every worker and every server with the same keys accepts a token any of
them issued; nothing is stored.

With no key configured, a key is generated when the app is created. gunicorn loads the app
in the master before it forks (``preload_app``), so all workers of one server share it and
``make run`` just works; a warning is logged, ``/readyz`` says so, and tokens die with the
process. Several instances need a configured key.

Any token that is not one of ours (changed, truncated, sealed with another key, made up) is
a 400 problem, never a 500.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import logging
import time
import zlib
from collections.abc import Sequence
from typing import Any

import orjson
from cryptography.fernet import Fernet, InvalidToken, MultiFernet
from flask import Flask, current_app

from .problems import ApiError

log = logging.getLogger("service.games")
EXTENSION = "cribbage.state_sealer"
MAX_PLAIN_BYTES = 256 * 1024  # far above any real state; a guard against decompression bombs


def bad_token(detail: str) -> ApiError:
    return ApiError(
        400,
        "invalid-state-token",
        "The game state token is not valid",
        detail,
        errors=[{"pointer": "/state", "detail": detail}],
    )


class StateSealer:
    """Seals dicts into tokens and opens them again, with one or more Fernet keys."""

    def __init__(self, keys: Sequence[str] = ()) -> None:
        self.generated = not keys
        if self.generated:
            keys = (Fernet.generate_key().decode("ascii"),)
        fernets = []
        for position, key in enumerate(keys, 1):
            try:
                fernets.append(Fernet(key))
            except (ValueError, TypeError) as error:
                raise ValueError(
                    f"CRIBBAGE_STATE_KEYS: key {position} is not a Fernet key (32 url-safe base64-encoded bytes; "
                    f"make one with `python -c 'from cryptography.fernet import Fernet; print(Fernet.generate_key().decode())'`): {error}"
                ) from None
        self.key_count = len(fernets)
        self._fernet = MultiFernet(fernets)
        self._secrets = tuple(base64.urlsafe_b64decode(key) for key in keys)

    def derive(self, purpose: str) -> tuple[bytes, ...]:
        """A secret for ``purpose`` from each key (HMAC-SHA256 of the purpose under the key), the
        sealing key's first: what the state key vouches for besides the token itself (seat
        credentials, the deal's share of the shuffle) stays stateless and rotates with it."""
        return tuple(hmac.new(secret, purpose.encode(), hashlib.sha256).digest() for secret in self._secrets)

    def describe(self) -> str:
        """What ``/readyz`` says about the key."""
        if self.generated:
            return "generated (no CRIBBAGE_STATE_KEYS: tokens are valid only on this server until it restarts)"
        return f"configured ({self.key_count} key{'s' if self.key_count != 1 else ''})"

    def seal(self, data: dict[str, Any]) -> str:
        """A url-safe token for ``data`` (compact JSON, compressed, then encrypted)."""
        return self._fernet.encrypt(zlib.compress(orjson.dumps(data), 9)).decode("ascii")

    def open(self, token: str, ttl: int | None = None) -> Any:
        """The data sealed in ``token``; any failure is a 400 :class:`ApiError`. With ``ttl``,
        a token sealed more than ``ttl`` seconds ago is refused as expired."""
        try:
            raw = token.encode("ascii")
            # One spelling per token: base64 that decodes but is not canonical (trailing junk,
            # stray bits in the last character) is not a token this service issued.
            if base64.urlsafe_b64encode(base64.urlsafe_b64decode(raw)) != raw:
                raise ValueError("not canonical base64")
            sealed = self._fernet.decrypt(raw)
        except (InvalidToken, UnicodeError, ValueError, TypeError, binascii.Error):
            raise bad_token("the state token was not issued by this service with a current key, or was changed") from None
        if ttl is not None and time.time() - self._fernet.extract_timestamp(raw) > ttl:
            raise ApiError(400, "expired-state-token", "The game state token has expired",
                           f"state tokens are valid for {ttl} seconds here (CRIBBAGE_STATE_TTL)",
                           errors=[{"pointer": "/state", "detail": "expired"}])
        try:
            inflater = zlib.decompressobj()
            plain = inflater.decompress(sealed, MAX_PLAIN_BYTES)
            if inflater.unconsumed_tail or not inflater.eof:
                raise ValueError("oversized or incomplete state")
            return orjson.loads(plain)
        except (zlib.error, ValueError, orjson.JSONDecodeError):
            raise bad_token("the state token does not hold a game state") from None


def install(app: Flask, keys: Sequence[str]) -> StateSealer:
    """Create the app's sealer (once, at app creation: in gunicorn's master before the fork)
    and register its readiness check."""
    sealer = StateSealer(keys)
    if sealer.generated:
        log.warning(
            "CRIBBAGE_STATE_KEYS is not set: generated a state key for this server only. Game tokens will not "
            "survive a restart or work on another instance; configure a key for production."
        )
    app.extensions[EXTENSION] = sealer
    app.extensions.setdefault("cribbage.ready", {})["state_key"] = sealer.describe
    return sealer


def sealer() -> StateSealer:
    """The current app's sealer."""
    found: StateSealer = current_app.extensions[EXTENSION]
    return found
