"""``make test-long`` collects only the files that hold long-tier tests (the Makefile's ``LONG_TESTS``: collecting
every test module cost each of its processes about 25 s of CPU), so that list must name exactly those files: a long
test in a file left out would never run in ``make test-long`` (CI's ``make test-tiers`` collects every file)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.conftest import LONG_MARKERS

ROOT = Path(__file__).resolve().parents[1]
LONG_MARK = re.compile(rf"pytest\.mark\.({'|'.join(LONG_MARKERS)})\b")


def long_tests_in_makefile() -> list[str]:
    makefile = (ROOT / "Makefile").read_text()
    found = re.search(r"^LONG_TESTS :=((?:.*\\\n)*.*)$", makefile, re.MULTILINE)
    assert found, "the Makefile names the long tiers' files in LONG_TESTS"
    return found.group(1).replace("\\\n", " ").split()


def test_make_test_long_names_every_file_with_a_long_test() -> None:
    marked = sorted(
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "tests").rglob("*.py")
        if LONG_MARK.search(path.read_text()) and path.name != "test_tiers.py"
    )
    assert sorted(long_tests_in_makefile()) == marked
    recipe = (ROOT / "Makefile").read_text().split("\ntest-long:", 1)[1].split("\n\n", 1)[0]
    assert '-m "$(LONG)" $(LONG_TESTS)' in recipe
