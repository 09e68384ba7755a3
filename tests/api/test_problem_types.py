"""The problem registry: every problem the service (its core, its API, gunicorn, the proxy) can
send is listed once, the contract's ``Problem.type`` enum is the same list, and problems are
said in the player's language (title and, for the rules' refusals, detail; ``Content-Language``).

``tests/conftest.py`` also checks at run time that every problem answered anywhere in the test
suite has a registered type with its status.
"""

from __future__ import annotations

import ast
import importlib
import json
import pkgutil
import re
import string
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

import service
from service.api.wire.problem_texts import DETAILS
from service.api.wire.problem_types import (
    CORE_KINDS,
    HTTP_TYPES,
    PROBLEM_TYPE,
    PROBLEM_TYPES,
    SERVER_TYPES,
)
from service.core.errors import CribbageError
from service.core.texts.phrases import LANGUAGES
from tests.support.contract import openapi_document
from tests.support.problems import expect_problem

ROOT = Path(__file__).resolve().parents[2]
SERVICE = ROOT / "service"


def _every_module() -> None:
    for module in pkgutil.walk_packages(service.__path__, "service."):
        if module.name != "service.wsgi" and not module.name.endswith("gunicorn_conf"):
            importlib.import_module(module.name)


def _subclasses(kind: type) -> set[type]:
    found = {kind}
    for sub in kind.__subclasses__():
        found |= _subclasses(sub)
    return found


def test_every_core_error_kind_is_registered_as_a_422_with_its_title() -> None:
    _every_module()
    kinds = {k for k in _subclasses(CribbageError) if k.__module__.startswith("service.")}
    assert kinds == set(CORE_KINDS)
    for kind in kinds:
        registered = PROBLEM_TYPES[kind.slug]
        assert (registered.status, registered.titles["en"]) == (422, kind.title), kind


def _literal_slugs() -> list[tuple[str, str, int]]:
    """(file:line, slug) of every problem the API code raises or answers with a literal slug:
    ``ApiError("slug", ...)``, ``problem("slug", ...)``, ``problem_body("slug", ...)``."""
    found = []
    for path in SERVICE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            if name in ("ApiError", "problem", "problem_body"):
                first = node.args[0]
                assert isinstance(first, ast.Constant) or name != "ApiError", f"{path}:{node.lineno}"
                if isinstance(first, ast.Constant):
                    found.append((f"{path.relative_to(ROOT)}:{node.lineno}", first.value, node.lineno))
    return found


def test_every_problem_the_api_raises_is_registered() -> None:
    slugs = _literal_slugs()
    assert len(slugs) >= 12  # the seats, tokens, director, formats, meta, handlers, gunicorn: all found
    for where, slug, _ in slugs:
        assert slug in PROBLEM_TYPES, where
    for status, slug in (*HTTP_TYPES.items(), *SERVER_TYPES.items()):
        assert PROBLEM_TYPES[slug].status == status, slug


def test_the_contracts_problem_types_are_the_registry() -> None:
    spec = openapi_document()
    enum = spec["components"]["schemas"]["Problem"]["properties"]["type"]["enum"]
    assert sorted(enum) == enum  # kept in order, so a new type has one place
    assert set(enum) == {PROBLEM_TYPE + slug for slug in PROBLEM_TYPES}


def _proxy_documents() -> list[tuple[int, dict[str, Any]]]:
    conf = (ROOT / "deploy" / "nginx" / "cribbage.conf").read_text()
    return [(int(status), json.loads(body)) for status, body in re.findall(r"return (\d{3}) '(\{.*\})\\n';", conf)]


def test_the_proxys_problem_documents_are_registered_types() -> None:
    documents = _proxy_documents()
    assert len(documents) == 10  # 400 404 405 413 414 429 501 505 503, and the metrics port's 404
    for status, document in documents:
        registered = PROBLEM_TYPES[document["type"].removeprefix(PROBLEM_TYPE)]
        assert document["type"].startswith(PROBLEM_TYPE)
        assert (document["status"], registered.status, document["title"]) == (status, status, registered.titles["en"])
        assert "proxy" in registered.origins, document


def test_every_problem_type_has_a_title_in_every_language() -> None:
    for kind in PROBLEM_TYPES.values():
        assert set(kind.titles) == set(LANGUAGES), kind.slug
        assert all(title.strip() for title in kind.titles.values()), kind.slug
    # A translation, not a copy: most titles differ from the English (a few words are shared).
    for lang in LANGUAGES[1:]:
        same = [k.slug for k in PROBLEM_TYPES.values() if k.titles[lang] == k.titles["en"]]
        assert not same, (lang, same)


def _placeholders(template: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(template) if field}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_detail_of_the_apis_problems_is_in_every_language_with_the_same_placeholders(lang: str) -> None:
    assert set(DETAILS) == set(LANGUAGES) and set(DETAILS[lang]) == set(DETAILS["en"])
    for key, english in DETAILS["en"].items():
        assert _placeholders(DETAILS[lang][key]) == _placeholders(english), (lang, key)
        assert lang == "en" or DETAILS[lang][key] != english, (lang, key)


def test_every_detail_of_the_apis_problems_is_said_somewhere() -> None:
    sources = "".join(p.read_text() for p in SERVICE.rglob("*.py") if p.name != "problem_texts.py")
    import flask
    import werkzeug

    framework = (Path(werkzeug.__file__).parent / "exceptions.py").read_text()
    framework += (Path(werkzeug.__file__).parent / "wrappers" / "request.py").read_text()
    framework += (Path(flask.__file__).parent / "wrappers.py").read_text()
    for key, english in DETAILS["en"].items():
        quoted = f'"{key}"' in sources
        sentence = "{" not in english and (english[:40] in sources or english[:40] in framework)
        assert quoted or sentence, key


# --- through HTTP ------------------------------------------------------------------------------------


def _discard_one(client: FlaskClient, **headers: str) -> Any:
    game = client.post("/v1/games", json={"seed": 31, "dealer": 1, "seat": 0}).get_json()
    body = {"state": game["state"], "action": {"type": "discard", "seat": 0, "cards": game["view"]["hand"][:1]}}
    body |= {"seat": 0, "credential": game["credentials"]["table"]}
    return client.post("/v1/games/act", json=body, headers=headers)


@pytest.mark.parametrize(
    ("headers", "lang", "title", "detail"),
    [
        ({}, "en", "That action is not allowed now", "discard exactly 2 card(s) to the crib, not 1"),
        (
            {"Accept-Language": "de-DE, en;q=0.5"},
            "de",
            "Dieser Zug ist jetzt nicht erlaubt",
            "wirf genau 2 Karte(n) in die Krippe, nicht 1",
        ),
        (
            {"Accept-Language": "nl"},
            "nl",
            "Die zet is nu niet toegestaan",
            "leg precies 2 kaart(en) in de crib, niet 1",
        ),
        # French is not one of the five: the answer is English, and says so.
        ({"Accept-Language": "fr-FR, fr;q=0.9"}, "en", "That action is not allowed now", None),
    ],
)
def test_a_refused_move_is_said_in_the_players_language(
    client: FlaskClient, headers: dict[str, str], lang: str, title: str, detail: str | None
) -> None:
    response = _discard_one(client, **headers)
    problem = expect_problem(response, 422, "illegal-action")
    assert response.headers["Content-Language"] == lang and "Accept-Language" in response.headers["Vary"]
    assert problem["title"] == title
    assert problem["detail"] == (detail or "discard exactly 2 card(s) to the crib, not 1")
    assert problem["errors"] == [{"pointer": "/action/cards", "detail": problem["detail"]}]
    assert len(problem["legal_actions"]) == 15  # the structured members are the same in every language


def test_a_refusal_with_a_clause_is_said_whole_in_german(client: FlaskClient) -> None:
    game = client.post("/v1/games", json={"seed": 31, "dealer": 1, "seat": 0}).get_json()
    card = game["view"]["hand"][0]
    body = {"state": game["state"], "action": {"type": "play", "seat": 0, "card": card}}
    body |= {"seat": 0, "credential": game["credentials"]["table"]}
    problem = expect_problem(client.post("/v1/games/act?lang=de", json=body), 422, "illegal-action")
    # Both seats still have to throw (a hand-made expectation of the German template).
    assert problem["detail"] == (
        "das Ausspielen ist jetzt nicht erlaubt: es fehlen noch die Abwürfe der Plätze 0 und 1 (Abwerfen)"
    )


@pytest.mark.parametrize(
    ("method", "path", "status", "slug", "title_de"),
    [
        ("get", "/v1/nowhere", 404, "not-found", "Nicht gefunden"),
        ("delete", "/v1/hands/score", 405, "method-not-allowed", "Methode nicht erlaubt"),
    ],
)
def test_the_frameworks_errors_have_the_services_types(
    client: FlaskClient, method: str, path: str, status: int, slug: str, title_de: str
) -> None:
    english = getattr(client, method)(path)
    assert expect_problem(english, status, slug)["type"] == PROBLEM_TYPE + slug
    german = getattr(client, method)(path, headers={"Accept-Language": "de"})
    assert expect_problem(german, status, slug)["title"] == title_de
    assert german.headers["Content-Language"] == "de"
    if status == 405:
        assert "POST" in german.headers["Allow"]


def test_a_body_that_is_not_json_is_an_unsupported_media_type_problem(client: FlaskClient) -> None:
    response = client.post("/v1/hands/score", data="x", content_type="text/plain", headers={"Accept-Language": "sv"})
    problem = expect_problem(response, 415, "unsupported-media-type")
    assert problem["title"] == "Medietypen stöds inte" and response.headers["Content-Language"] == "sv"


def test_a_body_that_is_not_json_or_not_utf8_is_a_415_that_says_which(client: FlaskClient) -> None:
    """Not JSON by its media type, or bytes that are not UTF-8 (RFC 8259 8.1) whatever its type says:
    a 415 whose detail names what is wrong, in the answer's language (not werkzeug's sentence)."""
    plain = expect_problem(client.post("/v1/pegging/sequence", data="{}", content_type="text/plain"), 415)
    assert "application/*+json" in plain["detail"]
    body = b'{"players": 2, "leader": 0, "plays": [], "variant": "\xff"}'
    for path in ("/v1/pegging/sequence", "/v1/hands/score"):
        bytes_ = expect_problem(client.post(f"{path}?lang=nl", data=body, content_type="application/json"), 415)
        assert "UTF-8" in bytes_["detail"] and bytes_["detail"].startswith("De bytes van de inhoud")
    # A byte order mark is UTF-8, and not JSON (RFC 8259 8.1: not added, and this parser refuses it)
    expect_problem(client.post("/v1/hands/score", data=b"\xef\xbb\xbf{}", content_type="application/json"), 400)


def test_a_contract_violation_has_its_title_in_danish(client: FlaskClient) -> None:
    response = client.post("/v1/hands/score?lang=da", json={"hand": 5})
    problem = expect_problem(response, 400, "contract-violation")
    assert problem["title"] == "Forespørgslen bryder API-kontrakten"


def test_a_bad_lang_parameter_is_answered_in_the_accept_language(client: FlaskClient) -> None:
    response = client.post("/v1/hands/score?lang=fr", json={}, headers={"Accept-Language": "nl"})
    problem = expect_problem(response, 400, "contract-violation")
    assert problem["title"] == "Het verzoek schendt het API-contract"


def test_the_client_guide_lists_every_problem_type_with_its_status() -> None:
    guide = (ROOT / "docs" / "client-guide.md").read_text()
    listed = {slug: int(status) for slug, status in re.findall(r"^\| `([a-z-]+)` \| (\d{3}) \|", guide, re.M)}
    assert listed == {slug: kind.status for slug, kind in PROBLEM_TYPES.items()}


def test_the_apis_own_details_are_said_in_the_language(client: FlaskClient) -> None:
    game = client.post("/v1/games", json={"seed": 31, "dealer": 1, "seat": 0}).get_json()
    body = {"state": game["state"], "seat": 1}
    missing = client.post("/v1/games/view", json=body, headers={"Accept-Language": "sv"})
    problem = expect_problem(missing, 403, "seat-credential-missing")
    assert problem["title"] == "Den här platsens nyckel behövs"
    assert problem["detail"].startswith("för att se plats 1s kort eller spela för den behövs dess nyckel")
    broken = client.post("/v1/games/view?lang=nl", json={"state": game["state"][:-4] + "AAAA"})
    problem = expect_problem(broken, 400, "invalid-state-token")
    assert problem["detail"] == (
        "het spelstatustoken is niet door deze dienst met een geldige sleutel uitgegeven, of is gewijzigd"
    )
    nowhere = expect_problem(client.get("/v1/nowhere", headers={"Accept-Language": "da"}), 404, "not-found")
    assert nowhere["detail"].startswith("Den ønskede adresse findes ikke på serveren.")
    english = expect_problem(client.get("/v1/nowhere"), 404, "not-found")
    assert english["detail"].startswith("The requested URL was not found on the server.")  # werkzeug's, unchanged


def test_a_batchs_problems_speak_the_answers_language(client: FlaskClient) -> None:
    hands = [{"hand": ["5S", "5S", "5D", "JC"], "starter": "5C"}, {"hand": ["zz"], "starter": "5C"}]
    answer = client.post("/v1/hands/score-batch?lang=de", json={"hands": hands})
    duplicate, unreadable = (r["problem"] for r in answer.get_json()["results"])
    assert answer.headers["Content-Language"] == "de"
    assert (duplicate["title"], duplicate["detail"]) == (
        "Dieselbe Karte kommt zweimal vor",
        "5S kommt zweimal in der Hand vor",
    )
    assert unreadable["title"] == "Die Anfrage verletzt den API-Vertrag"
