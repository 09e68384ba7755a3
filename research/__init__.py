"""Research on the computer's strength: long runs and experiments, never shipped.

The ladder of the levels, paired-deal duels, the strength against the test opponents, and
the experimental players behind them; the games themselves are ``tests/support``'s, so the
bounded checks of ``tests/strength/`` play exactly the same ones.
"""
