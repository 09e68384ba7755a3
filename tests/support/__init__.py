"""Helpers shared by the tests, in one place: reference scorers written independently of the
service (``reference``), worked cases from docs/rules.md (``cases``), players for whole games
(``players``), problem+json assertions (``problems``), the exhaustive table (``exhaustive``),
servers started for system tests and benchmarks (``servers``), and the wire form of core
values (``wire``) for core tests that read events as a client would."""
