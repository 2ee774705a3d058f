"""Helpers shared by every CLI command: JSON output, one-line errors, budgets, game parsing."""
from __future__ import annotations

import functools
import inspect
import json
from typing import Any, Callable, Optional, TypeVar

import typer

from ..budget import format_size, parse_size, resident_memory
from ..errors import EXIT_BUDGET, EXIT_INTERRUPTED, BudgetExceededError, MisereError, interrupt_in
from .runner import emit, keeping, one_line, run_guarded
from .watchdog import Watchdog

__all__ = ["JSON_OPTION", "UNIVERSE_OPTION", "TIMEOUT_OPTION", "MEMORY_OPTION", "QUIET_OPTION", "emit", "fail",
           "budget_exhausted", "interrupted", "command", "one_line", "report_failure", "keeping"]

F = TypeVar("F", bound=Callable[..., Any])

JSON_OPTION = typer.Option(False, "--json", help="Print one JSON object on stdout.")

#: ``{universes}`` becomes the registered names when help is shown (:mod:`misere.cli.parsing`)
UNIVERSE_OPTION = typer.Option("general", "--universe", "-u",
                               help="Universe: {universes} (or an alias, e.g. D, E).")


def _memory_size(value: Optional[str]) -> Optional[str]:
    """Check a ``--max-memory`` value up front (a usage error, exit 2, when malformed)."""
    if value is not None:
        try:
            size = parse_size(value)
        except ValueError as e:
            raise typer.BadParameter(str(e)) from None
        in_use = resident_memory()
        if size is not None and size <= in_use:
            raise typer.BadParameter(f"{value} is less than the {format_size(in_use)} this process "
                                     f"already uses")
    return value


TIMEOUT_OPTION = typer.Option(None, "--timeout", min=0.001, metavar="SECONDS",
                              help="Stop after this many seconds and report what was established (exit 3).")
MEMORY_OPTION = typer.Option(None, "--max-memory", metavar="SIZE", callback=_memory_size,
                             help="Stop when resident memory passes SIZE (e.g. 512M, 2G; default 80% of RAM).")
QUIET_OPTION = typer.Option(False, "--quiet", "-q", help="No progress lines on stderr.")

#: the budget parameters the ``command`` decorator adds to a command that does not declare them
_BUDGET_PARAMS: tuple[tuple[str, Any, Any], ...] = (
    ("timeout", Optional[float], TIMEOUT_OPTION),
    ("max_memory", Optional[str], MEMORY_OPTION),
    ("quiet", bool, QUIET_OPTION),
)


def fail(message: str, as_json: bool, code: int = 1) -> None:
    """Report an error in one line (JSON ``{"error": ...}`` under ``--json``) and exit."""
    message = one_line(message)
    if as_json:
        typer.echo(json.dumps({"error": message}, ensure_ascii=False))
    else:
        typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code)


def _stopped(message: str, partial: dict[str, Any], as_json: bool, code: int, **extra: Any) -> None:
    """Report a run stopped before its answer, with what was established, and exit ``code``.

    Plain output: one ``stopped: ...`` line on stderr, then one ``key: value`` line per
    established fact on stdout (nothing on stdout when nothing was established). Under
    ``--json``: one object ``{"error": ..., **extra, "established": {...}}``."""
    if as_json:
        typer.echo(json.dumps({"error": one_line(message), **extra, "established": partial},
                              ensure_ascii=False, default=str))
    else:
        typer.echo(f"stopped: {one_line(message)}", err=True)
        for k, v in partial.items():
            typer.echo(f"{k}: {one_line(v)}")
    raise typer.Exit(code)


def budget_exhausted(e: BudgetExceededError, as_json: bool) -> None:
    """Report a budget that ran out with what was established, and exit with status 3."""
    _stopped(str(e), e.partial, as_json, EXIT_BUDGET, budget=e.kind)


def interrupted(e: BaseException, as_json: bool) -> None:
    """Report a Ctrl-C with what the engine established (``.partial`` of the interrupt, e.g. the
    last heap a quotient finished and its checkpoint), and exit with status 130."""
    stop = interrupt_in(e)
    partial = getattr(stop, "partial", None) or getattr(e, "partial", None)
    _stopped("interrupted", partial if isinstance(partial, dict) else {}, as_json, EXIT_INTERRUPTED)


def _os_message(e: OSError) -> str:
    """``cannot write '/x/y.svg': No such file or directory (FileNotFoundError)``."""
    what = f" {str(e.filename)!r}" if e.filename is not None else ""
    reason = e.strerror or str(e) or "operating system error"
    return f"cannot access{what}: {reason} ({type(e).__name__})"


def report_failure(e: BaseException, ctrl_c_at: Optional[float], dog: Optional[Watchdog], as_json: bool) -> None:
    """Report an exception out of a command's body in one line and exit (never a traceback): a
    Ctrl-C (``ctrl_c_at``: when SIGINT arrived) as an interrupt, a budget stop with what was
    established, anything else as an error (:func:`misere.cli.runner.run_guarded` calls it)."""
    if ctrl_c_at is not None or interrupt_in(e) is not None:
        interrupted(e, as_json)  # also a SystemError out of a compiled kernel after Ctrl-C
    if isinstance(e, BudgetExceededError):
        budget_exhausted(e, as_json)
    if dog is not None and dog.reason is not None:
        # the watchdog's stop landed in code that turned it into another error (e.g. inside
        # numba compiling a kernel on first use): the budget is what ran out
        budget_exhausted(BudgetExceededError(*dog.reason), as_json)
    _fail_for(e, as_json)


def _fail_for(e: BaseException, as_json: bool) -> None:
    """The one-line error (never a traceback) for an exception that is not a budget stop."""
    if isinstance(e, MemoryError):
        fail("out of memory (use --max-memory to stop earlier with a partial answer)", as_json, EXIT_BUDGET)
    elif isinstance(e, MisereError):
        fail(str(e), as_json)
    elif isinstance(e, (ValueError, TypeError)):
        fail(str(e) or type(e).__name__, as_json)
    elif isinstance(e, RecursionError):
        fail("computation too deep (recursion limit)", as_json)
    elif isinstance(e, OSError):
        fail(_os_message(e), as_json)
    else:  # last resort
        fail(f"internal error ({type(e).__name__}): {e} - please report this", as_json)


def command(fn: F) -> F:
    """Wrap a command: one-line errors for anything raised (``{"error": ...}`` under ``--json``,
    never a traceback), and the budget of its ``--timeout`` / ``--max-memory`` / ``--quiet``
    options installed around the call. A command that does not declare these options gets them
    (TIMEOUT_OPTION, MEMORY_OPTION, QUIET_OPTION) added to its signature."""
    sig = inspect.signature(fn)
    added = [(n, t, o) for n, t, o in _BUDGET_PARAMS if n not in sig.parameters]
    added_names = {n for n, _, _ in added}

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        budget = {n: (kwargs.pop(n) if n in added_names else kwargs.get(n)) for n, _, _ in _BUDGET_PARAMS}
        return run_guarded(fn, args, kwargs, budget, report_failure)

    if added:
        params = list(sig.parameters.values())
        params += [inspect.Parameter(n, inspect.Parameter.KEYWORD_ONLY if params and
                                     params[-1].kind == inspect.Parameter.KEYWORD_ONLY
                                     else inspect.Parameter.POSITIONAL_OR_KEYWORD, default=o, annotation=t)
                   for n, t, o in added]
        wrapper.__signature__ = sig.replace(parameters=params)  # type: ignore[attr-defined]
        wrapper.__annotations__ = {**getattr(fn, "__annotations__", {}), **{n: t for n, t, _ in added}}
    return wrapper  # type: ignore[return-value]


def show(game: Any) -> str:
    """The printed form of a game for output."""
    return str(game)

