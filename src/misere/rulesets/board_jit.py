"""One compiled outcome search for the board rulesets Domineering, Cram, Clobber, Konane and Toads
and Frogs (issue 10 item 3, issue 23 item 3), numba when present; the rules are
:mod:`misere.rulesets.board_rules_jit`.

The search is the definition of the outcome (misère play: a player with no move wins, Siegel
003 §2; normal play: such a player loses, Winning Ways ch. 2), on whole boards: depth first
with an explicit stack of numpy arrays, every child put in canonical form
(:func:`~misere.rulesets.board_rules_jit.canon`) and looked up first (one known lost for the
opponent ends the node), the others tried in the order of
:func:`~misere.rulesets.board_rules_jit.score`, least first. A position is two ``int64`` words
and a side; the ruleset is a number (``game``) the kernels branch on, so one compiled driver
serves all five rulesets (:mod:`misere.rulesets.grid_jit` is Domineering's entry point). The
order of trial, 2 x (the opponent's moves) - (the mover's moves) after the move, is the one
that expanded the fewest positions of eight measured on Domineering 6x6 and 6x7 (see
benchmarks/README.md).

The memo is a bounded transposition table of :mod:`misere.core.hashtable_jit` (one word a slot
for Cram, whose key fits in 56 bits; two words for the others), buckets of 4 with replacement
of the entry with the smallest subtree. It grows by doubling while 70 % full up to
:data:`MAX_SLOTS` (or what :func:`misere.budget.reserve` allows) and then replaces entries; the
answer is exact whatever the size (a lost entry is searched again; the game tree is finite and
acyclic). Each (ruleset, play convention) has its own table, kept between calls; a Konane table
is also tied to the board's squares (its keys are the stones only), and starts afresh for
another board.

The kernel runs at most :data:`CHUNK` expansions per call and returns to Python, which checks
the budget (:func:`misere.budget.current`) and resumes where it stopped.

References: misère outcomes, Siegel 003 §2; transposition tables with replacement, Breuker,
Uiterwijk and van den Herik (1994).
"""
from __future__ import annotations

import sys

import numpy as np

from misere.budget import current as _current
from misere.budget import reserve as _reserve
from misere.core import cache
from misere.core import hashtable_jit as ht
from misere.core import jit as _jit
from misere.core.jit import available, njit as _njit
from misere.errors import BudgetExceededError
from misere.rulesets import board_rules_jit as rules
from misere.rulesets.board_rules_jit import CLOBBER, CRAM, DOMINEERING, KONANE, TOADS

__all__ = ["available", "warm", "wins", "stats", "configure", "CHUNK", "MAX_SLOTS", "DOMINEERING", "CRAM",
           "CLOBBER", "KONANE", "TOADS", "NAMES", "GAMES"]

#: expansions per compiled call between two budget checks
CHUNK = 200_000
#: a table stops growing here (one-word: 512 MiB; two-word: 1 GiB) and replaces entries instead
MAX_SLOTS = 1 << 26
NAMES = {DOMINEERING: "Domineering", CRAM: "Cram", CLOBBER: "Clobber", KONANE: "Konane", TOADS: "Toads and Frogs"}
#: the ``game`` numbers of the rulesets' names (:meth:`misere.rulesets.board_base.BoardRuleset.bitboard`)
GAMES = {"domineering": DOMINEERING, "cram": CRAM, "clobber": CLOBBER, "konane": KONANE, "toads-and-frogs": TOADS}
_FULL, _MORE = -1, -2


@_njit(cache=True)
def _lookup(tab, words, game, a, b, side, shift):  # pragma: no cover - compiled
    """-1 unknown, 1 the player ``side`` (0 Left) to move wins canonical ``(a, b)``, 0 loses."""
    k1, k2 = rules.table_key(game, a, b)
    v = ht.probe(tab, k2, shift) if words == 1 else ht.probe2(tab, k1, k2, shift)
    v >>= 2 * side
    return (v >> 1) & 1 if v & 1 else -1


@_njit(cache=True)
def _store(tab, words, game, a, b, side, win, weight, shift, tstats):  # pragma: no cover - compiled
    k1, k2 = rules.table_key(game, a, b)
    bits = (1 + 2 * win) << (2 * side)
    if game == CRAM:  # impartial: the same for both sides
        bits = (1 + 2 * win) * 5
    if words == 1:
        ht.store(tab, k2, bits, weight, shift, tstats)
    else:
        ht.store2(tab, k1, k2, bits, weight, shift, tstats)


@_njit(cache=True)
def _expand(tab, words, game, a, b, side, ctx, raw, kids, scores, d, shift):  # pragma: no cover
    """Fill ``kids[d]`` (rows: a, b, side) with the unknown children of ``(a, b)`` (canonical) in
    search order; return their number, or -1 when the mover wins at once."""
    m = rules.children(game, a, b, side, ctx, raw)
    if m == 0:
        return -1 if ctx[rules.MISERE] else 0  # no move: misère, the mover wins; normal, loses
    if rules.settled(game, a, b, side, ctx) == 0:
        return 0
    n = 0
    for i in range(m):
        ca, cb = raw[i, 0], raw[i, 1]
        s = rules.score(game, ca, cb, 1 - side, ctx)
        ca, cb, cs = rules.canon(game, ca, cb, 1 - side, ctx)
        r = _lookup(tab, words, game, ca, cb, cs, shift)
        if r == 0:
            return -1
        if r == -1:
            j = n
            while j > 0 and scores[j - 1] > s:  # insertion sort, stable
                scores[j] = scores[j - 1]
                kids[d, j, 0] = kids[d, j - 1, 0]
                kids[d, j, 1] = kids[d, j - 1, 1]
                kids[d, j, 2] = kids[d, j - 1, 2]
                j -= 1
            scores[j] = s
            kids[d, j, 0] = ca
            kids[d, j, 1] = cb
            kids[d, j, 2] = cs
            n += 1
    return n


@_njit(cache=True)
def _search(tab, words, game, tstats, ctx, raw, kids, scores, pos, nk, nxt, start, sc, limit, shift,
            may_grow):  # pragma: no cover - compiled
    """Resume the search on the stack (``sc``: depth, pending child result, expansions so far;
    ``pos[d]``: a, b, side of the position at depth ``d``). Return 1/0: the root's mover
    wins/loses; -1 the table wants to grow; -2 ``limit`` hit."""
    d, res, total = sc[0], sc[1], sc[2]
    steps = 0
    result = _MORE
    while True:
        if res == 0 or nxt[d] == nk[d]:
            win = 1 if res == 0 else 0
            if may_grow and tstats[0] * 10 >= tab.size // words * 7:
                result = _FULL
                break
            w = 0
            x = total - start[d] if ctx[rules.WEIGHTED] else 0
            while x and w < 15:
                x >>= 1
                w += 1
            _store(tab, words, game, pos[d, 0], pos[d, 1], pos[d, 2], win, w, shift, tstats)
            res = win
            if d == 0:
                result = win
                break
            d -= 1
            continue
        res = -1
        ca, cb, cs = kids[d, nxt[d], 0], kids[d, nxt[d], 1], kids[d, nxt[d], 2]
        r = _lookup(tab, words, game, ca, cb, cs, shift)
        if r != -1:
            nxt[d] += 1
            res = r
            continue
        if steps >= limit:
            break
        steps += 1
        total += 1
        n = _expand(tab, words, game, ca, cb, cs, ctx, raw, kids, scores, d + 1, shift)
        nxt[d] += 1
        if n < 0:
            res = 1
            continue
        if n == 0:
            res = 0
            continue
        d += 1
        pos[d, 0], pos[d, 1], pos[d, 2] = ca, cb, cs
        nk[d], nxt[d], start[d] = n, 0, total
    sc[0], sc[1], sc[2] = d, res, total
    return result


class _Table:
    """One memo: the slots (``words`` a slot), their shift, [used, evicted, stores], and the
    context it belongs to (Konane: the board's squares)."""

    def __init__(self, words: int, size: int = 1 << 14, owner: int = 0) -> None:
        self.words, self.owner = words, owner
        self.tab = ht.new_table(size) if words == 1 else ht.new_table2(size)
        self.shift = ht.bucket_shift(size)
        self.stats = np.zeros(3, np.int64)
        self.expansions = 0
        self.max_slots = max(size, _max_slots or MAX_SLOTS >> (words - 1))

    @property
    def slots(self) -> int:
        return self.tab.size // self.words

    def grow(self) -> bool:
        """Double the table if allowed (size cap and memory budget); False when it may not."""
        size = 2 * self.slots
        if size > self.max_slots:
            return False
        try:
            _reserve(8 * self.words * size, "a board transposition table")
        except BudgetExceededError:
            self.max_slots = self.slots
            return False
        fresh = np.zeros(3, np.int64)
        if self.words == 1:
            new = ht.new_table(size)
            ht.rehash(self.tab, new, ht.bucket_shift(size), fresh)
        else:
            new = ht.new_table2(size)
            ht.rehash2(self.tab, new, ht.bucket_shift(size), fresh)
        self.tab, self.shift, self.stats[0] = new, ht.bucket_shift(size), fresh[0]
        return True


_tables: dict[tuple[int, bool], _Table] = {}
_start_slots = 1 << 14
_max_slots = 0  # set by configure (0: MAX_SLOTS)

#: whether the kernels have run in this process (loaded or compiled): callers with a choice of
#: engine use the compiled search from then on (:func:`misere.rulesets.grid_bits.compiled_loaded`)
warm = False


@cache.on_clear
def _reset() -> None:
    global _start_slots, _max_slots
    _tables.clear()
    _start_slots, _max_slots = 1 << 14, 0


def configure(slots: int, max_slots: int | None = None) -> None:
    """Tables made from now on start with ``slots`` slots and grow up to ``max_slots`` (default
    ``slots``: a fixed size, with replacement); the tables in use are dropped."""
    global _start_slots, _max_slots
    _tables.clear()
    _start_slots = slots
    _max_slots = max_slots or slots


def stats(game: int, misere: bool = True) -> dict[str, int]:
    """Slots, slots in use, entries evicted, stores and positions expanded by the searches of one
    ruleset and convention so far."""
    t = _tables.get((game, misere))
    if t is None:
        return {"slots": 0, "used": 0, "evicted": 0, "stores": 0, "expansions": 0}
    return {"slots": t.slots, "used": int(t.stats[0]), "evicted": int(t.stats[1]),
            "stores": int(t.stats[2]), "expansions": t.expansions}


def _table(game: int, misere: bool, owner: int) -> _Table:
    t = _tables.get((game, misere))
    if t is None or t.owner != owner:
        words = 1 if game == CRAM else 2
        _reserve(8 * words * _start_slots, "a board transposition table")
        t = _tables[(game, misere)] = _Table(words, _start_slots, owner)
    return t


def _depth(game: int, a: int, b: int) -> int:
    """More than the longest game from ``(a, b)``: every move covers two squares (Cram), removes
    a stone (Clobber, Konane) or moves a creature one or two squares on (Toads and Frogs)."""
    if game == CRAM or game == DOMINEERING:
        return a.bit_count() // 2 + 2
    if game != TOADS:
        return (a | b).bit_count() + 2
    n = b.bit_length() - 1
    return sum(n - 1 - i for i in range(n) if a >> i & 1) + sum(i for i in range(n) if b >> i & 1) + 2


def wins(game: int, a: int, b: int, left: bool, rows: int, cols: int, onboard: int = 0,
         misere: bool = True, on_chunk=None, symmetry: int = 2, weighted: bool = True) -> bool:
    """Does the player to move (Left if ``left``) win the position ``(a, b)`` of ruleset ``game``
    on a ``rows x cols`` frame at square (0, 0) (Toads and Frogs: a strip, ``rows = 1``)?

    ``onboard``: Konane's board squares (the others are not on the board). Misère play unless
    ``misere=False``. ``symmetry``: 0 none, 1 the reflections, 2 all that keep the game (the
    default); ``weighted``: replace the entry of least subtree (else the oldest).
    ``on_chunk(expansions, path)``, if given, is called after every chunk (progress logs):
    ``path`` lists, for the top three levels of the stack, (children tried, children). Raises
    :class:`~misere.errors.BudgetExceededError` when the budget in force runs out (checked
    after every :data:`CHUNK` expansions)."""
    global warm
    if not warm:  # load (or compile, saying so) every kernel on tiny boards first
        with _jit.compiling(sys.modules[__name__], "the board searches"):
            for g, x, y, h, o in ((DOMINEERING, 0x70707, 0, 3, 0), (CRAM, 0x303, 0, 2, 0),
                                  (CLOBBER, 0x5, 0x2, 1, 0), (KONANE, 0x1, 0x2, 1, 0x7),
                                  (TOADS, 0x1, 0x10, 1, 0)):
                _wins(g, x, y, True, h, 3, o, True, owner=-1)  # h: not ``rows``, the caller's
            _tables.clear()
        warm = True
    return _wins(game, a, b, left, rows, cols, onboard, misere, on_chunk, symmetry, weighted)


def _symmetries(game: int, rows: int, cols: int, onboard: int, symmetry: int = 2) -> int:
    """The set (bit ``g``) of frame symmetries :func:`~misere.rulesets.board_rules_jit.image`
    ``g`` that keep the game and the frame (positions are generated from their canonical forms,
    so these must lie in the frame too): the eight of a square frame, the four reflections of
    another; for Konane only those mapping its board onto itself."""
    if game == TOADS or symmetry == 0:
        return 1
    gs = range(8) if rows == cols and symmetry == 2 else range(4)
    if game == KONANE:
        return sum(1 << g for g in gs if rules.image(onboard, g, rows, cols) == onboard)
    return sum(1 << g for g in gs)


def _wins(game: int, a: int, b: int, left: bool, rows: int, cols: int, onboard: int, misere: bool,
          on_chunk=None, symmetry: int = 2, weighted: bool = True, owner: int | None = None) -> bool:
    if game == TOADS and not (0 <= a < 1 << 55 and 1 <= b < 1 << 56 and a < b):
        raise ValueError("a Toads and Frogs strip has at most 55 squares")
    if game != TOADS and not (0 <= a < 1 << 63 and 0 <= b < 1 << 63 and rows <= 8 and cols <= 7):
        raise ValueError("position does not fit in a 64-bit board of 8 rows and 7 columns")
    ctx = np.zeros(rules.CTX, np.int64)
    ctx[rules.ROWS], ctx[rules.COLS], ctx[rules.ONBOARD] = rows, cols, onboard
    ctx[rules.SYMS] = _symmetries(game, rows, cols, onboard, symmetry)
    ctx[rules.MISERE], ctx[rules.WEIGHTED] = misere, weighted
    t = _table(game, misere, onboard if owner is None and game == KONANE else (owner or 0))
    ra, rb, side = rules.canon(game, a, b, 0 if left else 1, ctx)
    r = _lookup(t.tab, t.words, game, ra, rb, side, t.shift)
    if r != -1:
        return bool(r)
    depth = _depth(game, a, b)
    width = 64 if game == TOADS else rules.MAX_KIDS
    raw = np.empty((width, 2), np.int64)
    kids = np.empty((depth, width, 3), np.int64)
    pos = np.zeros((depth, 3), np.int64)
    nk, nxt, start = (np.zeros(depth, np.int64) for _ in range(3))
    scores, sc = np.empty(width, np.int64), np.zeros(3, np.int64)
    n = _expand(t.tab, t.words, game, ra, rb, side, ctx, raw, kids, scores, 0, t.shift)
    if n <= 0:
        _store(t.tab, t.words, game, ra, rb, side, int(n < 0), 0, t.shift, t.stats)
        return n < 0
    pos[0, 0], pos[0, 1], pos[0, 2], nk[0], sc[1] = ra, rb, side, n, -1
    done = 0
    while True:
        r = _search(t.tab, t.words, game, t.stats, ctx, raw, kids, scores, pos, nk, nxt, start, sc,
                    max(CHUNK, 1), t.shift, t.slots < t.max_slots)
        t.expansions += int(sc[2]) - done
        done = int(sc[2])
        if r >= 0:
            return bool(r)
        if r == _FULL and not t.grow():
            t.max_slots = t.slots
        if on_chunk is not None:
            on_chunk(done, [(int(nxt[i]), int(nk[i])) for i in range(min(int(sc[0]) + 1, 3))])
        try:
            _current().check(force=True)  # once per chunk: read the clock every time
        except BudgetExceededError as err:
            err.partial.update({"search": f"{'misère' if misere else 'normal'} {NAMES[game]}",
                                "positions_expanded": done, "table": stats(game, misere)})
            raise
