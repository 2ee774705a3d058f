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

UNDERLINES = "-~^\""


def command():  # type: ignore[no-untyped-def]
    """The click command of the ``misere`` app, as ``misere --help`` sees it."""
    from misere.cli.app import app

    return typer.main.get_command(app)


def escape(text: str) -> str:
    """``text`` as literal reStructuredText (no inline markup, no list or directive starts)."""
    text = re.sub(r"([\\`*|_\[\]])", r"\\\1", text.replace("\b", ""))
    return "\n".join(re.sub(r"^(\s*)([-+#.:]|\d+\.)", r"\1\\\2", line) for line in text.splitlines())


def walk(cmd, ctx, depth: int = 0) -> list[str]:  # type: ignore[no-untyped-def]
    """reStructuredText for ``cmd`` and, below it, each of its subcommands."""
    path = ctx.command_path
    title = f"``{path}``" + (" command" if depth == 0 else "")
    lines = [title, UNDERLINES[depth] * len(title), ""]
    lines += ["::", ""] + ["    " + l for l in cmd.get_usage(ctx).splitlines()] + [""]
    for part in (cmd.help, cmd.epilog):
        if part:
            lines += [escape(p.strip()) + "\n" for p in re.split(r"\n\s*\n", part) if p.strip()]
    records = [(p, p.get_help_record(ctx)) for p in cmd.params]
    for kind, label in (("argument", "Arguments"), ("option", "Options")):
        rows = [(p, r) for p, r in records if r and type(p).__name__.lower().endswith(kind)]
        if rows:
            lines += [f".. rubric:: {label}", ""]
            for _, (opts, text) in rows:
                lines += [f"* ``{opts}``" + (f" — {escape(' '.join(text.split()))}" if text else ""), ""]
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
