"""Schemathesis over every operation in openapi.yaml, in-process (stateless, default checks).

Bounded for CI by the ``ci`` Hypothesis profile; ``HYPOTHESIS_PROFILE=long`` runs more.
"""

from __future__ import annotations

import os
from pathlib import Path

import schemathesis
from hypothesis import HealthCheck, settings

from service.api.app import create_app
from service.api.config import Config
from tests.support.keys import TEST_STATE_KEY

ROOT = Path(__file__).resolve().parents[2]
LONG = os.environ.get("HYPOTHESIS_PROFILE") == "long"
schema = schemathesis.openapi.from_path(ROOT / "openapi.yaml")
schema.app = create_app(Config(testing=True, state_keys=(TEST_STATE_KEY,)))


@schema.parametrize()
@settings(
    max_examples=400 if LONG else 40,
    deadline=None,
    derandomize=not LONG,
    database=None,
    suppress_health_check=list(HealthCheck),
)
def test_every_operation(case: schemathesis.Case) -> None:
    case.call_and_validate()
