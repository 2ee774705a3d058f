"""Penny Nim as a registered partizan ruleset: a thin adapter over
:mod:`misere.rulesets.penny_nim` (forms, notation and the outcome rule of 001 Thm 3.5.6 live
there), adding moves, winning moves and a picture for ``misere play`` and ``misere draw``.
"""
from __future__ import annotations

from typing import Any

from misere.core.outcome import Outcome
from misere.core.table import GameId
from misere.errors import RulesetError
from misere.rulesets import penny_nim
from misere.rulesets.partizan_base import PartizanRuleset
from misere.rulesets.partizan_draw import COLOURS, svg_document

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
    syntax = "stacks 'L3 + R2 + S3 + S1'"

    def parse(self, text: str) -> list[penny_nim.Stack]:
        return [s for s in penny_nim.parse(text) if s.size]

    def _from_python(self, position: Any) -> list[penny_nim.Stack]:
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
                out.append(penny_nim.Stack(str(kind).upper(), int(size)))
        return [s for s in out if s.size]

    def form(self, comp: penny_nim.Stack) -> GameId:
        return penny_nim.stack_game(comp)

    def component_moves(self, comp: penny_nim.Stack, left: bool) -> list[tuple[str, list[penny_nim.Stack]]]:
        mine = "L" if left else "R"
        if comp.kind not in (mine, "S"):
            return []
        turned = _FLIP[mine]
        return [(f"take {comp.size - m} from {comp}",
                 [penny_nim.Stack(turned, m)] if m else []) for m in range(comp.size)]

    def format_component(self, comp: penny_nim.Stack) -> str:
        return str(comp)

    def rule_outcome(self, position: Any) -> Outcome:
        """Outcome by 001 Thm 3.5.6 (no search)."""
        return penny_nim.outcome(self.components(position))

    def svg(self, position: Any) -> str:
        stacks = self.components(position)
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
