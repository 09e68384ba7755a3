"""The /play page in a real browser (Debian's headless Chromium, driven by Playwright), at phone size.

Each test plays through the page by clicking, as a person would, with ``?fast=1`` (no pause between
the animated events, no peg transition) and the computer at ``easy`` where speed matters. Every request
the page makes must go to the service itself (anything else is refused and fails the test), and no test
may end with a console error, an uncaught exception or a Content-Security-Policy violation.

Written for a person to look at: the phone-size screenshots in ``test-output/screenshots/`` (``make
screenshots`` refreshes the committed ones in ``docs/screenshots/``: the discard, the
play with the board, the show, the end of a game, the pass-and-play hand-over), and
``test-output/play-metrics.json``: the transfer size of everything ``/play`` loads and the time from a
click to the computer's answer drawn (p50, p99 over a game).
"""

from __future__ import annotations

import gzip
import json
import statistics
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.support.servers import Gunicorn
from tests.system.conftest import SCREENSHOTS
from tests.system.test_docs_browser import HOST, browser, origin_only, page_in  # noqa: F401 (browser: a fixture)

pytestmark = pytest.mark.system

ROOT = Path(__file__).resolve().parents[2]
PHONE = (360, 740)
IDLE = "body[data-busy='0']"


@pytest.fixture(scope="module")
def server(output_dir: Path) -> Iterator[Gunicorn]:
    with Gunicorn(workers=1, name="play-server", log_dir=output_dir / "logs") as running:
        yield running


@contextmanager
def phone(browser: Any, server: Gunicorn) -> Iterator[tuple[Any, dict[str, list[str]]]]:  # noqa: F811
    """A fresh phone-size page whose requests may go to the service only; ``problems`` collects
    console errors, uncaught exceptions and refused requests (CSP violations are in the page)."""
    seen: list[str] = []
    problems: dict[str, list[str]] = {"console": [], "exceptions": [], "refused": []}
    with page_in(browser, origin_only(f"{HOST}:{server.port}", problems["refused"]), seen, *PHONE) as page:
        page.on("console", lambda m: problems["console"].append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: problems["exceptions"].append(str(e)))
        yield page, problems
        problems["csp"] = page.evaluate("window.cspViolations")
    assert problems == {"console": [], "exceptions": [], "refused": [], "csp": []}


def open_play(page: Any, server: Gunicorn, query: str = "fast=1&lang=en") -> None:
    page.goto(f"http://{HOST}:{server.port}/play?{query}", wait_until="networkidle")
    page.wait_for_selector("#setup:not([hidden])")


def start(
    page: Any, variant: str = "six_card", mode: str = "computer", level: str = "easy", muggins: bool = False
) -> None:
    page.select_option("select[name=variant]", variant)
    page.check(f"input[name=mode][value={mode}]")
    page.select_option("select[name=level]", level)
    if muggins:
        page.check("input[name=muggins]")
    page.click("#start")
    page.wait_for_selector(IDLE)


def hand(page: Any) -> list[str]:
    page.wait_for_selector(IDLE)
    return [str(c) for c in page.eval_on_selector_all("#hand .card", "cards => cards.map(c => c.dataset.card)")]


def step(page: Any) -> str:
    """Make the seat's next move by clicking (its first choice), and say what it was."""
    page.wait_for_selector(IDLE)
    offered = page.evaluate(
        """() => document.querySelector('#actions .throw') ? 'discard' : document.querySelector('#hand button.card')
                 ? 'play' : document.querySelector('#counting button') ? 'count' : 'none'"""
    )
    if offered == "discard":
        cards = page.locator("#hand button.card")
        for i in range(cards.count()):
            cards.nth(i).click()
            if page.locator("#actions .throw").is_enabled():
                break
        page.click("#actions .throw")
        return "discard"
    if offered == "play":
        page.locator("#hand button.card").first.click()
    elif offered == "count":
        page.locator("#counting button").first.click()  # claim (the first offer), or accept
    return str(offered)


def state(page: Any) -> dict[str, str]:
    return dict(page.evaluate("({...document.body.dataset})"))


def test_a_whole_game_against_the_computer(browser: Any, server: Gunicorn, output_dir: Path) -> None:  # noqa: F811
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    with phone(browser, server) as (page, _):
        open_play(page, server)
        start(page)
        assert state(page)["phase"] == "discard" and len(hand(page)) == 6
        unnamed = page.eval_on_selector_all(
            "button, select, [role=img]",
            "all => all.filter(e => e.checkVisibility() && !(e.getAttribute('aria-label') || e.textContent.trim()"
            " || e.labels?.length))"
            ".map(e => e.outerHTML)",
        )
        assert unnamed == []  # every card, control and picture has a name a screen reader can say
        assert page.get_attribute("#hand button.card", "aria-label")
        page.screenshot(path=str(SCREENSHOTS / "play-discard.png"))
        page.click("#hint")  # the service's hints, best first; the first one is played from its button
        page.wait_for_selector("#hints .hint")
        assert page.locator("#hints .hint").count() == 3
        page.locator("#hints .hint button").first.click()
        page.wait_for_selector(IDLE)
        assert state(page)["phase"] == "play"
        board_shot = False
        for _ in range(200):
            if state(page)["phase"] == "over":
                break
            step(page)
            page.wait_for_selector(IDLE)
            if not board_shot and state(page)["phase"] == "play" and page.locator("#pile .card").count() >= 2:
                page.screenshot(path=str(SCREENSHOTS / "play-board.png"))
                board_shot = True
        assert state(page)["phase"] == "over"
        assert page.locator("#end h2").inner_text().startswith("Game over")
        # The board ends where the view's pegs are: one side at 121.
        labels = page.eval_on_selector_all(".track-name", "names => names.map(n => n.textContent)")
        assert any(label.endswith(": 121") for label in labels), labels
        page.screenshot(path=str(SCREENSHOTS / "play-end.png"), full_page=True)  # the board and the result
        # Every event of the game was shown exactly once, in order: the page's list is the game's own,
        # as the service tells it to this seat from the opening (since_move -1).
        shown = [tuple(e) for e in page.evaluate("window.playShown")]
        saved = json.loads(page.evaluate("localStorage.getItem('cribbage.play.v1')"))
        seat = saved["credentials"]["seats"][0]
        whole = post(server, "/v1/games/view", {**seat, "state": saved["state"], "since_move": -1})
        assert shown == [(whole["view"]["game_id"], e["move"], e["type"]) for e in whole["events"]]
        page.get_by_role("button", name="Review my game").click()
        page.wait_for_selector("#end .review h3")
        assert "points lost" in page.locator("#end .review h3").inner_text()
        timings = page.evaluate("window.playTimings")
        resources = page.evaluate(
            """() => performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))
                 .filter(e => e.initiatorType !== 'fetch').map(e => [e.name, e.transferSize, e.decodedBodySize])"""
        )
    write_metrics(output_dir, timings, resources)
    assert board_shot


def post(server: Gunicorn, path: str, body: dict[str, Any]) -> Any:
    request = urllib.request.Request(
        server.url + path, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.load(answer)


def write_metrics(output_dir: Path, timings: list[float], resources: list[list[Any]]) -> None:
    files = {urlsplit(name).path: {"transfer": transfer, "body": body} for name, transfer, body in resources}
    assert all(path == "/play" or path.startswith("/play/") for path in files), files
    gzipped = sum(
        len(gzip.compress((ROOT / "service" / "play" / Path(p).name).read_bytes())) for p in files if p != "/play"
    )
    gzipped += len(gzip.compress((ROOT / "service" / "play" / "index.html").read_bytes()))
    ordered = sorted(timings)
    metrics = {
        "files": files,
        "transfer_bytes": sum(f["transfer"] for f in files.values()),
        "body_bytes": sum(f["body"] for f in files.values()),
        "gzip_bytes": gzipped,
        "moves": len(timings),
        "click_to_drawn_ms": {
            "p50": round(statistics.median(ordered), 1),
            "p99": round(ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))], 1),
            "max": round(ordered[-1], 1),
        },
    }
    (output_dir / "play-metrics.json").write_text(json.dumps(metrics, indent=2) + "\n")
    assert metrics["moves"] >= 20


def test_manual_counting_and_the_show(browser: Any, server: Gunicorn) -> None:  # noqa: F811
    # With muggins on, the page stops at each count and each muggins window, the hands counted so far
    # shown with their combinations and the spoken count.
    # In German: the page's own labels from its table, every text of the game from the service.
    with phone(browser, server) as (page, _):
        languages: list[str | None] = []
        page.on("request", lambda r: languages.append(r.headers.get("accept-language")) if "/v1/" in r.url else None)
        open_play(page, server, "fast=1&lang=de")
        start(page, muggins=True)
        claims = 0
        for _ in range(40):
            page.wait_for_selector(IDLE)
            claims += page.locator("#counting select.claim").count()
            if page.locator("#counting button").count() and page.locator("#shown .combos").count():
                break
            step(page)  # a claim is the first offer (0), a muggins window is accepted
        assert page.locator("#counting button").count(), "the page stops in the show"
        page.screenshot(path=str(SCREENSHOTS / "play-show.png"))
        assert page.locator("#shown .spoken").first.inner_text().startswith("“")
        step(page)
        page.wait_for_selector(IDLE)
        assert claims >= 1 and page.locator("#log .log-line").count()
        assert page.locator("#hand-title").inner_text().startswith("Deine Hand")
        assert languages and set(languages) == {"de"}
        assert "Krippe" in page.locator("#crib").inner_text()


def test_a_pass_and_play_deal(browser: Any, server: Gunicorn) -> None:  # noqa: F811
    with phone(browser, server) as (page, _):
        open_play(page, server)
        start(page, mode="pass")
        handovers = 0
        seen_by: dict[str, set[str]] = {}
        for _ in range(60):
            page.wait_for_selector(IDLE)
            if page.locator("#handoff:not([hidden])").count():
                assert page.locator("#game").is_hidden()  # nobody's hand shows while the device changes hands
                assert page.locator("#handoff-text").inner_text().startswith("Hand the device to Player")
                if handovers == 0:
                    page.screenshot(path=str(SCREENSHOTS / "play-pass-and-play.png"))
                page.click("#handoff-take")
                handovers += 1
                continue
            now = state(page)
            if now["deal"] == "2":
                break
            cards = hand(page)
            title = page.locator("#hand-title").inner_text()
            assert title.endswith(f"(Player {int(now['seat']) + 1})")
            seen_by.setdefault(now["seat"], set()).update(cards)
            step(page)
        assert state(page)["deal"] == "2" and handovers >= 4
        # In the deal each player saw their own cards only: the two hands never met.
        assert set(seen_by) == {"0", "1"} and not (seen_by["0"] & seen_by["1"])


def test_a_reload_in_the_middle_resumes(browser: Any, server: Gunicorn) -> None:  # noqa: F811
    with phone(browser, server) as (page, _):
        open_play(page, server)
        start(page, variant="three_player")
        # The discard by keyboard alone: the page puts the focus on the hand, Space picks a card, Tab
        # moves on to the button that throws it.
        assert page.evaluate("document.activeElement.matches('#hand button.card')")
        page.keyboard.press("Space")
        assert page.get_attribute("#hand button.card >> nth=0", "aria-pressed") == "true"
        for _ in range(8):
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.matches('#actions .throw')"):
                break
        assert page.evaluate("document.activeElement.getAttribute('aria-label')").startswith("Throw to the crib: ")
        page.keyboard.press("Enter")
        page.wait_for_selector(IDLE)
        assert state(page)["phase"] == "play"
        step(page)  # a card
        before = (
            hand(page),
            state(page),
            page.locator("#pile").inner_text(),
            page.locator("#board title").text_content(),
        )
        page.reload(wait_until="networkidle")
        page.wait_for_selector("#game:not([hidden])")
        after = (
            hand(page),
            state(page),
            page.locator("#pile").inner_text(),
            page.locator("#board title").text_content(),
        )
        assert after == before
        assert step(page) == "play"  # and the game goes on from there
        page.wait_for_selector(IDLE)
        assert len(hand(page)) < len(before[0]) or state(page)["deal"] != before[1]["deal"]


def test_two_tabs_keep_their_own_games(browser: Any, server: Gunicorn) -> None:  # noqa: F811
    """Two tabs of one browser share its origin's storage: a game started in the second tab must not
    take the first tab's place when the first is reloaded, a tab on the setup form must not drop the
    game a new tab would resume (only "New game" drops the game it leaves), and a new tab resumes the
    game a tab last drew."""
    with phone(browser, server) as (first, _):
        open_play(first, server)
        start(first, variant="five_card")

        def new_tab() -> Any:
            tab = first.context.new_page()
            tab.goto(first.url, wait_until="networkidle")
            tab.wait_for_selector("#game:not([hidden]), #setup:not([hidden])")
            return tab

        second = new_tab()
        assert hand(second) == hand(first)  # a new tab carries on with the last game
        second.click("#new-game")
        second.wait_for_selector("#setup:not([hidden])")
        assert step(first) == "discard"  # the first tab plays on: a new tab resumes its game again
        mine = hand(first)
        second.reload(wait_until="networkidle")
        second.wait_for_selector("#setup:not([hidden])")  # the tab's own: no game
        third = new_tab()
        assert hand(third) == mine and state(third)["phase"] == "play"  # the setup form did not drop it
        third.close()
        start(second, variant="six_card")
        other = hand(second)
        assert len(other) == 6 and len(mine) == 3  # five-card: three kept
        first.reload(wait_until="networkidle")
        first.wait_for_selector("#game:not([hidden])")
        assert hand(first) == mine and state(first)["phase"] == "play"
        second.reload(wait_until="networkidle")
        second.wait_for_selector("#game:not([hidden])")
        assert hand(second) == other
        assert hand(new_tab()) == other  # the game a tab last drew


def test_a_match_goes_on_to_its_next_game(browser: Any, server: Gunicorn) -> None:  # noqa: F811
    with phone(browser, server) as (page, _):
        open_play(page, server)
        page.select_option("select[name=match]", "3")
        start(page)
        first = page.locator("#board title").text_content()
        page.once("dialog", lambda dialog: dialog.accept())
        page.click("#concede")  # the quickest way to the end of a game
        page.wait_for_selector("#end h2")
        assert state(page)["phase"] == "over"
        assert page.locator("#end").inner_text().count("Match: 0 – 1") == 1
        page.get_by_role("button", name="Next game of the match").click()
        page.wait_for_selector(IDLE)
        assert state(page)["phase"] == "discard" and state(page)["deal"] == "1" and len(hand(page)) == 6
        # A new game: its moves counted from 0 again, every peg back at the start.
        assert page.locator("#board title").text_content() == first
        assert page.locator("#log .log-line").last.inner_text().startswith("Deal 1")


# The review's phases as the page names them in Dutch (the page's own table of words, written out here).
DUTCH_PHASES = {"Kaarten naar de crib", "Het uitspelen"}
ENGLISH_ONLY = ("discard", "points", "decisions", "lost", "better", "Game over", "wins", "Review", "Deal ")


def test_a_four_player_game_to_the_end_in_dutch(browser: Any, server: Gunicorn) -> None:  # noqa: F811
    # Partners, the three other seats the computer's at `easy`, a short game (to 31): played by clicking
    # to the end, then reviewed; every word on the page in Dutch (numbers too: a decimal comma).
    with phone(browser, server) as (page, _):
        open_play(page, server, "fast=1&lang=nl")
        page.select_option("select[name=target]", "31")
        start(page, variant="four_player")
        for _ in range(120):
            if state(page)["phase"] == "over":
                break
            step(page)
            page.wait_for_selector(IDLE)
        assert state(page)["phase"] == "over"
        assert page.locator("#end h2").inner_text().startswith("Spel voorbij: ")
        labels = page.eval_on_selector_all(".track-name", "names => names.map(n => n.textContent)")
        assert len(labels) == 2 and any(label.endswith(": 31") for label in labels), labels  # two sides; 31 ends it
        page.get_by_role("button", name="Spel bekijken").click()
        page.wait_for_selector("#end .review h3")
        assert page.locator("#end .review h3").inner_text().endswith(" punten verloren ten opzichte van de beste zet")
        lines = page.locator("#end .review ul li").all_inner_texts()
        assert [line.split(": ")[0] for line in lines] == ["Kaarten naar de crib", "Het uitspelen"]
        for line in lines:  # "Het uitspelen: 7 beslissingen, 1,25 punten verloren"
            phase, rest = line.split(": ")
            count, word, rest = rest.split(" ", 2)
            assert phase in DUTCH_PHASES and count.isdigit() and word == "beslissingen,", line
            assert rest.endswith(" punten verloren") and "," in rest and "." not in rest, line
        text = page.locator("body").inner_text()
        assert not [word for word in ENGLISH_ONLY if word in text], text


def test_the_service_page_points_two_devices_to_a_relay(browser: Any, server: Gunicorn) -> None:  # noqa: F811
    # The service plays the computer and pass and play; a game between devices goes through a relay.
    with phone(browser, server) as (page, problems):
        open_play(page, server, "fast=1&lang=de")
        note = page.locator("#two-devices")
        assert note.is_visible() and "make relay" in note.inner_text() and note.get_attribute("role") is None
        assert page.locator("#setup input[name=mode]").count() == 2 and page.locator("select[name=level]").count()
        # A relay's link opened here: the setup form, said why in German, the link (and its credential) dropped.
        page.goto("about:blank")  # (a new fragment alone would not load the page again)
        page.goto(f"http://{HOST}:{server.port}/play?fast=1&lang=de#relay=g1&seat=1&credential=AAAA")
        page.wait_for_selector("#setup:not([hidden])")
        assert note.get_attribute("role") == "alert"
        assert (
            note.inner_text().startswith("Dieser Link gehört zu einem Spiel mit einem Freund")
            and "make relay" in note.inner_text()
        )
        assert "#" not in page.url and page.locator("#game").is_hidden()
        page.goto("about:blank")
        page.goto(f"http://{HOST}:{server.port}/play?fast=1&lang=de#relay=new")
        page.wait_for_selector("#setup:not([hidden])")
        assert page.locator("#setup input[name=mode]").count() == 2 and note.get_attribute("role") == "alert"
        start(page)  # and the computer's game starts from it
        assert state(page)["phase"] == "discard" and note.is_hidden()
        # No answer at all (the network down): said in German too, not in the browser's words.
        page.route("**/v1/games/hints", lambda route: route.abort())
        page.click("#hint")
        page.wait_for_selector("#error:not(:empty)")
        assert page.locator("#error").inner_text() == (
            "Etwas ist schiefgegangen: keine Antwort (ist die Verbindung unterbrochen?): Versuche es gleich noch einmal."
        )
        problems["console"] = [line for line in problems["console"] if "net::ERR_FAILED" not in line]
