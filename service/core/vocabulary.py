"""The service's closed vocabularies: every word a field may take from a short fixed list.

Each vocabulary is a ``typing.Literal`` alias (as python-chess types ``Color`` and
``PieceType``), so that a misspelt word is a type error under ``mypy --strict`` (its strict
equality refuses ``phase == "plya"``), with the tuple of its words derived from it by
``typing.get_args``: the words are written once, here, in the order error messages, the
token's codes and the contract's lists use. Values that arrive in a request are still
checked at run time against these tuples (by ``Rules``, ``MatchRules``, the engine and the
contract); the types say what a value is once it is checked.

>>> PHASES
('discard', 'play', 'show')
>>> "plya" in PHASES
False
"""

from __future__ import annotations

from typing import Literal, get_args

# --- the rules' options (docs/rules.md section 11) -----------------------------------------------

CribFlush = Literal["five_only", "four_or_five"]
ThreeForLast = Literal["none", "game_start", "every_deal"]
MultiGoRule = Literal["continue_until_none", "bicycle_three_hand"]
DealCutWinner = Literal["low", "high"]
# ten_cards: 10, J, Q and K are equal in the cut (Seed-nl)
DealCutTies = Literal["rank", "ten_cards"]
OverclaimPolicy = Literal["correct", "correct_and_award_excess", "correct_and_award_2"]
Tiebreaker = Literal["game_points", "games_won", "spread", "skunks", "head_to_head"]
# The schemes with a fixed table first (rules.GAME_POINT_SCHEMES), then Hoyle's lurch.
GamePointScheme = Literal["acc", "bar_league", "match_1_2_3", "match_1_2_4", "hoyle_lurch"]

CRIB_FLUSH: tuple[CribFlush, ...] = get_args(CribFlush)
THREE_FOR_LAST: tuple[ThreeForLast, ...] = get_args(ThreeForLast)
MULTI_GO_RULES: tuple[MultiGoRule, ...] = get_args(MultiGoRule)
DEAL_CUT_WINNER: tuple[DealCutWinner, ...] = get_args(DealCutWinner)
DEAL_CUT_TIES: tuple[DealCutTies, ...] = get_args(DealCutTies)
OVERCLAIM_POLICIES: tuple[OverclaimPolicy, ...] = get_args(OverclaimPolicy)
TIEBREAKERS: tuple[Tiebreaker, ...] = get_args(Tiebreaker)
SCHEME_NAMES: tuple[GamePointScheme, ...] = get_args(GamePointScheme)

# A game's skunk level by name: none (0), skunk (1), double (2), triple (3).
Skunk = Literal["none", "skunk", "double_skunk", "triple_skunk"]

SKUNK_NAMES: tuple[Skunk, ...] = get_args(Skunk)

# --- a match's rules and how it ended ----------------------------------------------------------

MatchFormat = Literal["best_of", "first_to", "fixed"]
NextFirstDealer = Literal["loser", "winner", "alternate"]
DecidedBy = Literal["triple_skunk", "points", "games"]

FORMATS: tuple[MatchFormat, ...] = get_args(MatchFormat)
NEXT_FIRST_DEALER: tuple[NextFirstDealer, ...] = get_args(NextFirstDealer)

# --- a game ------------------------------------------------------------------------------------

Phase = Literal["discard", "play", "show"]
# The phase a seat's view shows: the game's, or ``over`` once it has ended.
ViewPhase = Phase | Literal["over"]
# How well the computer plays a seat ("standard" first: token code 1).
Level = Literal["standard", "easy", "hard"]
# What a seat may do, in the order legal actions are listed (``concede``, leaving the game, is
# accepted from a person's seat at any time and never listed); ``auto`` is a request, not an
# action: the engine asks the computer for the move.
ActionType = Literal["discard", "play", "count", "muggins", "accept", "concede"]
Auto = Literal["auto"]
EventKind = Literal[
    "cut_for_deal",
    "deal",
    "discard",
    "starter",
    "play",
    "go",
    "count_reset",
    "play_over",
    "show",
    "score",
    "muggins",
    "settled",
    "game_over",
]
# Why a peg moves (a Score event's ``score_kind``).
ScoreKind = Literal[
    "play", "go", "last_card", "heels", "three_for_last", "hand", "crib", "muggins", "penalty", "overclaim"
]
# What ended a game: the score that reached the target, or the last deal of a fixed-deals game,
# or the deal limit, or a seat that conceded (a game's ``Ending``).
EndingKind = ScoreKind | Literal["fixed_deals", "deal_limit", "conceded"]
# Two, three or four cards of a rank in the play (scored 2, 6, 12).
PairKind = Literal["pair", "pair_royal", "double_pair_royal"]
# One reason of a score (a ScoreItem's ``kind``): the show's, the play's, and the pegs' own.
ItemKind = Literal[
    "fifteen",
    "pair",
    "run",
    "flush",
    "nobs",
    "thirty_one",
    "pair_royal",
    "double_pair_royal",
    "go",
    "last_card",
    "heels",
    "three_for_last",
    "hand",
    "crib",
    "muggins",
    "penalty",
    "overclaim",
]

PHASES: tuple[Phase, ...] = get_args(Phase)
LEVELS: tuple[Level, ...] = get_args(Level)
ACTION_TYPES: tuple[ActionType, ...] = get_args(ActionType)
EVENT_KINDS: tuple[EventKind, ...] = get_args(EventKind)
SCORE_KINDS: tuple[ScoreKind, ...] = get_args(ScoreKind)
ITEM_KINDS: tuple[ItemKind, ...] = get_args(ItemKind)

# --- the computer's advice -------------------------------------------------------------------

# Who owns the crib, from the advised seat's point of view.
CribOwner = Literal["self", "partner", "opponent"]
# How the other crib cards fall: every set equally likely, or the learned throws of the opponent.
CribModelName = Literal["uniform", "learned"]
# The kind of decision a seat makes, as the coach's hints and the review group them (a muggins
# call and an accept are both answers to a claim: ``muggins``).
MovePhase = Literal["discard", "play", "count", "muggins"]

CRIB_MODELS: tuple[CribModelName, ...] = get_args(CribModelName)
MOVE_PHASES: tuple[MovePhase, ...] = get_args(MovePhase)

# --- a scoreboard ------------------------------------------------------------------------------

# Where a deal being pegged stands: before the cut, in the play, in the show.
Stage = Literal["cut", "play", "show"]

# Why a board's peg moves: a client names one of the counting order's kinds, a play kind
# (``pegging``: one card's points, not itemised) or one outside the order (``muggins``,
# ``penalty``, ``other``); the board itself pegs ``three_for_last``, and ``deal`` for a deal
# scored as totals.
PegKind = Literal[
    "heels",
    "fifteen",
    "thirty_one",
    "pair",
    "pair_royal",
    "double_pair_royal",
    "run",
    "go",
    "last_card",
    "pegging",
    "hand",
    "crib",
    "muggins",
    "penalty",
    "other",
    "three_for_last",
    "deal",
]

STAGES: tuple[Stage, ...] = get_args(Stage)

# --- elimination brackets -----------------------------------------------------------------------

BracketName = Literal["winners", "losers", "final"]
# ``not_needed``: the reset of a double-elimination final, when the winners' champion won the first.
BracketStatus = Literal["bye", "waiting", "ready", "played", "not_needed"]
# Where a slot's player comes from: a seed, the winner or loser of an earlier match, or nobody (a bye).
SourceKind = Literal["seed", "winner", "loser", "none"]

# What a playoff's seeds come from: the places in the standings, or the rating list of the games.
SeedBy = Literal["standings", "ratings"]

# A scorecard table's cross-check (the event file), in the order the cross-check counts them.
TableStatus = Literal["agreed", "one_card", "ruled", "disputed", "missing"]

BRACKETS: tuple[BracketName, ...] = get_args(BracketName)
BRACKET_STATUSES: tuple[BracketStatus, ...] = get_args(BracketStatus)
SOURCE_KINDS: tuple[SourceKind, ...] = get_args(SourceKind)
TABLE_STATUSES: tuple[TableStatus, ...] = get_args(TableStatus)

__all__ = [
    "CribFlush",
    "ThreeForLast",
    "MultiGoRule",
    "DealCutWinner",
    "DealCutTies",
    "OverclaimPolicy",
    "Tiebreaker",
    "GamePointScheme",
    "CRIB_FLUSH",
    "THREE_FOR_LAST",
    "MULTI_GO_RULES",
    "DEAL_CUT_WINNER",
    "DEAL_CUT_TIES",
    "OVERCLAIM_POLICIES",
    "TIEBREAKERS",
    "SCHEME_NAMES",
    "Skunk",
    "SKUNK_NAMES",
    "MatchFormat",
    "NextFirstDealer",
    "DecidedBy",
    "FORMATS",
    "NEXT_FIRST_DEALER",
    "Phase",
    "ViewPhase",
    "Level",
    "ActionType",
    "Auto",
    "EventKind",
    "ScoreKind",
    "ItemKind",
    "PairKind",
    "EndingKind",
    "PHASES",
    "LEVELS",
    "ACTION_TYPES",
    "EVENT_KINDS",
    "SCORE_KINDS",
    "ITEM_KINDS",
    "CribOwner",
    "CribModelName",
    "MovePhase",
    "CRIB_MODELS",
    "MOVE_PHASES",
    "Stage",
    "PegKind",
    "STAGES",
    "BracketName",
    "BracketStatus",
    "SourceKind",
    "BRACKETS",
    "BRACKET_STATUSES",
    "SOURCE_KINDS",
    "SeedBy",
    "TableStatus",
    "TABLE_STATUSES",
]
