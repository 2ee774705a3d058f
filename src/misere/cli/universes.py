"""``misere invertible`` and ``misere report universes`` (001 ch. 4–5, 004, 000 §5)."""
from __future__ import annotations

from typing import Any, Optional

import typer

import misere as m

from .common import JSON_OPTION, UNIVERSE_OPTION, command, emit

__all__ = ["register"]


def _invertible_report(game: str, universe: str, invertible: bool, inverse: object, method: str,
                       conjugate_property: bool, non_conjugal: Any, searched_day: Optional[int],
                       witness: Optional[tuple[str, str, str]],
                       sufficient: Optional[bool] = None) -> tuple[dict[str, Any], list[str]]:
    """JSON data and text lines of ``misere invertible`` (``witness``: X and its outcome pair
    ``o(G + conj(G) + X)``, ``o(X)``), whether the theory or the search answered."""
    data: dict[str, Any] = {
        "game": game, "universe": universe, "invertible": invertible,
        "inverse": None if inverse is None else str(inverse), "method": method,
        "conjugate_property": conjugate_property,
        "non_conjugal_inverses": [str(h) for h in non_conjugal], "searched_day": searched_day,
    }
    lines = [f"{game} is {'' if invertible else 'not '}invertible modulo {universe}  ({method})"]
    if inverse is not None:
        lines.append(f"inverse: {inverse}")
    if witness is not None:
        x, o1, o2 = witness
        data["witness"] = {"game": x, "outcomes": [o1, o2]}
        lines.append(f"X = {x}: o(G + conj(G) + X) = {o1}, o(X) = {o2}")
    if sufficient is not None:
        data["thm_4_2_2_condition"] = sufficient
        lines.append("001 Thm 4.2.2 hereditary condition: " + ("holds" if sufficient else "fails"))
    if non_conjugal:
        lines.append("non-conjugal inverses: " + ", ".join(str(h) for h in non_conjugal))
    elif conjugate_property:
        source = getattr(m.find_universe(universe), "conjugate_property_source", None)
        lines.append("every inverse is equivalent to conj(G) in this universe"
                     + (f" ({source})" if source else "")
                     if universe != "general" else "only 0 has an inverse")
    return data, lines


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
        from ..universes import symbols

        name = m.find_universe(universe).name
        s = symbols.parse_symbol(game)
        t = None if s is None else symbols.invertibility(s, name)  # theory first
        if t is not None and (t.invertible or t.witness is not None or s.birthday > symbols.WITNESS_SEARCH_UP_TO):
            witness = None if t.witness is None or t.outcomes is None else \
                (t.witness, t.outcomes[0].value, t.outcomes[1].value)
            data, lines = _invertible_report(str(s), name, t.invertible, t.inverse, t.method,
                                             t.conjugate_property, (), None, witness)
            emit(data, as_json, "\n".join(lines))
            return
        g = m.parse(game)
        r = m.invertibility(g, universe=universe)
        witness = None
        if r.witness is not None:
            u = m.find_universe(universe)
            s_id = (g + ~g).id
            o1, o2 = u.outcome_of_sum((s_id, r.witness.id)), u.outcome_of_sum((r.witness.id,))
            witness = (str(r.witness), o1.value, o2.value)
        data, lines = _invertible_report(str(g), r.universe, r.invertible, r.inverse, r.method,
                                         r.conjugate_property, r.non_conjugal, r.searched_day, witness,
                                         r.sufficient_condition)
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
