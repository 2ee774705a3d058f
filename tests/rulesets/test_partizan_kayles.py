"""Partizan Kayles (000; 001 §5.6) against the rules rebuilt independently in the oracle."""
from __future__ import annotations

from xml.etree import ElementTree

import pytest

import misere as m
from misere.errors import ComputationLimitError, RulesetError
from misere.rulesets.partizan_base import PartizanRuleset
from misere.rulesets.partizan_kayles import PartizanKayles as K
from misere.rulesets.partizan_kayles import reduce, rule_move, rule_outcome
from tests.oracle import brute
from tests.oracle.partizan_rules import kayles_positions as positions
from tests.oracle.partizan_rules import kayles_strip

MAX_SQUARES = 12  # exhaustive over all positions with at most this many tokens (slow: 18)


def oracle_outcome(strips) -> str:
    return brute.outcome([kayles_strip(n) for n in strips])


def test_strip_forms_and_single_strips() -> None:
    assert K.position([1]) == m.parse("1") and K.position([2]) == m.parse("{1|0}")
    assert [K.outcome([n]).value for n in range(12)] == list("NRPNRPNRPNRP")
    assert K.parse("ooo o 5") == [3, 1, 5] and K.format([3, 1]) == "3 1"
    with pytest.raises(RulesetError, match="cannot read partizan-kayles position '3 x': unexpected character 'x'"):
        K.parse("3 x")
    with pytest.raises(RulesetError, match="non-negative"):
        K.components([-1])


def test_search_agrees_with_oracle() -> None:
    for p in positions(9):
        assert K.search_outcome(p).value == oracle_outcome(p) == K.outcome(p).value, p


def test_thm_4_4_outcome_rule_and_lemma_2_1() -> None:
    for p in positions(MAX_SQUARES):
        o = K.search_outcome(p)
        assert rule_outcome(p) == o == K.outcome(p), p
        assert o != m.Outcome.L  # Lemma 2.1


def test_winning_moves_by_rule_equal_the_search() -> None:
    # every winning move listed by Thm 4.4 is exactly the search's list, in the same order
    for p in positions(MAX_SQUARES):
        assert K.winning_moves(p) == PartizanRuleset.winning_moves(K, p), p


def test_long_strips_one_move_per_residue_class() -> None:
    from misere.rulesets.partizan_kayles import LIST_ALL
    for n in range(LIST_ALL + 1, LIST_ALL + 7):
        for others in ([], [1], [2], [1, 2, 2], [4, 5, 5], [3]):
            p = [n] + others
            wins = K.winning_moves(p)
            for player, w in (("Left", 1), ("Right", 2)):
                # residues (mod 3) of the first token of every winning move, judged move by move
                want = set()
                for t in range(n - w + 1):
                    o = rule_outcome(others + [x for x in (t, n - w - t) if x])
                    if not (o.right_first if w == 1 else o.left_first):
                        want.add((t + 1) % 3)
                got = [int(mv.label.split()[2].split("-")[0]) for mv in wins[player] if mv.component == 0]
                assert {t % 3 for t in got} == want and len(got) == len(want), (p, player)
                assert all("wins alike" in mv.label for mv in wins[player] if mv.component == 0)


def test_any_lengths_instantly() -> None:
    import time
    t = time.perf_counter()
    assert K.outcome([37, 34]).value == "R"  # 47 s by search before (issue 9)
    assert [mv.result for mv in K.winning_moves([37, 34])["Right"]][:2] == ["1 34 34", "4 31 34"]
    big = [10**9, 10**30 + 1, 5]
    assert K.outcome(big) == rule_outcome(big) == K.quotient_outcome(big)
    assert K.outcome([10**9]).value == "R" and K.quotient_outcome([10**9]).value == "R"
    wins = K.winning_moves([10**9])
    assert wins["Left"] == [] and [mv.result for mv in wins["Right"]] == ["999999998", "1 999999997", "2 999999996"]
    assert time.perf_counter() - t < 2
    with pytest.raises(ComputationLimitError, match="too many to list"):
        K.moves([10**9], "Left")


def printed_rule_move(strips, player: str):
    """Thm 4.5 exactly as printed in 000 (no last resort)."""
    for want in ((1, 2) if player == "Left" else (2, 1)):
        for i, n in enumerate(strips):
            if n % 3 == want:
                if player == "Left":
                    return i, [n - 1]
                if want == 2:
                    return i, [n - 2]
                if n >= 4:
                    return i, [1, n - 3]
    return None


def test_thm_4_5_corrected_moves_always_win() -> None:
    for p in positions(MAX_SQUARES):
        wins = K.winning_moves(p)
        for player in ("Left", "Right"):
            mv = rule_move(p, player)
            assert (mv is None) == (not wins[player]), (p, player)
            if mv is not None:
                i, tok = mv
                n = p[i]
                w = 1 if player == "Left" else 2
                after = p[:i] + p[i + 1:] + [x for x in (tok - 1, n - w - tok + 1) if x]
                o = rule_outcome(after)
                assert (not o.right_first) if player == "Left" else (not o.left_first)


def test_thm_4_5_as_printed_is_incomplete() -> None:
    # Left wins S3 moving first (S3 is N) but the printed rule offers no strip = 1 or 2 (mod 3)
    assert K.outcome([3]) == m.Outcome.N and printed_rule_move([3], "Left") is None
    # Right wins S3 + S1 moving first, but the only strip = 1 (mod 3) is a single square
    assert K.outcome([3, 1]).right_first and printed_rule_move([3, 1], "Right") is None
    assert rule_move([3, 1], "Right") == (0, 1)  # end pair of S3 (the last resort)


def test_thm_3_2_reduction_through_the_quotient() -> None:
    q = K.quotient(7)
    a, b = q.names[0], q.names[1]
    assert q.legend() == {a: "S1", b: "S2"}
    for n in range(1, 8):
        k, j = reduce([n])
        assert q.element([K.form(n)]) == q.name(q.parse_element(f"{a}{k}{b}{j}" if k or j else "1"))


def test_monoid_and_partition_computed_from_rules() -> None:
    q = K.quotient(5)
    assert q.structure == "Z" and q.presentation == "<a,b | ab=1>"
    for k in range(0, 9):
        # elements k.S1 (a^k) and k.S2 (b^k); 000 §4 partition
        assert q.pi(q.parse_element(f"a{k}")).value == ("N" if k == 0 else "R")
        assert q.pi(q.parse_element(f"b{k}")).value == "NPR"[k % 3]
    # the table of 001 §5.6 (k = 0..5, j = 0..8), k S1 + j S2
    table = ["NPRNPRNPR", "RNPRNPRNP", "RRNPRNPRN", "RRRNPRNPR", "RRRRNPRNP", "RRRRRNPRN"]
    for k, row in enumerate(table):
        for j, o in enumerate(row):
            assert q.outcome([K.form(1)] * k + [K.form(2)] * j).value == o


def test_svg() -> None:
    root = ElementTree.fromstring(K.svg([3, 1]))
    assert root.tag.endswith("svg")


@pytest.mark.slow
def test_thm_4_4_to_20_squares() -> None:
    for p in positions(20):
        assert rule_outcome(p) == K.search_outcome(p) == K.outcome(p), p


def test_static_corrected_rule_to_20_squares() -> None:
    # with Thm 4.4 as the judge (itself checked against search above), the static rule wins
    # in every position with at most 20 tokens whenever the player can win and has a move
    for p in positions(20):
        o = rule_outcome(p)
        for player, can, has_move in (("Left", o.left_first, any(p)),
                                      ("Right", o.right_first, any(n >= 2 for n in p))):
            mv = rule_move(p, player)
            if not can or not has_move:
                assert mv is None or can
                continue
            assert mv is not None, (p, player)
            i, tok = mv
            w = 1 if player == "Left" else 2
            after = p[:i] + p[i + 1:] + [x for x in (tok - 1, p[i] - w - tok + 1) if x]
            oo = rule_outcome(after)
            assert not (oo.right_first if player == "Left" else oo.left_first), (p, player)


def test_outcome_through_the_computed_quotient() -> None:
    for p in positions(11):
        assert K.quotient_outcome(p) == K.search_outcome(p), p
    assert K.quotient_outcome([4, 5, 5, 100, 101]).value == "P"
