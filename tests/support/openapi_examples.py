"""The answer examples of ``openapi.yaml``: real answers of the service, not made up.

Each operation's success answer is shown in ``/docs`` (and in generated clients' docs) from
``components.examples``; this module makes them by sending each operation's first request
example to the in-process app (a game operation gets a real game's token first) and writes
them at the end of ``openapi.yaml`` between two marker lines:

    python -m tests.support.openapi_examples --write   # after a change to an answer's shape

``tests/contract/test_contract.py`` checks that the block is what this makes now (so the examples stay
real) and that every example is valid against its schema. Game tokens are sealed with the test
key, a fixed IV and time, and a fixed game id, so the block is the same on every run.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import yaml

from tests.support.contract import example_value, openapi_document

ROOT = Path(__file__).resolve().parents[2]
SPEC_FILE = ROOT / "openapi.yaml"
BEGIN = (
    "  # --- answer examples: written by `python -m tests.support.openapi_examples --write`; do not edit by hand ---"
)
END = "  # --- end of answer examples ---"
TEXT_FORMATS = {"text/csv": "Csv", "text/html": "Html"}  # answers offered beside JSON: an example of each


@contextmanager
def deterministic_games() -> Iterator[None]:
    """Fixed game ids and secrets, and byte-stable tokens, while the examples are made."""
    from service.api import seats
    from service.api.state_token import StateSealer

    def seal(self: StateSealer, data: dict[str, Any]) -> str:
        return self.seal_at(data, 1796083200, b"\0" * 12)

    saved = seats.new_game_id, StateSealer.seal, seats.GameSecret.fresh
    seats.new_game_id = lambda: "example-game-0001"  # type: ignore[assignment]
    StateSealer.seal = seal  # type: ignore[method-assign]
    seats.GameSecret.fresh = classmethod(lambda cls: cls(b"\1" * seats.SECRET_BYTES))  # type: ignore[method-assign,assignment]
    try:
        yield
    finally:
        seats.new_game_id, StateSealer.seal, seats.GameSecret.fresh = saved  # type: ignore[method-assign]


def _first_request(operation: dict[str, Any]) -> Any:
    examples = operation["requestBody"]["content"]["application/json"]["examples"]
    return example_value(openapi_document(), next(iter(examples.values())))


# The request examples of the game operations: real bodies (a state token sealed with the test
# key, a real credential), made from the example games below. A server with another key refuses
# the token (400): a client sends the state and credential its own game gave it.
GAME_REQUESTS = {
    "actGameDiscard": "Seat 1 throws two cards (a real token and credential of an example game)",
    "actGamePlay": "Seat 1 plays a card",
    "actGameAuto": "The computer chooses seat 1's move",
    "actGameConcede": "Seat 1 concedes the game: the other side wins a plain game (docs/rules.md 8.4)",
    "viewGameSeat": "Seat 1's view (a real token and credential of an example game)",
    "viewGameSpectator": "A spectator's view: the token alone",
    "gameHistorySeat": "Seat 1's finished deals (a real token and credential of an example game)",
    "recordGameFinished": "A finished game's state (a real token of an example game)",
    "nextGameOfMatch": "The first game of a best of three is over: start the second (a real token and credential)",
    "gameHintsDiscard": "Seat 1 is to throw to the crib: its options, ranked (a real token and credential)",
    "gameHintsPlay": "Seat 1 is to lead: its cards, ranked",
    "gameReviewFinished": "Seat 1's decisions in a finished two-deal game (a real token and credential)",
}
GAME_ANSWERS = {
    "/v1/games/act": "actGameDiscard",
    "/v1/games/view": "viewGameSeat",
    "/v1/games/history": "gameHistorySeat",
    "/v1/games/record": "recordGameFinished",
    "/v1/games/next-game": "nextGameOfMatch",
    "/v1/games/hints": "gameHintsDiscard",
    "/v1/games/review": "gameReviewFinished",
}


def examples() -> dict[str, Any]:
    """``{<operationId>Answer: {summary, value}}`` for every operation with a JSON success
    answer, and the game operations' request examples (:data:`GAME_REQUESTS`)."""
    from service.api.app import create_app
    from service.api.config import Config
    from tests.support.keys import TEST_STATE_KEY

    spec = openapi_document()
    out: dict[str, Any] = {}
    with deterministic_games():
        client = create_app(Config(testing=True, access_log=False, state_keys=(TEST_STATE_KEY,))).test_client()
        started = client.post(
            "/v1/games", json={"variant": "six_card", "seed": 42, "dealer": 0, "seat": 1, "computer": [{"seat": 0}]}
        ).get_json()
        table = started["credentials"]["table"]
        seat = {"seat": 1, "credential": table}
        discard = started["legal_actions"][0]
        played = client.post("/v1/games/act", json={"state": started["state"], "action": discard, **seat}).get_json()
        # the record's example: a short game (two deals), so the example stays readable
        finished = client.post(
            "/v1/games",
            json={
                "variant": "six_card",
                "seed": 42,
                "dealer": 0,
                "seat": 1,
                "options": {"fixed_deals": 2},
                "computer": [{"seat": 0}],
            },
        ).get_json()
        finished_seat = {"seat": 1, "credential": finished["credentials"]["table"]}
        while finished["view"]["phase"] != "over":
            finished = client.post(
                "/v1/games/act",
                json={"state": finished["state"], **finished_seat, "action": {"type": "auto", "seat": 1}},
            ).get_json()
        # the next game's example: the first game of a best of 3, played out by the computer
        match = client.post(
            "/v1/games",
            json={
                "variant": "six_card",
                "seed": 43,
                "dealer": 0,
                "seat": 1,
                "computer": [{"seat": 0}],
                "match": {"format": "best_of", "length": 3},
            },
        ).get_json()
        match_seat = {"seat": 1, "credential": match["credentials"]["table"]}
        while match["view"]["phase"] != "over":
            match = client.post(
                "/v1/games/act", json={"state": match["state"], **match_seat, "action": {"type": "auto", "seat": 1}}
            ).get_json()
        requests = {
            "actGameDiscard": {"state": started["state"], "action": discard, **seat},
            "actGamePlay": {"state": played["state"], "action": played["legal_actions"][0], **seat},
            "actGameAuto": {"state": played["state"], "action": {"type": "auto", "seat": 1}, **seat},
            "actGameConcede": {"state": played["state"], "action": {"type": "concede", "seat": 1}, **seat},
            "viewGameSeat": {"state": started["state"], **seat},
            "viewGameSpectator": {"state": started["state"]},
            "gameHistorySeat": {"state": finished["state"], **finished_seat},
            "recordGameFinished": {"state": finished["state"]},
            "nextGameOfMatch": {"state": match["state"], **match_seat},
            "gameHintsDiscard": {"state": started["state"], **seat},
            "gameHintsPlay": {"state": played["state"], **seat},
            "gameReviewFinished": {"state": finished["state"], **finished_seat},
        }
        for name, body in requests.items():
            out[name] = {"summary": GAME_REQUESTS[name], "value": body}
        for path, methods in spec["paths"].items():
            for method, operation in methods.items():
                success = next((a for s, a in operation["responses"].items() if s.startswith("2")), {})
                if "application/json" not in success.get("content", {}):
                    continue
                if method == "get":
                    response = client.get(path)
                else:
                    body = requests[GAME_ANSWERS[path]] if path in GAME_ANSWERS else _first_request(operation)
                    response = client.post(path, json=body)
                assert response.status_code < 300, (path, response.get_json())
                out[operation["operationId"] + "Answer"] = {
                    "summary": f"A real answer of {method.upper()} {path}",
                    "value": response.get_json(),
                }
                # The same answer as a spreadsheet or a page, for operations that offer them.
                for media, suffix in TEXT_FORMATS.items():
                    if media in success["content"]:
                        response = client.post(path, json=body, headers={"Accept": media})
                        assert response.status_code < 300 and response.mimetype == media, path
                        out[operation["operationId"] + suffix] = {
                            "summary": f"A real answer of {method.upper()} {path} as {media}",
                            "value": response.get_data(as_text=True),
                        }
    return out


def block() -> str:
    """The examples block, as it stands at the end of ``openapi.yaml``."""
    text = yaml.safe_dump({"examples": examples()}, sort_keys=True, width=1000, allow_unicode=True)
    indented = "\n".join("  " + line if line else line for line in text.splitlines())
    return f"{BEGIN}\n{indented}\n{END}\n"


def current_block(text: str) -> str | None:
    start, end = text.find(BEGIN), text.find(END)
    return None if start < 0 or end < 0 else text[start : end + len(END)] + "\n"


def write() -> None:
    text = SPEC_FILE.read_text()
    old = current_block(text)
    new = block()
    text = text.replace(old, new) if old is not None else text.rstrip("\n") + "\n" + new
    SPEC_FILE.write_text(text)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help="rewrite the block in openapi.yaml")
    arguments = parser.parse_args()
    if arguments.write:
        write()
    else:
        print(json.dumps(examples(), indent=1)[:2000])
