"""``misere report quotient|values|census --html FILE``: results as one self-contained HTML page
(inline SVG, sortable tables, no network) to hand to a colleague."""
from __future__ import annotations

from pathlib import Path
from typing import Callable, Optional

import typer

import misere as m

from ..errors import RulesetError
from ..viz.output import check_writable
from .common import JSON_OPTION, UNIVERSE_OPTION, command, emit

__all__ = ["register_reports"]

HTML_OPTION = typer.Option(..., "--html", help="The .html file to write.")


def _check(path: Path) -> None:
    """Refuse, before any work, a report file that is not ``.html`` or cannot be written."""
    if path.suffix.lower() not in (".html", ".htm"):
        raise RulesetError(f"an HTML report needs a .html file name, got {str(path)!r}")
    check_writable(path)


def _write(path: Path, page: Callable[[], str], as_json: bool, what: str) -> None:
    """Check ``path``, then make the page and write it."""
    _check(path)
    page_text = page()
    path.write_text(page_text, encoding="utf-8")
    emit({"report": what, "file": str(path), "bytes": len(page_text.encode())}, as_json, f"wrote {path}")


def values_page(day: int, universe: str) -> str:
    """The values born by ``day`` modulo ``universe``: card, sortable table, Hasse diagram."""
    from ..viz.hasse import hasse_svg
    from ..viz.report import html_page, sortable_table

    u = m.find_universe(universe)
    games = m.born_by(day, universe=universe)
    outcomes = [u.outcome_of_sum([g.id]).value for g in games]
    rows = [(str(g), o, g.birthday) for g, o in zip(games, outcomes)]
    sections = [("", u._repr_html_()), (f"{len(games)} values born by day {day}",
                                        sortable_table(["value", "outcome", "birthday"], rows))]
    if len(games) <= 300:
        ids = [g.id for g in games]
        sections.append(("Order (Hasse diagram)", hasse_svg([str(g) for g in games],
                                                            lambda i, j: u.ge(ids[i], ids[j]), outcomes=outcomes)))
    return html_page(f"Values born by day {day} modulo {u.name}", sections)


def register_reports(report: typer.Typer) -> None:
    """Add the HTML reports to the ``report`` sub-app."""

    @report.command("quotient")
    @command
    def quotient_report(
        code: str = typer.Argument(..., help="A take-and-break code, e.g. 0.123."),
        max_heap: Optional[int] = typer.Option(None, "--max-heap", min=0, help="Last heap (default: until solved)."),
        html: Path = HTML_OPTION,
        as_json: bool = JSON_OPTION,
    ) -> None:
        """A misère quotient as one HTML page: presentation, P-portion, Cayley graph, Φ, certificate."""
        _write(html, lambda: m.quotient(code, max_heap=max_heap).to_html(), as_json, "quotient")

    @report.command("values")
    @command
    def values_report(
        day: int = typer.Option(..., "--day", "-d", min=0, help="Birthday bound n."),
        universe: str = UNIVERSE_OPTION,
        html: Path = HTML_OPTION,
        as_json: bool = JSON_OPTION,
    ) -> None:
        """The values born by day n modulo a universe as one HTML page, with their order."""
        _write(html, lambda: values_page(day, universe), as_json, "values")

    @report.command("census")
    @command
    def census_report(
        store: str = typer.Option(..., "--store", help="A census store (misere census ... --store)."),
        html: Path = HTML_OPTION,
        as_json: bool = JSON_OPTION,
    ) -> None:
        """The findings of a census store as one HTML page with sortable tables."""
        from ..quotients.census import Store
        from ..quotients.census.findings import findings, report_html

        _check(html)
        if not Path(store).exists():
            raise RulesetError(f"no census store at {store!r}")
        with Store(store, create=False) as st:
            f = findings(st.records(), st.runs())
        _write(html, lambda: report_html(f), as_json, "census")
