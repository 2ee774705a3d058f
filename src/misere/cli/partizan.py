"""CLI for partizan quotients and ruleset pictures: ``partizan-quotient``, ``partizan-sweep``
and ``draw``.

:func:`quotient_data` is the shared entry point: the ``quotient`` command delegates to it for
``--partizan``.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Optional

import typer

from misere.errors import EXIT_BUDGET, MisereError
from misere.quotients.partizan import PartizanQuotient, partizan_quotient
from misere.quotients.partizan.constructions import closed_set, construct
from misere.quotients.partizan.sweep import FAMILIES, family as _sweep_family, summary_markdown, sweep
from misere.quotients.partizan.sweep_store import SweepStore
from misere.rulesets.partizan_kayles import PartizanKaylesRuleset
from misere.rulesets.registry import find_ruleset, ruleset_names

from ..viz.output import check_output, write_picture
from .common import JSON_OPTION, command, emit

__all__ = ["register", "quotient_data"]


def build_quotient(games: Optional[str], ruleset: Optional[str], max_size: int,
                   size: Optional[int], test: Optional[int],
                   construction: Optional[int] = None) -> PartizanQuotient:
    """The partizan quotient of ``--games``, of ``--ruleset`` (strips up to ``max_size``) or of
    the closed set tabulated for order ``--construction`` (RSZ 2026, quotients/partizan/
    constructions.py)."""
    if sum(x is not None for x in (games, ruleset, construction)) != 1:
        raise MisereError("give exactly one of --games, --ruleset and --construction")
    if construction is not None:
        return construct(construction)
    if games is not None:
        return partizan_quotient(games, size, test)
    r = find_ruleset(ruleset or "")
    if not isinstance(r, PartizanKaylesRuleset):
        raise MisereError(f"quotients of ruleset {r.name!r} are not available; "
                          f"use --games with its components")
    q: PartizanQuotient = r.quotient(max_size, size, test)
    return q


def quotient_data(games: Optional[str] = None, ruleset: Optional[str] = None, max_size: int = 6,
                  size: Optional[int] = None, test: Optional[int] = None,
                  hasse: Optional[Path] = None,
                  construction: Optional[int] = None) -> tuple[dict[str, Any], str]:
    """JSON data and human text for a partizan quotient (``hasse``: also write an SVG)."""
    if hasse is not None:
        check_output(hasse, what="Hasse diagram")
    q = build_quotient(games, ruleset, max_size, size, test, construction)
    data = q.to_dict()
    if construction is not None:
        data["construction"] = {"order": construction, "games": list(closed_set(construction)),
                                "source": "Rubinstein-Salzedo-Zhou 2026, Thm 1.1 (closed set ours)"}
    if ruleset is not None:
        data["ruleset"] = find_ruleset(ruleset).name
        data["max_size"] = max_size
    if hasse is not None:
        write_picture(hasse, lambda: q.hasse_svg(title=f"Q = {q.presentation}"), what="Hasse diagram")
        data["hasse"] = str(hasse)
    lines = [*([f"construction: cl({', '.join(closed_set(construction))}) has a quotient of "
                f"order {construction} (every order but 3 occurs: RSZ 2026, Thm 1.1)"]
               if construction is not None else []),
             f"quotient: {q.presentation}   ({q.structure})",
             "generators: " + ", ".join(f"{k} = {v}" for k, v in q.legend().items()),
             "phi: " + ", ".join(f"{k} -> {v}" for k, v in q.phi.items()),
             "partition" + ("" if q.finite else f" (normal words of length <= {q._window_size(4, 40)})") + ": "
             + ", ".join(f"{k}:{v}" for k, v in q.partition.items()),
             *([f"partition rule: {r['coordinates']}; Pi(k, t) for k = "
                + ", ".join(f"{k}: " + "/".join(v.values()) for k, v in r["values"].items())
                + f"; periodic for k >= {r['right_tail']['from']} (period {r['right_tail']['period']})"
                + f" and k <= {r['left_tail']['from']} (period {r['left_tail']['period']})"]
               if (r := data.get("partition_rule")) and "coordinates" in r else []),
             *([f"partition rule: Pi = H(reduced values of the forms {r['forms']}), window "
                f"{r['window']}, period {r['period']} ({len(r['table'])} table entries; --json lists them)"]
               if (r := data.get("partition_rule")) and "forms" in r else []),
             "order: " + (", ".join(data["order_relations"]) or "(antichain)"),
             f"units: {data['units']}",
             f"strategy: {q.strategy}"]
    if hasse is not None:
        lines.append(f"Hasse diagram written to {hasse}")
    return data, "\n".join(lines)


def register(app: typer.Typer) -> None:
    """Add ``partizan-quotient``, ``partizan-sweep`` and ``draw``."""

    @app.command("partizan-quotient")
    @command
    def partizan_quotient_cmd(
        games: Optional[str] = typer.Option(None, "--games", "-g", help="Comma-separated games, e.g. '1, -1'."),
        ruleset: Optional[str] = typer.Option(None, "--ruleset", "-r", help="A ruleset: partizan-kayles."),
        max_size: int = typer.Option(6, "--max-size", min=1, help="Largest component (strip) of the ruleset."),
        size: Optional[int] = typer.Option(None, "--size", min=1, help="Classify sums of at most this many components."),
        test: Optional[int] = typer.Option(None, "--test", min=1, help="Test against sums of at most this many."),
        hasse: Optional[Path] = typer.Option(None, "--hasse", help="Write the Hasse diagram (SVG) here."),
        construction: Optional[int] = typer.Option(
            None, "--construction", "-c", min=1,
            help="A closed set whose quotient has this order (1-20 but 3; RSZ 2026)."),
        as_json: bool = JSON_OPTION,
    ) -> None:
        """Partizan misère quotient of cl(S): presentation, outcome partition, order (003 §8)."""
        data, text = quotient_data(games, ruleset, max_size, size, test, hasse, construction)
        emit(data, as_json, text)

    @app.command("partizan-sweep")
    @command
    def partizan_sweep_cmd(
        family: str = typer.Argument(..., help="Family of closures: day1, day2, gh, unions."),
        limit: Optional[int] = typer.Option(None, "--limit", min=1, help="Only the first N closures."),
        rows: bool = typer.Option(False, "--rows", help="List every closure (text output)."),
        store: Optional[Path] = typer.Option(
            None, "--store", help="SQLite store of the records: written closure by closure, resumed."),
        cheap_first: bool = typer.Option(
            False, "--cheap-first", help="Compute closures with fewer components first (same rows)."),
        report: bool = typer.Option(
            False, "--report", help="Only read --store: the table of every family (FAMILY: all)."),
        as_json: bool = JSON_OPTION,
    ) -> None:
        """Quotients of a family of closures: exact / proved / bounded / refused counts, finite
        orders and why each bounded one is not proved (issue 25). With --store the records are
        kept and an interrupted sweep resumes; --report prints the tables from the store."""
        if report:
            if store is None or not store.exists():
                raise MisereError(f"--report needs an existing --store (got {store})")
            names = FAMILIES if family == "all" else (family,)
            with SweepStore(store, create=False) as st:
                sweeps = [st.sweep(f, len(_sweep_family(f))) for f in names]
                text = st.tables() if family == "all" else summary_markdown(sweeps)
            emit({"store": str(store), "families": [s.to_dict() for s in sweeps]}, as_json, text)
            return
        sets = _sweep_family(family)
        sets = sets[:limit] if limit is not None else sets
        if store is not None:
            with SweepStore(store) as st:
                result = sweep(family, sets, st, cheap_first)
        else:
            result = sweep(family, sets, cheap_first=cheap_first)
        text = result.markdown()
        if rows:
            text += "\n\n" + "\n".join(f"cl({', '.join(r.games)}): {r.status}: {r.structure or r.detail}"
                                         for r in result.rows)
        emit(result.to_dict(), as_json, text)
        if result.stopped:
            raise typer.Exit(EXIT_BUDGET)

    @app.command("draw")
    @command
    def draw_cmd(
        ruleset: str = typer.Argument(..., help=f"Ruleset: {', '.join(ruleset_names())}."),
        position: str = typer.Argument(..., help="Position in the ruleset's text format."),
        output: Path = typer.Option(..., "--output", "-o",
                                    help="File to write: .svg (or .png with the optional resvg-py)."),
        as_json: bool = JSON_OPTION,
    ) -> None:
        """Draw a ruleset position as SVG."""
        check_output(output, what="drawing")
        from .play_checks import refuse_empty

        r = find_ruleset(ruleset)
        refuse_empty(r, ruleset, position)
        svg = r.svg(position)
        size = write_picture(output, lambda: svg, what="drawing")
        emit({"ruleset": r.name, "position": r.format(r.components(position)), "file": str(output),
              "bytes": size}, as_json, f"wrote {output}")
