"""The refusals in five languages: every template in every language, with the same placeholders;
every key the code says exists (and every key is said somewhere); every error kind's title in
every language; a few sentences checked word for word."""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest

from service.core.cards import parse_card
from service.core.errors import DuplicateCard, IllegalAction, IllegalPlay
from service.core.refusals import REFUSALS, Choices, said
from service.core.texts.phrases import LANGUAGES
from service.core.texts.refusals import REFUSALS_BY_LANGUAGE, TITLES, detail, refusal_templates

SERVICE = Path(__file__).resolve().parents[3] / "service"


def _placeholders(template: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(template) if field}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_refusal_has_a_template_with_the_same_placeholders_in_every_language(lang: str) -> None:
    templates = refusal_templates(lang)
    assert set(templates) == set(REFUSALS)
    for key, english in REFUSALS.items():
        assert _placeholders(templates[key]) == _placeholders(english), (lang, key)
        assert templates[key].strip() or key == "_or", (lang, key)


def test_the_languages_are_the_answers_languages() -> None:
    assert set(REFUSALS_BY_LANGUAGE) == set(TITLES) == set(LANGUAGES) - {"en"}


def _said_keys() -> set[str]:
    keys = set()
    for path in SERVICE.rglob("*.py"):
        if path.name == "refusals.py" or path.parent.name == "refusal_words":  # the templates themselves
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in REFUSALS:
                keys.add(node.value)
    return keys


def test_every_refusal_is_said_somewhere() -> None:
    assert _said_keys() == set(REFUSALS) - {"_or"}


def test_saying_an_unknown_refusal_fails_at_once() -> None:
    with pytest.raises(KeyError, match="no refusal"):
        said("no-such-refusal")


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "it is not seat 1's turn: waiting for the discards of seats 0, 2 and 3"),
        ("sv", "det är inte plats 1s tur: väntar på att platserna 0, 2 och 3 lägger i cribben"),
        ("da", "det er ikke plads 1s tur: venter på at pladserne 0, 2 og 3 lægger i cribben"),
        ("de", "Platz 1 ist nicht am Zug: es fehlen noch die Abwürfe der Plätze 0, 2 und 3"),
        ("nl", "plaats 1 is niet aan de beurt: wacht op de afleg van plaatsen 0, 2 en 3"),
    ],
)
def test_a_clause_is_said_in_the_same_language_as_its_sentence(lang: str, expected: str) -> None:
    turn = said("turn_discards", seats="0, 2", last=3)
    assert detail(IllegalAction(said("not_your_turn", seat=1, turn=turn)), lang) == expected


def test_choices_are_joined_in_the_language() -> None:
    error = IllegalAction(
        said("not_now", type="play", turn=said("turn_count", seat=0), wanted=Choices(("count", "muggins")))
    )
    assert error.message == "a play is not allowed now: seat 0 is to count (count or muggins)"
    assert detail(error, "nl") == "een play is nu niet toegestaan: plaats 0 moet tellen (count of muggins)"


def test_an_error_given_as_text_is_said_in_english() -> None:
    error = IllegalPlay("an old-style message")
    assert error.said is None and detail(error, "de") == "an old-style message"


def test_a_card_is_said_as_its_code() -> None:
    error = DuplicateCard(said("card_twice", card=parse_card("5S")))
    assert error.message == "5S appears twice" and detail(error, "da") == "5S optræder to gange"
