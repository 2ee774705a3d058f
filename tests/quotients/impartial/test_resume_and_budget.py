"""Exact resumes (issue 9 item 5) and budgets with what was established (items 2, 3).

A resumed run is compared with the uninterrupted one on the full ``--json`` output, every
field; runs stopped by a budget or a size bound are compared with a fresh run to the heap they
report as finished.
"""
from __future__ import annotations

import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from functools import partial
from pathlib import Path

import pytest
from typer.testing import CliRunner

import misere
import misere.quotients as mq
from misere.budget import Progress
from misere.cli.app import app
from misere.errors import BudgetExceededError, CheckpointError, ComputationLimitError
from misere.quotients.impartial import driver

SRC = str(Path(__file__).resolve().parents[3] / "src")
runner = CliRunner()


def cli(*args: str) -> tuple[int, str, str]:
    res = runner.invoke(app, list(args))
    return res.exit_code, res.stdout, res.stderr


def quotient_json(*args: str) -> dict:
    code, out, err = cli("quotient", *args, "--json", "--quiet")
    assert code == 0, out + err
    assert out.count("\n") == 1  # one JSON object on stdout
    return json.loads(out)


# ---- exact resumes ------------------------------------------------------------------------


def test_resumed_runs_match_the_uninterrupted_run_in_every_field(tmp_path):
    straight = quotient_json("0.07", "--max-heap", "20", "--certify", "10")
    assert straight["last_tame_heap"] == 9  # the silent wrong answer of issue 9 said 4
    ck = str(tmp_path / "a.sqlite")
    quotient_json("0.07", "--max-heap", "10", "--certify", "10", "--checkpoint", ck)
    assert quotient_json("0.07", "--max-heap", "20", "--certify", "10", "--checkpoint", ck) == straight
    ck = str(tmp_path / "b.sqlite")
    for stop in ("5", "12"):
        quotient_json("0.07", "--max-heap", stop, "--certify", "0", "--checkpoint", ck)
    assert quotient_json("0.07", "--max-heap", "20", "--certify", "10", "--checkpoint", ck) == straight


def test_solved_quotient_resumes_exactly(tmp_path):
    straight = quotient_json("0.123", "--certify", "10")
    ck = str(tmp_path / "c.sqlite")
    quotient_json("0.123", "--max-heap", "8", "--checkpoint", ck, "--certify", "0")
    assert quotient_json("0.123", "--checkpoint", ck, "--certify", "10") == straight
    assert straight["solved"] and straight["max_heap"] == 22


def test_a_checkpoint_ahead_of_the_request_is_rewound(tmp_path):
    # the file holds more heaps than asked for: the answer is still the uninterrupted one
    ck = str(tmp_path / "d.sqlite")
    quotient_json("0.123", "--max-heap", "40", "--certify", "0", "--checkpoint", ck)
    assert (quotient_json("0.123", "--checkpoint", ck, "--certify", "10")
            == quotient_json("0.123", "--certify", "10"))
    for stop in ("3", "8", "10"):  # between changes, at a change, after one
        assert (quotient_json("0.123", "--max-heap", stop, "--checkpoint", ck, "--certify", "10")
                == quotient_json("0.123", "--max-heap", stop, "--certify", "10"))
    with sqlite3.connect(ck) as db:  # the file itself is left as it was
        assert db.execute("SELECT heap FROM state").fetchone() == (40,)


def test_kill_9_loses_at_most_the_heap_in_progress(tmp_path):
    # 0.15 is solved at heap 153 in well under a second of small steps: SIGKILL lands in a
    # step or a commit; the file must hold exactly the heaps finished, and the resumed run
    # must answer exactly as the uninterrupted one
    ck = tmp_path / "k.sqlite"
    code = f"import misere.quotients as mq; mq.quotient('0.15', certify=0, checkpoint={str(ck)!r}, quiet=True)"
    proc = subprocess.Popen([sys.executable, "-c", code], env={**os.environ, "PYTHONPATH": SRC})
    heap, deadline = 0, time.monotonic() + 60
    while heap < 30 and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.01)
        try:
            with sqlite3.connect(ck) as db:
                row = db.execute("SELECT heap FROM state").fetchone()
            heap = row[0] if row else 0
        except sqlite3.Error:
            pass
    assert proc.poll() is None, "the run ended before it could be killed"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    with sqlite3.connect(ck) as db:
        last = db.execute("SELECT heap FROM state").fetchone()[0]
        assert [h for (h,) in db.execute("SELECT heap FROM heaps ORDER BY heap")] == list(range(1, last + 1))
        assert max(h for (h,) in db.execute("SELECT heap FROM changes")) <= last
    assert 30 <= last < 153
    resumed = mq.quotient("0.15", certify=8, checkpoint=str(ck), quiet=True)
    fresh = mq.quotient("0.15", certify=8, quiet=True)
    assert json.dumps(resumed.as_dict()) == json.dumps(fresh.as_dict())
    assert (fresh.order, fresh.period, fresh.preperiod, fresh.max_heap) == (42, 10, 66, 153)


def test_bad_checkpoints_are_refused_in_one_line(tmp_path):
    ck = tmp_path / "e.sqlite"
    mq.quotient("0.123", max_heap=5, certify=0, checkpoint=str(ck))
    with pytest.raises(CheckpointError, match="belongs to '0.123', not '0.07'"):
        mq.quotient("0.07", max_heap=5, certify=0, checkpoint=str(ck))
    with sqlite3.connect(ck) as db:
        db.execute("UPDATE state SET blob = x'00ff00ff'")
    with pytest.raises(CheckpointError, match="unreadable"):
        mq.quotient("0.123", max_heap=8, certify=0, checkpoint=str(ck))
    old = tmp_path / "old.sqlite"
    with sqlite3.connect(old) as db:
        db.execute("CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT)")
        db.executemany("INSERT INTO meta VALUES (?, ?)", [("ruleset", "0.123"), ("format", "misere-quotient-1")])
    with pytest.raises(CheckpointError, match="format"):
        mq.quotient("0.123", max_heap=5, certify=0, checkpoint=str(old))
    half = tmp_path / "half.sqlite"
    half.write_bytes(ck.read_bytes()[:1000])
    for path in (half, tmp_path):
        code, out, _ = cli("quotient", "0.123", "--checkpoint", str(path), "--json")
        assert code == 1 and out.count("\n") == 1 and "checkpoint" in json.loads(out)["error"]


# ---- budgets --------------------------------------------------------------------------------


def test_a_time_budget_stops_with_what_was_established(tmp_path):
    ck = str(tmp_path / "t.sqlite")
    with pytest.raises(BudgetExceededError) as info:
        mq.quotient("0.07", timeout=0.3, quiet=True, checkpoint=ck)  # no bound: runs for minutes
    err = info.value
    part, last = err.partial, err.partial["last_heap"]
    assert err.kind == "time" and part["status"] == "unsolved" and part["checkpoint"] == ck
    fresh = mq.quotient("0.07", max_heap=last, certify=0)
    assert (part["order"], part["p_count"], part["presentation"], part["P"], part["changes"]) == \
        (fresh.order, fresh.p_count, fresh.presentation, fresh.P, fresh.changes)
    assert err.quotient.phi == fresh.phi and not err.quotient.solved
    with sqlite3.connect(ck) as db:  # every finished heap was committed
        assert db.execute("SELECT heap FROM state").fetchone() == (last,)
    with misere.limits(timeout=0.3, quiet=True), pytest.raises(BudgetExceededError):
        mq.quotient("0.8", certify=0)


def test_a_memory_budget_stops_at_once():
    with pytest.raises(BudgetExceededError) as info:
        mq.quotient("0.07", max_memory="1M", quiet=True, certify=0)
    assert info.value.kind == "memory" and info.value.partial["last_heap"] == 0


def test_cli_budget_reports_and_exits_3():
    code, out, _ = cli("quotient", "0.07", "--timeout", "0.3", "--quiet", "--json")
    assert code == 3 and out.count("\n") == 1
    d = json.loads(out)
    assert d["budget"] == "time" and d["established"]["status"] == "unsolved"
    assert d["established"]["last_heap"] >= 10 and d["established"]["order"] >= 24
    code, out, err = cli("quotient", "0.07", "--timeout", "0.3", "--quiet")
    assert code == 3 and "stopped: time budget" in err and "status: unsolved" in out


def test_size_bounds_report_like_budgets():
    # (--max-size 100 no longer stops 0.07 before heap 26: the widened recalibration sets
    # may use 20 times --max-size; 20 stops it at heap 10, whose quotient has order 12)
    code, out, _ = cli("quotient", "0.07", "--max-heap", "26", "--max-size", "20", "--certify", "0",
                       "--json", "--quiet")
    d = json.loads(out)
    assert code == 3 and d["budget"] == "size" and "last completed heap 9" in d["error"]
    assert (d["established"]["last_heap"], d["established"]["order"]) == (9, 6)
    assert mq.quotient("0.07", max_heap=9, certify=0).order == 6


def test_progress_lines_on_stderr(monkeypatch, capsys):
    monkeypatch.setattr(driver, "Progress", partial(Progress, interval=0.0))
    mq.quotient("0.07", max_heap=14, certify=0)
    lines = capsys.readouterr().err.splitlines()
    assert "quotient 0.07  heap 14  |Q| 24  |P| 5" in lines[-1]
    assert all(re.fullmatch(r"quotient 0\.07  heap \d+  \|Q\| \d+  \|P\| \d+( .*)?  [\d.]+ s", x) for x in lines)
    assert len(lines) >= 14
    mq.quotient("0.07", max_heap=14, certify=0, quiet=True)
    assert capsys.readouterr().err == ""


def test_a_run_stopped_inside_one_long_step_still_shows_its_last_state():
    """Plain lines come at most once per ``interval``; a run that lasted that long but whose
    updates all fell inside it (one long step, then a budget stop) prints its last state on
    leaving, and a shorter run prints nothing."""
    import io

    out = io.StringIO()
    with pytest.raises(RuntimeError):
        with Progress("quotient 0.07", interval=0.05, stream=out) as p:
            p.update(heap=27, order=144)  # within the interval: not printed yet
            assert out.getvalue() == ""
            time.sleep(0.06)  # the long step, then the stop
            raise RuntimeError("time budget exhausted")
    (line,) = out.getvalue().splitlines()
    assert re.fullmatch(r"quotient 0\.07  heap 27  order 144  [\d.]+ s", line), line
    short = io.StringIO()
    with Progress("quotient 0.07", interval=60.0, stream=short) as p:
        p.update(heap=3)
    assert short.getvalue() == ""


def test_progress_stays_off_stdout_under_json(monkeypatch):
    monkeypatch.setattr(driver, "Progress", partial(Progress, interval=0.0))
    code, out, err = cli("quotient", "0.07", "--max-heap", "12", "--certify", "0", "--json")
    assert code == 0 and json.loads(out)["max_heap"] == 12 and "heap 12  |Q| 12" in err
    code, out, err = cli("quotient", "0.07", "--max-heap", "12", "--certify", "0", "--json", "--quiet")
    assert code == 0 and err == ""


def test_size_error_partial_is_a_summary():
    with pytest.raises(ComputationLimitError) as info:
        mq.quotient("0.07", max_heap=26, certify=0, limits=mq.Limits(max_candidate=20))
    assert info.value.partial["last_heap"] == info.value.quotient.max_heap


def test_a_stop_before_the_engine_starts_still_says_what_is_known(monkeypatch) -> None:
    """CI (stop 32 emulation): `misere quotient 0.07 --timeout 2` exited 3 with nothing on
    stdout, the budget having run out before the engine attached what it established; the
    command now reports heap 0 (the trivial quotient), the one fact known by then."""
    from typer.testing import CliRunner

    import misere.quotients as mq
    from misere.cli.app import app
    from misere.errors import BudgetExceededError

    def early(*args, **kwargs):
        raise BudgetExceededError("time", "time budget of 2 s exhausted")

    monkeypatch.setattr(mq, "quotient", early)
    res = CliRunner().invoke(app, ["quotient", "0.07", "--timeout", "2", "--quiet"])
    assert res.exit_code == 3
    assert res.stdout.splitlines() == ["game: 0.07", "status: unsolved", "last_heap: 0"]


def test_a_ctrl_c_before_the_engine_starts_still_says_what_is_known(monkeypatch) -> None:
    """The same for a Ctrl-C (the suite, loaded, once interrupted the fast path before the
    engine attached anything: the report lacked ``status``): exit 130 and heap 0."""
    import json

    from typer.testing import CliRunner

    import misere.quotients as mq
    from misere.cli.app import app

    def early(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(mq, "quotient", early)
    res = CliRunner().invoke(app, ["quotient", "0.16", "--json", "--quiet"])
    assert res.exit_code == 130
    got = json.loads(res.stdout)
    assert got == {"error": "interrupted",
                   "established": {"game": "0.16", "status": "unsolved", "last_heap": 0}}


def test_a_loop_of_slow_steps_is_stopped_soon_after_its_budget():
    """The clock is read every call or two in a loop of slow steps: a fixed stride of 256
    calls let the census's same-game planning (a step of some 50 ms per code) run 13 s past a
    budget of 1 s. Counted in steps, not seconds: 10 ms steps under a 50 ms budget stop within
    a few dozen steps (256 before)."""
    from misere import budget
    from misere.errors import BudgetExceededError

    steps = 0
    with pytest.raises(BudgetExceededError):
        with budget.limits(timeout=0.05):
            while steps < 1000:
                time.sleep(0.01)
                steps += 1
                budget.check()
    assert 5 <= steps < 60
    fast = 0
    with budget.limits(timeout=30) as b:  # a loop of cheap steps reads it every 256 calls
        for _ in range(100_000):
            fast += 1
            budget.check()
        assert b._stride == 255
