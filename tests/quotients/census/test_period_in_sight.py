"""A code whose period is in sight at the census's last heap is carried on to the heap that
certifies it (the work budget's ``period_heaps``; periodicity theorem, notes E.6)."""
from __future__ import annotations

import json
import sqlite3

from hypothesis import given, settings
from hypothesis import strategies as st
from misere.impartial.octal import octal_game
from misere.quotients import quotient
from misere.quotients.census import Store, Work, census, census_one
from misere.quotients.impartial.periodicity import certified_period, period_in_sight


def test_the_soonest_certified_period_is_in_sight_only_within_reach():
    tail = [0, 0, 2, 1, 1]
    s = [0, 1, 0, 2, 2, 1, 0, 0, 2, 1, 1] + tail * 2  # heaps 0..20, period 5 from heap 5
    assert certified_period(s, 3, 2) is None
    assert period_in_sight(s, 3, 2, 40) == 22  # 2 (n0 + p) + k - 1 with n0 = p = 5, k = 3
    assert period_in_sight(s, 3, 2, 21) is None
    assert period_in_sight(s + tail, 3, 2, 40) is None  # certified already: nothing to carry
    assert certified_period(s + tail, 3, 2) == (5, 5)
    assert period_in_sight([0, 1, 2, 3, 4, 5], 3, 2, 100) is None  # no period shown twice


@settings(max_examples=300, deadline=None)
@given(pre=st.lists(st.integers(0, 3), max_size=12), block=st.lists(st.integers(0, 3), min_size=1,
       max_size=6), cut=st.integers(0, 60), k=st.integers(1, 4), reach=st.integers(0, 120))
def test_a_period_in_sight_that_holds_is_certified_at_the_heap_named(pre, block, cut, k, reach):
    """For an eventually periodic sequence: whatever prefix is seen, the heap named is past it
    and within reach; once the prefix shows the true period twice after its preperiod, the
    sequence up to the heap named certifies a period (so a period that holds is proved there).
    Before that, a period in sight may break: ``[0, 0, 0]`` shows period 1, and heap 3 is 1."""
    seq = pre + block * 40
    seen = seq[:len(pre) + cut + 1]
    target = period_in_sight(seen, k, 2, reach)
    if target is not None:
        assert len(seen) - 1 < target <= reach
        if cut + 1 >= 2 * len(block):
            assert certified_period(seq[:target + 1], k, 2) is not None


def test_0_5133_is_solved_one_heap_past_40_and_agrees_with_the_open_ended_solver():
    rec = census_one("0.5133", 40)
    assert rec["status"] == "solved" and rec["last_heap"] == 41
    assert (rec["period"], rec["preperiod"], rec["order"]) == (6, 13, 10)
    assert rec["certificate"]["period"]["proof"].endswith("heaps 0..41")
    # the solver run open-ended (until the period is certified) finds the same whole quotient
    q = quotient("0.5133")
    assert q.solved and (q.period, q.preperiod, q.order, q.max_heap) == (6, 13, 10, 41)
    assert rec["phi"] == [int(x) for x in q.state.phi]
    # ... and without the carry the census stops at heap 40, one heap short of the certificate
    short = census_one("0.5133", 40, work={"period_heaps": 0})
    assert short["status"] == "partial" and short["last_heap"] == 40 and short["period"] is None
    assert period_in_sight(short["phi"], *octal_game("0.5133").periodicity, 80) == 41


def test_a_period_that_breaks_or_a_bound_leaves_the_record_at_max_heap():
    for code, heap in (("0.36", 12), ("0.57", 20)):
        rec = census_one(code, heap)
        short = census_one(code, heap, work={"period_heaps": 0})
        assert short["status"] == "partial" and period_in_sight(short["phi"], *octal_game(code).periodicity, heap + 40)
        assert rec["status"] == "partial" and rec["last_heap"] == heap
        for f in ("order", "phi", "presentation", "P", "changes"):
            assert rec[f] == short[f], (code, f)
    # 0.36: the period in sight at heap 12 breaks by heap 19 (the quotient grows from 12 to 96);
    # 0.57: the census's default work budget stops the longer run before heap 41
    assert quotient("0.36", max_heap=19).order == 96 and not quotient("0.36", max_heap=19).solved


def test_a_partial_record_made_before_the_carry_is_computed_again(tmp_path):
    path = tmp_path / "s.sqlite"
    census("0.5133", max_heap=40, store=path, work={"period_heaps": 0}, certify=0)
    with Store(path) as st:
        assert st.get("0.5133")["status"] == "partial"
        assert st.done("0.5133", 40, work={"period_heaps": 0})
        assert not st.done("0.5133", 40, work=Work())
    db = sqlite3.connect(path)  # a record of a store older than the bound: no period_heaps
    work = json.loads(db.execute("SELECT work FROM results").fetchone()[0])
    del work["period_heaps"]
    db.execute("UPDATE results SET work = ?", (json.dumps(work),))
    db.commit()
    db.close()
    with Store(path) as st:
        assert st.done("0.5133", 40, work={"period_heaps": 0})
        assert not st.done("0.5133", 40, work=Work())
    recs = census("0.5133", max_heap=40, store=path, certify=0)
    assert recs[0]["status"] == "solved" and recs[0]["last_heap"] == 41


def test_the_codes_the_stored_census_carried_agree_with_the_open_ended_solver(tmp_path):
    """The store in benchmarks/data: every code solved past its census heap was carried there by
    a period in sight; three of them (the earliest heap, the latest, one between) are solved
    again here by the solver run with no last heap, which stops when the period is certified."""
    import lzma
    from pathlib import Path

    store = Path(__file__).resolve().parents[3] / "benchmarks" / "data" / "census.sqlite.xz"
    path = tmp_path / "census.sqlite"
    path.write_bytes(lzma.decompress(store.read_bytes()))
    with Store(path, create=False) as st:
        carried = sorted((r for r in st.records() if r["solved"] and r["last_heap"] > r["max_heap"]),
                         key=lambda r: (r["last_heap"], r["order"], r["code"]))
    assert len(carried) >= 115 and all(r["work"]["period_heaps"] >= 1 for r in carried)
    assert all(r["last_heap"] <= r["max_heap"] + r["work"]["period_heaps"] for r in carried)
    for r in (carried[0], carried[len(carried) // 2], carried[-1]):
        q = quotient(r["code"], certify=0)
        assert q.solved, r["code"]
        assert (q.order, q.period, q.preperiod, q.max_heap) == \
            (r["order"], r["period"], r["preperiod"], r["last_heap"]), r["code"]
