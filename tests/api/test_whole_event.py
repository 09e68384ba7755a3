"""A whole 64-player event run through the API as a director runs it: 63 players register, a
late entry joins in round 2 with points given, seven Swiss rounds paired by the service, two
scorecards a table with one disagreement ruled by the director, a forfeit, a withdrawal after
round 3, the standings after every round, the cut, a seeded best-of-3 playoff to a champion, and
the printouts. Every figure is checked against what this file computes by itself from the
results it made up (ACC game points: a win 2, a win with the loser under 91 3; spread 121 minus
the loser's score; a forfeit a win by ten spread points, ACC 11.4b; a full bye a game won, no
spread; docs/rules.md 8.1 and 8.5), never against the service's own output."""

from __future__ import annotations

import csv
import io
import random
from typing import Any

from flask.testing import FlaskClient

NAMES = [f"p{i:02d}" for i in range(1, 64)]
LATE, GIVEN = "late", 2  # joins in round 2 with a plain win's points for the round missed
LEAVER = "p10"  # withdraws after round 3
ROUNDS = 7
DISPUTE = (4, 2)  # round 4, table 2: the two cards differ until the director rules
FORFEIT = (5, 3)  # round 5, table 3: the visitor does not show
HTML = "text/html"


class Ledger:
    """The director's own tally, kept beside the event file."""

    def __init__(self) -> None:
        self.points: dict[str, int] = dict.fromkeys(NAMES, 0)
        self.won: dict[str, int] = dict.fromkeys(NAMES, 0)
        self.spread: dict[str, int] = dict.fromkeys(NAMES, 0)
        self.met: set[frozenset[str]] = set()
        self.byes: list[str] = []

    def game(self, a: str, b: str, scores: tuple[int, int]) -> None:
        winner, loser = (a, b) if scores[0] > scores[1] else (b, a)
        low = min(scores)
        self.points[winner] += 3 if low < 91 else 2
        self.won[winner] += 1
        self.spread[winner] += 121 - low
        self.spread[loser] -= 121 - low
        self.met.add(frozenset((a, b)))

    def forfeit(self, winner: str, loser: str) -> None:
        self.points[winner] += 2
        self.won[winner] += 1
        self.spread[winner] += 10
        self.spread[loser] -= 10
        self.met.add(frozenset((winner, loser)))

    def bye(self, name: str) -> None:
        self.points[name] += 2
        self.won[name] += 1
        self.byes.append(name)

    def join(self, name: str, points: int) -> None:
        self.points[name], self.won[name], self.spread[name] = points, 0, 0

    def key(self, name: str) -> tuple[int, int, int]:
        return (self.points[name], self.won[name], self.spread[name])

    def ranked(self) -> list[tuple[int, str]]:
        """(rank, player): ranks shared only by players equal on all three keys."""
        keys = sorted((self.key(p) for p in self.points), reverse=True)
        return sorted(
            ((1 + sum(1 for k in keys if k > self.key(p)), p) for p in self.points),
            key=lambda item: (item[0], item[1]),
        )


def post(client: FlaskClient, path: str, body: dict[str, Any], accept: str = "application/json") -> Any:
    return client.post(f"/v1/tournaments/{path}", json=body, headers={"Accept": accept})


def scores(rnd: random.Random) -> tuple[int, int]:
    low = rnd.randint(55, 119)
    return (121, low) if rnd.random() < 0.5 else (low, 121)


def check_pairing(answer: dict[str, Any], number: int, field: list[str], mine: Ledger) -> list[list[str]]:
    """The round the service paired, against what a Swiss round must be, from this file's tally."""
    paired = answer["round"]
    assert paired["round"] == number and answer["repeats"] == []
    tables = [p["players"] for p in paired["pairings"]]
    seated = [name for pair in tables for name in pair] + ([paired["bye"]] if paired["bye"] else [])
    assert sorted(seated) == sorted(field)  # everyone in the field once; nobody else
    assert all(frozenset(pair) not in mine.met for pair in tables)  # nobody meets twice
    assert [p["board"] for p in paired["pairings"]] == list(range(1, len(tables) + 1))
    if len(field) % 2:
        # the bye: a player without one, from the lowest score among those (the pairing counts a
        # bye and a forfeit as the wins they are)
        bye = paired["bye"]
        free = [p for p in field if p not in mine.byes]
        assert bye in free and mine.points[bye] == min(mine.points[p] for p in free)
    else:
        assert paired["bye"] is None
    return tables


def test_a_64_player_event_from_registration_to_champion(client: FlaskClient) -> None:  # noqa: C901 - one event
    rnd = random.Random(2026)
    mine = Ledger()
    roster: list[Any] = list(NAMES)
    event: dict[str, Any] = {"players": roster, "tables": [], "byes": [], "cards": []}
    for number in range(1, ROUNDS + 1):
        if number == 2:
            roster.append({"name": LATE, "joined": 2, "points": GIVEN})
            mine.join(LATE, GIVEN)
        if number == 4:
            roster[NAMES.index(LEAVER)] = {"name": LEAVER, "withdrawn": 3}
        field = [n for n in [*NAMES, LATE] if n in mine.points and not (n == LEAVER and number > 3)]
        answer = post(client, "event/pairings", event)
        assert answer.status_code == 200, answer.json
        tables = check_pairing(answer.json, number, field, mine)
        if number == 1:  # one score group: the top half against the bottom half, the last player's bye
            assert answer.json["round"]["bye"] == "p63"
            assert tables == [[NAMES[i], NAMES[i + 31]] for i in range(31)]
        bye = answer.json["round"]["bye"]
        if bye:
            event["byes"].append({"round": number, "player": bye})
            mine.bye(bye)
        for t, (a, b) in enumerate(tables, start=1):
            event["tables"].append({"round": number, "table": t, "players": [a, b]})
            if (number, t) == FORFEIT:
                for by in (a, None):
                    event["cards"].append({"round": number, "table": t, **({"by": by} if by else {}), "forfeit": b})
                mine.forfeit(a, b)
                continue
            line = scores(rnd)
            event["cards"] += [{"round": number, "table": t, "by": who, "scores": list(line)} for who in (a, b)]
            if (number, t) == DISPUTE:
                event["cards"][-1]["scores"] = [line[0] - 1, line[1]] if line[0] < 121 else [line[0], line[1] - 1]
                checked = post(client, "event/cross-check", event).json
                assert checked["counts"]["disputed"] == 1
                assert [(x["round"], x["table"], x["status"]) for x in checked["tables"]] == [(4, 2, "disputed")]
                refused = post(client, "event/pairings", event)  # no next round before the ruling
                assert refused.status_code == 422
                event["cards"].append({"round": number, "table": t, "scores": list(line)})  # the ruling
            mine.game(a, b, line)
        standings = post(client, "event/standings", {**event, "after_round": number})
        assert standings.status_code == 200, standings.json
        rows = standings.json["standings"]
        expected = mine.ranked()
        assert sorted((r["rank"], r["player"]) for r in rows) == expected
        for r in rows:
            assert (r["game_points"], r["games_won"], r["spread"]) == mine.key(r["player"]), r
        assert standings.json["unsettled"] == []

    # The cut: one in four of the 64 players with a row (ACC 13.2b), the leaver taking no place.
    final = post(client, "event/standings", event).json
    eligible = [(rank, p) for rank, p in mine.ranked() if p != LEAVER]
    line_rank = eligible[15][0]
    tied = [p for rank, p in eligible if rank == line_rank] if eligible[16][0] == line_rank else []
    assert final["cut"]["qualifiers"] == 16 and final["cut"]["entrants"] == 64
    assert final["cut"]["tied"] == sorted(tied, key=[p for _, p in eligible].index)
    marks = {r["player"]: r["cut"] for r in final["standings"]}
    assert marks[LEAVER] == "withdrawn"
    expected_through = [p for rank, p in eligible if rank < line_rank or (not tied and rank == line_rank)]
    assert sorted(p for p, m in marks.items() if m == "qualified") == sorted(expected_through)
    tie_break = tied[: 16 - len(expected_through)]  # the director's cut of the cards at the line
    # and among the qualifiers: every group equal on all three keys takes the director's order
    # too (here the reverse of the names, so the service cannot be ordering them by name)
    groups: dict[tuple[int, int, int], list[str]] = {}
    for p in expected_through:
        groups.setdefault(mine.key(p), []).append(p)
    tie_break += [p for group in groups.values() if len(group) > 1 for p in sorted(group, reverse=True)]
    playoff = post(client, "event/playoff", {**event, "tie_break": tie_break})
    assert playoff.status_code == 200, playoff.json
    seeds = [s["player"] for s in playoff.json["bracket"]["seeds"]]
    through = expected_through + tied[: 16 - len(expected_through)]

    def seed_key(p: str) -> tuple[tuple[int, ...], int]:  # better keys first, then the director's order
        return tuple(-k for k in mine.key(p)), tie_break.index(p) if p in tie_break else -1

    assert seeds == sorted(through, key=seed_key)
    assert playoff.json["cut"]["qualifiers"] == playoff.json["bracket"]["qualifiers"] == len(seeds) == 16
    bracket = playoff.json["bracket"]
    assert bracket["size"] == 16 and bracket["byes"] == 0
    assert [m["players"] for m in bracket["rounds"][0]["matches"]] == [
        [seeds[s - 1], seeds[16 - s]] for s in (1, 8, 4, 5, 2, 7, 3, 6)
    ]  # seed s meets seed 17 - s, in the ACC's bracket order (1 and 2 meet only in the final)

    # The playoff, best of 3: each match's winner decided here, the champion followed by hand.
    def beats(a: str, b: str) -> str:
        return a if random.Random("-".join(sorted((a, b)))).random() < 0.5 else b

    order = [seeds[s - 1] for s in (1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11)]
    while len(order) > 1:
        order = [beats(order[i], order[i + 1]) for i in range(0, len(order), 2)]
    champion = order[0]
    request: dict[str, Any] = {"players": seeds, "match": {"format": "best_of", "length": 3}, "results": {}}
    state = post(client, "elimination", request).json
    while not state["over"]:
        for match in state["matches"]:
            if match["id"] in state["ready"]:
                a, b = (s["player"] for s in match["slots"])
                win = [121, 98] if beats(a, b) == a else [98, 121]
                lose = [win[1], win[0]]
                request["results"][str(match["id"])] = {"games": [win, lose, win]}
        state = post(client, "elimination", request).json
    assert state["champion"]["player"] == champion

    # The printouts the service offers today: the standings, crosstable and game logs of the
    # games played, each round's pairing sheet, the bracket; as a sheet and as a page.
    games = [
        {"players": t["players"], "scores": c["scores"]}
        for t in event["tables"]
        for c in event["cards"]
        if c.get("by") == t["players"][0] and c["round"] == t["round"] and c["table"] == t["table"] and "scores" in c
    ]
    played = {"games": games, "byes": [b["player"] for b in event["byes"]]}
    sheet = post(client, "standings", played, "text/csv")
    assert sheet.status_code == 200 and sheet.mimetype == "text/csv"
    lines = list(csv.reader(io.StringIO(sheet.get_data(as_text=True).lstrip("\ufeff"))))
    named = {row[1] for row in lines[1:] if len(row) > 1}
    assert set(mine.points) - {LEAVER} <= named | {LEAVER}
    for path in ("standings", "crosstable", "game-logs"):
        page = post(client, path, played, HTML)
        assert page.status_code == 200 and page.mimetype == HTML, path
        assert all(name in page.get_data(as_text=True) for name in seeds)
        sheet = post(client, path, played, "text/csv")
        assert sheet.status_code == 200 and sheet.mimetype == "text/csv", path
        assert all(name in sheet.get_data(as_text=True) for name in seeds)
    pairing_sheet = post(client, "swiss-pairings", {"players": [*NAMES, LATE], "games": games[:31]}, HTML)
    assert pairing_sheet.status_code == 200 and pairing_sheet.mimetype == HTML
    heading = {"name": "Club open", "date": "2026-12-03", "round": "Playoffs"}
    posted = {**event, "tie_break": tie_break, "heading": heading}
    sheet = post(client, "event/playoff", posted, "text/csv")
    assert sheet.status_code == 200 and all(name in sheet.get_data(as_text=True) for name in seeds)
    page = post(client, "event/playoff", posted, HTML).get_data(as_text=True)
    assert "Club open · 2026-12-03 · Playoffs" in page and "<svg" in page
    cards = post(client, "event/playoff", {**posted, "sheet": "scorecards"}, HTML).get_data(as_text=True)
    assert cards.count('<section class="sheet scorecard">') == 8  # 16 qualifiers: eight first-round matches
    drawn = post(client, "elimination", request, HTML)
    assert drawn.status_code == 200 and champion in drawn.get_data(as_text=True)
