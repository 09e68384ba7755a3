"""Two browser pages play each other through the reference relay (examples/relay), to the end of a game.

Debian's headless Chromium, driven by Playwright, at phone size, the page loaded from the relay's
origin (``?fast=1``: no pause between animated events). Page A opens "play with a friend", creates
the game and reads the other seat's link from the page; page B opens that link. Each then plays
its own seat by clicking, learning of the other's moves from the relay's event stream only. All
along, neither page's DOM holds a card of the other's hand while it is hidden (the discard and
the play); no console error, no uncaught exception, no Content-Security-Policy violation, and no
request to anywhere but the relay. One console line is the protocol's and allowed: when both pages
throw at once, one throw meets the relay's 409 (``stale-move``) and relay.js sends it again on the
latest state; Chromium logs every 4xx answer to a fetch as "Failed to load resource". Each such line
must match a 409 the relay gave to a move (``/act``), and the game goes on.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import pytest

from tests.support.relay import Running, assert_kept_nowhere, service_and_relay
from tests.system.conftest import SCREENSHOTS
from tests.system.test_docs_browser import HOST, browser, origin_only, page_in  # noqa: F401 (browser: a fixture)

pytestmark = pytest.mark.system

PHONE = (360, 740)
IDLE = "body[data-busy='0']"
STALE_LINE = "Failed to load resource: the server responded with a status of 409"
HIDDEN_PHASES = ("discard", "play")  # a hand is shown to all in the show


@pytest.fixture(scope="module")
def relay(output_dir: Path) -> Iterator[Running]:
    logs = output_dir / "logs" / "relay"
    logs.mkdir(parents=True, exist_ok=True)
    for old in logs.glob("relay.sqlite3*"):
        old.unlink()
    with service_and_relay(logs, heartbeat=5.0) as running:
        yield running


@contextmanager
def phone(browser: Any, relay: Running, problems: dict[str, list[str]]) -> Iterator[Any]:  # noqa: F811
    """A phone-size page whose requests may go to the relay only; what goes wrong lands in ``problems``."""
    with page_in(browser, origin_only(f"{HOST}:{relay.port}", problems["refused"]), [], *PHONE) as page:
        page.on("console", lambda m: problems["console"].append(m.text) if m.type == "error" else None)
        page.on("response", lambda r: problems["stale"].append(r.url) if r.status == 409 else None)
        page.on("pageerror", lambda e: problems["exceptions"].append(str(e)))
        yield page
        problems["csp"] += page.evaluate("window.cspViolations")


SNAPSHOT = """() => ({
    idle: document.body.dataset.busy === "0", deal: document.body.dataset.deal, phase: document.body.dataset.phase,
    hand: [...document.querySelectorAll("#hand .card")].map(c => c.dataset.card),
    all: [...document.querySelectorAll("[data-card]")].map(c => c.dataset.card)})"""


def phase(page: Any) -> str:
    return str(page.evaluate("document.body.dataset.phase || ''"))


def step(page: Any) -> bool:
    """Make this seat's move by clicking, if it has one (its first choice); True if it moved."""
    if not page.locator(IDLE).count():
        return False
    if page.locator("#actions .throw").count():
        hand = page.locator("#hand button.card")
        for i in range(hand.count()):
            hand.nth(i).click()
            if page.locator("#actions .throw").is_enabled():
                break
        page.click("#actions .throw")
        return True
    if page.locator("#hand button.card").count():
        page.locator("#hand button.card").first.click()
        return True
    return False


def hidden_from_each_other(pages: list[Any]) -> int:
    """While hands are hidden (the same deal on both pages, in the discard or the play), no card of
    one page's hand is anywhere in the other's DOM; the number of cards checked. Each page is read
    in one go, while idle: only clicks change a hand, and the test makes them between checks."""
    seen = [page.evaluate(SNAPSHOT) for page in pages]
    if not all(s["idle"] and s["phase"] in HIDDEN_PHASES and s["deal"] == seen[0]["deal"] for s in seen):
        return 0
    for mine, theirs in ((seen[0], seen[1]), (seen[1], seen[0])):
        assert not set(mine["hand"]) & set(theirs["all"]), (mine, theirs)
    return len(seen[0]["hand"]) + len(seen[1]["hand"])


def test_two_pages_play_each_other_through_the_relay(browser: Any, relay: Running, output_dir: Path) -> None:  # noqa: F811
    problems: dict[str, list[str]] = {"console": [], "exceptions": [], "refused": [], "csp": [], "stale": []}
    began = time.monotonic()
    with ExitStack() as stack:
        first = stack.enter_context(phone(browser, relay, problems))
        second = stack.enter_context(phone(browser, relay, problems))
        first.goto(f"http://{HOST}:{relay.port}/play/index.html?fast=1&lang=en#relay=new")
        first.wait_for_selector("#setup:not([hidden])")
        first.select_option("select[name=variant]", "five_card")
        first.click("#start")
        link = first.input_value("#friend-link-1", timeout=10_000)
        path, fragment = link.split("#", 1)
        assert urlsplit(link).netloc == f"{HOST}:{relay.port}" and fragment.startswith("relay=")
        assert "seat=1&" in fragment and "credential=" in fragment
        first.wait_for_selector(IDLE)
        second.goto(f"{path}?fast=1&lang=en#{fragment}")
        second.wait_for_selector("#game:not([hidden])")
        second.wait_for_selector(IDLE)
        pages = [first, second]
        assert [page.evaluate("document.body.dataset.seat") for page in pages] == ["0", "1"]
        first.screenshot(path=str(SCREENSHOTS / "relay-link.png"))  # the creator, the other seat's link above
        second.screenshot(path=str(SCREENSHOTS / "relay-friend.png"))  # the friend, who opened it

        moves = checked = 0
        deadline = time.monotonic() + 50
        while not all(phase(page) == "over" for page in pages):
            assert time.monotonic() < deadline, f"not over after {moves} moves: {[phase(p) for p in pages]}"
            checked += hidden_from_each_other(pages)
            moved = False
            for page in pages:
                if step(page):
                    moves += 1
                    moved = True
            if not moved:
                first.wait_for_timeout(20)  # the other page is catching up from the relay's stream
        for page in pages:
            page.wait_for_selector(IDLE)
            assert page.locator("#end h2").inner_text().startswith("Game over")
        second.screenshot(path=str(SCREENSHOTS / "relay-end.png"))
        # Both pages end on the same table: the same scores on each board.
        own = [dict(parse_qsl(urlsplit(page.url).fragment))["credential"] for page in pages]
        assert len(set(own)) == 2
        scores = [
            page.eval_on_selector_all(".track-name", "n => n.map(x => x.textContent.split(': ').pop())")
            for page in pages
        ]
        assert scores[0] == scores[1] and "61" in scores[0], scores
        # A new game from the device that joined is a game with a friend again, at the relay.
        second.get_by_role("button", name="New game").last.click()
        second.wait_for_selector("#setup:not([hidden]) h2")
        assert (
            second.locator("#setup fieldset").count() == 0
            and second.locator("#start").inner_text() == "Create the game"
        )
    took = time.monotonic() - began
    (output_dir / "relay-browser.json").write_text(json.dumps({"moves": moves, "hidden_cards_checked": checked,
                                                              "stale_throws": len(problems["stale"]),
                                                              "seconds": round(took, 1)}) + "\n")  # fmt: skip
    assert moves >= 20 and checked >= 40
    stale = problems.pop("stale")
    assert all(urlsplit(url).path.endswith("/act") for url in stale), stale
    logged = [line for line in problems["console"] if line.startswith(STALE_LINE)]
    assert len(logged) <= len(stale)
    problems["console"] = [line for line in problems["console"] if line not in logged]
    assert problems == {"console": [], "exceptions": [], "refused": [], "csp": []}
    assert took < 60
    assert_kept_nowhere(relay, own)
