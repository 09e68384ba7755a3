"""A Python client generated from ``openapi.yaml`` by openapi-python-client plays the service.

This is what a front-end team does first: generate a client, score a hand, play a game. The
generator must run with no warning but the one explained below, and the generated code must
play a whole game against the computer (one request per decision), score the 29 hand, and
read a 422 as a problem.

The one warning: ``GET /openapi.yaml`` answers ``application/yaml`` (the contract itself),
which the generator cannot parse, so that operation has no typed answer in the client; a
client needs no such call.
"""

from __future__ import annotations

import importlib
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import pytest
from flask import Flask

ROOT = Path(__file__).resolve().parents[2]
EXPLAINED = ("GET /openapi.yaml", "Unsupported content_type application/yaml")


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    out = tmp_path_factory.mktemp("client")
    tool = Path(sys.executable).parent / "openapi-python-client"
    bin_dir = str(Path(sys.executable).parent)
    result = subprocess.run(
        [
            str(tool),
            "generate",
            "--path",
            str(ROOT / "openapi.yaml"),
            "--meta",
            "none",
            "--output-path",
            str(out / "cribbage_client"),
        ],
        capture_output=True,
        text=True,
        env={"PATH": bin_dir + ":/usr/bin:/bin"},
        timeout=120,
        check=True,
    )
    output = result.stdout + result.stderr
    warnings = [line for line in output.splitlines() if line.startswith(("WARNING", "Cannot parse"))]
    assert all(any(part in line for part in EXPLAINED) for line in warnings), output
    sys.path.insert(0, str(out))
    try:
        yield importlib.import_module("cribbage_client")
    finally:
        sys.path.remove(str(out))
        for name in [m for m in sys.modules if m.split(".")[0] == "cribbage_client"]:
            del sys.modules[name]
        shutil.rmtree(out, ignore_errors=True)


@pytest.fixture()
def client(generated: ModuleType, app: Flask) -> Any:
    return generated.Client(base_url="http://cribbage.test", httpx_args={"transport": httpx.WSGITransport(app=app)})


def module(name: str) -> ModuleType:
    return importlib.import_module(f"cribbage_client.{name}")


def test_the_generated_client_scores_the_29_hand(client: Any) -> None:
    models, score_hand = module("models"), module("api.hands.score_hand")
    answer = score_hand.sync(client=client, body=models.HandRequest(hand=["5S", "5H", "5D", "JC"], starter="5C"))
    assert isinstance(answer, models.HandScore)
    assert answer.total == 29 and answer.by_kind.fifteens == 16 and answer.by_kind.pairs == 12
    assert answer.spoken.endswith("twenty-nine")


def test_the_generated_client_reads_a_422_as_a_problem(client: Any) -> None:
    models, score_hand = module("models"), module("api.hands.score_hand")
    detailed = score_hand.sync_detailed(
        client=client, body=models.HandRequest(hand=["5S", "5S", "5D", "JC"], starter="5C")
    )
    assert detailed.status_code == 422
    assert isinstance(detailed.parsed, models.Problem)
    assert detailed.parsed.type_.endswith("duplicate-card") and detailed.parsed.errors[0].pointer == "/hand/1"


def test_the_generated_client_plays_a_whole_game_against_the_computer(client: Any) -> None:
    models = module("models")
    create, act = module("api.games.create_game"), module("api.games.act_game")
    game = create.sync(
        client=client,
        body=models.NewGameRequest(
            variant=models.VariantName.SIX_CARD, seed=7, seat=0, computer=[models.ComputerSeat(seat=1)]
        ),
    )
    assert isinstance(game, models.GameStarted)
    credential = game.credentials.seats[0].credential
    requests = 1
    while game.view.phase != models.GameViewPhase.OVER:
        assert game.view.to_act == [0] and game.legal_actions  # the computer never keeps us waiting
        game = act.sync(
            client=client,
            body=models.ActRequest(state=game.state, action=game.legal_actions[0], seat=0, credential=credential),
        )
        assert isinstance(game, models.GameResponse), game
        requests += 1
        assert requests < 200
    assert game.view.winner in (0, 1) and game.events[-1].type_ == "game_over"
