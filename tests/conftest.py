"""Shared fixtures and the Hypothesis profiles.

Profiles: ``ci`` (the default; bounded and derandomised so CI is repeatable) and ``long``
(``HYPOTHESIS_PROFILE=long``; many more examples, for the documented long runs).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

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


@pytest.fixture(scope="session", autouse=True)
def every_problem_is_registered() -> Iterator[None]:
    """Every problem the test client receives, in any test, has a registered type with the
    registry's status (tests/api/test_problem_types.py holds the registry to the code)."""
    from werkzeug.test import Client

    from tests.support.problems import check_registered

    original = Client.open

    def checked(self: Client, *args: Any, **kwargs: Any) -> Any:
        response = original(self, *args, **kwargs)
        check_registered(response)
        return response

    Client.open = checked  # type: ignore[method-assign]
    yield
    Client.open = original  # type: ignore[method-assign]


# Tests that need more than Python, each run by its own make target: a run whose ``-m`` expression
# does not mention the marker (plain ``pytest``, ``make test``) deselects them, so the ordinary suite
# never needs nginx, chromium or Node, and ``-m system`` still finds every one of them (an
# ``addopts = -m "not system"`` would fight it).
OWN_TARGET = ("system", "typescript")
# The long tiers' markers (the Makefile's LONG). Their tests are collected first: ``make check`` runs
# both tiers in one ``pytest -n 2 --dist worksteal``, which gives each process half of the list, so one
# starts on the long tests (up to minutes each) while the other runs fast ones and then takes the long
# tests still waiting off the first's queue; no long test starts last on a lone process (measured: both
# processes 97% busy over the run).
LONG_MARKERS = ("exhaustive", "playouts", "strength")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    expression = config.getoption("markexpr") or ""
    left_out = [marker for marker in OWN_TARGET if marker not in expression]
    deselected = [item for item in items if any(item.get_closest_marker(marker) for marker in left_out)]
    if deselected:
        config.hook.pytest_deselected(items=deselected)
        left = {id(item) for item in deselected}
        items[:] = [item for item in items if id(item) not in left]
    items.sort(key=lambda item: not any(item.get_closest_marker(marker) for marker in LONG_MARKERS))


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
