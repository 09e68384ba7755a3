"""Start-up of the image against the same service from this checkout, side by side (numbers, not pass/fail).

    .venv/bin/python -m tests.system.image_startup [--rounds 5]

Builds the image as the system test does (the base tarball from the same cache), then, in
alternating rounds so that machine load falls on both alike, times from start to the first
``/healthz`` 200:

- the container: from ``podman run`` being called, and from the moment its process started;
- gunicorn from the checkout's venv with the same configuration and two workers (``make run``'s
  way), from the moment it is started.

The difference between the container's process and the checkout is what the image itself costs
at start (its Python, its bytecode, the cgroup limits); the rest is the service's own start-up.
"""

from __future__ import annotations

import argparse
import statistics
import time

from service.api.state_token import generate_key
from tests.support.image_harness import Container, PodExample, Podman, base_tarball
from tests.support.servers import Gunicorn
from tests.system.test_image import BASE_CACHE, IMAGE, ROOT


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    rounds = parser.parse_args().rounds
    env = {"CRIBBAGE_STATE_KEYS": generate_key(), "WEB_CONCURRENCY": "2"}
    flags = PodExample().api_flags()  # the Kubernetes example's security context and limits, as the test runs it
    podman = Podman.open()
    try:
        podman.import_base(base_tarball(BASE_CACHE)[0])
        podman.build(ROOT, IMAGE)
        from_run, from_process, checkout = [], [], []
        with Container(podman, IMAGE, "warm-up", env, 8000, podman.workdir / "logs", flags=flags):
            pass  # the first start reads the image from disk; every round after finds it in the page cache
        for round_ in range(rounds):
            with Container(
                podman, IMAGE, f"round-{round_}", env, 8000, podman.workdir / "logs", flags=flags
            ) as container:
                from_run.append(container.startup.from_run)
                from_process.append(container.startup.from_process)
            started = time.monotonic()
            with Gunicorn(workers=2, env=env):
                checkout.append(time.monotonic() - started)
    finally:
        podman.close()
    for label, values in (
        ("container, from podman run", from_run),
        ("container, from its process start", from_process),
        ("checkout (host venv), from start", checkout),
    ):
        print(f"{label:36} median {statistics.median(values):.2f} s  (min {min(values):.2f}, max {max(values):.2f})")
    print(f"container process / checkout: {statistics.median(from_process) / statistics.median(checkout):.2f}")


if __name__ == "__main__":
    main()
