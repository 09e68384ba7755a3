"""What the scripts that generate a shipped table share: the command line's ``--out``,
``--check`` and ``--workers``, writing the module or comparing it with the rebuild, and
playing their seeded deals over several processes (:func:`parallel_map`).

    python -m tools.tables.build_keep_model --check   # exit 1 if the shipped table differs
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")


def default_workers() -> int:
    """Processes for a rebuild: the cores this process may use, at most 4."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return max(1, min(cores, 4))


def _apply(job: tuple[Callable[[T], R], Sequence[T]]) -> list[R]:
    function, chunk = job
    return [function(item) for item in chunk]


def parallel_map(function: Callable[[T], R], items: Sequence[T], workers: int | None = None) -> list[R]:
    """``[function(item) for item in items]``, in that order, computed by ``workers`` forked
    processes (``function`` a module-level function, or a ``functools.partial`` of one) on
    contiguous chunks of ``items``: the same list for any number of workers, so a table does not
    depend on how many there were.

    >>> parallel_map(abs, [-3, 2, -1], workers=2)
    [3, 2, 1]
    """
    workers = default_workers() if workers is None else workers
    if workers <= 1 or len(items) < 2:
        return [function(item) for item in items]
    size = -(-len(items) // (4 * workers))  # four chunks a process: one slow chunk does not hold up the rest
    jobs = [(function, items[start : start + size]) for start in range(0, len(items), size)]
    with ProcessPoolExecutor(workers, mp_context=get_context("fork")) as pool:
        return [result for chunk in pool.map(_apply, jobs) for result in chunk]


def parser(doc: str | None, table: Path) -> argparse.ArgumentParser:
    """A script's parser with ``--out`` (default ``table``), ``--check`` and ``--workers``; it adds
    its own options."""
    out = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    out.add_argument("--out", type=Path, default=table, help="where to write the module")
    out.add_argument("--check", action="store_true", help="compare with --out instead of writing it")
    out.add_argument(
        "--workers", type=int, default=default_workers(), help="processes to play the deals (the table is the same)"
    )
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


__all__ = ["parser", "write_or_check", "parallel_map", "default_workers"]
