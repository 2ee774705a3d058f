"""Helpers shared by every CLI command: JSON output, one-line errors, game parsing."""
from __future__ import annotations

import functools
import json
import sys
from typing import Any, Callable, TypeVar

import typer

from ..errors import MisereError

__all__ = ["JSON_OPTION", "UNIVERSE_OPTION", "emit", "fail", "command"]

F = TypeVar("F", bound=Callable[..., Any])

JSON_OPTION = typer.Option(False, "--json", help="Print one JSON object on stdout.")
UNIVERSE_OPTION = typer.Option(
    "general", "--universe", "-u", help="Universe: general, normal, dicot, dead-ending, impartial, alternating."
)


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


def command(fn: F) -> F:
    """Wrap a command so that any ``MisereError`` (or bad value) becomes a one-line error."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        as_json = bool(kwargs.get("as_json", False))
        try:
            return fn(*args, **kwargs)
        except typer.Exit:
            raise
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
