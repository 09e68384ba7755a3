"""The refusals in five languages: every template in every language, with the same placeholders;
every key the code says exists (and every key is said somewhere); every error kind's title in
every language; a few sentences checked word for word."""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest

from service.core.cards import parse_card
from service.core.errors import CribbageError, DuplicateCard, IllegalAction, IllegalPlay
from service.core.refusals import REFUSALS, Choices, said
from service.core.texts.phrases import (
    LANGUAGES,
    UnsupportedLanguage,  # noqa: F401  (a kind of error too)
)
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
    assert _said_keys() - {"_or"} == set(REFUSALS) - {"_or"}


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
    wanted = Choices((said("do_count"), said("do_muggins")))
    error = IllegalAction(said("not_now", action=said("act_play"), turn=said("turn_count", seat=0), wanted=wanted))
    assert error.message == "a play is not allowed now: seat 0 is to count (count or muggins)"
    assert (
        detail(error, "nl") == "een kaart spelen is nu niet toegestaan: plaats 0 moet tellen (tellen of muggins roepen)"
    )
    assert (
        detail(error, "de")
        == "das Ausspielen ist jetzt nicht erlaubt: Platz 0 zählt als Nächstes (Zählen oder Muggins rufen)"
    )
    codes = IllegalAction(said("r_one_of", option="stage", values=Choices(("cut", "play"))))
    assert detail(codes, "sv") == "stage måste vara en av cut eller play"  # codes stay as the contract has them


def test_an_error_given_as_text_is_said_in_english() -> None:
    error = IllegalPlay("an old-style message")
    assert error.said is None and detail(error, "de") == "an old-style message"


def test_a_card_is_said_as_its_code() -> None:
    error = DuplicateCard(said("card_twice", card=parse_card("5S")))
    assert error.message == "5S appears twice" and detail(error, "da") == "5S optræder to gange"


# --- no refusal raised as English text -------------------------------------------------------------


# What carries a refusal's words in the core, and where they are: an error kind's message (its first
# argument), a module's helper that builds one (``_bad``, ``_refuse``, ``refuse``), an invariant's
# ``_need(ok, message)``, a listed problem's ``Problem(pointer, detail)`` and ``check.add(pointer, detail)``.
def _error_kinds() -> set[str]:
    found: set[str] = set()
    todo: list[type] = [CribbageError]
    while todo:
        kind = todo.pop()
        found.add(kind.__name__)
        todo.extend(kind.__subclasses__())
    return found


_CARRIERS = {"_bad": 0, "_refuse": 0, "refuse": 0, "_need": 1, "Problem": 1, "add": 1}


def _is_text(node: ast.expr) -> bool:
    """English written in place: a string, an f-string, or text joined or chosen from them."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp):
        return _is_text(node.left) or _is_text(node.right)
    if isinstance(node, ast.IfExp):
        return _is_text(node.body) or _is_text(node.orelse)
    return False


def _english_in(tree: ast.AST) -> list[ast.Call]:
    """The calls of ``tree`` that carry a refusal written as English text."""
    kinds = _error_kinds()
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
        index = 0 if name in kinds else _CARRIERS.get(name)
        if index is None or len(node.args) <= index or (name == "add" and len(node.args) != 2):
            continue
        if _is_text(node.args[index]):
            found.append(node)
    return found


def test_no_refusal_in_the_core_is_english_text() -> None:
    """Every refusal the core raises (or lists) is a key and its values (``said(...)``), so it is
    said in the player's language: a message written as English text in place fails here."""
    found = [
        f"{path.relative_to(SERVICE.parent)}:{call.lineno}: {ast.unparse(call)[:80]}"
        for path in sorted((SERVICE / "core").rglob("*.py"))
        for call in _english_in(ast.parse(path.read_text()))
    ]
    assert found == []


def test_the_walk_finds_english_text() -> None:
    """The walk above sees each way of writing English in place, and passes words as data."""
    planted = (
        "raise IllegalAction(f'seat {seat} may not')\n"
        "raise InvalidState('bad' + x)\n"
        "_need(ok, 'a message')\n"
        "check.add('/x', 'text')\n"
        "raise IllegalAction(said('game_over'))\n"
        "seen.add('name')\n"
    )
    assert [ast.unparse(call) for call in _english_in(ast.parse(planted))] == [
        "IllegalAction(f'seat {seat} may not')",
        "InvalidState('bad' + x)",
        "_need(ok, 'a message')",
        "check.add('/x', 'text')",
    ]
