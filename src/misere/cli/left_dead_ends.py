"""``misere factor``: divisors, atoms and factorisations of a Left dead end (Davies 2409.17871)."""
from __future__ import annotations

from typing import Any

import typer

import misere as m

from ..universes import left_dead_end as lde
from ..universes import left_dead_end_monoid as mon
from .common import JSON_OPTION, command, emit

__all__ = ["register"]


def register(app: typer.Typer) -> None:
    """Add ``factor`` to ``app``."""

    @app.command()
    @command
    def factor(
        game: str = typer.Argument(..., help="A Left dead end, e.g. '{|0,-1}' or '-2 + {|0,-1}'."),
        as_json: bool = JSON_OPTION,
    ) -> None:
        """Value, invariants and every factorisation into atoms of a Left dead end (modulo E)."""
        g = m.parse(game)
        m.find_universe("left-dead-end").check_member(g.id, lambda x: str(m.Game._of(x)))
        v = lde.reduce(g.id)
        name = lambda x: str(m.Game._of(x))  # noqa: E731
        divs = sorted(mon.divisors(v), key=lambda x: (m.Game._of(x).birthday, name(x)))
        facts = mon.factorisations(v)
        data: dict[str, Any] = {
            "game": str(g), "value": name(v), "birthday": m.Game._of(v).birthday,
            "race": lde.race(v), "flexibility": lde.flexibility(v), "atom": mon.is_atom(v),
            "divisors": [name(d) for d in divs],
            "factorisations": [[name(a) for a in f] for f in facts],
        }
        lines = [f"value: {data['value']}  (birthday {data['birthday']}, race {data['race']}, "
                 f"flexibility {data['flexibility']})",
                 f"divisors ({len(divs)}): " + ", ".join(data["divisors"])]
        lines += ["factorisation: " + (" + ".join(f) or "0") for f in data["factorisations"]]
        if data["atom"]:
            lines.append("an atom")
        emit(data, as_json, "\n".join(lines))
