"""The domain: cribbage's cards, rules, scoring, games, computer players and event tools.

Pure Python (the standard library only; no web framework, no wire format). The packages
depend one way, each on those above it and never on a peer or one below
(``tests/test_architecture.py`` fails otherwise):

* the base modules here: :mod:`.cards` (cards, parsing, the deck), :mod:`.rules` (one
  ``Rules`` value drives every variant), :mod:`.errors` (every refusal, typed) with
  :mod:`.refusals` (what each refusal says, as data), :mod:`.items`
  (a score item), :mod:`.vocabulary` (every closed list of words, as ``Literal`` types:
  phases, action types, event kinds, levels, rule options, bracket statuses...);
* :mod:`.scoring`: the show, the play, claims and muggins, a game's outcome, a list of
  results checked at once, one match's score;
* :mod:`.texts`: score items' names and the spoken count in five languages;
* :mod:`.game`: a whole game as pure steps (state, engine, phases, actions, events), what a
  seat sees, the record and replay, chance, the state's plaintext codec and its invariants;
* :mod:`.boards`: scoreboards for games played with real cards;
* :mod:`.tournaments`: standings, crosstables and game logs, schedules (round robin, Swiss),
  brackets and double elimination, match standings;
* :mod:`.computer`: the computer players and what is built on them (playing a seat,
  discard advice, hints, the review of a finished game) with their models and tables.
"""

LAYERS: tuple[tuple[str, ...], ...] = (
    ("cards", "rules", "errors", "refusals", "items", "vocabulary"),
    ("scoring", "texts"),
    ("game", "boards", "tournaments"),
    ("computer",),
)
"""The packages (and base modules) of the core by layer: each may import only from layers above it."""
