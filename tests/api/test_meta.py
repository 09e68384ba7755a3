"""Operations endpoints, the contract file itself, and the docs page."""

from __future__ import annotations

import re
from pathlib import Path

from flask.testing import FlaskClient
from openapi_spec_validator import validate

from tests.support.contract import openapi_document

ROOT = Path(__file__).resolve().parents[2]


def test_openapi_yaml_is_a_valid_openapi_31_document() -> None:
    document = openapi_document()
    assert document["openapi"].startswith("3.1")
    validate(document)


def test_every_operation_has_an_id_summary_and_documented_errors() -> None:
    document = openapi_document()
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            assert operation.get("operationId"), (path, method)
            assert operation.get("summary"), (path, method)
            if "requestBody" in operation:
                for status in ("400", "413", "415", "422"):
                    assert status in operation["responses"], (path, method, status)


def test_healthz(client: FlaskClient) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200 and response.json == {"status": "ok"}


def test_readyz_reports_its_checks(client: FlaskClient) -> None:
    body = client.get("/readyz").json
    assert body["status"] == "ready"
    assert body["checks"]["spec"].startswith("loaded")


def test_the_contract_is_served_as_written(client: FlaskClient) -> None:
    response = client.get("/openapi.yaml")
    assert response.status_code == 200
    assert response.get_data(as_text=True) == (ROOT / "openapi.yaml").read_text()


def test_docs_are_served_from_the_package(client: FlaskClient) -> None:
    page = client.get("/docs")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "/openapi.yaml" in html and "swagger-ui-bundle.js" in html
    # Every absolute address on the page is this server's own (flask-swagger-ui's OAuth redirect).
    assert all(url.startswith("http://localhost/") for url in re.findall(r"https?://[^\"' ]+", html))
    assert client.get("/docs/swagger-ui-bundle.js").status_code == 200


def test_variants_list_the_presets_with_resolved_rules(client: FlaskClient) -> None:
    body = client.get("/v1/variants").json
    by_name = {v["name"]: v["rules"] for v in body["variants"]}
    assert set(by_name) >= {"six_card", "five_card", "three_player", "four_player"}
    assert by_name["six_card"]["target"] == 121 and by_name["five_card"]["target"] == 61
    assert by_name["five_card"]["three_for_last"] == "game_start"
    assert by_name["three_player"]["crib_from_deck"] == 1
    assert by_name["four_player"]["partnerships"] is True
    assert "muggins" in body["options"]


def test_readyz_says_whether_the_state_key_was_configured_or_generated(client: FlaskClient) -> None:
    from service.api.app import create_app
    from service.api.config import Config

    # The shared test app has a configured key; one made without keys generates its own.
    assert client.get("/readyz").json["checks"]["state_key"] == "configured (1 key)"
    assert (
        create_app(Config(testing=True))
        .test_client()
        .get("/readyz")
        .json["checks"]["state_key"]
        .startswith("generated")
    )


def test_a_failing_readiness_check_is_a_503_problem() -> None:
    from service.api.app import create_app
    from service.api.config import Config

    app = create_app(Config(testing=True))

    def broken() -> str:
        raise RuntimeError("the key store is unreachable")

    app.extensions["cribbage.ready"]["store"] = broken
    response = app.test_client().get("/readyz")
    assert response.status_code == 503 and response.mimetype == "application/problem+json"
    assert "store" in response.json["detail"] and "unreachable" not in response.json["detail"]
    assert response.headers["Retry-After"] == "5"  # as the proxy's own 503 says


# --- cacheable reads: ETag, Cache-Control, 304 (RFC 9110 8.8.3, 13.1.2, 15.4.5) --------------------


def test_the_cacheable_reads_carry_a_validator_and_a_lifetime(client: FlaskClient) -> None:
    for path in ("/v1/variants", "/openapi.yaml"):
        first, again = client.get(path), client.get(path)
        assert first.status_code == 200 and first.headers["Cache-Control"] == "public, max-age=300"
        tag = first.headers["ETag"]
        assert re.fullmatch(r'"[A-Za-z0-9_-]{22}"', tag)  # strong: no W/
        assert again.headers["ETag"] == tag and again.data == first.data
    assert client.get("/v1/variants").headers["ETag"] != client.get("/openapi.yaml").headers["ETag"]
    assert "ETag" not in client.get("/healthz").headers  # only where the contract says


def test_a_matching_if_none_match_is_a_304_without_a_body(client: FlaskClient) -> None:
    for path in ("/v1/variants", "/openapi.yaml"):
        tag = client.get(path).headers["ETag"]
        for header in (
            tag,
            f"W/{tag}",
            "*",
            f'"old", {tag}',
            f'W/"old",W/{tag}',
            f" {tag} ",
            f", ,{tag},",
            ['"old"', tag],
        ):  # the last: two header lines, one list
            for method in (client.get, client.head):
                answer = method(
                    path,
                    headers=[("If-None-Match", line) for line in (header if isinstance(header, list) else [header])],
                )
                assert answer.status_code == 304, (path, header)
                assert (
                    answer.data == b""
                    and "Content-Type" not in answer.headers
                    and "Content-Length" not in answer.headers
                )
                assert answer.headers["ETag"] == tag and answer.headers["Cache-Control"] == "public, max-age=300"
        # RFC 9110 8.8.3: an entity-tag is quoted; a value that is not a list of them (the tag without its
        # quotes, "*" among tags, a quote left open, two tags with no comma) names no tag.
        bare = tag.strip('"')
        for header in (
            '"old"',
            'W/"old", "older"',
            tag[:-1],
            tag.lower(),
            "",
            "not a tag",
            '"' * 3,
            bare,
            f"W/{bare}",
            f"{bare}, {tag[:-1]}",
            f"*, {tag}",
            f"{tag} {tag}",
            '"*"',
            f'"old,{bare}"',
        ):
            answer = client.get(path, headers={"If-None-Match": header})
            assert answer.status_code == 200 and answer.data and answer.headers["ETag"] == tag, (path, header)


def test_the_validator_follows_the_bytes() -> None:
    from service.api.app import create_app
    from service.api.config import Config
    from service.api.meta import cacheable

    app = create_app(Config(testing=True))
    with app.test_request_context():
        one, same, two = (
            cacheable(b"one", "text/plain"),
            cacheable(b"one", "text/plain"),
            cacheable(b"two", "text/plain"),
        )
    assert one.headers["ETag"] == same.headers["ETag"] != two.headers["ETag"]
    with app.test_request_context(headers={"If-None-Match": one.headers["ETag"]}):
        assert cacheable(b"one", "text/plain").status_code == 304
        assert cacheable(b"two", "text/plain").status_code == 200
