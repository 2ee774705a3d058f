"""Cram (impartial Domineering; Gardner 1974, Winning Ways ch. 22): either player places a
domino, horizontally or vertically, on two free adjacent squares. Impartial, and a placement
game.

Position format: rows of ``.`` (free) and ``#`` (occupied or not on the board) separated by
``|`` (CGSuite), ``/`` or new lines, e.g. ``"..#|...|..."``; ``RxC`` for an empty rectangle;
boards joined by ``+``. Python: a list of row strings, or ``(rows, columns)``.

Search splits the free squares into 4-connected regions (a domino covers two adjacent
squares, so regions never interact again), drops single squares (no move) and takes each
region in the least of its eight orientations (the rules do not distinguish directions).
Boards that fit in 8 x 7 squares also have the compiled search of sums of regions of
:mod:`misere.rulesets.region_jit` (taken when a board needs more than
:data:`misere.rulesets.board_base.PYTHON_FIRST` expansions, issue 23 item 3: regions interned
as canonical bitboards, small regions equal to 0 dropped and those equal to ``*1`` cancelled in
pairs) and the compiled whole-board search of :mod:`misere.rulesets.board_jit`.

A ``1 x n`` strip is the heap ``n`` of Dawson's Kayles, the octal game ``0.07`` (a domino
removes two adjacent squares, leaving zero, one or two shorter strips), so sums of strips are
answered by the misère quotient of ``0.07`` (Plambeck 002 §9) — :meth:`CramRuleset.strips_outcome`.
Both outcomes come from the search of :mod:`misere.rulesets.board_base` (normal play too: it
prunes, where Grundy values need every position); :meth:`CramRuleset.grundy` gives the normal-play
value (Sprague–Grundy; Winning Ways ch. 4).
"""
from __future__ import annotations

from functools import reduce
from operator import xor
from typing import Any, Sequence

from misere.core.outcome import Outcome
from misere.errors import RulesetError, VerificationError
from misere.rulesets.board_grids import Grid, GridRuleset, board_svg, canonical, crop, groups

__all__ = ["CramRuleset", "Cram", "CramQuotient"]


def _free(board: Grid) -> list[tuple[int, int]]:
    return [(r, c) for r, row in enumerate(board) for c, ch in enumerate(row) if ch == "."]


def _place(board: Grid, a: tuple[int, int], b: tuple[int, int]) -> Grid:
    rows = [list(row) for row in board]
    for r, c in (a, b):
        rows[r][c] = "#"
    return tuple("".join(row) for row in rows)


class CramRuleset(GridRuleset):
    """Cram: dominoes in either direction, for both players.

    Examples
    --------
    >>> Cram.outcome("2x2").value, Cram.normal_outcome("2x2").value
    ('N', 'P')
    >>> Cram.outcome("1x4 + 1x5").value, Cram.strips_outcome("1x4 + 1x5")
    ('N', 'N')
    """

    name = "cram"
    aliases = ("impartial-domineering",)
    syntax = "rows of '.' (free) and '#' separated by '/' or a bar as in CGSuite, or 'RxC'; boards joined by '+'"
    example = ".../.../..#"
    alphabet = ".#"
    impartial = True
    bit_chars = (".", "", "")

    def __init__(self) -> None:
        super().__init__()
        self._grundy: dict[int, int] = {}
        self._quotient: Any = None

    def rectangle(self, r: int, c: int) -> Grid:
        """The empty ``r × c`` board."""
        return tuple("." * c for _ in range(r))

    def board_moves(self, board: Grid, left: bool) -> list[tuple[str, Grid]]:
        free = set(_free(board))
        out = []
        for r, c in sorted(free):
            for other in ((r, c + 1), (r + 1, c)):
                if other in free:
                    out.append((f"domino ({r},{c})-({other[0]},{other[1]})", _place(board, (r, c), other)))
        return out

    def alive(self, piece: Grid) -> bool:
        """Every piece has a move (it has two adjacent free squares)."""
        return True

    def pieces(self, board: Grid) -> list[Grid]:
        """The free regions with at least two squares, each in its least orientation."""
        return [canonical(crop({cell: "." for cell in g})) for g in groups(_free(board)) if len(g) > 1]

    def size(self, piece: Grid) -> int:
        """Free squares (for move ordering)."""
        return sum(row.count(".") for row in piece)

    def piece_moves(self, piece: Grid, left: bool) -> list[list[Grid]]:
        """The moves of :meth:`board_moves`, played on the free squares of the piece directly."""
        free = set(_free(piece))
        out = []
        for r, c in sorted(free):
            for other in ((r, c + 1), (r + 1, c)):
                if other in free:
                    rest = free - {(r, c), other}
                    out.append([canonical(crop(dict.fromkeys(g, "."))) for g in groups(rest) if len(g) > 1])
        return out

    # -- impartial theory ----------------------------------------------------------------

    def _piece_grundy(self, i: int) -> int:
        g = self._grundy.get(i)
        if g is None:
            seen = {reduce(xor, (self._piece_grundy(j) for j in kid), 0) for kid in self._children(i, 0)}
            g = next(n for n in range(len(seen) + 1) if n not in seen)
            self._grundy[i] = g
        return g

    def grundy(self, position: Any) -> int:
        """Normal-play Grundy value: the nim-sum of the values of the regions (Sprague–Grundy)."""
        return reduce(xor, (self._piece_grundy(i) for i in self._key(self.components(position))), 0)

    def strips(self, position: Any) -> list[int] | None:
        """The strip lengths when every region of the position is a ``1 x n`` strip (single
        squares dropped), else ``None``."""
        out = []
        for i in self._key(self.components(position)):
            piece = self._boards[i]
            if len(piece[0]) != 1 or "#" in "".join(piece):
                return None
            out.append(len(piece))
        return sorted(out)

    def strips_outcome(self, position: Any) -> str:
        """Misère outcome (``'N'``/``'P'``) of a sum of strips from the misère quotient of
        Dawson's Kayles ``0.07`` (a strip of ``n`` squares is the heap ``n``; Plambeck 002 §9)."""
        heaps = self.strips(position)
        if heaps is None:
            raise RulesetError(f"cram position {self.format(self.components(position))!r} is not a sum of "
                               f"1 x n strips; the quotient of 0.07 answers only those")
        return self.strip_quotient(max(heaps, default=1)).outcome(heaps)

    def strip_quotient(self, heap: int) -> Any:
        """The misère quotient of ``0.07`` computed to at least ``heap`` (kept and reused;
        doubled when a longer strip comes)."""
        if self._quotient is None or (self._quotient.max_heap < heap and not self._quotient.solved):
            from misere.quotients import quotient
            old = self._quotient.max_heap if self._quotient is not None else 8
            self._quotient = quotient("0.07", max_heap=max(heap, 2 * old), certify=0)
        return self._quotient

    def closure_quotient(self, positions: Sequence[Any], **kwargs: Any) -> "CramQuotient":
        """The misère quotient of the closure of the regions of ``positions`` (every region
        they can lead to), as a heap game whose heaps are those regions, fewest squares first
        (the linearisation of Plambeck 002 §5 / notes E.1); it answers the outcome of every
        sum of regions of the closure. ``kwargs`` go to :func:`misere.quotients.quotient`."""
        from misere.impartial.heap import HeapGame
        from misere.quotients import quotient

        seen: set[int] = set()
        stack = [i for p in positions for i in self._key(self.components(p))]
        while stack:
            i = stack.pop()
            if i not in seen:
                seen.add(i)
                stack += [j for kid in self._children(i, 0) for j in kid if j not in seen]
        order = sorted(seen, key=lambda i: (self._weights[i], i))
        heap = {i: n + 1 for n, i in enumerate(order)}
        name = "cram closure of " + ", ".join(self.format(self.components(p)) for p in positions)
        game = HeapGame(name, lambda n: [[heap[j] for j in kid] for kid in self._children(order[n - 1], 0)] if n else [],
                        max_heap=len(order))
        kwargs.setdefault("certify", 0)
        return CramQuotient(self, quotient(game, max_heap=len(order), **kwargs), heap)

    def play_notes(self, position: Any, misere: Outcome) -> dict[str, Any]:
        """Normal play from the Grundy value; for sums of strips, the misère outcome from the
        quotient of 0.07, which must agree with the search."""
        notes: dict[str, Any] = {"normal_play_outcome": self.normal_outcome(position).value,
                                 "grundy_value": self.grundy(position)}
        if self.strips(position) is not None:
            q = self.strips_outcome(position)
            if q != misere.value:
                raise VerificationError(f"the quotient of 0.07 says {q} but search says {misere.value} on "
                                        f"{self.format(self.components(position))!r}: please report")
            notes["misere_quotient"] = f"0.07 (Dawson's Kayles) agrees: {q}"
        return notes

    def svg(self, position: Any) -> str:
        boards = self.components(position)
        return board_svg(boards, f"Cram {self.format(boards)}", "Either player: a domino in either direction")


class CramQuotient:
    """A misère quotient of Cram regions (:meth:`CramRuleset.closure_quotient`): ``quotient``
    (the :class:`~misere.quotients.impartial.result.Quotient` of the linearised heap game) and
    :meth:`outcome` of a Cram position made of regions of the closure."""

    def __init__(self, ruleset: CramRuleset, quotient: Any, heaps: dict[int, int]) -> None:
        self.ruleset, self.quotient, self._heaps = ruleset, quotient, heaps

    @property
    def order(self) -> int:
        """The number of elements of the quotient."""
        return int(self.quotient.order)

    def heaps(self, position: Any) -> list[int]:
        """The heaps (regions of the closure) of a position."""
        ids = self.ruleset._key(self.ruleset.components(position))
        missing = [i for i in ids if i not in self._heaps]
        if missing:
            raise RulesetError(f"cram position {self.ruleset.format(self.ruleset.components(position))!r} has "
                               f"a region outside the closure of this quotient")
        return [self._heaps[i] for i in ids]

    def outcome(self, position: Any) -> str:
        """Misère outcome (``'N'``/``'P'``) of the position, read in the quotient."""
        return str(self.quotient.outcome(self.heaps(position)))


Cram = CramRuleset()
