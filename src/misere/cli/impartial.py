"""``misere genus`` and ``misere impartial-count``: impartial misère games (002 §6, §11)."""
from __future__ import annotations

import typer

import misere as m
from misere import impartial as imp

from ..errors import BudgetExceededError, MisereError
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
        day: int = typer.Option(..., "--day", "-d", min=0, help="Birthday bound n (0-5)."),
        as_json: bool = JSON_OPTION,
    ) -> None:
        """Number of impartial misère canonical forms born by day n: 1, 2, 3, 5, 22, 4171780."""
        import time

        from ..budget import Progress

        start = time.perf_counter()
        seen = {"subsets_examined": 0}

        with Progress(f"day-{day} option sets") as bar:
            def progress(done: int, total: int) -> None:
                seen.update(subsets_examined=done, subsets_total=total)
                bar.update(done, subsets=f"{done}/{total}")

            try:
                count = imp.count_born_by(day, progress=progress)
            except BudgetExceededError as e:
                e.partial.setdefault("day", day)
                if day == 5:
                    e.partial.update({k: v for k, v in seen.items() if k not in e.partial})
                raise
        seconds = time.perf_counter() - start
        emit({"day": day, "count": count, "seconds": round(seconds, 3)}, as_json, str(count))
