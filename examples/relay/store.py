"""The relay's memory: the latest state of each game, in SQLite, and nothing else.

One row per game: its ``game_id``, its ``move`` number, the sealed ``state`` (which reveals no
card), the ``next_game_id`` of a match's next game once one was started, and two times for
pruning. No credential is ever written: the relay forwards a device's credential with its
request and forgets it.

Moves land by compare-and-set: :meth:`Store.advance` updates the row only if it still holds the
move the request was made on (``UPDATE ... WHERE move = ?``, one statement, atomic in SQLite),
so of two moves made on the same state only one lands, whichever order the service answered.

Bounds: at most ``max_games`` rows, and rows untouched for ``max_age`` seconds are deleted when a
game is created (the least recently moved games go first when the table is full).
"""

from __future__ import annotations

import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    game_id      TEXT PRIMARY KEY,
    move         INTEGER NOT NULL,
    state        TEXT NOT NULL,
    next_game_id TEXT,
    created      REAL NOT NULL,
    updated      REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS games_by_update ON games (updated);
"""


@dataclass(frozen=True)
class Game:
    game_id: str
    move: int
    state: str
    next_game_id: str | None


class Store:
    """The games table; safe to share between threads (one connection per thread)."""

    def __init__(self, path: Path | str, max_games: int = 1000, max_age: float = 48 * 3600.0) -> None:
        self.path = str(path)
        self.max_games = max_games
        self.max_age = max_age
        self._local = threading.local()
        with self._connection() as db:
            db.execute("PRAGMA journal_mode=WAL")  # readers (the event streams) never wait for a writer
            db.executescript(SCHEMA)

    def _connection(self) -> sqlite3.Connection:
        db: sqlite3.Connection | None = getattr(self._local, "db", None)
        if db is None:
            # autocommit: every statement is its own transaction (the compare-and-set is one statement)
            db = sqlite3.connect(self.path, timeout=10.0, isolation_level=None, check_same_thread=False)
            db.execute("PRAGMA busy_timeout = 10000")
            # WAL with NORMAL: a commit survives the relay's crash, and costs no fsync (a power cut may
            # lose the last moves: the devices then see an older move, and their next move is refused
            # as stale until they catch up)
            db.execute("PRAGMA synchronous = NORMAL")
            self._local.db = db
        return db

    def get(self, game_id: str) -> Game | None:
        row = (
            self._connection()
            .execute("SELECT game_id, move, state, next_game_id FROM games WHERE game_id = ?", (game_id,))
            .fetchone()
        )
        return Game(*row) if row else None

    def create(self, game_id: str, move: int, state: str) -> bool:
        """Keep a new game (pruning first); False if the game is already kept (its row stays as it is)."""
        db = self._connection()
        now = time.time()
        db.execute("BEGIN IMMEDIATE")
        try:
            if db.execute("SELECT 1 FROM games WHERE game_id = ?", (game_id,)).fetchone():
                db.execute("COMMIT")
                return False  # kept already: nothing to add, so nothing to prune for it
            db.execute("DELETE FROM games WHERE updated < ?", (now - self.max_age,))
            (count,) = db.execute("SELECT count(*) FROM games").fetchone()
            if count >= self.max_games:
                db.execute(
                    "DELETE FROM games WHERE game_id IN (SELECT game_id FROM games ORDER BY updated LIMIT ?)",
                    (count - self.max_games + 1,),
                )
            cursor = db.execute(
                "INSERT OR IGNORE INTO games (game_id, move, state, created, updated) VALUES (?, ?, ?, ?, ?)",
                (game_id, move, state, now, now),
            )
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        return cursor.rowcount == 1

    def advance(self, game_id: str, expected: int, move: int, state: str) -> bool:
        """Store the state after a move made on ``expected``: True if it landed, False if the game
        has moved on (or is gone) meanwhile."""
        cursor = self._connection().execute(
            "UPDATE games SET move = ?, state = ?, updated = ? WHERE game_id = ? AND move = ?",
            (move, state, time.time(), game_id, expected),
        )
        return cursor.rowcount == 1

    def link_next(self, game_id: str, next_game_id: str) -> None:
        """Record that a match's next game was started from ``game_id`` (not a move of it: its
        place in the order of pruning stays, so a late device's call keeps it no longer)."""
        self._connection().execute("UPDATE games SET next_game_id = ? WHERE game_id = ?", (next_game_id, game_id))

    def count(self) -> int:
        (count,) = self._connection().execute("SELECT count(*) FROM games").fetchone()
        return int(count)
