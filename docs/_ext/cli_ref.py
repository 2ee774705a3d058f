"""The command-line reference, generated from the ``misere`` app itself: ``.. misere-cli::``
walks the click group typer builds (:func:`command`) and writes, for every command and
subcommand, its usage line, help text, arguments and options as ``--help`` shows them. A new
command or option appears on the site without editing it."""
from __future__ import annotations

import re

import typer
from docutils import nodes
from docutils.statemachine import StringList
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles

from misere.cli.parsing import _fill_help
from outsider import rewrite

UNDERLINES = "-~^\""


def command():  # type: ignore[no-untyped-def]
    """The click command of the ``misere`` app, as ``misere --help`` sees it."""
    from misere.cli.app import app

    return typer.main.get_command(app)


#: an option name in a help text (``--timeout``, ``-u``), shown as code so that it can be copied
OPTION = re.compile(r"(?<![\w`-])(--?[a-zA-Z][\w-]*)")
#: a click metavar that typer writes in braces (``{game}``): shown as click writes it, ``GAME``
BRACED = re.compile(r"\{([\w.]+)\}")


def escape(text: str) -> list[str]:
    """The lines of ``text`` as reStructuredText that shows it as written: no inline markup, no
    list or directive starts, and option names as literals (not turned into en-dashes)."""
    text = re.sub(r"([\\`*|_\[\]])", r"\\\1", rewrite(text.replace("\b", ""), links=False))
    lines = [re.sub(r"^(\s*)([+#.:]|-(?=\s)|\d+\.)", r"\1\\\2", line) for line in text.splitlines()]
    return [OPTION.sub(r"``\1``", line) for line in lines]


def usage(cmd, ctx) -> list[str]:  # type: ignore[no-untyped-def]
    """The usage line(s) of ``cmd``, arguments in capitals as click writes them."""
    return [BRACED.sub(lambda m: m.group(1).upper(), line) for line in cmd.get_usage(ctx).splitlines()]


def walk(cmd, ctx, depth: int = 0) -> list[str]:  # type: ignore[no-untyped-def]
    """reStructuredText for ``cmd`` and, below it, each of its subcommands."""
    path = ctx.command_path
    title = f"``{path}``" + (" command" if depth == 0 else "")
    lines = [title, UNDERLINES[depth] * len(title), ""]
    lines += ["::", ""] + ["    " + l for l in usage(cmd, ctx)] + [""]
    for part in (cmd.help, cmd.epilog):
        for paragraph in re.split(r"\n\s*\n", part or ""):
            if paragraph.strip():
                lines += escape(paragraph.strip()) + [""]
    _fill_help(cmd.params)
    records = [(p, p.get_help_record(ctx)) for p in cmd.params]
    for kind, label in (("argument", "Arguments"), ("option", "Options")):
        rows = [(p, r) for p, r in records if r and type(p).__name__.lower().endswith(kind)]
        if rows:
            lines += [f".. rubric:: {label}", ""]
            for _, (opts, text) in rows:
                lines += [f"* ``{opts}``" + (f" — {escape(' '.join(text.split()))[0]}" if text else ""), ""]
    if hasattr(cmd, "list_commands"):
        for name in cmd.list_commands(ctx):
            sub = cmd.get_command(ctx, name)
            if sub is not None and not getattr(sub, "hidden", False):
                lines += walk(sub, type(ctx)(sub, info_name=name, parent=ctx), depth + 1)
    return lines


class MisereCli(SphinxDirective):
    """``.. misere-cli::``: the whole command tree."""

    def run(self) -> list[nodes.Node]:
        cmd = command()
        ctx = cmd.context_class(cmd, info_name="misere")
        container = nodes.section()
        nested_parse_with_titles(self.state, StringList(walk(cmd, ctx), source="<misere --help>"), container)
        return container.children
