"""Configuration, read from the environment in this one place.

Every variable has a sane default so that ``make run`` needs no configuration; the README
has the table. Tests build a :class:`Config` directly instead of touching the environment.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass


def _bool(text: str) -> bool:
    return text.strip().lower() in ("1", "true", "yes", "on")


def _optional_whole(env: Mapping[str, str], name: str, least: int) -> int | None:
    """A whole number setting, at least ``least``, or ``None`` when unset; a bad value stops
    the start with the variable's name (``CRIBBAGE_STATE_TTL=0`` must not mean "expire at once")."""
    text = env.get(name, "").strip()
    if not text:
        return None
    try:
        value = int(text)
    except ValueError:
        value = least - 1
    if value < least:
        raise ValueError(f"{name} must be a whole number, at least {least} (got {text!r})")
    return value


def _whole(env: Mapping[str, str], name: str, default: int, least: int) -> int:
    value = _optional_whole(env, name, least)
    return default if value is None else value


def _list(text: str) -> tuple[str, ...]:
    return tuple(part.strip() for part in text.split(",") if part.strip())


@dataclass(frozen=True)
class Config:
    """Service settings. ``from_env`` documents the variable behind each field."""

    max_body_bytes: int = 64 * 1024
    max_event_body_bytes: int = 4 * 1024 * 1024  # the event operations' bodies (openapi.yaml x-body-limit)
    state_keys: tuple[str, ...] = ()  # state keys (32 bytes, base64): the first seals, all open (state_token.py)
    cors_origins: tuple[str, ...] = ()
    log_level: str = "INFO"
    testing: bool = False
    access_log: bool = True
    metrics: bool = True
    cors_max_age: int = 600
    state_ttl: int | None = None  # seconds a game state token stays valid (None: no expiry)
    client_seeds: bool = True  # whether POST /v1/games takes a client's seed (reproducible deals)
    express: bool = True  # the express lane for the hottest operations (express.py)
    behind_proxy: bool = False  # a buffering proxy is in front (gunicorn_conf warns without one)

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Config:
        env = os.environ if environ is None else environ
        return cls(
            max_body_bytes=_whole(env, "CRIBBAGE_MAX_BODY_BYTES", 64 * 1024, 1024),
            max_event_body_bytes=_whole(env, "CRIBBAGE_MAX_EVENT_BODY_BYTES", 4 * 1024 * 1024, 1024),
            state_keys=_list(env.get("CRIBBAGE_STATE_KEYS", "")),
            cors_origins=_list(env.get("CRIBBAGE_CORS_ORIGINS", "")),
            log_level=env.get("CRIBBAGE_LOG_LEVEL", "INFO").upper(),
            testing=_bool(env.get("CRIBBAGE_TESTING", "false")),
            access_log=_bool(env.get("CRIBBAGE_ACCESS_LOG", "true")),
            metrics=_bool(env.get("CRIBBAGE_METRICS", "true")),
            cors_max_age=_whole(env, "CRIBBAGE_CORS_MAX_AGE", 600, 0),
            state_ttl=_optional_whole(env, "CRIBBAGE_STATE_TTL", 1),
            client_seeds=_bool(env.get("CRIBBAGE_CLIENT_SEEDS", "true")),
            express=_bool(env.get("CRIBBAGE_EXPRESS", "true")),
            behind_proxy=_bool(env.get("CRIBBAGE_BEHIND_PROXY", "false")),
        )
