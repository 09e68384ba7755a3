"""The interactive documentation in a real browser: Debian's headless Chromium, driven by Playwright.

The page is opened under a host name that is not ``localhost`` (mapped to 127.0.0.1 inside
Chromium), as a user would reach it: Swagger UI treats localhost specially (for example it
skips its online validator there), so only a real-looking host shows what a user's browser
would fetch. Every request the page makes is recorded; anything not to the service itself
is refused and fails the test. Screenshots land in ``test-output/``.
"""

from __future__ import annotations

import re
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import yaml

from tests.support.servers import Gunicorn

pytestmark = pytest.mark.system

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
HOST = "cribbage.test"  # a reserved name, resolved to loopback by Chromium alone
METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


@pytest.fixture(scope="module")
def server(output_dir: Path) -> Iterator[Gunicorn]:
    with Gunicorn(workers=1, name="docs-server", log_dir=output_dir / "logs") as running:
        yield running


@pytest.fixture(scope="module")
def browser_page(server: Gunicorn) -> Iterator[tuple[object, list[str], list[str]]]:
    from playwright.sync_api import Route, sync_playwright

    origin = f"{HOST}:{server.port}"
    seen: list[str] = []
    refused: list[str] = []

    def guard(route: Route) -> None:
        url = route.request.url
        if urlsplit(url).scheme in ("http", "https", "ws", "wss") and urlsplit(url).netloc != origin:
            refused.append(url)
            route.abort()
        else:
            route.continue_()

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True,
            args=[*CHROMIUM_FLAGS, f"--host-resolver-rules=MAP {HOST} 127.0.0.1"],
        )
        try:
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            context.route("**/*", guard)
            page = context.new_page()
            page.on("request", lambda request: seen.append(request.url))
            # Every Content-Security-Policy violation on the page, kept for the last test.
            page.add_init_script("window.cspViolations = []; document.addEventListener("
                                 "'securitypolicyviolation', e => window.cspViolations.push("
                                 "e.violatedDirective + ' ' + e.blockedURI));")
            page.goto(f"http://{origin}/docs", wait_until="networkidle")
            page.wait_for_selector(".opblock", timeout=20_000)
            yield page, seen, refused
        finally:
            browser.close()


def documented_operations(server: Gunicorn) -> set[tuple[str, str]]:
    with urllib.request.urlopen(server.url + "/openapi.yaml", timeout=10) as response:
        document = yaml.safe_load(response.read())
    return {(method.upper(), path) for path, item in document["paths"].items()
            for method in item if method in METHODS}


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
    assert "script-src 'self' 'sha256-" in policy and "'unsafe-inline'" not in policy.split("script-src")[1].split(";")[0]
    assert page.evaluate("window.cspViolations") == []
    # The policy is enforced, not merely sent: an inline script the page did not ship is refused.
    page.evaluate("""() => { const s = document.createElement('script');
                             s.textContent = 'window.injected = true'; document.body.appendChild(s); }""")
    assert page.evaluate("window.injected === undefined")
    assert any(v.startswith("script-src") for v in page.evaluate("window.cspViolations"))
