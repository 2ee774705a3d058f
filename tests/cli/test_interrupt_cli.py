"""Ctrl-C at any point (issue 24, item 4): exit status 130, one ``stopped: interrupted`` line (one
JSON object under ``--json``) with what was established, never a traceback or an internal error.

A Ctrl-C landing inside numba's compiled code reaches Python as ``SystemError: CPUDispatcher(...)
returned a result with an exception set``: the in-process tests raise that error by hand; the
subprocess tests send a real SIGINT to ``python -m misere`` (watchdog armed) while it computes.
"""
from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

import misere.quotients as mq
from misere.cli.common import command
from misere.cli.parsing import install
from misere.errors import interrupt_in
from tests.test_hostile_cli import LONG_SUM

#: 30 terms, no rule from theory: the pruned search runs to its time budget (15 terms now take
#: about 2 s, too little to interrupt reliably after 1.5 s)
LONGER_SUM = LONG_SUM + "+" + LONG_SUM

SRC = Path(__file__).resolve().parents[2] / "src"


# --- in process: how an interrupt is recognised and reported ---------------------------------

def _app(body) -> typer.Typer:
    app = typer.Typer()

    @app.command()
    @command
    def run(as_json: bool = typer.Option(False, "--json")) -> None:
        body()

    @app.command()
    @command
    def other() -> None:
        pass

    install(app)
    return app


def _kernel_error() -> None:
    """What numba raises when a Ctrl-C lands inside a compiled function."""
    try:
        raise KeyboardInterrupt
    except KeyboardInterrupt as ki:
        raise SystemError("CPUDispatcher(<function k>) returned a result with an exception set") from ki


def _late_error() -> None:
    """A SIGINT that some code swallowed and replaced by an unrelated error (no chain)."""
    try:
        signal.raise_signal(signal.SIGINT)
    except KeyboardInterrupt:
        pass
    raise SystemError("returned a result with an exception set")


def _with_partial() -> None:
    ki = KeyboardInterrupt()
    ki.partial = {"last_heap": 24, "checkpoint": "q.sqlite"}  # type: ignore[attr-defined]
    raise ki


def test_interrupt_in_follows_the_chain() -> None:
    with pytest.raises(SystemError) as e:
        _kernel_error()
    assert isinstance(interrupt_in(e.value), KeyboardInterrupt)
    assert interrupt_in(ValueError("x")) is None and interrupt_in(None) is None


@pytest.mark.parametrize("body", [_kernel_error, _late_error, _with_partial])
def test_interrupts_are_exit_130_in_one_object(body) -> None:
    r = CliRunner().invoke(_app(body), ["run", "--json"])
    assert r.exit_code == 130, r.output
    obj = json.loads(r.stdout)
    assert obj["error"] == "interrupted" and "internal error" not in r.output
    assert obj["established"] == ({"last_heap": 24, "checkpoint": "q.sqlite"}
                                  if body is _with_partial else {})


def test_interrupt_plain_output_prints_the_established_facts() -> None:
    r = CliRunner().invoke(_app(_with_partial), ["run"])
    assert r.exit_code == 130
    assert r.stderr.strip() == "stopped: interrupted"
    assert r.stdout.splitlines() == ["last_heap: 24", "checkpoint: q.sqlite"]


def test_sigint_handler_is_restored() -> None:
    before = signal.getsignal(signal.SIGINT)
    CliRunner().invoke(_app(lambda: None), ["run"])
    assert signal.getsignal(signal.SIGINT) is before


@pytest.mark.parametrize("wrap", [False, True])
def test_quotient_attaches_the_last_finished_heap(tmp_path: Path, wrap: bool) -> None:
    path = str(tmp_path / "q.sqlite")

    def stop(heap: int, order: int, message: str) -> None:
        if heap == 14 and message != "done":  # inside heap 14 (a new generator): 0..13 are done
            if wrap:
                _kernel_error()
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt) as e:
        mq.quotient("0.07", max_heap=20, checkpoint=path, certify=0, progress=stop)
    part = e.value.partial  # type: ignore[attr-defined]
    fresh = mq.quotient("0.07", max_heap=13, certify=0)
    assert part["last_heap"] == 13 and part["checkpoint"] == path
    assert (part["order"], part["presentation"]) == (fresh.order, fresh.presentation) == (12, part["presentation"])
    assert mq.quotient("0.07", max_heap=13, checkpoint=path, certify=0).phi == fresh.phi


# --- a real SIGINT to ``python -m misere`` ----------------------------------------------------

def _sigint(args: list[str], *, after_line: bool = False, delay: float = 0.0,
            until: str | None = None) -> tuple[int, str, str]:
    """Run ``python -m misere ARGS``, send SIGINT after its first progress line on stderr (or
    after ``delay`` seconds), and return (exit status, stdout, stderr) within 30 s. The notices
    of numba compiling on a first run are not progress; with ``until``, neither is a line that
    does not match it (``play`` prints its own progress line before the quotient's first heap
    is done: a clean clone on a quiet machine was interrupted there, with nothing established)."""
    env = {**os.environ, "PYTHONPATH": str(SRC) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    p = subprocess.Popen([sys.executable, "-m", "misere", *args], stdin=subprocess.DEVNULL,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    first = ""
    while after_line:
        line = p.stderr.readline()  # type: ignore[union-attr]
        first += line
        if not line or not (line.startswith("misere: compil")
                            or (until is not None and not re.search(until, line))):
            break
    time.sleep(delay)
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=30)
    err = first + err
    assert "Traceback" not in out + err and "internal error" not in out + err, err
    assert "Exception ignored" not in err, err
    return p.returncode, out, err


def _stopped(code: int, out: str, err: str, as_json: bool) -> dict:
    """The interrupt report: exit 130, the last stderr line, or the one JSON object."""
    assert code == 130, (code, out, err)
    if as_json:
        lines = out.strip().splitlines()
        assert len(lines) == 1, out
        obj = json.loads(lines[0])
        assert obj["error"] == "interrupted"
        return obj["established"]
    assert err.strip().splitlines()[-1] == "stopped: interrupted", err
    return dict(line.split(": ", 1) for line in out.strip().splitlines())


@pytest.mark.parametrize("delay", [0.6, 1.5])
def test_ctrl_c_during_a_long_sum(delay: float) -> None:
    code, out, err = _sigint(["outcome", LONGER_SUM, "--timeout", "600"], delay=delay)
    assert _stopped(code, out, err, as_json=False) == {}


def test_ctrl_c_during_a_quotient_keeps_the_checkpoint(tmp_path: Path) -> None:
    ck = str(tmp_path / "q.sqlite")
    code, out, err = _sigint(["quotient", "0.07", "--max-heap", "40", "--checkpoint", ck, "--json"],
                             after_line=True)
    est = _stopped(code, out, err, as_json=True)
    last = est["last_heap"]
    assert est["checkpoint"] == ck and est["status"] == "unsolved" and 20 <= last < 40
    resumed = mq.quotient("0.07", max_heap=last, checkpoint=ck, certify=0)
    assert (resumed.order, resumed.presentation) == (est["order"], est["presentation"])
    fresh = mq.quotient("0.07", max_heap=last, certify=0)
    assert resumed.phi == fresh.phi and resumed.changes == fresh.changes


def test_ctrl_c_on_the_quotient_fast_path() -> None:
    """``misere quotient CODE --max-heap N --json`` runs without typer (misere.cli.entry): a
    Ctrl-C there is reported as on typer's path, with the heaps finished."""
    code, out, err = _sigint(["quotient", "0.16", "--max-heap", "300", "--certify", "0", "--json"], delay=0.8)
    est = _stopped(code, out, err, as_json=True)
    assert est["status"] == "unsolved" and 0 <= est["last_heap"] < 300


def test_ctrl_c_during_play_reports_the_quotient_so_far() -> None:
    # 0.16 has no proof of an infinite quotient: play computes its partial quotients
    code, out, err = _sigint(["play", "0.16", "40", "41", "42", "--timeout", "100"], after_line=True,
                             until=r"^quotient 0\.16 +heap (?:[2-9]|\d\d)\b")
    est = _stopped(code, out, err, as_json=False)
    assert est["game"] == "0.16" and int(est["last_heap"]) >= 1


def test_ctrl_c_during_a_census(tmp_path: Path) -> None:
    store = str(tmp_path / "s.sqlite")
    code, out, err = _sigint(["census", "0.01-0.77", "--max-heap", "30", "--store", store, "--json"],
                             after_line=True)  # not a fixed delay: a loaded machine may still be importing
    established = _stopped(code, out, err, as_json=True)
    assert established["codes"] == 56 and established["store"] == store
    assert established["solved"] + established["stopped"] + established["not started"] <= 56


def test_a_lost_ctrl_c_is_delivered_again() -> None:
    from misere.cli.watchdog import CtrlC

    before = signal.getsignal(signal.SIGINT)  # SIG_IGN where the run was started in the background
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        with CtrlC(settle=0.2) as ctrl_c:
            try:  # compiled code swallowing the first interrupt
                signal.raise_signal(signal.SIGINT)
            except KeyboardInterrupt:
                pass
            while time.monotonic() - start < 5:
                time.sleep(0.01)
    assert ctrl_c.at is not None and time.monotonic() - start < 2
    assert signal.getsignal(signal.SIGINT) is before  # put back as it was


def test_the_end_of_a_command_is_not_held_by_the_settle_time() -> None:
    """After a Ctrl-C the command ends as soon as it has reported: leaving ``CtrlC`` does not
    wait out ``settle`` (it did: every interrupted command took 3 s more to exit)."""
    from misere.cli.watchdog import CtrlC

    before = signal.getsignal(signal.SIGINT)
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        with CtrlC(settle=60.0) as ctrl_c:
            signal.raise_signal(signal.SIGINT)
    assert ctrl_c.at is not None and time.monotonic() - start < 30
    assert signal.getsignal(signal.SIGINT) is before  # put back as it was
