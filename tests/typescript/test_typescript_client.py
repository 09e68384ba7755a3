"""A TypeScript client generated from ``openapi.yaml`` compiles strictly and plays a live server.

What a front-end team does with the contract: openapi-typescript (default settings) turns
``openapi.yaml`` into types, openapi-fetch calls the service with them, and ``tsc --strict
--noUncheckedIndexedAccess --exactOptionalPropertyTypes`` compiles the client (``src/``) and the
request examples of the README and the client guide as written (``doc_examples.py``). Then node
runs the client against gunicorn on loopback:

- ``computer``: a whole game against the computer, one request per decision;
- ``resend``: a move the rules refuse (a play while the crib waits for the discard) is a 422 whose
  ``legal_actions`` the client sends back as they are;
- ``phones``: two phones through a relay, each with its own seat's credential only; at every
  discard the second phone throws before it has shown the first one's throw, and catches up by move
  number (``since_move`` on ``/v1/games/act`` and ``/v1/games/view``, ``move`` on every event); each
  phone animates every event once, in order, never sees the other's cards, and its events equal the
  game replayed for its seat from the opening.

The tools are pinned in ``package-lock.json`` and installed by ``npm ci`` (``make test-typescript``,
part of ``make check``); the tests carry the ``typescript`` marker. One tsc run compiles everything
(tsc writes the JavaScript even for a file with type errors), and each test fails on the errors of
the files it depends on: no scenario runs from a file that does not type-check. The contract's own
request examples are compiled the same way.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.support.servers import Gunicorn
from tests.typescript import doc_examples

pytestmark = pytest.mark.typescript

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
DOCUMENTS = ("README.md", "docs/client-guide.md")
TSC_FLAGS = ("--strict", "--noUncheckedIndexedAccess", "--exactOptionalPropertyTypes")
TSC_ERROR = re.compile(r"^(\S+)\((\d+),\d+\): error (TS\d+: .*)$")
SEED = "7"


@dataclass(frozen=True)
class Compiled:
    errors: dict[str, list[str]]  # file (relative to tests/typescript) -> tsc's messages
    examples: list[doc_examples.Example]


def installed() -> None:
    """``npm ci`` has installed exactly the locked versions of the tools (``make test-typescript``)."""
    lock = json.loads((HERE / "package-lock.json").read_text())["packages"]
    for name in lock[""]["dependencies"] | lock[""]["devDependencies"]:
        manifest = HERE / "node_modules" / name / "package.json"
        found = json.loads(manifest.read_text())["version"] if manifest.exists() else "nothing"
        assert found == lock[f"node_modules/{name}"]["version"], f"{name}: {found}; run `make test-typescript` (npm ci)"


@pytest.fixture(scope="module")
def compiled() -> Compiled:
    installed()
    generated = HERE / "generated"
    for directory in (generated, HERE / "dist"):
        shutil.rmtree(directory, ignore_errors=True)
    generated.mkdir()
    tool = HERE / "node_modules" / ".bin"
    subprocess.run(
        [tool / "openapi-typescript", ROOT / "openapi.yaml", "-o", generated / "api.ts"],
        cwd=HERE,
        capture_output=True,
        timeout=120,
        check=True,
    )
    contract = yaml.safe_load((ROOT / "openapi.yaml").read_text())
    examples = doc_examples.find(ROOT, DOCUMENTS, contract) + doc_examples.from_contract(contract)
    sources = doc_examples.write(generated, examples)
    result = subprocess.run(
        [tool / "tsc", "-p", "tsconfig.json", *TSC_FLAGS, "--pretty", "false"],
        cwd=HERE,
        capture_output=True,
        text=True,
        timeout=300,
    )
    errors: dict[str, list[str]] = {}
    last: list[str] = []
    for line in result.stdout.splitlines():
        match = TSC_ERROR.match(line)
        if match:
            file, at, message = match.group(1), int(match.group(2)), match.group(3)
            where = doc_examples.source_of(sources, Path(file).name, at) if file.startswith("generated/") else file
            last = errors.setdefault(file, [])
            last.append(f"{where}:{at}: {message}" if where == file else f"{where}: {message}")
        elif last:
            last[-1] += "\n" + line
    assert result.returncode == 0 or errors, result.stdout + result.stderr  # tsc failed for another reason
    return Compiled(errors, examples)


def type_errors(compiled: Compiled, *files: str) -> list[str]:
    return [message for file in files for message in compiled.errors.get(file, [])]


def documents_errors(compiled: Compiled) -> list[str]:
    return type_errors(compiled, *(file for file in compiled.errors if file.startswith("generated/doc_")))


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Gunicorn]:
    with Gunicorn(workers=1, log_dir=tmp_path_factory.mktemp("logs")) as running:
        yield running


def play(compiled: Compiled, server: Gunicorn, scenario: str) -> dict[str, Any]:
    """Run one scenario of the compiled client; it checks as it goes and answers what it saw."""
    errors = type_errors(compiled, "src/api.ts", "src/main.ts", f"src/{scenario}.ts")
    assert not errors, "\n".join(errors)
    result = subprocess.run(
        ["node", "dist/src/main.js", "--url", server.url, "--seed", SEED, scenario],
        cwd=HERE,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    line = json.loads(result.stdout.splitlines()[-1])
    assert line["scenario"] == scenario
    answer: dict[str, Any] = line["result"]
    return answer


def test_the_documents_request_examples_compile_as_written(compiled: Compiled) -> None:
    found = {(example.source.split(":")[0], example.kind) for example in compiled.examples}
    # the extraction finds what the documents hold: curl bodies in both, request members, TS blocks and a
    # two-phone exchange (requests and events) in the guide
    assert {
        ("README.md", "request"),
        ("docs/client-guide.md", "request"),
        ("docs/client-guide.md", "member"),
        ("docs/client-guide.md", "module"),
        ("docs/client-guide.md", "exchange"),
    } <= found
    assert len([example for example in compiled.examples if example.kind != "contract"]) >= 18
    errors = [error for error in documents_errors(compiled) if not error.startswith("openapi.yaml")]
    assert not errors, "\n".join(errors)


def test_the_contracts_request_examples_compile_as_written(compiled: Compiled) -> None:
    assert len([example for example in compiled.examples if example.kind == "contract"]) >= 40
    errors = [error for error in documents_errors(compiled) if error.startswith("openapi.yaml")]
    assert not errors, "\n".join(errors)


def test_the_client_compiles_with_no_error(compiled: Compiled) -> None:
    errors = type_errors(compiled, *(file for file in compiled.errors if not file.startswith("generated/doc_")))
    assert not errors, "\n".join(errors)


def test_a_game_against_the_computer_to_the_end(compiled: Compiled, server: Gunicorn) -> None:
    game = play(compiled, server, "computer")
    assert game["last_event"] == "game_over" and game["target"] == 121
    winner = game["winner"]
    # the winning peg stops at the target, the other side short of it
    assert game["pegs"][winner] == 121 and game["pegs"][1 - winner] < 121
    # one request per decision of seat 0 (and the start): the computer's moves are the rest
    assert 1 < game["requests"] < game["move"]


def test_a_refused_move_is_resent_from_its_legal_actions(compiled: Compiled, server: Gunicorn) -> None:
    resent = play(compiled, server, "resend")
    assert resent["refused_status"] == 422 and resent["problem_type"] == "urn:cribbage:problem:illegal-action"
    # what the 422 offers is what the game offered: two cards of the six to throw
    assert resent["same_as_the_game_offered"]
    assert resent["resent"]["type"] == "discard" and len(resent["resent"]["cards"]) == 2
    assert resent["resent_status"] == 200 and resent["discarded"]


def test_two_phones_acting_out_of_order_catch_up_by_move_number(compiled: Compiled, server: Gunicorn) -> None:
    phones = play(compiled, server, "phones")
    assert phones["winner"] in (0, 1) and phones["deals"] >= 5
    # at every deal one phone threw before it had shown the other's throw
    assert phones["acted_behind"] == phones["deals"]
    # each phone showed every event once, in order, and exactly what the game replayed for its seat holds
    assert phones["same_as_replay"] == [True, True]
    # every move is seen at the table (a throw, a card, a count): each phone showed events of each one,
    # from the game's opening (0) to the last move, in order
    assert phones["moves"] == [{"first": 0, "last": phones["move"], "distinct": phones["move"] + 1}] * 2
