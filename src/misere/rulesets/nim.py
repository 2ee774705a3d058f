"""Nim as a (impartial) partizan ruleset: heaps of tokens, either player removes any positive
number from one heap. Misère outcome by Bouton's rule (thesis 001 App. A; seed 002 §2; ONAG
ch. 12): if every heap has at most one token the first player wins iff the number of heaps is
even; otherwise iff the nim-sum is non-zero.

:meth:`NimRuleset.outcome` and :meth:`NimRuleset.winning_moves` answer by the rule for any heap
sizes (``Nim.outcome([10**30, 5])`` is instant): no form is built and no move list is enumerated.
The memoised search of :class:`~misere.rulesets.partizan_base.PartizanRuleset` stays available as
:meth:`NimRuleset.search_outcome` (the tests check the rule against it and against an oracle).

Text format: heap sizes ``"3 4 5"`` (``*3`` also reads as a heap of 3). Python: a list of sizes.
"""
from __future__ import annotations

from functools import reduce as _fold
from operator import xor
from typing import Any, Sequence

from misere.core.ops import nimber
from misere.core.outcome import Outcome
from misere.core.table import GameId
from misere.errors import ComputationLimitError
from misere.rulesets.partizan_base import Move, PartizanRuleset, SizedRuleset, _is_left
from misere.rulesets.partizan_draw import check_shapes, svg_document
from misere.rulesets.positions import parse_sizes, sizes_from_python

#: a heap with more options than this is not expanded move by move (search or ``moves``)
MAX_EXPANDED = 1_000_000

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

    impartial = True

    name = "nim"
    aliases = ("misere-nim",)
    rule_name = "Bouton's misère rule (001 App. A; 002 §2)"
    syntax = "heap sizes separated by spaces (a heap may be written *3)"
    example = "3 4 5"
    unit = "heap size"

    def parse(self, text: str) -> list[int]:
        if isinstance(text, str):
            text = " ".join(t[1:] if t.startswith("*") and len(t) > 1 else t for t in text.split())
        return sorted(parse_sizes(text, self, self.unit))

    def _from_python(self, position: Any) -> list[int]:
        return sorted(sizes_from_python(position, self, self.unit))

    def form(self, comp: int) -> GameId:
        return nimber(int(comp))

    def component_moves(self, comp: int, left: bool) -> list[tuple[str, list[int]]]:
        n = int(comp)
        if n > MAX_EXPANDED:
            raise ComputationLimitError(f"nim: heap {n} has {n} moves, too many to list; "
                                        f"outcome and winning_moves answer by Bouton's rule")
        return [(f"take {n - m} from heap {n}", [m] if m else []) for m in range(n)]

    def outcome(self, position: Any) -> Outcome:
        """Misère outcome by Bouton's rule, for any heap sizes (no search, no forms)."""
        return misere_nim_outcome(self.components(position))

    rule_outcome = outcome

    def search_outcome(self, position: Any) -> Outcome:
        """Outcome by the generic memoised search (small positions; the rule's cross-check)."""
        return PartizanRuleset.outcome(self, position)

    def winning_moves(self, position: Any, player: str | None = None) -> dict[str, list[Move]]:
        """Every winning move, by the misère Bouton strategy (ONAG ch. 12), for any heap sizes.

        Moving heap ``n`` to ``m`` wins iff it leaves a P-position: when some heap of at least 2
        remains, the nim-sum must become 0 (``m = n XOR s``); when none remains, an odd number
        of 1-heaps must be left (``m`` in ``{0, 1}``). So each heap has at most two candidate
        moves and the whole list costs O(number of heaps). Nim is impartial: Left and Right
        have the same moves. Same contract as
        :meth:`~misere.rulesets.partizan_base.PartizanRuleset.winning_moves`.
        """
        heaps = self.components(position)
        s = _fold(xor, heaps, 0)
        big = sum(1 for h in heaps if h >= 2)
        ones = sum(1 for h in heaps if h == 1)
        players = ["Left", "Right"] if player is None else ["Left" if _is_left(player) else "Right"]
        targets = []
        for i, n in enumerate(heaps):
            for m in sorted({s ^ n, 0, 1}):
                if m >= n:
                    continue
                big_after = big - (n >= 2) + (m >= 2)
                if big_after:
                    wins = s ^ n ^ m == 0
                else:
                    wins = (ones - (n == 1) + (m == 1)) % 2 == 1
                if wins:
                    targets.append((i, n, m))
        out = {}
        for p in players:
            out[p] = [Move(p, i, f"take {n - m} from heap {n}",
                           self.format(heaps[:i] + ([m] if m else []) + heaps[i + 1:]))
                      for i, n, m in targets]
        return out

    def rule_move(self, position: Any) -> Move | None:
        """A winning move by the rule, or ``None`` (the mover loses)."""
        wins = self.winning_moves(position, "Left")["Left"]
        return wins[0] if wins else None

    def svg(self, position: Any) -> str:
        heaps = self.components(position)
        check_shapes(self, position, sum(heaps), "counters")
        items, s = [], 16
        top = max(heaps, default=1)
        for i, n in enumerate(heaps):
            for k in range(n):
                items.append(f'<circle cx="{20 + i * 30 + s / 2}" cy="{20 + (top - k - 1) * (s + 2) + s / 2}" '
                             f'r="{s / 2}" fill="#8d6e63" stroke="#000"/>')
        return svg_document(max(40 + 30 * len(heaps), 120), 40 + top * (s + 2), items,
                            f"Nim {self.format(heaps)}")


Nim = NimRuleset()
