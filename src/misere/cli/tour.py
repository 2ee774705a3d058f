"""``misere tour``: a short guided run on built-in examples (the README's main job).

The day-2 Hasse diagram goes to :func:`default_hasse` (the system's temporary folder) unless
``--hasse`` names a file, so a tour run inside a checkout leaves no untracked file there; the
tour prints the full path it wrote.
"""
from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Optional

import typer

import misere as m

from ..viz.output import check_output
from .common import JSON_OPTION, command, emit
from .enumerate import write_hasse

STEPS: list[tuple[str, str]] = [
    ("outcome", "{0,*|*}"),
    ("outcome", "*+*"),
    ("compare", "0 | *"),
    ("compare", "{|*,1} | 0"),
    ("compare", "{*|*} | 0"),
    ("canonical", "{0,*,{0|*}|*}"),
    ("adjoint", "1"),
]


def default_hasse() -> Path:
    """Where the tour writes its Hasse diagram when ``--hasse`` is not given:
    ``misere-tour/misere-day2.svg`` in the system's temporary folder (``$TMPDIR``, else ``/tmp``)."""
    return Path(tempfile.gettempdir()) / "misere-tour" / "misere-day2.svg"


def register(app: typer.Typer) -> None:
    @app.command()
    @command
    def tour(
        hasse: Optional[Path] = typer.Option(
            None, "--hasse", help="Where to write the day-2 Hasse diagram (.svg, or .dot) "
                                  "[default: misere-tour/misere-day2.svg in the system's temporary folder]."),
        as_json: bool = JSON_OPTION,
    ) -> None:
        """A guided run: outcomes, comparisons with witnesses, canonical forms, day 2."""
        if hasse is None:
            hasse = default_hasse()
            hasse.parent.mkdir(parents=True, exist_ok=True)
        check_output(hasse, dot=True, what="Hasse diagram")
        items: list[dict[str, object]] = []
        lines: list[str] = ["misère tour: the player who makes the last move loses.", ""]
        for kind, text in STEPS:
            if kind == "outcome":
                o = m.outcome(text)
                items.append({"step": kind, "game": text, "outcome": o.value})
                lines.append(f"o({text}) = {o}")
            elif kind == "compare":
                g, h = (s.strip() for s in text.split(" | "))
                c = m.comparison(g, h)
                items.append({"step": kind, "games": [g, h], "relation": c.relation})
                lines.append(f"{g}  {c.relation}  {h}")
                w = c.not_ge_witness
                if w is not None:
                    og, oh = c.outcomes(m.parse(g), m.parse(h), w)
                    lines.append(f"    not >=: X = {w}: o({g}+X) = {og}, o({h}+X) = {oh}")
            elif kind == "canonical":
                c2 = m.canonical(text)
                items.append({"step": kind, "game": text, "form": str(c2)})
                lines.append(f"canonical({text}) = {c2}")
            elif kind == "adjoint":
                a = m.parse(text).adjoint()
                o = m.outcome_of_sum([text, a])
                items.append({"step": kind, "game": text, "adjoint": str(a), "sum_outcome": o.value})
                lines.append(f"adjoint({text}) = {a};  o({text} + adjoint) = {o}")
        games = m.born_by(2)
        lines.append("")
        lines.append(f"canonical forms born by day 1: {len(m.born_by(1))}, by day 2: {len(games)}")
        data: dict[str, object] = {"steps": items, "day2_count": len(games)}
        write_hasse(games, "general", hasse, "misère games born by day 2")
        data["hasse"] = str(hasse.resolve())
        lines.append(f"Hasse diagram of the day-2 order written to {hasse.resolve()}")
        emit(data, as_json, "\n".join(lines))
