"""The scripts that build the generated tables shipped in ``service/core/computer/``.

Each rebuilds its table by self-play from a fixed seed (``python -m tools.tables.build_win_table``)
and checks the shipped one (``--check``); the tests check that each rebuild is deterministic.
"""
