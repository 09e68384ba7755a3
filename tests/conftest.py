"""Shared fixtures and the Hypothesis profiles.

Profiles: ``ci`` (the default; bounded and derandomised so CI is repeatable) and ``long``
(``HYPOTHESIS_PROFILE=long``; many more examples, for the documented long runs).
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    max_examples=200,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(HealthCheck),
)
settings.register_profile(
    "long",
    max_examples=5000,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(scope="session")
def app() -> Flask:
    from service.api.app import create_app
    from service.api.config import Config
    from tests.support.keys import TEST_STATE_KEY

    return create_app(Config(testing=True, state_keys=(TEST_STATE_KEY,)))


@pytest.fixture()
def client(app: Flask) -> Iterator[FlaskClient]:
    with app.test_client() as client:
        yield client
