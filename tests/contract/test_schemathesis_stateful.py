"""Schemathesis, stateful: walk games through the OpenAPI ``links`` of the games operations.

Each scenario starts a game (``createGame``) and follows links from each answer: the first
legal action of the viewing seat, an ``auto`` move for the seat to act, the view, the record.
Every answer is checked against the contract (status, content type, response schema, no
5xx). Bounded for CI (``max_examples`` scenarios of at most ``stateful_step_count`` steps);
``HYPOTHESIS_PROFILE=long`` runs more.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, settings

from service.api import seats
from service.api.app import create_app
from service.api.config import Config
from tests.support.keys import TEST_STATE_KEY

ROOT = Path(__file__).resolve().parents[2]
LONG = os.environ.get("HYPOTHESIS_PROFILE") == "long"

schema = schemathesis.openapi.from_path(ROOT / "openapi.yaml").include(tag="games")
schema.app = create_app(Config(testing=True, state_keys=(TEST_STATE_KEY,)))
# Literals harvested from the application's modules are offered as values; which modules are
# loaded (and so which literals) changes as a run goes on, which Hypothesis cannot replay.
schema.config.analysis.constants.enabled = False


class GameWorkflow(schema.as_state_machine()):  # type: ignore[misc]
    def before_call(self, case: schemathesis.Case) -> None:
        # Without a seed the server draws a secure random one, so the same scenario would play
        # a different game when Hypothesis replays it; give every new game a seed that follows
        # from the request itself. (Seedless games are covered by the stateless tests.)
        if case.operation.label == "POST /v1/games" and isinstance(case.body, dict) and "seed" not in case.body:
            case.body["seed"] = len(json.dumps(case.body, sort_keys=True))
        super().before_call(case)


def test_game_workflows(monkeypatch: pytest.MonkeyPatch) -> None:
    # A fresh game id per game is random; scenarios replay, so here each game gets the same id.
    monkeypatch.setattr(seats, "new_game_id", lambda: "schemathesis-game")
    GameWorkflow.run(
        settings=settings(
            max_examples=200 if LONG else 30,
            stateful_step_count=40 if LONG else 15,
            deadline=None,
            derandomize=not LONG,
            database=None,
            suppress_health_check=list(HealthCheck),
        )
    )
