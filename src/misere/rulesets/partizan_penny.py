"""Penny Nim as a registered partizan ruleset: a thin adapter over
:mod:`misere.rulesets.penny_nim` (forms, notation and the outcome rule of 001 Thm 3.5.6 live
there), adding moves, winning moves and a picture for ``misere play`` and ``misere draw``.
"""
from __future__ import annotations

from typing import Any, Iterable

from misere.core.outcome import Outcome
from misere.core.table import GameId
from misere.errors import ComputationLimitError, RulesetError
from misere.rulesets import penny_nim
from misere.rulesets.partizan_base import Move, PartizanRuleset, _is_left
from misere.rulesets.positions import python_size

#: stacks up to this size list every winning move (larger: one per class, see winning_moves)
LIST_ALL = 60
#: a stack larger than this is not expanded move by move (search, ``moves``)
MAX_EXPANDED = 1_000_000
from misere.rulesets.partizan_draw import COLOURS, check_shapes, svg_document

__all__ = ["PennyNimRuleset", "PennyNim"]

_FLIP = {"L": "R", "R": "L"}


class PennyNimRuleset(PartizanRuleset[penny_nim.Stack]):
    """Penny Nim: ``"L3 + R2 + S3 + S1"`` (tails-up, heads-up, sideways stacks).

    Examples
    --------
    >>> PennyNim.outcome("L3 + R2 + S3 + S1").value, PennyNim.rule_outcome("S1 + S1 + L1").value
    ('N', 'P')
    """

    name = "penny-nim"
    aliases = ("pennynim", "penny")
    rule_name = "001 Thm 3.5.6 (invariants k, d, a, b)"
    syntax = "stacks Ln (tails-up: Left's), Rn (heads-up: Right's), Sn (sideways) joined by '+'"
    example = "L3 + R2 + S1"

    def parse(self, text: str) -> list[penny_nim.Stack]:
        return [s for s in penny_nim.parse(text) if s.size]

    def _from_python(self, position: Any) -> list[penny_nim.Stack]:
        if isinstance(position, bytes) or not isinstance(position, Iterable):
            raise RulesetError(f"a penny-nim position is a list of stacks ('L'|'R'|'S', size), got {position!r}")
        out = []
        for item in position:
            if isinstance(item, penny_nim.Stack):
                out.append(item)
            elif isinstance(item, str):
                out += penny_nim.parse(item)
            else:
                try:
                    kind, size = item
                except (TypeError, ValueError):
                    raise RulesetError(f"a Penny Nim stack is ('L'|'R'|'S', size), got {item!r}") from None
                out.append(penny_nim.Stack(str(kind).upper(), python_size(size, self, "stack size", position)))
        return [s for s in out if s.size]

    def form(self, comp: penny_nim.Stack) -> GameId:
        return penny_nim.stack_game(comp)

    def format_component(self, comp: penny_nim.Stack) -> str:
        return str(comp)

    def outcome(self, position: Any) -> Outcome:
        """Misère outcome by 001 Thm 3.5.6, for any stack sizes (no search)."""
        return penny_nim.outcome(self.components(position))

    rule_outcome = outcome

    def search_outcome(self, position: Any) -> Outcome:
        """Outcome by the generic memoised search (small positions; the rule's cross-check)."""
        return PartizanRuleset.outcome(self, position)

    def component_moves(self, comp: penny_nim.Stack, left: bool) -> list[tuple[str, list[penny_nim.Stack]]]:
        if comp.size > MAX_EXPANDED:
            raise ComputationLimitError(f"penny-nim: {comp} has {comp.size} moves, too many to list; "
                                        f"outcome and winning_moves answer by 001 Thm 3.5.6")
        return self._moves_upto(comp, left, comp.size)

    def _moves_upto(self, comp: penny_nim.Stack, left: bool, upto: int) -> list[tuple[str, list[penny_nim.Stack]]]:
        mine = "L" if left else "R"
        if comp.kind not in (mine, "S"):
            return []
        turned = _FLIP[mine]
        return [(f"take {comp.size - m} from {comp}",
                 [penny_nim.Stack(turned, m)] if m else []) for m in range(min(comp.size, upto))]

    def winning_moves(self, position: Any, player: str | None = None) -> dict[str, list[Move]]:
        """Winning moves by 001 Thm 3.5.6, for any stack sizes.

        The invariants ``(k, d, a, b)`` see a stack only as empty, one coin or more, so leaving
        ``m >= 2`` coins wins alike for every such ``m``: stacks of at most :data:`LIST_ALL`
        coins list every winning move (as the generic search does), larger ones the winning
        moves leaving 0, 1 or 2 coins, the last labelled for all ``m >= 2``.
        """
        stacks = self.components(position)
        players = ["Left", "Right"] if player is None else ["Left" if _is_left(player) else "Right"]
        out: dict[str, list[Move]] = {}
        for p in players:
            left = p == "Left"
            wins = []
            for i, st in enumerate(stacks):
                for label, res in self._moves_upto(st, left, st.size if st.size <= LIST_ALL else 3):
                    after = stacks[:i] + res + stacks[i + 1:]
                    o = penny_nim.outcome(after)
                    if o.right_first if left else o.left_first:
                        continue
                    if st.size > LIST_ALL and res and res[0].size == 2:
                        label += " (as does leaving any m >= 2 coins)"
                    wins.append(Move(p, i, label, self.format(after)))
            out[p] = wins
        return out

    def svg(self, position: Any) -> str:
        stacks = self.components(position)
        check_shapes(self, position, sum(st.size for st in stacks), "coins")
        items, s = [], 16
        top = max((st.size for st in stacks), default=1)
        fill = {"L": COLOURS["B"], "R": COLOURS["R"], "S": "#9e9e9e"}
        for i, st in enumerate(stacks):
            for k in range(st.size):
                items.append(f'<rect x="{20 + i * 34}" y="{20 + (top - k - 1) * (s + 2)}" width="26" '
                             f'height="{s}" rx="6" fill="{fill[st.kind]}" stroke="#000"/>')
        return svg_document(max(40 + 34 * len(stacks), 120), 40 + top * (s + 2), items,
                            f"Penny Nim {self.format(stacks)}")


PennyNim = PennyNimRuleset()
