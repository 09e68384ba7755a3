"""Worked cases from docs/rules.md section 12, shared by the core and the API tests.

Each expected number is the worked answer of docs/rules.md (checked there by hand), never the
service's own output.
"""

from __future__ import annotations

SHOW_CASES = [
    ("H1", "3S 4H 4D 5C", "5S", False, 16),
    ("H2", "3S 3H 4D 5C", "5S", False, 20),
    ("H3", "5S 5H 5D JC", "5C", False, 29),
    ("H4", "5S 5H 5D 5C", "JD", False, 28),
    ("H5", "4S 4H 6D 6C", "5S", False, 24),
    ("H6 hand", "AH 2H 3H 4H", "9S", False, 12),
    ("H6 crib", "AH 2H 3H 4H", "9S", True, 8),
    ("H7 hand", "AH 2H 3H 4H", "9H", False, 13),
    ("H7 crib", "AH 2H 3H 4H", "9H", True, 13),
    ("H8", "2H 4H 6H 8C", "TH", False, 0),
    ("H9 hand", "4H 7H 9H KH", "2S", False, 6),
    ("H9 crib", "4H 7H 9H KH", "2S", True, 2),
    ("H10", "6S 7H 7D 8C", "KS", False, 12),
    ("H11", "6S 7H 8D 9C", "9S", False, 16),
    ("H12", "3S 3H 3D 4C", "5S", False, 21),
    ("H13", "8S 8H 7D 6C", "6S", False, 20),
    ("H14", "AS 2H 3D 4C", "5S", False, 7),
    ("H15", "TS JH QD KC", "5S", False, 12),
    ("H16", "QS KS AD 2D", "3C", False, 7),
    ("H17", "JD 2S 7C 9H", "5D", False, 3),
    ("H18", "JH 5S 5D 4C", "JS", False, 12),
    ("H19", "JH 4H 6H QH", "5H", False, 15),
    ("H19 5S hand", "JH 4H 6H QH", "5S", False, 13),
    ("H19 5S crib", "JH 4H 6H QH", "5S", True, 9),
    ("H20", "7S 7H 7D 7C", "AS", False, 24),
    ("H21", "AS AH 2D 3C", "3S", False, 16),
    ("H22", "2S 3H 4D KC", "JC", False, 7),
    ("H23", "5S 5H 5D", "5C", False, 20),
    ("H24 KH", "2H 7H 9H", "KH", False, 4),
    ("H24 KS", "2H 7H 9H", "KS", False, 3),
]


# One card in its count (P1-P7, P9-P11, P16): (id, pile, card, points, kinds)

CARD_CASES = [
    ("P1", "4S 6D", "5C", 5, ["fifteen", "run"]),
    ("P2", "4S 6D 5C", "3H", 4, ["run"]),
    ("P3", "4S 6D 5C 3H", "7D", 5, ["run"]),
    ("P4-second-5", "5S", "5H", 2, ["pair"]),
    ("P4-last-5", "5S 5H KD", "5D", 0, []),
    ("P5-threes", "3S 3H", "3D", 6, ["pair_royal"]),
    ("P5-fives", "5S 5H", "5D", 8, ["fifteen", "pair_royal"]),
    ("P6", "10S 5D 8C", "8S", 4, ["thirty_one", "pair"]),
    ("P7", "2S 3H 3D", "4C", 0, []),
    ("P9-the-4", "3S 5H 7D", "4C", 0, []),
    ("P9-the-6", "3S 5H 7D 4C", "6S", 5, ["run"]),
    ("P10-the-5", "2S 4H 6D AC 3S", "5H", 6, ["run"]),
    ("P10-the-7", "2S 4H 6D AC 3S 5H", "7C", 7, ["run"]),
    ("P11", "10S JH", "QD", 3, ["run"]),
    ("P16", "", "9S", 0, []),
    ("double-pair-royal", "7C 2S 2D 2H", "2C", 14, ["fifteen", "double_pair_royal"]),
    ("no-wrap", "QS KD", "AH", 0, []),
    ("pair-of-tens-is-not-10-J", "10S", "JS", 0, []),
]


P8_HANDS = "KS KD 2S 2D|10H 7C 2H 2C"

# (id, variant, options, leader, hands (None = unknown), plays, expected seat totals,
#  {play index: points of that entry}, complete, turn after)
SEQUENCE_CASES = [
    (
        "P6-31-no-go",
        "six_card",
        None,
        0,
        None,
        "0:10S 1:5D 0:8C 1:8S",
        [0, 6],
        {1: 2, 3: 4},
        False,
        0,
    ),
    (
        # K,10,K (30), both stuck: pone 1 for go; the dealer leads 7 then 2,2,2,2 alternate.
        "P8",
        "six_card",
        None,
        0,
        "KS KD 2S 2D|10H 7C 2H 2C",
        "0:KS 1:10H 0:KD 1:go 0:go 1:7C 0:2S 1:2H 0:2D 1:2C",
        [7, 17],
        {4: 1, 7: 2, 8: 6, 9: 15},
        True,
        None,
    ),
    (
        # K,Q,4,5 (29): dealer 1 for go; then 6, 8, 7 (run 3), 9 (run 4 + last card).
        "P12",
        "six_card",
        None,
        0,
        "KS 4D 6C 7H|QH 5C 8S 9D",
        "0:KS 1:QH 0:4D 1:5C 0:go 1:go 0:6C 1:8S 0:7H 1:9D",
        [3, 6],
        {5: 1, 6: 0, 8: 3, 9: 5},
        True,
        None,
    ),
    (
        # 10, K, 9 = 29; both stuck: pone 1; dealer leads 8, 5, 7, 4, 6: run 4..8 (5) + last card.
        "P13",
        "six_card",
        None,
        0,
        "10S 9D 5C 4H|KH 8C 7D 6S",
        "0:10S 1:KH 0:9D 1:go 0:go 1:8C 0:5C 1:7D 0:4H 1:6S",
        [1, 6],
        {4: 1, 9: 6},
        True,
        None,
    ),
    (
        # K, 9, 8 (27), dealer 2 (29), pone go, dealer 2 = 31 (pair + 31 = 4); pone leads 9, K, 7: last card.
        "P14",
        "six_card",
        None,
        0,
        "KS 8C 9D 7H|9S 2H 2D KH",
        "0:KS 1:9S 0:8C 1:2H 0:go 1:2D 0:9D 1:KH 0:7H",
        [1, 4],
        {5: 4, 8: 1},
        True,
        None,
    ),
    (
        # 2, 5, J, 9 (26), pone 2 (28), dealer go, pone A (29): pone 1 for go and is out;
        # the dealer leads 8 then 8: pair 2 + last card 1.
        "P15",
        "six_card",
        None,
        0,
        "JH 2S AS 2H|9S 8C 8D 5D",
        "0:2S 1:5D 0:JH 1:9S 0:2H 1:go 0:AS 1:8C 1:8D",
        [1, 3],
        {6: 1, 8: 3},
        True,
        None,
    ),
    (
        # 10, Q, 2, 9 = 31 (2 to the dealer); the pone leads a 9: no pair across the reset.
        "P16",
        "six_card",
        None,
        0,
        "10S 2C 9S AC|QD 9H KC KH",
        "0:10S 1:QD 0:2C 1:9H 0:9S 1:KC 0:AC 1:KH",
        [0, 3],
        {3: 2, 4: 0, 7: 1},
        True,
        None,
    ),
    (
        # A left of the dealer (seat 0), B, C the dealer. K, Q, 9 = 29; A go; B must play 2 = 31.
        "M1",
        "three_player",
        None,
        0,
        "KS 5S 6S 7S|QH 2H 9H 8H|9C AC 3C 4C",
        "0:KS 1:QH 2:9C 0:go 1:2H",
        [0, 2, 0],
        {4: 2},
        False,
        2,
    ),
    (
        # Default rule: after 29, A go, B go; C must play the ace (30), then says go: 1 for last.
        "M2-default",
        "three_player",
        None,
        0,
        "KS 5S 6S 7S|QH 3H 9H 8H|9C AC 2C 4C",
        "0:KS 1:QH 2:9C 0:go 1:go 2:AC 2:go",
        [0, 0, 1],
        {6: 1},
        False,
        0,
    ),
    (
        # Bicycle three-hand: two goes in a row end the count; C scores 1 on 29 and keeps the ace.
        "M2-bicycle",
        "three_player",
        {"multi_go_rule": "bicycle_three_hand"},
        0,
        "KS 5S 6S 7S|QH 3H 9H 8H|9C AC 2C 4C",
        "0:KS 1:QH 2:9C 0:go 1:go",
        [0, 0, 1],
        {4: 1},
        False,
        0,
    ),
    (
        # Partners A&C (0, 2) against B&D (1, 3): 4, 6, 5 (C: 15 + run 3), 3 (D: run 3..6),
        # 7 (A: run 3..7), B and C go, D 2 (run 2..7), A go, D go: 1 for B&D.
        "M3",
        "four_player",
        None,
        0,
        None,
        "0:4S 1:6H 2:5D 3:3C 0:7S 1:go 2:go 3:2C 0:go 3:go",
        [5, 0, 5, 11],
        {2: 5, 3: 4, 4: 5, 7: 6, 9: 1},
        False,
        0,
    ),
    (
        "M3-with-hands",
        "four_player",
        None,
        0,
        "4S 7S KS QS|6H 10H JH QH|5D 10D JD QD|3C 2C 10C JC",
        "0:4S 1:6H 2:5D 3:3C 0:7S 1:go 2:go 3:2C 0:go 3:go",
        [5, 0, 5, 11],
        {2: 5, 3: 4, 4: 5, 7: 6, 9: 1},
        False,
        0,
    ),
    (
        # A seat with no cards is skipped and the cards around it combine. Count 1: 10, K, Q (30),
        # D go, A ace = 31 (A 2). Count 2 (B leads): 9, 9 (pair), 9 (pair royal), A ace (28), B, C,
        # D go, A 2 (30): A is out, 1 for go. Count 3 (B leads): 5, 5 (pair), D J (20), A skipped,
        # B J (30): pair 2 for B&D; B is out, C and D go: B 1. Count 4: C 8, D 7 (15), D 6 (run 3
        # + last card).
        "M4",
        "four_player",
        None,
        0,
        "10S AS AH 2S|KH 9H 5H JH|QD 9D 5D 8D|9C JC 7C 6C",
        "0:10S 1:KH 2:QD 3:go 0:AS "
        "1:9H 2:9D 3:9C 0:AH 1:go 2:go 3:go 0:2S "
        "1:5H 2:5D 3:JC 1:JH 2:go 3:go "
        "2:8D 3:7C 3:6C",
        [3, 3, 4, 12],
        {4: 2, 6: 2, 7: 6, 12: 1, 14: 2, 16: 2, 18: 1, 20: 2, 21: 4},
        True,
        None,
    ),
    (
        # Five-card: 10, K, 9 (29), dealer go, pone 2 = 31 (2); the play ends; 5 and 7 stay in hand.
        "F1",
        "five_card",
        None,
        0,
        "10S 9D 2C|KH 5C 7D",
        "0:10S 1:KH 0:9D 1:go 0:2C",
        [2, 0],
        {4: 2},
        True,
        None,
    ),
    (
        # Five-card, ended by a go: 10, K (20), 9 (29); both stuck: pone 1 for go; the play ends.
        "five-card-go",
        "five_card",
        None,
        0,
        "10S 9D 3C|KH 5C 7D",
        "0:10S 1:KH 0:9D 1:go 0:go",
        [1, 0],
        {4: 1},
        True,
        None,
    ),
]
