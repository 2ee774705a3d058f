"""Clobber (Albert, Grossman, Nowakowski, Wolfe 2002): Left moves one of her stones (``x``,
black) onto an orthogonally adjacent stone of Right's (``o``, white), which is removed; Right
likewise with ``o`` onto ``x``. The usual start is the checkerboard fill.

Position format as CGSuite's ``game.grid.Clobber``: rows of ``x``, ``o`` and ``.`` (empty;
``#`` is read as empty too) separated by ``|``, ``/`` or new lines, e.g. ``"xox|ox."``;
``RxC`` for the ``R x C`` checkerboard starting with ``x`` at the top left; boards joined by
``+``. Python: a list of row strings, or ``(rows, columns)``.

Search: stones only ever move onto occupied squares, so the set of occupied squares shrinks and
4-connected groups of stones never interact again; a group of one colour has no move for
either player (it is 0) and is dropped; each group is taken in the least of its eight
orientations (the rules do not distinguish directions). Boards that fit in 8 x 7 squares also
have the compiled whole-board search of :mod:`misere.rulesets.board_jit` (symmetries of the
board and the exchange of colours, which exchanges Left and Right; issue 23 item 3), and the
compiled search of sums of groups of :mod:`misere.rulesets.region_jit` on request
(``board_base.ENGINE = "regions"``; small groups equal to 0 or ``*`` modulo the dicot universe
reduced), no faster on rectangles.
"""
from __future__ import annotations

from typing import Any

from misere.rulesets.board_grids import (Grid, GridRuleset, board_svg, canonical, checkerboard, crop, groups)

__all__ = ["ClobberRuleset", "Clobber", "stone_groups"]

_STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))


def stones(board: Grid) -> dict[tuple[int, int], str]:
    """``(row, column) -> 'x' | 'o'`` for every stone of a board."""
    return {(r, c): ch for r, row in enumerate(board) for c, ch in enumerate(row) if ch in "xo"}


def stone_groups(board: Grid) -> list[dict[tuple[int, int], str]]:
    """The 4-connected groups of stones of a board, each as ``cell -> stone``."""
    st = stones(board)
    return [{cell: st[cell] for cell in g} for g in groups(st)]


def _set(board: Grid, changes: dict[tuple[int, int], str]) -> Grid:
    rows = [list(row) for row in board]
    for (r, c), ch in changes.items():
        rows[r][c] = ch
    return tuple("".join(row) for row in rows)


def _mixed(st: dict[tuple[int, int], str], group: list[tuple[int, int]]) -> bool:
    first = st[group[0]]
    return any(st[cell] != first for cell in group)


class ClobberRuleset(GridRuleset):
    """Clobber (Left ``x``, Right ``o``).

    Examples
    --------
    >>> Clobber.outcome("xo").value, Clobber.normal_outcome("xo").value
    ('P', 'N')
    >>> Clobber.outcome("2x2").value
    'P'
    """

    python_search = "bits"
    name = "clobber"
    aliases = ()
    syntax = ("rows of 'x' (Left), 'o' (Right) and '.' separated by '/' or a bar as in CGSuite, or 'RxC' "
              "(checkerboard); boards joined by '+'")
    example = "xox/ox."
    alphabet = ".#xo"
    bit_chars = ("x", "o", "")
    bit_fill = "."

    def normalise_chars(self, row: str) -> str:
        return row.replace("#", ".")

    def rectangle(self, r: int, c: int) -> Grid:
        """The ``r × c`` checkerboard of both colours (``x`` top left)."""
        return checkerboard(r, c)

    def board_moves(self, board: Grid, left: bool) -> list[tuple[str, Grid]]:
        me, you = ("x", "o") if left else ("o", "x")
        out = []
        for (r, c), ch in sorted(stones(board).items()):
            if ch != me:
                continue
            for dr, dc in _STEPS:
                rr, cc = r + dr, c + dc
                if 0 <= rr < len(board) and 0 <= cc < len(board[0]) and board[rr][cc] == you:
                    out.append((f"{me} ({r},{c}) clobbers ({rr},{cc})", _set(board, {(r, c): ".", (rr, cc): me})))
        return out

    def alive(self, piece: Grid) -> bool:
        """Every piece has a move (it has two adjacent stones of different colours)."""
        return True

    def pieces(self, board: Grid) -> list[Grid]:
        """The groups holding both colours, each in its least orientation."""
        return [canonical(crop(g, ".")) for g in stone_groups(board) if len(set(g.values())) == 2]

    def piece_moves(self, piece: Grid, left: bool) -> list[list[Grid]]:
        """The moves of :meth:`board_moves`, played on the stones of the piece directly."""
        me, you = ("x", "o") if left else ("o", "x")
        st = stones(piece)
        out = []
        for (r, c), ch in st.items():
            if ch != me:
                continue
            for dr, dc in _STEPS:
                if st.get((r + dr, c + dc)) == you:
                    after = dict(st)
                    del after[(r, c)]
                    after[(r + dr, c + dc)] = me
                    out.append([canonical(crop({cell: after[cell] for cell in g}, "."))
                                for g in groups(after) if _mixed(after, g)])
        return out

    def svg(self, position: Any) -> str:
        boards = self.components(position)
        return board_svg(boards, f"Clobber {self.format(boards)}", "Left: x (blue), Right: o (red)")


Clobber = ClobberRuleset()
