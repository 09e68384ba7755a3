"""Chance, made explicit: every shuffle and cut comes from the game's seed, never the global generator.

Each deal's shuffle comes from a ``random.Random`` seeded with the game's seed and the deal
number, and the cut for the first deal from the seed alone, so the same seed and the same
actions give the same game, card for card (OpenSpiel's explicit chance, without a chance
player: the seed lives in the sealed state). :func:`arrange_deck` builds a deck that deals
given hands, for scripted deals (tests, replays of games played with real cards).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..cards import DECK, Card, check_distinct
from ..errors import WrongCardCount
from ..refusals import said
from ..rules import Rules


def shuffled_deck(seed: int, deal_no: int) -> tuple[Card, ...]:
    """The deck for deal ``deal_no`` of the game with ``seed``: a fresh generator per deal.

    >>> shuffled_deck(1, 1) == shuffled_deck(1, 1) != shuffled_deck(1, 2)
    True
    """
    return tuple(_shuffled(random.Random(f"cribbage-deal:{seed}:{deal_no}"), DECK))


def _shuffled(rng: random.Random, cards: Sequence[Card]) -> list[Card]:
    """``cards`` shuffled as ``rng.shuffle`` shuffles them, written out over ``getrandbits``:
    the same Fisher-Yates steps and the same rejection of draws past the range (Python 3.11's
    ``shuffle`` and ``_randbelow_with_getrandbits``), without two method calls a card, which
    were two thirds of dealing a hand. Only ``getrandbits`` is promised to
    stay the same across Python versions; the deals of a seed now rest on it alone. A test holds
    this equal to ``random.shuffle``.
    """
    out = list(cards)
    getrandbits = rng.getrandbits
    for i in range(len(out) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        out[i], out[j] = out[j], out[i]
    return out


def cut_for_deal(rules: Rules, seed: int) -> tuple[int, list[list[tuple[int, Card]]]]:
    """Each player cuts a card; the lowest (``deal_cut_winner: high``: highest) rank deals.
    Players tied for it cut again, from a reshuffled pack; with ``deal_cut_ties: ten_cards``
    the ten-cards (10, J, Q, K) are equal in the cut, as the Dutch rule text has it. Returns the
    dealer and every round.

    >>> from ..rules import preset
    >>> dealer, rounds = cut_for_deal(preset("six_card"), 3)
    >>> dealer in (0, 1) and len(rounds[0]) == 2
    True
    """
    rng = random.Random(f"cribbage-cut:{seed}")
    contenders = list(range(rules.players))
    rounds: list[list[tuple[int, Card]]] = []
    while True:
        cards = rng.sample(DECK, len(contenders))
        this_round = list(zip(contenders, cards))
        rounds.append(this_round)
        weight = {card: card.value if rules.deal_cut_ties == "ten_cards" else card.rank for card in cards}
        best = min(weight.values()) if rules.deal_cut_winner == "low" else max(weight.values())
        contenders = [seat for seat, card in this_round if weight[card] == best]
        if len(contenders) == 1:
            return contenders[0], rounds


def arrange_deck(
    rules: Rules, dealer: int, hands: Sequence[Sequence[Card]], starter: Card, crib: Sequence[Card] = ()
) -> tuple[Card, ...]:
    """A deck that deals ``hands`` (each seat's dealt cards, in seat order), the crib card(s)
    from the pack, and turns ``starter``; the other cards follow in deck order. For scripted
    deals (tests, replays of real games): pass it to :func:`new_game` as ``deck``.

    >>> from ..rules import preset
    >>> from ..cards import parse_cards, parse_card
    >>> from .state import deal_cards, starter_of
    >>> deck = arrange_deck(preset("six_card"), 1, [parse_cards("AS 2S 3S 4S 5S 6S"),
    ...                     parse_cards("AH 2H 3H 4H 5H 6H")], parse_card("JD"))
    >>> [str(c) for c in deal_cards(preset("six_card"), deck, 1)[0]], str(starter_of(preset("six_card"), deck))
    (['AS', '2S', '3S', '4S', '5S', '6S'], 'JD')
    """
    players = rules.players
    if len(hands) != players or any(len(hand) != rules.cards_dealt for hand in hands):
        raise WrongCardCount(said("give_hands", players=players, cards=rules.cards_dealt), pointer="/hands")
    if len(crib) != rules.crib_from_deck:
        raise WrongCardCount(said("give_crib", count=rules.crib_from_deck), pointer="/crib")
    top: list[Card] = [DECK[0]] * (players * rules.cards_dealt)
    for seat, hand in enumerate(hands):
        for k, card in enumerate(hand):
            top[k * players + (seat - dealer - 1) % players] = card
    top.extend(crib)
    top.append(starter)
    check_distinct(top, lambda index: "/hands", "card_given_twice")
    used = set(top)
    return tuple(top) + tuple(card for card in DECK if card not in used)


__all__ = ["shuffled_deck", "cut_for_deal", "arrange_deck"]
