"""Outcomes of Sprouts positions, normal and misère, from values of independent lands (issue 23).

A position is a sum of independent lands (:mod:`misere.rulesets.sprouts`), each keyed by
:func:`~misere.rulesets.sprouts_canon.canonical_land`. The search follows Lemoine and Viennot:

* **normal play** (*Computer analysis of Sprouts with nimbers*, arXiv 1008.2320, §3): a land with
  at most ``small`` lives is replaced by its nimber (Sprague-Grundy value, computed whole by
  the mex rule), so a position is a tuple of large lands plus one nim heap ``*k``; the player
  to move wins iff some move (in a large land, or ``*k -> *j``, ``j < k``) reaches a loss.
  With no large land left the position is won iff ``k != 0`` (Sprague-Grundy theorem);
* **misère play** (*Analysis of misère Sprouts game with reduced canonical trees*, arXiv
  0908.4407, §2-3): a small land is replaced by its misère canonical form (Conway, ONAG ch. 12;
  :mod:`misere.impartial.canonical`), the canonical forms of the small lands of a position are
  added into one canonical form ``g`` (:func:`~misere.impartial.canonical.add_canonical`), and the
  search runs over (large lands, ``g``): a move is a move in a large land or ``g -> g'`` for an
  option ``g'`` of ``g``; with no large land left the position is won iff ``g`` is not a misère
  P-position. Replacing a component by its canonical form keeps the misère outcome of every sum
  with impartial games (equality modulo impartial games is a congruence), so the answers are
  exact. Lemoine and Viennot's *reduced canonical trees* are these canonical forms (their rules
  are cases of Conway's simplification); they give trees to larger lands, as
  :class:`~misere.rulesets.sprouts_reduced.ReducedSolver` does.

Two ways of searching less (issue 23 item 2; neither changes an answer):

* the moves of a land are made as drawn (cheap) and each is keyed
  (:func:`~misere.rulesets.sprouts.simplify_land`, the costly part) only when the search asks
  for it, so a position decided by its third child does not key the thirtieth;
* **widening**: a position with at least :data:`WIDEN` lives tries its children in rounds,
  each child within an effort (positions searched) that grows :data:`WIDEN_GROWTH`-fold from
  round to round, so that one losing child with a short proof is found before the children
  whose proofs are long. Lemoine and Viennot (arXiv 1008.2320, *Computer analysis of Sprouts
  with nimbers*) forced their program by hand "to search elsewhere" when a part of the tree
  seemed too difficult; this does it automatically (an iterative widening in the spirit of
  proof-number search). A try cut short stores nothing about the cut positions; everything it
  finished stays memoised.

Every value is exact (recursion to the end, no heuristic cut); budgets only stop the search.
Values of lands and outcomes of large positions go to a :class:`~misere.rulesets.sprouts_store.SproutsStore`
when one is given, so a later run reuses them.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from misere import budget
from misere.impartial.canonical import add_canonical, is_p_position, options, simplify
from misere.core.table import ZERO
from misere.rulesets.sprouts import Land, land_moves, simplify_land
from misere.rulesets.sprouts_canon import keyed_by, lives

__all__ = ["SproutsSolver", "SMALL", "PLAY_KEYS", "WIDEN", "WIDEN_START", "WIDEN_GROWTH"]

#: lands with at most this many lives are replaced by their value (nimber or canonical form);
#: 4 visited the fewest lands on misère 6 spots (2 177, against 2 441 with 7 and 6 837 with 10)
SMALL = 4

#: the land keys each play searches with by default (:func:`~misere.rulesets.sprouts_canon.keyed_by`):
#: the keys fix the order in which equally large moves are tried, and that order decides more
#: than the keys' speed. Misère 8 spots: walk keys 251 CPU s, solved (not reached with search
#: keys); normal 8 spots: search keys 319 s, walk keys over 900 s (2026-11-26, load 2-9).
PLAY_KEYS = {"misere": "walk", "normal": "search"}

#: positions with at least this many lives (in their large lands) try their children by
#: :meth:`SproutsSolver._widening`. With 12 (commit of this line, shared 2-core machine): normal
#: 9 spots in 10.8 CPU s against 229 s without, normal 8 in 134-151 s against 198 s, misère 8
#: in 58-60 s against 251 s (main), misère 9 in 586 s against 1,824 s
WIDEN = 12

#: effort (positions searched) of the first round of :meth:`SproutsSolver._widening`, and the
#: factor between one round's effort and the next
WIDEN_START = 64
WIDEN_GROWTH = 4


class _OutOfEffort(Exception):
    """A bounded try of :meth:`SproutsSolver._widening` ran out of effort."""


class _Children:
    """The moves of one land: the lands each leaves as drawn (cheap to make), and their keys,
    made on first use (:func:`~misere.rulesets.sprouts.simplify_land`, the costly part)."""

    __slots__ = ("drawn", "keyed")

    def __init__(self, drawn: list[tuple[Land, ...]]) -> None:
        self.drawn: list[tuple[Land, ...] | None] = list(drawn)
        self.keyed: list[tuple[Land, ...] | None] = [None] * len(drawn)


class SproutsSolver:
    """Normal and misère outcomes of Sprouts positions (sums of lands), with memo tables.

    Parameters
    ----------
    store : SproutsStore, optional
        Values and outcomes read from and written to a persistent store.
    small : int
        Lands with at most this many lives are replaced by their value.
    progress : callable, optional
        ``progress(**fields)`` called now and then with the table sizes.
    method : {"walk", "search"}, optional
        The land keys to search with; by default :data:`PLAY_KEYS` of the play.
    widen : int or None
        Positions with at least this many lives search their children by rounds of growing
        effort (:meth:`_widening`); ``None``: in order, each to the end.
    endgames : EndgameTable, optional
        A misère position all of whose lands are in this table (plus a folded form with a known
        element) is answered by look-up in the quotient (:mod:`~misere.rulesets.sprouts_endgames`).
    """

    def __init__(self, store: Any = None, small: int = SMALL, progress: Any = None,
                 method: str | None = None, widen: int | None = WIDEN, endgames: Any = None) -> None:
        self.store = store
        self.widen = widen
        self._limit: int | None = None
        self.method = method
        self.small = small
        self.progress = progress
        self._moves: dict[Land, _Children] = {}
        self._nimber: dict[Land, int] = {}
        self._form: dict[Land, int] = {}
        self._wins: dict[tuple[str, tuple[Land, ...], int], bool] = {}
        self._calls = 0
        self.endgames = None
        self.use_endgames(endgames)

    def use_endgames(self, table: Any) -> None:
        """Answer misère positions of the lands of ``table`` (an
        :class:`~misere.rulesets.sprouts_endgames.EndgameTable`; ``None``: none) by look-up."""
        self.endgames = None if table is None else table.form_elements()

    # -- lands ---------------------------------------------------------------------------

    def moves(self, land: Land) -> list[tuple[Land, ...]]:
        """The positions (tuples of keyed lands) one move leaves in ``land``, without repeats,
        smallest largest land first (they are decided fastest)."""
        e = self._entry(land)
        return list(dict.fromkeys(self._child(e, i) for i in range(len(e.keyed))))

    def _entry(self, land: Land) -> "_Children":
        e = self._moves.get(land)
        if e is None:
            drawn = [tuple(after) for _, after in land_moves(land, raw=True)]
            drawn.sort(key=lambda after: (max((lives(x) for x in after), default=0), len(after)))
            e = self._moves[land] = _Children(drawn)
        return e

    @staticmethod
    def _child(e: "_Children", i: int) -> tuple[Land, ...]:
        """The ``i``-th move of an entry, its lands keyed (on first use)."""
        k = e.keyed[i]
        if k is None:
            k = e.keyed[i] = tuple(sorted((simplify_land(x) for x in e.drawn[i]), key=repr))
            e.drawn[i] = None
        return k

    def _children(self, big: tuple[Land, ...]) -> Iterator[tuple[Land, ...]]:
        """The positions one move leaves in the sum ``big``, keyed one at a time as they are
        asked for (a search that stops at the first losing child keys only the ones before)."""
        seen = set()
        for i, x in enumerate(big):
            if x not in seen:
                seen.add(x)
                rest = big[:i] + big[i + 1:]
                e = self._entry(x)
                for j in range(len(e.keyed)):
                    yield rest + self._child(e, j)

    def nimber(self, land: Land) -> int:
        """Normal-play nimber of one land: the mex rule for small lands, else the least ``k``
        with ``land + *k`` a second-player win."""
        r = self._nimber.get(land)
        if r is None and self.store is not None:
            r = self.store.nimber(land)
        if r is None:
            if lives(land) <= self.small:
                seen = set()
                for after in self.moves(land):
                    x = 0
                    for other in after:
                        x ^= self.nimber(other)
                    seen.add(x)
                r = 0
                while r in seen:
                    r += 1
            else:
                r = 0
                while self._win("normal", (land,), r):
                    r += 1
            if self.store is not None:
                self.store.put_nimber(land, r)
        self._nimber[land] = r
        return r

    def form(self, land: Land) -> int:
        """Misère canonical form (a game id) of one land, built from its options' forms."""
        r = self._form.get(land)
        if r is None and self.store is not None:
            r = self.store.form(land)
        if r is None:
            budget.check()
            r = simplify(self._sum_forms(after) for after in self.moves(land))
            if self.store is not None:
                self.store.put_form(land, r)
        self._form[land] = r
        return r

    def _reduces(self, land: Land) -> bool:
        """Is ``land`` (a large land, its form not yet known) replaced by its misère canonical
        form in misère play? Never here; :class:`~misere.rulesets.sprouts_reduced.ReducedSolver`
        replaces more lands (reduced canonical trees)."""
        return False

    def _sum_forms(self, lands: tuple[Land, ...]) -> int:
        g = ZERO
        for x in lands:
            g = add_canonical(g, self.form(x))
        return g

    # -- positions -----------------------------------------------------------------------

    def _fold(self, play: str, lands: tuple[Land, ...], v: int,
              compute: bool = True) -> tuple[tuple[Land, ...], int] | None:
        big = []
        for x in lands:
            if play == "normal":
                if lives(x) <= self.small or x in self._nimber:
                    v ^= self.nimber(x)
                    continue
            elif lives(x) <= self.small or x in self._form or self._reduces(x):
                w = add_canonical(v, self.form(x))
                if self.endgames is not None:
                    self.endgames.fold(v, x, w)
                v = w
                continue
            big.append(x)
        if play == "normal" and len(big) > 1:
            # Lemoine-Viennot 1008.2320 §3: every land but the largest is replaced by its nimber
            big.sort(key=lives)
            for x in big[:-1]:
                if not compute and x not in self._nimber:
                    return None
                v ^= self.nimber(x)
            big = big[-1:]
        return tuple(sorted(big, key=repr)), v

    def _win(self, play: str, lands: tuple[Land, ...], v: int) -> bool:
        big, v = self._fold(play, lands, v)
        if not big:
            return v != 0 if play == "normal" else not is_p_position(v)
        r = self._looked_up(play, big, v)
        if r is not None:
            return r
        key = (play, big, v)
        r = self._wins.get(key)
        if r is None and self.store is not None:
            r = self.store.win(play, big, v)
        if r is not None:
            self._wins[key] = r
            return r
        budget.check()
        self._calls += 1
        if self._limit is not None and self._calls > self._limit:
            raise _OutOfEffort
        if self.progress is not None and not self._calls & 1023:
            self.progress(positions=len(self._wins), lands=len(self._moves), largest_lives=sum(map(lives, big)))
        # a child already known to be lost decides at once (transpositions, small sums)
        r = any(self._known(play, c, v) is False for c in self._children(big))
        if not r:
            heap = range(v) if play == "normal" else options(v)
            if self.widen is not None and sum(map(lives, big)) >= self.widen:
                r = self._widening(play, big, v, heap)
            else:
                r = (any(not self._win(play, c, v) for c in self._children(big))
                     or any(not self._win(play, big, w) for w in heap))
        self._wins[key] = r
        if self.store is not None:
            self.store.put_win(play, big, v, r)
        return r

    def _widening(self, play: str, big: tuple[Land, ...], v: int, heap: Any) -> bool:
        """Is some child of ``big`` + ``v`` lost? Children are tried in rounds, each within an
        effort (positions searched) :data:`WIDEN_GROWTH` times the last round's, so that a child
        whose proof is cheap is found before one whose proof is long (Lemoine and Viennot,
        arXiv 1008.2320, force their program by hand to search elsewhere when a child is too
        hard; this does it by effort). Every outcome memoised is exact (a try cut short stores
        nothing of the cut position), so the answer is the plain search's."""
        cands = self._candidates(big, v, heap)
        outer = self._limit
        effort = WIDEN_START
        try:
            while cands:
                left = []
                for c, w in cands:
                    self._limit = self._calls + effort if outer is None else min(outer, self._calls + effort)
                    try:
                        if not self._win(play, c, w):
                            return True
                    except _OutOfEffort:
                        if outer is not None and self._calls > outer:   # the enclosing try ran out too
                            raise
                        left.append((c, w))
                cands = left
                effort *= WIDEN_GROWTH
            return False
        finally:
            self._limit = outer

    def _candidates(self, big: tuple[Land, ...], v: Any, heap: Any) -> list[tuple[tuple[Land, ...], Any]]:
        """The children of ``big`` + ``v`` as :meth:`_widening` tries them, each position once,
        so that every position gets one effort per round: different moves often leave one
        position (the 10-spot start has 11 first moves and 6 positions after them), and trying
        it once per move gave it that many times the effort, each try walking again the path
        the last one cut (measured in benchmarks/README.md)."""
        first: dict[tuple[Land, ...], tuple[Land, ...]] = {}
        for c in self._children(big):   # the first move's order of lands is kept: in normal play
            first.setdefault(tuple(sorted(c, key=repr)), c)   # it decides which land keeps its search
        return [(c, v) for c in first.values()] + [(big, w) for w in heap]

    def _known(self, play: str, lands: tuple[Land, ...], v: int, stored: bool = False) -> bool | None:
        """The outcome of a position when it is known without search (``None`` otherwise), from
        the memo tables and, with ``stored``, the store too (the search itself reads the store
        only in :meth:`_win`, once per position it expands)."""
        folded = self._fold(play, lands, v, compute=False)
        if folded is None:
            return None
        big, v = folded
        if not big:
            return v != 0 if play == "normal" else not is_p_position(v)
        r = self._looked_up(play, big, v)
        if r is None:
            r = self._wins.get((play, big, v))
        if r is None and stored and self.store is not None:
            r = self.store.win(play, big, v)
        return r

    def _looked_up(self, play: str, big: tuple[Land, ...], v: int) -> bool | None:
        """The misère outcome of ``big`` + ``v`` from the endgame table, when it has one."""
        return self.endgames.wins(big, v) if play == "misere" and self.endgames is not None else None

    def wins(self, lands: list[Land] | tuple[Land, ...], play: str = "misere") -> bool:
        """Does the player to move win the sum of ``lands`` (any keys) in ``play``
        (``"misere"`` or ``"normal"``)?"""
        with keyed_by(self._method(play)):
            return self._win(play, *self._keyed(lands, play))

    def known(self, lands: list[Land] | tuple[Land, ...], play: str = "misere") -> bool | None:
        """The outcome of the sum of ``lands`` when this solver (its memo tables and store) knows
        it without searching, else ``None``: a search that answered N stored the child it found
        lost, so the winning move it proved is found again by look-up, not by a new search."""
        with keyed_by(self._method(play)):
            return self._known(play, *self._keyed(lands, play), stored=True)

    def _method(self, play: str) -> str:
        """The land keys ``play`` searches with (``play`` checked)."""
        if play not in ("misere", "normal"):
            raise ValueError(f"play is 'misere' or 'normal', got {play!r}")
        return self.method or PLAY_KEYS[play]

    @staticmethod
    def _keyed(lands: list[Land] | tuple[Land, ...], play: str) -> tuple[tuple[Land, ...], Any]:
        """The lands under the keys in force (:func:`keyed_by`) and the start value of ``play``:
        the nim heap ``0`` or the misère form ``0``."""
        return tuple(simplify_land(x) for x in lands), 0 if play == "normal" else ZERO

    def stats(self) -> dict[str, int]:
        """Sizes of the memo tables, positions searched and (with an endgame table) looked up."""
        out = {"lands": len(self._moves), "nimbers": len(self._nimber), "forms": len(self._form),
               "positions": len(self._wins), "searched": self._calls}
        if self.endgames is not None:
            out["looked_up"] = self.endgames.hits
        return out

