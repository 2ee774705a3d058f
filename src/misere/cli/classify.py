"""``misere classify``: every misère quotient of one order, with presentations and witnesses."""
from __future__ import annotations

from typing import Any

import typer

from .common import JSON_OPTION, command, emit

__all__ = ["register"]


def _text(data: dict[str, Any]) -> str:
    """Human-readable listing of a classification."""
    state = "exact" if data["exact"] else "not settled"
    stored = "source" in data["stats"]
    what = "labelled candidates (P-portions) satisfy" if stored else "bipartite monoid(s) satisfy"
    lines = [f"order {data['order']}: {data['count']} misère quotient(s) ({state}); "
             f"{data['candidates']} {what} C1-C8, {data['refuted']} refuted, "
             f"{data['undecided']} undecided ({data['seconds']} s)"
             + (f"; read from the {data['stats']['source']}" if stored else "")]
    if data["order"] > 1 and data["order"] % 2:
        lines.append("(no misère quotient has odd order > 1: condition C5)")
    for i, c in enumerate(data["classes"], start=1):
        q = c["questions_10_3"]
        lines.append(f"{i}. {c['presentation']}  P = {{{', '.join(c['P'])}}}  |P| = {c['p_count']}")
        lines.append(f"   witness cl(G1..G{len(c['witness'])}): {'; '.join(c['witness'])}"
                     + ("" if c["verified"] is None else
                        ("  [engine + brute force agree]" if c["verified"] else "  [NOT VERIFIED]")))
        if c["forms"]:
            lines.append(f"   as forms: cl({', '.join(c['forms'])})")
        lines.append(f"   §10.3: x^(k+2)=x^k {'yes' if q['x_k2_eq_xk'] else 'NO ' + str(q['bad_elements'])}; "
                     f"maximal subgroups (Z2)^m {'yes' if q['subgroups_elementary_2'] else 'NO'} "
                     f"(sizes {q['subgroup_sizes']})")
    return "\n".join(lines)


def register(app: typer.Typer) -> None:
    """Add ``classify`` to ``app``."""

    @app.command()
    @command
    def classify(
        order: int = typer.Option(..., "--order", min=1, max=64, help="Order |Q| of the quotients."),
        verify: bool = typer.Option(True, "--verify/--no-verify",
                                    help="Check each witness with the quotient engine."),
        max_nodes: int = typer.Option(200_000, "--max-nodes", min=1,
                                      help="Node limit of each realisability search."),
        recompute: bool = typer.Option(False, "--recompute",
                                       help="Enumerate an order past 14 instead of reading the "
                                            "stored class list (order 16: about 20 minutes)."),
        as_json: bool = JSON_OPTION,
    ) -> None:
        """All misère quotients of one order up to isomorphism (seed 002 §10.2), each with a
        witness: exhaustive enumeration under proved conditions C1-C8, an exact realisability
        search, and the quotient engine's check of the witness. Orders past 14 are read from
        the stored class list (written from the same enumeration, run in parts)."""
        from misere.quotients.classify import classify as run

        data = run(order, verify=verify, max_nodes=max_nodes, recompute=recompute).as_dict()
        emit(data, as_json, _text(data))
