"""The guard rails of the command line itself: the ``command`` decorator, the watchdog, output
checks and negative-game parsing (issue 9)."""
from __future__ import annotations

import inspect
import time
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from misere.budget import Budget
from misere.cli.common import command
from misere.cli.parsing import install, looks_like_negative_game
from misere.cli.watchdog import ARMED, Watchdog
from misere.errors import BudgetExceededError, UnsupportedError
from misere.viz.output import check_output, write_picture


def test_command_adds_budget_options_once() -> None:
    def plain(game: str = "0") -> str:
        return game

    def explicit(game: str = "0", timeout: float | None = None) -> float | None:
        return timeout

    params = inspect.signature(command(plain)).parameters
    assert list(params) == ["game", "timeout", "max_memory", "quiet"]
    params = inspect.signature(command(explicit)).parameters
    assert list(params) == ["game", "timeout", "max_memory", "quiet"]
    # the added options are taken away before the function is called; a declared one is passed
    assert command(plain)(game="*", timeout=None, max_memory=None, quiet=True) == "*"
    assert command(explicit)(game="*", timeout=7.0, max_memory=None, quiet=True) == 7.0


def test_budget_stop_through_a_small_app() -> None:
    app = typer.Typer()

    @app.command()
    @command
    def spin(n: int = 3, as_json: bool = typer.Option(False, "--json")) -> None:
        raise BudgetExceededError("time", "time budget of 1 s exhausted", {"done": n})

    @app.command()
    @command
    def other() -> None:
        pass

    install(app)
    r = CliRunner().invoke(app, ["spin", "--n", "5", "--json", "--timeout", "1", "-q"])
    assert r.exit_code == 3
    assert '"established": {"done": 5}' in r.stdout


def test_watchdog_stops_code_that_never_checks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(ARMED, "on", True)
    start = time.monotonic()
    with pytest.raises(BudgetExceededError) as e:
        with Watchdog(Budget(timeout=0.2), grace=0.1, interval=0.02):
            while True:  # pure Python, no budget check
                sum(range(100))
    assert e.value.kind == "time"
    assert time.monotonic() - start < 5


def test_watchdog_waits_for_a_compile_to_return(monkeypatch: pytest.MonkeyPatch) -> None:
    """A stop that lands inside numba's compiler is put off and rings again (as the census
    alarm does): raising there would leave numba a half-built library."""
    import misere.cli.watchdog as watchdog

    monkeypatch.setitem(ARMED, "on", True)
    asked = []  # the first three prods find a compile in progress
    monkeypatch.setattr(watchdog, "in_compiler", lambda frame: asked.append(frame) or len(asked) <= 3)
    dog = Watchdog(Budget(timeout=0.1), grace=0.05, interval=0.02)
    dog.rering = 0.05
    start = time.monotonic()
    with pytest.raises(BudgetExceededError) as e, dog:
        while time.monotonic() - start < 10:  # pure Python, no budget check
            sum(range(100))
    assert e.value.kind == "time" and len(asked) == 4
    assert all(f is not None for f in asked)  # the handler passes the interrupted frame
    assert 0.15 + 3 * 0.05 <= time.monotonic() - start < 5


def test_in_compiler_sees_numba_frames() -> None:
    from misere.budget import in_compiler

    assert not in_compiler(inspect.currentframe()) and not in_compiler(None)
    fake: dict = {}  # a frame whose code is numba's, called from this test's frame
    exec(compile("import sys\ndef f(): return sys._getframe()", "/site-packages/llvmlite/binding/x.py", "exec"), fake)
    assert in_compiler(fake["f"]())


def test_a_stop_turned_into_another_error_is_reported_as_the_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    # the watchdog's stop can land inside numba's compiler, which then fails with its own error
    # ("no compiled object yet"): the command must say the budget ran out, not "internal error"
    import misere.cli.runner as runner  # the guarded call of every command (misere.cli.runner.run_guarded)

    class Fired:
        reason = ("time", "time budget of 1 s exhausted (stopped after 2.1 s)")

        def __enter__(self) -> "Fired":
            return self

        def __exit__(self, *exc: object) -> None:
            return None

    monkeypatch.setattr(runner, "hard_stop", lambda b: Fired())
    app = typer.Typer()

    @app.command()
    @command
    def compiles(as_json: bool = typer.Option(False, "--json")) -> None:
        raise RuntimeError("no compiled object yet for <Library '_expand'>")

    @app.command()
    @command
    def other() -> None:
        pass

    r = CliRunner().invoke(app, ["compiles", "--json", "--timeout", "1", "-q"])
    assert r.exit_code == 3
    assert '"budget": "time"' in r.stdout and "internal error" not in r.stdout


def test_watchdog_silences_a_stop_python_cannot_raise(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys
    seen: list[object] = []
    monkeypatch.setattr(sys, "unraisablehook", lambda info: seen.append(info.exc_value))
    w = Watchdog(Budget(timeout=10))
    w._old_hook = sys.unraisablehook

    class Info:
        def __init__(self, exc: BaseException) -> None:
            self.exc_value = exc

    w._unraisable(Info(BudgetExceededError("time", "stop")))  # type: ignore[arg-type]
    assert seen == []
    other = ValueError("something else")
    w._unraisable(Info(other))  # type: ignore[arg-type]
    assert seen == [other]


def test_watchdog_is_inert_when_not_armed() -> None:
    with Watchdog(Budget(timeout=0.01), grace=0.0, interval=0.01) as w:
        time.sleep(0.1)
    assert w._thread is None


@pytest.mark.parametrize("word,game", [("-1", True), ("-12/7", True), ("-{0|*}", True), ("-*2", True),
                                       ("-^", True), ("-(1+*)", True), ("--json", False), ("-q", False),
                                       ("-", False), ("-v", False)])
def test_negative_words(word: str, game: bool) -> None:
    assert looks_like_negative_game(word) is game


def test_check_output(tmp_path: Path) -> None:
    assert check_output(tmp_path / "a.svg") == "svg"
    assert check_output(tmp_path / "a.DOT", dot=True) == "dot"
    with pytest.raises(UnsupportedError, match=r"\.svg or \.dot"):
        check_output(tmp_path / "a.pdf", dot=True)
    with pytest.raises(UnsupportedError):
        check_output(tmp_path / "a.dot")  # this picture has no DOT form
    with pytest.raises(FileNotFoundError):
        check_output(tmp_path / "missing" / "a.svg")
    (tmp_path / "d.svg").mkdir()
    with pytest.raises(IsADirectoryError):
        check_output(tmp_path / "d.svg")


def test_write_picture_picks_the_form(tmp_path: Path) -> None:
    n = write_picture(tmp_path / "p.dot", lambda: "<svg/>", lambda: "digraph {}")
    assert (tmp_path / "p.dot").read_text() == "digraph {}" and n == len("digraph {}")
    write_picture(tmp_path / "p.svg", lambda: "<svg/>", lambda: "digraph {}")
    assert (tmp_path / "p.svg").read_text() == "<svg/>"
