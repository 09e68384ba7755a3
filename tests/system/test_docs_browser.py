"""The interactive documentation, and a printable page the event tools answer with, in a real
browser: Debian's headless Chromium, driven by Playwright.

The page is opened under a host name that is not ``localhost`` (mapped to 127.0.0.1 inside
Chromium), as a user would reach it: Swagger UI treats localhost specially (for example it
skips its online validator there), so only a real-looking host shows what a user's browser
would fetch. Every request the page makes is recorded; anything not to the service itself
is refused and fails the test. Screenshots land in ``test-output/``.
"""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
import yaml

from tests.support.servers import Gunicorn

pytestmark = pytest.mark.system

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
HOST = "cribbage.test"  # a reserved name, resolved to loopback by Chromium alone
METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
CSP_WATCH = (
    "window.cspViolations = []; document.addEventListener('securitypolicyviolation', "
    "e => window.cspViolations.push(e.violatedDirective + ' ' + e.blockedURI));"
)


@pytest.fixture(scope="module")
def server(output_dir: Path) -> Iterator[Gunicorn]:
    with Gunicorn(workers=1, name="docs-server", log_dir=output_dir / "logs") as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium, headless, with the test host mapped to loopback (one for the module:
    Playwright's sync API runs one instance at a time)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=[*CHROMIUM_FLAGS, f"--host-resolver-rules=MAP {HOST} 127.0.0.1"],
        )
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture(scope="module")
def browser_page(server: Gunicorn, browser: Any) -> Iterator[tuple[object, list[str], list[str]]]:
    origin = f"{HOST}:{server.port}"
    seen: list[str] = []
    refused: list[str] = []
    with page_in(
        browser, origin_only(origin, refused), seen, 1280, 900
    ) as page:  # CSP violations kept for the last test
        page.goto(f"http://{origin}/docs", wait_until="networkidle")
        page.wait_for_selector(".opblock", timeout=20_000)
        yield page, seen, refused


def origin_only(origin: str, refused: list[str]) -> Callable[[Any], None]:
    """A route handler (Playwright's ``Route``) that lets requests to ``origin`` (host:port) through
    and refuses any other request over the network, noting its URL in ``refused``."""

    def guard(route: Any) -> None:
        url = route.request.url
        if urlsplit(url).scheme in ("http", "https", "ws", "wss") and urlsplit(url).netloc != origin:
            refused.append(url)
            route.abort()
        else:
            route.continue_()

    return guard


def posting(url: str, body: dict[str, Any]) -> Callable[[Any], None]:
    """A route handler that sends the browser's navigation to ``url`` on as a POST of ``body`` (JSON,
    ``Accept: text/html``): the page an operation answers, with the server's own headers. Any other
    request is refused (a printout loads nothing else)."""

    def as_post(route: Any) -> None:
        if route.request.url == url and route.request.is_navigation_request():
            headers = {**route.request.headers, "content-type": "application/json", "accept": "text/html"}
            route.continue_(method="POST", post_data=json.dumps(body), headers=headers)
        else:
            route.abort()

    return as_post


@contextmanager
def page_in(browser: Any, handler: Callable[[Any], None], seen: list[str], width: int, height: int) -> Iterator[Any]:
    """A page in a fresh context whose every request goes through ``handler`` and is noted in
    ``seen``, and whose every Content-Security-Policy violation is kept in ``window.cspViolations``."""
    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        context.route("**/*", handler)
        page = context.new_page()
        page.on("request", lambda request: seen.append(request.url))
        page.add_init_script(CSP_WATCH)
        yield page
    finally:
        context.close()


def documented_operations(server: Gunicorn) -> set[tuple[str, str]]:
    with urllib.request.urlopen(server.url + "/openapi.yaml", timeout=10) as response:
        document = yaml.safe_load(response.read())
    return {(method.upper(), path) for path, item in document["paths"].items() for method in item if method in METHODS}


def test_docs_load_with_no_external_request(server: Gunicorn, browser_page: tuple) -> None:
    page, seen, refused = browser_page
    assert refused == []
    assert seen, "the page made requests"
    origin = f"{HOST}:{server.port}"
    external = [u for u in seen if urlsplit(u).scheme not in ("data", "blob", "about") and urlsplit(u).netloc != origin]
    assert external == []
    assert f"http://{origin}/openapi.yaml" in seen  # the contract came from the service itself
    assert page.locator(".information-container .title").inner_text().startswith("Cribbage scoring API")
    assert page.locator(".errors-wrapper").count() == 0


def test_docs_list_every_operation(server: Gunicorn, browser_page: tuple, output_dir: Path) -> None:
    page, _, _ = browser_page
    expected = documented_operations(server)
    page.wait_for_function(f"document.querySelectorAll('.opblock').length >= {len(expected)}")
    shown = page.eval_on_selector_all(
        ".opblock",
        """blocks => blocks.map(b => [
               b.querySelector('.opblock-summary-method').textContent.trim(),
               b.querySelector('.opblock-summary-path').getAttribute('data-path')])""",
    )
    assert {(method, path) for method, path in shown} == expected
    assert len(shown) == len(expected)
    page.screenshot(path=str(output_dir / "docs-operations.png"), full_page=True)


def test_try_it_out_scores_the_29_hand(browser_page: tuple, output_dir: Path) -> None:
    page, _, refused = browser_page
    operation = page.locator("#operations-hands-scoreHand")
    operation.locator(".opblock-summary").click()
    try_it = operation.get_by_role("button", name="Try it out")
    if try_it.count():  # tryItOutEnabled opens the editor already; click only when it is not open
        try_it.click()
    editor = operation.locator("textarea.body-param__text")
    editor.fill('{"hand": ["5S", "5H", "5D", "JC"], "starter": "5C"}')
    operation.locator("button.execute").click()
    status = operation.locator(".live-responses-table .response .response-col_status").first
    status.wait_for(timeout=20_000)
    assert status.inner_text().strip() == "200"
    code = operation.locator(".live-responses-table .response-col_description .highlight-code").first
    body = code.inner_text()
    assert re.search(r'"total":\s*29\b', body), body
    # Keys come sorted, so "total" is the last line: scroll the response box down to show it.
    code.evaluate("box => box.querySelectorAll('*').forEach(e => { e.scrollTop = e.scrollHeight; })")
    operation.locator(".live-responses-table").scroll_into_view_if_needed()
    operation.locator(".live-responses-table").screenshot(path=str(output_dir / "docs-try-it-out-29-response.png"))
    operation.screenshot(path=str(output_dir / "docs-try-it-out-29-operation.png"))
    page.screenshot(path=str(output_dir / "docs-try-it-out-29-page.png"))
    assert refused == []


def test_the_page_works_under_its_content_security_policy(server: Gunicorn, browser_page: tuple) -> None:
    # Last, so that loading, listing and "Try it out" above all ran under the policy.
    page, _, _ = browser_page
    with urllib.request.urlopen(server.url + "/docs", timeout=10) as response:
        policy = response.headers["Content-Security-Policy"]
    assert (
        "script-src 'self' 'sha256-" in policy and "'unsafe-inline'" not in policy.split("script-src")[1].split(";")[0]
    )
    assert page.evaluate("window.cspViolations") == []
    # The policy is enforced, not merely sent: an inline script the page did not ship is refused.
    page.evaluate("""() => { const s = document.createElement('script');
                             s.textContent = 'window.injected = true'; document.body.appendChild(s); }""")
    assert page.evaluate("window.injected === undefined")
    assert any(v.startswith("script-src") for v in page.evaluate("window.cspViolations"))


# --- a printable page the event tools answer with ----------------------------------------------------

STANDINGS = {
    "games": [
        {"players": ["ann", "bob"], "scores": [121, 95]},
        {"players": ["bob", "=cmd|' /C calc'!A0"], "scores": [121, 88]},
        {"players": ["=cmd|' /C calc'!A0", "ann"], "scores": [121, 119]},
        {"players": ["<b>dee</b>", "ann"], "scores": [60, 121]},
    ]
}


def test_a_standings_page_opens_under_its_own_policy(server: Gunicorn, browser: Any, output_dir: Path) -> None:
    # The page is the answer to a POST: the browser's navigation to the operation is sent on as that POST
    # (JSON body, Accept: text/html), so the page arrives with the server's own headers, its policy too.
    url = f"http://{HOST}:{server.port}/v1/tournaments/standings"
    requests: list[str] = []
    with page_in(browser, posting(url, STANDINGS), requests, 900, 700) as page:
        response = page.goto(url, wait_until="load")
        assert response is not None and response.status == 200
        assert response.headers["content-type"] == "text/html; charset=utf-8"
        assert response.headers["content-security-policy"].startswith("default-src 'none'; style-src 'sha256-")
        assert page.title() == "Standings"
        rows = page.eval_on_selector_all("tbody tr", "rows => rows.map(r => [...r.cells].map(c => c.textContent))")
        assert [row[1] for row in rows] == ["ann", "bob", "=cmd|' /C calc'!A0", "<b>dee</b>"]  # text, never markup
        assert page.locator("table").count() == 1 and page.locator("script").count() == 0
        # The inline style applies (its hash is in the policy): header cells shaded, numbers right-aligned.
        assert page.eval_on_selector("th", "th => getComputedStyle(th).backgroundColor") == "rgb(238, 238, 238)"
        assert page.eval_on_selector("td.num", "td => getComputedStyle(td).textAlign") == "right"
        assert page.evaluate("window.cspViolations") == []
        page.screenshot(path=str(output_dir / "standings-page.png"), full_page=True)
        page.pdf(path=str(output_dir / "standings-page.pdf"))  # printable: Chromium prints it
        # Enforced, not merely sent: a script the page did not ship does not run.
        page.evaluate("""() => { const s = document.createElement('script');
                                 s.textContent = 'window.injected = true'; document.body.appendChild(s); }""")
        assert page.evaluate("window.injected === undefined")
        assert any(v.startswith("script-src") for v in page.evaluate("window.cspViolations"))
    assert requests == [url]  # the page loads nothing else


# --- printouts: the bracket drawn in its page, a pairing sheet -------------------------------------

BRACKET = {
    "players": ["ann", "bye", "winner of 1", "dee", "eve", "fay"],
    "match": {"format": "best_of", "length": 3},
    "results": {"2": {"games": [[121, 100], [99, 121], [121, 110]]}, "4": {"games": [[121, 95], [121, 119]]}},
    "heading": {"name": "Club open", "date": "2026-12-03", "round": "Playoffs"},
}
PAIRINGS = {
    "players": [f"player {n:02d}" for n in range(1, 40)] + ["bye"],
    "heading": {"name": "Club open", "date": "2026-12-03", "round": "1"},
}


@contextmanager
def open_printout(browser: Any, server: Gunicorn, path: str, body: dict[str, Any]) -> Iterator[Any]:
    """The page a POST answers, opened as a browser navigation (as for the standings page)."""
    url = f"http://{HOST}:{server.port}{path}"
    requests: list[str] = []
    with page_in(browser, posting(url, body), requests, 1280, 900) as page:
        response = page.goto(url, wait_until="load")
        assert response is not None and response.status == 200
        assert response.headers["content-security-policy"].startswith("default-src 'none'; style-src 'sha256-")
        yield page
        assert page.evaluate("window.cspViolations") == []  # the inline SVG and the style pass the policy
    assert requests == [url]  # nothing else loaded


def test_the_bracket_page_draws_the_bracket_under_its_policy(server: Gunicorn, browser: Any, output_dir: Path) -> None:
    with open_printout(browser, server, "/v1/tournaments/elimination", BRACKET) as page:
        assert page.locator("svg.bracket").count() == 1 and page.locator("script").count() == 0
        box = page.eval_on_selector(
            "svg.bracket", "s => { const r = s.getBoundingClientRect(); return [r.width, r.height]; }"
        )
        assert box[0] > 600 and box[1] > 200  # drawn, at the page's width
        # The page's style reaches the SVG: the winner's name bold, the sheet's words italic.
        won = page.locator("svg.bracket text.won").first
        assert won.evaluate("t => getComputedStyle(t).fontWeight") == "700"
        assert page.locator("svg.bracket text.word").first.evaluate("t => getComputedStyle(t).fontStyle") == "italic"
        names = page.eval_on_selector_all("svg.bracket text.name", "ts => ts.map(t => t.textContent)")
        assert "bye" in names and "winner of 1" in names  # players so named are names
        assert page.locator("header.event").inner_text() == "Club open · 2026-12-03 · Playoffs"
        page.screenshot(path=str(output_dir / "bracket-page.png"), full_page=True)
        page.pdf(path=str(output_dir / "bracket-page.pdf"), landscape=True)


def test_a_pairing_sheet_prints_the_heading_on_every_page(server: Gunicorn, browser: Any, output_dir: Path) -> None:
    with open_printout(browser, server, "/v1/tournaments/event/pairings", PAIRINGS) as page:
        rows = page.eval_on_selector_all("tbody tr", "rows => rows.map(r => [...r.cells].map(c => c.textContent))")
        assert len(rows) == 20 and [row[1] for row in rows] == [str(n) for n in range(1, 21)]
        assert page.eval_on_selector("thead tr.event th", "th => th.textContent") == "Club open · 2026-12-03 · Round 1"
        # The event's line is the first row of the table's head, which is repeated on every printed page.
        page.emulate_media(media="print")
        assert page.eval_on_selector("thead", "t => getComputedStyle(t).display") == "table-header-group"
        page.screenshot(path=str(output_dir / "pairing-sheet.png"), full_page=True)
        page.pdf(path=str(output_dir / "pairing-sheet.pdf"))
    with open_printout(browser, server, "/v1/tournaments/event/pairings", {**PAIRINGS, "sheet": "scorecards"}) as page:
        assert page.locator("section.scorecard").count() == 20
        assert page.locator("section.scorecard header.event").count() == 20
        printed = page.pdf(path=str(output_dir / "scorecards.pdf"))
        assert pages_in(printed) == 10  # two cards a printed page
        page.screenshot(path=str(output_dir / "scorecards.png"), full_page=True)
    with open_printout(browser, server, "/v1/tournaments/event/pairings", {**PAIRINGS, "sheet": "table_cards"}) as page:
        assert page.locator("section.table-card header.event").count() == 20
        assert pages_in(page.pdf(path=str(output_dir / "table-cards.pdf"))) == 20  # a page each


def pages_in(pdf: bytes) -> int:
    """How many pages a PDF has (its page objects: Chromium writes them uncompressed)."""
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))
