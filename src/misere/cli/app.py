"""The ``misere`` command: core commands here, others registered by their modules.

Stable contract (scripts and tests rely on it): every command accepts ``--json`` and prints
one JSON object; errors are one line and exit non-zero.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Optional

import typer

import misere as m
from misere.errors import ComputationLimitError

from .common import JSON_OPTION, UNIVERSE_OPTION, command, emit
from .parsing import EXIT_STATUSES, MisereGroup, install
from .runner import run_process

if TYPE_CHECKING:
    from ..universes.symbols import Symbol

#: modules under misere.cli that add commands through ``register(app)``
COMMAND_MODULES = ("enumerate", "tour", "universes", "impartial", "quotient", "play", "partizan", "census",
                   "left_dead_ends", "check", "classify", "sprouts")

#: the commands those modules register, in the order ``misere --help`` lists them; a module is
#: imported only when one of its commands is run (or for ``--help``), see :class:`MisereGroup`
LAZY_COMMANDS = {"enumerate": "enumerate", "tour": "tour", "invertible": "universes", "genus": "impartial",
                 "impartial-count": "impartial", "quotient": "quotient", "play": "play",
                 "partizan-quotient": "partizan", "partizan-sweep": "partizan", "draw": "partizan", "census": "census",
                 "factor": "left_dead_ends", "check": "check", "classify": "classify",
                 "sprouts-endgames": "sprouts", "report": "universes"}


class _Commands(MisereGroup):
    """The ``misere`` group, with the commands of :data:`COMMAND_MODULES` loaded on demand."""

    lazy_commands = {name: f"misere.cli.{module}" for name, module in LAZY_COMMANDS.items()}


app = typer.Typer(
    name="misere",
    help="Computer algebra for misère combinatorial games.",
    epilog=EXIT_STATUSES + " A negative game may be given as it is: misere outcome -1.",
    cls=_Commands,
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"misere {m.__version__}")
        raise typer.Exit()


@app.callback()
def _main_options(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                 help="Print the version and exit."),
) -> None:
    """Computer algebra for misère combinatorial games."""

@app.command()
@command
def outcome(
    game: str = typer.Argument(..., help="A game, e.g. '{0,*|*}'."),
    normal: bool = typer.Option(False, "--normal", help="Normal play instead of misère."),
    as_json: bool = JSON_OPTION,
) -> None:
    """Outcome class (L, N, P, R) and who wins moving first."""
    o = m.outcome(game, normal=normal)  # answered from theory first (nim heaps, numbers)
    try:
        shown = str(m.parse(game))
    except ComputationLimitError:  # too big to build as a form, but the theory answered
        shown = game
    data = {
        "game": shown,
        "play": "normal" if normal else "misere",
        "outcome": o.value,
        "left_first": "Left" if o.left_first else "Right",
        "right_first": "Right" if o.right_first else "Left",
    }
    emit(data, as_json, f"{o.value}  (Left moving first: {data['left_first']} wins; "
                        f"Right moving first: {data['right_first']} wins)")


@app.command()
@command
def canon(
    game: str = typer.Argument(..., help="A game."),
    universe: str = UNIVERSE_OPTION,
    explicit: bool = typer.Option(False, "--explicit", help="Print only braces, bars, commas and 0."),
    as_json: bool = JSON_OPTION,
) -> None:
    """Canonical (reduced) form modulo a universe."""
    from ..universes import symbols

    name = m.find_universe(universe).name
    s = None if explicit else symbols.parse_symbol(game)
    t = None if s is None else symbols.canonical(s, name)  # theory first: integers, nim heaps
    if t is not None:
        emit({"form": str(t), "universe": name, "birthday": t.birthday}, as_json, str(t))
        return
    c = m.canonical(m.parse(game), universe=universe)
    form = c.explicit() if explicit else str(c)
    emit({"form": form, "universe": m.find_universe(universe).name, "birthday": c.birthday},
         as_json, form)


@app.command()
@command
def compare(
    g: str = typer.Argument(..., help="First game."),
    h: str = typer.Argument(..., help="Second game."),
    universe: str = UNIVERSE_OPTION,
    as_json: bool = JSON_OPTION,
) -> None:
    """Compare two games: >, <, = or || (incomparable), with witnesses for failed directions."""
    found = _symbols_apart(g, h, universe)
    if found is not None and found[0].kind == "nim":  # outcomes P and N: incomparable both ways
        x, og, oh = found
        relation, name, ge, le = "||", m.find_universe(universe).name, False, False
        witnesses = [(key, rel, str(x), og, oh) for key, rel in (("not_ge_witness", ">="), ("not_le_witness", "<="))]
    else:
        G, H = m.parse(g), m.parse(h)
        c = m.comparison(G, H, universe=universe)
        relation, name, ge, le = c.relation, c.universe, c.ge, c.le
        witnesses = [(key, rel, str(x), *c.outcomes(G, H, x))
                     for key, rel, x in (("not_ge_witness", ">=", c.not_ge_witness),
                                         ("not_le_witness", "<=", c.not_le_witness)) if x is not None]
    data: dict[str, object] = {"relation": relation, "universe": name, "ge": ge, "le": le}
    lines = [f"G {relation} H  (modulo {name})"]
    for key, rel, x, og, oh in witnesses:
        data[key] = {"game": x, "outcomes": [og.value, oh.value]}
        lines.append(f"G is not {rel} H: X = {x} gives o(G+X) = {og}, o(H+X) = {oh}")
    emit(data, as_json, "\n".join(lines))


def _symbols_apart(g: str, h: str, universe: str) -> "Optional[tuple[Symbol, m.Outcome, m.Outcome]]":
    """X, o(G+X), o(H+X) from the theory when G and H are different nim heaps or integers past
    the birthday where the search is instant (:func:`misere.universes.symbols.distinguish`)."""
    from ..universes import symbols

    s, t = symbols.parse_symbol(g), symbols.parse_symbol(h)
    if s is None or t is None or max(s.birthday, t.birthday) <= symbols.WITNESS_SEARCH_UP_TO:
        return None
    return symbols.distinguish(s, t, m.find_universe(universe).name)


@app.command()
@command
def distinguish(
    g: str = typer.Argument(..., help="First game."),
    h: str = typer.Argument(..., help="Second game."),
    universe: str = UNIVERSE_OPTION,
    as_json: bool = JSON_OPTION,
) -> None:
    """A game X with o(G+X) != o(H+X), verified by outcome search (none if G = H)."""
    found = _symbols_apart(g, h, universe)  # nim heaps, integers: from the theory
    if found is not None:
        x, og, oh = found
        emit({"witness": str(x), "outcomes": [og.value, oh.value], "equal": False}, as_json,
             f"X = {x}: o(G+X) = {og}, o(H+X) = {oh}")
        return
    G, H = m.parse(g), m.parse(h)
    x = m.distinguish(G, H, universe=universe)
    if x is None:
        emit({"witness": None, "outcomes": None, "equal": True}, as_json,
             f"G = H modulo {m.find_universe(universe).name}: no game distinguishes them")
        return
    u = m.find_universe(universe)
    og, oh = u.outcome_of_sum((G.id, x.id)), u.outcome_of_sum((H.id, x.id))
    emit({"witness": str(x), "outcomes": [og.value, oh.value], "equal": False}, as_json,
         f"X = {x}: o(G+X) = {og}, o(H+X) = {oh}")


@app.command()
@command
def tree(
    game: str = typer.Argument(..., help="A game."),
    output: Path = typer.Option(Path("game-tree.svg"), "--output", "-o",
                                help="File to write: .svg (or .png with the optional resvg-py)."),
    expand: bool = typer.Option(False, "--expand", help="Also expand named games such as 1 or ^."),
    max_nodes: int = typer.Option(200, "--max-nodes", min=1, help="Cut the drawing after this many nodes."),
    as_json: bool = JSON_OPTION,
) -> None:
    """Draw the game tree as SVG (Left options blue, to the left; Right options red)."""
    from ..viz.output import check_output, write_picture
    from ..viz.tree import tree_svg

    check_output(output, what="game tree")
    g = m.parse(game)
    write_picture(output, lambda: tree_svg(g.id, max_nodes=max_nodes, expand_named=expand), what="game tree")
    emit({"game": str(g), "output": str(output)}, as_json, f"wrote {output}")


install(app)


def main(argv: Optional[list[str]] = None) -> None:
    """Run the typer app on ``argv`` as a ``misere`` process (:func:`misere.cli.runner.run_process`:
    the watchdog of :mod:`misere.cli.watchdog` enforces every command's budget). The console
    script and ``python -m misere`` start at :func:`misere.cli.entry.main`, which answers the
    plainest ``misere quotient`` without typer and passes everything else here."""
    run_process(lambda: app(args=argv, prog_name="misere"))
