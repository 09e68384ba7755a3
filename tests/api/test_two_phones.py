"""Two phones out of order: a seat acts before it has caught up, then catches up by move number.

In the discard both seats are in ``to_act``, so the second phone often throws before it has
shown the first phone's throw. With ``since_move`` on ``/act`` its answer holds what it
missed, then its own move; a later catch-up that overlaps is told apart by each event's
``move``. Every event is shown once, in order, and the folded events are the views.
"""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.support.fold import FoldedTable

Json = dict[str, Any]


def post(client: FlaskClient, path: str, body: Json, status: int = 200) -> Json:
    response = client.post(path, json=body)
    assert response.status_code == status, response.get_json()
    answer: Json = response.get_json()
    return answer


def kinds(events: list[Json]) -> list[tuple[int, str]]:
    return [(event["move"], event["type"]) for event in events]


def test_a_phone_that_acts_before_catching_up_is_shown_everything_once(client: FlaskClient) -> None:
    # Seat 1 deals: seat 0 (the pone) and seat 1 both throw, in either order.
    game = post(client, "/v1/games", {"variant": "six_card", "seed": 8, "dealer": 1, "seat": 0}, 201)
    own = {entry["seat"]: entry["credential"] for entry in game["credentials"]["seats"]}
    phones = {seat: FoldedTable(seat, 2, False, 0) for seat in (0, 1)}
    shown: dict[int, list[Json]] = {0: [], 1: []}

    def show(seat: int, answer: Json) -> None:
        """The phone animates what it has not shown yet (by move number), then draws the view."""
        fresh = [event for event in answer["events"] if event["move"] > phones[seat].shown_up_to]
        shown[seat] += fresh
        phones[seat].take(answer["events"])
        phones[seat].check(answer["view"])

    assert game["view"]["to_act"] == [0, 1] and kinds(game["events"]) == [(0, "deal")]
    show(0, game)  # phone 0 started the game: it has shown the deal (move 0)
    first = post(client, "/v1/games/act", {"state": game["state"], "action": game["legal_actions"][0],
                                           "seat": 0, "credential": own[0], "since_move": 0})  # fmt: skip
    assert kinds(first["events"]) == [(1, "discard")] and first["view"]["move"] == 1
    show(0, first)

    # Phone 1 has shown nothing (not even its deal) and throws on the relay's latest state.
    hand = post(client, "/v1/games/view", {"state": first["state"], "seat": 1, "credential": own[1]})
    throw = hand["legal_actions"][0]
    second = post(client, "/v1/games/act", {"state": first["state"], "action": throw, "seat": 1,
                                            "credential": own[1], "since_move": -1})  # fmt: skip
    # Everything it missed, then its own move: its deal, the other's throw (a count only), its
    # own throw (its cards), and the cut that followed it.
    assert kinds(second["events"])[:4] == [(0, "deal"), (1, "discard"), (2, "discard"), (2, "starter")]
    assert second["events"][1] == {"type": "discard", "seat": 0, "count": 2, "move": 1}
    assert second["events"][2] == {"type": "discard", "seat": 1, "cards": throw["cards"], "move": 2}
    assert second["view"]["move"] == 2 and second["view"]["phase"] == "play"
    show(1, second)

    # Phone 0 catches up on /view; phone 1 asks again from a move it had already passed: the
    # overlap carries the numbers that tell it what it has shown.
    caught = post(client, "/v1/games/view", {"state": second["state"], "seat": 0, "credential": own[0],
                                             "since_move": 1})  # fmt: skip
    assert kinds(caught["events"])[:2] == [(2, "discard"), (2, "starter")]
    assert caught["events"][0] == {"type": "discard", "seat": 1, "count": 2, "move": 2}
    show(0, caught)
    again = post(client, "/v1/games/view", {"state": second["state"], "seat": 1, "credential": own[1],
                                            "since_move": 0})  # fmt: skip
    assert kinds(again["events"])[0] == (1, "discard")
    show(1, again)  # nothing new: all of it numbered at or below what phone 1 showed

    # The play: the seat to act moves, sometimes before catching up with the other's move.
    state, move = second["state"], second["view"]["move"]
    turn = second["view"]["turn"]
    while turn is not None and state and move < 12:
        legal = post(client, "/v1/games/view", {"state": state, "seat": turn, "credential": own[turn]})
        answer = post(client, "/v1/games/act", {"state": state, "action": legal["legal_actions"][0], "seat": turn,
                                                "credential": own[turn],
                                                "since_move": phones[turn].shown_up_to})  # fmt: skip
        assert all(event["move"] > phones[turn].shown_up_to for event in answer["events"])
        show(turn, answer)
        state, move, turn = answer["state"], answer["view"]["move"], answer["view"]["turn"]

    # Each phone has shown exactly what it would have, had it watched from the start.
    for seat in (0, 1):
        behind = post(client, "/v1/games/view", {"state": state, "seat": seat, "credential": own[seat],
                                                 "since_move": phones[seat].shown_up_to})  # fmt: skip
        show(seat, behind)
        whole = post(client, "/v1/games/view", {"state": state, "seat": seat, "credential": own[seat],
                                                "since_move": -1})  # fmt: skip
        assert shown[seat] == whole["events"]
        moves = [event["move"] for event in shown[seat]]
        assert moves == sorted(moves) and moves[-1] == whole["view"]["move"]


def test_since_move_on_act_is_bounded_by_the_state(client: FlaskClient) -> None:
    game = post(client, "/v1/games", {"variant": "six_card", "seed": 8, "dealer": 1, "seat": 0}, 201)
    body = {"state": game["state"], "action": game["legal_actions"][0], "seat": 0,
            "credential": game["credentials"]["table"]}  # fmt: skip
    refused = post(client, "/v1/games/act", body | {"since_move": 1}, 422)  # the state is at move 0
    assert refused["errors"][0]["pointer"] == "/since_move"
    # not a move refused (no legal_actions to offer): the token is older than what the phone showed
    assert refused["type"] == "urn:cribbage:problem:state-behind" and refused["move"] == 0
    assert "legal_actions" not in refused
    assert post(client, "/v1/games/act", body | {"since_move": -2}, 400)["errors"][0]["pointer"] == "/since_move"
    same = post(client, "/v1/games/act", body | {"since_move": 0})
    plain = post(client, "/v1/games/act", body)  # nothing missed: the plain answer (a token sealed anew)
    assert {**same, "state": ""} == {**plain, "state": ""}


def test_the_dealer_counting_by_hand_sees_the_crib_it_counts(client: FlaskClient) -> None:
    """Manual counting: the seat to count sees what it counts in ``counting`` (its kept hand;
    the dealer, last, the crib, which no one has seen: its own throw and the other's), and the
    other seat sees nothing there."""
    game = post(client, "/v1/games", {"variant": "six_card", "seed": 3, "dealer": 1, "seat": 1,
                                      "options": {"muggins": True}}, 201)  # fmt: skip
    table = game["credentials"]["table"]

    def seen(seat: int) -> Json:
        view: Json = post(client, "/v1/games/view", {"state": game["state"], "seat": seat, "credential": table})["view"]
        return view

    dealt: dict[int, list[str]] = {}
    cribs = 0
    while game["view"]["phase"] != "over" and cribs < 2:
        view = game["view"]
        if view["phase"] == "discard" and not any(view["discarded"]):
            dealt = {seat: seen(seat)["hand"] for seat in (0, 1)}
        if view["phase"] == "show" and view["claim"] is None:
            counter = view["turn"]
            assert seen(1 - counter)["counting"] is None
            mine = seen(counter)
            counting = mine["counting"]
            assert counting["seat"] == counter
            if counting["crib"]:
                assert counter == view["dealer"] and len(counting["cards"]) == 4
                thrown = {card for seat in (0, 1) for card in dealt[seat]} - {
                    card for hand in view["shown"] for card in hand["cards"]
                }
                assert set(counting["cards"]) == thrown  # the four cards the two seats threw
                cribs += 1
            else:
                assert sorted(counting["cards"]) == sorted(mine["hand"])
        game = post(client, "/v1/games/act", {"state": game["state"], "action": {"type": "auto", "seat": view["turn"]},
                                              "seat": 1, "credential": table})  # fmt: skip
    assert cribs == 2
