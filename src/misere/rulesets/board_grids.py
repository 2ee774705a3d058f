"""Grids of characters for the board rulesets (Cram, Clobber, Konane): reading, symmetries,
pieces, pictures (issue 13 item 3).

A board is a tuple of equally long row strings over a ruleset's alphabet: ``.`` an empty
square, ``#`` a square that is not on the board (or removed), ``x`` a Left (black) stone and
``o`` a Right (white) stone, as in CGSuite's grid games (``game.grid.Clobber("xox|ox.")``).
In text, rows are separated by ``|`` (CGSuite), ``/`` or new lines, boards by ``+``; ``RxC``
is a rectangle in the ruleset's starting fill (empty for Cram, the checkerboard ``xoxo|oxox``
of CGSuite for Clobber and Konane).

A piece is a board cropped to its bounding box; :func:`canonical` picks one representative
among the eight images of a board under the symmetries of the square, which is sound for any
ruleset whose moves are the same in every direction (Cram, Clobber, Konane; not Domineering,
where a quarter turn swaps the players).
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, Sequence

from misere.core import cache
from misere.errors import RulesetError
from misere.rulesets.board_base import BoardRuleset
from misere.rulesets.partizan_draw import COLOURS, svg_document
from misere.rulesets.positions import bad_position, check_total, python_size

__all__ = ["Grid", "GridRuleset", "read_boards", "board_from_python", "checkerboard", "symmetries", "canonical",
           "crop", "groups", "board_svg", "stack", "masks"]

Grid = tuple[str, ...]
Cell = tuple[int, int]


def checkerboard(r: int, c: int) -> Grid:
    """The ``r x c`` checkerboard fill with ``x`` in the top-left corner (CGSuite's
    ``"xoxo|oxox"``), the usual start of Clobber and Konane."""
    return tuple("".join("xo"[(i + j) % 2] for j in range(c)) for i in range(r))


def _rows_ok(rows: Sequence[str], ruleset: Any, text: Any) -> Grid:
    alphabet = ruleset.alphabet
    width = len(rows[0]) if rows else 0
    check_total(len(rows) * width, ruleset, "squares", text)
    for i, row in enumerate(rows):
        if not isinstance(row, str):
            raise bad_position(ruleset, f"row {i + 1} is {type(row).__name__}, not a str", text)
        for j, ch in enumerate(row):
            if ch not in alphabet:
                raise bad_position(ruleset, f"unexpected character {ch!r} at row {i + 1}, column {j + 1}", text)
        if len(row) != width:
            raise bad_position(ruleset, f"row {i + 1} has {len(row)} squares but row 1 has {width} "
                                        f"(rows must be equally long; pad with '#')", text)
    return tuple(ruleset.normalise_chars(row) for row in rows)


def _rectangle(part: str, ruleset: Any, text: str) -> Grid | None:
    low = part.lower().split("x")
    if len(low) != 2 or not all(t.strip().isascii() and t.strip().isdigit() for t in low):
        return None
    r, c = (python_size(int(t), ruleset, "side", text) for t in low)
    check_total(r * c, ruleset, "squares", text)
    return ruleset.rectangle(r, c)


def read_boards(text: str, ruleset: Any) -> list[Grid]:
    """Boards of a position given as text: boards joined by ``+``, rows separated by ``|``,
    ``/`` or new lines, or ``RxC`` for a rectangle in the ruleset's starting fill."""
    if not isinstance(text, str):
        raise RulesetError(f"a {ruleset.name} position in text is a str, got {type(text).__name__}")
    out = []
    for part in text.split("+"):
        part = part.strip()
        if not part or part == "0":
            continue
        rect = _rectangle(part, ruleset, text)
        if rect is not None:
            out.append(rect)
            continue
        rows = [row.strip() for row in part.replace("\n", "|").replace("/", "|").split("|")]
        out.append(_rows_ok([row for row in rows if row], ruleset, text))
    return out


def board_from_python(position: Any, ruleset: Any) -> list[Grid]:
    """Boards of a Python position: a list of row strings (one board), ``(rows, columns)``
    (a rectangle in the starting fill), or a list of either (several boards)."""
    if isinstance(position, tuple) and len(position) == 2 and all(isinstance(v, int) for v in position):
        return [ruleset.rectangle(python_size(position[0], ruleset, "side", position),
                                  python_size(position[1], ruleset, "side", position))]
    if isinstance(position, (list, tuple)) and position and all(isinstance(row, str) for row in position):
        return [_rows_ok(list(position), ruleset, position)]
    if isinstance(position, (list, tuple)) and not any(isinstance(item, str) for item in position):
        return [b for item in position for b in board_from_python(item, ruleset)]
    raise RulesetError(f"a {ruleset.name} position is a list of row strings or (rows, columns), "
                       f"got {position!r}; expected {ruleset.syntax}")


def symmetries(g: Grid) -> list[Grid]:
    """The eight images of ``g`` under the rotations and reflections of the square."""
    t = tuple("".join(col) for col in zip(*g)) if g else g
    out = []
    for h in (g, t):
        out += [h, h[::-1], tuple(row[::-1] for row in h), tuple(row[::-1] for row in h[::-1])]
    return out


_canonical: dict[Grid, Grid] = {}


def canonical(g: Grid) -> Grid:
    """The least of the eight images of ``g`` (rotations and reflections; memoised, the table is
    emptied by :func:`misere.core.cache.clear`)."""
    r = _canonical.get(g)
    if r is None:
        r = _canonical[g] = min(symmetries(g))
    return r


@cache.on_clear
def _reset() -> None:
    _canonical.clear()


def crop(cells: dict[Cell, str], fill: str = "#") -> Grid:
    """The smallest board holding ``cells`` (``(row, column) -> character``), ``fill`` elsewhere."""
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    h = max(r for r, _ in cells) - r0 + 1
    w = max(c for _, c in cells) - c0 + 1
    grid = [[fill] * w for _ in range(h)]
    for (r, c), ch in cells.items():
        grid[r - r0][c - c0] = ch
    return tuple(map("".join, grid))


def groups(cells: Iterable[Cell]) -> list[list[Cell]]:
    """The 4-connected groups of a set of cells."""
    left = set(cells)
    out = []
    while left:
        start = left.pop()
        comp, stack = [start], [start]
        while stack:
            r, c = stack.pop()
            for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if nb in left:
                    left.discard(nb)
                    comp.append(nb)
                    stack.append(nb)
        out.append(comp)
    return out


def board_svg(boards: Sequence[Grid], title: str, legend: str,
              draw: Callable[[str, float, float, float], list[str]] | None = None) -> str:
    """SVG of boards side by side: ``#`` squares dark, others light; ``x`` stones blue (Left),
    ``o`` stones red (Right); ``draw(ch, x, y, size)`` may add marks for other characters."""
    s, gap, items = 30, 20, []
    x0, height = 10, 0
    for b in boards:
        for i, row in enumerate(b):
            for j, ch in enumerate(row):
                x, y = x0 + j * s, 10 + i * s
                fill = "#333333" if ch == "#" else "#f5f0e1"
                items.append(f'<rect x="{x}" y="{y}" width="{s}" height="{s}" fill="{fill}" stroke="#000"/>')
                if ch in "xo":
                    items.append(f'<circle cx="{x + s / 2}" cy="{y + s / 2}" r="{s * 0.36:.1f}" '
                                 f'fill="{COLOURS["L"] if ch == "x" else COLOURS["R"]}" stroke="#000"/>')
                elif draw is not None:
                    items += draw(ch, x, y, s)
        x0 += (len(b[0]) if b else 1) * s + gap
        height = max(height, len(b) * s)
    items.append(f'<text x="10" y="{height + 28}" font-size="11" fill="#000">{legend}</text>')
    return svg_document(max(x0, 6 * len(legend) + 20), height + 40, items, title)


def stack(pieces: Sequence[Grid], fill: str, rows: int = 8, cols: int = 7) -> Grid | None:
    """The pieces one below the other, each turned a quarter if wider than ``cols``, with a row of
    ``fill`` between two pieces and ``fill`` to the right of narrow ones; ``None`` when that is
    more than ``rows`` rows. A board of the sum, for rulesets where ``fill`` squares keep
    pieces apart and every direction plays alike (Cram, Clobber, Konane)."""
    out: list[str] = []
    for p in pieces:
        if p and len(p[0]) > cols:
            p = tuple("".join(col) for col in zip(*p))
        if not p or len(p[0]) > cols:
            return None
        out += ([fill * cols] if out else []) + [row.ljust(cols, fill) for row in p]
    if len(out) > rows:
        return None
    width = max((len(row.rstrip(fill)) for row in out), default=0)
    return tuple(row[:width] for row in out)


def masks(board: Grid, *chars: str) -> list[int]:
    """One bitmask a string of ``chars``: bit ``8 r + c`` set when square ``(r, c)`` of ``board``
    holds one of them (the layout of :mod:`misere.rulesets.grid_bits`)."""
    return [sum(1 << (8 * r + c) for r, row in enumerate(board) for c, ch in enumerate(row) if ch in cs)
            for cs in chars]


class GridRuleset(BoardRuleset):
    """A board ruleset on CGSuite-style grids: text read by :func:`read_boards`, Python
    positions by :func:`board_from_python`, a board printed as its rows joined by ``|``.

    ``bit_chars``: what the two words of the compiled search hold (``a``, ``b``) and which
    squares are on the board, as strings of characters; ``bit_fill`` the character between
    stacked pieces (:func:`stack`)."""

    bit_chars: tuple[str, str, str] | None = None
    bit_fill = "#"

    def bitboard(self, pieces: Sequence[Grid]) -> tuple[str, int, int, int, int, int] | None:
        """The pieces stacked in one frame of at most 8 x 7 squares (:func:`stack`)."""
        if self.bit_chars is None:
            return None
        board = stack(pieces, self.bit_fill)
        if board is None:
            return None
        a, b, onboard = masks(board, *self.bit_chars)
        return self.name, a, b, len(board), len(board[0]) if board else 0, onboard

    def normalise_chars(self, row: str) -> str:
        """A row as the ruleset stores it (by default unchanged)."""
        return row

    def parse(self, text: str) -> list[Grid]:
        return read_boards(text, self)

    def _from_python(self, position: Any) -> list[Grid]:
        return board_from_python(position, self)

    def format_component(self, comp: Grid) -> str:
        return "|".join(comp)
