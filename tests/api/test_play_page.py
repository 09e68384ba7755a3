"""The /play page's files as the service serves them (the browser tests in tests/system play it).

Every file the page loads, found by following its references from ``/play`` (the page's ``src`` and
``href``, each module's ``import``), is served with its own content type, ``nosniff`` and the page's
Content-Security-Policy, which allows this origin only and no inline script or style; and no file
names anything outside the service (no CDN, no font, no analytics). The package data (pyproject.toml)
covers every file of the page, so an installed service (and the image) serves what the tests play.
"""

from __future__ import annotations

import re
import tomllib
from fnmatch import fnmatch
from pathlib import Path

import pytest
from flask.testing import FlaskClient

ROOT = Path(__file__).resolve().parents[2]
PAGE_DIR = ROOT / "service" / "play"
TYPES = {".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml"}
# The policy, directive by directive, as a browser reads it (written out here, not imported).
POLICY = {
    "default-src": "'none'",
    "script-src": "'self'",
    "style-src": "'self'",
    "img-src": "'self'",
    "connect-src": "'self'",
    "base-uri": "'none'",
    "form-action": "'none'",
    "frame-ancestors": "'none'",
}
HTML_REFERENCE = re.compile(r"""\b(?:src|href)="([^"]+)\"""")
STATIC_IMPORT = re.compile(r"""^\s*import\s[^;]*?from\s+"([^"]+)";""", re.MULTILINE | re.DOTALL)
# Anything that looks like an address elsewhere: a scheme, or a protocol-relative URL in a string.
EXTERNAL = re.compile(r"""(?:https?:|wss?:)//|["'(]//[a-z0-9]""", re.IGNORECASE)
SVG_NAMESPACE = "http://www.w3.org/2000/svg"  # a name, never fetched


def referenced(client: FlaskClient) -> dict[str, bytes]:
    """Every path the page loads, from /play down through each module's imports: path -> body."""
    found: dict[str, bytes] = {}
    todo = ["/play"]
    while todo:
        path = todo.pop()
        if path in found:
            continue
        response = client.get(path)
        assert response.status_code == 200, path
        found[path] = response.data
        text = response.get_data(as_text=True)
        if path == "/play":
            todo += HTML_REFERENCE.findall(text)
        elif path.endswith(".js"):
            todo += ["/play/" + name.removeprefix("./") for name in STATIC_IMPORT.findall(text)]
    return found


def test_the_page_and_every_file_it_loads_are_served_as_what_they_are(client: FlaskClient) -> None:
    files = referenced(client)
    assert set(files) >= {"/play", "/play/app.js", "/play/api.js", "/play/play.css", "/play/icon.svg"}
    for path in files:
        response = client.get(path)
        suffix = ".html" if path == "/play" else Path(path).suffix
        assert response.mimetype == TYPES[suffix], path
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        policy = dict(part.split(" ", 1) for part in response.headers["Content-Security-Policy"].split("; "))
        assert policy == POLICY, path
        assert len(response.headers.getlist("Content-Security-Policy")) == 1
    # Every file of the page is one it loads (nothing left over), but relay.js, which only the relay's links load.
    on_disk = {"/play/" + p.name for p in PAGE_DIR.iterdir() if p.suffix in TYPES and p.name != "index.html"}
    assert on_disk - {"/play/relay.js"} <= set(files)


def test_the_page_names_nothing_outside_the_service(client: FlaskClient) -> None:
    for path, body in referenced(client).items():
        text = body.decode("utf-8").replace(SVG_NAMESPACE, "")
        assert not EXTERNAL.search(text), (path, EXTERNAL.search(text))


def test_the_page_has_no_inline_script_or_style() -> None:
    html = (PAGE_DIR / "index.html").read_text(encoding="utf-8")
    assert re.findall(r"<script\b[^>]*>", html) == ['<script type="module" src="/play/app.js">']
    assert "<style" not in html and " style=" not in html and not re.search(r"\son[a-z]+=", html)  # no handler
    for script in PAGE_DIR.glob("*.js"):  # a style set as an attribute would be refused by the policy
        text = script.read_text(encoding="utf-8")
        assert 'setAttribute("style"' not in text and "innerHTML" not in text, script.name


def test_a_revalidation_is_a_304_without_the_body(client: FlaskClient) -> None:
    first = client.get("/play/app.js")
    assert first.headers["Cache-Control"] == "no-cache" and first.headers["ETag"]
    again = client.get("/play/app.js", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.data == b""


@pytest.mark.parametrize("path", ["/play/nothing.js", "/play/app.py", "/play/..%2Fapi%2Fplay.py", "/play/a/b.js"])
def test_anything_else_under_play_is_a_404_problem(client: FlaskClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 404 and response.mimetype == "application/problem+json"


def test_the_package_data_ships_every_file_of_the_page() -> None:
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["service"]
    for file in PAGE_DIR.iterdir():
        assert any(fnmatch(f"play/{file.name}", pattern) for pattern in patterns), file.name
