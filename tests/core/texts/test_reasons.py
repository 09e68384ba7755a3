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

COMPUTER = Path(__file__).resolve().parents[3] / "service" / "core" / "computer"
COACH, ADVICE = COMPUTER / "coach.py", COMPUTER / "advice.py"  # the hints' reasons; the discard's assumption


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
    for node in (n for path in (COACH, ADVICE) for n in ast.walk(ast.parse(path.read_text()))):
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


@pytest.mark.parametrize(
    ("item", "expected"),
    [(Item("run", "run_4"), "run of four for 4"), (Item("thirty_one", "thirty_one"), "thirty-one for 4")],
)
def test_english_names_a_scoring_card_as_the_answers_items_do(item: Item, expected: str) -> None:
    # Not the kind with its underscore dropped ("run for 4", "thirty one for 4"): the vocabulary's name.
    assert say_reason(reason("scores_for", item=item, points=4), "en") == expected


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_reason_names_a_seat_by_its_number(lang: str) -> None:
    # The contract counts seats from 0, a table's players from 1: "seat 1 missed 2" read as
    # player 1 is the wrong person. The figures carry the seats for a client to name.
    assert all("seat" not in _placeholders(template) for template in REASONS[lang].values())
    said = reason("missed_take", missed=2, actual=8)
    assert say_reason(said, "en") == "the count missed 2 of 8: take them"


def test_numbers_take_the_languages_decimal_sign() -> None:
    said = reason("reply_risk", chance=Fraction(1250, 37), points=3)
    assert say_reason(said, "en") == "33.78% chance the reply scores 3 or more"
    assert say_reason(said, "nl") == "33,78% kans dat het antwoord 3 of meer oplevert"


def test_the_discards_assumption_is_said_in_each_language() -> None:
    from service.core.computer.advice import assumption_text
    from service.core.rules import STANDARD, preset

    two = assumption_text(STANDARD)
    assert str(two).startswith("Hand means are over all 46 starters you cannot see. Crib means assume the opponent's 2")
    assert say_reason(two, "de") == (
        "Die Mittelwerte der Hand gelten über alle 46 Startkarten, die du nicht sehen kannst. Die Mittelwerte der "
        "Krippe nehmen an, dass die 2 Abwürfe des Gegners eine gleichverteilt zufällige Auswahl aus den 46 Karten "
        "sind, die du nicht sehen kannst, und die Startkarte ist gleichverteilt über die 44 übrigen Karten; echte "
        "Gegner wählen ihre Abwürfe selbst, also ist dies ein neutrales Modell, keine Vorhersage."
    )
    three = assumption_text(preset("three_player"))
    assert "kortet från leken" in say_reason(three, "sv") and "card from the pack" in str(three)
    learned = assumption_text(STANDARD, "learned")
    assert "cribmodel learned" in say_reason(learned, "nl")
    for lang in LANGUAGES[1:]:
        assert say_reason(two, lang) != str(two) and say_reason(learned, lang) != str(learned)
