"""The hints' reasons in five languages: every template in every language with the same
placeholders, every reason the coach gives has a template, and the numbers and names in each
language's own form."""

from __future__ import annotations

import ast
import string
from fractions import Fraction
from pathlib import Path

import pytest

from service.core.texts.phrases import LANGUAGES
from service.core.texts.reasons import REASONS, Item, reason, say_reason

COACH = Path(__file__).resolve().parents[3] / "service" / "core" / "computer" / "coach.py"


def _placeholders(template: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(template) if field}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_reason_has_a_template_with_the_same_placeholders(lang: str) -> None:
    assert set(REASONS) == set(LANGUAGES)
    assert set(REASONS[lang]) == set(REASONS["en"])
    for key, english in REASONS["en"].items():
        assert _placeholders(REASONS[lang][key]) == _placeholders(english), (lang, key)


def test_every_reason_is_given_by_the_coach() -> None:
    given = set()
    for node in ast.walk(ast.parse(COACH.read_text())):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            given.add(node.value)
        if isinstance(node, ast.JoinedStr):  # the crib's owner: crib_mean_{owner}
            given |= {f"crib_mean_{owner}" for owner in ("self", "partner", "opponent")}
    assert set(REASONS["en"]) - {"_decimal"} <= given


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "pair royal for 6"),
        ("sv", "tretal ger 6"),
        ("da", "tre ens giver 6"),
        ("de", "Drilling für 6"),
        ("nl", "paar royal voor 6"),
    ],
)
def test_a_scoring_card_is_named_with_the_languages_word(lang: str, expected: str) -> None:
    said = reason("scores_for", item=Item("pair_royal", "pair_royal"), points=6)
    assert say_reason(said, lang) == expected


def test_numbers_take_the_languages_decimal_sign() -> None:
    said = reason("reply_risk", chance=Fraction(1250, 37), points=3)
    assert say_reason(said, "en") == "33.78% chance the reply scores 3 or more"
    assert say_reason(said, "nl") == "33,78% kans dat het antwoord 3 of meer oplevert"
