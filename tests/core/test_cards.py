"""Cards: every accepted spelling, the canonical form, the deck."""

from __future__ import annotations

import pytest

from service.core.cards import DECK, card_from_index, parse_card, parse_cards
from service.core.errors import InvalidCard


def test_the_deck_has_52_distinct_cards_with_dense_indices() -> None:
    assert len(DECK) == 52 == len(set(DECK))
    assert [card.index for card in DECK] == list(range(52))
    assert all(card_from_index(card.index) == card for card in DECK)


@pytest.mark.parametrize(
    ("text", "canonical", "value"),
    [
        ("AS", "AS", 1),
        ("as", "AS", 1),
        ("10h", "10H", 10),
        ("TH", "10H", 10),
        ("tc", "10C", 10),
        ("JD", "JD", 10),
        ("qc", "QC", 10),
        ("KS", "KS", 10),
        ("9d", "9D", 9),
        ("2C", "2C", 2),
    ],
)
def test_spellings(text: str, canonical: str, value: int) -> None:
    card = parse_card(text)
    assert str(card) == canonical and card.value == value


@pytest.mark.parametrize("text", ["", "1S", "11H", "AX", "A", "10", "5H ", " 5H", "5H\n", "JOKER", "0S", "1OH"])
def test_not_cards(text: str) -> None:
    with pytest.raises(InvalidCard):
        parse_card(text)


def test_every_canonical_string_round_trips() -> None:
    assert all(parse_card(str(card)) == card for card in DECK)


def test_parse_cards_splits_strings() -> None:
    assert [str(c) for c in parse_cards("5h, 6d 10C")] == ["5H", "6D", "10C"]
