"""Command-line parsing details shared by every command: negative games as arguments, one-line
usage errors (one JSON object under ``--json``) and help without ``<bool>`` metavars on flags.

Installed on the whole app by :func:`install` (called once every module has registered its
commands), so commands written anywhere in :mod:`misere.cli` get the same behaviour.
"""
from __future__ import annotations

import contextvars
import json
import re
import sys
from typing import Any, Optional, Sequence

import typer
from typer import _click
from typer.core import TyperCommand, TyperGroup, TyperOption

__all__ = ["MisereCommand", "MisereGroup", "install", "looks_like_negative_game", "EXIT_STATUSES"]

#: the documented exit statuses (shown in the epilog of ``misere --help``)
EXIT_STATUSES = ("Exit status: 0 success; 1 error (bad input, unwritable file, refused job); "
                 "2 usage (unknown option, invalid option value); 3 budget ran out "
                 "(--timeout / --max-memory: what was established is printed).")

#: ``-1``, ``-1/2``, ``-*``, ``-{1|0}``, ``-^``, ``-(1+*)``, ``-3.{1|*}``: a dash then no letter
_NEGATIVE = re.compile(r"-[^A-Za-z\-]")

_ARGV: contextvars.ContextVar[Sequence[str]] = contextvars.ContextVar("misere_argv", default=())


def looks_like_negative_game(arg: str) -> bool:
    """Whether a command-line word is a negated game (``-1``, ``-*``) rather than an option.

    >>> [looks_like_negative_game(a) for a in ("-1", "-{1|0}", "-*", "--json", "-u", "-")]
    [True, True, True, False, False, False]
    """
    return bool(_NEGATIVE.match(arg))


class _NegativeFriendlyParser(_click.parser._OptionParser):
    """The option parser, except that an unknown word like ``-1`` or ``-{1|0}`` is an argument."""

    def _process_opts(self, arg: str, state: Any) -> None:
        name = arg.split("=", 1)[0]
        if looks_like_negative_game(arg) and name not in self._long_opt and name[:2] not in self._short_opt:
            state.largs.append(arg)
            return
        super()._process_opts(arg, state)


def _plain_flags(params: list[Any]) -> list[Any]:
    """Flags show as ``--json``, not ``--json <bool>``: give them an empty metavar."""
    for p in params:
        if isinstance(p, TyperOption) and p.is_flag and p.metavar is None:
            p.metavar = ""
    return params


class MisereCommand(TyperCommand):
    """A command whose parser accepts negative games and whose help shows flags plainly."""

    def make_parser(self, ctx: Any) -> Any:
        parser = super().make_parser(ctx)
        parser.__class__ = _NegativeFriendlyParser
        return parser

    def get_params(self, ctx: Any) -> list[Any]:
        return _plain_flags(super().get_params(ctx))


class MisereGroup(TyperGroup):
    """The top-level group: usage errors in one line (a JSON object under ``--json``), exit 2."""

    def get_params(self, ctx: Any) -> list[Any]:
        return _plain_flags(super().get_params(ctx))

    def main(self, args: Optional[Sequence[str]] = None, prog_name: Optional[str] = None,
             *rest: Any, **extra: Any) -> Any:
        argv = list(sys.argv[1:] if args is None else args)
        token = _ARGV.set(argv)
        try:
            return super().main(argv, prog_name, *rest, **extra)
        finally:
            _ARGV.reset(token)

    def make_context(self, info_name: Optional[str], args: list[str], parent: Any = None,
                     **extra: Any) -> Any:
        try:
            return super().make_context(info_name, args, parent, **extra)
        except _click.exceptions.NoArgsIsHelpError:
            raise
        except _click.exceptions.UsageError as e:
            _usage_error(e)

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except _click.exceptions.NoArgsIsHelpError:
            raise
        except _click.exceptions.UsageError as e:
            _usage_error(e)


def _usage_error(e: Any) -> None:
    """Print a click usage error in one line (JSON under ``--json``) and exit with status 2."""
    message = " ".join(e.format_message().split())
    name = getattr(e, "option_name", "") or ""
    if isinstance(e, _click.exceptions.NoSuchOption) and name[:1] == "-" and name[1:2] != "-":
        message += f" (a game that starts with '-' can follow '--': misere ... -- {name})"
    where = e.ctx.command_path if e.ctx is not None else "misere"
    if "--json" in _ARGV.get():
        typer.echo(json.dumps({"error": message, "usage": f"{where} --help"}, ensure_ascii=False))
    else:
        typer.echo(f"error: {message}  (see '{where} --help')", err=True)
    raise typer.Exit(2)


def install(app: typer.Typer) -> None:
    """Make every command of ``app`` (and of its sub-apps) a :class:`MisereCommand`."""
    for info in app.registered_commands:
        if info.cls is None or info.cls is TyperCommand:
            info.cls = MisereCommand
    for group in app.registered_groups:
        if group.typer_instance is not None:
            install(group.typer_instance)
