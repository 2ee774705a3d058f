"""Command-line parsing details shared by every command: negative games as arguments, one-line
usage errors (one JSON object under ``--json``) and help without ``<bool>`` metavars on flags.

Installed on the whole app by :func:`install` (called once every module has registered its
commands), so commands written anywhere in :mod:`misere.cli` get the same behaviour.
"""
from __future__ import annotations

import contextvars
import importlib
import json
import re
import sys
from typing import Any, ClassVar, Optional, Sequence, get_args, get_origin

import typer
from typer import _click
from typer.core import TyperCommand, TyperGroup, TyperOption

__all__ = ["MisereCommand", "MisereGroup", "install", "looks_like_negative_game", "EXIT_STATUSES"]

#: the documented exit statuses (shown in the epilog of ``misere --help``)
EXIT_STATUSES = ("Exit status: 0 success; 1 error (bad input, unwritable file, refused job); "
                 "2 usage (unknown option, invalid option value); 3 budget ran out "
                 "(--timeout / --max-memory: what was established is printed); 130 interrupted "
                 "(Ctrl-C: the same).")

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


_INTEGER = re.compile(r"-?[0-9]{1,18}")


class _QuickCoercion:
    """Typer's value coercion without its start-up cost, for the values that need no checking.

    Typer (0.2x) coerces every parameter value through a pydantic ``TypeAdapter``, and importing
    pydantic and building the adapters cost about 0.1 s of each ``misere`` run. Absent values,
    text for a ``str`` parameter (a list of texts for ``List[str]``) and plain decimal integers
    within the bounds of an ``int`` parameter come out of those adapters unchanged (as
    ``int(value)``, as a list); they are answered here. Any other value goes to typer's own
    coercion, built on first use, so errors and every other type behave exactly as before."""

    def __init__(self, param: Any) -> None:
        desc = param.type_descriptor
        info = desc.parameter_info
        multi = param.multiple or param.nargs == -1
        plain = info.parser is None and not multi and param.nargs == 1
        self._str = plain and desc.annotation is str
        self._int = plain and desc.annotation is int and not info.clamp
        self._bounds = (info.min, info.max)
        self._strs = (info.parser is None and multi and get_origin(desc.annotation) is list
                      and get_args(desc.annotation) == (str,))
        self._descriptor = desc
        self._full: Any = None

    def coerce(self, value: Any, param: Any, ctx: Any) -> Any:
        if value is None and not (param.multiple or param.nargs == -1):
            return None
        if isinstance(value, str):
            if self._str and _encodable(value):
                return value
            if self._int and _INTEGER.fullmatch(value) and self._within(int(value)):
                return int(value)
        elif (self._strs and isinstance(value, (list, tuple))
              and all(isinstance(v, str) and _encodable(v) for v in value)):
            return list(value)
        if self._full is None:
            from typer._coercion import build_runtime_param

            self._full = build_runtime_param(self._descriptor)
        return self._full.coerce(value, param=param, ctx=ctx)

    def _within(self, n: int) -> bool:
        low, high = self._bounds
        return (low is None or n >= low) and (high is None or n <= high)


def _encodable(text: str) -> bool:
    """Whether ``text`` is valid Unicode (no lone surrogates from undecodable argv bytes)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _plain_flags(params: list[Any]) -> list[Any]:
    """Flags show as ``--json``, not ``--json <bool>``: give them an empty metavar. Parameters
    also get the quick coercion of :class:`_QuickCoercion` (when this typer has the hook)."""
    for p in params:
        if isinstance(p, TyperOption) and p.is_flag and p.metavar is None:
            p.metavar = ""
        if getattr(p, "_runtime_param", False) is None and hasattr(p, "type_descriptor"):
            p._runtime_param = _QuickCoercion(p)
    return params


class MisereCommand(TyperCommand):
    """A command whose parser accepts negative games and whose help shows flags plainly."""

    def make_parser(self, ctx: Any) -> Any:
        parser = super().make_parser(ctx)
        parser.__class__ = _NegativeFriendlyParser
        return parser

    def get_params(self, ctx: Any) -> list[Any]:
        """The parameters, flags without a ``<bool>`` metavar."""
        return _plain_flags(super().get_params(ctx))

    def format_help(self, ctx: Any, formatter: Any) -> None:
        _fill_help(self.params)
        super().format_help(ctx, formatter)


def _fill_help(params: list[Any]) -> None:
    """Put the registered universe names into help texts that ask for them (``{universes}``),
    at help time only: loading the universes costs a command that does not use them."""
    for p in params:
        if "{universes}" in (getattr(p, "help", None) or ""):
            from misere.universes import universe_names

            p.help = p.help.replace("{universes}", ", ".join(universe_names()))


class MisereGroup(TyperGroup):
    """The top-level group: usage errors in one line (a JSON object under ``--json``), exit 2.

    Commands named in :attr:`lazy_commands` (name -> module with a ``register(app)`` function)
    are built only when asked for: ``misere quotient ...`` imports :mod:`misere.cli.quotient`
    alone, while ``--help``, suggestions for a mistyped name and :meth:`list_commands` see every
    command, in the order of :attr:`lazy_commands` after the commands registered eagerly."""

    #: command name -> module registering it, in the order ``misere --help`` lists them
    lazy_commands: ClassVar[dict[str, str]] = {}

    def get_params(self, ctx: Any) -> list[Any]:
        """The parameters, flags without a ``<bool>`` metavar."""
        return _plain_flags(super().get_params(ctx))

    def list_commands(self, ctx: Any) -> list[str]:
        names = super().list_commands(ctx)
        return [n for n in names if n not in self.lazy_commands] + list(self.lazy_commands)

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        """The command ``cmd_name``, its module loaded first if it is a lazy command."""
        if cmd_name not in self.commands and cmd_name in self.lazy_commands:
            self._load(self.lazy_commands[cmd_name])
        return super().get_command(ctx, cmd_name)

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        """Click's resolution, every lazy command loaded first when the name is unknown (for
        its "did you mean" suggestions)."""
        if args and self.get_command(ctx, args[0]) is None:
            for module in dict.fromkeys(self.lazy_commands.values()):  # for "did you mean ...?"
                self._load(module)
        return super().resolve_command(ctx, args)

    def _load(self, module: str) -> None:
        """Build the commands of ``module`` (those :attr:`lazy_commands` assigns to it)."""
        from typer.main import get_group

        try:
            register = importlib.import_module(module).register
        except ModuleNotFoundError as e:  # a command module not (yet) in this checkout
            if e.name != module:
                raise
            return
        sub = typer.Typer()
        register(sub)
        install(sub)
        for name, cmd in get_group(sub).commands.items():
            if self.lazy_commands.get(name) == module and name not in self.commands:
                self.commands[name] = cmd

    def main(self, args: Optional[Sequence[str]] = None, prog_name: Optional[str] = None,
             *rest: Any, **extra: Any) -> Any:
        """Run the group on ``args`` (default ``sys.argv[1:]``), the arguments kept for the
        one-line usage errors."""
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
        except KeyboardInterrupt:  # Ctrl-C before the command ran (parsing, loading it)
            _interrupted()

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except _click.exceptions.NoArgsIsHelpError:
            raise
        except _click.exceptions.UsageError as e:
            _usage_error(e)
        except KeyboardInterrupt:  # Ctrl-C before the command ran (parsing, loading it)
            _interrupted()


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


def _interrupted() -> None:
    """Ctrl-C outside a command's body: one line (JSON under ``--json``), exit status 130."""
    if "--json" in _ARGV.get():
        typer.echo(json.dumps({"error": "interrupted", "established": {}}))
    else:
        typer.echo("stopped: interrupted", err=True)
    raise typer.Exit(130)


def install(app: typer.Typer) -> None:
    """Make every command of ``app`` (and of its sub-apps) a :class:`MisereCommand`."""
    for info in app.registered_commands:
        if info.cls is None or info.cls is TyperCommand:
            info.cls = MisereCommand
    for group in app.registered_groups:
        if group.typer_instance is not None:
            install(group.typer_instance)
