"""Nim as a (impartial) partizan ruleset: heaps of tokens, either player removes any positive
number from one heap. Misère outcome by Bouton's rule (thesis 001 App. A; seed 002 §2): if every
heap has at most one token the first player wins iff the number of heaps is even; otherwise
iff the nim-sum is non-zero.

Text format: heap sizes ``"3 4 5"``. Python: a list of sizes.
"""
from __future__ import annotations

from functools import reduce as _fold
from operator import xor
from typing import Any, Sequence

from misere.core.ops import nimber
from misere.core.outcome import Outcome
from misere.core.table import GameId
from misere.rulesets.partizan_base import Move, SizedRuleset
from misere.rulesets.partizan_draw import svg_document

__all__ = ["NimRuleset", "Nim", "misere_nim_outcome"]


def misere_nim_outcome(heaps: Sequence[int]) -> Outcome:
    """Bouton's misère rule.

    >>> [misere_nim_outcome(h).value for h in ([], [1], [1, 1], [2, 2], [1, 2, 3])]
    ['N', 'P', 'N', 'P', 'P']
    """
    if all(h <= 1 for h in heaps):
        first_wins = sum(heaps) % 2 == 0
    else:
        first_wins = _fold(xor, heaps, 0) != 0
    return Outcome.N if first_wins else Outcome.P


class NimRuleset(SizedRuleset):
    """Nim (misère play).

    Examples
    --------
    >>> Nim.outcome([1, 2, 3]).value, str(Nim.position([2]))
    ('P', '*2')
    """

    name = "nim"
    aliases = ("misere-nim",)
    rule_name = "Bouton's misère rule (001 App. A; 002 §2)"
    syntax = "heap sizes '3 4 5'"
    unit = "heap size"

    def parse(self, text: str) -> list[int]:
        return sorted(super().parse(text.replace("*", " ")))

    def _from_python(self, position: Any) -> list[int]:
        return sorted(super()._from_python(position))

    def form(self, comp: int) -> GameId:
        return nimber(int(comp))

    def component_moves(self, comp: int, left: bool) -> list[tuple[str, list[int]]]:
        n = int(comp)
        return [(f"take {n - m} from heap {n}", [m] if m else []) for m in range(n)]

    def rule_outcome(self, position: Any) -> Outcome:
        """Outcome by Bouton's misère rule (no search)."""
        return misere_nim_outcome(self.components(position))

    def rule_move(self, position: Any) -> Move | None:
        """A winning move by the rule, or ``None`` (the mover loses)."""
        heaps = self.components(position)
        for i, n in enumerate(heaps):
            for m in range(n):
                after = heaps[:i] + ([m] if m else []) + heaps[i + 1:]
                if misere_nim_outcome(after) == Outcome.P:
                    return Move("Left", i, f"take {n - m} from heap {n}", self.format(sorted(after)))
        return None

    def svg(self, position: Any) -> str:
        heaps = self.components(position)
        items, s = [], 16
        top = max(heaps, default=1)
        for i, n in enumerate(heaps):
            for k in range(n):
                items.append(f'<circle cx="{20 + i * 30 + s / 2}" cy="{20 + (top - k - 1) * (s + 2) + s / 2}" '
                             f'r="{s / 2}" fill="#8d6e63" stroke="#000"/>')
        return svg_document(max(40 + 30 * len(heaps), 120), 40 + top * (s + 2), items,
                            f"Nim {self.format(heaps)}")


Nim = NimRuleset()
