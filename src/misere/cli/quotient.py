"""``misere quotient``: misère quotient of a take-and-break code, a board game or explicit games."""
from __future__ import annotations

from typing import Optional

import typer

from misere.errors import RulesetError

from .common import JSON_OPTION, command, emit

__all__ = ["register", "resolve_game"]


def resolve_game(spec: str):
    """Ruleset from a command-line spec: an octal code or ``pascal-beans[:ROWS]``."""
    from misere.impartial.pascal_beans import pascal_beans

    s = spec.strip().lower()
    if s.startswith("pascal") or s.startswith("beans"):
        _, _, rows = s.partition(":")
        try:
            return pascal_beans(int(rows) if rows else 12)
        except ValueError:
            raise RulesetError(f"bad board size in {spec!r}") from None
    return spec


def _progress():
    """A rich progress display on stderr, as a ``progress(heap, order, message)`` callback."""
    from rich.console import Console
    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    bar = Progress(SpinnerColumn(), TextColumn("{task.description}"), TimeElapsedColumn(),
                   console=Console(stderr=True), transient=True)
    task = bar.add_task("starting")

    def report(heap: int, order: int, message: str) -> None:
        bar.update(task, description=f"heap {heap}  |Q| = {order}  {message}")

    return bar, report


def _text(d: dict) -> str:
    lines = []
    for r in d["history"]:
        lines.append(f"-- changed at heap {r['heap']} --")
        lines.append(f"Size {r['order']}: " + (r["tame"] or r["presentation"]))
        lines.append("P = {" + ",".join(r["P"]) + "}")
        lines.append("Phi = " + " ".join(r["phi"]))
    cert = d["certificate"]
    lines += [
        f"=== {d['game']} ===",
        f"Quotient order : {d['order']}  ({d['p_count']} P-positions)",
        f"Presentation   : {d['presentation']}",
        "P              : {" + ",".join(d["P"]) + "}",
        "Phi            : " + " ".join(d["phi"]),
        f"Misere period  : {d['period']}  (preperiod {d['preperiod']})",
        f"Normal period  : {d['normal']['period']}  (preperiod {d['normal']['preperiod']})",
        f"Heaps computed : {d['max_heap']}   solved: {d['solved']}   tame: {d['tame']}",
        f"Last tame heap : {d['last_tame_heap']}",
    ]
    if d.get("labels") and len(d["labels"]) <= 40:
        lines.append("Heaps          : " + ", ".join(f"{i}={lab}" for i, lab in enumerate(d["labels"])))
    if cert:
        lines.append(f"Certificate    : brute force on {cert['positions']} positions of total "
                     f"{cert['weight']} <= {cert['bound']}: "
                     + ("agreed" if cert["agreed"] else f"MISMATCH at {cert['mismatch']}"))
    return "\n".join(lines)


def register(app: typer.Typer) -> None:
    """Add the ``quotient`` command to the ``misere`` app."""

    @app.command()
    @command
    def quotient(
        code: Optional[str] = typer.Argument(None, help="Octal code (0.123, 4.7) or pascal-beans[:ROWS]."),
        games: Optional[str] = typer.Option(None, "--games", help="Explicit impartial games, e.g. '*2, {*2,*}'."),
        max_heap: Optional[int] = typer.Option(None, "--max-heap", help="Stop after this heap."),
        checkpoint: Optional[str] = typer.Option(None, "--checkpoint", help="SQLite file to resume from / save to."),
        certify: Optional[int] = typer.Option(None, "--certify", help="Brute-force bound (0 = skip)."),
        max_size: Optional[int] = typer.Option(None, "--max-size", help="Largest candidate monoid (elements)."),
        max_order: Optional[int] = typer.Option(None, "--max-order", help="Largest reduced candidate (memory: 4*N^2 bytes)."),
        cayley: Optional[str] = typer.Option(None, "--cayley", help="Write the Cayley graph (.svg or .dot)."),
        partizan: bool = typer.Option(False, "--partizan", help="Partizan (tetrapartite) quotient of --games."),
        ruleset: Optional[str] = typer.Option(None, "--ruleset", help="Partizan ruleset (partizan-kayles); "
                                              "--max-size is then the largest strip."),
        as_json: bool = JSON_OPTION,
    ) -> None:
        """Misère quotient, presentation, P-portion, pretending function and periodicity."""
        import misere.quotients as mq

        if partizan or ruleset is not None:  # partizan quotients (issue 5, misere.cli.partizan)
            from .partizan import quotient_data
            pd, ptext = quotient_data(games, ruleset, max_size or 6)
            emit(pd, as_json, ptext)
            return

        if (code is None) == (games is None):
            raise RulesetError("give a CODE or --games (not both)")
        limits = mq.Limits()
        if max_size:
            limits.max_candidate = max_size
        if max_order:
            limits.max_order = max_order
        bar, report = _progress()
        with bar:
            if games is not None:
                q = mq.quotient(games=games, max_heap=max_heap, certify=certify,
                                checkpoint=checkpoint, limits=limits, progress=report)
            else:
                assert code is not None
                q = mq.quotient(resolve_game(code), max_heap=max_heap, certify=certify,
                                checkpoint=checkpoint, limits=limits, progress=report)
        d = q.as_dict()
        if cayley:
            from pathlib import Path

            Path(cayley).write_text(q.cayley("svg" if cayley.endswith(".svg") else "dot"))
            d["cayley"] = cayley
        emit(d, as_json, _text(d))
