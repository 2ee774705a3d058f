"""``misere sprouts-endgames``: the misère quotient of the Sprouts lands with at most K lives,
and the element of each land (Plambeck 002 §10.5)."""
from __future__ import annotations

from typing import Any, Optional

import typer

from .common import JSON_OPTION, command, emit

__all__ = ["register"]


def _data(t: Any, seconds: float | None) -> dict[str, Any]:
    from misere.rulesets.sprouts import format_land
    from misere.rulesets.sprouts_canon import lives

    per: dict[int, int] = {}
    for x in t.lands:
        per[lives(x)] = per.get(lives(x), 0) + 1
    cert = getattr(t.quotient, "certificate", None)
    return {"lives": t.k, "starts": t.starts, "lands": len(t.lands), "lands_per_lives": per,
            "order": t.order, "p_count": t.p_count, "presentation": t.presentation, "P": t.P,
            "certificate": None if cert is None else {"heaps": t.quotient.game.max_heap, "sums_up_to": cert.bound,
                                                      "positions": cert.positions, "agreed": cert.agreed},
            "table": [{"land": format_land(x), "lives": lives(x), "element": t.words[t.element[x]],
                       "alone": "P" if t.is_p[t.element[x]] else "N"} for x in t.lands],
            "seconds": seconds}


def _text(d: dict[str, Any]) -> str:
    per = ", ".join(f"{n} with {L} lives" for L, n in d["lands_per_lives"].items())
    lines = [f"Sprouts lands with at most {d['lives']} lives from the 1- to {d['starts']}-spot starts: "
             f"{d['lands']} ({per})",
             f"misère quotient of their sums: order {d['order']}, |P| = {d['p_count']}, {d['presentation']}",
             f"P = {{{', '.join(d['P'])}}}"]
    c = d["certificate"]
    if c is not None:
        lines.append(f"quotient engine's check on sums of up to {c['sums_up_to']} of its {c['heaps']} heaps (one per "
                     f"misère canonical form of the lands): {c['positions']} positions, "
                     + ("agreed" if c["agreed"] else "DISAGREED"))
    b = d.get("brute_force")
    if b is not None:
        lines.append(f"searched directly: every sum of 1 to {b['sums_of_up_to']} of the {b['lands']} lands, "
                     f"{b['sums']} sums ({b['p_positions']} P), "
                     + (f"{len(b['disagreements'])} DISAGREE: {b['disagreements'][:3]}" if b["disagreements"]
                        else "all agree with the table"))
    lines.append("a sum of lands is a P-position iff the product of their elements is in P")
    width = max(len(r["land"]) for r in d["table"]) if d["table"] else 4
    lines.append(f"{'land':<{width}}  lives  element  alone")
    lines += [f"{r['land']:<{width}}  {r['lives']:>5}  {r['element']:<7}  {r['alone']}" for r in d["table"]]
    return "\n".join(lines)


def register(app: typer.Typer) -> None:
    """Add ``sprouts-endgames`` to ``app``."""

    @app.command("sprouts-endgames")
    @command
    def sprouts_endgames(
        k: int = typer.Option(..., "--lives", min=2, max=6, help="Lands with at most this many lives."),
        starts: Optional[int] = typer.Option(None, "--starts", min=1, max=6,
                                             help="Lands reached from the 1- to N-spot starts (default: the lives)."),
        store: Optional[str] = typer.Option(None, "--store", metavar="FILE",
                                            help="SQLite table: read when it holds these lives and starts, "
                                                 "else computed and written there."),
        certify: Optional[int] = typer.Option(None, "--certify", min=0,
                                              help="Brute-force check on sums of up to this many lands "
                                                   "(0: none; default: the quotient engine's)."),
        brute: int = typer.Option(0, "--brute", min=0, max=6, metavar="M",
                                  help="Also search every sum of 1 to M lands directly and compare "
                                       "with the table."),
        max_order: Optional[int] = typer.Option(None, "--max-order", min=1,
                                                help="Largest reduced candidate of the quotient engine "
                                                     "(default 8000), as for misere quotient."),
        as_json: bool = JSON_OPTION,
    ) -> None:
        """The misère quotient of the sums of Sprouts lands with at most K lives (Plambeck
        002 §10.5): order, P-portion, presentation, and each land's element."""
        import time

        from misere.errors import CheckpointError
        from misere.rulesets.sprouts_endgames import brute_force, endgame_table, load_table, save_table

        n = k if starts is None else starts
        t = None
        if store is not None:
            try:
                t = load_table(store)
            except CheckpointError:
                t = None
            if t is not None and (t.k, t.starts) != (k, n):
                t = None
        seconds = None
        if t is None:
            t0 = time.monotonic()
            limits = None
            if max_order is not None:
                from misere.quotients import Limits

                limits = Limits(max_order=max_order)
            t = endgame_table(k, n, certify=certify, limits=limits)
            seconds = round(time.monotonic() - t0, 1)
            if store is not None:
                save_table(t, store)
        d = _data(t, seconds)
        if brute:
            d["brute_force"] = brute_force(t, brute)
        emit(d, as_json, _text(d))
