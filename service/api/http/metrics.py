"""Prometheus metrics of the requests, exact across gunicorn's workers.

``GET /metrics`` in the Prometheus text format: request counts by method, route and status
and a latency histogram by method and route. The route is the URL rule (``/v1/hands/score``),
never the raw path, so label cardinality stays bounded. Under gunicorn the counts are exact
across workers: each worker writes its values, at once, into its own files in
``PROMETHEUS_MULTIPROC_DIR`` in prometheus_client's multiprocess format, and a scrape
(prometheus_client's ``MultiProcessCollector``) adds every file up.
``service/gunicorn_conf.py`` creates a temporary directory when none is configured.
In-process (tests, ``flask run``) the values are only kept in memory. A threaded server
(``wsgi.multithread`` in the environ) counts under a lock; gunicorn's sync workers answer one
request at a time and need none. :func:`.observability.observed` records each request.

Why the metrics do not go through prometheus_client's ``Counter``/``Histogram``: in
multiprocess mode each of their increments takes a lock, asks the kernel for the process id
(to notice a fork) and goes through three layers of calls; a request makes three of them,
about 15,000 instructions. Here a request's three values change in place in the same files
(one 8-byte store each through a view of doubles), about 6,000 instructions in all, and the
library still reads and exposes them.

Worker recycling would leave one metrics file per dead worker behind, which slows every
scrape as they pile up; :func:`retire_worker` (called from gunicorn's ``child_exit`` hook)
folds a dead worker's counts into one archive file under an exclusive lock that scrapes
share, so totals never jump.
"""

from __future__ import annotations

import fcntl
import mmap
import os
import struct
import threading
from bisect import bisect_left
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import accumulate
from typing import Any

from prometheus_client import CollectorRegistry, generate_latest, multiprocess
from prometheus_client.core import CounterMetricFamily, HistogramMetricFamily
from prometheus_client.mmap_dict import MmapedDict, mmap_key
from prometheus_client.multiprocess import MultiProcessCollector
from prometheus_client.utils import floatToGoString

# In-app times run from about 0.1 ms (a health check) to a few ms (a game move), and only the
# heavy analyses reach tens of ms, so the resolution is below 10 ms. Above 2.5 s nothing
# finer is worth a series: gunicorn's timeout (15 s) ends such requests anyway.
LATENCY_BUCKETS = (0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.1, 0.5, 2.5)
_BOUNDS = (*LATENCY_BUCKETS, float("inf"))
MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"
REQUESTS_METRIC = "cribbage_http_requests"
LATENCY_METRIC = "cribbage_http_request_duration_seconds"
_REQUESTS_HELP = "HTTP requests answered, by method, route (URL rule) and status."
_LATENCY_HELP = "Time to answer a request, by method and route."
_FILE_TAG = "cribbage"  # our files' names, apart from any prometheus_client metric of the process

_pid = os.getpid()


def _after_fork() -> None:
    """In a forked child (a gunicorn worker): its own pid, and no metrics of its parent's."""
    global _pid, _metrics
    _pid = os.getpid()
    _metrics = None


os.register_at_fork(after_in_child=_after_fork)


@contextmanager
def _directory_lock(directory: str, exclusive: bool) -> Iterator[None]:
    """A lock over the multiprocess directory: scrapes share it, :func:`retire_worker` takes
    it alone while it moves a dead worker's counts into the archive."""
    with open(os.path.join(directory, ".lock"), "a+b") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _go_float(value: float) -> str:
    """A bucket bound as Prometheus writes it (``+Inf``, ``0.005``, ``1.0``)."""
    return str(floatToGoString(value))  # type: ignore[no-untyped-call]


_MMAPED_DICT: Any = MmapedDict  # prometheus_client's multiprocess file (untyped)


_INT = struct.Struct("i")
_HEADER = 8  # bytes used (int32), then 4 spare
_INITIAL_SIZE = 1 << 16


class _Samples:
    """The values of one metric type in this process, laid out as prometheus_client's
    multiprocess files are: the header, then per sample its key's length (int32), the key
    (UTF-8 JSON, space-padded so what follows is 8-byte aligned), its value and a timestamp
    (float64 each). With a ``path`` the layout lives in that file (the worker's file in the
    multiprocess directory, which the library's ``MultiProcessCollector`` reads); without,
    in memory. A value changes by one aligned 8-byte store through a view of doubles, so a
    scrape never sees half of one, and a new sample is whole before the header counts it."""

    def __init__(self, path: str | None) -> None:
        self.index: dict[str, int] = {}  # key -> position of its value among the doubles
        self._file = open(path, "a+b") if path else None  # noqa: SIM115 (open for the worker's life, closed in close())
        self._buffer: mmap.mmap | bytearray = bytearray()
        self.values = memoryview(b"").cast("d")
        size = os.fstat(self._file.fileno()).st_size if self._file else 0
        self._used = _HEADER
        self._map(max(size, _INITIAL_SIZE))
        if size and path:  # this process's file already (another Metrics before): go on from it
            for key, _, _, position in _MMAPED_DICT.read_all_values_from_file(path):
                self.index[key] = position // 8
            self._used = _INT.unpack_from(self._buffer, 0)[0]
        else:
            self._buffer[0:4] = _INT.pack(self._used)

    def _map(self, size: int) -> None:
        old = self._buffer
        self.values.release()
        if self._file is None:
            buffer: mmap.mmap | bytearray = bytearray(size)
            buffer[: len(old)] = old
        else:
            self._file.truncate(max(size, os.fstat(self._file.fileno()).st_size))
            buffer = mmap.mmap(self._file.fileno(), size)
            if isinstance(old, mmap.mmap):
                old.close()
        self._buffer = buffer
        self.values = memoryview(buffer).cast("d")

    def add(self, key: str) -> int:
        """The position of ``key``'s value, appending it (at 0) if it is new."""
        position = self.index.get(key)
        if position is not None:
            return position
        encoded = key.encode()
        padded = encoded + b" " * (8 - (len(encoded) + 4) % 8)
        entry = _INT.pack(len(encoded)) + padded + bytes(16)  # value and timestamp 0.0
        end = self._used + len(entry)
        size = len(self._buffer)
        while end > size:
            size *= 2
        if size > len(self._buffer):
            self._map(size)
        self._buffer[self._used : end] = entry
        self._buffer[0:4] = _INT.pack(end)
        self._used = end
        self.index[key] = position = (end - 16) // 8
        return position


class Metrics:
    """Request counters and latency histograms, one set per process (several apps in one
    process, as in the tests, share it: two writers of one worker file would overwrite each
    other's counts)."""

    def __init__(self) -> None:
        directory = os.environ.get(MULTIPROC_ENV)
        if directory:
            os.makedirs(directory, exist_ok=True)
        self.directory = directory
        # Held by callers on threaded servers (observed() checks wsgi.multithread) and by scrapes;
        # a sync worker runs one request at a time, and a lock a request costs as much as a count.
        self.lock = threading.Lock()

        def path(kind: str) -> str | None:
            return os.path.join(directory, f"{kind}_{_FILE_TAG}_{_pid}.db") if directory else None

        self._counts = _Samples(path("counter"))
        self._latencies = _Samples(path("histogram"))
        # (method, route, status) -> positions of its count, its latency sum and its buckets' counts
        self._series: dict[tuple[str, str, str], tuple[int, int, tuple[int, ...]]] = {}
        self._histograms: dict[tuple[str, str], tuple[int, tuple[int, ...]]] = {}

    def _new_series(self, key: tuple[str, str, str]) -> tuple[int, int, tuple[int, ...]]:
        method, route, status = key
        histogram = self._histograms.get((method, route))
        if histogram is None:
            names, values = ["method", "route"], [method, route]
            histogram = self._histograms[method, route] = (
                self._latencies.add(mmap_key(LATENCY_METRIC, LATENCY_METRIC + "_sum", names, values, _LATENCY_HELP)),
                tuple(
                    self._latencies.add(
                        mmap_key(
                            LATENCY_METRIC,
                            LATENCY_METRIC + "_bucket",
                            [*names, "le"],
                            [*values, _go_float(bound)],
                            _LATENCY_HELP,
                        )
                    )
                    for bound in _BOUNDS
                ),
            )
        count = self._counts.add(
            mmap_key(
                REQUESTS_METRIC,
                REQUESTS_METRIC + "_total",
                ["method", "route", "status"],
                [method, route, status],
                _REQUESTS_HELP,
            )
        )
        series = self._series[key] = (count, *histogram)
        return series

    def observe(self, method: str, route: str, status: str, seconds: float) -> None:
        """Count one request and its time, in the file at once: a scrape right after sees it.
        Not thread-safe: on a threaded server, hold :attr:`lock`."""
        key = (method, route, status)
        count, total, buckets = self._series.get(key) or self._new_series(key)
        self._counts.values[count] += 1.0
        latencies = self._latencies.values
        latencies[total] += seconds
        latencies[buckets[bisect_left(_BOUNDS, seconds)]] += 1.0  # the first bound >= seconds: "le"

    def collect(self) -> Iterator[Any]:
        """This process's values as metric families (the in-process registry's collector)."""
        requests = CounterMetricFamily(REQUESTS_METRIC, _REQUESTS_HELP, labels=("method", "route", "status"))
        latency = HistogramMetricFamily(LATENCY_METRIC, _LATENCY_HELP, labels=("method", "route"))
        with self.lock:
            counts, latencies = self._counts.values, self._latencies.values
            for series, (count, _, _) in sorted(self._series.items()):
                requests.add_metric(series, counts[count])
            for histogram, (total, buckets) in sorted(self._histograms.items()):
                cumulative = accumulate(latencies[bucket] for bucket in buckets)
                latency.add_metric(
                    histogram, [(_go_float(b), n) for b, n in zip(_BOUNDS, cumulative)], latencies[total]
                )
        yield requests
        yield latency

    def render(self) -> bytes:
        registry = CollectorRegistry()
        if not self.directory:
            registry.register(self)
            return bytes(generate_latest(registry))
        MultiProcessCollector(registry, path=self.directory)  # type: ignore[no-untyped-call]
        with _directory_lock(self.directory, exclusive=False):
            return bytes(generate_latest(registry))


_metrics: Metrics | None = None


def metrics() -> Metrics:
    """The process's :class:`Metrics`, created on first use (in a gunicorn worker: right
    after the fork, from ``post_fork``)."""
    global _metrics
    if _metrics is None:
        _metrics = Metrics()
    return _metrics


_ARCHIVED_TYPES = ("counter", "histogram", "summary")


def retire_worker(pid: int, directory: str | None = None) -> None:
    """Bookkeeping when a gunicorn worker exits (its ``child_exit`` hook): drop its live
    gauges and fold its counters and histograms into ``<type>_archive.db``, so totals stay
    whole while the directory keeps one file per type instead of one per worker ever run.
    Both this module's files and any prometheus_client metric's (``<type>_<pid>.db``) are folded."""
    directory = directory or os.environ.get(MULTIPROC_ENV)
    if not directory or not os.path.isdir(directory):
        return
    multiprocess.mark_process_dead(pid, directory)  # type: ignore[no-untyped-call]
    with _directory_lock(directory, exclusive=True):
        for kind in _ARCHIVED_TYPES:
            for name in (f"{kind}_{pid}.db", f"{kind}_{_FILE_TAG}_{pid}.db"):
                dead = os.path.join(directory, name)
                if not os.path.exists(dead):
                    continue
                archive = _MMAPED_DICT(os.path.join(directory, f"{kind}_archive.db"))
                try:
                    for key, value, timestamp, _ in _MMAPED_DICT.read_all_values_from_file(dead):
                        current, _ = archive.read_value(key)
                        archive.write_value(key, current + value, timestamp)
                finally:
                    archive.close()
                os.remove(dead)


def clear_directory(directory: str) -> None:
    """Remove metric files a previous run left behind (counters restart with the server)."""
    for name in os.listdir(directory):
        if name.endswith(".db"):
            os.remove(os.path.join(directory, name))
