"""The example client in ``examples/`` plays a whole game against a real server, as written.

It runs as a separate process (``python examples/play_against_the_computer.py``), the way a
reader of docs/client-guide.md would run it, against gunicorn on loopback.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from tests.support.servers import Gunicorn

ROOT = Path(__file__).resolve().parents[2]


def test_the_example_client_plays_a_game_to_the_end(tmp_path: Path) -> None:
    with Gunicorn(workers=1, log_dir=tmp_path) as server:
        result = subprocess.run(
            [
                sys.executable,
                str(ROOT / "examples" / "play_against_the_computer.py"),
                "--url",
                server.url,
                "--seed",
                "7",
                "--lang",
                "sv",
            ],
            capture_output=True,
            text=True,
            timeout=120,
            check=True,
        )
    lines = result.stdout.splitlines()
    assert lines[-2].startswith("the game is over")
    requests, move = map(int, re.fullmatch(r"(\d+) requests, move (\d+)", lines[-1]).groups())  # type: ignore[union-attr]
    # one request per decision of seat 0: the computer's moves are the rest of the moves
    assert 1 < requests < move
    assert any("femton" in line for line in lines)  # the counts as said in Swedish
