"""Helpers shared by every CLI command: JSON output, one-line errors, game parsing."""
from __future__ import annotations

import functools
import json
import sys
from typing import Any, Callable, TypeVar

import typer

from ..budget import limits
from ..errors import EXIT_BUDGET, BudgetExceededError, MisereError

__all__ = ["JSON_OPTION", "UNIVERSE_OPTION", "TIMEOUT_OPTION", "MEMORY_OPTION", "QUIET_OPTION", "emit", "fail",
           "command"]

F = TypeVar("F", bound=Callable[..., Any])

JSON_OPTION = typer.Option(False, "--json", help="Print one JSON object on stdout.")
UNIVERSE_OPTION = typer.Option(
    "general", "--universe", "-u", help="Universe: general, normal, dicot, dead-ending, impartial, alternating."
)

TIMEOUT_OPTION = typer.Option(None, "--timeout", min=0.001, metavar="SECONDS",
                              help="Stop after this many seconds and report what was established (exit 3).")
MEMORY_OPTION = typer.Option(None, "--max-memory", metavar="SIZE",
                             help="Stop when resident memory passes SIZE (e.g. 512M, 2G; default 80% of RAM).")
QUIET_OPTION = typer.Option(False, "--quiet", "-q", help="No progress lines on stderr.")


def emit(data: dict[str, Any], as_json: bool, text: str | None = None) -> None:
    """Print ``data`` as JSON, or ``text`` (default: ``key: value`` lines) for people."""
    if as_json:
        typer.echo(json.dumps(data, ensure_ascii=False))
    elif text is not None:
        typer.echo(text)
    else:
        for k, v in data.items():
            typer.echo(f"{k}: {v}")


def fail(message: str, as_json: bool, code: int = 1) -> None:
    """Report an error in one line (JSON ``{"error": ...}`` under ``--json``) and exit."""
    if as_json:
        typer.echo(json.dumps({"error": message}, ensure_ascii=False))
    else:
        typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code)


def budget_exhausted(e: BudgetExceededError, as_json: bool) -> None:
    """Report a budget that ran out with what was established, and exit with status 3."""
    if as_json:
        typer.echo(json.dumps({"error": str(e), "budget": e.kind, "established": e.partial},
                              ensure_ascii=False, default=str))
    else:
        typer.echo(f"stopped: {e}", err=True)
        for k, v in e.partial.items():
            typer.echo(f"{k}: {v}")
    raise typer.Exit(EXIT_BUDGET)


def command(fn: F) -> F:
    """Wrap a command: one-line errors for any ``MisereError`` (or bad value), and the budget of
    its ``--timeout`` / ``--max-memory`` / ``--quiet`` options installed around the call."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        as_json = bool(kwargs.get("as_json", False))
        try:
            with limits(timeout=kwargs.get("timeout"), max_memory=kwargs.get("max_memory"),
                        quiet=bool(kwargs.get("quiet", False))):
                return fn(*args, **kwargs)
        except typer.Exit:
            raise
        except BudgetExceededError as e:
            budget_exhausted(e, as_json)
        except MemoryError:
            fail("out of memory (use --max-memory to stop earlier with a partial answer)", as_json, EXIT_BUDGET)
        except MisereError as e:
            fail(str(e), as_json)
        except (ValueError, TypeError) as e:
            fail(str(e), as_json)
        except RecursionError:
            fail("computation too deep (recursion limit)", as_json)
        except KeyboardInterrupt:
            fail("interrupted", as_json, 130)

    return wrapper  # type: ignore[return-value]


def show(game: Any) -> str:
    """The printed form of a game for output."""
    return str(game)


if sys.getrecursionlimit() < 20000:
    sys.setrecursionlimit(20000)
