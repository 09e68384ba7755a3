"""The /play page's fold (``service/play/table.js``, run by node) rebuilds the table from each
answer's events exactly as the answer's view shows it: the hand (picked up again at the end of the
play), the seats that said go (sorted by seat), the pile, the count, the pegs, over whole games of
every variant against the computer, with and without manual counting (docs/client-guide.md,
"Animating a game exactly"). The service's view is the expectation; the page's fold is under test."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

pytestmark = pytest.mark.typescript

HERE = Path(__file__).resolve().parent
GAMES = [
    ("six_card", {}, [{"seat": 1, "level": "hard"}]),
    ("six_card", {"muggins": True}, [{"seat": 1, "level": "easy"}]),
    ("five_card", {}, [{"seat": 1}]),
    ("three_player", {}, [{"seat": 1}, {"seat": 2}]),
    ("four_player", {"muggins": True}, [{"seat": 1}, {"seat": 2}, {"seat": 3}]),
]


def steps_of(client: FlaskClient, variant: str, options: dict[str, Any], computer: list[Any], seed: int) -> list[Any]:
    """Each answer of a whole game played by seat 0 (its first legal action each time): the view
    before it, its events and its view."""
    body = {"variant": variant, "options": options, "seed": seed, "seat": 0, "computer": computer}
    answer = client.post("/v1/games", json=body).get_json()
    credential = answer["credentials"]["seats"][0]["credential"]
    steps = []
    while answer["view"]["phase"] != "over":
        act = {"state": answer["state"], "seat": 0, "credential": credential, "action": answer["legal_actions"][0],
               "since_move": answer["view"]["move"]}  # fmt: skip
        after = client.post("/v1/games/act", json=act).get_json()
        steps.append({"before": answer["view"], "events": after["events"], "view": after["view"]})
        answer = after
    return steps


def test_the_pages_fold_gives_every_answers_view(client: FlaskClient, tmp_path: Path) -> None:
    node = shutil.which("node")
    assert node, "the typescript tier needs Node.js 20 (make test-typescript)"
    steps = [step for seed in (3, 8) for game in GAMES for step in steps_of(client, *game, seed)]
    assert sum(1 for step in steps for e in step["events"] if e["type"] == "play_over") >= 20
    path = tmp_path / "steps.json"
    path.write_text(json.dumps(steps))
    done = subprocess.run([node, HERE / "fold_table.mjs", path], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []
