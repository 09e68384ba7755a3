"""The container image: built from this repository's Dockerfile and run the way the Kubernetes example runs it.

No registry is reachable, so ``python:3.11-slim`` is stood in for by a Debian 12 base made with
mmdebstrap (see ``tests/support/image_harness.py``); the Dockerfile itself is built as it is, by
podman, and run by podman with runc with the security context, limits and writable mounts of the
Kubernetes example (``deploy/kubernetes/deployment.yaml``, translated to podman's flags, not
restated, and a field the translation does not know fails): as the image's own user, on a
read-only root with only ``/tmp`` writable (and the runtime's ``/dev/shm`` and ``/dev/mqueue``:
a walk of the whole filesystem checks), without capabilities, limited to 2 CPUs and 512 MiB, with
the state key passed in the environment. The image's command, environment, user, port and health
check come from the image; the test only adds what a deployment adds. It checks the service
through its public HTTP API, runs the image's ``HEALTHCHECK``, compares ``pip freeze`` inside the
image with ``constraints.txt``, and looks for anything in the image the service does not need.
``deploy/compose.yaml`` is held to the same settings.

The image binds gunicorn to the container's loopback and exposes no port. Two containers answer
on their own, as docs/image.md's one-machine try runs them: ``GUNICORN_BIND`` overridden to every
address on purpose, published on the host's loopback, and gunicorn warning that no proxy is in
front. A third is the example's whole pod: the api container's
environment from the Deployment (gunicorn on the pod's loopback) and nginx running
``deploy/nginx/cribbage.conf`` exactly as shipped in the same network namespace, as the
sidecar shares it; through it, the service, the request id and forwarded address in the
container's own access log, and the proxy's limits and slow-client timeout in front of the image.

Measurements (image size, build time, time to the first ``/healthz``) go to
``test-output/image.json`` and to the end of the pytest report.
"""

from __future__ import annotations

import contextlib
import importlib.metadata
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from service.api.state_token import generate_key
from tests.support.edge_requests import (
    BAD_BODIES,
    EVENT_PATHS,
    POST_OPERATIONS,
    expect_refused,
    length_request,
    limit_of,
    nested,
    raw,
)
from tests.support.image_harness import (
    COMPOSE,
    DEPLOYMENT,
    OWNER,
    WORKDIR_PARENT,
    WORKDIR_PREFIX,
    ComposeExample,
    Container,
    PodExample,
    Podman,
    base_tarball,
    healthcheck_command,
    image_size,
    process_start,
    sweep_earlier_runs,
)
from tests.support.problems import PROBLEM
from tests.support.proxy import Sidecar
from tests.support.servers import LOOPBACK, call
from tests.support.slow_clients import header_timeout, under_attack

pytestmark = pytest.mark.system

ROOT = Path(__file__).resolve().parents[2]
IMAGE = "localhost/cribbage-service:test"
BASE_CACHE = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "cribbage-service"
SERVICE_UID = 10001  # the image's USER: numeric, as the Kubernetes example's runAsNonRoot needs
MAX_STEPS = 5000  # a six-card game to 121 takes a few hundred actions; this only bounds a bug
STATE_SECRET = "cribbage-state"  # the Secret the Deployment reads CRIBBAGE_STATE_KEYS from
SLOW_CLIENTS = 50  # through the pod's proxy, for one header timeout and a bit


@pytest.fixture(scope="module")
def report(output_dir: Path) -> Iterator[dict[str, Any]]:
    """Numbers the tests measure; written to test-output/image.json, which the run shows at its end
    (``tests/system/conftest.py``: the tier runs on two processes, and only the first one prints)."""
    numbers: dict[str, Any] = {}
    yield numbers
    (output_dir / "image.json").write_text(json.dumps(numbers, indent=2) + "\n")


@pytest.fixture(scope="module")
def podman(report: dict[str, Any]) -> Iterator[Podman]:
    if os.geteuid() != 0:
        raise RuntimeError(
            "the image test runs podman and mmdebstrap as root (CI does); run `make test-system` as root"
        )
    missing = [
        tool for tool in ("podman", "runc", "mmdebstrap", "slirp4netns", "nsenter") if shutil.which(tool) is None
    ]
    if missing:  # nsenter is util-linux's, on every Debian system
        raise RuntimeError(f"missing {', '.join(missing)}: `make test-system` installs them (Debian packages)")
    engine = Podman.open()  # after sweeping what killed runs left
    report["swept_killed_runs"] = len(engine.swept)
    try:
        yield engine
    finally:
        engine.close()


@pytest.fixture(scope="module")
def image(podman: Podman, report: dict[str, Any], output_dir: Path) -> str:
    """The repository's Dockerfile, built on the stand-in base."""
    tarball, made = base_tarball(BASE_CACHE)
    report["base_made_s"] = round(made, 1)  # 0: from the cache
    started = time.monotonic()
    podman.import_base(tarball)
    report["base_import_s"] = round(time.monotonic() - started, 1)
    started = time.monotonic()
    try:
        build = podman.build(ROOT, IMAGE)
    finally:
        report["build_s"] = round(time.monotonic() - started, 1)
    (output_dir / "logs").mkdir(parents=True, exist_ok=True)
    (output_dir / "logs" / "image-build.log").write_text(build.stdout + build.stderr)
    size, base = image_size(podman, IMAGE), image_size(podman, "docker.io/library/python:3.11-slim")
    report["size_mb"] = round(size / 1e6, 1)
    report["added_to_base_mb"] = round((size - base) / 1e6, 1)
    return IMAGE


@pytest.fixture(scope="module")
def config(podman: Podman, image: str) -> dict[str, Any]:
    """The image's configuration: command, environment, user, ports, health check."""
    inspected = podman.inspect("image", "inspect", image)
    found: dict[str, Any] = dict(inspected["Config"])
    # Docker shows the health check inside Config, podman beside it.
    found.setdefault("Healthcheck", inspected.get("Healthcheck"))
    return found


def image_bind(config: dict[str, Any]) -> tuple[str, int]:
    """The image's own ``GUNICORN_BIND``: host and port."""
    (bind,) = (entry.split("=", 1)[1] for entry in config["Env"] if entry.startswith("GUNICORN_BIND="))
    host, port = bind.rsplit(":", 1)
    return host, int(port)


def exposed_port(config: dict[str, Any]) -> int:
    """gunicorn's port in the container: the image's own, whatever address a run binds it to."""
    return image_bind(config)[1]


# The one-machine try (docs/image.md): the image's loopback bind overridden on purpose, so the
# published port reaches gunicorn; gunicorn then warns that no proxy is in front.
OPENED_ON_PURPOSE = "0.0.0.0"
NO_PROXY_WARNING = "CRIBBAGE_BEHIND_PROXY is not set"


@pytest.fixture(scope="module")
def state_key() -> str:
    return generate_key()


@pytest.fixture(scope="module")
def example() -> PodExample:
    """The Kubernetes example's pod, deploy/kubernetes/deployment.yaml."""
    return PodExample()


def direct_env(state_key: str) -> dict[str, str]:
    """docs/image.md's one-machine try: the key, one worker per CPU, and gunicorn opened to every
    address of the container (its port published on the host's loopback only); everything else
    the image's own."""
    return {
        "CRIBBAGE_STATE_KEYS": state_key,
        "WEB_CONCURRENCY": "2",
        "GUNICORN_BIND": f"{OPENED_ON_PURPOSE}:8000",
    }


@pytest.fixture(scope="module")
def container(
    podman: Podman,
    image: str,
    config: dict[str, Any],
    example: PodExample,
    state_key: str,
    report: dict[str, Any],
    output_dir: Path,
) -> Iterator[Container]:
    with Container(
        podman,
        image,
        "cribbage-image-test",
        direct_env(state_key),
        exposed_port(config),
        output_dir / "logs",
        flags=example.api_flags(),
    ) as running:
        report["first_start_to_healthz_s"] = round(running.startup.from_run, 2)
        report["first_process_to_healthz_s"] = round(running.startup.from_process, 2)
        yield running


def test_the_image_says_how_it_runs(config: dict[str, Any], example: PodExample) -> None:
    """What a runtime needs from the image itself: a non-root user, a port, a command, a health check."""
    user = config["User"].split(":")
    assert int(user[0]) == SERVICE_UID and int(user[-1]) == SERVICE_UID
    assert example.run_as_non_root and int(user[0]) != 0  # the kubelet refuses a user it cannot prove non-root
    # gunicorn on the container's loopback and no port exposed: only a proxy in its network
    # namespace reaches it, unless a run opens it on purpose.
    assert image_bind(config) == (LOOPBACK, 8000)
    assert not config.get("ExposedPorts")
    assert config["Cmd"] and config["Healthcheck"]["Test"][0] in ("CMD", "CMD-SHELL")
    assert all(not entry.startswith("CRIBBAGE_STATE_KEYS=") for entry in config["Env"])  # never baked in


def test_compose_runs_the_image_as_the_deployment_does(example: PodExample) -> None:
    """deploy/compose.yaml, the pod on one machine, with the Deployment's settings: for each
    container the same podman flags (read-only root, tmpfs /tmp, no capabilities, no privilege
    escalation, limits) as this test runs the image with, and the api's environment."""
    compose = ComposeExample()
    assert set(compose.services) == set(example.containers)
    assert sorted(compose.flags("api")) == sorted(example.api_flags())
    assert sorted(compose.flags("proxy")) == sorted(example.proxy_flags())
    composed, deployment = compose.env("api"), example.api_env({STATE_SECRET: "the Secret's"})
    # The key from the shell's environment there, from the Secret here.
    assert (composed.pop("CRIBBAGE_STATE_KEYS"), deployment.pop("CRIBBAGE_STATE_KEYS")) == (
        "${CRIBBAGE_STATE_KEYS:-}",
        "the Secret's",
    )
    assert composed == deployment
    assert compose.env("proxy") == {} and "env" not in example.proxy


def api_container(document: dict[str, Any]) -> dict[str, Any]:
    return next(found for found in document["spec"]["template"]["spec"]["containers"] if found["name"] == "api")


@pytest.mark.parametrize(
    ("place", "field", "value"),
    [
        ("api", "command", ["gunicorn", "--workers=9", "service.wsgi:app"]),
        ("api", "args", ["--reload"]),
        ("api", "envFrom", [{"configMapRef": {"name": "cribbage-settings"}}]),
        ("api", "workingDir", "/srv"),
        ("api", "startupProbe", {"exec": {"command": ["true"]}}),
        ("api", "lifecycle", {"preStop": {"exec": {"command": ["sleep", "5"]}}}),
        ("pod", "initContainers", [{"name": "migrate", "image": "busybox"}]),
        ("compose", "command", ["gunicorn", "--workers=9", "service.wsgi:app"]),
        ("compose", "user", "0"),
    ],
)
def test_a_field_the_harness_does_not_translate_fails_the_test(
    tmp_path: Path, place: str, field: str, value: Any
) -> None:
    """The allow-list of PodExample and ComposeExample: a new command, entry point or probe in an
    example is never left untested in silence."""
    if place == "compose":
        document = yaml.safe_load(COMPOSE.read_text())
        document["services"]["api"][field] = value
    else:
        document = yaml.safe_load(DEPLOYMENT.read_text())
        target = api_container(document) if place == "api" else document["spec"]["template"]["spec"]
        target[field] = value
    changed = tmp_path / "changed.yaml"
    changed.write_text(yaml.safe_dump(document))
    with pytest.raises(ValueError, match=f"does not translate .*: {field} "):
        ComposeExample(changed) if place == "compose" else PodExample(changed)


def test_gunicorn_opened_without_a_proxy_warns(container: Container) -> None:
    """The one-machine try opens gunicorn to every address of the container: it says at start
    that sync workers must not face clients and how to put the proxy in front."""
    warnings = [line for line in container.logs().splitlines() if NO_PROXY_WARNING in line]
    assert len(warnings) == 1 and f"{OPENED_ON_PURPOSE}:8000" in warnings[0], container.logs()


def test_every_process_runs_unprivileged_as_10001(container: Container) -> None:
    # /healthz answers as soon as one worker is up; the second may still be forking (seen once in CI)
    deadline = time.monotonic() + 15
    while len(pids := container.host_pids()) < 3 and time.monotonic() < deadline:
        time.sleep(0.2)
    assert len(pids) == 3  # the gunicorn master and WEB_CONCURRENCY=2 workers
    for pid in pids:
        status = dict(
            line.split(":\t", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines() if ":\t" in line
        )
        assert status["Uid"].split() == [str(SERVICE_UID)] * 4
        assert status["Gid"].split() == [str(SERVICE_UID)] * 4
        assert int(status["CapEff"], 16) == 0 and status["NoNewPrivs"].strip() == "1"
        assert status["Seccomp"].strip() == "2"  # a seccomp filter: the runtime's default (RuntimeDefault)


# Run inside the container as its user: every directory of its filesystem but /proc and /sys
# (the kernel's, read-only in a container or not files at all), walked without following links.
# A directory counts as writable if a file can be made in it, a file if it opens for writing (it is
# not written), a device node or other special file if its mode lets the user write to it.
WALK_PROBE = """\
import json, os, stat
found = {"writable": [], "devices": [], "closed": [], "walked": 0}
def unreadable(error):
    found["closed"].append([error.filename, os.access(error.filename, os.X_OK)])
for top, dirs, files in os.walk("/", onerror=unreadable):
    dirs[:] = [name for name in dirs if os.path.join(top, name) not in ("/proc", "/sys")]
    found["walked"] += 1 + len(files)
    probe = os.path.join(top, ".write-probe-%d" % os.getpid())
    try:
        os.close(os.open(probe, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
        os.unlink(probe)
        found["writable"].append(top)
    except OSError:
        pass
    for name in files:
        path = os.path.join(top, name)
        try:
            mode = os.lstat(path).st_mode
        except OSError:  # gone since the listing
            continue
        if stat.S_ISREG(mode):
            try:
                os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK | os.O_NOCTTY))
                found["writable"].append(path)
            except OSError:
                pass
        elif not stat.S_ISLNK(mode) and os.access(path, os.W_OK):
            found["devices" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "writable"].append(path)
print(json.dumps(found))
"""
# The writable places, as docs/image.md lists them: the Deployment's emptyDir (a tmpfs here), and
# the two that every container runtime mounts in a container's own IPC namespace, read-only root or
# not: /dev/shm (a small tmpfs; gunicorn's worker heartbeats) and /dev/mqueue (POSIX message queues).
WRITABLE = ("/tmp", "/dev/shm", "/dev/mqueue")
# The device nodes the OCI runtime specification gives every container (console with a terminal
# only); writing to one changes no file.
OCI_DEVICES = {
    "/dev/null",
    "/dev/zero",
    "/dev/full",
    "/dev/random",
    "/dev/urandom",
    "/dev/tty",
    "/dev/console",
    "/dev/ptmx",
    "/dev/pts/ptmx",
}


def writable_place(path: str) -> str:
    """The one of WRITABLE that ``path`` is or is in, else ``path`` itself."""
    return next((place for place in WRITABLE if path == place or path.startswith(place + "/")), path)


def test_only_tmp_and_the_runtimes_own_places_are_writable(container: Container) -> None:
    done = container.exec("python", "-c", WALK_PROBE)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert found["walked"] > 5000  # the whole image: Python, /venv, /app, /etc, /dev
    # A directory the user cannot list is one it cannot enter either, so nothing under it is reachable.
    assert [path for path, searchable in found["closed"] if searchable] == []
    assert {writable_place(path) for path in found["writable"]} == set(WRITABLE)
    assert "/dev/null" in found["devices"] and set(found["devices"]) <= OCI_DEVICES
    # gunicorn_conf's shared metrics directory, made at start in the place the Deployment gives it.
    assert any(path.startswith("/tmp/cribbage-metrics-") for path in found["writable"]), found["writable"]


def test_healthz_and_readyz_with_the_configured_key(container: Container) -> None:
    status, _, body = call(container.url, "/healthz")
    assert (status, body) == (200, {"status": "ok"})
    status, _, body = call(container.url, "/readyz")
    assert status == 200 and body["status"] == "ready"
    assert body["checks"]["state_key"] == "configured (1 key)"  # the key from the environment, not a generated one


# The highest hand: three fives and the jack of the fourth suit, the fifth five cut.
HAND_29 = {"hand": ["5S", "5H", "5D", "JC"], "starter": "5C"}


def score_29(base: str) -> None:
    """The 29 hand through ``base``: eight fifteens (16), six pairs among the four fives (12), nobs (1)."""
    status, _, body = call(base, "/v1/hands/score", HAND_29)
    assert status == 200, body
    assert body["total"] == 29
    assert body["by_kind"] == {"fifteens": 16, "pairs": 12, "runs": 0, "flush": 0, "nobs": 1}


def play_to_the_end(base: str, seed: int) -> None:
    """A six-card game through ``base``, every seat moving by itself (``auto``) until it is over;
    the sealed state makes each move's round trip through the container's key."""
    status, _, answer = call(base, "/v1/games", {"variant": "six_card", "seed": seed, "seat": 0})
    assert status == 201, answer
    table = answer["credentials"]["table"]  # one device playing every seat
    moves = 0
    while answer["view"]["phase"] != "over":
        assert moves < MAX_STEPS, "no end"
        action = {"type": "auto", "seat": answer["view"]["to_act"][0]}
        status, _, answer = call(
            base, "/v1/games/act", {"state": answer["state"], "action": action, "seat": 0, "credential": table}
        )
        assert status == 200, answer
        moves += 1
    view = answer["view"]
    assert view["winner"] in (0, 1) and answer["legal_actions"] == []
    assert [side["front"] for side in view["pegs"]].count(view["target"]) == 1 and view["target"] == 121
    assert moves > 50  # a real game: a dozen deals or so, not one move


def test_the_29_hand(container: Container) -> None:
    score_29(container.url)


def test_a_whole_game_to_the_end(container: Container) -> None:
    play_to_the_end(container.url, seed=20261201)


def test_metrics_add_up_across_the_workers(container: Container) -> None:
    # A route nothing else asks for: a runtime that schedules the image's HEALTHCHECK (podman with
    # systemd, Docker) adds requests to /healthz's count while the test runs.
    def variants_count() -> float:
        with urllib.request.urlopen(container.url + "/metrics", timeout=10) as response:
            text = response.read().decode()
        found = re.search(
            r'^cribbage_http_requests_total\{[^}]*route="/v1/variants"[^}]*status="200"[^}]*\} (\S+)$',
            text,
            re.MULTILINE,
        )
        return float(found.group(1)) if found else 0.0

    before = variants_count()
    for _ in range(20):  # spread over both workers by the kernel; the counts meet in /tmp
        assert call(container.url, "/v1/variants")[0] == 200
    assert variants_count() - before == 20


def test_the_images_own_healthcheck(podman: Podman, container: Container, config: dict[str, Any]) -> None:
    done = podman("healthcheck", "run", container.name, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert container.inspect()["State"]["Health"]["Status"] == "healthy"
    # The same command fails when nothing answers where it looks (here: a port nobody listens on),
    # so its success above says something.
    failed = container.exec(*healthcheck_command(config), env={"GUNICORN_BIND": "0.0.0.0:9"})
    assert failed.returncode != 0


def runtime_requirements() -> dict[str, str]:
    """The runtime subset of constraints.txt: pyproject's dependencies and everything they
    require, found through the metadata of the test environment (installed at the same pins),
    extras and environment markers followed; at the versions constraints.txt pins."""
    pins: dict[str, str] = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, version = line.split("==")
            pins[canonicalize_name(name)] = version.strip()
    direct = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    todo = [(text, "") for text in direct]  # a requirement, and the extra of the package that asked for it
    expanded: set[tuple[str, str]] = set()  # (package, extra) whose requirements are in todo; "" is the package
    while todo:
        text, extra = todo.pop()
        requirement = Requirement(text)
        if requirement.marker is not None and not requirement.marker.evaluate({"extra": extra}):
            continue
        name = canonicalize_name(requirement.name)
        for wanted in ("", *sorted(requirement.extras)):
            if (name, wanted) not in expanded:
                expanded.add((name, wanted))
                todo.extend((sub, wanted) for sub in importlib.metadata.requires(name) or ())
    return {name: pins[name] for name in {name for name, _ in expanded}}


def test_pip_freeze_in_the_image_is_the_runtime_part_of_constraints(container: Container) -> None:
    # The interpreter the service runs on (the first python on the image's PATH), frozen by the
    # base image's own pip: the service's environment carries no pip of its own.
    found = container.exec("python", "-c", "import sys; print(sys.executable)")
    assert found.returncode == 0, found.stderr
    done = container.exec(
        "/usr/local/bin/python", "-m", "pip", "--python", found.stdout.strip(), "freeze", env={"PIP_NO_CACHE_DIR": "1"}
    )
    assert done.returncode == 0, done.stderr
    frozen: dict[str, str] = {}
    for line in done.stdout.splitlines():
        name, version = line.split("==")
        frozen[canonicalize_name(name)] = version
    assert frozen == runtime_requirements()
    # And nothing else: pip freeze leaves pip, setuptools and wheel out; the metadata does not.
    listed = container.exec(
        "python",
        "-c",
        "import importlib.metadata as m; print('\\n'.join(d.metadata['Name'] for d in m.distributions()))",
    )
    assert listed.returncode == 0, listed.stderr
    assert {canonicalize_name(name) for name in listed.stdout.split()} == set(frozen)


BYTECODE_PROBE = "import sys, service.wsgi; print(sys.prefix)"
PYC_FLAGS = "import json, sys; print(json.dumps(sorted({int.from_bytes(open(path, 'rb').read(8)[4:], 'little') for path in sys.argv[1:]})))"


def test_the_service_starts_from_bytecode(container: Container) -> None:
    """Nothing the service imports is compiled at start: the root is read-only, so bytecode not
    made at build time would be made again at every start."""
    done = container.exec("python", "-v", "-c", BYTECODE_PROBE)
    assert done.returncode == 0, done.stderr[-2000:]
    prefix = done.stdout.strip().splitlines()[-1]  # the service's environment (the venv)
    # "code object from '<pyc>'" for bytecode, "code object from <source>" (no quotes) for a compile.
    loaded = re.findall(r"^# code object from '?([^'\n]+?)'?$", done.stderr, re.MULTILINE)
    own = [path for path in loaded if path.startswith(("/app/", prefix + "/"))]
    assert len(own) > 100  # the service and its dependencies, not a handful
    assert [path for path in own if not path.endswith(".pyc")] == []
    # And the bytecode is never stale: hash-based and unchecked (PEP 552's flags 0b01), whatever
    # times the files were given, where a timestamp-based .pyc would be compiled anew at each start.
    flags = container.exec("python", "-c", PYC_FLAGS, *own)
    assert flags.returncode == 0, flags.stderr
    assert json.loads(flags.stdout) == [1]


COMPILERS = re.compile(r"^(cc|c\+\+|gcc|g\+\+|clang|clang\+\+|ld|as|make|cpp)(-[\d.]+)?$|-gcc(-[\d.]+)?$")


def test_nothing_in_the_image_that_the_service_does_not_need(
    podman: Podman, image: str, config: dict[str, Any]
) -> None:
    root = Path(podman("image", "mount", image).stdout.strip())
    try:
        assert sorted(path.name for path in (root / "app").iterdir()) == ["openapi.yaml", "service"]
        tests = [
            path for path in (root / "app").rglob("*.py") if path.name.startswith("test_") or path.name == "conftest.py"
        ]
        assert tests == []
        path = next(entry.split("=", 1)[1] for entry in config["Env"] if entry.startswith("PATH="))
        tools = [
            f"{directory}/{entry.name}"
            for directory in path.split(":")
            if (root / directory.lstrip("/")).is_dir()
            for entry in (root / directory.lstrip("/")).iterdir()
            if COMPILERS.search(entry.name)
        ]
        assert tools == []
        caches = [str(found) for found in root.glob("**/.cache") if found.is_dir()]
        assert caches == [] and not (root / "build").exists()  # no pip cache, no build stage
        # The venv without what a shell or an extension build would use.
        assert list((root / "venv" / "bin").glob("[Aa]ctivate*")) == [] and not (root / "venv" / "include").exists()
        assert list((root / "tmp").iterdir()) == []
    finally:
        podman("image", "unmount", image, check=False)


def serving_workers(running: Container, workers: int = 2, timeout: float = 15.0) -> set[int]:
    """The workers (pids in the container) that have answered ``/healthz``, asked until ``workers`` have."""
    deadline, pids = time.monotonic() + timeout, set()
    while len(pids) < workers and time.monotonic() < deadline:
        for _ in range(10):
            assert call(running.url, "/healthz")[0] == 200
        pids = {
            json.loads(line)["pid"]
            for line in running.logs().splitlines()
            if line.startswith("{") and '"service.access"' in line
        }
    return pids


def test_a_new_container_starts_and_stops_cleanly(
    podman: Podman,
    image: str,
    config: dict[str, Any],
    example: PodExample,
    state_key: str,
    report: dict[str, Any],
    output_dir: Path,
) -> None:
    """A second start (the image now in the page cache) and a stop: SIGTERM to the container's
    first process, gunicorn's master, which must end its workers and exit 0 within the grace."""
    with Container(
        podman,
        image,
        "cribbage-image-test-stop",
        direct_env(state_key),
        exposed_port(config),
        output_dir / "logs",
        flags=example.api_flags(),
    ) as running:
        report["second_start_to_healthz_s"] = round(running.startup.from_run, 2)
        report["second_process_to_healthz_s"] = round(running.startup.from_process, 2)
        assert call(running.url, "/readyz")[0] == 200
        # Both workers serving first. /healthz answers as soon as one is up, and a worker that gets
        # SIGTERM while it is still booting (before gunicorn gives it its own signal handlers) loses
        # it: the master then waits out its graceful_timeout (20 s), and podman's grace runs out.
        assert len(serving_workers(running)) == 2
        running.stop(grace=20)
        report["stop_s"] = round(running.stop_seconds, 2)
        assert running.exit_code == 0, running.logs()


def test_what_a_killed_run_left_is_swept_and_a_running_one_is_not(podman: Podman) -> None:
    """:func:`sweep_earlier_runs`, which Podman.open runs first, on two work directories: one whose
    run is gone (a pid that exited) with a process naming it, as the sidecar's nginx does, and one
    in its cgroup, as a container's are; and one whose run is this one, which stays."""
    gone = subprocess.Popen(["true"])
    gone.wait()
    stale = Path(tempfile.mkdtemp(prefix=WORKDIR_PREFIX, dir=WORKDIR_PARENT))
    running = Path(tempfile.mkdtemp(prefix=WORKDIR_PREFIX, dir=WORKDIR_PARENT))
    for workdir, pid in ((stale, gone.pid), (running, os.getpid())):
        (workdir / OWNER).write_text(
            json.dumps(
                {"pid": pid, "started": process_start(os.getpid()), "cgroup_parent": workdir.name, "new_host_dirs": []}
            )
        )
    unified = not Path("/sys/fs/cgroup/pids").is_dir()  # cgroup v2 only, or a v1 pids controller
    cgroup = Path("/sys/fs/cgroup") / ("" if unified else "pids") / stale.name
    naming = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)", str(stale / "sidecar")])
    contained = subprocess.Popen(["sleep", "600"])
    try:
        cgroup.mkdir()
        (cgroup / "cgroup.procs").write_text(str(contained.pid))
        swept = sweep_earlier_runs()
        assert stale in swept and running not in swept
        assert naming.wait(timeout=10) == -signal.SIGTERM and contained.wait(timeout=10) == -signal.SIGKILL
        assert not stale.exists() and not cgroup.exists() and (running / OWNER).exists()
    finally:
        for process in (naming, contained):
            process.kill()
            process.wait()
        with contextlib.suppress(OSError):
            cgroup.rmdir()
        shutil.rmtree(stale, ignore_errors=True)
        shutil.rmtree(running, ignore_errors=True)


# ---------------------------------------------------------------- the pod: the image behind its proxy


@pytest.fixture(scope="module")
def pod(
    podman: Podman,
    image: str,
    config: dict[str, Any],
    example: PodExample,
    state_key: str,
    report: dict[str, Any],
    output_dir: Path,
) -> Iterator[tuple[Container, Sidecar]]:
    """The Kubernetes example's pod: the image with the api container's environment from the
    Deployment (gunicorn bound to the pod's loopback, the metrics in ``/tmp/metrics``, the key
    from its Secret), and beside it the sidecar, nginx running ``deploy/nginx/cribbage.conf``
    as shipped, in the container's network namespace. Published: the sidecar's two ports, and
    gunicorn's, only to show that nothing answers there from outside the pod."""
    ports = example.proxy_ports()
    logs = output_dir / "logs"
    started = time.monotonic()
    with (
        Container(
            podman,
            image,
            "cribbage-image-pod",
            example.api_env({STATE_SECRET: state_key}),
            exposed_port(config),
            logs,
            flags=example.api_flags(),
            publish=(ports["http"], ports["metrics"]),
            wait=False,
        ) as api,
        Sidecar(
            api.netns,
            api.host_ports[ports["http"]],
            api.host_ports[ports["metrics"]],
            logs / "image-pod",
            parent=podman.workdir,
        ) as proxy,
    ):
        report["pod_start_to_healthz_through_proxy_s"] = round(time.monotonic() - started, 2)
        yield api, proxy


def answers(url: str) -> bool:
    """Whether anything HTTP answers at ``url`` (any status); False when the connection fails."""
    try:
        with urllib.request.urlopen(url, timeout=5):
            return True
    except urllib.error.HTTPError:
        return True
    except OSError:
        return False


def test_the_pod_answers_through_its_proxy_only(
    pod: tuple[Container, Sidecar], podman: Podman, example: PodExample
) -> None:
    api, proxy = pod
    assert call(proxy.url, "/healthz")[::2] == (200, {"status": "ok"})
    status, _, body = call(proxy.url, "/readyz")  # the sidecar's readinessProbe
    assert status == 200 and body["checks"]["state_key"] == "configured (1 key)"
    # gunicorn is bound to the pod's loopback (the Deployment's GUNICORN_BIND): its port, published
    # like nginx's, leads nowhere, as the pod's address leads nowhere for another pod.
    assert not answers(api.url + "/healthz")
    assert NO_PROXY_WARNING not in api.logs()  # the image's own loopback bind: nothing to warn of
    # Inside the pod, the Deployment's exec liveness probe and the image's HEALTHCHECK reach it there.
    probe = api.exec(*example.api_liveness())
    assert probe.returncode == 0, probe.stdout + probe.stderr
    check = podman("healthcheck", "run", api.name, check=False)
    assert check.returncode == 0, check.stdout + check.stderr


def test_the_29_hand_and_a_whole_game_through_the_proxy(pod: tuple[Container, Sidecar]) -> None:
    _, proxy = pod
    score_29(proxy.url)
    play_to_the_end(proxy.url, seed=20261202)


def access_lines(api: Container, request_ids: set[str], timeout: float = 10.0) -> dict[str, dict[str, Any]]:
    """The container's own JSON access lines (its stdout, as the runtime keeps it) for ``request_ids``."""
    deadline = time.monotonic() + timeout
    while True:
        found = {}
        for line in api.logs().splitlines():
            if line.startswith("{") and '"service.access"' in line:
                entry = json.loads(line)
                if entry["request_id"] in request_ids:
                    found[entry["request_id"]] = entry
        if found.keys() == request_ids or time.monotonic() > deadline:
            return found
        time.sleep(0.1)


def proxy_lines(proxy: Sidecar, request_ids: set[str], timeout: float = 10.0) -> dict[str, list[str]]:
    """nginx's access lines for ``request_ids``, split into fields. nginx writes a line once it
    has sent the answer, so the client may read the answer before the line is there."""
    deadline = time.monotonic() + timeout
    while True:
        found = {
            fields[0]: fields for fields in map(str.split, proxy.access_log()) if fields and fields[0] in request_ids
        }
        if found.keys() == request_ids or time.monotonic() > deadline:
            return found
        time.sleep(0.05)


def test_the_proxys_request_id_and_forwarded_for_reach_the_containers_log(pod: tuple[Container, Sidecar]) -> None:
    api, proxy = pod
    # No id from the client: nginx makes one ($request_id), the service keeps it and answers with it.
    status, headers, _ = call(proxy.url, "/v1/hands/score", HAND_29, headers={"X-Forwarded-For": "203.0.113.7"})
    made = headers["X-Request-ID"]
    assert status == 200 and re.fullmatch(r"[0-9a-f]{32}", made), headers
    # The client's own id passes through.
    status, headers, _ = call(proxy.url, "/healthz", headers={"X-Request-ID": "image-proxy-1"})
    assert (status, headers["X-Request-ID"]) == (200, "image-proxy-1")

    # nginx's log: the same ids, the upstream on the pod's loopback, and the client as nginx saw it.
    nginx_lines = proxy_lines(proxy, {made, "image-proxy-1"})
    assert nginx_lines[made][1:5] == ["POST", "/v1/hands/score", "200", "upstream=127.0.0.1:8000"]
    assert nginx_lines["image-proxy-1"][1:5] == ["GET", "/healthz", "200", "upstream=127.0.0.1:8000"]
    client = nginx_lines[made][5].removeprefix("client=")
    # The container's log: the proxy's id on the line, nginx as the peer, the client in X-Forwarded-For
    # (a client's own X-Forwarded-For kept in front of it, as $proxy_add_x_forwarded_for does).
    lines = access_lines(api, {made, "image-proxy-1"})
    assert {key: lines[made][key] for key in ("method", "path", "status", "remote_addr", "forwarded_for")} == {
        "method": "POST",
        "path": "/v1/hands/score",
        "status": 200,
        "remote_addr": "127.0.0.1",
        "forwarded_for": f"203.0.113.7, {client}",
    }
    assert (lines["image-proxy-1"]["remote_addr"], lines["image-proxy-1"]["forwarded_for"]) == ("127.0.0.1", client)


def test_the_proxys_limits_hold_in_front_of_the_image(pod: tuple[Container, Sidecar]) -> None:
    """test_proxy.py's refusals, through the pod: the same answers as with gunicorn on the host."""
    _, proxy = pod
    for path in ("/v1/hands/score", EVENT_PATHS[0]):  # the default limit (64 KiB) and the event one (4 MiB)
        status, headers, problem = raw(proxy.port, length_request(path, b" " * (limit_of(path) + 1)))
        assert (status, headers["content-type"], problem["status"]) == (413, PROBLEM, 413), path
    path, _, example = POST_OPERATIONS[0]
    for case in BAD_BODIES:  # bad chunks (nginx's 400), too long (nginx's 413), too deep (the service's 400)
        expect_refused(proxy.port, path, example, case)
    status, headers, problem = raw(proxy.port, length_request("/v1/games/act", nested(1000, "object")))
    assert (status, headers["content-type"]) == (400, PROBLEM) and "levels deep" in problem["detail"]
    status, headers, problem = raw(
        proxy.port,
        (f"GET /healthz HTTP/1.1\r\nHost: {LOOPBACK}\r\nX-Big: {'a' * 9000}\r\nConnection: close\r\n\r\n").encode(),
    )
    assert (status, headers["content-type"], problem["status"]) == (400, PROBLEM, 400)


def test_metrics_are_on_the_proxys_metrics_port_only(pod: tuple[Container, Sidecar]) -> None:
    api, proxy = pod
    status, headers, body = call(proxy.url, "/metrics")
    assert (status, headers["Content-Type"], body["status"]) == (404, PROBLEM, 404)
    with urllib.request.urlopen(proxy.metrics_url + "/metrics", timeout=10) as response:
        assert response.status == 200 and b"cribbage_http_requests_total" in response.read()
    # The workers share their counts where the Deployment puts them (PROMETHEUS_MULTIPROC_DIR).
    listing = api.exec("python", "-c", "import os; print(sorted(os.listdir('/tmp/metrics')))")
    assert listing.returncode == 0 and "counter_" in listing.stdout, listing.stdout + listing.stderr


def test_slow_clients_through_the_proxy_leave_the_image_answering(
    pod: tuple[Container, Sidecar], report: dict[str, Any]
) -> None:
    """test_slow_clients.py's attack, smaller and shorter, on the pod: nginx cuts every slow
    header at its timeout, and the image's two sync workers never see one."""
    _, proxy = pod
    timeout = header_timeout()
    attack = under_attack(proxy.port, SLOW_CLIENTS, timeout + 2)
    numbers = attack.report()
    report["slow_clients_through_proxy"] = {
        key: numbers[key]
        for key in ("slow_connections", "healthz_answered", "healthz_failed", "p99_ms", "max_ms", "median_cut_after_s")
    }
    assert attack.failures == [], attack.failures[:5]
    assert len(attack.latencies) >= 50 and max(attack.latencies) < 2.0, numbers
    assert len(attack.lifetimes) >= SLOW_CLIENTS, numbers  # every first connection cut
    assert timeout - 1 <= statistics.median(attack.lifetimes) <= timeout + 2, numbers
