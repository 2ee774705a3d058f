"""``misere genus`` and ``misere impartial-count``: impartial misère games (002 §6, §11)."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

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
        other: Optional[str] = typer.Option(
            None, "--with", help="A second impartial game: are they linked, a link, a distinguisher."),
        as_json: bool = JSON_OPTION,
    ) -> None:
        """Genus symbol (mex with carrying), Grundy values, canonical form, phylum (CGSuite's
        tame/restive/restless/tameable/wild), parity, parts and partitions, mate."""
        g = m.parse(game)
        gid = g.id
        gen = imp.genus(gid)
        c = m.canonical(g, universe="impartial").id
        data = {
            "game": game,
            "genus": str(gen),
            "normal_grundy": gen.plus,
            "misere_grundy": gen.minus,
            "outcome": "P" if gen.minus == 0 else "N",
            "canonical": _shown(c),
            "tame": gen.is_tame,
            "hereditarily_tame": imp.is_hereditarily_tame(gid),
            "phylum": str(imp.phylum(gid)),
            "mate": _shown(imp.mate(gid)),
        }
        data.update(_phyla_fields(c))
        if other is not None:
            data.update(_pair_fields(c, m.parse(other).id, other))
        emit(data, as_json, _genus_text(data))

    @app.command(name="impartial-count")
    @command
    def impartial_count(
        day: int = typer.Option(..., "--day", "-d", min=0, help="Birthday bound n (0-6)."),
        output: Optional[Path] = typer.Option(
            None, "--output", "-o", help="Write the exact decimal count to this file (day 6: "
            "1 255 831 digits)."),
        as_json: bool = JSON_OPTION,
    ) -> None:
        """Number of impartial misère canonical forms born by day n: 1, 2, 3, 5, 22, 4171780, and
        day 6 exactly (by inclusion–exclusion; summarised, with --output for every digit)."""
        import time

        start = time.perf_counter()
        if output is not None:  # refuse a bad path before a long count
            folder = output.parent if str(output.parent) else Path(".")
            if not folder.is_dir():
                raise FileNotFoundError(2, f"folder {str(folder)!r} does not exist", str(output))
        if day == 6:
            _count_day6(output, as_json, start)
            return
        if day > 6:
            from ..errors import ComputationLimitError

            raise ComputationLimitError(
                f"day {day} is out of reach: its forms are sets of day-{day - 1} forms, and day 6 "
                f"alone has a 1 255 831-digit number of forms")
        count = _count_small(day)
        if output is not None:
            output.write_text(f"{count}\n")
        data = {"day": day, "count": count, "seconds": round(time.perf_counter() - start, 3)}
        if output is not None:
            data["output"] = str(output)
        emit(data, as_json, str(count))


def _phyla_fields(c: int) -> dict:
    """The predicates of :mod:`misere.impartial.phyla` and :mod:`misere.impartial.parts`."""
    flags = {name: getattr(imp, f"is_{name}")(c) for name in (
        "even", "generally_tame", "reversibly_tame", "tameable", "restive", "generally_restive",
        "restless", "half_tame", "prime", "extraverted", "introverted")}
    flags["parts"] = [_shown(x) for x in imp.parts(c)]
    flags["partitions"] = [[_shown(x) for x in p] for p in imp.partitions(c)]
    return flags


def _pair_fields(c: int, h: int, text: str) -> dict:
    """Linked?, a link and a distinguisher of two impartial games (ONAG Thms 75-76)."""
    from misere.impartial.canonical import check_impartial

    check_impartial(h)
    d: dict = {"with": text, "linked": imp.is_linked(c, h)}
    if d["linked"]:
        d["link"] = _shown(imp.link(c, h))
    equal = imp.canonical(h) == c
    d["equal"] = equal
    if not equal:
        d["distinguisher"] = _shown(imp.distinguisher(c, h))
    return d


def _genus_text(d: dict) -> str:
    yes = lambda k: "yes" if d[k] else "no"  # noqa: E731
    props = [k.replace("_", "-") for k in ("generally_tame", "reversibly_tame", "tameable",
             "restive", "generally_restive", "restless", "half_tame", "prime", "extraverted",
             "introverted") if d[k]]
    lines = [
        f"genus      {d['genus']}",
        f"G+ / G-    {d['normal_grundy']} / {d['misere_grundy']}  (misère outcome {d['outcome']})",
        f"canonical  {d['canonical']}",
        f"tame       {yes('tame')} (hereditarily: {yes('hereditarily_tame')}; phylum {d['phylum']})",
        f"parity     {'even' if d['even'] else 'odd'}; {', '.join(props) or 'none of the phyla'}",
        f"parts      {', '.join(d['parts']) or 'none'}",
        "partitions " + "; ".join(" + ".join(p) or "0" for p in d["partitions"]),
        f"mate       {d['mate']}",
    ]
    if "with" in d:
        lines.append(f"with {d['with']}: linked {yes('linked')}"
                     + (f", link {d['link']}" if d["linked"] else "")
                     + ("; equal" if d["equal"] else f"; distinguisher {d['distinguisher']}"))
    return "\n".join(lines)


def _count_small(day: int) -> int:
    """Days 0–5 by enumeration / bitmask counting, with a progress bar for day 5."""
    from ..budget import Progress

    seen = {"subsets_examined": 0}
    with Progress(f"day-{day} option sets") as bar:
        def progress(done: int, total: int) -> None:
            seen.update(subsets_examined=done, subsets_total=total)
            bar.update(done, subsets=f"{done}/{total}")

        try:
            return imp.count_born_by(day, progress=progress)
        except BudgetExceededError as e:
            e.partial.setdefault("day", day)
            if day == 5:
                e.partial.update({k: v for k, v in seen.items() if k not in e.partial})
            raise


def _count_day6(output: Optional[Path], as_json: bool, start: float) -> None:
    """Day 6 by inclusion–exclusion (:mod:`misere.impartial.ie_count`): formula and digits."""
    import time

    from misere.budget import Progress
    from misere.impartial.ie_count import count_by_inclusion_exclusion

    with Progress("day-6 count") as bar:
        r = count_by_inclusion_exclusion(6, stage=lambda s: bar.update(step=s))
        bar.update(step="decimal digits")
        digits = r.decimal_digits()
    if output is not None:
        output.write_text(digits + "\n")
    data = {
        "day": 6, "digits": len(digits), "leading": digits[:30], "trailing": digits[-30:],
        "formula": r.formula(), "seconds": round(time.perf_counter() - start, 3),
    }
    if output is not None:
        data["output"] = str(output)
    text = "\n".join([
        f"{len(digits)} digits: {digits[:30]}...{digits[-30:]}",
        f"= {r.formula()}",
    ] + ([f"written to {output}"] if output is not None else []))
    emit(data, as_json, text)
