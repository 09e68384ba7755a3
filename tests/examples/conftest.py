"""The relay of examples/relay as it runs (:mod:`tests.support.relay`), one for a module's tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.support.relay import Running, service_and_relay


@pytest.fixture(scope="module")
def relay(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    with service_and_relay(tmp_path_factory.mktemp("relay")) as running:
        yield running
