"""``misere enumerate``: the values born by day n modulo a universe, optionally as a Hasse diagram."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

import misere as m

from ..viz.hasse import hasse_dot, hasse_svg
from .common import JSON_OPTION, UNIVERSE_OPTION, command, emit


def register(app: typer.Typer) -> None:
    @app.command(name="enumerate")
    @command
    def enumerate_(
        day: int = typer.Option(..., "--day", "-d", help="Birthday bound n."),
        universe: str = UNIVERSE_OPTION,
        count_only: bool = typer.Option(False, "--count-only", help="Print only the count."),
        hasse: Optional[Path] = typer.Option(
            None, "--hasse", help="Write the Hasse diagram of the values (.svg or .dot)."),
        as_json: bool = JSON_OPTION,
    ) -> None:
        """Canonical forms of all values born by day n (general misère: 4 by day 1, 256 by day 2)."""
        if count_only and hasse is None:
            count = m.count_born_by(day, universe=universe)
            emit({"count": count, "day": day, "universe": m.find_universe(universe).name},
                 as_json, str(count))
            return
        games = m.born_by(day, universe=universe)
        data: dict[str, object] = {"count": len(games), "day": day,
                                   "universe": m.find_universe(universe).name}
        if not count_only:
            data["games"] = [str(g) for g in games]
        if hasse is not None:
            write_hasse(games, universe, hasse, f"born by day {day} ({data['universe']})")
            data["hasse"] = str(hasse)
        text = str(len(games)) if count_only else "\n".join(str(g) for g in games)
        emit(data, as_json, text)


def write_hasse(games: list[m.Game], universe: str, path: Path, title: str) -> None:
    """Write the order of ``games`` modulo ``universe`` as SVG (or DOT for a .dot path)."""
    u = m.find_universe(universe)
    ids = [g.id for g in games]
    ge = lambda i, j: u.ge(ids[i], ids[j])  # noqa: E731
    labels = [str(g) for g in games]
    if path.suffix.lower() == ".dot":
        path.write_text(hasse_dot(labels, ge, title))
    else:
        outcomes = [u.outcome_of_sum([g.id]).value for g in games]
        path.write_text(hasse_svg(labels, ge, title, outcomes=outcomes))
