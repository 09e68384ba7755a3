"""nginx for the system tests, configured by the production file ``deploy/nginx/cribbage.conf``.

The test's own main file holds only what a container image's main file would (a pid file,
temporary paths, logs) and includes the production file, of which only the addresses are
changed: the upstream's server line (one or more gunicorn instances on loopback) and the two
listen lines (free loopback ports). Each change must apply exactly once, so a production
file that drifts from what the tests expect fails loudly instead of being tested half-way.

:class:`Sidecar` changes nothing at all: it runs nginx inside a container's network
namespace, as the Kubernetes and compose examples run it beside the service, where the
file's own addresses are the right ones.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Self

from tests.support.servers import LOOPBACK, free_port, stop_group, wait_http

ROOT = Path(__file__).resolve().parents[2]
PRODUCTION_CONF = ROOT / "deploy" / "nginx" / "cribbage.conf"

MAIN_CONF = """\
worker_processes 1;
daemon off;
pid {prefix}/nginx.pid;
events {{ worker_connections 2048; }}
http {{
    log_format upstream '$cribbage_request_id $request_method $uri $status upstream=$upstream_addr client=$remote_addr';
    access_log {prefix}/access.log upstream;
    client_body_temp_path {prefix}/tmp/body;
    proxy_temp_path {prefix}/tmp/proxy;
    fastcgi_temp_path {prefix}/tmp/fastcgi;
    uwsgi_temp_path {prefix}/tmp/uwsgi;
    scgi_temp_path {prefix}/tmp/scgi;
    include {prefix}/cribbage.conf;
}}
"""


def nginx_binary() -> str:
    found = shutil.which("nginx", path=os.environ.get("PATH", "") + os.pathsep + "/usr/sbin:/sbin")
    if not found:
        raise RuntimeError("nginx is not installed: `make test-system` installs it (apt-get install nginx)")
    return found


def wait_listening(port: int, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            socket.create_connection((LOOPBACK, port), timeout=1).close()
            return
        except OSError:
            if time.monotonic() > deadline:
                raise TimeoutError(f"nothing listens on port {port} after {timeout:.0f} s") from None
            time.sleep(0.05)


def replace_once(text: str, old: str, new: str) -> str:
    count = text.count(old)
    if count != 1:
        raise AssertionError(f"{PRODUCTION_CONF.name} should hold {old!r} exactly once, not {count} times")
    return text.replace(old, new)


RATE = "rate=50r/s;"  # the shipped per-client limit (limit_req_zone)


def production_conf(
    upstreams: tuple[str, ...], listen: str, metrics_listen: str, expose_upstream: bool, rate: str | None = None
) -> str:
    """The production file with the test's addresses. ``expose_upstream`` adds an
    ``X-Upstream`` header naming the instance that answered (for the scale-out test only:
    production does not tell clients its internal addresses). ``rate`` replaces the per-client
    rate (``"5000r/s"``): for a load test whose many players all come from loopback."""
    text = PRODUCTION_CONF.read_text()
    if rate is not None:
        text = replace_once(text, RATE, f"rate={rate};")
    # Several instances behind one nginx, as deploy/nginx/cribbage.conf's upstream comment says:
    # none is ever marked down, since every failed request is sent to the next one anyway.
    servers = (
        [f"    server {u};\n" for u in upstreams]
        if len(upstreams) == 1
        else [f"    server {u} max_fails=0;\n" for u in upstreams]
    )
    text = replace_once(text, "    server 127.0.0.1:8000;\n", "".join(servers))
    text = replace_once(text, "    listen 8080;\n", f"    listen {listen};\n")
    text = replace_once(text, "    listen 9102;\n", f"    listen {metrics_listen};\n")
    if expose_upstream:
        proxied = "    location / {\n        proxy_pass http://cribbage;\n"
        text = replace_once(text, proxied, proxied + "        add_header X-Upstream $upstream_addr always;\n")
    return text


def check_config(prefix: Path) -> None:
    """``nginx -t`` on the files in ``prefix``: the configuration parses and every directive exists."""
    conf, error_log = str(prefix / "nginx.conf"), str(prefix / "error.log")
    check = subprocess.run(
        [nginx_binary(), "-t", "-p", str(prefix), "-c", conf, "-e", error_log], capture_output=True, text=True
    )
    assert check.returncode == 0, check.stderr


class Nginx:
    """nginx in the foreground with a private prefix, stopped with its process group."""

    def __init__(
        self,
        upstreams: tuple[str, ...],
        log_dir: Path,
        expose_upstream: bool = False,
        wait_for_app: bool = True,
        rate: str | None = None,
    ) -> None:
        self.port = free_port()
        self.metrics_port = free_port()
        listen, metrics_listen = f"{LOOPBACK}:{self.port}", f"{LOOPBACK}:{self.metrics_port}"
        self._prepare(production_conf(upstreams, listen, metrics_listen, expose_upstream, rate), log_dir, wait_for_app)

    def _prepare(self, conf: str, log_dir: Path, wait_for_app: bool, parent: Path | None = None) -> None:
        """A private prefix (in ``parent``, or the temporary directory) with the test's main file
        and ``conf`` as ``cribbage.conf``."""
        self.wait_for_app = wait_for_app  # False: ready once nginx listens (for an upstream that is down)
        self.prefix = Path(tempfile.mkdtemp(prefix="cribbage-nginx-", dir=parent))
        self.prefix.chmod(0o755)  # workers drop to an unprivileged user when started as root
        (self.prefix / "tmp").mkdir(mode=0o755)
        self.log_dir = log_dir
        (self.prefix / "nginx.conf").write_text(MAIN_CONF.format(prefix=self.prefix))
        (self.prefix / "cribbage.conf").write_text(conf)
        self.process: subprocess.Popen[bytes] | None = None

    def command(self) -> list[str]:
        conf, error_log = str(self.prefix / "nginx.conf"), str(self.prefix / "error.log")
        return [nginx_binary(), "-p", str(self.prefix), "-c", conf, "-e", error_log]

    def access_log(self) -> list[str]:
        """nginx's access lines so far (the test's format: id, method, URI, status, upstream, client)."""
        path = self.prefix / "access.log"
        return path.read_text().splitlines() if path.exists() else []

    @property
    def url(self) -> str:
        return f"http://{LOOPBACK}:{self.port}"

    @property
    def metrics_url(self) -> str:
        return f"http://{LOOPBACK}:{self.metrics_port}"

    def __enter__(self) -> Self:
        check_config(self.prefix)
        self.process = subprocess.Popen(self.command(), stdin=subprocess.DEVNULL, start_new_session=True)
        try:
            if self.wait_for_app:
                wait_http(self.url + "/healthz", timeout=30)
            else:
                wait_listening(self.port, timeout=30)
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        if self.process is not None:
            stop_group(self.process, grace=10)
        self.log_dir.mkdir(parents=True, exist_ok=True)
        for name in ("access.log", "error.log"):
            if (self.prefix / name).exists():
                shutil.copy(self.prefix / name, self.log_dir / f"nginx-{name}")
        shutil.rmtree(self.prefix, ignore_errors=True)


class Sidecar(Nginx):
    """nginx in a container's network namespace (``netns``, a ``/proc/PID/ns/net``), as the
    Kubernetes pod and the compose file run it beside the service: the production file exactly
    as shipped, with its own addresses (upstream ``127.0.0.1:8000``, listen 8080 and 9102),
    which are the right ones there. The binary is the host's nginx, entered into the namespace
    with ``nsenter``; only its network is the container's. ``port`` and ``metrics_port`` are the
    host ports the container publishes for 8080 and 9102: where clients reach it. Its files are
    made in ``parent`` (the image test's work directory, so that a run that is killed leaves its
    sidecar where the next run's sweep finds it)."""

    def __init__(self, netns: Path, port: int, metrics_port: int, log_dir: Path, parent: Path | None = None) -> None:
        self.netns = netns
        self.port, self.metrics_port = port, metrics_port
        self._prepare(PRODUCTION_CONF.read_text(), log_dir, wait_for_app=True, parent=parent)

    def command(self) -> list[str]:
        return ["nsenter", f"--net={self.netns}", *super().command()]
