"""``misere census``: misère quotients of many take-and-break codes, and the findings report."""
from __future__ import annotations

from typing import Any, Optional

import typer

from misere.errors import EXIT_BUDGET, RulesetError

from .common import JSON_OPTION, QUIET_OPTION, command, emit

__all__ = ["register"]


def _public(rec: dict[str, Any]) -> dict[str, Any]:
    """A record without its binary table and certificate (``misere check CODE --store`` proves
    the certificate)."""
    return {k: v for k, v in rec.items() if k not in ("table", "is_p", "identity", "proof")}


def _report(store: str, as_json: bool, markdown: bool = False) -> None:
    from pathlib import Path

    from misere.quotients.census import Store
    from misere.quotients.census.findings import findings, report_text

    if not Path(store).exists():
        raise RulesetError(f"no census store at {store!r}")
    with Store(store, create=False) as st:
        f = findings(st.records(), st.runs())
    if markdown:
        from misere.quotients.census.findings import fig18_markdown, markdown_table

        table = markdown_table(f) + "\n\n" + fig18_markdown(f)
        emit({"store": store, "markdown": table}, as_json, table)
        return
    emit(f, as_json, report_text(f))


def register(app: typer.Typer) -> None:
    """Add the ``census`` command to the ``misere`` app."""

    @app.command()
    @command
    def census(
        codes: Optional[str] = typer.Argument(
            None, help="Codes: '0.07 0.123', a digit box '0.01-0.77', or octal1, octal2, octal3, "
                       "quaternary, hex2, wild4."),
        max_heap: int = typer.Option(40, "--max-heap", min=1, help="Last heap of each code."),
        store: str = typer.Option("census.sqlite", "--store", help="SQLite store (resumed)."),
        workers: int = typer.Option(1, "--workers", min=1, max=4096,
                                     help="1: in-process; more: Ray tasks in flight."),
        address: Optional[str] = typer.Option(None, "--address", help="Join this Ray cluster."),
        per_code_timeout: Optional[float] = typer.Option(
            None, "--per-code-timeout", min=0.001, metavar="SECONDS", help="Time budget per code."),
        certify: int = typer.Option(16, "--certify", min=0,
                                    help="Brute-force bound per code, in tokens (0 = skip)."),
        work: Optional[str] = typer.Option(
            None, "--work", metavar="BOUNDS",
            help="Per-code work budget, e.g. 'max_order=300,max_candidate=5000' (bounds: "
                 "max_order, max_candidate, max_wide_candidate, max_words, max_rounds; "
                 "period_heaps, default 40: heaps past --max-heap a code is carried on to "
                 "when its period is in sight there, 0 = none)."),
        part: Optional[str] = typer.Option(
            None, "--slice", metavar="I/K",
            help="Only codes I, I+K, I+2K, ... (K processes may share one --store)."),
        report: bool = typer.Option(False, "--report", help="Print the findings tables of --store."),
        markdown: bool = typer.Option(False, "--markdown",
                                      help="With --report: only the README's findings table."),
        same_game: bool = typer.Option(
            True, "--same-game/--no-same-game",
            help="Compute one code of each group of codes that are the same game (canonical "
                 "forms of the heaps) and give the others its record."),
        quiet: bool = QUIET_OPTION,
        as_json: bool = JSON_OPTION,
    ) -> None:
        """Quotients of many codes into a store (resumable); --report prints the findings.

        The work budget (--work) decides what each record holds, the same on any machine and
        for any --workers. Codes stopped by a time or memory budget (--per-code-timeout, a
        safety net; --timeout, --max-memory) are stored as stopped, not as results, and
        computed again by the next run; the exit status is then 3.
        """
        if report:
            _report(store, as_json, markdown)
            return
        if codes is None:
            raise RulesetError("give CODES (e.g. octal2 or '0.01-0.77') or --report")
        from misere.quotients.census import census as run, parse_codes
        from misere.quotients.census.findings import code_lines

        from misere.quotients.census.run import summary

        from misere.quotients.census.codes import slice_codes
        from misere.quotients.census.work import Work

        try:
            budget_ = Work.parse(work or "")
        except ValueError as e:
            raise RulesetError(str(e)) from None
        cs = parse_codes(codes)
        if part is not None:
            cs = slice_codes(cs, part)
        recs = run(cs, max_heap=max_heap, store=store, workers=workers, work=budget_,
                   per_code_timeout=per_code_timeout, address=address, certify=certify,
                   same_game=same_game)
        facts = summary(recs)
        run_info = getattr(recs, "info", {})
        data = {"store": store, "codes": len(cs), "skipped": [list(s) for s in cs.skipped],
                "summary": facts, "run": run_info, "records": [_public(r) for r in recs]}
        stopped = (f"; {facts['stopped']} stopped by their budget (the next run computes them "
                   f"again)" if facts["stopped"] else "")
        how = [f"run {run_info['runner']}"] if "runner" in run_info else []
        how += [f"Ray start-up {run_info['startup']:.1f} s (apart from the codes' work)"] if "startup" in run_info else []
        twins = (f", {facts['same_game']} by the record of the same game"
                 if facts.get("same_game") else "")
        text = "\n".join(code_lines(recs) + how + [f"{len(recs)} codes ({len(cs.skipped)} skipped), "
                                                     f"{facts['solved']} solved{stopped}{twins}, "
                                                     f"in {store}"])
        emit(data, as_json, text)
        if facts["stopped"]:
            raise typer.Exit(EXIT_BUDGET)
