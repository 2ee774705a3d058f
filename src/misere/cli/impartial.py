"""``misere genus`` and ``misere impartial-count``: impartial misère games (002 §6, §11)."""
from __future__ import annotations

import typer

import misere as m
from misere import impartial as imp

from ..errors import MisereError
from .common import JSON_OPTION, command, emit


def _shown(gid: int) -> str:
    """CGSuite-style text of an impartial form, or a summary when it is too long to print."""
    try:
        return imp.format_impartial(gid)
    except MisereError:
        from misere.core.ops import followers
        from misere.core.table import birthday

        return (f"(too large to print: birthday {birthday(gid)}, "
                f"{sum(1 for _ in followers(gid))} distinct followers)")


def register(app: typer.Typer) -> None:
    """Add the impartial commands to ``app``."""

    @app.command(name="genus")
    @command
    def genus_(
        game: str = typer.Argument(..., help="An impartial game, e.g. '*2+*3', '{*2,*|*2,*}' or '*[*2,*]'."),
        as_json: bool = JSON_OPTION,
    ) -> None:
        """Genus symbol (mex with carrying), Grundy values, canonical form, tameness, mate."""
        g = m.parse(game)
        gid = g.id
        gen = imp.genus(gid)
        canon = _shown(m.canonical(g, universe="impartial").id)
        data = {
            "game": game,
            "genus": str(gen),
            "normal_grundy": gen.plus,
            "misere_grundy": gen.minus,
            "outcome": "P" if gen.minus == 0 else "N",
            "canonical": canon,
            "tame": gen.is_tame,
            "hereditarily_tame": imp.is_hereditarily_tame(gid),
            "phylum": str(imp.phylum(gid)),
            "mate": _shown(imp.mate(gid)),
        }
        text = "\n".join([
            f"genus      {gen}",
            f"G+ / G-    {gen.plus} / {gen.minus}  (misère outcome {data['outcome']})",
            f"canonical  {canon}",
            f"tame       {'yes' if gen.is_tame else 'no'}"
            f" (hereditarily: {'yes' if data['hereditarily_tame'] else 'no'}; phylum {data['phylum']})",
            f"mate       {data['mate']}",
        ])
        emit(data, as_json, text)

    @app.command(name="impartial-count")
    @command
    def impartial_count(
        day: int = typer.Option(..., "--day", "-d", help="Birthday bound n (0-5)."),
        as_json: bool = JSON_OPTION,
    ) -> None:
        """Number of impartial misère canonical forms born by day n: 1, 2, 3, 5, 22, 4171780."""
        import time

        start = time.perf_counter()
        if day == 5 and not as_json:
            from rich.progress import Progress

            with Progress(transient=True) as bar:
                task = bar.add_task("day-5 option sets", total=1 << 22)
                count = imp.count_born_by(day, progress=lambda done, total: bar.update(task, completed=done))
        else:
            count = imp.count_born_by(day)
        seconds = time.perf_counter() - start
        emit({"day": day, "count": count, "seconds": round(seconds, 3)}, as_json, str(count))
