"""``misere enumerate``: the values born by day n modulo a universe, optionally as a Hasse diagram."""
from __future__ import annotations

from pathlib import Path
from typing import Callable, Optional, TypeVar

import typer

import misere as m

from ..budget import Progress
from ..errors import BudgetExceededError
from ..viz.hasse import hasse_dot, hasse_svg
from ..viz.output import check_output, write_picture
from .common import JSON_OPTION, UNIVERSE_OPTION, command, emit

T = TypeVar("T")


def day_by_day(day: int, compute: Callable[[int], T], size: Callable[[T], int]) -> T:
    """``compute(day)``, reached through days 0, 1, ..., day (each cached by the universe), so that
    a budget that runs out reports the last day finished and its count (``err.partial``)."""
    reached: Optional[tuple[int, int]] = None
    with Progress("enumerate") as bar:
        for d in range(day + 1):
            try:
                result = compute(d)
            except BudgetExceededError as e:
                e.partial.setdefault("day_asked", day)
                if reached is not None:
                    e.partial.setdefault("day_reached", reached[0])
                    e.partial.setdefault("count_by_day_reached", reached[1])
                raise
            reached = (d, size(result))
            bar.update(d, day=d, count=reached[1])
    return result


def register(app: typer.Typer) -> None:
    @app.command(name="enumerate")
    @command
    def enumerate_(
        day: int = typer.Option(..., "--day", "-d", min=0, help="Birthday bound n."),
        universe: str = UNIVERSE_OPTION,
        count_only: bool = typer.Option(False, "--count-only", help="Print only the count."),
        hasse: Optional[Path] = typer.Option(
            None, "--hasse", help="Write the Hasse diagram of the values (.svg or .dot)."),
        as_json: bool = JSON_OPTION,
    ) -> None:
        """Canonical forms of all values born by day n (general misère: 4 by day 1, 256 by day 2)."""
        name = m.find_universe(universe).name
        if hasse is not None:
            check_output(hasse, dot=True, what="Hasse diagram")
        if count_only and hasse is None:
            count = day_by_day(day, lambda d: m.count_born_by(d, universe=universe), int)
            emit({"count": count, "day": day, "universe": name}, as_json, str(count))
            return
        games = day_by_day(day, lambda d: m.born_by(d, universe=universe), len)
        data: dict[str, object] = {"count": len(games), "day": day, "universe": name}
        if not count_only:
            data["games"] = [str(g) for g in games]
        if hasse is not None:
            write_hasse(games, universe, hasse, f"born by day {day} ({name})")
            data["hasse"] = str(hasse)
        text = str(len(games)) if count_only else "\n".join(str(g) for g in games)
        emit(data, as_json, text)


def write_hasse(games: list[m.Game], universe: str, path: Path, title: str) -> None:
    """Write the order of ``games`` modulo ``universe`` in the format of the file name: SVG,
    DOT for a .dot path (PNG when the optional converter is installed)."""
    u = m.find_universe(universe)
    ids = [g.id for g in games]
    ge = lambda i, j: u.ge(ids[i], ids[j])  # noqa: E731
    labels = [str(g) for g in games]

    def svg() -> str:
        outcomes = [u.outcome_of_sum([g.id]).value for g in games]
        return hasse_svg(labels, ge, title, outcomes=outcomes)

    write_picture(path, svg, lambda: hasse_dot(labels, ge, title), what="Hasse diagram")
