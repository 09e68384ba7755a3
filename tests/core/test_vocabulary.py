"""The closed vocabularies are types: each list of words is its Literal's, and a typo fails mypy."""

from __future__ import annotations

from pathlib import Path
from typing import get_args

import pytest
from mypy import api

from service.core import rules, vocabulary
from service.core.boards.bounds import PEG_KINDS
from service.core.computer.players import PLAYERS
from service.core.game import events
from service.core.game.actions import ACTIONS
from service.core.scoring import match

ROOT = Path(__file__).resolve().parents[2]

# Each Literal with its tuple of words, and the words as docs/rules.md and the contract give them.
WORDS = [
    (vocabulary.CribFlush, vocabulary.CRIB_FLUSH, ("five_only", "four_or_five")),
    (vocabulary.ThreeForLast, vocabulary.THREE_FOR_LAST, ("none", "game_start", "every_deal")),
    (vocabulary.MultiGoRule, vocabulary.MULTI_GO_RULES, ("continue_until_none", "bicycle_three_hand")),
    (vocabulary.DealCutWinner, vocabulary.DEAL_CUT_WINNER, ("low", "high")),
    (vocabulary.DealCutTies, vocabulary.DEAL_CUT_TIES, ("rank", "ten_cards")),
    (
        vocabulary.OverclaimPolicy,
        vocabulary.OVERCLAIM_POLICIES,
        ("correct", "correct_and_award_excess", "correct_and_award_2"),
    ),
    (vocabulary.Tiebreaker, vocabulary.TIEBREAKERS, ("game_points", "games_won", "spread", "skunks", "head_to_head")),
    (
        vocabulary.GamePointScheme,
        vocabulary.SCHEME_NAMES,
        ("acc", "bar_league", "match_1_2_3", "match_1_2_4", "hoyle_lurch"),
    ),
    (vocabulary.Skunk, vocabulary.SKUNK_NAMES, ("none", "skunk", "double_skunk", "triple_skunk")),
    (vocabulary.MatchFormat, vocabulary.FORMATS, ("best_of", "first_to", "fixed")),
    (vocabulary.NextFirstDealer, vocabulary.NEXT_FIRST_DEALER, ("loser", "winner", "alternate")),
    (vocabulary.Phase, vocabulary.PHASES, ("discard", "play", "show")),
    (vocabulary.Level, vocabulary.LEVELS, ("standard", "easy", "hard")),
    (vocabulary.ActionType, vocabulary.ACTION_TYPES, ("discard", "play", "count", "muggins", "accept", "concede")),
    (vocabulary.CribModelName, vocabulary.CRIB_MODELS, ("uniform", "learned")),
    (vocabulary.MovePhase, vocabulary.MOVE_PHASES, ("discard", "play", "count", "muggins")),
    (vocabulary.Stage, vocabulary.STAGES, ("cut", "play", "show")),
    (vocabulary.BracketName, vocabulary.BRACKETS, ("winners", "losers", "final")),
    (vocabulary.BracketStatus, vocabulary.BRACKET_STATUSES, ("bye", "waiting", "ready", "played", "not_needed")),
    (vocabulary.SourceKind, vocabulary.SOURCE_KINDS, ("seed", "winner", "loser", "none")),
]


@pytest.mark.parametrize(("literal", "words", "expected"), WORDS, ids=[w[2][0] + "..." for w in WORDS])
def test_each_tuple_of_words_is_its_literals(
    literal: object, words: tuple[str, ...], expected: tuple[str, ...]
) -> None:
    assert words == get_args(literal) == expected


def test_the_owners_use_the_same_words() -> None:
    # The rules check options against the vocabulary's tuples, not copies of them.
    assert rules.CRIB_FLUSH is vocabulary.CRIB_FLUSH
    assert rules.SCHEME_NAMES is vocabulary.SCHEME_NAMES
    assert match.FORMATS is vocabulary.FORMATS
    # Every scheme with a table is a scheme name; Hoyle's lurch is the one without.
    assert set(vocabulary.SCHEME_NAMES) - set(rules.GAME_POINT_SCHEMES) == {"hoyle_lurch"}
    # The actions table, the computer players and the event classes cover their vocabularies.
    assert tuple(ACTIONS) == vocabulary.ACTION_TYPES
    assert set(PLAYERS) == set(vocabulary.LEVELS)
    classes = [c for c in vars(events).values() if isinstance(c, type) and issubclass(c, events.Event)]
    kinds = {c.kind for c in classes if c is not events.Event}
    assert kinds == set(vocabulary.EVENT_KINDS)
    # A board accepts every peg kind but the two it pegs itself.
    assert set(PEG_KINDS) == set(get_args(vocabulary.PegKind)) - {"three_for_last", "deal"}


def test_a_misspelt_word_is_a_type_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    snippet = tmp_path / "typo.py"
    snippet.write_text(
        "from service.core.rules import Rules\n"
        "from service.core.vocabulary import Phase\n"
        "\n"
        "\n"
        "def in_play(phase: Phase) -> bool:\n"
        '    return phase == "plya"\n'
        "\n"
        "\n"
        'RULES = Rules(crib_flush="five_ony")\n'
        'FINE = Rules(crib_flush="four_or_five")\n'
    )
    monkeypatch.chdir(ROOT)  # mypy finds the service package from here
    out, _, status = api.run(["--strict", "--no-incremental", "--cache-dir=/dev/null", str(snippet)])
    assert status == 1
    assert "typo.py:6: error: Non-overlapping equality check" in out
    assert 'typo.py:9: error: Argument "crib_flush" to "Rules" has incompatible type' in out
    assert "Found 2 errors" in out
