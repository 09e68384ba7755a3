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
import sqlite3
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack, closing, contextmanager
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
FAILED_LINE = "Failed to load resource: the server responded with a status of "
STALE_LINE = FAILED_LINE + "409"
HIDDEN_PHASES = ("discard", "play")  # a hand is shown to all in the show


@pytest.fixture(scope="module")
def relay(output_dir: Path) -> Iterator[Running]:
    logs = output_dir / "logs" / "relay"
    logs.mkdir(parents=True, exist_ok=True)
    for old in logs.glob("relay.sqlite3*"):
        old.unlink()
    # Two streams a game: the two pages' (a third is refused, and a page then asks for its view instead).
    with service_and_relay(logs, heartbeat=1.0, settings={"RELAY_MAX_GAME_STREAMS": "2"}) as running:
        yield running


@contextmanager
def phone(browser: Any, relay: Running, problems: dict[str, list[str]]) -> Iterator[Any]:  # noqa: F811
    """A phone-size page whose requests may go to the relay only; what goes wrong lands in ``problems``."""
    with page_in(browser, origin_only(f"{HOST}:{relay.port}", problems["refused"]), [], *PHONE) as page:
        page.on("console", lambda m: problems["console"].append(m.text) if m.type == "error" else None)
        page.on("response", lambda r: problems["stale"].append(r.url) if r.status == 409 else None)
        page.on(
            "response",
            lambda r: problems["refusals"].append(f"{r.status} {r.url}") if r.status in (403, 404, 503) else None,
        )
        page.on("pageerror", lambda e: problems["exceptions"].append(str(e)))
        yield page
        problems["csp"] += page.evaluate("window.cspViolations")


SNAPSHOT = """() => ({
    idle: document.body.dataset.busy === "0", deal: document.body.dataset.deal, phase: document.body.dataset.phase,
    hand: [...document.querySelectorAll("#hand .card")].map(c => c.dataset.card),
    all: [...document.querySelectorAll("[data-card]")].map(c => c.dataset.card)})"""


def no_problems() -> dict[str, list[str]]:
    return {"console": [], "exceptions": [], "refused": [], "csp": [], "stale": [], "refusals": []}


def assert_no_problems(problems: dict[str, list[str]], refusals: tuple[str, ...] = ()) -> None:
    """Nothing went wrong but the protocol's own answers: a 409 to a move (``stale``), and the
    refusals the test expects (``"503 /events"``: a stream refused; ``"404 /view"``: an unknown
    game), each of which Chromium logs as a console error."""
    stale = problems.pop("stale")
    assert all(urlsplit(url).path.endswith("/act") for url in stale), stale
    met = problems.pop("refusals")
    assert all(any(r.startswith(f"{kind.split()[0]} ") and urlsplit(r.split()[1]).path.endswith(kind.split()[1])
                   for kind in refusals) for r in met), met  # fmt: skip
    logged = [line for line in problems["console"] if line.startswith(STALE_LINE)]
    assert len(logged) <= len(stale)
    for status in {kind.split()[0] for kind in refusals}:
        logged += [line for line in problems["console"] if line.startswith(f"{FAILED_LINE}{status}")]
    problems["console"] = [line for line in problems["console"] if line not in logged]
    assert problems == {"console": [], "exceptions": [], "refused": [], "csp": []}


def state_of(page: Any) -> dict[str, str]:
    """The page's body marks (phase, deal, busy, relay), for a failure's message."""
    return dict(page.evaluate("({...document.body.dataset})"))


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
    problems = no_problems()
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
        # A card picked for the crib stays picked when the friend's throw arrives and the page redraws.
        picked = first.locator("#hand button.card").first
        picked.click()
        before = shown_move(first)
        assert step(second)
        deadline = time.monotonic() + 15
        while shown_move(first) == before or not first.locator(IDLE).count():
            assert time.monotonic() < deadline, "the friend's throw never reached the first page"
            first.wait_for_timeout(50)
        assert first.locator("#hand button.card[aria-pressed=true]").count() == 1
        assert picked.get_attribute("aria-pressed") == "true"

        moves = checked = 0
        deadline = time.monotonic() + 100  # 15 to 30 s; room for a loaded machine (the image builds alongside)
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
    assert_no_problems(problems)
    assert took < 150  # a bound on a hang, not a speed target: the seconds are in relay-browser.json
    assert_kept_nowhere(relay, own)


def shown_move(page: Any) -> int:
    """The last move this page has shown (what it keeps in its tab's storage)."""
    return int(page.evaluate("JSON.parse(sessionStorage.getItem('cribbage.play.v1')).lastShownMove"))


def has_move(page: Any) -> bool:
    return bool(page.locator(IDLE).count() and page.locator("#actions .throw, #hand button.card").count())


PLAY_MOVE = """() => document.body.dataset.phase === "play" && document.body.dataset.busy === "0"
    && document.querySelector("#hand button.card") !== null"""


def has_play(page: Any) -> bool:
    """The page, idle, offers a card to play, all read in one go: read apart, a page could be seen in
    the play and, an instant later, with the next deal's throw (an answer drawn between the reads)."""
    return bool(page.evaluate(PLAY_MOVE))


def test_a_refused_stream_falls_back_to_polling_and_a_reload_resumes(browser: Any, relay: Running) -> None:  # noqa: F811
    problems = no_problems()
    with ExitStack() as stack:
        first = stack.enter_context(phone(browser, relay, problems))
        second = stack.enter_context(phone(browser, relay, problems))
        first.goto(f"http://{HOST}:{relay.port}/play?fast=1&lang=en")  # the redirect keeps the query
        first.wait_for_selector("#setup:not([hidden])")
        assert urlsplit(first.url).query == "fast=1&lang=en"
        first.select_option("select[name=variant]", "five_card")
        first.click("#start")
        link = first.input_value("#friend-link-1", timeout=10_000)
        first.wait_for_selector("body[data-relay='stream']")
        game_id = dict(parse_qsl(link.split("#", 1)[1]))["relay"]
        # A third device watches: the game's two streams are taken, so the friend's page is refused one.
        third = stack.enter_context(urllib.request.urlopen(f"{relay.url}/relay/games/{game_id}/events", timeout=10))
        assert third.status == 200
        path, fragment = link.split("#", 1)
        friend = f"{path}?fast=1&lang=en#{fragment}"
        second.goto(friend)
        second.wait_for_selector("body[data-relay='polling']")
        second.wait_for_selector(IDLE)
        pages = [first, second]
        # Play on until the first page is to play a card: the friend's page, with no stream, learned of
        # the first page's throw (the play begins only once both have thrown) by asking for its view.
        deadline = time.monotonic() + 30
        while True:
            assert time.monotonic() < deadline, [phase(p) for p in pages]
            caught_up = shown_move(second) == shown_move(first)
            if caught_up and has_play(first):
                break
            moved = step(second)
            if caught_up:
                moved = step(first) or moved
            if not moved:
                first.wait_for_timeout(20)
        assert second.evaluate("document.body.dataset.relay") == "polling"
        # The friend leaves at move N; the first page plays a card; the friend comes back by the link:
        # the page shows the moves after N only (not the game again from its start).
        left_at = shown_move(second)
        second.goto("about:blank")
        first.wait_for_selector(IDLE)  # a heartbeat's or a late event's drawing may hold the page a moment
        assert step(first)
        first.wait_for_selector(IDLE)
        now = shown_move(first)
        assert now > left_at
        second.goto(friend)
        second.wait_for_selector(IDLE)
        until_shown(second, now, at_least=True)
        moves = {move for _, move, _ in second.evaluate("window.playShown")}
        assert moves and min(moves) > left_at and max(moves) >= now, (left_at, now, moves)
        assert second.locator("#pile .card").count() == first.locator("#pile .card").count()
        # The watcher goes: a stream is free again, the friend's page takes it (it tries again, backing
        # off from 2 s) and stops asking; the other's moves reach it through the stream again.
        third.close()  # (the relay notices at its next heartbeat, within 1 s here)
        second.wait_for_selector("body[data-relay='stream']", timeout=20_000)
        before, first_moved = shown_move(first), False
        while not (first_moved and shown_move(second) == shown_move(first)):
            assert time.monotonic() < deadline + 30, (before, shown_move(first), shown_move(second))
            moved = step(second)
            if shown_move(second) == shown_move(first) and step(first):
                moved = first_moved = True
            if not moved:
                first.wait_for_timeout(20)
        assert second.evaluate("document.body.dataset.relay") == "stream"
    assert any(r.startswith("503 ") and "/events" in r for r in problems["refusals"])  # the friend's stream
    assert_no_problems(problems, ("503 /events",))


# What the page says of a bad link, in Swedish (relay.js's own words for the relay's refusals).
NOT_KEPT = (
    "Det här reläet har inte det partiet (aldrig startat här, eller glömt efter två dagar utan drag). Starta ett nytt."
)
NOT_WHOLE = "Länken är inte hel: be om den igen (den anger ett parti, en plats och platsens lösenord)."


def test_the_relays_page_offers_a_friend_game_only_and_says_what_is_wrong_with_a_link(
    browser: Any,  # noqa: F811
    relay: Running,
) -> None:
    problems = no_problems()
    with phone(browser, relay, problems) as page:
        page.goto(f"http://{HOST}:{relay.port}/play?lang=sv&fast=1")  # a redirect to #relay=new, in Swedish
        page.wait_for_selector("#setup:not([hidden]) h2")
        assert urlsplit(page.url).query == "lang=sv&fast=1" and page.evaluate("document.documentElement.lang") == "sv"
        friend_form = "#setup:not([hidden]) h2", "Spela med en vän på en annan enhet"
        for url in (f"http://{HOST}:{relay.port}/play/index.html?lang=sv&fast=1",):  # no fragment: the same form
            page.goto("about:blank")
            page.goto(url)
            page.wait_for_selector(friend_form[0])
            assert page.locator(friend_form[0]).inner_text() == friend_form[1]
            assert page.locator("#setup fieldset, #setup select[name=level]").count() == 0
            assert page.locator("#two-devices").is_hidden()  # the service's pointer to a relay: this is one
        links = {
            "relay=nosuchgame&seat=1&credential=AAAAAAAAAAAA": NOT_KEPT,
            "relay=nosuchgame&seat=7&credential=AAAAAAAAAAAA": NOT_WHOLE,
            "relay=nosuchgame&seat=1": NOT_WHOLE,
        }
        for fragment, said in links.items():
            page.goto("about:blank")
            page.goto(f"http://{HOST}:{relay.port}/play/index.html?lang=sv&fast=1#{fragment}")
            page.wait_for_selector("#setup-problem:not(:empty)")
            assert page.locator("#setup-problem").inner_text() == said, fragment
            assert page.locator(friend_form[0]).inner_text() == friend_form[1] and page.locator("#game").is_hidden()
            assert urlsplit(page.url).fragment == "relay=new"  # the link, and its credential, out of the address bar
        assert [r.split()[0] for r in problems["refusals"]] == ["404"]  # the unknown game's view; bad links ask nothing
        # A game the relay forgets while a page plays it (as after 48 h without a move), the page asking
        # for its view (the game's two streams taken): the page says so, and stops asking.
        request = urllib.request.Request(f"{relay.url}/relay/games", data=b'{"variant": "six_card"}',
                                         headers={"Content-Type": "application/json"})  # fmt: skip
        with urllib.request.urlopen(request, timeout=10) as answer:
            created = json.load(answer)
        # A link whose credential is another seat's: the service refuses it, in Swedish, and the page shows the form.
        theirs = dict(parse_qsl(created["seats"][0]["link"].split("#", 1)[1]))["credential"]
        wrong = urllib.request.Request(f"{relay.url}/relay/games/{created['game_id']}/view",
                                       data=json.dumps({"seat": 1, "credential": theirs}).encode(),
                                       headers={"Content-Type": "application/json", "Accept-Language": "sv"})  # fmt: skip
        with pytest.raises(urllib.error.HTTPError) as refusal:
            urllib.request.urlopen(wrong, timeout=10)
        said = json.load(refusal.value)
        assert refusal.value.code == 403 and refusal.value.headers["Content-Language"] == "sv"
        page.goto("about:blank")
        page.goto(f"http://{HOST}:{relay.port}/play/index.html?lang=sv&fast=1#relay={created['game_id']}&seat=1&"
                  f"credential={theirs}")  # fmt: skip
        page.wait_for_selector("#setup-problem:not(:empty)")
        assert page.locator("#setup-problem").inner_text() == f"{said['title']} {said.get('detail', '')}".strip()
        assert urlsplit(page.url).fragment == "relay=new" and page.locator("#game").is_hidden()
        with ExitStack() as streams:
            for _ in range(2):
                streams.enter_context(urllib.request.urlopen(f"{relay.url}/relay/games/{created['game_id']}/events"))
            path, fragment = created["seats"][1]["link"].split("#", 1)
            page.goto("about:blank")
            page.goto(f"http://{HOST}:{relay.port}{path}?lang=sv&fast=1#{fragment}")
            page.wait_for_selector("body[data-relay='polling']")  # joined, the stream refused: asking in 1 s
            with closing(sqlite3.connect(relay.database)) as db, db:
                db.execute("DELETE FROM games WHERE game_id = ?", (created["game_id"],))
            page.wait_for_selector("#error:not(:empty)", timeout=15_000)
            assert page.locator("#error").inner_text().endswith(NOT_KEPT)
            asked = len(problems["refusals"])
            page.wait_for_timeout(1500)  # more than the first wait between two askings
            assert len(problems["refusals"]) == asked
    assert_no_problems(problems, ("404 /view", "403 /view", "503 /events"))


def until_shown(page: Any, move: int, at_least: bool = False) -> None:
    """Wait until the page has shown ``move`` (or, ``at_least``, a later one too), polled from here:
    the page's CSP forbids evaluating a string, which a waiting ``wait_for_function`` does."""
    deadline = time.monotonic() + 15
    while not (shown_move(page) >= move if at_least else shown_move(page) == move):
        assert time.monotonic() < deadline, shown_move(page)
        page.wait_for_timeout(50)


def test_a_relay_behind_what_the_page_showed_is_caught_up_from_its_start(browser: Any, relay: Running) -> None:  # noqa: F811
    """A relay restored from a backup holds an older state than the move a page last showed: the page's
    catch-up meets the service's ``state-behind`` and starts over from the state the relay holds (before,
    it asked the same thing again for ever)."""
    problems = no_problems()
    request = urllib.request.Request(f"{relay.url}/relay/games", data=b'{"variant": "six_card"}',
                                     headers={"Content-Type": "application/json"})  # fmt: skip
    with urllib.request.urlopen(request, timeout=10) as answer:
        created = json.load(answer)
    path, fragment = created["seats"][1]["link"].split("#", 1)
    with phone(browser, relay, problems) as page:
        page.goto(f"http://{HOST}:{relay.port}{path}?lang=en&fast=1#{fragment}")
        page.wait_for_selector(IDLE)
        with closing(sqlite3.connect(relay.database)) as db:
            backup = db.execute("SELECT move, state FROM games WHERE game_id = ?", (created["game_id"],)).fetchone()
        assert backup[0] == 0 and step(page)  # seat 1 throws: move 1, shown
        until_shown(page, 1)
        with closing(sqlite3.connect(relay.database)) as db, db:
            db.execute("UPDATE games SET move = ?, state = ? WHERE game_id = ?", (*backup, created["game_id"]))
        page.reload()
        until_shown(page, 0)
        page.wait_for_selector(IDLE)
        assert page.locator("#error").inner_text() == "" and page.locator("#actions .throw").count() == 1
        assert page.locator("#hand button.card").count() == 6  # the hand as the relay's state has it: not thrown yet
        # "New game" leaves the relay's game: the friend form afresh, the link (a credential) out of the address bar,
        # and nothing of the old game kept (its stream closed: a move in it no longer writes it back into storage)
        page.click("#new-game")
        page.wait_for_selector("#setup:not([hidden]) h2")
        assert urlsplit(page.url).fragment == "relay=new" and page.locator("#game").is_hidden()
        for storage in ("sessionStorage", "localStorage"):  # the tab's, and what a new tab would resume
            assert "gameId" not in json.loads(page.evaluate(f"{storage}.getItem('cribbage.play.v1')"))
    assert_no_problems(problems, ("422 /view",))


STALE_SAID = "The game moved on before your move reached it: here is the table now; choose again."


def test_a_play_refused_as_stale_says_why_the_table_changed(browser: Any, relay: Running) -> None:  # noqa: F811
    """One seat open on two devices: a card played on one reaches the relay first, the other's (made on
    the table it drew) meets the relay's 409 ``stale-move``. The page draws the table as it now is and
    keeps saying why (before, the catch-up's redraw cleared the message), until the next move."""
    problems = no_problems()
    request = urllib.request.Request(f"{relay.url}/relay/games", data=b'{"variant": "five_card"}',
                                     headers={"Content-Type": "application/json"})  # fmt: skip
    with urllib.request.urlopen(request, timeout=10) as answer:
        created = json.load(answer)
    with ExitStack() as stack:
        pages = [stack.enter_context(phone(browser, relay, problems)) for _ in range(2)]
        for page, seat in zip(pages, created["seats"]):
            path, fragment = seat["link"].split("#", 1)
            page.goto(f"http://{HOST}:{relay.port}{path}?lang=en&fast=1#{fragment}")
            page.wait_for_selector(IDLE)
        deadline = time.monotonic() + 30
        while (page := next((p for p in pages if has_play(p)), None)) is None:
            assert time.monotonic() < deadline, [phase(p) for p in pages]
            if not (step(pages[0]) or step(pages[1])):
                pages[0].wait_for_timeout(20)
        # The seat looks at its table before it plays: the other device's last events, still on
        # their way, land first (a catch-up after the refused move's would rightly clear its message).
        page.wait_for_timeout(300)
        page.wait_for_selector(IDLE)
        assert has_play(page), state_of(page)  # its turn: nothing but its own move changes that
        latest = shown_move(page) + 1  # as if the seat's other device had played first
        body = {"type": "urn:cribbage-relay:problem:stale-move", "title": "The game has moved on since that state",
                "status": 409, "detail": "another move landed first", "move": latest}  # fmt: skip
        refused: list[str] = []

        def stale(route: Any) -> None:
            refused.append(route.request.url)
            route.fulfill(status=409, content_type="application/problem+json", body=json.dumps(body))

        page.route("**/act", stale)
        from playwright.sync_api import TimeoutError as NoAnswer

        # A click on a page still busy drawing an event (a loaded machine: CI) sends no move; it is
        # made again then. Once the move was sent and refused, its catch-up must come.
        for _ in range(3):
            try:
                with page.expect_response(lambda r: urlsplit(r.url).path.endswith("/view"), timeout=20_000):
                    page.locator("#hand button.card").first.click()
                break
            except NoAnswer:
                assert not refused, "the move was refused as stale, and the page never caught up"
                page.wait_for_selector(IDLE)
        assert refused, "the page sent no move"
        page.wait_for_selector(IDLE)
        page.wait_for_timeout(200)  # the catch-up's drawing done
        said = page.locator("#error").inner_text()
        assert said.endswith(f": {STALE_SAID}"), (
            said,
            state_of(page),
            [tuple(e) for e in page.evaluate("window.playShown")][-4:],
        )
        assert has_move(page)  # the table drawn again, the card still to play
        page.unroute("**/act")
        before = shown_move(page)
        page.locator("#hand button.card").first.click()
        page.wait_for_selector(IDLE)
        until_shown(page, max(before + 1, shown_move(page)))
        assert page.locator("#error").inner_text() == ""
    assert_no_problems(problems)
