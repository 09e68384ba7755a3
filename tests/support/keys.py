"""The state key of the in-process test apps.

Deals come from a game's seed mixed with a secret derived from the state key, so a test that
relies on what a seed deals needs the same key every run: this one (for tests only).
"""

TEST_STATE_KEY = "kkoNS9BqGzWww-6DUzdXSU5Fo7ollg2WqAuwIRiM4Ys="
