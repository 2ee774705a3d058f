"""``misere invertible`` and ``misere report universes`` (001 ch. 4–5, 004, 000 §5)."""
from __future__ import annotations

from typing import Any, Optional

import typer

import misere as m

from .common import JSON_OPTION, UNIVERSE_OPTION, command, emit

__all__ = ["register"]


def register(app: typer.Typer) -> None:
    """Add ``invertible`` and the ``report`` sub-app (with ``universes``) to ``app``."""

    @app.command()
    @command
    def invertible(
        game: str = typer.Argument(..., help="A game, e.g. '{0|0,*2}'."),
        universe: str = UNIVERSE_OPTION,
        as_json: bool = JSON_OPTION,
    ) -> None:
        """Is G + conj(G) = 0 modulo the universe? With a witness when not, and other inverses."""
        g = m.parse(game)
        r = m.invertibility(g, universe=universe)
        data: dict[str, Any] = {
            "game": str(g), "universe": r.universe, "invertible": r.invertible,
            "inverse": None if r.inverse is None else str(r.inverse), "method": r.method,
            "conjugate_property": r.conjugate_property,
            "non_conjugal_inverses": [str(h) for h in r.non_conjugal],
            "searched_day": r.searched_day,
        }
        lines = [f"{g} is {'' if r.invertible else 'not '}invertible modulo {r.universe}"
                 f"  ({r.method})"]
        if r.inverse is not None:
            lines.append(f"inverse: {r.inverse}")
        if r.witness is not None:
            u = m.find_universe(universe)
            s = (g + ~g).id
            o1, o2 = u.outcome_of_sum((s, r.witness.id)), u.outcome_of_sum((r.witness.id,))
            data["witness"] = {"game": str(r.witness), "outcomes": [o1.value, o2.value]}
            lines.append(f"X = {r.witness}: o(G + conj(G) + X) = {o1}, o(X) = {o2}")
        if r.sufficient_condition is not None:
            data["thm_4_2_2_condition"] = r.sufficient_condition
            lines.append("001 Thm 4.2.2 hereditary condition: "
                         + ("holds" if r.sufficient_condition else "fails"))
        if r.non_conjugal:
            lines.append("non-conjugal inverses: " + ", ".join(str(h) for h in r.non_conjugal))
        elif r.conjugate_property:
            source = getattr(m.find_universe(r.universe), "conjugate_property_source", None)
            lines.append("every inverse is equivalent to conj(G) in this universe"
                         + (f" ({source})" if source else "")
                         if r.universe != "general" else "only 0 has an inverse")
        emit(data, as_json, "\n".join(lines))

    report = typer.Typer(help="Recompute the checkable facts of the seeds.", no_args_is_help=True)

    @report.command("universes")
    @command
    def universes(
        only: Optional[str] = typer.Option(None, "--only", help="Only facts of this universe "
                                           "(dicot, dead-ending, kayles, ...; another name is refused "
                                           "with the list)."),
        as_json: bool = JSON_OPTION,
    ) -> None:
        """Seed facts about universes (001 ch. 4-5, 004): agree / disagree, with witnesses."""
        from ..universes.facts import run_facts

        rows = []
        lines = []
        counts = {"agree": 0, "disagree": 0, "computed": 0}
        for f, r in run_facts(only):
            counts[r.status] = counts.get(r.status, 0) + 1
            rows.append({"key": f.key, "universe": f.universe, "claim": f.claim,
                         "status": r.status, "computed": r.computed, "witness": r.witness,
                         "erratum": f.erratum, "note": r.note or None})
            lines.append(f"[{r.status:8}] {f.key} ({f.universe}): {f.claim}")
            lines.append(f"           computed: {r.computed}")
            if r.witness:
                lines.append(f"           witness: {r.witness}")
            if r.status == "disagree" and f.erratum:
                lines.append(f"           erratum: {f.erratum}")
            if r.note:
                lines.append(f"           note: {r.note}")
        summary = ", ".join(f"{v} {k}" for k, v in counts.items())
        lines.append(f"{len(rows)} facts: {summary}")
        emit({"facts": rows, "summary": counts}, as_json, "\n".join(lines))

    from .html_reports import register_reports

    register_reports(report)
    app.add_typer(report, name="report")
