"""Work budgets that reproduce, certificates in the records, slices, and the store's schema
upgrade (issue 22, items 1-2)."""
from __future__ import annotations

import sqlite3

import numpy as np
import pytest

from misere.errors import RulesetError
from misere.quotients.census import (Store, Work, census, parse_codes, same_results,
                                     slice_codes)
from misere.quotients.census.store import RECORD_FIELDS

#: a budget small enough that several codes end on a bound of it (status ``limit``)
TIGHT = {"max_order": 30, "max_candidate": 2000, "max_wide_candidate": 4000, "max_rounds": 6}
CODES = "0.1-0.3 0.07 0.123 0.15 0.144 0.72 0.6 0.16 0.75"


def _census(path, workers, **kw):
    return census(CODES, max_heap=30, store=path, workers=workers, work=TIGHT, **kw)


@pytest.fixture(scope="module")
def one_worker(tmp_path_factory):
    path = tmp_path_factory.mktemp("work") / "one.sqlite"
    return path, _census(path, 1)


def test_the_work_budget_decides_the_records(one_worker):
    _, recs = one_worker
    by = {r["code"]: r for r in recs}
    assert {by[c]["status"] for c in ("0.15", "0.144", "0.6", "0.16")} == {"limit"}
    assert by["0.123"]["solved"] and by["0.123"]["order"] == 20
    assert by["0.6"]["order"] == 24 and "30 elements" in by["0.6"]["message"]
    for r in recs:
        assert r["work"] == Work.of(TIGHT).as_dict()
        assert r["status"] in ("solved", "partial", "limit"), r["code"]


def test_one_and_two_workers_give_the_same_records_field_by_field(one_worker, tmp_path, monkeypatch):
    pytest.importorskip("ray")
    import misere.quotients.census.cluster as cluster

    monkeypatch.setattr(cluster, "RAY_STARTUP_S", 0.0)  # 12 codes: on Ray, not kept in this process
    _, one = one_worker
    two = _census(tmp_path / "two.sqlite", 2)
    assert [r["code"] for r in two] == [r["code"] for r in one]
    for a, b in zip(one, two):
        for f in RECORD_FIELDS:
            if f != "seconds":
                assert a[f] == b[f], (a["code"], f)
    assert same_results(one, two)
    with Store(tmp_path / "two.sqlite") as st:  # the pool's start, apart from every code's time
        run = st.runs()[-1]
        assert run["workers"] == 2 and 0 < run["startup"] < run["wall"]


def test_a_second_run_on_the_store_computes_nothing(one_worker):
    path, recs = one_worker
    seen = []
    again = _census(path, 1, on_record=seen.append)
    assert seen == [] and same_results(again, recs)
    larger = {**TIGHT, "max_order": 60}  # a larger budget recomputes what hit a bound, only that
    seen = []
    census(CODES, max_heap=30, store=path, work=larger, on_record=lambda r: seen.append(r["code"]))
    assert set(seen) == {r["code"] for r in recs if not r["solved"]}


def test_a_code_stopped_by_the_clock_is_retried_and_then_the_same(one_worker, tmp_path):
    _, recs = one_worker
    want = next(r for r in recs if r["code"] == "0.72")
    path = tmp_path / "retry.sqlite"
    (stopped,) = census("0.72", max_heap=30, work=TIGHT, store=path, per_code_timeout=0.01)
    assert stopped["status"] == "stopped" and stopped["order"] is None
    assert stopped["certificate"] is None
    (again,) = census("0.72", max_heap=30, work=TIGHT, store=path)
    assert same_results([again], [want])
    with Store(path) as st:
        # carried past heap 30 to the heap certifying its period (4 from heap 16): solved at 41
        assert st.get("0.72")["status"] == "solved" and st.get("0.72")["last_heap"] == 41
        assert st.done("0.72", 30, work=TIGHT)


def _positions(heaps: int, bound: int) -> int:
    """Multisets of heaps 1..heaps with at most ``bound`` tokens, the empty sum included (a
    plain recursion)."""
    def count(total: int, largest: int) -> int:  # multisets of parts <= largest summing <= total
        if largest == 0:
            return 1
        return sum(count(total - k * largest, largest - 1) for k in range(total // largest + 1))
    return count(bound, heaps)


def test_every_record_carries_its_certificate(one_worker):
    _, recs = one_worker
    for r in recs:
        cert = r["certificate"]
        bf = cert["brute_force"]
        assert bf["agreed"] and bf["bound"] == 16 and bf["weight"] == "tokens"
        assert bf["max_heap"] == r["last_heap"]
        assert bf["positions"] == _positions(r["last_heap"], 16), r["code"]
        assert f"1..{r['last_heap']}" in cert["quotient"]
        assert (cert["period"] is not None) == r["solved"]
        if r["solved"]:
            assert (cert["period"]["period"], cert["period"]["preperiod"]) == (
                r["period"], r["preperiod"])
    assert _positions(3, 3) == 7  # 0, 1, 2, 3, 1+1, 1+2, 1+1+1


def test_without_certify_the_record_says_so(tmp_path):
    (r,) = census("0.3", max_heap=12, certify=0, work=TIGHT)
    assert r["certificate"]["brute_force"] is None and r["certificate"]["period"] is not None


def test_work_budgets_parse_and_compare():
    assert Work.parse("max_order=300, max_rounds=5") == Work(max_order=300, max_rounds=5)
    assert Work().covers(Work(max_order=10)) and not Work(max_order=10).covers(Work())
    for bad in ("max_order", "max_order=x", "max_ordr=3", "max_order=0"):
        with pytest.raises(ValueError):
            Work.parse(bad)


def test_slices_are_disjoint_and_cover_the_codes():
    cs = parse_codes("octal2")
    parts = [slice_codes(cs, f"{i}/5") for i in range(5)]
    assert sorted(c for p in parts for c in p.codes) == sorted(cs.codes)
    assert sum(len(p) for p in parts) == len(cs)
    for bad in ("5/5", "1", "a/b", "-1/3"):
        with pytest.raises(RulesetError):
            slice_codes(cs, bad)


def test_a_table_is_stored_once_however_many_records_hold_it(tmp_path):
    """Same-game codes hold their representative's table: one row of ``quotient_tables``, read
    back as one shared ``bytes``; a table no record names any more is dropped."""
    path = tmp_path / "s.sqlite"
    recs = census("0.44 0.46 0.6", max_heap=9, store=path, work=TIGHT)
    assert recs[0]["table"] == recs[1]["table"] != recs[2]["table"]
    with Store(path) as st:
        got = {r["code"]: r for r in st.records()}
        assert got["0.44"]["table"] is got["0.46"]["table"] == recs[0]["table"]
        assert got["0.6"]["table"] == recs[2]["table"]
        assert st.get("0.46")["table"] == recs[0]["table"]
        (n,) = st.db.execute("SELECT count(*) FROM quotient_tables").fetchone()
        assert n == 2
        st.put({**got["0.6"], "table": None})  # replaced: its old table is named by nothing
        assert st.share_tables() == 0
        (n,) = st.db.execute("SELECT count(*) FROM quotient_tables").fetchone()
        assert n == 1 and st.get("0.6")["table"] is None


def test_a_version_2_store_is_upgraded_in_place(tmp_path):
    """A store of schema version 2 (before ``work`` and ``certificate``) keeps its records."""
    path = tmp_path / "v2.sqlite"
    old = RECORD_FIELDS[:-4]
    with sqlite3.connect(path) as db:
        db.execute(f"CREATE TABLE results ({', '.join(repr(f) for f in old)}, "
                   "PRIMARY KEY (code))")
        db.execute("CREATE TABLE runs (id INTEGER PRIMARY KEY AUTOINCREMENT, started REAL, "
                   "finished REAL, spec TEXT, codes INTEGER, computed INTEGER, workers INTEGER, "
                   "max_heap INTEGER, timeout REAL, wall REAL)")
        table = np.array([[0, 1], [1, 0]], dtype="<i4").tobytes()  # the table of Q(0.3)
        db.execute("INSERT INTO results (code, status, solved, \"order\", max_heap, \"table\") "
                   "VALUES ('0.3', 'solved', 1, 2, 12, ?)", (table,))
        db.execute(f"PRAGMA application_id = {int.from_bytes(b'mcns', 'big')}")
        db.execute("PRAGMA user_version = 2")
    db.close()
    with Store(path) as st:
        rec = st.get("0.3")
        assert rec["order"] == 2 and rec["work"] is None and rec["certificate"] is None
        assert rec["same_game"] is None and rec["proof"] is None and rec["table"] == table
        assert st.done("0.3", 12, work=TIGHT)
        assert st.share_tables() == 1 and st.get("0.3")["table"] == table  # moved, same bytes
        assert st.share_tables() == 0
    assert int.from_bytes(path.read_bytes()[60:64], "big") == 6
    (r,) = census("0.1", max_heap=12, store=path, work=TIGHT)
    with Store(path) as st:
        assert st.get("0.1")["certificate"]["brute_force"]["agreed"]
        assert st.runs()[-1]["startup"] is None  # in-process: no pool to start


def test_the_reports_say_what_was_checked(one_worker):
    from misere.quotients.census.findings import findings, report_html, report_text

    _, recs = one_worker
    f = findings(recs)
    n = len(recs)
    assert f["certificates"]["brute_forced"] == n and f["certificates"]["disagreed"] == 0
    said = f"{n} cross-checked by brute force (bounds 16 tokens"
    assert said in report_text(f) and said in report_html(f)
    assert "every stored quotient was cross-checked" not in report_html(f)
    assert all("brute force" in row["checked"] for row in f["codes"])
    old = [{**r, "certificate": None} for r in recs]  # a store before certificates
    assert f"{n} without a stored certificate" in report_text(findings(old))


@pytest.mark.slow
def test_done_when_of_issue_22(tmp_path):
    """The issue's check: the 2-digit codes plus 0.123, 0.15, 0.144, 0.72, 0.04 to heap 200
    give the same records on 1 and 2 workers, and a second run returns at once."""
    pytest.importorskip("ray")
    import misere as m

    codes = "octal2 0.123 0.15 0.144 0.72 0.04 0.007"
    one = m.census(codes, max_heap=200, store=tmp_path / "one.sqlite", workers=1)
    two = m.census(codes, max_heap=200, store=tmp_path / "two.sqlite", workers=2)
    assert same_results(one, two) and len(one) == 59  # 0.15, 0.72, 0.04 are 2-digit codes
    seen = []
    again = m.census(codes, max_heap=200, store=tmp_path / "one.sqlite", on_record=seen.append)
    assert seen == [] and same_results(again, one)


def test_slices_of_the_command_line_fill_one_store(tmp_path):
    import json

    from typer.testing import CliRunner

    from misere.cli.app import app

    store = str(tmp_path / "s.sqlite")
    got = []
    for i in range(2):
        res = CliRunner().invoke(app, ["census", "0.1-0.7", "--max-heap", "12", "--slice", f"{i}/2",
                                       "--store", store, "--work", "max_order=30", "--json", "-q"])
        assert res.exit_code == 0, res.output
        got.append([r["code"] for r in json.loads(res.stdout)["records"]])
    assert got == [["0.1", "0.3", "0.5", "0.7"], ["0.2", "0.4", "0.6"]]
    with Store(store) as st:
        assert len(st.records()) == 7 and {r["work"]["max_order"] for r in st.records()} == {30}
    bad = CliRunner().invoke(app, ["census", "0.1", "--work", "max_order=-1", "--store", store, "--json"])
    assert bad.exit_code == 1 and "max_order" in json.loads(bad.stdout)["error"]


def test_a_loaded_process_stores_the_same_record(one_worker):
    """Load slows a code down (here a thread competing for the interpreter) but does not change
    its record: only the work budget decides it."""
    import threading

    from misere.quotients.census import census_one

    _, recs = one_worker
    want = {r["code"]: r for r in recs}
    stop = threading.Event()

    def burn() -> None:
        x = 0
        while not stop.is_set():
            x += 1

    hog = threading.Thread(target=burn, daemon=True)
    hog.start()
    try:
        got = [census_one(c, 30, None, 16, TIGHT) for c in ("0.6", "0.72", "0.144")]
    finally:
        stop.set()
        hog.join()
    assert same_results(got, [want[c] for c in ("0.6", "0.72", "0.144")])


def test_a_stopped_rerun_is_remembered_beside_the_result_it_left(tmp_path):
    """A rerun under a larger budget that its per-code timeout stops leaves the stored result
    as it was (a stop is no answer) and is kept in ``attempts``: code, heap reached, timeout,
    work, so the next rerun can leave it out."""
    path = tmp_path / "s.sqlite"
    (first,) = census("0.15", max_heap=40, store=path, work=TIGHT)
    assert first["status"] == "limit"
    wide = {**TIGHT, "max_order": 5000, "max_rounds": 200}
    (again,) = census("0.15", max_heap=40, store=path, work=wide, per_code_timeout=0.01)
    assert again["status"] == "stopped"
    with Store(path) as st:
        assert st.get("0.15")["status"] == "limit"
        (att,) = st.attempts()
        assert att["code"] == "0.15" and att["status"] == "stopped" and att["timeout"] == 0.01
        assert Work.of(att["work"]).covers(Work.of(wide)) and not Work.of(TIGHT).covers(Work.of(wide))
        assert "time budget" in att["message"]


def test_a_certificate_stored_since_answers_the_records_it_proves(tmp_path, monkeypatch):
    """A record that a certificate stored later proves infinite is no longer done under the
    same budget: the next run answers it from the proof (theory first), and a code that took
    a record as the same game up to a heap at least the certificate's goes with it."""
    import misere.quotients.infinite.store as infinite_store
    from misere.quotients.census.store import _proved_since

    real = infinite_store.known_infinite
    monkeypatch.setattr(infinite_store, "known_infinite", lambda code: None)  # not stored yet
    path = tmp_path / "s.sqlite"
    (first,) = census("0.3102", max_heap=40, store=path, work=TIGHT)
    assert first["status"] == "limit" and first["last_heap"] < 12
    with Store(path) as st:
        assert st.done("0.3102", 40, work=TIGHT)
    monkeypatch.setattr(infinite_store, "known_infinite", real)  # Q_12(0.3102): stored
    with Store(path) as st:
        assert not st.done("0.3102", 40, work=TIGHT)
    (again,) = census("0.3102", max_heap=40, store=path, work=TIGHT)
    assert again["status"] == "infinite" and again["last_heap"] == 11
    with Store(path) as st:
        assert st.done("0.3102", 40, work=TIGHT)
    twin = {"code": "0.7777", "status": "limit", "same_game": {"code": "0.3102", "heap": 40}}
    assert _proved_since(twin, 40) and not _proved_since(twin, 11)
    assert not _proved_since({**twin, "same_game": {"code": "0.3102", "heap": 11}}, 40)
    assert not _proved_since({**twin, "same_game": None}, 40)
