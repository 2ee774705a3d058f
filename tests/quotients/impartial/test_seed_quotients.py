"""The quotients of seed 002 (Plambeck, "Advances in Losing"), each cross-checked by brute force.

Every expected value below is quoted from the seed; every computed quotient is also compared
with the independent outcome search of ``tests/oracle/heap_oracle.py``.
"""
from __future__ import annotations

import pytest

import misere.quotients as mq
from misere.impartial.pascal_beans import cell_index, pascal_beans
from tests.oracle.heap_oracle import octal_rules, outcome_function, positions


def oracle_check(q, rules, total: int, max_heap: int | None = None) -> int:
    """Compare q.outcome with the oracle on every position of total size <= total."""
    is_p = outcome_function(rules)
    checked = 0
    for pos in positions(total, max_heap or q.max_heap):
        assert (q.outcome(pos) == "P") == is_p(pos), pos
        checked += 1
    return checked


def test_0123_matches_the_misere_solver_log():
    # 002 §9.3: the complete log of MisereSolver on 0.123
    q = mq.quotient("0.123")
    assert q.order == 20 and q.p_count == 5
    assert q.presentation == "<a,b,c,d | a2=1,b4=b2,b2c=b3,c2=1,b2d=d,cd=bd,d3=ad2>"
    assert q.P == ["a", "b2", "ac", "bd", "d2"]
    assert " ".join(q.phi) == "1 a 1 b b a d2 1 c d a d2 1 c d a d2 1 c d a d2 1"
    assert (q.period, q.preperiod, q.max_heap, q.last_tame_heap) == (5, 5, 22, 7)
    assert q.normal["period"] == 5 and q.normal["preperiod"] == 5
    assert q.changes == [[1, 2], [3, 6], [8, 12], [9, 20]]
    orders = [(r["heap"], r["order"], r["tame"]) for r in q.records]
    assert orders == [(1, 2, "T1"), (3, 6, "T2"), (8, 12, None), (9, 20, None)]
    assert q.records[2]["presentation"] == "<a,b,c | a2=1,b4=b2,b2c=b3,c2=1>"
    assert q.certificate.agreed
    assert oracle_check(q, octal_rules("0.123"), 20, 40) > 2000


def test_0123_partial_quotient_to_heap_6_identifies_4_4_with_6():
    # 002 §9.4, Fig. 14: to heap 6 the quotient is <a,b | a2=1, b3=b>, and 4+4 ~ 6
    q6 = mq.quotient("0.123", max_heap=6)
    assert q6.order == 6 and q6.presentation == "<a,b | a2=1,b3=b>"
    assert q6.element([4, 4]) == q6.element([6])
    q = mq.quotient("0.123")
    assert q.element([4, 4]) != q.element([6])
    assert q.pres.word(q.element([4, 4])) == "b2" and q.phi[6] == "d2"
    # 8+9 distinguishes them: exactly one of 4+4+8+9 and 6+8+9 is P
    assert q.outcome([4, 4, 8, 9]) != q.outcome([6, 8, 9])


def test_guiles_015():
    # 002 §4.2: order 42, 12 P-position types, Phi period 10 after a preperiod of 66
    q = mq.quotient("0.15")
    assert q.order == 42 and q.p_count == 12
    # the P-portion exactly as printed in 002 §4.2 (same words, same order)
    assert q.P == ["a", "b2", "bd", "d2", "ae", "ae2", "ae3", "af", "af2", "ag", "ah", "ai"]
    assert q.presentation.startswith("<a,b,c,d,e,f,g,h,i | a2=1,b4=b2,bc=ab3,c2=b2,b2d=d,")
    assert q.presentation.endswith("gi=bg,hi=b2,i2=b2>")
    assert (q.period, q.preperiod) == (10, 66)
    # 002 Fig. 6, rows 0+ to 30+
    assert " ".join(q.phi[1:11]) == "a a 1 a a b b a b b"
    assert " ".join(q.phi[11:21]) == "a a 1 c c b b d b e"
    assert " ".join(q.phi[21:31]) == "c c f c c b g d h i"
    assert " ".join(q.phi[31:41]) == "ab2 abg f abg abe b3 h d h h"
    # the worked example of 002 §4.2: 4+58+68+78 is a P-position
    assert q.outcome([4, 58, 68, 78]) == "P"
    assert q.normal["period"] == 10
    oracle_check(q, octal_rules("0.15"), 18, 40)


@pytest.mark.parametrize(
    "code, order, p_set, presentation, period",
    [
        ("0.75", 8, {"a", "b2"}, "<a,b,c | a2=1,b3=b,bc=ab,c2=b2>", 2),  # 002 §8.1: R8
        ("0.34", 12, {"a", "b2", "ac"}, "<a,b,c | a2=1,b4=b2,b2c=b3,c2=1>", 8),  # 002 §8.2.1
        ("0.71", 36, {"a", "b2", "bc", "c2", "ac3", "ad", "b3d", "cd", "bc2d"},
         "<a,b,c,d | a2=1,b4=b2,b2c=c,c4=ac3,c3d=c3,d2=1>", 6),  # 002 §8.2.2
    ],
)
def test_wild_quotients_of_section_8(code, order, p_set, presentation, period):
    q = mq.quotient(code)
    assert q.order == order and set(q.P) == p_set
    if code == "0.71":  # 002 §8.2.2 prints P in this order
        assert q.P == ["a", "b2", "bc", "c2", "ac3", "ad", "b3d", "cd", "bc2d"]
    assert q.presentation == presentation
    assert q.period == period and q.solved and q.tame is None
    assert q.certificate.agreed
    oracle_check(q, octal_rules(code), 18, 30)


def test_075_pretending_function():
    # 002 Fig. 11: 1 a | b a | b c | b c | b ab2 ...
    q = mq.quotient("0.75")
    assert " ".join(q.phi[:12]) == "1 a b a b c b c b ab2 b ab2"


def test_071_pretending_function():
    # 002 Fig. 13 (heaps 1..12)
    q = mq.quotient("0.71")
    assert " ".join(q.phi[1:13]) == "a b a 1 c 1 a d a 1 c 1"


def test_034_pretending_function():
    # 002 Fig. 12 (heaps 1..16)
    q = mq.quotient("0.34")
    assert " ".join(q.phi[1:17]) == "a 1 a b 1 a 1 ab a c a b 1 ac 1 ab"


def test_tame_quotients_t1_t2():
    # 002 §7.1: She-loves-me (T1, order 2) and Nim with heaps <= 2 (T2, order 6)
    t1 = mq.quotient(moves=lambda n: [()] if n == 1 else [], max_heap=1)
    assert (t1.order, t1.P, t1.tame) == (2, ["a"], "T1")
    nim2 = mq.quotient(moves=lambda n: [(m,) for m in range(n)], max_heap=2)
    assert (nim2.order, nim2.p_count, nim2.tame) == (6, 2, "T2")
    assert nim2.presentation == "<a,b | a2=1,b3=b>" and nim2.P == ["a", "b2"]
    # *3 = *2 + * in tame play: heaps <= 3 still give T2; heap 4 brings T3 (order 2^3 + 2)
    nim3 = mq.quotient(moves=lambda n: [(m,) for m in range(n)], max_heap=3)
    assert (nim3.order, nim3.tame) == (6, "T2")
    nim4 = mq.quotient(moves=lambda n: [(m,) for m in range(n)], max_heap=4)
    assert (nim4.order, nim4.p_count, nim4.tame) == (10, 2, "T3")
    oracle_check(nim4, lambda n: {(m,) if m else () for m in range(n)}, 12)


def test_heptagon_game():
    # 002 §9.5.1, Figs. 15-16: cl({2+, 0}) with 2+ = {*2}
    q = mq.quotient(games="{{*2}, 0}")
    assert q.order == 14 and q.p_count == 4
    assert q.presentation == "<a,b,c | a2=1,b3=b,b2c=c,c3=ac2>"
    assert q.P == ["a", "b2", "bc", "c2"]
    assert q.game.labels == ["0", "*", "*2", "{*2}", "{0,{*2}}"]
    assert q.phi == ["1", "a", "b", "c2", "c"]
    assert q.changes == [[1, 2], [2, 6], [4, 14]]
    assert q.certificate.agreed and q.certificate.weight == "components"
    # oracle: coins on the five vertices o, 1, 2, 2+, G (heaps 0..4), slides along the edges
    edges = {1: [()], 2: [(), (1,)], 3: [(2,)], 4: [(3,), ()]}
    is_p = outcome_function(lambda n: edges[n])
    for pos in positions(6, 4, weight=lambda h: 1):
        assert (q.outcome(pos) == "P") == is_p(pos), pos


def test_pascals_beans():
    # 002 §3: order 12, <a,b,c | a2=1, c2=1, b3=b2c> (we print b2c=b3 and the implied b4=b2),
    # P = {a, b2, ac}, and the single-bean identifications of Fig. 4
    q = mq.quotient(pascal_beans(8), certify=3)
    assert q.order == 12 and set(q.P) == {"a", "b2", "ac"}
    assert q.presentation == "<a,b,c | a2=1,b4=b2,b2c=b3,c2=1>"
    rows = {r: [q.phi[cell_index(r, c)] for c in range(1, r)] for r in range(2, 8)}
    assert rows[2] == ["a"] and rows[3] == ["b", "b"] and rows[4] == ["a", "b2", "a"]
    assert rows[5] == ["b", "c", "c", "b"] and rows[6] == ["a", "b2", "b2", "b2", "a"]
    assert rows[7] == ["b", "c", "ab2", "ab2", "c", "b"]
    # the worked example: beans on a and b2 (central axis) make ab2, an N-position
    # oracle with its own numbering of the interior cells, up to three beans
    cells = [(r, c) for r in range(2, 9) for c in range(1, r)]

    def slide(i):
        r, c = cells[i - 1]
        return [(cells.index((r - 1, cc)) + 1,) if 1 <= cc <= r - 2 else () for cc in (c - 1, c)]

    is_p = outcome_function(slide)
    for pos in positions(3, len(cells), weight=lambda h: 1):
        mine = tuple(cell_index(*cells[i - 1]) for i in pos)
        assert (q.outcome(mine) == "P") == is_p(pos), pos
    beans = [cell_index(2, 1), cell_index(4, 2)]
    assert q.pres.word(q.element(beans)) == "ab2" and q.outcome(beans) == "N"
    mv = q.winning_move(beans)
    assert mv.heap == cell_index(2, 1) and mv.to == () and mv.position == (cell_index(4, 2),)


def test_dawsons_kayles_partial_orders():
    # 002 Fig. 17: |Q| = 24, 144, 176, 360, 520, 552, 638 at heaps 24, 26, 29, 30, 31, 32, 33
    # (about 15 s: the longest test here; the changes happen at heaps 25, 27, 30, 31, 32, 33)
    q = mq.quotient("0.07", max_heap=33, certify=20)
    order_at, last = {}, 1
    changes = dict((h, o) for h, o in q.changes)
    for n in range(1, 34):
        last = order_at[n] = changes.get(n, last)
    assert [order_at[n] for n in (24, 26, 29, 30, 31, 32, 33)] == [24, 144, 176, 360, 520, 552, 638]
    assert q.changes[-6:] == [[25, 144], [27, 176], [30, 360], [31, 520], [32, 552], [33, 638]]
    assert q.certificate.agreed and not q.solved
    assert q.normal["period"] == 34  # Dawson's Kayles nim sequence, period 34
