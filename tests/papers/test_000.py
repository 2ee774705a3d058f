"""Seed 000 (Milley, Partizan Kayles and misère invertibility): one test per numbered result.

Everything is recomputed from the rules: outcomes by search, the monoid by the partizan
quotient engine. Thm 4.5 is tested as corrected (notes thesis-ch4-5 Part 4.5 / Part 8).
"""
from __future__ import annotations

import misere as m
from misere.rulesets.partizan_kayles import PartizanKayles as K
from misere.rulesets.partizan_kayles import reduce, rule_move, rule_outcome
from tests.oracle.partizan_rules import kayles_positions as positions

S = K.form


def test_section_2_basic_forms() -> None:
    assert K.position([0]) == m.parse("0") and K.position([1]) == m.parse("1")
    assert K.position([2]) == m.parse("{1|0}") and K.position([2]) != m.parse("2")


def test_lemma_2_1_no_left_wins() -> None:
    assert all(K.outcome(p) != m.Outcome.L for p in positions(12))


def test_corollary_2_3_play_the_single_square() -> None:
    for p in positions(10):
        q = p + [1]
        if K.outcome(q).left_first:
            assert not K.outcome(p).right_first  # deleting the lone S1 wins


def test_corollary_2_4_s2_greater_than_two_s1() -> None:
    q = K.quotient(7)
    assert q.ge([S(2)], [S(1), S(1)]) and not q.ge([S(1), S(1)], [S(2)])


def test_lemma_3_1_and_theorem_3_2_reduction() -> None:
    q = K.quotient(7)
    for n in range(1, 8):
        k, j = reduce([n])
        assert q.element([S(n)]) == q.element([S(1)] * k + [S(2)] * j)
    assert q.element([S(4)]) == q.element([S(1), S(1), S(2)])  # Fig 3 reductions
    assert q.element([S(5)]) == q.element([S(1), S(2), S(2)])


def test_theorem_4_1_table() -> None:
    q = K.quotient(2)
    for k in range(1, 7):
        for j in range(1, 10):
            if k == j:
                want = "N"
            elif k > j:
                want = "R"
            else:
                want = "NRP"[(k + 2 * j) % 3]
            assert q.outcome([S(1)] * k + [S(2)] * j).value == want == K.outcome([1] * k + [2] * j).value


def test_corollaries_4_2_4_3_and_the_monoid() -> None:
    q = K.quotient(7)
    assert q.element([S(1), S(2)]) == "1"
    assert all(q.element([S(n)]) == "1" for n in (3, 6))
    assert q.structure == "Z" and q.presentation == "<a,b | ab=1>"
    assert q.legend() == {"a": "S1", "b": "S2"}
    for k in range(0, 10):  # the outcome partition of M_K
        assert q.pi(q.parse_element(f"b{k}")).value == ("N", "P", "R")[k % 3]
        assert q.pi(q.parse_element(f"a{k}")).value == ("R" if k else "N")
    assert all(v != "L" for v in q.partition.values())


def test_theorem_4_4_outcome_rule() -> None:
    for p in positions(13):
        assert rule_outcome(p) == K.outcome(p), p
    vectors = {(3,): "N", (4,): "R", (5,): "P", (2, 2): "R", (2, 2, 2): "N", (1, 2): "N",
               (7,): "R", (5, 8): "R", (4, 5, 5): "P", (6,): "N", (1, 1, 2, 2, 2): "P",
               (2, 2, 2, 2): "P", (8, 8, 8, 8): "P", (10,): "R"}
    for p, o in vectors.items():
        assert rule_outcome(p).value == o


def test_theorem_4_5_corrected() -> None:
    for p in positions(12):
        wins = K.winning_moves(p)
        for player in ("Left", "Right"):
            assert (rule_move(p, player) is None) == (not wins[player]), (p, player)
    # the printed rule has no move here although the player wins (seed 000 is wrong):
    assert K.outcome([3]).left_first and K.outcome([6]).left_first and K.outcome([3, 3]).left_first
    assert K.outcome([3, 1]).right_first and K.outcome([6, 1]).right_first


def test_section_5_inverse_that_is_not_a_conjugate() -> None:
    # S1 + S2 = 0 mod K, but S1 is R while its inverse S2 is P, and conj(S1) = -1 is not in K
    assert K.outcome([1]) == m.Outcome.R and K.outcome([2]) == m.Outcome.P
    assert ~K.position([1]) == m.parse("-1") and m.compare(K.position([2]), "-1") != "="
