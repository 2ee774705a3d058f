"""Konane (Hawaiian checkers; Ernst, *Playing Konane mathematically*, 1995; Lessons in Play
§2.?): Left jumps one of her stones (``x``, black) orthogonally over an adjacent stone of
Right's (``o``, white) onto the empty square beyond, capturing it, and may go on jumping in
the same direction (each stopping point is a different move); Right likewise with ``o``.

Position format: rows of ``x``, ``o``, ``.`` (empty) and ``#`` (not on the board) separated by
``|``, ``/`` or new lines, e.g. ``"xo.|.ox"``; ``RxC`` is the ``R x C`` checkerboard fill with
``x`` at the top left (no move yet: the traditional opening removes two adjacent stones first,
e.g. ``".oxo|oxox|xoxo"`` after the corner stone is taken and ``"..xo|oxox|xoxo"`` after the
reply); boards joined by ``+``. Python: a list of row strings, or ``(rows, columns)``.

Independence (the theorem behind the split, proved in the docstring of :func:`reach`): a set
of ``k`` stones holding both colours, played on its own, makes at most ``k - 1`` jumps, and a
jump lands next to the square of the stone it captures, so its stones stay within distance
``k - 1`` (in moves along rows and columns) of the squares they started on; a set of one
colour never moves. Two sets whose reaches stay two squares apart never touch (no stone of one
is ever next to, or on the landing square of, a stone of the other), so their games are
independent. :meth:`KonaneRuleset.pieces` merges groups of stones until the reaches of the
merged sets are that far apart, and keeps only the board squares within reach of each set
(others become ``#``); pieces of one colour are 0 and are dropped; each piece is taken in the
least of its eight orientations. Boards that fit in 8 x 7 squares also have the compiled
whole-board search of :mod:`misere.rulesets.board_jit` (the symmetries that map the board onto
itself, and the exchange of colours; issue 23 item 3).
"""
from __future__ import annotations

from typing import Any

from misere.rulesets.board_grids import (Grid, GridRuleset, board_svg, canonical, checkerboard, crop, groups)

__all__ = ["KonaneRuleset", "Konane", "reach"]

_STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))
Cell = tuple[int, int]


def reach(colours: set[str], k: int) -> int:
    """How far (in rows plus columns) the stones of a set of ``k`` stones can ever get from the
    squares they occupy, played on their own: 0 for one colour (no jump), else ``k - 1``.

    Proof: every jump captures a stone, and one stone always remains, so at most ``k - 1``
    jumps happen. A jump over the stone on square ``B`` lands on a square next to ``B``; if
    every stone is within distance ``D`` of the starting squares, the landing square is within
    ``D + 1``. By induction, after ``j`` jumps every stone is within distance ``j``.
    """
    return 0 if len(colours) < 2 else k - 1


def _distance(a: list[Cell], b: list[Cell]) -> int:
    return min(abs(r1 - r2) + abs(c1 - c2) for r1, c1 in a for r2, c2 in b)


def independent_sets(st: dict[Cell, str], span: int | None = None) -> list[list[Cell]]:
    """Sets of stones that never interact: 4-connected groups merged while the reaches of two
    sets come within one square of each other (distance <= reach + reach + 1). ``span``: the
    largest distance on the board, if known (a group reaching that far takes every stone)."""
    sets = groups(st)
    if span is not None and any(reach({st[c] for c in g}, len(g)) + 1 >= span for g in sets):
        return [list(st)]
    merged = len(sets) > 1
    while merged:
        merged = False
        for i in range(len(sets)):
            for j in range(i + 1, len(sets)):
                a, b = sets[i], sets[j]
                ra = reach({st[c] for c in a}, len(a))
                rb = reach({st[c] for c in b}, len(b))
                if _distance(a, b) <= ra + rb + 1:
                    sets[i] = a + b
                    del sets[j]
                    merged = True
                    break
            if merged:
                break
    return sets


def _distances(cells: list[Cell], h: int, w: int) -> list[list[int]]:
    """Distance (rows plus columns) from every square of an ``h x w`` board to the nearest of
    ``cells``: the exact two-pass transform for this distance."""
    big = h + w
    d = [[big] * w for _ in range(h)]
    for r, c in cells:
        d[r][c] = 0
    for r in range(h):
        for c in range(w):
            if r and d[r - 1][c] + 1 < d[r][c]:
                d[r][c] = d[r - 1][c] + 1
            if c and d[r][c - 1] + 1 < d[r][c]:
                d[r][c] = d[r][c - 1] + 1
    for r in range(h - 1, -1, -1):
        for c in range(w - 1, -1, -1):
            if r < h - 1 and d[r + 1][c] + 1 < d[r][c]:
                d[r][c] = d[r + 1][c] + 1
            if c < w - 1 and d[r][c + 1] + 1 < d[r][c]:
                d[r][c] = d[r][c + 1] + 1
    return d


class KonaneRuleset(GridRuleset):
    """Konane (Left ``x``, Right ``o``), multiple jumps in one direction allowed.

    Examples
    --------
    >>> Konane.outcome("xo.").value, Konane.normal_outcome("xo.").value
    ('R', 'L')
    >>> [mv.label for mv in Konane.winning_moves("xo.o.", "Left")["Left"]]
    ['x (0,0) jumps to (0,2)']
    """

    python_search = "bits"
    name = "konane"
    aliases = ("hawaiian-checkers",)
    syntax = ("rows of 'x' (Left), 'o' (Right), '.' (empty) and '#' (off the board) separated by '/' or a "
              "bar as in CGSuite, or 'RxC' (full checkerboard); boards joined by '+'")
    example = "..xo/oxox/xoxo"
    alphabet = ".#xo"
    bit_chars = ("x", "o", "xo.")

    def rectangle(self, r: int, c: int) -> Grid:
        """The ``r × c`` checkerboard of both colours (``x`` top left)."""
        return checkerboard(r, c)

    def board_moves(self, board: Grid, left: bool) -> list[tuple[str, Grid]]:
        me, you = ("x", "o") if left else ("o", "x")
        h, w = len(board), len(board[0]) if board else 0

        def at(r: int, c: int) -> str:
            return board[r][c] if 0 <= r < h and 0 <= c < w else "#"

        out = []
        for r in range(h):
            for c in range(w):
                if board[r][c] != me:
                    continue
                for dr, dc in _STEPS:
                    if not (at(r + dr, c + dc) == you and at(r + 2 * dr, c + 2 * dc) == "."):
                        continue
                    rows = [list(row) for row in board]
                    rows[r][c] = "."
                    rr, cc = r, c
                    while at(rr + dr, cc + dc) == you and at(rr + 2 * dr, cc + 2 * dc) == ".":
                        rows[rr + dr][cc + dc] = "."
                        rr, cc = rr + 2 * dr, cc + 2 * dc
                        after = [row[:] for row in rows]
                        after[rr][cc] = me
                        out.append((f"{me} ({r},{c}) jumps to ({rr},{cc})", tuple("".join(x) for x in after)))
        return out

    def alive(self, piece: Grid) -> bool:
        """Does someone have a jump in this piece (a stone next to one of the other colour with an
        empty square beyond)? Cheaper than generating the moves, whose pieces would be tested in
        turn, down the whole tree."""
        h, w = len(piece), len(piece[0]) if piece else 0
        for r in range(h):
            for c in range(w):
                ch = piece[r][c]
                if ch not in "xo":
                    continue
                for dr, dc in _STEPS:
                    r1, c1, r2, c2 = r + dr, c + dc, r + 2 * dr, c + 2 * dc
                    if 0 <= r2 < h and 0 <= c2 < w and piece[r1][c1] not in (ch, ".", "#") \
                            and piece[r2][c2] == ".":
                        return True
        return False

    def pieces(self, board: Grid) -> list[Grid]:
        """Independent sets of stones holding both colours, each with the board squares within
        its reach, in its least orientation."""
        st = {(r, c): ch for r, row in enumerate(board) for c, ch in enumerate(row) if ch in "xo"}
        out = []
        span = len(board) + len(board[0]) - 2
        for s in independent_sets(st, span):
            colours = {st[c] for c in s}
            if len(colours) < 2:
                continue
            k = reach(colours, len(s))
            near = _distances(s, len(board), len(board[0])) if k < span else None
            cells = {(r, c): ch for r, row in enumerate(board) for c, ch in enumerate(row)
                     if ch != "#" and (near is None or near[r][c] <= k)}
            out.append(canonical(crop(cells, "#")))
        return out

    def svg(self, position: Any) -> str:
        boards = self.components(position)
        return board_svg(boards, f"Konane {self.format(boards)}", "Left: x (blue), Right: o (red); jumps")


Konane = KonaneRuleset()
