"""Findings tables: the §10.3 tests (with a planted counterexample) and the class counts."""
from __future__ import annotations

from misere.quotients.census.findings import findings, questions_10_3, report_text
from misere.quotients.census.iso import Bipartite

from .test_iso import r8, t2


def test_section_10_3_questions_hold_on_the_seed_monoids():
    for b in (t2(), r8()):
        q = questions_10_3(b)
        assert q["x_k2_eq_xk"] and q["subgroups_elementary_2"]
    assert questions_10_3(t2())["subgroup_sizes"] == [2, 4]  # {1,a} and {b2,ab2,b,ab}


def test_a_z3_subgroup_is_reported():
    z3 = Bipartite.from_table([[0, 1, 2], [1, 2, 0], [2, 0, 1]], 0, [False, True, False])
    q = questions_10_3(z3)
    assert not q["x_k2_eq_xk"] and q["bad_elements"] == [1, 2]
    assert not q["subgroups_elementary_2"] and q["bad_idempotents"] == [0]


def test_findings_of_the_small_census(small_census):
    recs = small_census[2]
    f = findings(recs)
    assert f["by_order_all"][2] == 1 and f["by_order_all"][8] == 1  # R8 is unique (seed 002 §8.1)
    assert f["by_order_all"].get(4, 0) == 0  # no quotient of order 4 (Fig. 18)
    assert sum(len(c["codes"]) for c in f["classes_all"]) == sum(r["table"] is not None for r in recs)
    assert f["q10_3"]["tested"] == len(recs)
    solved = [r for r in recs if r["solved"]]
    assert f["periods"]["tested"] == sum(1 for r in solved if r["normal_period"])
    for row in f["periods"]["rows"]:
        assert row["divides"] == (row["misere"] % row["normal"] == 0)
    text = report_text(f)
    assert "Fig.18" in text and "0.75" in text and "§10.3" in text
