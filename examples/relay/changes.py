"""Wake the event streams when a game changes, and bound how many streams are open.

A stream does not learn *what* changed from here: woken, it reads its game's row again (one
indexed SQLite read), so the database stays the only source of what a device is told. One
counter for every game keeps this small; with at most ``max_streams`` streams a wake-up costs
that many reads.
"""

from __future__ import annotations

import threading


class Changes:
    def __init__(self, max_streams: int) -> None:
        self.max_streams = max_streams
        self._condition = threading.Condition()
        self._version = 0
        self._streams = 0

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

    def open_stream(self) -> bool:
        with self._condition:
            if self._streams >= self.max_streams:
                return False
            self._streams += 1
            return True

    def close_stream(self) -> None:
        with self._condition:
            self._streams -= 1
