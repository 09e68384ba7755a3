"""A complete client in one file: play a game of cribbage against the computer, over HTTP.

    python examples/play_against_the_computer.py --url http://127.0.0.1:8000 [--seed 7] [--lang sv]

It is the game loop a front-end runs (docs/client-guide.md): start a game with the computer on
the other seat, keep the seat credential the answer hands out, then for each decision draw the
events in order (here: print what was said), then the view, and send one move. The server
plays the computer's moves and every forced step in between, so there is exactly one request
per decision. Standard library only; moves are chosen by a simple rule (the first legal one),
where a real app asks its player.
"""

from __future__ import annotations

import argparse
import json
import sys
import urllib.request
from typing import Any


def post(url: str, path: str, body: dict[str, Any], lang: str) -> dict[str, Any]:
    request = urllib.request.Request(
        f"{url}{path}?lang={lang}", data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        answer: dict[str, Any] = json.loads(response.read())
        return answer


def describe(event: dict[str, Any]) -> str | None:
    """One line for an event worth telling the player about."""
    if event["type"] == "score":
        return f"seat {event['seat']}: {event['spoken']} ({event['front']})"
    if event["type"] == "starter":
        return f"the starter is {event['card']}"
    if event["type"] == "game_over":
        return "the game is over: " + ("a draw" if event["draw"] else f"side {event['winner']} wins")
    return None


def play(url: str, seed: int | None, lang: str, out: Any = sys.stdout) -> dict[str, Any]:
    body: dict[str, Any] = {"variant": "six_card", "seat": 0, "computer": [{"seat": 1, "level": "standard"}]}
    if seed is not None:
        body["seed"] = seed
    game = post(url, "/v1/games", body, lang)
    credential = game["credentials"]["seats"][0]["credential"]  # keep it secret: it is seat 0's hand
    requests = 1
    while True:
        for event in game["events"]:  # replay what happened, in order, before drawing the view
            line = describe(event)
            if line:
                print(line, file=out)
        view = game["view"]
        if view["phase"] == "over":
            print(f"{requests} requests, move {view['move']}", file=out)
            return game
        move = game["legal_actions"][0]  # a real app lets its player choose among legal_actions
        game = post(
            url, "/v1/games/act", {"state": game["state"], "action": move, "seat": 0, "credential": credential}, lang
        )
        requests += 1


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    parser.add_argument("--seed", type=int)
    parser.add_argument("--lang", default="en", choices=["en", "sv", "da", "de", "nl"])
    arguments = parser.parse_args()
    play(arguments.url, arguments.seed, arguments.lang)
