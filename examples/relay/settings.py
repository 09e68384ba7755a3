"""The relay's settings, from the environment (README.md in this directory has the table)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Settings:
    service_url: str = "http://127.0.0.1:8000"
    database: str = str(HERE / "relay.sqlite3")
    max_games: int = 1000  # rows kept; the least recently moved go first
    max_age_hours: float = 48.0  # a game untouched this long is forgotten
    max_body_bytes: int = 16 * 1024  # every request the relay takes is small: a move, a view, a new game
    max_streams: int = 24  # open event streams (each holds one of the server's threads)
    max_game_streams: int = 6  # of them, for one game: four seats, and a tab or two more
    stream_seconds: float = 300.0  # a stream ends after this long; the browser reconnects by itself
    heartbeat_seconds: float = 15.0  # a comment line this often, so a stream to a gone device ends
    upstream_timeout: float = 30.0

    @classmethod
    def from_env(cls, env: Mapping[str, str] = os.environ) -> Settings:
        default = cls()
        return cls(
            service_url=env.get("SERVICE_URL", default.service_url),
            database=env.get("RELAY_DB", default.database),
            max_games=int(env.get("RELAY_MAX_GAMES", default.max_games)),
            max_age_hours=float(env.get("RELAY_MAX_AGE_HOURS", default.max_age_hours)),
            max_body_bytes=int(env.get("RELAY_MAX_BODY_BYTES", default.max_body_bytes)),
            max_streams=int(env.get("RELAY_MAX_STREAMS", default.max_streams)),
            max_game_streams=int(env.get("RELAY_MAX_GAME_STREAMS", default.max_game_streams)),
            stream_seconds=float(env.get("RELAY_STREAM_SECONDS", default.stream_seconds)),
            heartbeat_seconds=float(env.get("RELAY_HEARTBEAT_SECONDS", default.heartbeat_seconds)),
        )
