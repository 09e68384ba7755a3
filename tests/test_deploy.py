"""The deployment examples in ``deploy/`` agree with the proxy file and with each other.

No cluster or container engine runs here, so these read the manifests: the addresses that
must match across files do (gunicorn's loopback bind is the proxy's upstream; the ports nginx
listens on are the ones the pod and compose publish; the Service points at the proxy, never
at gunicorn), and the Kubernetes proxy configuration is made from the very file the system
tests run nginx with.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

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
    assert directives("client_max_body_size") == ["64k", "4m"]
    assert default.max_body_bytes == 64 * 1024 and default.max_event_body_bytes == 4 * 1024 * 1024
    [pattern] = re.findall(r"location ~ (\S+) \{\n\s+client_max_body_size 4m;", PROXY_CONF)
    assert (
        sorted(
            f"/v1/tournaments/{name}"
            for name in re.fullmatch(r"\^/v1/tournaments/\(([a-z|-]+)\)\$", pattern)[1].split("|")
        )
        == EVENT_PATHS
    )
