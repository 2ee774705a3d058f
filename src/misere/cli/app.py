"""The ``misere`` command: core commands here, others registered by their modules.

Stable contract (scripts and tests rely on it): every command accepts ``--json`` and prints
one JSON object; errors are one line and exit non-zero.
"""
from __future__ import annotations

import importlib
from pathlib import Path
from typing import Optional

import typer

import misere as m

from .common import JSON_OPTION, UNIVERSE_OPTION, command, emit

app = typer.Typer(
    name="misere",
    help="Computer algebra for misère combinatorial games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

#: modules under misere.cli that add commands through ``register(app)``
COMMAND_MODULES = ("enumerate", "tour", "universes", "impartial", "quotient", "play", "partizan", "census")


@app.command()
@command
def outcome(
    game: str = typer.Argument(..., help="A game, e.g. '{0,*|*}'."),
    normal: bool = typer.Option(False, "--normal", help="Normal play instead of misère."),
    as_json: bool = JSON_OPTION,
) -> None:
    """Outcome class (L, N, P, R) and who wins moving first."""
    g = m.parse(game)
    o = m.outcome(g, normal=normal)
    data = {
        "game": str(g),
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
    G, H = m.parse(g), m.parse(h)
    c = m.comparison(G, H, universe=universe)
    data: dict[str, object] = {"relation": c.relation, "universe": c.universe,
                               "ge": c.ge, "le": c.le}
    lines = [f"G {c.relation} H  (modulo {c.universe})"]
    for key, rel, x in (("not_ge_witness", ">=", c.not_ge_witness),
                        ("not_le_witness", "<=", c.not_le_witness)):
        if x is not None:
            og, oh = c.outcomes(G, H, x)
            data[key] = {"game": str(x), "outcomes": [og.value, oh.value]}
            lines.append(f"G is not {rel} H: X = {x} gives o(G+X) = {og}, o(H+X) = {oh}")
    emit(data, as_json, "\n".join(lines))


@app.command()
@command
def distinguish(
    g: str = typer.Argument(..., help="First game."),
    h: str = typer.Argument(..., help="Second game."),
    universe: str = UNIVERSE_OPTION,
    as_json: bool = JSON_OPTION,
) -> None:
    """A game X with o(G+X) != o(H+X), verified by outcome search (none if G = H)."""
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
    output: Path = typer.Option(Path("game-tree.svg"), "--output", "-o", help="SVG file to write."),
    expand: bool = typer.Option(False, "--expand", help="Also expand named games such as 1 or ^."),
    max_nodes: int = typer.Option(200, "--max-nodes", help="Cut the drawing after this many nodes."),
    as_json: bool = JSON_OPTION,
) -> None:
    """Draw the game tree as SVG (Left options blue, to the left; Right options red)."""
    from ..viz.tree import tree_svg

    g = m.parse(game)
    output.write_text(tree_svg(g.id, max_nodes=max_nodes, expand_named=expand))
    emit({"game": str(g), "output": str(output)}, as_json, f"wrote {output}")


def _register_modules() -> None:
    for name in COMMAND_MODULES:
        try:
            mod = importlib.import_module(f"misere.cli.{name}")
        except ModuleNotFoundError as e:
            if e.name == f"misere.cli.{name}":
                continue
            raise
        register = getattr(mod, "register", None)
        if register is not None:
            register(app)


_register_modules()


def main(argv: Optional[list[str]] = None) -> None:
    """Entry point of the ``misere`` console script."""
    app(args=argv)
