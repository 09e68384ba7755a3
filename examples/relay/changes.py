"""Wake the event streams when a game changes, and bound how many streams are open.

A stream does not learn *what* changed from here: woken, it reads its game's row again (one
indexed SQLite read), so the database stays the only source of what a device is told. One
counter for every game keeps this small; with at most ``max_streams`` streams a wake-up costs
that many reads. Streams are bounded in all (``max_streams``) and per game (``per_game``), so one
game's devices (or one page opened in many tabs) cannot take every slot from the others.
"""

from __future__ import annotations

import threading


class Changes:
    def __init__(self, max_streams: int, per_game: int) -> None:
        self.max_streams, self.per_game = max_streams, per_game
        self._condition = threading.Condition()
        self._version = 0
        self._streams = 0
        self._by_game: dict[str, int] = {}

    def version(self) -> int:
        with self._condition:
            return self._version

    def bump(self) -> None:
        with self._condition:
            self._version += 1
            self._condition.notify_all()

    def wait(self, seen: int, timeout: float) -> int:
        """Wait until the version passes ``seen`` or ``timeout`` seconds pass; the version now."""
        with self._condition:
            self._condition.wait_for(lambda: self._version != seen, timeout=timeout)
            return self._version

    def open_stream(self, game_id: str) -> bool:
        with self._condition:
            if self._streams >= self.max_streams or self._by_game.get(game_id, 0) >= self.per_game:
                return False
            self._streams += 1
            self._by_game[game_id] = self._by_game.get(game_id, 0) + 1
            return True

    def close_stream(self, game_id: str) -> None:
        with self._condition:
            self._streams -= 1
            left = self._by_game.pop(game_id) - 1
            if left:
                self._by_game[game_id] = left
