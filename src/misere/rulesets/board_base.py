"""Board and strip rulesets searched as multisets of canonical pieces (issue 13 item 3).

A position is a list of boards (grids or strips) in the user's own orientation: moves, labels
and results are reported on them. For search, every board is cut into *pieces* — parts that
can never interact again (:meth:`BoardRuleset.pieces`, the ruleset's own theorem) — each
translated, cropped and put in a canonical orientation where the rules allow it; pieces with
no move for either player are dropped (they are 0). A piece gets a small integer id, a
position in search is the sorted tuple of its pieces' ids, and the outcome search is the
explicit-stack search of :func:`misere.core.search.mover_wins`, memoised in a transposition
table per ruleset and per play convention (misère and normal), so a sum is never built and
equal pieces reached along different lines are solved once.

Children are looked up before anything is expanded (one known lost for the opponent decides
the node); the others are tried with the least material left first (:meth:`BoardRuleset.size`).

Positions that fit in a 64-bit board (:meth:`BoardRuleset.bitboard`: the pieces stacked in one
frame of at most 8 rows and 7 columns, or one strip of at most 55 squares) also have the
compiled whole-board search of :mod:`misere.rulesets.board_jit` (issue 23 item 3); Cram
positions go to the compiled search of sums of regions of :mod:`misere.rulesets.region_jit`
instead (each region interned once, equal regions merged: 3.5x less CPU on 6x6), which also
serves Clobber when asked (``ENGINE = "regions"``; on Clobber rectangles it is no faster than
the whole-board search, whose colour exchange it lacks: benchmarks/README.md). As for
Domineering (:mod:`misere.rulesets.grid_bits`), small positions never pay for loading it (issue
23 item 4): :meth:`BoardRuleset.solve` runs the multiset search for up to :data:`PYTHON_FIRST`
expansions (or, for the rulesets whose ``python_search`` is ``"bits"``, the pure-Python
whole-board search of :mod:`misere.rulesets.board_py` for up to :data:`PYTHON_BITS_FIRST`)
and hands the position to the compiled search only when it needs more, unless the
compiled kernels are loaded in this process already (then they answer at once). :data:`ENGINE`
forces one engine (``"multiset"``, ``"compiled"``, ``"regions"``; ``"auto"`` the policy above).

References: positions as sums of independent components, Milley 001 §5.1; misère outcomes,
Siegel 003 §2; normal outcomes, Winning Ways ch. 2.
"""
from __future__ import annotations

from typing import Any, Hashable, Sequence

from misere.core.ops import add_all
from misere.core.outcome import Outcome
from misere.core.search import mover_wins
from misere.core.table import GameId, intern
from misere.errors import BudgetExceededError
from misere.rulesets import board_py
from misere.rulesets.grid_bits import compiled_loaded
from misere.rulesets.partizan_base import PartizanRuleset

__all__ = ["BoardRuleset", "ENGINE", "PYTHON_FIRST", "PYTHON_BITS_FIRST"]

Board = Hashable

#: ``"auto"``: the multiset search first, the compiled search when the position needs more than
#: :data:`PYTHON_FIRST` expansions or is loaded already (Cram: the compiled search of sums of
#: regions, :mod:`misere.rulesets.region_jit`; the others: the whole-board search);
#: ``"multiset"``, ``"compiled"`` (whole board) or ``"regions"``: only that
ENGINE = "auto"
#: expansions the multiset search may spend on a position before it goes to the compiled search
#: (25-200 us each, so 0.5-4 s; importing numba and loading the kernels takes 1-3.5 s, measured
#: on the shared 2-core machine)
PYTHON_FIRST = 20_000
#: positions the pure-Python whole-board search (:mod:`misere.rulesets.board_py`, the Python-first
#: engine of the rulesets whose ``python_search`` is ``"bits"``) may expand before the position
#: goes to the compiled search: 5-20 us each, so 0.5-2 s (a second or two of loading numba)
PYTHON_BITS_FIRST = 100_000


class _Handover(Exception):
    """The multiset search used its allowance: the position goes to the compiled search."""


class BoardRuleset(PartizanRuleset[Board]):
    """Base class of board rulesets; subclasses implement :meth:`board_moves` (the rules on a
    whole board, in its orientation) and :meth:`pieces` (how a board splits, canonically)."""

    search = (f"search over sums of pieces; the compiled whole-board search past "
              f"{PYTHON_FIRST:,} expansions")

    #: the engine that answers first in a process without the compiled searches (issue 23 item
    #: 4): ``"multiset"`` (:meth:`_solve_multiset`, whose splitting pays on Cram) or ``"bits"``
    #: (:mod:`misere.rulesets.board_py`, the whole board in Python integers: 7-30x faster on
    #: Konane, 1.5-2x on Clobber and Toads and Frogs up to 5x5, benchmarks/board_cold.py)
    python_search = "multiset"

    # ``impartial`` (the same moves for both players, e.g. Cram): normal play is then answered
    # by Grundy values

    def __init__(self) -> None:
        super().__init__()
        self._ids: dict[Board, int] = {}
        self._boards: list[Board] = []
        self._weights: list[int] = []
        self._split: dict[Board, tuple[int, ...]] = {}
        self._kids: list[dict[int, list[tuple[int, ...]]]] = [{}, {}]
        self._memo: dict[bool, tuple[dict[tuple[int, ...], bool], dict[tuple[int, ...], bool]]] = {
            True: ({}, {}), False: ({}, {})}
        self._piece_forms: dict[int, GameId] = {}

    # -- hooks ---------------------------------------------------------------------------

    def board_moves(self, board: Board, left: bool) -> list[tuple[str, Board]]:
        """Moves of one player on one board: ``(label, board after the move)``."""
        raise NotImplementedError

    def pieces(self, board: Board) -> list[Board]:
        """The board cut into pieces that never interact, each canonical; pieces without a
        move for either player may be left in (they are dropped here)."""
        raise NotImplementedError

    def bitboard(self, pieces: Sequence[Board]) -> tuple[str, int, int, int, int, int] | None:
        """The sum of ``pieces`` as one position of the compiled search: ``(ruleset, a, b, rows,
        columns, on-board squares)`` (:func:`misere.rulesets.board_jit.wins`), or ``None`` when
        it does not fit (the default: no compiled search)."""
        return None

    def piece_moves(self, piece: Board, left: bool) -> list[list[Board]]:
        """The pieces each move of one player in a piece leaves (default: the board moves of
        the piece, cut by :meth:`pieces`; rulesets with bitmask pieces give a faster one)."""
        return [self.pieces(after) for _, after in self.board_moves(piece, left)]

    # -- the PartizanRuleset hooks -------------------------------------------------------

    def component_moves(self, comp: Board, left: bool) -> list[tuple[str, list[Board]]]:
        return [(label, [after]) for label, after in self.board_moves(comp, left)]

    def form(self, comp: Board) -> GameId:
        """The game form of a board: the sum of the forms of its pieces."""
        return add_all(self._piece_form(i) for i in self._key([comp]))

    def _piece_form(self, i: int) -> GameId:
        r = self._piece_forms.get(i)
        if r is None:
            opts = [[add_all(self._piece_form(j) for j in kid) for kid in self._children(i, side)]
                    for side in (0, 1)]
            r = self._piece_forms[i] = intern(opts[0], opts[1])
        return r

    # -- pieces --------------------------------------------------------------------------

    def _id(self, piece: Board) -> int:
        i = self._ids.get(piece)
        if i is None:
            i = self._ids[piece] = len(self._boards)
            self._boards.append(piece)
            self._weights.append(self.size(piece))
        return i

    def split(self, board: Board) -> tuple[int, ...]:
        """Ids of the live pieces of a board, sorted (memoised)."""
        r = self._split.get(board)
        if r is None:
            ids = [self._id(p) for p in self.pieces(board)]
            r = self._split[board] = tuple(sorted(i for i in ids if self._live(i)))
        return r

    def _live(self, i: int) -> bool:
        return self.alive(self._boards[i]) if self.alive is not None else bool(
            self._children(i, 0) or self._children(i, 1))

    #: ``alive(piece)``: does someone have a move in this piece (a cheap test the ruleset may
    #: give; ``None``: generate the moves)
    alive: Any = None

    def _score(self, pos: tuple[int, ...]) -> int:
        """Order of trial: children with the least material left (:meth:`size`) first — on
        Cram and Clobber rectangles this expands about half the pieces and positions that
        trying the opponent's fewest moves first does (measured; see the README)."""
        w = self._weights
        return sum(w[j] for j in pos)

    def size(self, piece: Board) -> int:
        """The material of a piece, for move ordering (default: its stones or creatures)."""
        return sum(1 for ch in "".join(piece) if ch not in ".#")

    def _children(self, i: int, side: int) -> list[tuple[int, ...]]:
        """The positions (sorted piece ids) a move of ``side`` (0 Left) in piece ``i`` leaves."""
        table = self._kids[side]
        r = table.get(i)
        if r is None:
            seen: set[tuple[int, ...]] = set()
            r = []
            for res in self.piece_moves(self._boards[i], side == 0):
                kid = tuple(sorted(j for j in map(self._id, res) if self._live(j)))
                if kid not in seen:
                    seen.add(kid)
                    r.append(kid)
            table[i] = r
        return r

    def _key(self, comps: Sequence[Board]) -> tuple[int, ...]:  # type: ignore[override]
        return tuple(sorted(i for c in comps for i in self.split(c)))

    # -- search --------------------------------------------------------------------------

    def _expand(self, pos: tuple[int, ...], side: int, misere: bool) -> bool | list[tuple[int, ...]]:
        memo = self._memo[misere][1 - side]
        kids: list[tuple[int, tuple[int, ...]]] = []
        moved = False
        last = -1
        for k, i in enumerate(pos):
            if i == last:
                continue
            last = i
            rest = pos[:k] + pos[k + 1:]
            for res in self._children(i, side):
                moved = True
                child = tuple(sorted(rest + res)) if res else rest
                r = memo.get(child)
                if r is False:
                    return True
                if r is None:
                    kids.append((self._score(child), child))
        if not moved:
            return misere  # no move: the player to move wins in misère play, loses in normal
        if not kids:
            return False
        kids.sort()
        return [c for _, c in kids]

    def solve(self, pos: tuple[int, ...], left: bool, misere: bool = True) -> bool:
        """Does the player to move win ``pos`` (sorted piece ids)? The engine is chosen as the
        module docstring says (:data:`ENGINE`)."""
        r = self._memo[misere][0 if left else 1].get(pos)
        if r is not None:
            return r
        if ENGINE != "multiset":
            bb = self.bitboard([self._boards[i] for i in pos])
            if ENGINE == "auto" and not compiled_loaded():
                try:
                    if self.python_search == "bits" and bb is not None and bb[0] in board_py.GAMES:
                        return board_py.wins(bb[0], bb[1], bb[2], left, bb[5], misere, PYTHON_BITS_FIRST)
                    return self._solve_multiset(pos, left, misere, PYTHON_FIRST)
                except (_Handover, board_py.Allowance):
                    pass
            if bb is not None and (bb[0] == "cram" and ENGINE == "auto" or
                                   ENGINE == "regions" and bb[0] in ("cram", "clobber")):
                from misere.rulesets import region_jit  # numba is imported on first use only
                if region_jit.available or ENGINE == "regions":
                    return region_jit.wins(region_jit.GAMES[bb[0]], bb[1], bb[2], left, misere)
            if bb is not None:
                from misere.rulesets import board_jit  # numba is imported on first use only
                if board_jit.available or ENGINE == "compiled":
                    game, a, b, rows, cols, onboard = bb
                    return board_jit.wins(board_jit.GAMES[game], a, b, left, rows, cols, onboard, misere)
        return self._solve_multiset(pos, left, misere)

    def _solve_multiset(self, pos: tuple[int, ...], left: bool, misere: bool, limit: int | None = None) -> bool:
        """The multiset search; raises :class:`_Handover` after ``limit`` expansions (its memo
        stays exact: only finished positions are stored)."""
        count = [0]

        def expand(p: tuple[int, ...], s: int) -> bool | list[tuple[int, ...]]:
            count[0] += 1
            if limit is not None and count[0] > limit:
                raise _Handover
            return self._expand(p, s, misere)

        return mover_wins(pos, 0 if left else 1, expand, self._memo[misere])

    def _wins(self, pos: tuple[int, ...], left: bool) -> bool:  # type: ignore[override]
        return self.solve(pos, left, True)

    def outcome(self, position: Any, normal: bool = False) -> Outcome:
        """Misère outcome (normal-play outcome with ``normal=True``) by search over the
        multiset of canonical pieces."""
        comps = self.components(position)
        pos = self._key(comps)
        try:
            return Outcome.from_pair(self.solve(pos, True, not normal), self.solve(pos, False, not normal))
        except BudgetExceededError as e:
            memo = self._memo[not normal]
            e.partial.update({"ruleset": self.name, "position": self.format(comps)[:200], "pieces": len(pos),
                              "distinct_pieces_met": len(self._boards),
                              "positions_solved": len(memo[0]) + len(memo[1])})
            raise

    def normal_outcome(self, position: Any) -> Outcome:
        """Normal-play outcome (the last player to move wins)."""
        return self.outcome(position, normal=True)

    def winning_moves(self, position: Any, player: str | None = None,
                      normal: bool = False) -> dict[str, list[Any]]:
        """Winning moves of each player moving first (misère; normal play with ``normal=True``)."""
        if not normal:
            return super().winning_moves(position, player)
        out: dict[str, list[Any]] = {}
        for p in ["Left", "Right"] if player is None else [player]:
            left = p.strip().lower() in ("left", "l")
            out["Left" if left else "Right"] = [mv for mv, after in self.moves(position, p)
                                                if not self.solve(self._key(after), not left, False)]
        return out

    def play_notes(self, position: Any, misere: Outcome) -> dict[str, Any]:
        """What ``misere play`` adds to the misère outcome: the normal-play outcome."""
        return {"normal_play_outcome": self.normal_outcome(position).value}

    def piece_count(self) -> int:
        """Number of distinct canonical pieces met so far."""
        return len(self._boards)
