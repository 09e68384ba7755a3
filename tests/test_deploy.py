"""The deployment examples in ``deploy/`` agree with the proxy file and with each other.

No cluster or container engine runs here, so these read the manifests: the addresses that
must match across files do (gunicorn's loopback bind is the proxy's upstream; the ports nginx
listens on are the ones the pod and compose publish; the Service points at the proxy, never
at gunicorn), and the Kubernetes proxy configuration is made from the very file the system
tests run nginx with. And gunicorn warns at start when it listens where other machines reach
it and ``CRIBBAGE_BEHIND_PROXY`` does not say a proxy is in front.
"""

from __future__ import annotations

import logging
import re
import tomllib
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
DEPLOY = ROOT / "deploy"
PROXY_CONF = (DEPLOY / "nginx" / "cribbage.conf").read_text()


def directives(name: str) -> list[str]:
    """The arguments of every ``name ...;`` line of the proxy file (comments skipped)."""
    return [m.group(1) for m in re.finditer(rf"^[ \t]*{name}[ \t]+([^;#\n]+);", PROXY_CONF, re.MULTILINE)]


def load(path: str) -> Any:
    return yaml.safe_load((DEPLOY / path).read_text())


def containers() -> dict[str, Any]:
    deployment = load("kubernetes/deployment.yaml")
    return {c["name"]: c for c in deployment["spec"]["template"]["spec"]["containers"]}


def env(container: dict[str, Any]) -> dict[str, Any]:
    return {e["name"]: e.get("value") for e in container["env"]}


def test_the_proxy_file_sends_to_gunicorn_on_loopback_and_listens_on_two_ports() -> None:
    assert directives("server") == ["127.0.0.1:8000"]
    assert directives("listen") == ["8080", "9102"]


def test_kubernetes_runs_gunicorn_on_the_pods_loopback_behind_the_proxy() -> None:
    pods = containers()
    assert set(pods) == {"api", "proxy"}
    assert env(pods["api"])["GUNICORN_BIND"] == directives("server")[0]
    assert "ports" not in pods["api"]  # nothing of gunicorn's is published
    ports = {p["name"]: p["containerPort"] for p in pods["proxy"]["ports"]}
    assert [str(ports["http"]), str(ports["metrics"])] == directives("listen")
    deployment = load("kubernetes/deployment.yaml")
    assert deployment["spec"]["template"]["metadata"]["annotations"]["prometheus.io/port"] == str(ports["metrics"])
    assert pods["proxy"]["readinessProbe"]["httpGet"] == {"path": "/readyz", "port": "http"}


def test_the_service_exposes_the_proxy_only() -> None:
    service = load("kubernetes/service.yaml")
    assert [p["targetPort"] for p in service["spec"]["ports"]] == ["http"]  # the proxy's named port, not 8000


def test_the_kubernetes_proxy_configuration_is_the_tested_file() -> None:
    kustomization = load("kustomization.yaml")
    assert sorted(kustomization["resources"]) == ["kubernetes/deployment.yaml", "kubernetes/service.yaml"]
    [generator] = kustomization["configMapGenerator"]
    assert generator["files"] == ["nginx/cribbage.conf"]
    volumes = {v["name"]: v for v in load("kubernetes/deployment.yaml")["spec"]["template"]["spec"]["volumes"]}
    mounts = {m["name"]: m["mountPath"] for m in containers()["proxy"]["volumeMounts"]}
    assert volumes["proxy-conf"]["configMap"]["name"] == generator["name"]
    assert mounts["proxy-conf"] == "/etc/nginx/conf.d"  # read inside the image's http {} block


def test_the_api_image_is_this_version() -> None:
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert containers()["api"]["image"] == f"cribbage-service:{version}"


def test_compose_has_the_same_shape() -> None:
    services = load("compose.yaml")["services"]
    assert services["api"]["environment"]["GUNICORN_BIND"] == directives("server")[0]
    assert services["proxy"]["network_mode"] == "service:api"  # one network, as in a pod
    assert services["proxy"]["volumes"] == ["./nginx/cribbage.conf:/etc/nginx/conf.d/default.conf:ro"]
    assert (DEPLOY / services["api"]["build"] / "Dockerfile").exists()
    published = [port.rsplit(":", 1)[1] for port in services["api"]["ports"]]
    assert published == directives("listen")[:1]  # the public port only; not the metrics port


def test_the_proxy_body_limits_are_the_services() -> None:
    # 64k everywhere but the event operations (openapi.yaml's x-body-limit), which get the event
    # limit: the same operations, and the same sizes as the service's defaults.
    from service.api.config import Config
    from tests.support.edge_requests import EVENT_PATHS

    default = Config()
    # ...and no limit on the error pages' location, which an internal redirect reaches with the
    # request's body size (a 503 for a large event request must not turn into a 413).
    assert directives("client_max_body_size") == ["64k", "4m", "0"]
    assert re.search(
        r"location /_proxy_errors/ \{\n\s+internal;\n(\s+#[^\n]*\n)*\s+client_max_body_size 0;", PROXY_CONF
    )
    assert default.max_body_bytes == 64 * 1024 and default.max_event_body_bytes == 4 * 1024 * 1024
    [pattern] = re.findall(r"location ~ (\S+) \{\n\s+client_max_body_size 4m;", PROXY_CONF)
    assert (
        sorted(
            f"/v1/tournaments/{name}"
            for name in re.fullmatch(r"\^/v1/tournaments/\(([a-z/|-]+)\)\$", pattern)[1].split("|")
        )
        == EVENT_PATHS
    )


# gunicorn listening where other machines reach it, with or without the setting that says a
# buffering proxy is in front: (GUNICORN_BIND, CRIBBAGE_BEHIND_PROXY, whether it warns).
BINDS = [
    ("0.0.0.0:8000", None, True),
    ("0.0.0.0:8000", "true", False),
    ("[::]:8000", "false", True),
    ("10.1.2.3:8000", None, True),
    ("127.0.0.1:8000", None, False),
    ("[::1]:8000", None, False),
    ("unix:/run/cribbage.sock", None, False),
]


@pytest.mark.parametrize(("bind", "behind_proxy", "warns"), BINDS)
def test_gunicorn_warns_at_start_when_reachable_without_the_proxy(
    bind: str, behind_proxy: str | None, warns: bool, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from gunicorn.config import Config as GunicornConfig  # type: ignore[import-untyped]

    from service import gunicorn_conf

    settings = GunicornConfig()
    settings.set("bind", [bind])  # parsed by gunicorn itself, as its master does
    monkeypatch.delenv("CRIBBAGE_BEHIND_PROXY", raising=False)
    if behind_proxy is not None:
        monkeypatch.setenv("CRIBBAGE_BEHIND_PROXY", behind_proxy)
    log = logging.getLogger("test.gunicorn.error")
    with caplog.at_level(logging.WARNING, logger=log.name):
        gunicorn_conf.when_ready(SimpleNamespace(cfg=settings, log=log))
    warnings = [record.getMessage() for record in caplog.records if record.levelno == logging.WARNING]
    assert bool(warnings) == warns, warnings
    if warns:
        assert "CRIBBAGE_BEHIND_PROXY" in warnings[0] and "deploy/nginx/cribbage.conf" in warnings[0]


def test_gunicorn_listens_on_loopback_unless_told_otherwise(monkeypatch: pytest.MonkeyPatch) -> None:
    """With no setting (``make run``, the image) only this machine, or a proxy in the same
    network namespace, reaches gunicorn: opening it is always a deliberate setting."""
    import importlib

    import service.gunicorn_conf

    monkeypatch.delenv("GUNICORN_BIND", raising=False)
    assert importlib.reload(service.gunicorn_conf).bind == "127.0.0.1:8000"
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert "EXPOSE" not in [line.split(" ", 1)[0] for line in dockerfile.splitlines()]
    assert "GUNICORN_BIND=127.0.0.1:8000" in dockerfile  # the image's ENV (tests/system/test_image.py runs it)
