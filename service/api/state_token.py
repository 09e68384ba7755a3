"""Sealing game states: the state lives with the client, encrypted and authenticated.

A state leaves the server only as a token: url-safe base64 of a 9-byte header (the token
format and the second it was sealed), a random 12-byte nonce, and the state's compact JSON
(:func:`~service.core.game.codec.encode_state`) encrypted with AES-256-GCM-SIV, the header
as associated data. The cipher authenticates everything, so a client can neither read the
hidden cards (the pack, other hands, the crib) nor change a byte, the header included,
unnoticed. GCM-SIV rather than plain GCM: a repeated random nonce (a birthday risk after
billions of tokens under one key) would only reveal that two tokens hold the same state,
where GCM would give away the authentication key. A state over 1 KB (a long game's action
log) is deflated first, and the format byte says so; the usual 250-650 bytes are not (zlib
would save about 75 bytes for more CPU than the sealing costs).

Keys come from ``CRIBBAGE_STATE_KEYS``: comma-separated url-safe base64 of 32 random bytes
(``Fernet.generate_key()`` makes them, as does ``python -m service.api.state_token``). The
first seals, all of them open, so a key is rotated by adding the new one last, then putting it
first, then dropping the old one once no token it sealed is in use (docs/deployment.md, "Rotating
the state key"). The cipher key and the deal's secret share are each derived from a configured
key for their own purpose (HMAC-SHA256, :meth:`StateSealer.derive`); seat credentials come from
each game's own secret, sealed in its token (:mod:`.seats`), so they outlive a key. Every worker
and every server with the same keys accepts a token any of them issued; nothing is stored.

With no key configured, a key is generated when the app is created. gunicorn loads the app
in the master before it forks (``preload_app``), so all workers of one server share it and
``make run`` just works; a warning is logged, ``/readyz`` says so, and tokens die with the
process. Several instances need a configured key.

Any token that is not one of ours (changed, truncated, sealed with another key, made up) is
a 400 problem, never a 500. Why not Fernet, which this module used at first: it costs more
than three times as much as GCM-SIV to seal and to open a state, and a game move is mostly such costs
(``python -m benchmarks.act_path``).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import logging
import os
import struct
import time
import zlib
from collections.abc import Sequence
from typing import Any

import orjson
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCMSIV
from flask import Flask

from .problems import ApiError
from .serving import extension
from .wire.problem_texts import said

log = logging.getLogger("service.games")
EXTENSION = "cribbage.state_sealer"
MAX_PLAIN_BYTES = 256 * 1024  # far above any real state; a guard against decompression bombs
SEALING_PURPOSE = "cribbage-state-token-v1"
PLAIN, DEFLATED = 1, 2  # the token format byte: the state as JSON, or deflated JSON
DEFLATE_ABOVE = 1024  # bytes of JSON; below it zlib saves a few dozen bytes for more CPU than sealing
HEADER = struct.Struct(">BQ")  # format, sealed at (Unix seconds): authenticated, not secret
NONCE_BYTES = 12
TAG_BYTES = 16


def bad_token(key: str) -> ApiError:
    """The 400 of a token that is not one of this server's (``key``: a detail of
    :mod:`.wire.problem_texts`)."""
    words = said(key)
    return ApiError("invalid-state-token", words, errors=[{"pointer": "/state", "detail": words}])


def expired_token(ttl: int | None) -> ApiError:
    """The refusal of a move (or a next game, or hints) from a token past its time to live: it
    says what the app can still do with it."""
    return ApiError(
        "expired-state-token",
        said("token_expired", ttl=ttl),
        errors=[{"pointer": "/state", "detail": said("e_token_expired")}],
    )


def generate_key() -> str:
    """A new state key: 32 random bytes, url-safe base64 (the form ``CRIBBAGE_STATE_KEYS`` takes)."""
    return base64.urlsafe_b64encode(os.urandom(32)).decode("ascii")


# url-safe base64 straight through binascii: base64's wrappers cost more than the coding of a
# 600-byte token.
_TO_URLSAFE = bytes.maketrans(b"+/", b"-_")
_FROM_URLSAFE = bytes.maketrans(b"-_+/", b"+/-_")  # a token with + or / is not url-safe: refused


def _b64encode(raw: bytes) -> str:
    return binascii.b2a_base64(raw, newline=False).translate(_TO_URLSAFE).decode("ascii")


def _secret(position: int, key: str) -> bytes:
    try:
        secret = base64.urlsafe_b64decode(key.encode("ascii"))
    except (ValueError, TypeError, binascii.Error):
        secret = b""
    if len(secret) != 32:
        raise ValueError(
            f"CRIBBAGE_STATE_KEYS: key {position} is not a state key (32 random bytes, url-safe base64: make one "
            "with `python -m service.api.state_token`)"
        )
    return secret


class StateSealer:
    """Seals dicts into tokens and opens them again, with one or more keys."""

    def __init__(self, keys: Sequence[str] = ()) -> None:
        self.generated = not keys
        if self.generated:
            keys = (generate_key(),)
        self._secrets = tuple(_secret(position, key) for position, key in enumerate(keys, 1))
        self.key_count = len(self._secrets)
        self._derived: dict[str, tuple[bytes, ...]] = {}
        self._ciphers = tuple(AESGCMSIV(secret) for secret in self.derive(SEALING_PURPOSE))

    def derive(self, purpose: str) -> tuple[bytes, ...]:
        """A secret for ``purpose`` from each key (HMAC-SHA256 of the purpose under the key), the
        sealing key's first: what the state key vouches for besides the token itself (the deal's
        share of a client's seed, the credentials of a state sealed before games had their own
        secret) stays stateless and rotates with it."""
        found = self._derived.get(purpose)
        if found is None:  # once per purpose: a seat check on every move must not redo the HMACs
            found = self._derived[purpose] = tuple(
                hmac.new(secret, purpose.encode(), hashlib.sha256).digest() for secret in self._secrets
            )
        return found

    def describe(self) -> str:
        """What ``/readyz`` says about the key."""
        if self.generated:
            return "generated (no CRIBBAGE_STATE_KEYS: tokens are valid only on this server until it restarts)"
        return f"configured ({self.key_count} key{'s' if self.key_count != 1 else ''})"

    def seal(self, data: dict[str, Any]) -> str:
        """A url-safe token for ``data`` (compact JSON, deflated if long, then encrypted)."""
        return self.seal_at(data, int(time.time()), os.urandom(NONCE_BYTES))

    def seal_as_old(self, data: dict[str, Any], old: str) -> str:
        """A token for ``data`` as old as the token ``old`` (one of ours: its time is only read once
        authenticated): what an expired game's last moves seal, so that they never turn into a
        game that plays on (docs/client-guide.md, "An expired game")."""
        raw = binascii.a2b_base64(old.encode("ascii").translate(_FROM_URLSAFE))
        self._decrypt(raw)
        return self.seal_at(data, HEADER.unpack_from(raw)[1], os.urandom(NONCE_BYTES))

    def seal_at(self, data: dict[str, Any], sealed_at: int, nonce: bytes) -> str:
        """:meth:`seal` with the time and nonce given: byte-stable tokens for documentation."""
        plain = orjson.dumps(data)
        kind = PLAIN
        if len(plain) > DEFLATE_ABOVE:
            plain, kind = zlib.compress(plain, 9), DEFLATED
        header = HEADER.pack(kind, sealed_at)
        return _b64encode(header + nonce + self._ciphers[0].encrypt(nonce, plain, header))

    def open(self, token: str, ttl: int | None = None) -> Any:
        """The data sealed in ``token``; any failure is a 400 :class:`ApiError`. With ``ttl``,
        a token sealed more than ``ttl`` seconds ago is refused as expired."""
        data, expired = self.open_aged(token, ttl)
        if expired:
            raise expired_token(ttl)
        return data

    def open_aged(self, token: str, ttl: int | None = None) -> tuple[Any, bool]:
        """The data sealed in ``token`` and whether it is past ``ttl`` (sealed more than ``ttl``
        seconds ago): what a read that shows an expired game without playing it asks. A token
        that is not ours (changed, made up, sealed with a key no longer configured) is refused
        whatever its age: only the time is forgiven, never the seal."""
        try:
            raw = binascii.a2b_base64(token.encode("ascii").translate(_FROM_URLSAFE), strict_mode=True)
            # One spelling per token: base64 that decodes but is not canonical (trailing junk,
            # stray bits in the last character) is not a token this service issued.
            if _b64encode(raw) != token:
                raise ValueError("not canonical base64")
        except (UnicodeError, ValueError, TypeError, binascii.Error):
            raise bad_token("token_foreign") from None
        plain = self._decrypt(raw)  # first: the header (and its time) is only trusted once authenticated
        kind, sealed_at = HEADER.unpack_from(raw)
        expired = ttl is not None and time.time() - sealed_at > ttl
        try:
            if kind == DEFLATED:
                inflater = zlib.decompressobj()
                plain = inflater.decompress(plain, MAX_PLAIN_BYTES)
                if inflater.unconsumed_tail or not inflater.eof:
                    raise ValueError("oversized or incomplete state")
            return orjson.loads(plain), expired
        except (zlib.error, ValueError, orjson.JSONDecodeError):
            raise bad_token("token_no_state") from None

    def _decrypt(self, raw: bytes) -> bytes:
        """The plaintext of a token's bytes, under the first key that authenticates it."""
        start = HEADER.size + NONCE_BYTES
        if len(raw) >= start + TAG_BYTES and raw[0] in (PLAIN, DEFLATED):
            header, nonce, sealed = raw[: HEADER.size], raw[HEADER.size : start], raw[start:]
            for cipher in self._ciphers:  # every current key: rotation
                try:
                    return cipher.decrypt(nonce, sealed, header)
                except InvalidTag:
                    continue
        raise bad_token("token_foreign")


def install(app: Flask, keys: Sequence[str]) -> StateSealer:
    """Create the app's sealer (once, at app creation: in gunicorn's master before the fork)
    and register its readiness check."""
    sealer = StateSealer(keys)
    if sealer.generated:
        log.warning(
            "CRIBBAGE_STATE_KEYS is not set (or holds no key): generated a state key for this server only. Game tokens will not "
            "survive a restart or work on another instance; configure a key for production."
        )
    app.extensions[EXTENSION] = sealer
    app.extensions.setdefault("cribbage.ready", {})["state_key"] = sealer.describe
    return sealer


def sealer() -> StateSealer:
    """The serving app's sealer."""
    found: StateSealer = extension(EXTENSION)
    return found


if __name__ == "__main__":
    print(generate_key())
