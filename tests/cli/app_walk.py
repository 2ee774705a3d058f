"""Every command of the ``misere`` app, found by walking the typer/click tree (lazy modules
loaded), so that tests over all commands cover new ones without being edited."""
from __future__ import annotations

from typing import Any, Iterator

from typer import _click
from typer.main import get_command

from misere.cli.app import app


def _walk(group: Any, ctx: Any, prefix: tuple[str, ...]) -> Iterator[tuple[str, Any]]:
    for name in group.list_commands(ctx):
        cmd = group.get_command(ctx, name)
        if hasattr(cmd, "list_commands"):
            yield from _walk(cmd, ctx, prefix + (name,))
        else:
            yield " ".join(prefix + (name,)), cmd


def commands() -> list[tuple[str, Any]]:
    """(command path such as ``"report universes"``, click command) for every command."""
    group = get_command(app)
    return list(_walk(group, _click.Context(group), ()))
