"""``misere play``: outcome and a winning move of a sum of heaps, from the misère quotient."""
from __future__ import annotations

from typing import List, Optional

import typer

from misere.errors import RulesetError

from .common import JSON_OPTION, command, emit

__all__ = ["register"]


def register(app: typer.Typer) -> None:
    """Add the ``play`` command to the ``misere`` app."""

    @app.command()
    @command
    def play(
        code: str = typer.Argument(..., help="Octal code or pascal-beans[:ROWS]."),
        heaps: List[str] = typer.Argument(..., help="Heap sizes (cell numbers for boards), or a "
                                          "position of a partizan ruleset (see misere.cli.partizan)."),
        max_heap: Optional[int] = typer.Option(None, "--max-heap", help="Partial quotient bound."),
        as_json: bool = JSON_OPTION,
    ) -> None:
        """Misère outcome of a position and a winning move (via the quotient)."""
        from .partizan import play_ruleset  # partizan ruleset names (issue 5)
        if play_ruleset(code, heaps, as_json):
            return
        bad = [h for h in heaps if not h.isdigit()]
        if bad:
            raise RulesetError(f"heap sizes must be non-negative integers, got {bad[0]!r}")
        sizes = [int(h) for h in heaps]
        import misere.quotients as mq

        from .quotient import resolve_game

        # the partial quotient of the heaps present decides the position and its moves
        bound = max_heap if max_heap is not None else max([1, *sizes])
        q = mq.quotient(resolve_game(code), max_heap=bound, certify=0)
        out = q.outcome(sizes)
        mv = q.winning_move(sizes)
        d = {"game": q.game.name, "heaps": sizes, "outcome": out,
             "value": q.pres.word(q.element(sizes)),
             "move": None if mv is None else {"heap": mv.heap, "to": list(mv.to),
                                              "position": list(mv.position)}}
        text = f"{out}  (value {d['value']})"
        if mv is not None:
            text += f"; winning move: {mv.heap} -> {' + '.join(map(str, mv.to)) or 'nothing'}" \
                    f"  leaving {' + '.join(map(str, mv.position)) or 'nothing'}"
        emit(d, as_json, text)
