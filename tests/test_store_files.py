"""Checkpoints and census stores that cannot be corrupted or mixed up (issue 24, item 1).

Every command and API call that opens a store or a checkpoint is fed what is not one of its
files: random bytes, other programs' SQLite files (random schemas), truncated copies of real
files, real files with damaged pages, a census store as a checkpoint and the reverse, a
checkpoint of another ruleset. Each must be refused in one line (exit 1), the file left byte for
byte as it was and no side file (``-wal``, ``-shm``, ``-journal``) created.
"""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import sqlite3
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import misere as m
import misere.quotients as mq
from misere.cli.app import app
from misere.errors import CheckpointError
from misere.quotients.census import Store
from misere.quotients.impartial.checkpoint import Checkpoint

runner = CliRunner()


class _Files(dict):
    """File contents by kind (shown by kind only in hypothesis' reports)."""

    def __repr__(self) -> str:
        return f"<files {sorted(self)}>"


@pytest.fixture(scope="module")
def real_files(tmp_path_factory) -> dict[str, bytes]:
    """The bytes of a real census store and a real checkpoint (of 0.123)."""
    d = tmp_path_factory.mktemp("real")
    m.census("0.1 0.2 0.15", max_heap=6, store=d / "store.sqlite")
    mq.quotient("0.123", max_heap=6, certify=0, checkpoint=str(d / "ck.sqlite"), quiet=True)
    return _Files(store=(d / "store.sqlite").read_bytes(), checkpoint=(d / "ck.sqlite").read_bytes())


# ---- the openers: every command and API call that opens a store or a checkpoint -------------


def _cli(*args: str) -> str:
    res = runner.invoke(app, [*args, "--json"])
    assert res.exit_code == 1, (res.exit_code, res.output)
    lines = res.stdout.splitlines()
    assert len(lines) == 1, res.stdout
    return json.loads(lines[0])["error"]


def _api(call) -> str:
    with pytest.raises(CheckpointError) as info:
        call()
    return str(info.value)


#: opener name -> (kind of file it wants, function of the path returning the one-line error)
OPENERS = {
    "quotient --checkpoint": ("checkpoint", lambda f: _cli(
        "quotient", "0.123", "--max-heap", "6", "--certify", "0", "--checkpoint", f, "-q")),
    "census --store": ("store", lambda f: _cli("census", "0.1", "--max-heap", "6", "--store", f, "-q")),
    "census --report": ("store", lambda f: _cli("census", "--report", "--store", f)),
    "report census": ("store", lambda f: _cli("report", "census", "--store", f, "--html",
                                              str(Path(f).parent / "r.html"))),
    "m.quotient(checkpoint=)": ("checkpoint", lambda f: _api(
        lambda: mq.quotient("0.123", max_heap=6, certify=0, checkpoint=f, quiet=True))),
    "m.census(store=)": ("store", lambda f: _api(
        lambda: m.census("0.1", max_heap=6, store=f))),
}


def _refused_unchanged(opener: str, content: bytes) -> str:
    """Write ``content`` to a fresh folder, feed it to ``opener``; check the refusal and the
    file; return the error."""
    d = Path(tempfile.mkdtemp(prefix="misere-store-"))
    try:
        f = d / "file.sqlite"
        f.write_bytes(content)
        digest = hashlib.sha256(content).hexdigest()
        err = OPENERS[opener][1](str(f))
        assert "\n" not in err and str(f) in err, err
        assert hashlib.sha256(f.read_bytes()).hexdigest() == digest, f"{opener} changed the file"
        assert sorted(p.name for p in d.iterdir()) == ["file.sqlite"], f"{opener} left side files"
        return err
    finally:
        shutil.rmtree(d)


def _foreign_sqlite(tables: list[tuple[str, list[str]]], app_id: int, rows: int) -> bytes:
    """An SQLite file of another program: these tables, this application id."""
    d = Path(tempfile.mkdtemp(prefix="misere-foreign-"))
    try:
        with sqlite3.connect(d / "f.db") as db:
            db.execute(f"PRAGMA application_id = {app_id}")
            for name, cols in tables:
                db.execute(f'CREATE TABLE "{name}" ({", ".join(chr(34) + c + chr(34) for c in cols)})')
                db.executemany(f'INSERT INTO "{name}" VALUES ({", ".join("?" * len(cols))})',
                               [tuple(range(i, i + len(cols))) for i in range(rows)])
        db.close()
        return (d / "f.db").read_bytes()
    finally:
        shutil.rmtree(d)


def _damaged(content: bytes, pick: int, junk: bytes) -> bytes | None:
    """``content`` with the header of one of its b-tree pages (after the first) overwritten."""
    size = 65536 if content[16:18] == b"\x00\x01" else int.from_bytes(content[16:18], "big")
    pages = [i for i in range(1, len(content) // size) if content[i * size] in (2, 5, 10, 13)]
    if not pages:
        return None
    at = pages[pick % len(pages)] * size
    return content[:at] + bytes([0xFF]) + junk[:7].ljust(7, b"\x00") + content[at + 8:]


_NAMES = st.text("abcdefghijklmnopqrstuvwxyz_", min_size=1, max_size=8)
_TABLES = st.lists(st.tuples(_NAMES, st.lists(_NAMES, min_size=1, max_size=4, unique=True)),
                   min_size=0, max_size=3, unique_by=lambda t: t[0])


@st.composite
def hostile(draw, real: dict[str, bytes], wants: str) -> bytes:
    """One file that the opener wanting ``wants`` must refuse."""
    other = "store" if wants == "checkpoint" else "checkpoint"
    how = draw(st.sampled_from(["bytes", "foreign", "truncated", "damaged", "other kind",
                                "header only"]))
    if how == "bytes":
        return draw(st.binary(min_size=1, max_size=5000))
    if how == "foreign":
        app_id = draw(st.sampled_from([0, 1, 0x12345678]))
        return _foreign_sqlite(draw(_TABLES), app_id, draw(st.integers(0, 3)))
    source = real[draw(st.sampled_from([wants, other]))]
    if how == "truncated":  # an empty file is a new file, so at least one byte
        return source[:draw(st.integers(1, len(source) - 1))]
    if how == "damaged":
        out = _damaged(source, draw(st.integers(0, 100)), draw(st.binary(min_size=7, max_size=7)))
        if out is not None:
            return out
    if how == "header only":  # our identity, then garbage pages
        pages = draw(st.integers(1, 4)) * 4096
        return source[:100] + draw(st.binary(min_size=pages - 100, max_size=pages - 100))
    return real[other]


@pytest.mark.parametrize("opener", sorted(OPENERS))
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_what_is_not_our_file_is_refused_unchanged(opener, real_files, data):
    content = data.draw(hostile(real_files, OPENERS[opener][0]))
    _refused_unchanged(opener, content)


@pytest.mark.parametrize("opener", sorted(OPENERS))
def test_each_kind_of_refusal_says_what_the_file_is(opener, real_files):
    wants = OPENERS[opener][0]
    other = "store" if wants == "checkpoint" else "checkpoint"
    label = {"store": "census store", "checkpoint": "quotient checkpoint"}
    assert "not an SQLite database" in _refused_unchanged(opener, os.urandom(3000))
    assert "cut short" in _refused_unchanged(opener, real_files[wants][:5000])
    assert f"is a misere {label[other]}, not a misere {label[wants]}" in \
        _refused_unchanged(opener, real_files[other])
    assert "another program (tables: t)" in _refused_unchanged(opener, _foreign_sqlite([("t", ["a"])], 0, 2))
    assert "another program (application_id 0x00000007)" in \
        _refused_unchanged(opener, _foreign_sqlite([("t", ["a"])], 7, 0))
    damaged = _damaged(real_files[wants], 0, b"\x00" * 7)
    assert damaged is not None and "damaged" in _refused_unchanged(opener, damaged)


def test_a_checkpoint_of_another_ruleset_is_refused_unchanged(real_files):
    d = Path(tempfile.mkdtemp(prefix="misere-other-"))
    f = d / "ck.sqlite"
    f.write_bytes(real_files["checkpoint"])
    res = runner.invoke(app, ["quotient", "0.07", "--max-heap", "5", "--checkpoint", str(f), "--json"])
    assert res.exit_code == 1 and "belongs to '0.123', not '0.07'" in json.loads(res.stdout)["error"]
    assert f.read_bytes() == real_files["checkpoint"] and [p.name for p in d.iterdir()] == ["ck.sqlite"]
    shutil.rmtree(d)


@pytest.mark.parametrize("args", [["census", "0.1-0.3", "--store", ""],
                                  ["census", "--report", "--store", ""],
                                  ["quotient", "0.123", "--checkpoint", ""]])
def test_an_empty_file_name_is_refused(args, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    res = runner.invoke(app, [*args, "--json"])
    assert res.exit_code == 1 and "empty file name" in json.loads(res.stdout)["error"]
    assert list(tmp_path.iterdir()) == []


def test_new_files_carry_their_identity(tmp_path):
    for kind, make in (("census store", lambda p: Store(p).close()),
                       ("quotient checkpoint", lambda p: Checkpoint(p, "0.1").close())):
        path = tmp_path / f"{kind}.sqlite"
        make(path)
        head = path.read_bytes()[:100]
        ids = {"census store": b"mcns", "quotient checkpoint": b"mqck"}
        versions = {"census store": 6, "quotient checkpoint": 2}
        assert head[68:72] == ids[kind] and int.from_bytes(head[60:64], "big") == versions[kind]
        with sqlite3.connect(path) as db:
            assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)


# ---- files of the formats before identities: upgraded in place -------------------------------

DATA = Path(__file__).resolve().parent / "data"


def test_an_old_checkpoint_is_upgraded_and_resumes_exactly(tmp_path):
    ck = tmp_path / "old.sqlite"
    shutil.copy(DATA / "legacy-checkpoint-0.123.sqlite", ck)
    assert ck.read_bytes()[68:72] == b"\0\0\0\0"  # no identity yet
    resumed = mq.quotient("0.123", checkpoint=str(ck), certify=10, quiet=True)
    fresh = mq.quotient("0.123", certify=10, quiet=True)
    assert json.dumps(resumed.as_dict()) == json.dumps(fresh.as_dict())
    assert ck.read_bytes()[68:72] == b"mqck"
    with sqlite3.connect(ck) as db:  # the old heaps were kept, the run went on from heap 8
        assert db.execute("SELECT heap FROM state").fetchone() == (fresh.max_heap,)


def test_an_old_checkpoint_of_another_ruleset_is_refused_unchanged(tmp_path):
    ck = tmp_path / "old.sqlite"
    shutil.copy(DATA / "legacy-checkpoint-0.123.sqlite", ck)
    before = ck.read_bytes()
    with pytest.raises(CheckpointError, match="belongs to '0.123', not '0.07'"):
        mq.quotient("0.07", max_heap=5, checkpoint=str(ck), certify=0)
    assert ck.read_bytes() == before and [p.name for p in tmp_path.iterdir()] == ["old.sqlite"]


def test_the_dawson_checkpoint_in_the_repository_stays_usable(tmp_path):
    import gzip

    ck = tmp_path / "dawson.sqlite"
    gz = Path(__file__).resolve().parent.parent / "benchmarks/data/dawson-heap34-round105.sqlite.gz"
    ck.write_bytes(gzip.decompress(gz.read_bytes()))
    c = Checkpoint(ck, "0.07")
    try:
        assert c.pending(34).round == 105 and c.phi_values()[33] is not None
    finally:
        c.close()
    assert ck.read_bytes()[68:72] == b"mqck"


def test_an_old_census_store_is_upgraded_and_its_budget_stops_computed_again(tmp_path):
    store = tmp_path / "old.sqlite"
    shutil.copy(DATA / "legacy-census-store.sqlite", store)
    with Store(store) as st:  # upgraded: the records the budgets stopped hold no result
        recs = {r["code"]: r for r in st.records()}
        assert {c: r["status"] for c, r in recs.items()} == {
            "0.01": "solved", "0.04": "stopped", "0.05": "stopped", "0.6": "stopped"}
        assert recs["0.05"]["order"] is None and recs["0.04"]["last_heap"] == 36
        assert not st.done("0.05", 40) and st.done("0.01", 40)
    seen = []
    again = m.census("0.01 0.05", max_heap=40, store=store, on_record=lambda r: seen.append(r["code"]))
    assert seen == ["0.05"] and again[1]["status"] == "solved" and again[1]["order"] == 2
    assert store.read_bytes()[68:72] == b"mcns"


# ---- budgets: a stopped code is never a result ---------------------------------------------


def test_a_code_stopped_by_memory_is_stored_as_stopped_and_computed_again(tmp_path):
    from misere.quotients.census import census_one

    with m.limits(max_memory=1, quiet=True):  # every check fails: as the 100M run of issue 24
        rec = census_one("0.05", 40)
    assert rec["status"] == "stopped" and "memory budget" in rec["message"]
    assert rec["order"] is None and rec["table"] is None and not rec["solved"]
    with Store(tmp_path / "s.sqlite") as st:
        st.put(rec)
        assert not st.done("0.05", 40)
    (again,) = m.census("0.05", max_heap=40, store=tmp_path / "s.sqlite")
    assert again["status"] == "solved" and again["order"] == 2


def test_the_run_budget_stops_the_census_with_a_summary(tmp_path):
    store = tmp_path / "s.sqlite"
    res = runner.invoke(app, ["census", "octal3", "--max-heap", "40", "--store", str(store),
                              "--timeout", "1", "--json"])
    assert res.exit_code == 3, res.output
    d = json.loads(res.stdout)
    facts = d["established"]
    assert d["budget"] == "time" and facts["codes"] == 448 and facts["store"] == str(store)
    assert facts["not started"] > 300 and facts["stopped"] <= 1  # no code launched after the stop
    with Store(store) as st:
        recs = st.records()
    assert len(recs) == facts["codes"] - facts["not started"]
    assert all(r["status"] in ("solved", "partial", "limit", "stopped") for r in recs)
    assert all(r["order"] is None for r in recs if r["status"] == "stopped")


def test_a_census_with_stopped_codes_exits_3_with_a_summary(tmp_path):
    store = str(tmp_path / "s.sqlite")
    # 0.6 meets the default work budget within a second, so a roomy one lets the clock stop it;
    # 0.1 is solved in milliseconds, well inside 2 s even on a loaded machine
    roomy = ["--work", "max_order=100000,max_candidate=400000,max_wide_candidate=8000000,max_words=50000000,max_rounds=10000"]
    res = runner.invoke(app, ["census", "0.1 0.6", "--max-heap", "40", "--store", store,
                              "--per-code-timeout", "2", *roomy, "-q"])
    assert res.exit_code == 3, res.output
    last = res.stdout.strip().splitlines()[-1]
    assert last.startswith("2 codes (0 skipped), 1 solved; 1 stopped by their budget"), last
    res = runner.invoke(app, ["census", "0.1 0.6", "--max-heap", "40", "--store", store,
                              "--per-code-timeout", "2", *roomy, "--json", "-q"])
    d = json.loads(res.stdout)
    assert res.exit_code == 3 and d["summary"]["stopped"] == 1 and d["summary"]["solved"] == 1
    assert [r["status"] for r in d["records"]] == ["solved", "stopped"]


# ---- several writers ---------------------------------------------------------------------

_WRITER = """
import sys
from misere.quotients.census import Store
name, n = sys.argv[1], int(sys.argv[2])
with Store(sys.argv[3]) as st:
    for i in range(n):
        code = f"{name}.{i}" if i % 4 else f"shared.{i}"
        st.put({"code": code, "status": "partial", "solved": False, "order": i, "max_heap": 5,
                "message": name, "phi": list(range(i % 7))})
    st.log_run(name, n, n, 1, 5, None, 0.0, 0.0)
"""


def test_two_processes_writing_one_store_lose_nothing(tmp_path):
    import subprocess
    import sys

    store = str(tmp_path / "shared.sqlite")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent / "src")}
    procs = [subprocess.Popen([sys.executable, "-c", _WRITER, name, "300", store], env=env,
                              stderr=subprocess.PIPE, text=True) for name in ("a", "b")]
    for p in procs:
        assert p.wait(timeout=60) == 0, p.stderr.read()
    with Store(store) as st:
        recs = st.records()
        runs = st.runs()
    codes = [r["code"] for r in recs]
    own = {f"{w}.{i}" for w in "ab" for i in range(300) if i % 4}
    assert len(codes) == len(set(codes)) == len(own) + 75 and set(codes) >= own
    for r in recs:  # each record whole, from one writer
        i = int(r["code"].split(".")[1])
        assert r["order"] == i and r["phi"] == list(range(i % 7))
        assert r["message"] == r["code"].split(".")[0] or r["code"].startswith("shared")
    assert sorted(r["spec"] for r in runs) == ["a", "b"]


def test_a_result_is_never_replaced_by_a_worse_record(tmp_path):
    with Store(tmp_path / "s.sqlite") as st:
        st.put({"code": "0.1", "status": "solved", "solved": True, "order": 2, "max_heap": 12})
        st.put({"code": "0.1", "status": "stopped", "solved": False, "max_heap": 40, "message": "late"})
        st.put({"code": "0.1", "status": "partial", "solved": False, "order": 9, "max_heap": 40})
        assert st.get("0.1")["status"] == "solved"
        st.put({"code": "0.2", "status": "partial", "solved": False, "order": 5, "max_heap": 40})
        st.put({"code": "0.2", "status": "partial", "solved": False, "order": 3, "max_heap": 20})
        assert st.get("0.2")["order"] == 5
        st.put({"code": "0.3", "status": "stopped", "solved": False, "max_heap": 40})
        st.put({"code": "0.3", "status": "partial", "solved": False, "order": 4, "max_heap": 40})
        assert st.get("0.3")["status"] == "partial"


def test_a_rerun_under_another_budget_never_erases_what_a_record_reached(tmp_path):
    """Two work budgets, each larger in one bound: the rerun stops sooner, the store keeps the
    record that reached the later heap; an infinite record is kept against an unsolved one."""
    big_order = {"max_order": 8000, "max_rounds": 20}
    many_rounds = {"max_order": 200, "max_rounds": 300}

    def rec(code, status, last_heap, work, **kw):
        return {"code": code, "status": status, "solved": status == "solved", "order": 7,
                "max_heap": 40, "last_heap": last_heap, "work": work, **kw}

    with Store(tmp_path / "s.sqlite") as st:
        st.put(rec("0.1", "limit", 30, big_order))
        st.put(rec("0.1", "limit", 20, many_rounds))
        assert (st.get("0.1")["last_heap"], st.get("0.1")["work"]) == (30, big_order)
        st.put(rec("0.1", "limit", 33, many_rounds))  # further: replaces
        assert st.get("0.1")["last_heap"] == 33
        st.put(rec("0.2", "partial", 40, big_order))
        st.put(rec("0.2", "limit", 25, many_rounds))
        st.put(rec("0.2", "error", None, many_rounds))
        assert st.get("0.2")["status"] == "partial"
        st.put(rec("0.3", "infinite", 11, big_order))
        for status, heap in (("limit", 10), ("partial", 40), ("error", None)):
            st.put(rec("0.3", status, heap, many_rounds))
        assert st.get("0.3")["status"] == "infinite"
        st.put(rec("0.4", "error", None, big_order))
        st.put(rec("0.4", "limit", 5, many_rounds))  # an error is the least of results
        assert st.get("0.4")["status"] == "limit"


_HOLDER = """
import sys, time
from misere.quotients.impartial.checkpoint import Checkpoint
c = Checkpoint(sys.argv[1], "0.123")
print("holding", flush=True)
sys.stdin.readline()
c.close()
"""


def test_a_checkpoint_serves_one_run_at_a_time(tmp_path):
    import subprocess
    import sys

    ck = str(tmp_path / "ck.sqlite")
    mq.quotient("0.123", max_heap=5, certify=0, checkpoint=ck)
    first = Checkpoint(ck, "0.123")
    with pytest.raises(CheckpointError, match="in use by another run"):
        Checkpoint(ck, "0.123")
    first.close()
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent / "src")}
    holder = subprocess.Popen([sys.executable, "-c", _HOLDER, ck], env=env, text=True,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        assert holder.stdout.readline().strip() == "holding"
        res = runner.invoke(app, ["quotient", "0.123", "--max-heap", "9", "--certify", "0",
                                  "--checkpoint", ck, "--json"])
        assert res.exit_code == 1 and "in use by another run" in json.loads(res.stdout)["error"]
        with sqlite3.connect(ck) as db:  # the refused run wrote nothing
            assert db.execute("SELECT heap FROM state").fetchone() == (5,)
    finally:
        holder.communicate("\n", timeout=30)
    assert mq.quotient("0.123", max_heap=9, certify=0, checkpoint=ck).max_heap == 9


def test_a_store_damaged_inside_its_records_gives_one_line(tmp_path):
    store = tmp_path / "s.sqlite"
    m.census("0.1", max_heap=6, store=store)
    with sqlite3.connect(store) as db:  # pages intact, a record's JSON is not
        db.execute("UPDATE results SET phi = '{not json'")
    db.close()
    for args in (["census", "--report", "--store", str(store)],
                 ["report", "census", "--store", str(store), "--html", str(tmp_path / "r.html")]):
        assert "damaged or unusable" in _cli(*args)
    assert not (tmp_path / "r.html").exists()


def test_reports_do_not_make_a_store_of_an_empty_file(tmp_path):
    empty = tmp_path / "empty.sqlite"
    empty.write_bytes(b"")
    for args in (["census", "--report", "--store", str(empty)],
                 ["report", "census", "--store", str(empty), "--html", str(tmp_path / "r.html")]):
        assert "is empty" in _cli(*args)
    assert empty.read_bytes() == b"" and sorted(p.name for p in tmp_path.iterdir()) == ["empty.sqlite"]


@pytest.mark.slow  # two interpreters starting numpy: about 5 s on a loaded 2-core machine
def test_two_census_runs_on_one_store_share_the_work(tmp_path):
    import subprocess
    import sys

    store = str(tmp_path / "s.sqlite")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent / "src")}
    cmd = [sys.executable, "-m", "misere", "census", "0.1-0.7", "--max-heap", "6", "--store", store,
           "--json", "-q"]
    procs = [subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, text=True) for _ in range(2)]
    outs = [json.loads(p.communicate(timeout=120)[0]) for p in procs]
    assert [p.returncode for p in procs] == [0, 0]
    strip = [[{k: v for k, v in r.items() if k != "seconds"} for r in o["records"]] for o in outs]
    assert strip[0] == strip[1] and len(strip[0]) == 7
    with Store(store) as st:
        assert [r["code"] for r in st.records()] == [f"0.{i}" for i in range(1, 8)]
        assert sum(r["computed"] for r in st.runs()) >= 7  # every code computed at least once


def test_the_run_timeout_stops_a_census_process_at_once(tmp_path):
    """Issue 24: ``census octal3 --timeout 2`` ran 45 s and stored 444 codes as results."""
    import subprocess
    import sys
    import time

    store = tmp_path / "s.sqlite"
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent / "src")}
    t0 = time.monotonic()
    res = subprocess.run([sys.executable, "-m", "misere", "census", "octal3", "--max-heap", "40",
                          "--store", str(store), "--timeout", "1", "--json"],
                         env=env, capture_output=True, text=True, timeout=60)
    assert res.returncode == 3 and time.monotonic() - t0 < 15, res.stderr
    (line,) = res.stdout.splitlines()
    facts = json.loads(line)["established"]
    assert facts["not started"] > 300 and facts["stopped"] <= 1
    with Store(store) as st:
        assert sum(r["status"] == "stopped" for r in st.records()) == facts["stopped"]


def test_an_old_file_given_as_the_other_kind_is_named_and_left_alone():
    for opener, name, other in (("census --report", "legacy-checkpoint-0.123.sqlite", "quotient checkpoint"),
                                ("quotient --checkpoint", "legacy-census-store.sqlite", "census store")):
        err = _refused_unchanged(opener, (DATA / name).read_bytes())
        assert f"is a misere {other} (older format), not a misere" in err
