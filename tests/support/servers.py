"""Start and stop real servers on loopback for the load test and the system tests.

:class:`Gunicorn` runs the production configuration (``-c python:service.gunicorn_conf
service.wsgi:app``, or another app under the same configuration) bound to ``127.0.0.1`` on
a port the kernel picks, and reads the port back from gunicorn's log. Every server runs in its own session (process group), and
:meth:`Gunicorn.stop` ends that group: graceful first, then killed, so nothing outlives a
test or a benchmark, also on failure (use it as a context manager).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Mapping
from pathlib import Path
from types import TracebackType
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
LOOPBACK = "127.0.0.1"
_LISTENING = re.compile(r"Listening at: http://127\.0\.0\.1:(\d+)")


def free_port() -> int:
    """A port free on loopback right now (for servers that cannot report the one they got)."""
    with socket.socket() as sock:
        sock.bind((LOOPBACK, 0))
        return int(sock.getsockname()[1])


@contextlib.contextmanager
def nobody_listening() -> Iterator[str]:
    """``host:port`` on loopback where nothing listens (a connection is refused) for the block's
    length: the port stays bound, not listening, so no other server (another test process's) gets it."""
    with socket.socket() as sock:
        sock.bind((LOOPBACK, 0))
        yield f"{LOOPBACK}:{sock.getsockname()[1]}"


def wait_http(url: str, timeout: float = 30.0) -> None:
    """Wait until ``url`` answers 200 (connection refused counts as not yet)."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            pass
        if time.monotonic() > deadline:
            raise TimeoutError(f"{url} did not answer within {timeout:.0f} s")
        time.sleep(0.05)


def stop_group(process: subprocess.Popen[bytes], grace: float = 25.0) -> None:
    """SIGTERM the process group led by ``process``; SIGKILL whatever is left after ``grace``."""
    if process.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=grace)
    with contextlib.suppress(ProcessLookupError):  # workers of a master that died, or one that ignored SIGTERM
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()


def children(pid: int) -> list[int]:
    """Direct children of ``pid`` (gunicorn's workers), from /proc."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        # The command name is in parentheses and may hold spaces; fields after it are plain.
        fields = stat[stat.rindex(")") + 2 :].split()
        if int(fields[1]) == pid:
            found.append(int(entry))
    return sorted(found)


def rss_bytes(pid: int) -> int:
    """Resident set size of ``pid`` (VmRSS), in bytes; 0 when the process is gone."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def cpu_seconds(pid: int, reaped_children: bool = False) -> float:
    """User plus system CPU time ``pid`` has used so far, in seconds; 0 when it is gone. With
    ``reaped_children``, that of its children that have exited and been waited for (a gunicorn
    master's recycled workers) instead."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0.0
    # fields from the 3rd on: utime and stime are the 14th and 15th, cutime and cstime the 16th and 17th
    fields = stat[stat.rindex(")") + 2 :].split()
    first = 13 if reaped_children else 11
    return (int(fields[first]) + int(fields[first + 1])) / os.sysconf("SC_CLK_TCK")


class Gunicorn:
    """The production server on loopback: ``with Gunicorn(workers=2, env={...}) as server: server.url``.

    Its stdout (the JSON access log) and stderr go to files in ``log_dir``; without one, a
    temporary directory that :meth:`stop` removes. The stdout file is opened for appending,
    as a log file should be: every worker's writes then land whole at its end. ``app`` is
    the WSGI app gunicorn serves (it must answer ``GET /healthz``), ``config`` its settings (the relay
    of examples/relay has its own).
    """

    def __init__(
        self,
        workers: int = 2,
        env: Mapping[str, str] | None = None,
        name: str = "gunicorn",
        log_dir: Path | None = None,
        app: str = "service.wsgi:app",
        config: str = "python:service.gunicorn_conf",
    ) -> None:
        self.workers = workers
        self.app = app
        self.config = config
        self.extra_env = dict(env or {})
        self.name = name
        self.own_log_dir = log_dir is None  # a temporary one, removed at stop
        self.log_dir = Path(log_dir or tempfile.mkdtemp(prefix="cribbage-server-"))
        self.process: subprocess.Popen[bytes] | None = None
        self.port = 0

    @property
    def url(self) -> str:
        return f"http://{LOOPBACK}:{self.port}"

    @property
    def stdout_path(self) -> Path:
        return self.log_dir / f"{self.name}.out"

    @property
    def stderr_path(self) -> Path:
        return self.log_dir / f"{self.name}.err"

    def start(self, timeout: float = 60.0) -> Gunicorn:
        # Each server gets its own metrics directory (gunicorn_conf makes one) unless told otherwise.
        env = {k: v for k, v in os.environ.items() if k != "PROMETHEUS_MULTIPROC_DIR"}
        env.update({"GUNICORN_BIND": f"{LOOPBACK}:0", "WEB_CONCURRENCY": str(self.workers)}, **self.extra_env)
        self.log_dir.mkdir(parents=True, exist_ok=True)
        self.stdout_path.write_bytes(b"")
        with open(self.stdout_path, "ab") as out, open(self.stderr_path, "wb") as err:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "gunicorn", "-c", self.config, self.app],
                cwd=ROOT,
                env=env,
                stdout=out,
                stderr=err,
                stdin=subprocess.DEVNULL,
                start_new_session=True,
            )
        try:
            deadline = time.monotonic() + timeout
            while not self.port:
                match = _LISTENING.search(self.stderr_path.read_text(errors="replace"))
                if match:
                    self.port = int(match.group(1))
                elif self.process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"{self.name} did not start:\n{self.stderr_path.read_text(errors='replace')}")
                else:
                    time.sleep(0.05)
            wait_http(self.url + "/healthz", timeout=max(1.0, deadline - time.monotonic()))
            while len(self.worker_pids()) < self.workers and time.monotonic() < deadline:
                time.sleep(0.05)
        except BaseException:
            self.stop()
            raise
        return self

    def worker_pids(self) -> list[int]:
        return children(self.process.pid) if self.process else []

    def stop(self) -> None:
        if self.process is not None:
            stop_group(self.process)
        if self.own_log_dir:
            shutil.rmtree(self.log_dir, ignore_errors=True)

    def __enter__(self) -> Gunicorn:
        return self.start()

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.stop()


def call(
    base: str, path: str, body: Any = None, headers: dict[str, str] | None = None
) -> tuple[int, dict[str, str], Any]:
    """One request; returns status, headers and the decoded JSON body (HTTP errors included)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        base + path,
        data=data,
        headers={**({"Content-Type": "application/json"} if data is not None else {}), **(headers or {})},
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, dict(response.headers), json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), json.loads(error.read() or b"null")
