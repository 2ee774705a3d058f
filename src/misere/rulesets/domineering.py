"""Domineering on arbitrary boards (thesis 001 App. A, §5.1): Left places vertical dominoes,
Right horizontal ones, on two free adjacent squares. A placement game, hence dead-ending.

The free squares split into 4-connected regions that are played independently; each region is a
component, stored as a frozenset of ``(row, column)`` cells translated to start at ``(0, 0)``.

Text format: rows of ``.`` (free) and ``#`` (removed or occupied) separated by ``/`` or new
lines, e.g. ``"..#/..."``; or a rectangle ``"3x4"`` (rows x columns); several boards joined by
``+``. Python: a list of row strings, or ``(rows, columns)``.
"""
from __future__ import annotations

from typing import Any, Iterable

from misere.core.outcome import Outcome
from misere.rulesets.board_grids import groups
from misere.rulesets.grid_bits import PYTHON_FIRST, STRIDE, domineering_outcome_pair, pack_cells
from misere.rulesets.partizan_base import Parsed, PartizanRuleset
from misere.rulesets.partizan_draw import COLOURS, svg_document
from misere.rulesets.positions import board_cells, rectangle_cells

__all__ = ["DomineeringRuleset", "Domineering", "regions"]

Cell = tuple[int, int]
Board = frozenset[Cell]


def regions(cells: Iterable[Cell]) -> list[Board]:
    """The 4-connected regions of a set of cells, each translated to the origin, sorted."""
    out = []
    for comp in groups(cells):
        if len(comp) < 2:
            continue  # a lone square admits no domino: it is 0
        r0 = min(r for r, _ in comp)
        c0 = min(c for _, c in comp)
        out.append(frozenset((r - r0, c - c0) for r, c in comp))
    return sorted(out, key=lambda b: (len(b), sorted(b)))


def _stacked(comps: Iterable[Board], transpose: bool) -> int | None:
    """One bitmask holding every region, each below the last with an empty row between
    (``None`` if some region is too wide for :data:`~misere.rulesets.grid_bits.STRIDE`)."""
    cells: list[Cell] = []
    top = 0
    for comp in comps:
        rc = [(c, r) for r, c in comp] if transpose else list(comp)
        if any(c >= STRIDE - 1 for _, c in rc):
            return None
        cells += [(r + top, c) for r, c in rc]
        top += max((r for r, _ in rc), default=-1) + 2
    return pack_cells(cells)


def _rows(board: Board) -> list[str]:
    if not board:
        return ["."]
    h = max(r for r, _ in board) + 1
    w = max(c for _, c in board) + 1
    return ["".join("." if (r, c) in board else "#" for c in range(w)) for r in range(h)]


class DomineeringRuleset(PartizanRuleset[Board]):
    """Domineering (Left vertical, Right horizontal).

    Examples
    --------
    >>> str(Domineering.position("2x2"))   # {1|-1}
    '±1'
    >>> Domineering.outcome("1x3").value, Domineering.outcome("3x1").value
    ('L', 'R')
    """

    name = "domineering"
    search = f"whole-board bitmask search; compiled past {PYTHON_FIRST:,} positions"
    aliases = ("dom",)
    syntax = "rows of '.' and '#' separated by '/' (e.g. '..#/...'), or 'RxC'; boards joined by '+'"
    example = "..#/.../..."

    def parse(self, text: str) -> list[Board]:
        out: list[Board] = []
        for part in text.split("+"):
            part = part.strip()
            if not part or part == "0":
                continue
            low = part.lower()
            if "x" in low and all(t.strip().isdigit() for t in low.split("x")):
                r, c = (int(t) for t in low.split("x"))
                out += self._from_python((r, c))
                continue
            rows = [row.strip() for row in part.replace("\n", "/").split("/") if row.strip()]
            out += regions(board_cells(rows, self, text))
        return sorted(out, key=lambda b: (len(b), sorted(b)))

    def _from_python(self, position: Any) -> list[Board]:
        if isinstance(position, tuple) and len(position) == 2 and all(isinstance(x, int) for x in position):
            return regions(rectangle_cells(*position, self, position))
        return regions(board_cells(position, self, position))

    def _mask(self, position: Any) -> int | None:
        """The whole board of a Python position as one bitmask when it fits (no split needed:
        the bitmask search plays all regions at once), else ``None``."""
        if isinstance(position, tuple) and len(position) == 2 and all(isinstance(x, int) for x in position):
            cells = rectangle_cells(*position, self, position)
        elif isinstance(position, list) and all(isinstance(row, str) for row in position):
            cells = board_cells(position, self, position)
        else:
            return None
        if any(c >= STRIDE - 1 or r >= STRIDE for r, c in cells):
            return None
        return pack_cells(cells)

    def component_moves(self, comp: Board, left: bool) -> list[tuple[str, list[Board]]]:
        dr, dc = (1, 0) if left else (0, 1)
        out = []
        seen = set()
        for r, c in sorted(comp):
            other = (r + dr, c + dc)
            if other in comp:
                rest = tuple(regions(comp - {(r, c), other}))
                if rest in seen:
                    continue
                seen.add(rest)
                out.append((f"{'vertical' if left else 'horizontal'} domino at ({r},{c})-({other[0]},{other[1]})",
                            list(rest)))
        return out

    def outcome(self, position: Any) -> Outcome:
        """Misère outcome. Boards whose regions are at most 7 columns wide (or, transposed with
        Left and Right swapped, 7 rows high) are searched as one bitmask
        (:mod:`misere.rulesets.grid_bits`); wider ones by the multiset search of the base class.

        Examples
        --------
        >>> Domineering.outcome("5x5").value, Domineering.outcome("4x5").value
        ('N', 'P')
        """
        if not isinstance(position, (str, Parsed)):
            b = self._mask(position)
            if b is not None:
                return Outcome.from_pair(*domineering_outcome_pair(b))
        comps = self.components(position)
        for transpose in (False, True):
            b = _stacked(comps, transpose)
            if b is not None:
                o = Outcome.from_pair(*domineering_outcome_pair(b))
                return o.conjugate() if transpose else o
        return super().outcome(comps)

    def format_component(self, comp: Board) -> str:
        return "/".join(_rows(comp))

    def svg(self, position: Any) -> str:
        comps = self.components(position) if not isinstance(position, str) else None
        boards = comps if comps is not None else self.parse(position)
        s, gap, items = 30, 20, []
        x0, height = 10, 0
        for b in boards:
            rows = _rows(b)
            for i, row in enumerate(rows):
                for j, ch in enumerate(row):
                    fill = "#f5f0e1" if ch == "." else "#333333"
                    items.append(f'<rect x="{x0 + j * s}" y="{10 + i * s}" width="{s}" height="{s}" '
                                 f'fill="{fill}" stroke="#000"/>')
            x0 += len(rows[0]) * s + gap
            height = max(height, len(rows) * s)
        items.append(f'<text x="10" y="{height + 28}" font-size="11" fill="{COLOURS["B"]}">'
                     f'Left: vertical, Right: horizontal</text>')
        return svg_document(max(x0, 220), height + 40, items, f"Domineering {self.format(boards)}")


Domineering = DomineeringRuleset()
