"""``misere factor``: divisors, atoms and factorisations of a Left dead end (Davies 2409.17871)."""
from __future__ import annotations

from typing import Any

import typer

import misere as m

from .. import budget
from ..universes import left_dead_end as lde
from ..universes import left_dead_end_monoid as mon
from ..universes import symbols
from .common import JSON_OPTION, command, emit

__all__ = ["register"]


def _search(game: str) -> dict[str, Any]:
    """Value, invariants, divisors and factorisations of a Left dead end by the search of
    :mod:`misere.universes.left_dead_end_monoid`."""
    g = m.parse(game)
    m.find_universe("left-dead-end").check_member(g.id, lambda x: str(m.Game._of(x)))
    v = lde.reduce(g.id)
    name = lambda x: str(m.Game._of(x))  # noqa: E731
    with budget.Progress("factor") as progress:
        divs = sorted(mon.divisors(v, progress), key=lambda x: (m.Game._of(x).birthday, name(x)))
        facts = mon.factorisations(v, progress)
    return {"game": str(g), "value": name(v), "birthday": m.Game._of(v).birthday,
            "race": lde.race(v), "flexibility": lde.flexibility(v), "atom": mon.is_atom(v),
            "divisors": [name(d) for d in divs], "factorisations": [[name(a) for a in f] for f in facts]}


def register(app: typer.Typer) -> None:
    """Add ``factor`` to ``app``."""

    @app.command()
    @command
    def factor(
        game: str = typer.Argument(..., help="A Left dead end, e.g. '{|0,-1}' or '-2 + {|0,-1}'."),
        as_json: bool = JSON_OPTION,
    ) -> None:
        """Value, invariants and every factorisation into atoms of a Left dead end (modulo E)."""
        s = symbols.parse_symbol(game)
        theory = None if s is None else symbols.left_dead_end_factor(s)  # -n: instant
        data: dict[str, Any] = {"game": str(s), **theory} if theory is not None else _search(game)
        divs = data["divisors"]
        lines = [f"value: {data['value']}  (birthday {data['birthday']}, race {data['race']}, "
                 f"flexibility {data['flexibility']})",
                 f"divisors ({len(divs)}): " + ", ".join(data["divisors"])]
        lines += ["factorisation: " + (" + ".join(f) or "0") for f in data["factorisations"]]
        if data["atom"]:
            lines.append("an atom")
        emit(data, as_json, "\n".join(lines))
