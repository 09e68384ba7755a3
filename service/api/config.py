"""Configuration, read from the environment in this one place.

Every variable has a sane default so that ``make run`` needs no configuration; docs/deployment.md
has the table. Tests build a :class:`Config` directly instead of touching the environment.

The environment is the one input no contract describes: it arrives as text, once, at start.
A marshmallow schema (:class:`Environment`) validates and converts it: each variable is a
field named by its ``data_key``, a bad value stops the start naming its variable (every bad
one, not only the first), and a variable left unset or blank takes the :class:`Config`
field's own default, written once, there.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from marshmallow import EXCLUDE, Schema, ValidationError, fields, post_load


class Flag(fields.Field[bool | None]):
    """On for ``1``, ``true``, ``yes`` or ``on``, off for ``0``, ``false``, ``no`` or ``off`` (any
    case); blank is unset. Anything else is refused with the variable's name: a typo
    (``CRIBBAGE_ACCESS_LOG=enabled``) must not silently turn a setting off."""

    ON = ("1", "true", "yes", "on")
    OFF = ("0", "false", "no", "off")

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool | None:
        text = str(value).strip()
        if not text:
            return None
        if text.lower() in self.ON + self.OFF:
            return text.lower() in self.ON
        raise ValidationError(f"{self.data_key} must be one of {', '.join(self.ON + self.OFF)} (got {text!r})")


def whole_number(name: str, text: str, least: int) -> int | None:
    """A variable's whole number, at least ``least`` (plain digits: not "+5", "1_0" or "٥"); blank
    is ``None``, the default. A :class:`ValueError` naming the variable otherwise. gunicorn's own
    settings (service/gunicorn_conf.py) read theirs with it too."""
    text = text.strip()
    if not text:
        return None
    if not (text.isascii() and text.isdigit()) or int(text) < least:
        raise ValueError(f"{name} must be a whole number, at least {least} (got {text!r})")
    return int(text)


class Whole(fields.Field[int | None]):
    """A whole number, at least ``least``; blank is unset (``None``: the default). Anything else
    is refused with the variable's name (``CRIBBAGE_STATE_TTL=0`` must not mean "expire at once")."""

    def __init__(self, least: int, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.least = least

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> int | None:
        try:
            return whole_number(str(self.data_key), str(value), self.least)
        except ValueError as error:
            raise ValidationError(str(error)) from None


class Names(fields.Field[tuple[str, ...]]):
    """A comma-separated list, spaces and empty entries dropped."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> tuple[str, ...]:
        return tuple(part.strip() for part in str(value).split(",") if part.strip())


class Level(fields.Field[str | None]):
    """A logging level's name (any case; blank is unset); another word is refused with the variable's name."""

    NAMES = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str | None:
        text = str(value).strip().upper()
        if not text:
            return None
        if text not in self.NAMES:
            raise ValidationError(f"{self.data_key} must be one of {', '.join(self.NAMES)} (got {str(value)!r})")
        return text


class Environment(Schema):
    """The service's variables, by name, to :class:`Config`'s fields (``from_env`` documents each)."""

    class Meta:
        unknown = EXCLUDE  # the environment holds everything else the process was given

    max_body_bytes = Whole(1024, data_key="CRIBBAGE_MAX_BODY_BYTES")
    max_event_body_bytes = Whole(1024, data_key="CRIBBAGE_MAX_EVENT_BODY_BYTES")
    state_keys = Names(data_key="CRIBBAGE_STATE_KEYS")
    cors_origins = Names(data_key="CRIBBAGE_CORS_ORIGINS")
    log_level = Level(data_key="CRIBBAGE_LOG_LEVEL")
    testing = Flag(data_key="CRIBBAGE_TESTING")
    access_log = Flag(data_key="CRIBBAGE_ACCESS_LOG")
    metrics = Flag(data_key="CRIBBAGE_METRICS")
    cors_max_age = Whole(0, data_key="CRIBBAGE_CORS_MAX_AGE")
    state_ttl = Whole(1, data_key="CRIBBAGE_STATE_TTL")
    client_seeds = Flag(data_key="CRIBBAGE_CLIENT_SEEDS")
    express = Flag(data_key="CRIBBAGE_EXPRESS")
    behind_proxy = Flag(data_key="CRIBBAGE_BEHIND_PROXY")

    @post_load
    def set_only(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        """The variables given a value: a blank number leaves its setting at the default."""
        return {name: value for name, value in data.items() if value is not None}


@dataclass(frozen=True)
class Config:
    """Service settings. ``from_env`` reads each from the variable :class:`Environment` names:
    ``CRIBBAGE_MAX_BODY_BYTES``, ``CRIBBAGE_MAX_EVENT_BODY_BYTES`` (the event operations'
    bodies, ``x-body-limit`` in openapi.yaml), ``CRIBBAGE_STATE_KEYS`` (32 bytes each, base64:
    the first seals, all open; state_token.py), ``CRIBBAGE_CORS_ORIGINS``,
    ``CRIBBAGE_LOG_LEVEL``, ``CRIBBAGE_TESTING``, ``CRIBBAGE_ACCESS_LOG``, ``CRIBBAGE_METRICS``,
    ``CRIBBAGE_CORS_MAX_AGE``, ``CRIBBAGE_STATE_TTL`` (seconds a game state token stays valid;
    unset, no expiry), ``CRIBBAGE_CLIENT_SEEDS`` (whether ``POST /v1/games`` takes a client's
    seed), ``CRIBBAGE_EXPRESS`` (the express lane, http/express.py) and ``CRIBBAGE_BEHIND_PROXY``
    (a buffering proxy is in front: gunicorn_conf.py warns at start without it when bound to a
    non-loopback address)."""

    max_body_bytes: int = 64 * 1024
    max_event_body_bytes: int = 4 * 1024 * 1024
    state_keys: tuple[str, ...] = ()
    cors_origins: tuple[str, ...] = ()
    log_level: str = "INFO"
    testing: bool = False
    access_log: bool = True
    metrics: bool = True
    cors_max_age: int = 600
    state_ttl: int | None = None
    client_seeds: bool = True
    express: bool = True
    behind_proxy: bool = False

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Config:
        """The settings the environment gives (``os.environ`` unless ``environ``); a
        :class:`ValueError` naming every variable with a bad value."""
        env = os.environ if environ is None else environ
        try:
            given: dict[str, Any] = Environment().load(dict(env))
        except ValidationError as error:
            raise ValueError("; ".join(_messages(error.messages))) from None
        return cls(**given)


def _messages(messages: Any) -> list[str]:
    if isinstance(messages, dict):
        return [text for value in messages.values() for text in _messages(value)]
    if isinstance(messages, list):
        return [text for value in messages for text in _messages(value)]
    return [str(messages)]
