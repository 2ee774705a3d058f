"""Honest under stress (issue 41): the kinds of problem a newcomer's trial met, one test each.

Every case runs in-process in well under a few seconds and checks that bad input gives exactly
one line (``{"error": ...}`` under ``--json``) and never a traceback, that an option which does
not apply is refused, that a stop keeps what was established, and that read-only files are read.

Read-only media are simulated by permission bits, which also works when the tests run as root
(CI): :mod:`misere.read_only` takes a file or folder with no write bit as read-only for every
user, root included, besides what ``os.access`` says.
"""
from __future__ import annotations

import json
import os
import stat
import time
from pathlib import Path
from typing import Any, Iterator

import pytest
from typer.testing import CliRunner

import misere as m
from misere.cli.app import app
from misere.errors import BudgetExceededError, CheckpointError, InvalidArgumentError, RulesetError

runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    """``misere ARGS`` in-process: exit status, stdout, stderr (under 10 s, no traceback)."""
    start = time.monotonic()
    r = runner.invoke(app, list(args))
    assert time.monotonic() - start < 10, args
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    assert "Traceback" not in r.stdout + r.stderr
    return r.exit_code, r.stdout, r.stderr


def answer(*args: str) -> dict[str, Any]:
    """The JSON answer of a command that succeeds."""
    code, out, err = run(*args, "--json")
    assert code == 0, (out, err)
    return json.loads(out)


def refusal(*args: str, code: int = 1) -> str:
    """The one-line error of a refused command, checked in text and under ``--json``."""
    got, out, err = run(*args)
    assert (got, out.strip()) == (code, ""), (got, out, err)
    assert len(err.strip().splitlines()) == 1, err
    got, out, _ = run(*args, "--json")
    assert got == code and len(out.strip().splitlines()) == 1, out
    return json.loads(out)["error"]


def stopped(*args: str, code: int = 3) -> dict[str, Any]:
    """What a stopped command established (``--json``), with its exit status checked."""
    got, out, err = run(*args, "--json")
    assert got == code and len(out.strip().splitlines()) == 1, (got, out, err)
    return json.loads(out)["established"]


@pytest.fixture
def no_store(monkeypatch: pytest.MonkeyPatch) -> None:
    """No Sprouts store on disk."""
    monkeypatch.setenv("MISERE_SPROUTS_STORE", "")


@pytest.fixture
def read_only(tmp_path: Path) -> Iterator[Path]:
    """A folder holding a census store and a checkpoint, then made read-only (files and folder)."""
    m.census("0.1 0.2", max_heap=6, store=str(tmp_path / "census.sqlite"), certify=0)
    m.quotient("0.123", max_heap=6, checkpoint=str(tmp_path / "check.sqlite"))
    (tmp_path / "old.html").write_text("old")
    assert runner.invoke(app, ["partizan-sweep", "day1", "--limit", "2", "--store", str(tmp_path / "sweep.sqlite"),
                               "-q"]).exit_code == 0
    for f in tmp_path.iterdir():
        f.chmod(0o444)
    tmp_path.chmod(0o555)
    yield tmp_path
    tmp_path.chmod(0o755)
    for f in tmp_path.iterdir():
        f.chmod(0o644)


# --- 1. one parser per position kind, the same bounds however written ------------------------

@pytest.mark.parametrize("args", [("3 3",), ("3", "3")])
def test_sprouts_numbers_apart_are_a_sum_and_the_output_says_so(no_store: None, args: tuple[str, ...]) -> None:
    d = answer("play", "sprouts", *args)
    assert (d["position"], d["components"], d["outcome"]) == ("0.0.0.} + 0.0.0.}", 2, "N")
    code, out, _ = run("play", "sprouts", *args)
    assert code == 0 and "[read as a sum of 2 components]" in out.splitlines()[0]


@pytest.mark.parametrize("position,lives", [("41", None), ("40 1", 123), ("20+21", 123),
                                            ("0." * 41 + "}", 123), ("0." * 40 + "} + 2.2.}", 122)])
def test_sprouts_bound_is_the_same_in_every_notation(position: str, lives: int | None) -> None:
    err = refusal("play", "sprouts", position)
    assert ("at most 40" in err) if lives is None else (f"has {lives} lives" in err and "at most 120 lives" in err)


def test_sprouts_bound_admits_the_40_spot_start_in_every_notation() -> None:
    from misere.rulesets import Sprouts

    assert Sprouts.parse("40") == Sprouts.parse("0." * 40 + "}")
    assert len(Sprouts.parse("20 20")) == 2
    with pytest.raises(RulesetError, match="spots: at most 40"):
        Sprouts.parse("9" * 5000)


@pytest.mark.parametrize("ruleset", ["sprouts", "nim", "domineering", "partizan-kayles", "0.07"])
@pytest.mark.parametrize("text", ["", "   "])
def test_empty_position_is_refused(ruleset: str, text: str, tmp_path: Path) -> None:
    assert refusal("play", ruleset, text).startswith(f"empty position for {ruleset}")
    if ruleset != "0.07":
        assert refusal("draw", ruleset, text, "-o", str(tmp_path / "x.svg")).startswith(f"empty position for {ruleset}")
        assert answer("play", ruleset, "0")["position"] == "0"  # the position with no component


def test_empty_sprouts_text_is_refused_by_the_api_too() -> None:
    from misere.rulesets import Sprouts
    from misere.rulesets.registry import find_ruleset

    with pytest.raises(RulesetError, match="empty Sprouts position"):
        Sprouts.outcome("")
    assert find_ruleset("hackenbush").outcome("").value == "N"  # the empty picture: an empty start
    assert Sprouts.outcome("0").value == "N"  # the 0-spot start is a position: no move, a win


# --- 2. options checked against the ruleset and the command ----------------------------------

@pytest.mark.parametrize("args,says", [
    (("sprouts", "3", "--max-heap", "4"), "--max-heap applies to heap games"),
    (("sprouts", "3", "--as", "Right"), "--as applies to interactive play"),
    (("sprouts", "3", "--as", "Right", "--moves", "x"), "sprouts is impartial"),
    (("0.07", "5", "--as", "Left", "--moves", "5 -> 3"), "0.07 is impartial"),
    (("nim", "3", "--machine-first"), "--machine-first applies to interactive play"),
    (("nim", "3", "--play", "normal"), "--play normal answers"),
    (("sprouts", "3", "--play", "sideways"), "--play is misere, normal or both"),
    (("nim", "3", "--moves", " ; "), "--moves is empty"),
])
def test_options_that_do_not_apply_are_refused(args: tuple[str, ...], says: str) -> None:
    assert says in refusal("play", *args)


def test_a_bad_scripted_move_exits_1() -> None:
    code, out, err = run("play", "0.07", "5", "--moves", "9 -> 1")
    assert code == 1 and out.startswith("Position: 5")
    assert err.strip() == "error: --moves: there is no heap 9 in 5"


def test_duplicate_work_bound_is_refused(tmp_path: Path) -> None:
    err = refusal("census", "0.1", "--store", str(tmp_path / "c.sqlite"), "--work", "max_order=3,max_order=5")
    assert err == "work bound 'max_order' given twice in 'max_order=3,max_order=5'"


def test_address_needs_more_than_one_worker(tmp_path: Path) -> None:
    err = refusal("census", "0.1", "--store", str(tmp_path / "c.sqlite"), "--address", "10.0.0.1:6379")
    assert "needs workers > 1" in err and not (tmp_path / "c.sqlite").exists()
    with pytest.raises(InvalidArgumentError, match="needs workers > 1"):
        m.census("0.1", address="10.0.0.1:6379")


@pytest.mark.parametrize("spec,says", [(None, "got NoneType None"), (5, "got int 5"), ([0.07], "got float 0.07")])
def test_census_of_no_codes_is_one_line(spec: Any, says: str) -> None:
    with pytest.raises(RulesetError, match=says):
        m.census(spec)


@pytest.mark.parametrize("bad,says", [("/missing-folder-for-misere/x.svg", "does not exist"),
                                      ("picture.png", "use a .svg or .dot file name")])
def test_cayley_path_is_checked_before_the_quotient(bad: str, says: str) -> None:
    start = time.monotonic()
    assert says in refusal("quotient", "0.07", "--max-heap", "33", "--cayley", bad)
    assert time.monotonic() - start < 3  # heap 33 of 0.07 takes about 40 s: never started


# --- 3. a stop keeps everything established ---------------------------------------------------

@pytest.mark.parametrize("stop,code", [(BudgetExceededError("time", "time budget of 1 s exhausted"), 3),
                                       (KeyboardInterrupt(), 130)])
def test_sprouts_stop_keeps_the_misere_answer(no_store: None, monkeypatch: pytest.MonkeyPatch,
                                              stop: BaseException, code: int) -> None:
    from misere.rulesets.sprouts_play import SproutsPlay

    def halt(self: Any, *a: Any, **k: Any) -> Any:
        raise stop

    monkeypatch.setattr(SproutsPlay, "winning_moves", halt)
    kept = stopped("play", "sprouts", "4", "--play", "both", code=code)
    assert (kept["outcome"], kept["position"]) == ("P", "0.0.0.0.}")
    assert kept["not_reached"] == ["winning_moves", "normal_outcome"]


def test_sprouts_answers_misere_alone_unless_asked(no_store: None, monkeypatch: pytest.MonkeyPatch) -> None:
    from misere.rulesets.sprouts_play import SproutsPlay

    d = answer("play", "sprouts", "4", "--play", "both")
    assert (d["outcome"], d["normal_outcome"]) == ("P", "N")
    monkeypatch.setattr(SproutsPlay, "normal_outcome", lambda *a: pytest.fail("normal play was computed"))
    d = answer("play", "sprouts", "4")
    assert d["outcome"] == "P" and "normal_outcome" not in d


def test_cayley_drawing_stop_keeps_the_quotient(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import misere.quotients.monoid.cayley as cayley

    def halt(*a: Any, **k: Any) -> Any:
        raise BudgetExceededError("time", "time budget of 1 s exhausted")

    monkeypatch.setattr(cayley, "cayley_layout", halt)
    kept = stopped("quotient", "0.123", "--max-heap", "10", "--cayley", str(tmp_path / "c.svg"))
    assert (kept["order"], kept["p_count"], kept["not_reached"]) == (20, 5, ["cayley"])
    assert not (tmp_path / "c.svg").exists()


def test_large_cayley_layouts_skip_the_crossing_search() -> None:
    from misere.quotients.monoid.cayley import OPTIMISE_UP_TO, cayley_svg

    q = m.quotient("0.3312", max_heap=11)  # |Q| past the bound: drawn from the columns' layout
    assert q.order > OPTIMISE_UP_TO
    start = time.monotonic()
    svg = cayley_svg(q.monoid, q.state.is_p, q.pres)
    assert time.monotonic() - start < 5 and svg.count("<circle") >= q.order


# --- 4. read-only inputs are read --------------------------------------------------------------

def test_read_only_census_store_is_read_and_not_written(read_only: Path) -> None:
    store = str(read_only / "census.sqlite")
    assert "0.1" in run("census", "--report", "--store", store)[1]
    d = answer("census", "0.1 0.2", "--max-heap", "6", "--store", store, "--certify", "0")
    assert [r["code"] for r in d["records"]] == ["0.1", "0.2"]
    err = refusal("census", "0.1 0.3", "--max-heap", "6", "--store", store, "--certify", "0")
    assert err.startswith(f"census store {store!r} is read only (file {store!r} is read-only (mode -r--r--r--))")
    assert "cannot store the 1 codes it does not answer (0.3)" in err
    assert sorted(os.listdir(read_only)) == ["census.sqlite", "check.sqlite", "old.html", "sweep.sqlite"]  # no side files


def test_read_only_sprouts_store_is_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from misere.rulesets.registry import find_ruleset
    from misere.rulesets.sprouts_solve import SproutsSolver

    store = tmp_path / "sprouts.sqlite"
    monkeypatch.setenv("MISERE_SPROUTS_STORE", str(store))
    monkeypatch.setattr(find_ruleset("sprouts"), "_solver", SproutsSolver())
    assert answer("play", "sprouts", "5")["store"] == str(store)
    store.chmod(0o444)
    tmp_path.chmod(0o555)
    try:
        monkeypatch.setattr(find_ruleset("sprouts"), "_solver", SproutsSolver())
        d = answer("play", "sprouts", "5")
        assert d["outcome"] == "N" and d["store"] == (f"{store} (read only, file {str(store)!r} is read-only "
                                                      f"(mode -r--r--r--): new answers are not kept)")
        assert os.listdir(tmp_path) == ["sprouts.sqlite"]
    finally:
        tmp_path.chmod(0o755)


def test_read_only_sweep_store_is_reported_and_not_written(read_only: Path) -> None:
    store = str(read_only / "sweep.sqlite")
    assert "| `day1` | 2 of 10 | 2 |" in run("partizan-sweep", "day1", "--report", "--store", store)[1]
    err = refusal("partizan-sweep", "day1", "--limit", "3", "--store", store)
    assert err.startswith(f"partizan sweep store {store!r} is read only (file {store!r} is read-only")


def test_read_only_checkpoint_resumes_and_refuses_to_grow(read_only: Path) -> None:
    ck = str(read_only / "check.sqlite")
    assert answer("quotient", "0.123", "--max-heap", "6", "--checkpoint", ck)["order"] == 6
    err = refusal("quotient", "0.123", "--max-heap", "8", "--checkpoint", ck)
    assert err.startswith(f"quotient checkpoint {ck!r} is read only") and "cannot save heap 7" in err


def test_store_in_a_read_only_folder_is_not_created(read_only: Path) -> None:
    new = str(read_only / "new.sqlite")
    assert refusal("census", "0.1", "--store", new) == \
        f"cannot create census store {new!r}: folder {str(read_only)!r} is read-only (mode dr-xr-xr-x)"


@pytest.mark.parametrize("name,reason", [("r.html", "folder {d!r} is read-only"),
                                         ("old.html", "file {f!r} is read-only")])
def test_html_report_names_its_own_file_and_reason(read_only: Path, name: str, reason: str) -> None:
    target = read_only / name
    err = refusal("report", "census", "--store", str(read_only / "census.sqlite"), "--html", str(target))
    assert err == f"cannot access {str(target)!r}: " + reason.format(d=str(read_only), f=str(target)) + \
        (" (mode dr-xr-xr-x) (PermissionError)" if name == "r.html" else " (mode -r--r--r--) (PermissionError)")


@pytest.mark.parametrize("args", [("tree", "*", "-o", "{p}"), ("enumerate", "--day", "1", "--hasse", "{p}"),
                                  ("draw", "nim", "3", "-o", "{p}"), ("report", "values", "--day", "1", "--html", "{h}"),
                                  ("report", "quotient", "0.1", "--html", "{h}"),
                                  ("quotient", "0.1", "--cayley", "{p}")])
@pytest.mark.parametrize("where", ["missing", "read-only", "folder", "empty"])
def test_every_output_path_is_checked(read_only: Path, args: tuple[str, ...], where: str) -> None:
    base = {"missing": "/missing-folder-for-misere/x", "read-only": str(read_only / "x"),
            "folder": str(read_only), "empty": ""}[where]
    full = [a.format(p=base + ".svg" * (where != "folder"), h=base + ".html" * (where != "folder")) for a in args]
    err = refusal(*full, code=1)
    assert ("does not exist" in err or "read-only" in err or "folder" in err or "file name" in err
            or "must end in" in err or "is a directory" in err), err


@pytest.mark.parametrize("args", [("census", "--report", "--store", "{f}"), ("census", "0.1", "--store", "{f}"),
                                  ("report", "census", "--store", "{f}", "--html", "{o}"),
                                  ("quotient", "0.1", "--checkpoint", "{f}"),
                                  ("partizan-sweep", "day1", "--report", "--store", "{f}")])
def test_every_store_refuses_a_foreign_file_unchanged(tmp_path: Path, args: tuple[str, ...]) -> None:
    foreign = tmp_path / "notes.txt"
    foreign.write_text("not a database\n")
    err = refusal(*[a.format(f=foreign, o=tmp_path / "r.html") for a in args])
    assert str(foreign) in err and "not an SQLite database" in err
    assert foreign.read_text() == "not a database\n" and sorted(os.listdir(tmp_path)) == ["notes.txt"]


# --- 5. Ray as users meet it --------------------------------------------------------------------

def test_small_census_stays_in_process_and_says_so(tmp_path: Path) -> None:
    d = answer("census", "0.1 0.2 0.3", "--max-heap", "6", "--workers", "4", "--store",
               str(tmp_path / "c.sqlite"), "--certify", "0")
    assert d["run"]["runner"] == ("in this process: 3 codes to compute (about 4 s of work), too few for 4 Ray "
                                  "workers to save the 13 s their pool takes to start")
    assert d["summary"]["codes"] == 3 and "startup" not in d["run"]


def test_ray_start_up_is_printed_apart_from_the_work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import misere.quotients.census as census_pkg
    from misere.quotients.census.run import CensusRecords

    def fake(codes: Any, **kw: Any) -> CensusRecords:
        recs = CensusRecords([{"code": "0.1", "status": "solved", "solved": True, "order": 2, "p_count": 1,
                               "period": 1, "preperiod": 2, "normal_period": 1, "last_heap": 6, "seconds": 0.01}])
        recs.info = {"runner": "Ray, 2 tasks in flight", "startup": 12.4}  # type: ignore[attr-defined]
        return recs

    monkeypatch.setattr(census_pkg, "census", fake)
    code, out, _ = run("census", "0.1", "--workers", "2", "--store", str(tmp_path / "c.sqlite"))
    assert code == 0 and "run Ray, 2 tasks in flight\nRay start-up 12.4 s (apart from the codes' work)" in out
    assert answer("census", "0.1", "--workers", "2", "--store", str(tmp_path / "c.sqlite"))["run"]["startup"] == 12.4


def test_small_address_space_is_one_line_before_ray(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import misere.quotients.census.cluster as cluster

    monkeypatch.setattr(cluster, "_address_space", lambda: 4 * 10 ** 9)
    err = refusal("census", "octal2", "--workers", "2", "--store", str(tmp_path / "c.sqlite"), "--certify", "0")
    assert err.startswith("cannot start a Ray cluster under this process's address-space limit of 3.7 GiB")


def test_read_only_rule_holds_for_root_too(tmp_path: Path) -> None:
    from misere.read_only import write_refusal

    f = tmp_path / "f.txt"
    f.write_text("x")
    assert write_refusal(f) is None
    f.chmod(stat.S_IRUSR)
    assert write_refusal(f) == f"file {str(f)!r} is read-only (mode -r--------)"
    f.chmod(0o644)
    tmp_path.chmod(0o555)
    try:
        assert write_refusal(f) is None and write_refusal(f, side_files=True).startswith("folder ")
        assert write_refusal(tmp_path / "new.txt") == f"folder {str(tmp_path)!r} is read-only (mode dr-xr-xr-x)"
    finally:
        tmp_path.chmod(0o755)


STUCK = '''
import hashlib, subprocess, sys
from misere.budget import Progress
from misere.cli.common import report_failure
from misere.cli.runner import run_guarded, run_process

def body(as_json=False):
    with Progress("candidate") as bar:
        bar.update(heap=7, order=12)
        child = subprocess.Popen(["sleep", "60"])  # as a local Ray cluster's head processes
        print("ready", child.pid, file=sys.stderr, flush=True)
        hashlib.pbkdf2_hmac("sha256", b"x", b"y", 10 ** 9)  # one C call of minutes, deaf to signals

run_process(lambda: run_guarded(body, (), {"as_json": True}, {"quiet": True}, report_failure))
'''


def test_ctrl_c_acts_within_2_s_inside_one_long_compiled_call(tmp_path: Path) -> None:
    import signal
    import subprocess
    import sys

    script = tmp_path / "stuck.py"
    script.write_text(STUCK)
    env = {**os.environ, "PYTHONPATH": str(Path(m.__file__).parents[1])}
    p = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, env=env)
    try:
        assert p.stderr is not None
        ready, child = p.stderr.readline().split()
        assert ready == "ready"
        time.sleep(0.2)
        start = time.monotonic()
        p.send_signal(signal.SIGINT)
        out, _ = p.communicate(timeout=20)
        took = time.monotonic() - start
    finally:
        p.kill()
    assert p.returncode == 130 and took < 2.5, (p.returncode, took)
    kept = json.loads(out)["established"]
    assert (kept["stage"], kept["heap"], kept["order"]) == ("candidate", 7, 12)
    for _ in range(50):  # the child was ended too (reaped by init once its parent is gone)
        if _ended(int(child)):
            break
        time.sleep(0.05)
    else:
        pytest.fail(f"child {child} of the interrupted process still runs")


def _ended(pid: int) -> bool:
    """Whether process ``pid`` is gone or a zombie."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True
