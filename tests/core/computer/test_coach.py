"""Hints and game reviews in the core, against independent expectations: the worked discard
cases (5-5-5-J keeps), hand-built play positions checked against a brute force over every hand
the opponent could hold (scored by the plain reference, not the service's scorer), the exact
count from the reference scorer, and reviews of games whose moves we chose."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest

from service.core.cards import DECK, Card, parse_card, parse_cards
from service.core.computer.advice import discard_advice
from service.core.computer.coach import hints, move_value
from service.core.computer.coach_pegging import pegging_deals, pegging_estimates, shape, simulate
from service.core.computer.crib_tables import MULTISETS
from service.core.computer.pegging_table import TABLES
from service.core.computer.play import apply, choose, new_game
from service.core.computer.review import COMPARED_WITH, compared_move, review
from service.core.errors import GameNotOver, GameOver, IllegalAction
from service.core.game.actions import Action
from service.core.game.chance import arrange_deck
from service.core.game.engine import apply as engine_apply
from service.core.game.engine import may_act
from service.core.game.events import Score
from service.core.game.state import GameState, deal_cards, shown_cards
from service.core.rules import preset, resolve
from tests.support.population import greedy_balance
from tests.support.reference import card as ref_show_card
from tests.support.reference import reference_total
from tests.support.reference_play import ref_card, ref_peg


def scripted(
    hands: list[str], starter: str, dealer: int = 0, variant: str = "six_card", options: dict[str, object] | None = None
) -> GameState:
    rules = resolve(variant, options or {})
    deck = arrange_deck(rules, dealer, [parse_cards(h) for h in hands], parse_card(starter))
    state, _ = new_game(rules, 1, dealer, deck=deck)
    return state


def act(state: GameState, action: Action) -> GameState:
    state, _ = apply(state, action)
    return state


# --- discard ------------------------------------------------------------------------------------


@pytest.mark.parametrize("extra", ["2H 7S", "AD 8C", "3S 8H", "2C 9D", "7H AS"])
@pytest.mark.parametrize("dealer", [0, 1])
def test_the_advised_five_five_five_jack_keep_is_hinted_first(extra: str, dealer: int) -> None:
    """The worked advice case (tests/core/computer/test_advice.py): 5-5-5-J with two cards that do not help is
    kept, as dealer or pone; the other seat's cards are whatever is left."""
    mine = parse_cards("5S 5H 5D JC " + extra)
    rest = [c for c in DECK if c not in mine]
    state = scripted([" ".join(str(c) for c in mine), " ".join(str(c) for c in rest[:6])], str(rest[6]), dealer)
    advice = hints(state, 0)
    best = advice.moves[0]
    assert advice.phase == "discard" and advice.crib_owner == ("self" if dealer == 0 else "opponent")
    assert best.discard is not None and {str(c) for c in best.discard.keep} == {"5S", "5H", "5D", "JC"}
    assert sorted(str(c) for c in best.action.cards) == sorted(extra.split())
    assert best.discard.hand_min == 14 and best.discard.hand_max == 29
    assert best.discard.hand == Fraction(383, 23) if extra == "2H 7S" else True


@pytest.mark.parametrize(
    ("cards", "variant", "seat", "dealer"),
    [
        ("7H 8D 9C KS 2H 3D", "six_card", 1, 0),  # the API's pone example
        ("5S 6H 4D JC 9S", "five_card", 1, 0),
        ("4H 5H 6C 10D KS", "four_player", 1, 3),  # the partner deals
    ],
)
def test_discard_hints_are_the_advice_in_its_order_with_pegging_beside(
    cards: str, variant: str, seat: int, dealer: int
) -> None:
    rules = preset(variant)
    mine = parse_cards(cards)
    rest = [c for c in DECK if c not in mine]
    hands = []
    for s in range(rules.players):
        hands.append(cards if s == seat else " ".join(str(c) for c in rest[: rules.cards_dealt]))
        if s != seat:
            rest = rest[rules.cards_dealt :]
    state = scripted(hands, str(rest[0]), dealer, variant)
    partner = rules.partnerships and rules.side_of(seat) == rules.side_of(dealer) and seat != dealer
    advice = discard_advice(mine, seat == dealer, rules, partner_deals=partner)
    got = hints(state, seat).moves
    assert [tuple(sorted(h.action.cards)) for h in got] == [tuple(sorted(o.discard)) for o in advice.options]
    for hint, option in zip(got, advice.options, strict=True):
        assert hint.discard is not None
        assert (hint.value, hint.discard.hand, hint.discard.crib) == (option.net, option.hand, option.crib)
        assert hint.discard.pegging is not None  # beside every move
        assert hint.discard.with_pegging == option.net + hint.discard.pegging
        assert -12 < hint.discard.pegging < 12


def test_the_pegging_simulation_scores_a_play_by_the_rules() -> None:
    """Hand-played: pone leads 10, dealer pairs it (2); pone plays 5 (25); dealer's 5 pairs (2)
    and is the last card (1). Then a 31 and a new count; then the five-card game's single count."""
    assert simulate([(10, 5), (10, 5)], 0, False) == [0, 5]
    # pone K, dealer 5 (15: 2), pone K (25), dealer 6 (31: 2); new count: pone 3, dealer 4... last card 1
    assert simulate([(13, 13, 3), (5, 6, 4)], 0, False) == [0, 2 + 2 + 1]
    # one count only: pone 10, dealer 5 (15: 2), pone 10 (25), dealer 5 (30, no pair: a 10 between);
    # nobody fits under 31: one for the go to the dealer, and the play ends
    assert simulate([(10, 10, 10), (5, 5, 5)], 0, True) == [0, 3]


@pytest.mark.parametrize("keep", ["5S 5H 10D JC", "AC 3D 9H KS", "7H 8D 8C 9S"])
def test_the_two_player_pegging_estimate_is_the_mean_over_every_hand_the_other_may_hold(keep: str) -> None:
    """The six-card estimate, recomputed here from every card set of four of the 48 cards not kept
    (counted by their ranks), each played out by the population's own greedy player."""
    kept = parse_cards(keep)
    ranks = tuple(sorted(c.rank for c in kept))
    others = Counter(
        tuple(sorted(c.rank for c in hand)) for hand in combinations([c for c in DECK if c not in kept], 4)
    )
    assert sum(others.values()) == comb(48, 4)
    leading = Fraction(sum(n * greedy_balance(ranks, other) for other, n in others.items()), comb(48, 4))
    dealing = Fraction(sum(-n * greedy_balance(other, ranks) for other, n in others.items()), comb(48, 4))
    six = preset("six_card")
    assert pegging_estimates(six, [kept], seat=1, dealer=0) == [leading]  # the pone leads
    assert pegging_estimates(six, [kept], seat=0, dealer=0) == [dealing]
    assert pegging_deals(six) == comb(48, 4)


@pytest.mark.parametrize("variant", ["three_player", "four_player", "four_player_individual"])
def test_the_pegging_estimate_of_three_or_four_players_weighs_each_real_seat_by_its_side(variant: str) -> None:
    """The table's deals of the other hands (the builder's generator), replayed here at the real
    seats: the kept cards at ``seat``, the other hands at the seats after it, the seat after the
    dealer leading, each seat's points for its side by ``rules.side_of`` (partners 0 and 2). A
    wrong place in the order or a wrong side (the individual row for partners) differs."""
    from tools.tables.build_pegging_table import DEALS, SEED

    rules = preset(variant)
    players, size = rules.players, rules.hand_size
    index = 7
    ranks = MULTISETS[size][index]
    kept = [next(c for c in DECK if c.rank == r and c.suit == suit) for r, suit in zip(ranks, "CDHS", strict=False)]
    assert tuple(sorted(c.rank for c in kept)) == ranks
    pool = [c.rank for c in DECK if c not in kept]
    for dealer in range(players):
        for seat in range(players):
            rng = random.Random(f"{SEED}/{players}/{index}")
            total = 0
            for _ in range(DEALS):
                picked = rng.sample(pool, size * (players - 1))
                hands: list[tuple[int, ...]] = [()] * players
                hands[seat] = ranks
                for k in range(players - 1):
                    hands[(seat + 1 + k) % players] = tuple(picked[k * size : (k + 1) * size])
                points = simulate(hands, (dealer + 1) % players, rules.single_count_play)
                mine = rules.side_of(seat)
                total += sum(p * (rules.sides - 1 if rules.side_of(w) == mine else -1) for w, p in enumerate(points))
            expected = Fraction(total, DEALS * (rules.sides - 1))
            assert pegging_estimates(rules, [kept], seat=seat, dealer=dealer) == [expected], (seat, dealer)


@pytest.mark.parametrize("variant", ["six_card", "five_card", "three_player", "four_player", "four_player_individual"])
def test_the_shipped_pegging_table_is_what_its_builder_makes(variant: str) -> None:
    """Rows of the generated table, rebuilt one by one (each is seeded alone), and the shapes'
    denominators: the shipped module is the builder's output, not an edited copy."""
    from tools.tables import build_pegging_table as builder

    rules = preset(variant)
    denominator, deals, rows = TABLES[shape(rules)]
    assert (denominator, deals) == builder.denominator(rules, builder.DEALS)
    assert len(rows) == len(MULTISETS[rules.hand_size]) and all(len(row) == rules.players for row in rows)
    for index in (0, 7, len(rows) // 2, len(rows) - 1):
        assert rows[index] == builder.row(rules, index), index


# --- play ---------------------------------------------------------------------------------------


def in_play(hands: list[str], discards: list[str], plays: list[str], starter: str = "KC") -> GameState:
    state = scripted(hands, starter)
    for seat, thrown in enumerate(discards):
        state = act(state, Action("discard", seat, cards=parse_cards(thrown)))
    for text in plays:
        state = act(state, Action("play", state.play.turn if state.play else 0, card=parse_card(text)))
    return state


def brute_reply(state: GameState, seat: int, card: Card) -> tuple[Fraction, Fraction]:
    """Every hand the next opponent could hold (of the size it holds, from the cards the seat
    has not seen), its best reply scored by the plain reference: the mean and P(>= 2)."""
    play = state.play
    assert play is not None and state.starter is not None
    seen = set(dealt_to(state, seat)) | set(play.played) | {state.starter}
    unseen = [c for c in DECK if c not in seen]
    opponent = 1 - seat
    pile = [ref_card(str(c)) for c in (*play.pile, card)]
    count = sum(min(r, 10) for r, _ in pile)
    total = risky = hands = 0
    for holding in combinations(unseen, play.held[opponent]):
        best = max((ref_peg([*pile, ref_card(str(c))]) for c in holding if count + c.value <= 31), default=0)
        total += best
        risky += best >= 2
        hands += 1
    return Fraction(total, hands), Fraction(risky, hands)


def dealt_to(state: GameState, seat: int) -> tuple[Card, ...]:
    return deal_cards(state.rules, state.deck, state.dealer)[seat]


def test_a_card_making_fifteen_ranks_above_one_that_scores_nothing() -> None:
    # dealer 0, pone 1 leads 10S; the dealer holds 5H and 2C (and two tens kept)
    state = in_play(["5H 2C QD KD 3S 4S", "10S 9C 8C 7D AH AD"], ["3S 4S", "AH AD"], ["10S"])
    advice = hints(state, 0)
    by_card = {str(h.action.card): h for h in advice.moves}
    assert by_card["5H"].play is not None and by_card["5H"].play.points == 2
    assert by_card["2C"].play is not None and by_card["2C"].play.points == 0
    order = [str(h.action.card) for h in advice.moves]
    assert order.index("5H") < order.index("2C")
    for text in ("5H", "2C"):
        hint = by_card[text]
        reply, risk = brute_reply(state, 0, parse_card(text))
        assert hint.play is not None and (hint.play.reply, hint.play.risk) == (reply, risk)
        assert hint.value == hint.play.points - reply


def test_a_card_leaving_twenty_one_shows_the_risk_of_a_ten_card_making_thirty_one() -> None:
    # pone 1 leads 4D, dealer plays 10H (14); pone holds 7C: 21, and the dealer holds 3 unseen cards
    state = in_play(["10H QS 6C 5C 2S 3S", "4D 7C 9H AS KH KS"], ["2S 3S", "KH KS"], ["4D", "10H"], starter="8D")
    advice = hints(state, 1)
    seven = next(h for h in advice.moves if str(h.action.card) == "7C")
    assert seven.play is not None and seven.play.count == 21 and seven.play.replier == 0
    reply, risk = brute_reply(state, 1, parse_card("7C"))
    assert (seven.play.reply, seven.play.risk) == (reply, risk)
    # at least the chance of holding a ten-card (which makes 31): 16 less the 10H and the pone's KH KS
    unseen = 52 - 6 - 1 - 1  # the pone's dealt cards, the starter, the dealer's 10H
    tens = 16 - 1 - 2
    assert seven.play.risk >= 1 - Fraction(comb(unseen - tens, 3), comb(unseen, 3))
    assert any("chance" in str(reason) for reason in seven.reasons)


@pytest.mark.parametrize("variant", ["six_card", "five_card", "three_player"])
def test_a_go_the_seat_is_sure_of_counts_in_its_cards_points(variant: str) -> None:
    """When every other seat is out of cards or has said go, whether the count ends on a card
    (a go, or the last card) follows from the seat's own hand: the hint's points are then exactly
    what the engine pegs for that card (it used to leave the go out: "scores nothing")."""
    checked = 0
    for seed in range(30):
        state, _ = new_game(resolve(variant), seed, 0)
        while not state.over and state.phase in ("discard", "play"):
            seat = may_act(state)[0]
            play = state.play
            if state.phase == "play" and play is not None:
                others = [s for s in range(state.rules.players) if s != seat]
                if all(play.held[s] == 0 or play.passed[s] for s in others):
                    for hint in hints(state, seat).moves:
                        after, events = engine_apply(state, hint.action)
                        if after.over:
                            continue  # the points that win stop there (a last card after them is not pegged)
                        pegged = sum(
                            e.points
                            for e in events
                            if isinstance(e, Score) and e.seat == seat and e.score_kind in ("play", "go", "last_card")
                        )
                        assert hint.play is not None and hint.play.points == pegged, (seed, hint.action)
                        checked += 1
            state = act(state, Action("auto", seat))
    assert checked > 40


# --- counting -----------------------------------------------------------------------------------


def test_manual_counting_hints_the_exact_count_then_the_muggins_call() -> None:
    state, _ = new_game(resolve("six_card", {"muggins": True}), seed=8, dealer=0)
    seen = 0
    while not state.over and seen < 4:
        seat = may_act(state)[0]
        if state.phase == "show" and state.claim is None:
            advice = hints(state, seat)
            _, is_crib, cards = shown_cards(state, state.show_step)
            assert state.starter is not None
            exact = reference_total([ref_show_card(str(c)) for c in cards], ref_show_card(str(state.starter)), is_crib)
            assert advice.moves[0].action == Action("count", seat, claimed=exact)
            state = act(state, Action("count", seat, claimed=max(0, exact - 2)))  # an under-claim
            answer = hints(state, may_act(state)[0])
            missed = exact - max(0, exact - 2)
            first = answer.moves[0].action
            assert answer.phase == "muggins"
            assert first == (Action("muggins", first.seat, points=missed) if missed else Action("accept", first.seat))
            seen += 1
        else:
            state = act(state, Action("auto", seat))


def test_a_seat_that_may_not_act_and_a_finished_game_are_refused() -> None:
    state, _ = new_game(preset("six_card"), seed=2, dealer=0)
    state = act(state, Action("auto", 1))
    with pytest.raises(IllegalAction, match="seat 1 may not act now: waiting for the discard of seat 0"):
        hints(state, 1)
    done, _ = new_game(resolve("six_card", {"fixed_deals": 2}), seed=2, dealer=0)
    while not done.over:
        done = act(done, Action("auto", may_act(done)[0]))
    with pytest.raises(GameOver):
        hints(done, 0)


# --- review -------------------------------------------------------------------------------------


def finished(moves: dict[int, Action] | None = None, seed: int = 6) -> GameState:
    """A whole two-player game of 121, every move the comparison player's unless ``moves``
    names another for that move number."""
    state, _ = new_game(preset("six_card"), seed=seed, dealer=0)
    while not state.over:
        seat = may_act(state)[0]
        state = act(state, (moves or {}).get(state.moves + 1, compared_move(state, seat)))
    return state


def test_a_seat_that_always_made_the_comparison_players_move_lost_nothing() -> None:
    state = finished()
    for seat in (0, 1):
        done = review(state, seat)
        assert done.compared_with == COMPARED_WITH
        assert done.lost == 0 and all(d.lost == 0 and d.made == d.compared for d in done.decisions)
        phases = {p.phase: p for p in done.phases}
        assert phases["discard"].decisions == state.deal_no or phases["discard"].decisions == state.deal_no - 1
        assert phases["play"].decisions > 0


@pytest.mark.parametrize(
    ("variant", "options", "seed"),
    [
        ("six_card", {}, 4),  # two whole games to 121, each seat following the hints once
        ("six_card", {"muggins": True}, 5),
        ("five_card", {"fixed_deals": 4}, 6),
        ("four_player", {"fixed_deals": 4, "muggins": True}, 7),
    ],
)
def test_a_seat_that_always_takes_the_first_hint_loses_nothing_in_its_review(
    variant: str, options: dict[str, object], seed: int
) -> None:
    """Hints and the review agree: one seat takes the first hint at every decision (the others
    are the computer at ``standard``, a different player), its review shows no point lost, and
    every move it made is the comparison player's (the first hint is that player's move, not
    only a move the ranking rates as high: the top card by net loses nothing by the ranking,
    yet ``hard`` often plays another)."""
    follower = seed % 2
    state, _ = new_game(resolve(variant, options), seed=seed, dealer=0)
    followed = 0
    while not state.over:
        seat = may_act(state)[0]
        if seat == follower:
            state = act(state, hints(state, seat).moves[0].action)
            followed += 1
        else:
            state = act(state, Action("auto", seat))
    done = review(state, follower)
    assert len(done.decisions) == followed > 8
    assert done.lost == 0 and all(d.lost == 0 for d in done.decisions)
    assert all(d.made == d.compared for d in done.decisions)


def test_a_bad_throw_loses_what_the_advice_says_at_that_decision() -> None:
    start, _ = new_game(preset("six_card"), seed=6, dealer=0)
    advice = discard_advice(start.hands[1], False, preset("six_card"))
    worst = advice.options[-1]
    state = finished({1: Action("discard", 1, cards=worst.discard)})
    done = review(state, 1)
    first = done.decisions[0]
    assert first.move == 1 and first.phase == "discard" and first.made.cards == worst.discard
    assert first.compared.cards == advice.best.discard
    assert first.lost == advice.best.net - worst.net > 0
    assert {p.phase: p.lost for p in done.phases}["discard"] == first.lost
    assert sum(d.lost for d in done.decisions[1:]) == 0


def test_a_bad_card_loses_points_at_that_decision() -> None:
    """At the first position where the comparison player's card scores (a 15, a 31, a pair...),
    play a card that scores nothing instead: that decision loses points."""
    state, _ = new_game(preset("six_card"), seed=9, dealer=0)
    bad: Action | None = None
    while not state.over:
        seat = may_act(state)[0]
        move = compared_move(state, seat)
        if bad is None and seat == 1 and state.phase == "play":
            hinted = {str(h.action.card): h for h in hints(state, 1).moves}
            good = hinted[str(move.card)]
            worse = [h for h in hinted.values() if h.value < good.value]
            if good.play and good.play.points >= 2 and worse:
                bad = worse[0].action
                move = bad
        state = act(state, move)
    assert bad is not None
    done = review(state, 1)
    lost = [d for d in done.decisions if d.lost]
    assert [d.made for d in lost] == [bad]
    assert lost[0].lost == lost[0].compared_value - lost[0].made_value > 0


def test_a_review_needs_a_finished_game_and_values_match_the_hints() -> None:
    state, _ = new_game(preset("six_card"), seed=3, dealer=0)
    with pytest.raises(GameNotOver):
        review(state, 0)
    while state.phase != "play" or state.over:
        state = act(state, Action("auto", may_act(state)[0]))
    seat = may_act(state)[0]
    for hint in hints(state, seat).moves:
        assert move_value(state, hint.action) == hint.value
    assert move_value(state, choose(state, seat)) in {h.value for h in hints(state, seat).moves}


def test_an_under_claim_loses_the_points_missed_and_what_muggins_gives_away() -> None:
    """Seat 1 (the pone, first to count) claims 2 less than its hand scores: it pegs 2 less and
    the dealer may take the 2 by muggins, a swing of 4; the exact claims lose nothing."""
    state, _ = new_game(resolve("six_card", {"muggins": True, "fixed_deals": 2}), seed=8, dealer=0)
    under: Action | None = None
    while not state.over:
        seat = may_act(state)[0]
        move = compared_move(state, seat)
        if under is None and move.type == "count" and seat == 1 and (move.claimed or 0) >= 2:
            under = move = Action("count", 1, claimed=(move.claimed or 0) - 2)
        state = act(state, move)
    assert under is not None
    done = review(state, 1)
    counted = [d for d in done.decisions if d.phase == "count"]
    assert [d.lost for d in counted if d.made == under] == [4]
    assert all(d.lost == 0 for d in done.decisions if d.made != under)
    assert {p.phase for p in done.phases} >= {"discard", "play", "count"}
