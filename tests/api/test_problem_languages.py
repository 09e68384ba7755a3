"""Problems said whole in the player's language: the title, the detail and every ``errors[].detail``
of a sample of problems (a 400 with several errors, a damaged state token, a 422 of each domain:
a game, a scoreboard, a tournament, hints) in each of the five languages, with no English left
in the other four: each text differs from the English answer's, and holds no word of the English
templates that the language's own templates do not also use (names and codes quoted from the
request or the contract are left out of the comparison). The contract's templates are held to
the same keys and placeholders in every language, as the core's refusals are
(``tests/core/texts/test_refusals.py``).
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Iterable
from typing import Any

import pytest
from flask.testing import FlaskClient

from service.api.contract import SPEC
from service.api.wire.contract_texts import CONTRACT_DETAILS
from service.api.wire.problem_texts import DETAILS
from service.api.wire.problem_types import PROBLEM_TYPES
from service.core.refusals import REFUSALS
from service.core.texts.phrases import LANGUAGES
from service.core.texts.refusals import TITLES, refusal_templates
from tests.support.problems import expect_problem

OTHERS = [lang for lang in LANGUAGES if lang != "en"]


def _placeholders(template: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(template) if field}


@pytest.mark.parametrize("lang", OTHERS)
def test_every_contract_detail_is_in_every_language_with_the_same_placeholders(lang: str) -> None:
    english = CONTRACT_DETAILS["en"]
    assert set(CONTRACT_DETAILS) == set(LANGUAGES) and set(CONTRACT_DETAILS[lang]) == set(english)
    for key, template in english.items():
        assert _placeholders(CONTRACT_DETAILS[lang][key]) == _placeholders(template), (lang, key)
        assert CONTRACT_DETAILS[lang][key] != template, (lang, key)


# --- no English left -------------------------------------------------------------------------------

_QUOTED = re.compile(r"\"[^\"]*\"|'[^']*'|`[^`]*`|\S*[/_.]\S*")  # names, codes, pointers, paths: as given
_WORD = re.compile(r"[^\W\d_]{3,}")


def _words(text: str) -> set[str]:
    return {w.lower() for w in _WORD.findall(_QUOTED.sub(" ", text))}


def _template_words(templates: Iterable[str]) -> set[str]:
    return set().union(*(_words(re.sub(r"\{[^}]*\}", " ", t)) for t in templates))


def _all_templates(lang: str) -> list[str]:
    titles = [kind.titles[lang] for kind in PROBLEM_TYPES.values()]
    core_titles = list(TITLES[lang].values()) if lang != "en" else []
    return [
        *refusal_templates(lang).values(),
        *CONTRACT_DETAILS[lang].values(),
        *DETAILS[lang].values(),
        *titles,
        *core_titles,
    ]


def _contract_names() -> set[str]:
    """The member names of the contract's request bodies, which a detail lists as they are
    (``(this object takes: hand, starter)``): names, not English words."""
    names: set[str] = set()
    for schema in SPEC.document["components"]["schemas"].values():
        names.update(schema.get("properties", {}) if isinstance(schema, dict) else ())
    return {name.lower() for name in names if name.isalpha()}


ENGLISH_WORDS = _template_words(_all_templates("en")) - _contract_names()
# English words a language's own templates use too (a loan such as "muggins", "his heels", "flush")
SHARED = {lang: ENGLISH_WORDS & _template_words(_all_templates(lang)) for lang in OTHERS}


def _texts(problem: dict[str, Any]) -> list[str]:
    return [problem["title"], problem.get("detail", ""), *(e["detail"] for e in problem.get("errors", []))]


def _assert_said_in(lang: str, problem: dict[str, Any], english: dict[str, Any]) -> None:
    said, english_texts = _texts(problem), _texts(english)
    assert len(said) == len(english_texts) >= 3  # a title, a detail, at least one error
    for text, in_english in zip(said, english_texts, strict=True):
        assert text != in_english, (lang, text)
        left = _words(text) & (ENGLISH_WORDS - SHARED[lang])
        assert not left, (lang, text, left)


def _new_game(client: FlaskClient) -> dict[str, Any]:
    return client.post("/v1/games", json={"seed": 31, "dealer": 1, "seat": 0}).get_json()


def _several_contract_errors(client: FlaskClient, lang: str) -> Any:
    body = {"hand": ["5S", "5H", 3, "JC"], "starter": "zz", "colour": "red"}
    return client.post("/v1/hands/score", json=body, headers={"Accept-Language": lang}), 400, "contract-violation"


def _damaged_token(client: FlaskClient, lang: str) -> Any:
    game = _new_game(client)
    body = {"state": game["state"][:-4] + "AAAA"}
    return client.post(f"/v1/games/view?lang={lang}", json=body), 400, "invalid-state-token"


def _game_refusal(client: FlaskClient, lang: str) -> Any:
    game = _new_game(client)
    action = {"type": "play", "seat": 0, "card": game["view"]["hand"][0]}
    body = {"state": game["state"], "action": action, "seat": 0, "credential": game["credentials"]["table"]}
    return client.post(f"/v1/games/act?lang={lang}", json=body), 422, "illegal-action"


def _board_refusal(client: FlaskClient, lang: str) -> Any:
    board = client.post("/v1/boards", json={"players": 2, "dealer": 0}).get_json()["board"]
    body = {"board": board, "side": 0, "points": 5, "kind": "pair_royal"}
    return client.post(f"/v1/boards/peg?lang={lang}", json=body), 422, "invalid-score"


def _tournament_refusal(client: FlaskClient, lang: str) -> Any:
    games = [
        {"players": ["ann", "ann"], "scores": [121, 90]},
        {"players": ["ann", "bob"], "scores": [120, 100]},
        {"players": ["ann", "bob"], "scores": [121, 121]},
    ]
    return client.post(f"/v1/tournaments/standings?lang={lang}", json={"games": games}), 422, "invalid-score"


def _hints_refusal(client: FlaskClient, lang: str) -> Any:
    game = _new_game(client)
    table = game["credentials"]["table"]
    action = {"type": "discard", "seat": 0, "cards": game["view"]["hand"][:2]}
    moved = client.post(
        "/v1/games/act", json={"state": game["state"], "action": action, "seat": 0, "credential": table}
    )
    body = {"state": moved.get_json()["state"], "seat": 0, "credential": table}
    return client.post(f"/v1/games/hints?lang={lang}", json=body), 422, "illegal-action"


SAMPLES: dict[str, Callable[[FlaskClient, str], Any]] = {
    "several contract errors": _several_contract_errors,
    "a damaged state token": _damaged_token,
    "a game's refusal": _game_refusal,
    "a scoreboard's refusal": _board_refusal,
    "a tournament's refusal": _tournament_refusal,
    "the hints' refusal": _hints_refusal,
}


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize("sample", SAMPLES)
def test_a_problem_is_said_whole_in_the_language(client: FlaskClient, sample: str, lang: str) -> None:
    response, status, slug = SAMPLES[sample](client, lang)
    problem = expect_problem(response, status, slug)
    assert response.headers["Content-Language"] == lang
    english_response, _, _ = SAMPLES[sample](client, "en")
    english = expect_problem(english_response, status, slug)
    assert english_response.headers["Content-Language"] == "en"
    assert [e["pointer"] for e in problem.get("errors", [])] == [e["pointer"] for e in english.get("errors", [])]
    _assert_said_in(lang, problem, english)


def test_the_english_words_test_would_see_english(client: FlaskClient) -> None:
    """The check above finds English: an English answer compared with itself fails it."""
    response, _, _ = _tournament_refusal(client, "en")
    english = response.get_json()
    assert _words(english["detail"]) & (ENGLISH_WORDS - SHARED["de"])
    with pytest.raises(AssertionError):
        _assert_said_in("de", english, english)


# --- sentences checked word for word ------------------------------------------------------------


def test_several_contract_errors_in_german(client: FlaskClient) -> None:
    response, _, _ = _several_contract_errors(client, "de")
    problem = expect_problem(response, 400, "contract-violation")
    takes = "(dieses Objekt nimmt: claimed, crib, hand, muggins, options, starter, variant)"
    assert problem["errors"] == [
        {"pointer": "", "detail": f'die Eigenschaft "colour" ist hier nicht erlaubt {takes}'},
        {"pointer": "/hand/2", "detail": '3 ist nicht vom Typ "string"'},
        {
            "pointer": "/starter",
            "detail": 'eine Zeichenkette mit 2 Zeichen passt nicht zum Muster "^([AaTtJjQqKk2-9]|10)[CDHScdhs]$"',
        },
    ]
    assert problem["detail"].startswith(f'die Eigenschaft "colour" ist hier nicht erlaubt {takes}; /hand/2: 3 ist')


def test_a_refused_action_names_the_actions_in_the_language(client: FlaskClient) -> None:
    expected = {
        "en": "a play is not allowed now: waiting for the discards of seats 0 and 1 (discard)",
        "sv": "att spela ut ett kort är inte tillåtet nu: väntar på att platserna 0 och 1 lägger i cribben "
        "(lägga i cribben)",
        "da": "at spille et kort ud er ikke tilladt nu: venter på at pladserne 0 og 1 lægger i cribben "
        "(lægge i cribben)",
        "de": "das Ausspielen ist jetzt nicht erlaubt: es fehlen noch die Abwürfe der Plätze 0 und 1 (Abwerfen)",
        "nl": "een kaart spelen is nu niet toegestaan: wacht op de afleg van plaatsen 0 en 1 (afleggen)",
    }
    for lang, sentence in expected.items():
        response, _, _ = _game_refusal(client, lang)
        problem = expect_problem(response, 422, "illegal-action")
        assert problem["detail"] == sentence
        assert problem["errors"] == [{"pointer": "/action/type", "detail": sentence}]


def test_a_tournaments_problems_are_each_said_in_dutch(client: FlaskClient) -> None:
    response, _, _ = _tournament_refusal(client, "nl")
    problem = expect_problem(response, 422, "invalid-score")
    assert problem["detail"] == "3 spellen zijn geen geldige uitslagen (3 problemen)"
    assert problem["errors"] == [
        {"pointer": "/games/0/players/1", "detail": "'ann' wordt twee keer in één spel genoemd"},
        {
            "pointer": "/games/1/scores",
            "detail": "geen kant heeft het doel van 121 bereikt: het spel is niet afgelopen",
        },
        {
            "pointer": "/games/2/scores/1",
            "detail": "de kanten 0 en 1 hebben allebei het doel van 121 bereikt: een spel heeft één winnaar "
            "(wie het doel het eerst bereikt)",
        },
    ]


def test_a_scoreboards_refusal_names_the_score_in_swedish(client: FlaskClient) -> None:
    response, _, _ = _board_refusal(client, "sv")
    assert expect_problem(response, 422, "invalid-score")["detail"] == "ett tretal ger 6, inte 5"
    english, _, _ = _board_refusal(client, "en")
    assert expect_problem(english, 422, "invalid-score")["detail"] == "a pair royal scores 6, not 5"


def test_the_apis_own_errors_are_said_in_danish(client: FlaskClient) -> None:
    game = _new_game(client)
    missing = client.post("/v1/games/view?lang=da", json={"state": game["state"], "seat": 1})
    assert expect_problem(missing, 403, "seat-credential-missing")["errors"] == [
        {"pointer": "/credential", "detail": "mangler"}
    ]
    wrong = {"state": game["state"], "seat": 1, "credential": "A" * 24}
    refused = expect_problem(client.post("/v1/games/view?lang=da", json=wrong), 403, "seat-credential-wrong")
    assert refused["errors"] == [{"pointer": "/credential", "detail": "ikke plads 1s"}]


def test_a_lang_the_service_does_not_speak_is_refused_naming_the_parameter(client: FlaskClient) -> None:
    """The contract's ``lang`` is an enum of the five languages, so ``?lang=fr`` is a 400 that
    names the parameter (said in the ``Accept-Language``, English by default)."""
    response = client.post("/v1/hands/score?lang=fr", json={"hand": ["5S", "5H", "5D", "JC"], "starter": "5C"})
    problem = expect_problem(response, 400, "contract-violation")
    assert problem["errors"] == [
        {"pointer": "", "parameter": "lang", "detail": "the query parameter lang is one of en, sv, da, de, nl"}
    ]
    assert problem["detail"] == "?lang: the query parameter lang is one of en, sv, da, de, nl"
    german = client.post("/v1/hands/score?lang=fr", json={}, headers={"Accept-Language": "de"})
    assert expect_problem(german, 400, "contract-violation")["errors"][0]["detail"] == (
        "der Abfrageparameter lang ist einer der Werte en, sv, da, de, nl"
    )
    assert german.headers["Content-Language"] == "de"


def test_every_refusal_template_is_a_translation() -> None:
    """Every template with words differs from the English (but a loan word: "his heels")."""
    for lang in OTHERS:
        same = [k for k, t in refusal_templates(lang).items() if t == REFUSALS[k] and _words(t) - {"his", "heels"}]
        assert not same, (lang, same)
