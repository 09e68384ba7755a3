"""The container image without Docker: a base made from Debian's packages, podman to build and run.

Three steps, each one a command a person can type (docs/image.md lists them):

1. :func:`base_tarball`: ``mmdebstrap`` makes a Debian 12 root filesystem with Python 3.11, pip
   and ``/usr/local/bin/python``, which is what ``python:3.11-slim`` (Debian 12, Python 3.11)
   offers the Dockerfile. No registry is reachable here, so this stands in for that image.
2. :meth:`Podman.import_base` tags it ``docker.io/library/python:3.11-slim`` in a private
   store, so the repository's own ``Dockerfile`` builds unchanged with ``--pull=never``.
3. :meth:`Podman.build` and :class:`Container`: ``podman build`` and ``podman run`` with the
   flags that :class:`PodExample` translates from the Kubernetes example,
   ``deploy/kubernetes/deployment.yaml`` (today: a read-only root, a tmpfs ``/tmp``, no
   capabilities, no privilege escalation, 2 CPUs and 512 MiB), and its environment.

Everything podman makes lives under one work directory, ``/var/tmp/cribbage-image-*``, with its
own store (``--root``, ``--runroot``, ``--tmpdir``), its own network configuration (``--network-config-dir``:
podman's ``netavark.lock`` goes there, not to ``/etc/containers/networks``) and a cgroup parent of the
same name; the pod's sidecar keeps its files there too. :meth:`Podman.close` removes it all,
containers first. A run that is killed (SIGKILL, a CI timeout) cannot: its containers keep running
and its mounts and cgroups stay. So the directory holds ``owner.json`` (the run's process, and what
it made outside the directory), and :meth:`Podman.open` first removes what every run whose process
is gone left behind (:func:`sweep_earlier_runs`): nothing that is not named by such a record.

The container gets its own network namespace through slirp4netns, a user-space network: unlike
podman's default bridge it adds no interface, firewall rule or forwarding setting to the host.
Its port is published on 127.0.0.1 only.

Why these podman options, on machines like CI's (root, but without ``CAP_SYS_RESOURCE``, and
with cgroups v1 and v2 mounted side by side):

- ``--runtime=runc``: crun refuses that cgroup layout ("cgroups in hybrid mode not supported").
- ``--cgroup-manager=cgroupfs``: there is no systemd to ask.
- ``--ulimit``: podman's defaults for open files and processes are above what may be set
  without ``CAP_SYS_RESOURCE``; these are ample for gunicorn and never above the caller's own.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import json
import os
import re
import resource
import shutil
import signal
import subprocess
import tempfile
import time
import urllib.request
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any

import yaml

from tests.support.servers import LOOPBACK, children

ROOT = Path(__file__).resolve().parents[2]
DEPLOYMENT = ROOT / "deploy" / "kubernetes" / "deployment.yaml"
COMPOSE = ROOT / "deploy" / "compose.yaml"
BASE_TAG = "docker.io/library/python:3.11-slim"

# Debian 12 ("bookworm") has Python 3.11, as python:3.11-slim has. minbase is Debian's smallest
# usable system; documentation and translations are left out as the Docker images leave them
# out; /usr is merged without pulling in perl. The symlink is the one path the Dockerfile uses
# that only the official image has (its Python lives in /usr/local).
BASE_RECIPE: tuple[str, ...] = (
    "--variant=minbase",
    "--include=python3,python3-venv,python3-pip,ca-certificates",
    "--hook-dir=/usr/share/mmdebstrap/hooks/merged-usr",
    "--dpkgopt=force-unsafe-io",
    "--dpkgopt=path-exclude=/usr/share/doc/*",
    "--dpkgopt=path-exclude=/usr/share/man/*",
    "--dpkgopt=path-exclude=/usr/share/info/*",
    "--dpkgopt=path-exclude=/usr/share/locale/*",
    '--customize-hook=ln -s /usr/bin/python3 "$1/usr/local/bin/python"',
    "bookworm",
)
# The parts of python:3.11-slim's configuration that a build on it relies on.
BASE_CONFIG: tuple[str, ...] = (
    "ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
    "ENV LANG=C.UTF-8",
    'CMD ["python3"]',
)
# Places outside the work directory that podman, runc and the image library use whatever the options.
HOST_STATE_DIRS = (Path("/run/runc"), Path("/run/netns"), Path("/run/containers"), Path("/var/lib/containers"))
WORKDIR_PARENT = Path("/var/tmp")  # on disk: overlay needs a real filesystem
WORKDIR_PREFIX = "cribbage-image-"  # the work directory's and the cgroup parent's name begin so
OWNER = "owner.json"
_WORKDIR_NAME = re.compile(re.escape(WORKDIR_PREFIX) + "[a-z0-9_]{8}")  # tempfile.mkdtemp's names: nothing else's
BASE_MAX_AGE = dt.timedelta(days=7)  # a cached base older than this is made again (security updates)


def base_tarball(cache_dir: Path) -> tuple[Path, float]:
    """The base root filesystem as a tarball, and the seconds spent making it (0 when cached).

    Cached in ``cache_dir`` under a name that depends on the recipe, so a changed recipe never
    reuses an old base; written under a temporary name first, so a run that dies leaves none.
    """
    digest = hashlib.sha256("\0".join(BASE_RECIPE + BASE_CONFIG).encode()).hexdigest()[:16]
    tarball = cache_dir / f"image-base-{digest}.tar"
    if tarball.exists():
        age = dt.datetime.now() - dt.datetime.fromtimestamp(tarball.stat().st_mtime)
        if age < BASE_MAX_AGE:
            return tarball, 0.0
    cache_dir.mkdir(parents=True, exist_ok=True)
    partial = cache_dir / f".{tarball.name}.{os.getpid()}.partial"
    started = time.monotonic()
    try:
        done = subprocess.run(
            ["mmdebstrap", "--quiet", "--format=tar", *BASE_RECIPE, str(partial)],
            capture_output=True,
            text=True,
            timeout=900,
        )
        if done.returncode != 0:
            raise RuntimeError(f"mmdebstrap failed ({done.returncode}):\n{done.stderr[-4000:]}")
        partial.replace(tarball)
    finally:
        partial.unlink(missing_ok=True)
    return tarball, time.monotonic() - started


def _ulimit(kind: int, ceiling: int) -> str:
    hard = resource.getrlimit(kind)[1]
    value = ceiling if hard == resource.RLIM_INFINITY else min(hard, ceiling)
    return f"{value}:{value}"


class Podman:
    """podman as root with a store of its own under ``workdir``; :meth:`close` leaves nothing behind.

    Made with :meth:`open`, which first sweeps what killed runs left. The work directory's
    ``owner.json`` names this process (its pid and start time: a pid alone may be reused), the
    cgroup parent and the host directories this run made, so that a later run can remove them
    if this one is killed."""

    def __init__(self, workdir: Path) -> None:
        self.workdir = workdir
        self.cgroup_parent = workdir.name
        # Those of HOST_STATE_DIRS that did not exist before are removed by close() (when empty).
        self.new_host_dirs = [path for path in HOST_STATE_DIRS if not path.exists()]
        self.options = [
            f"--root={workdir / 'storage'}",
            f"--runroot={workdir / 'run'}",
            f"--tmpdir={workdir / 'tmp'}",
            f"--network-config-dir={workdir / 'networks'}",
            "--runtime=runc",
            "--cgroup-manager=cgroupfs",
            "--events-backend=file",
        ]
        self.swept: list[Path] = []  # the work directories of killed runs that open() removed

    @classmethod
    def open(cls) -> Podman:
        """Sweep what killed runs left, then a new private work directory owned by this process."""
        swept = sweep_earlier_runs()
        podman = cls(Path(tempfile.mkdtemp(prefix=WORKDIR_PREFIX, dir=WORKDIR_PARENT)))
        # Only traversable by others: the sidecar's nginx workers (nobody) reach their directory in it.
        podman.workdir.chmod(0o711)
        record = {
            "pid": os.getpid(),
            "started": process_start(os.getpid()),
            "cgroup_parent": podman.cgroup_parent,
            "new_host_dirs": [str(path) for path in podman.new_host_dirs],
        }
        (podman.workdir / OWNER).write_text(json.dumps(record) + "\n")
        podman.swept = swept
        return podman

    def __call__(self, *args: str, check: bool = True, timeout: float = 900.0) -> subprocess.CompletedProcess[str]:
        done = subprocess.run(
            ["podman", *self.options, *args], capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=timeout
        )
        if check and done.returncode != 0:
            raise RuntimeError(f"podman {' '.join(args[:3])} ... failed ({done.returncode}):\n{done.stderr[-4000:]}")
        return done

    def inspect(self, *args: str) -> dict[str, Any]:
        """``podman [image] inspect NAME`` as a dict (podman answers a list of one)."""
        found: list[dict[str, Any]] = json.loads(self(*args).stdout)
        return found[0]

    def import_base(self, tarball: Path) -> None:
        changes = [part for change in BASE_CONFIG for part in ("--change", change)]
        self("import", *changes, str(tarball), BASE_TAG)

    def build(self, context: Path, tag: str) -> subprocess.CompletedProcess[str]:
        """``podman build`` of ``context``'s Dockerfile, as ``docker build`` would do it.

        ``--format docker`` keeps the ``HEALTHCHECK`` (the OCI format has no field for it).
        ``--isolation=chroot`` runs the ``RUN`` steps without a container runtime. The
        machine's CA certificates are lent to the build (read-only, not kept in the image),
        so pip reaches the package index wherever the machine itself can.
        """
        certs = ["--volume=/etc/ssl/certs:/etc/ssl/certs:ro"] if Path("/etc/ssl/certs").is_dir() else []
        return self(
            "build", "--isolation=chroot", "--pull=never", "--format=docker", *certs, f"--tag={tag}", str(context)
        )

    def run_flags(self) -> list[str]:
        """The machine's part of every ``podman run`` of the test (see the module's docstring);
        the deployment's part comes from :meth:`PodExample.api_flags`."""
        return [
            f"--ulimit=nofile={_ulimit(resource.RLIMIT_NOFILE, 4096)}",
            f"--ulimit=nproc={_ulimit(resource.RLIMIT_NPROC, 4096)}",
            f"--cgroup-parent=/{self.cgroup_parent}",
            "--network=slirp4netns",
        ]

    def close(self) -> None:
        """Remove every container and image, unmount what is left, delete the store and cgroups."""
        _remove_run(self, self.new_host_dirs)


def process_start(pid: int) -> int | None:
    """When ``pid`` started (clock ticks after boot), or None when there is no such process."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return int(stat[stat.rindex(")") + 2 :].split()[19])  # field 22, after the name in parentheses


def sweep_earlier_runs() -> list[Path]:
    """Remove what earlier runs of this harness left when they were killed: the work directories
    (``/var/tmp/cribbage-image-*`` with an ``owner.json``) whose process is gone, their running
    containers, sidecar, mounts, network namespaces and cgroups, and the host directories they
    made if nothing else uses them now. A run whose process lives (another run going on) is left
    alone; so is any directory without the record. Then the cgroup parents of this harness's
    name whose work directory is gone (a run killed while it was cleaning up)."""
    swept = []
    for workdir in sorted(WORKDIR_PARENT.glob(WORKDIR_PREFIX + "*")):
        try:
            record = json.loads((workdir / OWNER).read_text())
        except (OSError, ValueError):
            continue  # not (yet) a run's: the record is written as soon as the directory is made
        if process_start(int(record["pid"])) == record["started"]:
            continue  # its run is still going
        podman = Podman(workdir)
        podman.cgroup_parent = str(record["cgroup_parent"])
        _remove_run(podman, [Path(path) for path in record["new_host_dirs"]])
        swept.append(workdir)
    for top in _cgroup_dirs(WORKDIR_PREFIX + "*"):
        if _WORKDIR_NAME.fullmatch(top.name) and not (WORKDIR_PARENT / top.name).exists():
            _kill_cgroup(top)
            _remove_empty(top)
    return swept


def _remove_run(podman: Podman, new_host_dirs: Sequence[Path]) -> None:
    """Everything of the run in ``podman.workdir``: its processes, containers, images, mounts,
    network namespaces, the directory itself, its cgroups, and ``new_host_dirs`` if empty."""
    workdir = podman.workdir
    # Processes of the run that podman does not know: the sidecar's nginx, a podman command
    # still going when its run was killed. They name the work directory on their command line.
    _kill([pid for pid in _processes_naming(workdir) if _name(pid) != "conmon"])
    netns: list[str] = []
    if (workdir / "storage").exists():
        ids = podman("ps", "--all", "--quiet", check=False, timeout=60).stdout.split()
        if ids:
            inspected = podman("container", "inspect", *ids, check=False, timeout=60)
            with contextlib.suppress(ValueError):
                netns = [
                    str(found["NetworkSettings"].get("SandboxKey") or "") for found in json.loads(inspected.stdout)
                ]
            podman("rm", "--force", "--time=0", *ids, check=False, timeout=120)
        podman("image", "unmount", "--all", check=False, timeout=60)
        podman("rmi", "--all", "--force", check=False, timeout=120)
    # Whatever podman could not stop: processes in the run's own cgroups, conmon naming the directory.
    for top in _cgroup_dirs(podman.cgroup_parent):
        _kill_cgroup(top)
    _kill(_processes_naming(workdir))
    for mountpoint in sorted(_mounts_under(workdir), key=len, reverse=True):
        subprocess.run(["umount", "--lazy", mountpoint], check=False, capture_output=True)
    for namespace in netns:  # its containers' network namespaces, if podman did not remove them
        if namespace.startswith("/run/netns/") and os.path.lexists(namespace):
            subprocess.run(["umount", namespace], check=False, capture_output=True)
            with contextlib.suppress(OSError):
                os.unlink(namespace)
    shutil.rmtree(workdir, ignore_errors=True)
    for path in new_host_dirs:  # only what is empty: another run may be using them now
        (path / "cache" / "blob-info-cache-v1.boltdb").unlink(missing_ok=True)
        if (
            path.is_dir() and not any(path.iterdir()) and str(path) in _mountpoints()
        ):  # podman binds /run/netns onto itself
            subprocess.run(["umount", str(path)], check=False, capture_output=True)
        _remove_empty(path)
    # An empty cgroup directory is removed with rmdir, children first.
    for top in _cgroup_dirs(podman.cgroup_parent):
        _remove_empty(top)


def _cgroup_dirs(pattern: str) -> list[Path]:
    """The top-level cgroup directories called ``pattern``: cgroup v2's, and each v1 controller's."""
    root = Path("/sys/fs/cgroup")
    return sorted(path for path in [*root.glob(pattern), *root.glob(f"*/{pattern}")] if path.is_dir())


def _kill_cgroup(top: Path) -> None:
    """SIGKILL every process in the cgroup ``top`` and those below it."""
    pids: set[int] = set()
    for directory, _, _ in os.walk(top):
        with contextlib.suppress(OSError, ValueError):
            pids.update(int(line) for line in Path(directory, "cgroup.procs").read_text().split())
    _kill(sorted(pids), grace=0.0)


def _processes_naming(workdir: Path) -> list[int]:
    """The processes whose command line names a path in ``workdir``."""
    needle = str(workdir).encode() + b"/"
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit() and int(entry) != os.getpid():
            with contextlib.suppress(OSError):
                if needle in Path(f"/proc/{entry}/cmdline").read_bytes():
                    found.append(int(entry))
    return found


def _name(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        return ""


def _kill(pids: Sequence[int], grace: float = 5.0) -> None:
    """SIGTERM ``pids`` (the whole group of one that leads its own, as nginx's master does), then
    SIGKILL what is left after ``grace`` seconds."""
    signals = [signal.SIGTERM, signal.SIGKILL] if grace else [signal.SIGKILL]
    for number in signals:
        for pid in pids:
            with contextlib.suppress(OSError):
                if os.getpgid(pid) == pid:
                    os.killpg(pid, number)
                else:
                    os.kill(pid, number)
        deadline = time.monotonic() + grace
        while any(_alive(pid) for pid in pids) and time.monotonic() < deadline:
            time.sleep(0.05)


def _alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie, dead but not yet reaped by its parent, does not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2] != "Z"


def _remove_empty(top: Path) -> None:
    """rmdir ``top`` and the directories under it, deepest first; those that are not empty stay."""
    if top.is_dir():
        for directory, _, _ in sorted(os.walk(top), key=lambda entry: len(entry[0]), reverse=True):
            with contextlib.suppress(OSError):
                os.rmdir(directory)


def _mountpoints() -> list[str]:
    with open("/proc/self/mountinfo") as mountinfo:
        return [line.split()[4] for line in mountinfo]


def _mounts_under(path: Path) -> list[str]:
    prefix = str(path.resolve()) + "/"
    return [point for point in _mountpoints() if point.startswith(prefix)]


_STARTED = re.compile(r"^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d+))?(Z|[+-]\d\d:\d\d)$")


def _timestamp(text: str) -> float:
    """Seconds since the epoch of podman's RFC 3339 time with nanoseconds (Python reads microseconds)."""
    match = _STARTED.match(text)
    if not match:
        raise ValueError(f"unexpected time {text!r}")
    whole, fraction, zone = match.groups()
    moment = dt.datetime.fromisoformat(whole + ("+00:00" if zone == "Z" else zone))
    return moment.timestamp() + float(f"0.{fraction or 0}")


@dataclass(frozen=True)
class Startup:
    """Seconds to the first ``/healthz`` 200: from ``podman run`` being called (the runtime's
    work included), and from the moment the runtime started the container's process."""

    from_run: float
    from_process: float


class Container:
    """``podman run --detach`` of ``image`` with the machine's flags, ``flags`` (the
    deployment's: :meth:`PodExample.api_flags`) and ``env``; ``port`` and the ports in
    ``publish`` published on 127.0.0.1 at ports the kernel picks (``host_ports``). Stopped
    (SIGTERM, as ``docker stop``) and removed on exit. On entry it waits for ``/healthz`` on
    ``port`` and measures ``startup``, unless ``wait`` is false (nothing answers there until
    something else is started: a sidecar). ``exit_code`` is kept by :meth:`stop`."""

    def __init__(
        self,
        podman: Podman,
        image: str,
        name: str,
        env: Mapping[str, str],
        port: int,
        log_dir: Path,
        flags: Sequence[str] = (),
        publish: Sequence[int] = (),
        wait: bool = True,
    ) -> None:
        self.podman, self.image, self.name, self.env, self.port = podman, image, name, dict(env), port
        self.log_dir, self.flags, self.publish, self.wait = log_dir, list(flags), list(publish), wait
        self.host_ports: dict[int, int] = {}
        self.startup = Startup(0.0, 0.0)
        self.exit_code: int | None = None
        self.stop_seconds = 0.0

    @property
    def host_port(self) -> int:
        return self.host_ports[self.port]

    @property
    def url(self) -> str:
        return f"http://{LOOPBACK}:{self.host_port}"

    @property
    def netns(self) -> Path:
        """The container's network namespace, as its first process holds it."""
        return Path(f"/proc/{self.inspect()['State']['Pid']}/ns/net")

    def __enter__(self) -> Container:
        env = [f"--env={key}={value}" for key, value in self.env.items()]
        ports = [self.port, *self.publish]
        called = time.time()
        try:
            self.podman(
                "run",
                "--detach",
                f"--name={self.name}",
                *self.podman.run_flags(),
                *self.flags,
                *(f"--publish={LOOPBACK}::{port}" for port in ports),
                *env,
                self.image,
            )
            # One inspect for the ports, the process and its start: while gunicorn starts, the
            # wait below runs no podman (each is a Go program that would compete with it for the CPUs).
            state = self.inspect()
            published = state["NetworkSettings"]["Ports"]
            self.host_ports = {port: int(published[f"{port}/tcp"][0]["HostPort"]) for port in ports}
            if self.wait:
                answered = self._wait_healthz(int(state["State"]["Pid"]), timeout=120)
                started = _timestamp(state["State"]["StartedAt"])
                self.startup = Startup(answered - called, answered - started)
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def _wait_healthz(self, pid: int, timeout: float) -> float:
        """When ``/healthz`` first answers 200; fails as soon as the container's process (``pid``) is gone."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(self.url + "/healthz", timeout=2) as response:
                    if response.status == 200:
                        return time.time()
            except OSError:
                pass
            if not _alive(pid):
                raise RuntimeError(f"{self.name} exited:\n{self.logs()}")
            time.sleep(0.02)
        raise TimeoutError(f"{self.name} did not answer /healthz within {timeout:.0f} s:\n{self.logs()}")

    def inspect(self) -> dict[str, Any]:
        return self.podman.inspect("container", "inspect", self.name)

    def exec(self, *command: str, env: Mapping[str, str] | None = None) -> subprocess.CompletedProcess[str]:
        """``podman exec`` as the image's user, with the container's environment (plus ``env``)."""
        extra = [f"--env={key}={value}" for key, value in (env or {}).items()]
        return self.podman("exec", *extra, self.name, *command, check=False, timeout=120)

    def host_pids(self) -> list[int]:
        """The container's processes as the host numbers them: its first process and every descendant."""
        found, todo = [], [int(self.inspect()["State"]["Pid"])]
        while todo:
            pid = todo.pop()
            found.append(pid)
            todo.extend(children(pid))
        return found

    def logs(self) -> str:
        done = self.podman("logs", self.name, check=False, timeout=60)
        return done.stdout + done.stderr

    def stop(self, grace: int = 20) -> None:
        """SIGTERM to the container's first process, SIGKILL after ``grace`` seconds (``docker stop``)."""
        started = time.monotonic()
        self.podman("stop", f"--time={grace}", self.name, check=False, timeout=grace + 60)
        self.stop_seconds = time.monotonic() - started
        state = self.inspect()["State"]
        self.exit_code = None if state["Running"] else int(state["ExitCode"])

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        try:
            if self.exit_code is None and self.podman("container", "exists", self.name, check=False).returncode == 0:
                self.stop()
            self.log_dir.mkdir(parents=True, exist_ok=True)
            (self.log_dir / f"{self.name}.log").write_text(self.logs())
        finally:
            self.podman("rm", "--force", "--time=0", self.name, check=False, timeout=120)


# What the harness does with each field of the pod and of its api container: podman flags (the
# securityContexts, resources.limits, the emptyDir volumes), the container's environment (env, a
# Secret's value passed in), its exec liveness command (run once by the test). Knowingly left: the
# image (the test runs the one it built from the Dockerfile; tests/test_deploy.py checks the tag),
# resources.requests and the probe's timing (a scheduler's and a kubelet's business: nothing one
# run shows). Any other field fails the test (ValueError), so that nothing in a changed example,
# a command, an init container, a startup probe, goes untested without a word.
POD_FIELDS = frozenset({"securityContext", "containers", "volumes"})
API_FIELDS = frozenset({"name", "image", "env", "resources", "securityContext", "livenessProbe", "volumeMounts"})
RESOURCE_FIELDS = {"requests": frozenset({"cpu", "memory"}), "limits": frozenset({"cpu", "memory"})}
PROBE_FIELDS = frozenset({"exec", "periodSeconds", "timeoutSeconds", "initialDelaySeconds", "failureThreshold"})
ENV_FIELDS = frozenset({"name", "value", "valueFrom"})
MOUNT_FIELDS = frozenset({"name", "mountPath", "readOnly"})


def _only(what: str, fields: Mapping[str, Any], known: Collection[str]) -> None:
    """Fail unless every key of ``fields`` is in ``known``."""
    unknown = sorted(set(fields) - set(known))
    if unknown:
        raise ValueError(
            f"the image test does not translate {what}: {', '.join(unknown)} "
            "(teach tests/support/image_harness.py, or that part of the example goes untested)"
        )


class PodExample:
    """The Kubernetes example's pod, ``deploy/kubernetes/deployment.yaml``, read so that the
    test runs the image as that file says rather than as the test restates it: the ``api``
    container's security context, limits and writable mounts as podman flags, its environment,
    its liveness command, and the ports of the ``proxy`` sidecar. Reading it fails on any field
    of the pod spec or of the api container that the translation does not know (see
    ``API_FIELDS``), so a changed example is never tested half-way."""

    def __init__(self, path: Path = DEPLOYMENT) -> None:
        spec = yaml.safe_load(path.read_text())["spec"]["template"]["spec"]
        _only("the pod spec", spec, POD_FIELDS)
        self.pod_security: dict[str, Any] = dict(spec.get("securityContext", {}))
        self.containers: dict[str, dict[str, Any]] = {found["name"]: found for found in spec["containers"]}
        self.volumes: dict[str, dict[str, Any]] = {found["name"]: found for found in spec.get("volumes", [])}
        self.api, self.proxy = self.containers["api"], self.containers["proxy"]
        self._check_api()

    def _check_api(self) -> None:
        api = self.api
        _only("the api container", api, API_FIELDS)
        resources = api.get("resources", {})
        _only("the api container's resources", resources, RESOURCE_FIELDS)
        for kind, known in RESOURCE_FIELDS.items():
            _only(f"the api container's resources.{kind}", resources.get(kind, {}), known)
        probe = api.get("livenessProbe", {})
        _only("the api container's livenessProbe", probe, PROBE_FIELDS)
        _only("the api container's livenessProbe.exec", probe.get("exec", {}), {"command"})
        for entry in api.get("env", []):
            _only(f"the api container's env {entry.get('name')}", entry, ENV_FIELDS)
            source = entry.get("valueFrom", {})
            _only(f"the api container's env {entry['name']}.valueFrom", source, {"secretKeyRef"})
            _only(
                f"the api container's env {entry['name']}.valueFrom.secretKeyRef",
                source.get("secretKeyRef", {}),
                {"name", "key"},
            )
        for mount in api.get("volumeMounts", []):
            _only(f"the api container's volumeMount {mount.get('name')}", mount, MOUNT_FIELDS)
        self.api_flags()  # the securityContexts and volumes: fails on what it cannot translate

    @property
    def run_as_non_root(self) -> bool:
        return bool(self.pod_security.get("runAsNonRoot"))

    def api_flags(self) -> list[str]:
        """``podman run`` flags for the api container's securityContext, limits and volumes."""
        return self._flags(self.api)

    def proxy_flags(self) -> list[str]:
        """The same for the sidecar, its configuration's read-only ConfigMap left out (the image
        test runs the host's nginx on that file; compose mounts the file itself)."""
        return self._flags(self.proxy, config_maps=False)

    def _flags(self, container: Mapping[str, Any], config_maps: bool = True) -> list[str]:
        pod = dict(self.pod_security)
        pod.pop("runAsNonRoot", None)  # a property of the image's user: the test checks it there
        # RuntimeDefault is the runtime's own seccomp filter, which podman applies unless told not to.
        if pod.pop("seccompProfile", {"type": "RuntimeDefault"}) != {"type": "RuntimeDefault"} or pod:
            raise ValueError(f"the image test cannot translate the pod's securityContext {self.pod_security}")
        name = container["name"]
        context = dict(container.get("securityContext", {}))
        flags: list[str] = []
        if context.pop("readOnlyRootFilesystem", False):
            # podman would add writable /run and /var/tmp unless told not to; Kubernetes adds none
            flags += ["--read-only", "--read-only-tmpfs=false"]
        if context.pop("allowPrivilegeEscalation", True) is False:
            flags.append("--security-opt=no-new-privileges")
        capabilities = dict(context.pop("capabilities", {}))
        flags += [f"--cap-drop={cap.lower()}" for cap in capabilities.pop("drop", [])]
        flags += [f"--cap-add={cap.lower()}" for cap in capabilities.pop("add", [])]
        if "runAsUser" in context:  # not set today: the image's own user runs
            user = context.pop("runAsUser")
            flags.append(f"--user={user}:{context.pop('runAsGroup', user)}")
        if context or capabilities:
            raise ValueError(f"the image test cannot translate the {name} container's securityContext {context}")
        limits = container.get("resources", {}).get("limits", {})
        flags += [f"--cpus={_cpus(limits['cpu'])}"] if "cpu" in limits else []
        flags += [f"--memory={_bytes(limits['memory'])}"] if "memory" in limits else []
        for mount in container.get("volumeMounts", []):
            volume = self.volumes[mount["name"]]
            if not config_maps and set(volume) == {"name", "configMap"} and mount.get("readOnly"):
                continue
            if (
                set(volume) != {"name", "emptyDir"}
                or mount.get("readOnly")
                or set(volume["emptyDir"] or {}) - {"medium"}
            ):
                raise ValueError(f"the image test cannot translate the {name} container's volume {volume}")
            # An emptyDir is the pod's own empty writable directory (in memory with medium: Memory): a tmpfs here.
            flags.append(f"--tmpfs={mount['mountPath']}")
        return flags

    def api_env(self, secrets: Mapping[str, str]) -> dict[str, str]:
        """The api container's environment; a value from a Secret is ``secrets[secret name]``."""
        env: dict[str, str] = {}
        for entry in self.api.get("env", []):
            if "value" in entry:
                env[entry["name"]] = str(entry["value"])
            else:
                env[entry["name"]] = secrets[entry["valueFrom"]["secretKeyRef"]["name"]]
        return env

    def api_liveness(self) -> list[str]:
        """The api container's exec liveness probe, a command run inside it."""
        return [str(part) for part in self.api["livenessProbe"]["exec"]["command"]]

    def proxy_ports(self) -> dict[str, int]:
        """The sidecar's container ports by name (``http``, ``metrics``)."""
        return {port["name"]: int(port["containerPort"]) for port in self.proxy["ports"]}


# compose's keys: translated to the flags PodExample makes of the same settings in the Deployment,
# or the file's shape (its build, image, addresses, mounts), which tests/test_deploy.py checks.
COMPOSE_TRANSLATED = frozenset({"read_only", "tmpfs", "cap_drop", "cap_add", "security_opt", "cpus", "mem_limit"})
COMPOSE_SHAPE = frozenset({"build", "image", "environment", "ports", "network_mode", "volumes", "depends_on"})


class ComposeExample:
    """``deploy/compose.yaml``'s services: their security settings and limits as the podman flags
    that :class:`PodExample` makes of the Deployment's (``docker run`` takes the same ones), and
    their environment; so that the compose file can be held to the Kubernetes example that the
    image test runs. A key it does not know fails, as in :class:`PodExample`."""

    def __init__(self, path: Path = COMPOSE) -> None:
        self.services: dict[str, dict[str, Any]] = yaml.safe_load(path.read_text())["services"]
        for name, service in self.services.items():
            _only(f"compose's {name} service", service, COMPOSE_TRANSLATED | COMPOSE_SHAPE)

    def flags(self, name: str) -> list[str]:
        service = self.services[name]
        flags: list[str] = []
        if service.get("read_only"):
            flags += ["--read-only", "--read-only-tmpfs=false"]  # Docker adds no writable /run or /var/tmp
        for option in service.get("security_opt", []):
            if option not in ("no-new-privileges", "no-new-privileges:true"):
                raise ValueError(f"the image test does not translate compose's security_opt {option!r}")
            flags.append("--security-opt=no-new-privileges")
        flags += [f"--cap-drop={cap.lower()}" for cap in service.get("cap_drop", [])]
        flags += [f"--cap-add={cap.lower()}" for cap in service.get("cap_add", [])]
        flags += [f"--cpus={_cpus(service['cpus'])}"] if "cpus" in service else []
        flags += [f"--memory={_docker_bytes(service['mem_limit'])}"] if "mem_limit" in service else []
        tmpfs = service.get("tmpfs", [])
        flags += [f"--tmpfs={path}" for path in ([tmpfs] if isinstance(tmpfs, str) else tmpfs)]
        return flags

    def env(self, name: str) -> dict[str, str]:
        environment = self.services[name].get("environment", {})
        if isinstance(environment, list):  # the KEY=value form
            environment = dict(entry.split("=", 1) for entry in environment)
        return {key: str(value) for key, value in environment.items()}


def _cpus(quantity: str | float) -> str:
    """A Kubernetes CPU quantity (``"2"``, ``"500m"``) or compose's ``cpus`` (``2``, ``0.5``) as podman's ``--cpus``."""
    text = str(quantity)
    return f"{int(text[:-1]) / 1000 if text.endswith('m') else float(text):g}"


_UNITS = {"Ki": 2**10, "Mi": 2**20, "Gi": 2**30, "k": 10**3, "M": 10**6, "G": 10**9}


def _bytes(quantity: str | int) -> int:
    """A Kubernetes memory quantity (``512Mi``, ``1G``) in bytes."""
    text = str(quantity)
    for suffix, factor in _UNITS.items():
        if text.endswith(suffix):
            return int(text[: -len(suffix)]) * factor
    return int(text)


def _docker_bytes(quantity: str | int) -> int:
    """A Docker memory size (``512m``, ``1g``: powers of 1024) in bytes."""
    match = re.fullmatch(r"(\d+)([bkmg]?)b?", str(quantity).lower())
    if not match:
        raise ValueError(f"not a memory size: {quantity!r}")
    return int(match[1]) << 10 * "bkmg".index(match[2] or "b")


def image_size(podman: Podman, name: str) -> int:
    """Bytes of the image's layers, uncompressed (what ``docker images`` calls SIZE)."""
    return int(podman.inspect("image", "inspect", name)["Size"])


def healthcheck_command(config: Mapping[str, Any]) -> Sequence[str]:
    """The image's ``HEALTHCHECK`` as a command line (``CMD`` form), from its configuration."""
    test = config["Healthcheck"]["Test"]
    if test[0] == "CMD":
        return list(test[1:])
    if test[0] == "CMD-SHELL":
        return ["/bin/sh", "-c", test[1]]
    raise ValueError(f"no health check command in {test!r}")
