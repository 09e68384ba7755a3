"""An event as it runs: a roster, then rounds of tables, byes and scorecards.

The director keeps one event file (the service keeps nothing) and sends it whole, in four
lists a spreadsheet could hold (each line says its round):

* the **roster** (:class:`Entry`): every player once, with the round a late entry joins
  and the game points (and spread) the director gives for the rounds missed, and the last
  round of a player who withdrew (not paired again; the games played still count);
* the **tables** (:class:`Seat`) as the pairings issued them (round, table number, two
  players), the **byes** (:class:`Bye`) (``full``: a game won, as a pairing bye counts; ``half``: half a plain
  win's game points, a bye the player asked for; ``zero``: none), and the **scorecards**
  (:class:`Card`): each player hands one in for their table (ACC rule 13.2a: every qualifying
  scorecard is cross-checked), and a card without ``by`` is the director's ruling. A card
  gives the scores (in the table's order of players) or the player who ``forfeit`` the game
  (a no-show, a refusal): ACC rule 11.4b awards the opponent a win by ten spread points. A game
  given up is its scores as they stood with the player who conceded (``conceded_by``), scored
  as a conceded game ends (:func:`~service.core.scoring.outcome.conceded`, docs/rules.md 8.4).

:func:`settle` checks the whole file at once and raises one :class:`InvalidEvent` listing every
problem with its JSON pointer (names, scores, rounds, structure: the first
:data:`~service.core.scoring.results.MAX_PROBLEMS`), or returns the :class:`Ledger`: each
table's result, or why it has none (cards that disagree, no card yet). The published views
(standings after a round, the crosstable by rounds, the next round's pairings) are
:mod:`.event_views`.

>>> from ..rules import STANDARD
>>> event = Event(
...     (Entry("ann"), Entry("bob"), Entry("cy")), (Seat(1, 1, ("ann", "bob")),), (Bye(1, "cy"),),
...     (Card(1, 1, "ann", (121, 100)), Card(1, 1, "bob", (121, 100))))
>>> ledger = settle(event, STANDARD)
>>> [(t.round, t.table, t.status, t.outcome.game_points) for t in ledger.tables]
[(1, 1, 'agreed', (2, 0))]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..errors import CribbageError, InvalidEvent
from ..refusals import Said, said
from ..rules import Rules
from ..scoring.outcome import Outcome
from ..scoring.results import MAX_PROBLEMS, Problem, judge
from ..vocabulary import TableStatus
from .roster import Roster, quoted, roster_problems

ByeKind = str  # "full", "half" or "zero" (the contract's enum)
BYE_KINDS = ("full", "half", "zero")
FORFEIT_SPREAD = 10  # ACC rule 11.4b: "awarded a win by ten spread points (when applicable)"
MAX_TABLES = 50_000  # tables of all rounds: an event's games (docs/worst-cases.md)
MAX_CARDS = 100_000  # two cards a table
# Each score line's outcome, worked out once (the cards of a table say the same): :func:`judge`'s.
Judged = dict[tuple[int, ...], Outcome | CribbageError]


@dataclass(frozen=True, slots=True)
class Entry:
    """One roster line: ``joined`` the first round the player is in the field; ``points`` and
    ``spread`` given by the director (a late entry's, for the rounds missed); ``withdrawn``
    the last round of a player who left (``None``: still in)."""

    name: str
    joined: int = 1
    points: int = 0
    spread: int = 0
    withdrawn: int | None = None

    def plays(self, number: int) -> bool:
        """Whether the player is in the field in round ``number``."""
        return self.joined <= number and (self.withdrawn is None or number <= self.withdrawn)


@dataclass(frozen=True, slots=True)
class Seat:
    """A table of a round, as the pairings issued it."""

    round: int
    table: int
    players: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Bye:
    round: int
    player: str
    kind: ByeKind = "full"


@dataclass(frozen=True, slots=True)
class Card:
    """A scorecard: the round and table, who handed it in (``None``: the director's ruling),
    and either the final scores in the table's order of players or the player who forfeit; with
    the scores, ``conceded_by``: the player who gave the game up (the scores as they stood)."""

    round: int
    table: int
    by: str | None
    scores: tuple[int, ...] | None = None
    forfeit: str | None = None
    conceded_by: str | None = None


@dataclass(frozen=True, slots=True)
class Event:
    """The roster and every round's lines; the rounds so far are the highest round a table or
    a bye names (a round is paired before its cards come in)."""

    roster: tuple[Entry, ...]
    tables: tuple[Seat, ...] = ()
    byes: tuple[Bye, ...] = ()
    cards: tuple[Card, ...] = ()

    @property
    def rounds(self) -> int:
        return max(max((t.round for t in self.tables), default=0), max((b.round for b in self.byes), default=0))


@dataclass(frozen=True, slots=True)
class TableResult:
    """One table of one round, cross-checked. ``status``: ``agreed`` (two cards alike), ``one_card``
    (the only card in), ``ruled`` (the director's card decides), ``disputed`` (the players' cards
    differ: no result until a ruling), ``missing`` (no card). ``cards``: every card handed in.
    ``outcome`` (``None`` without a result) and ``forfeit`` (the player who forfeit, or ``None``)."""

    round: int
    table: int
    players: tuple[str, str]
    status: TableStatus
    cards: tuple[Card, ...]
    outcome: Outcome | None
    forfeit: str | None

    @property
    def settled(self) -> bool:
        return self.outcome is not None


@dataclass(frozen=True, slots=True)
class Ledger:
    """A checked event: the roster (names normalised), each round's tables and byes."""

    entries: tuple[Entry, ...]
    rounds: int
    tables: tuple[TableResult, ...]
    byes: tuple[Bye, ...]

    def entry(self, name: str) -> Entry:
        return next(e for e in self.entries if e.name == name)


class Check:
    """The problems found so far (the first :data:`MAX_PROBLEMS` kept, all counted), raised
    together as one :class:`InvalidEvent` (every mistake in one answer)."""

    def __init__(self) -> None:
        self.kept: list[Problem] = []
        self.total = 0

    def add(self, pointer: str, detail: Said | str) -> None:
        self.total += 1
        if len(self.kept) < MAX_PROBLEMS:
            self.kept.append(Problem(pointer, detail))

    def extend(self, problems: Sequence[Problem]) -> None:
        for p in problems:
            self.add(p.pointer, p.detail)

    def raise_any(self, summary: Said | None = None) -> None:
        """Raise the problems found, if any: ``summary`` (or the one problem, or their count)
        as the message, every problem kept in ``errors``."""
        if not self.total:
            return
        first = self.kept[0]
        truncated = self.total > len(self.kept)
        message = (
            summary
            if summary is not None
            else first.detail
            if self.total == 1
            else said("ev_problems_first", count=self.total, kept=len(self.kept))
            if truncated
            else said("ev_problems", count=self.total)
        )
        raise InvalidEvent(
            message,
            pointer=first.pointer,
            errors=[{"pointer": p.pointer, "detail": p.detail} for p in self.kept],
            **({"truncated": True} if truncated else {}),
        )


def settled_first(tables: Sequence[TableResult], waiting: str) -> None:
    """Refuse while any of ``tables`` has no result (cards that differ, or none): one problem a
    table, naming its round, table and players, all in one answer; ``waiting`` (a refusal key:
    ``waiting_pairing``, ``waiting_playoff``) says what waits for them."""
    check = Check()
    check.extend(unsettled(tables))
    if check.total == 1:
        check.raise_any(said("ev_unsettled_one", waiting=said(waiting)))
    check.raise_any(said("ev_unsettled", count=check.total, waiting=said(waiting)))


def unsettled(tables: Sequence[TableResult]) -> list[Problem]:
    """A problem for each of ``tables`` that has no result (cards that differ, or none), naming
    its round, table and players."""
    problems = []
    for t in tables:
        if not t.settled:
            kind = "ev_table_disputed" if t.status == "disputed" else "ev_table_missing"
            problems.append(Problem("/cards", said(kind, round=t.round, table=t.table, players=quoted(t.players))))
    return problems


def forfeit_outcome(loser: int, rules: Rules) -> Outcome:
    """A forfeit (ACC 11.4b): the other side is awarded a win, a plain win's game points and
    :data:`FORFEIT_SPREAD` spread points, taken from the side that forfeit; no scores, no skunk."""
    winner = 1 - loser
    points = tuple(rules.game_points[0] if side == winner else 0 for side in (0, 1))
    spread = tuple(FORFEIT_SPREAD if side == winner else -FORFEIT_SPREAD for side in (0, 1))
    return Outcome((0, 0), winner, FORFEIT_SPREAD, 0, (0, 0), points, spread, rules.game_point_scheme, (), False)


def settle(event: Event, rules: Rules, tie_break: Sequence[str] = ()) -> Ledger:
    """The event checked whole: every problem in one :class:`InvalidEvent`, or the ledger.
    ``tie_break`` (the playoff's order of tied players): when the file has problems, those of
    its lines that need no standings (each a roster name, once) come in the same answer; which
    ties it must order is known only from the standings (:func:`.cut.seeds` says the rest)."""
    check = Check()
    if rules.sides != 2:
        check.add("/variant", said("ev_two_player"))
        check.raise_any()
    check.extend(roster_problems([e.name for e in event.roster], "/players"))
    roster = Roster.of([e.name for e in event.roster])
    entries = _entries(event.roster, roster, check)
    by_name = {e.name: e for e in entries}
    if len(event.tables) > MAX_TABLES or len(event.cards) > MAX_CARDS:
        check.add("/tables", said("ev_size", tables=MAX_TABLES, cards=MAX_CARDS))
        check.raise_any()
    rounds = event.rounds
    lines: list[_Lines] = [_Lines() for _ in range(rounds + 1)]
    for i, seat in enumerate(event.tables):
        lines[seat.round].tables.append((i, seat))
    for i, bye in enumerate(event.byes):
        lines[bye.round].byes.append((i, bye))
    for i, card in enumerate(event.cards):
        if card.round > rounds:  # only a card can name a round no table or bye has
            check.add(f"/cards/{i}/round", said("ev_round_empty", round=card.round))
        else:
            lines[card.round].cards.append((i, card))
    tables: list[TableResult] = []
    byes: list[Bye] = []
    judged: Judged = {}
    for number in range(1, rounds + 1):
        if not lines[number].tables:  # its byes entered before its pairing, or a round left out
            check.add(_first_line(lines, number), said("ev_round_no_tables", round=number))
        _round(number, lines[number], roster, by_name, rules, judged, check, tables, byes)
    if check.total:  # else they come with the ties they order (cut.seeds), in that answer
        check.extend(roster.order(tie_break, "/tie_break")[1])
    check.raise_any()
    return Ledger(tuple(entries), rounds, tuple(tables), tuple(byes))


def _first_line(lines: list[_Lines], number: int) -> str:
    """Where to point for round ``number`` without tables: its first bye, else the first line of the
    next round that has any (the round was left out before it)."""
    for later in lines[number:]:
        if later.byes:
            return f"/byes/{later.byes[0][0]}/round"
        if later.tables:
            return f"/tables/{later.tables[0][0]}/round"
    return ""


@dataclass(slots=True)
class _Lines:
    """One round's lines, each with its index in the request's list."""

    tables: list[tuple[int, Seat]] = field(default_factory=list)
    byes: list[tuple[int, Bye]] = field(default_factory=list)
    cards: list[tuple[int, Card]] = field(default_factory=list)


def _entries(roster: Sequence[Entry], names: Roster, check: Check) -> list[Entry]:
    """The roster lines with names normalised, each line's rounds checked."""
    entries: list[Entry] = []
    for i, entry in enumerate(roster):
        where = f"/players/{i}"
        if entry.withdrawn is not None and entry.withdrawn < entry.joined:  # left before a round in the field
            check.add(f"{where}/withdrawn", said("ev_withdrawn_early", withdrawn=entry.withdrawn, joined=entry.joined))
        key = names.find(entry.name)
        if key is not None and names.index[key] == len(entries):
            entries.append(Entry(key, entry.joined, entry.points, entry.spread, entry.withdrawn))
    return entries


def _round(  # noqa: C901 - one pass over a round's tables, byes and cards, each problem reported where it is
    number: int,
    played: _Lines,
    roster: Roster,
    entries: dict[str, Entry],
    rules: Rules,
    judged: Judged,
    check: Check,
    tables: list[TableResult],
    byes: list[Bye],
) -> None:
    seated: dict[str, str] = {}  # player -> where in this round

    def seat(name: str, where: str) -> str | None:
        key = roster.find(name)
        if key is None:
            check.add(where, roster.unknown(name))
            return None
        entry = entries[key]
        if not entry.plays(number):
            why = (
                said("ev_joins", round=entry.joined)
                if number < entry.joined
                else said("ev_withdrew", round=entry.withdrawn)
            )
            check.add(where, said("ev_not_in_field", name=key, round=number, why=why))
        if key in seated:
            check.add(where, said("ev_seated_twice", name=key, round=number, at=seated[key]))
        seated[key] = where
        return key

    at_table: dict[int, tuple[int, tuple[str, ...]]] = {}
    for t, table in played.tables:
        where = f"/tables/{t}"
        if table.table in at_table:
            check.add(f"{where}/table", said("ev_table_twice", table=table.table, round=number))
        names = tuple(seat(name, f"{where}/players/{s}") for s, name in enumerate(table.players))
        if len(names) != 2:
            check.add(f"{where}/players", said("ev_table_two"))
        at_table.setdefault(table.table, (t, tuple(n or "" for n in names)))
    for b, bye in played.byes:
        where = f"/byes/{b}/player"
        key = roster.find(bye.player)
        if key is not None and key in seated and seated[key].startswith("/tables/"):
            check.add(where, said("ev_bye_played", name=key, round=number, at=seated[key]))
            continue
        key = seat(bye.player, where)
        if key is not None:
            byes.append(Bye(number, key, bye.kind))
    cards: dict[int, list[Card]] = {}
    handed: dict[tuple[int, str | None], int] = {}
    for c, card in played.cards:
        where = f"/cards/{c}"
        found = at_table.get(card.table)
        if found is None:
            check.add(f"{where}/table", said("ev_no_table", table=card.table, round=number))
            _unplaced(card, where, roster, rules, judged, check)  # its other problems too, in this pass
            continue
        _, players = found
        if not all(players):  # a name of its table is wrong (said there): its cards wait for the table
            _unplaced(card, where, roster, rules, judged, check)
            continue
        by = None if card.by is None else roster.find(card.by)
        if card.by is not None and by not in players:
            elsewhere = said("ev_not_at_table", name=card.by, table=card.table, round=number)
            check.add(f"{where}/by", _not_here(roster, card.by, by, elsewhere))
            _checked_card(card, None, players, where, rules, judged, roster, check)  # the rest of it, in the same pass
            continue
        if (card.table, by) in handed:
            at = f"/cards/{handed[card.table, by]}"
            twice = (
                said("ev_ruling_twice", table=card.table, at=at)
                if by is None
                else said("ev_card_twice", name=by, table=card.table, at=at)
            )
            check.add(where, twice)
            continue
        handed[card.table, by] = c
        checked = _checked_card(card, by, players, where, rules, judged, roster, check)
        if checked is not None:
            cards.setdefault(card.table, []).append(checked)
    for numbered, (_, players) in sorted(at_table.items(), key=lambda item: item[1][0]):
        if len(players) == 2 and all(players):
            pair = (players[0], players[1])
            tables.append(_cross_check(number, numbered, pair, cards.get(numbered, []), rules, judged))


def _not_here(roster: Roster, name: str, found: str | None, elsewhere: Said) -> Said:
    """What to say of a name on a card that is not at its table: a name the roster lacks (``found``
    None) as such, with the roster name it resembles ("Ann" for ann); else ``elsewhere``."""
    return roster.unknown(name) if found is None else elsewhere


def _unplaced(card: Card, where: str, roster: Roster, rules: Rules, judged: Judged, check: Check) -> None:
    """Report what is wrong with a card whose table is not known (not in the pairing, or a name of
    it wrong) without it: a name the roster lacks, and the scores of a game played out (a conceded
    one's depend on who conceded at which table, a forfeit's on the table's players)."""
    if card.by is not None and roster.find(card.by) is None:
        check.add(f"{where}/by", roster.unknown(card.by))
    if not _wrong_in_itself(card, where, check) and card.scores is not None and card.conceded_by is None:
        _scores_wrong(card.scores, None, where, rules, judged, check)


def _wrong_in_itself(card: Card, where: str, check: Check) -> bool:
    """Report a card wrong whatever its table (scores and a forfeit both or neither, or a
    forfeit conceded); whether it was."""
    if (card.scores is None) == (card.forfeit is None):
        check.add(where, said("ev_scores_or_forfeit"))
        return True
    if card.forfeit is not None and card.conceded_by is not None:
        check.add(f"{where}/conceded_by", said("ev_conceded_forfeit"))
        return True
    return False


def _scores_wrong(
    scores: tuple[int, ...], conceder: int | None, where: str, rules: Rules, judged: Judged, check: Check
) -> bool:
    """Report scores no game could end with (``conceder``: the seat that gave it up); whether they were."""
    result = judge(scores, rules, judged, conceder)
    if isinstance(result, CribbageError):
        check.add(where + (result.pointer or "/scores"), result.words)
        return True
    return False


def _checked_card(
    card: Card,
    by: str | None,
    players: tuple[str, ...],
    where: str,
    rules: Rules,
    judged: Judged,
    roster: Roster,
    check: Check,
) -> Card | None:
    """The card with its names as the roster has them, or ``None`` after reporting what is
    wrong with it."""
    if _wrong_in_itself(card, where, check):
        return None
    if card.forfeit is not None:
        loser = roster.find(card.forfeit)
        if loser not in players:
            elsewhere = said("ev_forfeit_not_at", name=card.forfeit, table=card.table)
            check.add(f"{where}/forfeit", _not_here(roster, card.forfeit, loser, elsewhere))
            return None
        return Card(card.round, card.table, by, None, loser)
    assert card.scores is not None
    conceder = None if card.conceded_by is None else roster.find(card.conceded_by)
    if card.conceded_by is not None and conceder not in players:
        elsewhere = said("ev_forfeit_not_at", name=card.conceded_by, table=card.table)
        check.add(f"{where}/conceded_by", _not_here(roster, card.conceded_by, conceder, elsewhere))
        return None
    if _scores_wrong(card.scores, None if conceder is None else players.index(conceder), where, rules, judged, check):
        return None
    return Card(card.round, card.table, by, card.scores, None, conceder)


def _cross_check(
    number: int,
    table: int,
    players: tuple[str, str],
    cards: list[Card],
    rules: Rules,
    judged: Judged,
) -> TableResult:
    """A table's result from its cards: the director's ruling if there is one, else the players'
    cards when they agree (or the one card in); cards that differ give no result."""
    status: TableStatus
    ruling = [card for card in cards if card.by is None]
    said = {(card.scores, card.forfeit, card.conceded_by) for card in cards if card.by is not None}
    if ruling:
        status, decided = "ruled", ruling[0]
    elif not cards:
        return TableResult(number, table, players, "missing", (), None, None)
    elif len(said) > 1:
        return TableResult(number, table, players, "disputed", tuple(cards), None, None)
    else:
        status, decided = ("agreed" if len(cards) == 2 else "one_card"), cards[0]
    if decided.forfeit is not None:
        result = forfeit_outcome(players.index(decided.forfeit), rules)
    else:
        assert decided.scores is not None
        side = None if decided.conceded_by is None else players.index(decided.conceded_by)
        judged_result = judge(decided.scores, rules, judged, side)
        assert isinstance(judged_result, Outcome)
        result = judged_result
    return TableResult(number, table, players, status, tuple(cards), result, decided.forfeit)


__all__ = [
    "BYE_KINDS",
    "Bye",
    "Card",
    "Check",
    "Entry",
    "Event",
    "FORFEIT_SPREAD",
    "Ledger",
    "MAX_CARDS",
    "MAX_TABLES",
    "Seat",
    "TableResult",
    "forfeit_outcome",
    "settle",
    "settled_first",
    "unsettled",
]
