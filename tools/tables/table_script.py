"""What the scripts that generate a shipped table share: the command line's ``--out`` and
``--check``, and writing the module or comparing it with the rebuild.

    python -m tools.tables.build_keep_model --check   # exit 1 if the shipped table differs
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from pathlib import Path


def parser(doc: str | None, table: Path) -> argparse.ArgumentParser:
    """A script's parser with ``--out`` (default ``table``) and ``--check``; it adds its own options."""
    out = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    out.add_argument("--out", type=Path, default=table, help="where to write the module")
    out.add_argument("--check", action="store_true", help="compare with --out instead of writing it")
    return out


def write_or_check(build: Callable[[], str], out: Path, check: bool) -> int:
    """Build the module's text; write it to ``out``, or (``check``) say whether ``out`` holds
    it already. The exit status: 1 for a check that differs, else 0."""
    start = time.perf_counter()
    text = build()
    seconds = time.perf_counter() - start
    if check:
        same = out.exists() and out.read_text() == text
        print(f"{out}: {'matches' if same else 'DIFFERS from'} the rebuild ({seconds:.1f} s)")
        return 0 if same else 1
    out.write_text(text)
    print(f"wrote {out}: {len(text.encode()):,} bytes ({seconds:.1f} s)")
    return 0


__all__ = ["parser", "write_or_check"]
