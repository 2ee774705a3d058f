"""The least windows with which a candidate's outcomes are a function of the coarse state.

:func:`~.counters_data.build_certificate` reads a claim off a candidate: the data are the
candidate's outcomes at the points ``u`` of a grid of count sums (one row of outcomes, over the
monoid of the other heaps, per point), and the windows are the least (by total, then the first
window, then the second, ...) with which equal coarse states
(:func:`~.counters.coarse_state`) always carry equal rows. :class:`Fit` tests one window vector
and gives the table; :func:`least_windows` finds the least vector.

Why the search can skip the tables (:class:`Conflicts`)
-------------------------------------------------------
Two points ``u, u'`` with different rows *conflict* under windows ``w`` when their coarse states
agree. Their residues mod ``p`` do not depend on ``w``; each other coordinate agrees exactly when
its window is at most a threshold ``t`` read off the pair:

* a count read through ``min(u_i, w)``: always when ``u_i = u'_i``, else iff ``w <= min(u_i,
  u'_i)``;
* a difference ``d = u_i - u_j`` read through ``clip(d, -w, w)``: always when ``d = d'``; else,
  with ``d, d'`` both positive, iff ``w <= min(d, d')``; both negative, iff ``w <= min(-d,
  -d')``; otherwise only at ``w = 0`` (everything reads 0 there).

So ``w`` fits iff no conflicting pair (same residues, different rows) has ``w <= t``
componentwise. With every window at most ``cap``, a threshold above ``cap`` acts as ``cap``, and
a threshold vector below another one adds nothing: the test reads only the maximal vectors of
the clipped thresholds, a few dozen where :class:`Fit` builds the coarse states of every point
for each window vector tried (the Watcher tries hundreds of thousands of vectors a minute on
0.2036 at heap 11). The search itself, and so its answer, is the plain one: the tests compare
the two on random data.
"""
from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence

import numpy as np

from misere import budget
from misere.quotients.impartial.counters import State

__all__ = ["Fit", "Conflicts", "least_windows", "compositions"]


#: the most point pairs the thresholds are built from (some 100 MB at the most, six windows);
#: above it the search tests each window vector with :class:`Fit` (same answer, slower). The
#: hook's claims stay far below: about 400,000 pairs with three counts
MAX_PAIRS = 1_000_000
#: the most window vectors tested as one array; a larger box is walked a vector at a time
MAX_BOX = 2_000_000


class Fit:
    """``fit(windows)``: the table ``kappa -> P mask`` when the data are a function of the
    coarse state, else ``None`` (:func:`~.counters.coarse_state` on every point at once)."""

    def __init__(self, data: np.ndarray, tmat: np.ndarray, period: int,
                 points: np.ndarray | None = None, residues: np.ndarray | None = None,
                 classes: np.ndarray | None = None):
        if points is None:  # the data are a grid, one axis per count
            k = tmat.shape[1]
            points = np.indices(data.shape[:k]).reshape(k, -1).T.astype(np.int64)  # C order
        grid = np.asarray(points, dtype=np.int64)
        self.u = grid @ tmat.T  # the sums the coarse state reads, one row per point
        #: what the coarse state reads mod ``p``: the sums, or (weighted) the counts
        self.res = (self.u if residues is None else grid @ residues.T) % period
        self.rows = data.reshape(len(grid), -1)
        label: dict[bytes, int] = {}  # equal rows, equal labels (a dict: unique(axis=0) sorts)
        self.ids = np.array([label.setdefault(r, len(label))
                             for r in map(bytes, np.packbits(self.rows, axis=1))], dtype=np.int64)
        self.period = period
        forms = len(tmat)
        self.pairs = [(i, j) for i in range(forms) for j in range(i + 1, forms)]
        #: further columns the coarse state reads as they are, whatever the windows (the
        #: weighted shape's ``min(n_i, C)``), each in ``[0, C]``
        self.cls = np.zeros((len(grid), 0), dtype=np.int64) if classes is None else \
            np.asarray(classes, dtype=np.int64).reshape(len(grid), -1)
        #: each point's class of residues mod ``p`` and ``cls`` (points in different classes
        #: never collide), one integer per point in mixed radix
        radix = [period] * self.res.shape[1] + [int(c.max(initial=0)) + 1 for c in self.cls.T]
        code = np.zeros(len(grid), dtype=np.int64)
        for col, r in zip(np.concatenate([self.res, self.cls], axis=1).T, radix):
            code = code * r + col
        self.residue = np.unique(code, return_inverse=True)[1].ravel()

    def pair_count(self) -> int:
        """How many pairs of points share their residues (what :class:`Conflicts` reads)."""
        sizes = np.bincount(self.residue)
        return int((sizes * (sizes - 1) // 2).sum())

    def __call__(self, windows: tuple[int, ...]) -> dict[State, np.ndarray] | None:
        k, u = self.u.shape[1], self.u
        cols = [np.minimum(u[:, i], windows[i]) for i in range(k)]
        cols += [np.clip(u[:, i] - u[:, j], -w, w) for (i, j), w in zip(self.pairs, windows[k:])]
        cols += list(self.res.T) + list(self.cls.T)
        radix = [2 * w + 2 for w in list(windows) + [self.period] * self.res.shape[1]
                 + [int(c.max(initial=0)) for c in self.cls.T]]
        if np.prod([float(r) for r in radix]) < 2.0 ** 62:
            code = np.zeros(len(u), dtype=np.int64)
            for c, r in zip(cols, radix):
                code = code * r + c + r // 2 - 1  # each column lies in [-w, w], [0, p) or [0, C]
        else:
            code = np.stack(cols, axis=1)
        _, first, inverse = np.unique(code, axis=0, return_index=True, return_inverse=True)
        if not np.array_equal(self.ids[first][inverse.ravel()], self.ids):
            return None
        return {tuple(int(c[n]) for c in cols): self.rows[n] for n in first}


class Conflicts:
    """``fits(windows)`` iff ``Fit(...)(windows)`` is not ``None``, for windows at most ``cap``
    (the module's lemma): the maximal threshold vectors of the conflicting pairs."""

    def __init__(self, fit: Fit, cap: int):
        u, ids = fit.u, fit.ids
        k = u.shape[1]
        coords = (np.concatenate([u, np.stack([u[:, i] - u[:, j] for i, j in fit.pairs], axis=1)],
                                 axis=1) if fit.pairs else u).astype(np.int32)
        found = []
        budget.reserve(20 * fit.pair_count() * coords.shape[1],
                       "the thresholds of the window search")
        for r in np.unique(fit.residue):
            pts = np.flatnonzero(fit.residue == r)
            i, j = np.triu_indices(len(pts), 1)
            keep = ids[pts[i]] != ids[pts[j]]
            a, b = coords[pts[i[keep]]], coords[pts[j[keep]]]
            t = np.empty_like(a)
            t[:, :k] = np.where(a[:, :k] == b[:, :k], cap, np.minimum(a[:, :k], b[:, :k]))
            da, db = a[:, k:], b[:, k:]
            same_sign = np.where((da > 0) & (db > 0), np.minimum(da, db),
                                 np.where((da < 0) & (db < 0), np.minimum(-da, -db), 0))
            t[:, k:] = np.where(da == db, cap, same_sign)
            found.append(_distinct(np.minimum(t, cap), cap))
            budget.check()
        rows = _distinct(np.concatenate(found), cap) if found else np.zeros((0, len(coords[0])),
                                                                             dtype=np.int64)
        self.maximal = _maximal(rows)

    def fits(self, windows: Sequence[int]) -> bool:
        """Whether the data are a function of the coarse state under ``windows``."""
        return not bool((self.maximal >= np.asarray(windows)).all(axis=1).any())


def _distinct(rows: np.ndarray, cap: int) -> np.ndarray:
    """The distinct rows of entries in ``[0, cap]``, in increasing order (``np.unique(rows,
    axis=0)``, through one integer per row when the rows fit one)."""
    base = cap + 1
    if rows.shape[1] * np.log2(base) >= 62:
        return np.unique(rows, axis=0)
    weights = base ** np.arange(rows.shape[1] - 1, -1, -1, dtype=np.int64)
    codes = np.unique(rows.astype(np.int64) @ weights)
    return (codes[:, None] // weights % base).astype(rows.dtype)


def _maximal(rows: np.ndarray) -> np.ndarray:
    """The rows not below another row componentwise (``rows`` distinct)."""
    order = np.argsort(-rows.sum(axis=1), kind="stable")
    rest, kept = rows[order], []
    while len(rest):
        top = rest[0]
        kept.append(top)
        rest = rest[1:][~(rest[1:] <= top).all(axis=1)]
    return np.array(kept, dtype=np.int64).reshape(-1, rows.shape[1])


def compositions(total: int, parts: int, cap: int, low: Sequence[int] | None = None
                 ) -> Iterator[tuple[int, ...]]:
    """Vectors of ``parts`` entries in ``[low_i, cap]`` (``low`` default 0) summing to
    ``total``, in lexicographic order."""
    low = tuple(low) if low is not None else (0,) * parts
    if parts == 1:
        if low[0] <= total <= cap:
            yield (total,)
        return
    for first in range(low[0], min(total, cap) + 1):
        for rest in compositions(total - first, parts - 1, cap, low[1:]):
            yield (first,) + rest


def least_windows(data: np.ndarray, tmat: np.ndarray, cap: int, period: int,
                  points: np.ndarray | None = None, residues: np.ndarray | None = None,
                  classes: np.ndarray | None = None
                  ) -> tuple[tuple[int, ...], dict[State, np.ndarray]] | None:
    """The windows of :func:`~.counters_data.build_certificate` and their table (``None``: none
    fits).

    Larger windows refine the coarse state, so the data fitting ``w`` fit every ``w' >= w``.
    Hence nothing fits when the finest windows ``(cap, ..., cap)`` do not, and a fitting ``w``
    has ``w_i >= low_i``, the least ``w_i`` that fits with every other window at ``cap``: the
    search skips only vectors that cannot fit, and returns what the plain search would. Each
    vector is tested by :class:`Conflicts` (:class:`Fit` when the points are too many to pair),
    and the table is built once, for the answer. ``points``, ``residues`` and ``classes``: as
    :class:`Fit` takes them (the weighted shape)."""
    k = len(tmat)
    size = k * (k + 1) // 2
    fit = Fit(data, tmat, period, points, residues, classes)
    conflicts = None if fit.pair_count() > MAX_PAIRS else Conflicts(fit, cap)
    fits = conflicts.fits if conflicts is not None else (lambda w: fit(w) is not None)
    if not fits((cap,) * size):
        return None
    if conflicts is not None:  # w_i = v, the rest at cap, fits iff v is above every threshold
        m = conflicts.maximal  # of the rows at cap elsewhere (thresholds are at most cap)
        low = [int(max([-1] + [int(r[i]) for r in m if all(r[j] == cap for j in range(size)
                                                             if j != i)])) + 1
               for i in range(size)]
    else:
        low = [next(v for v in range(cap + 1)
                    if fits(tuple(v if j == i else cap for j in range(size))))
               for i in range(size)]
    boxed = (cap + 1.0) ** size <= MAX_BOX
    found = (_least_in_box(conflicts.maximal, low, cap) if conflicts is not None and boxed
             else next((w for total in range(sum(low), size * cap + 1)
                        for w in _budgeted(compositions(total, size, cap, low)) if fits(w)), None))
    if found is None:
        return None
    table = fit(found)
    assert table is not None  # the lemma: Conflicts.fits is Fit's test
    return found, table


def _budgeted(vectors: Iterator[tuple[int, ...]]) -> Iterator[tuple[int, ...]]:
    budget.check()
    yield from vectors


def _least_in_box(maximal: np.ndarray, low: Sequence[int], cap: int) -> tuple[int, ...] | None:
    """The first fitting vector of the box ``[low, cap]`` by total, then lexicographically: the
    order of the plain search, tested a total at a time. The box is walked as ``u = w - low``;
    a maximal threshold vector under ``low`` somewhere is above no vector of it and is left
    out."""
    floor = np.asarray(low, dtype=np.int64)
    box, starts = _box_of(tuple(int(cap - v + 1) for v in low))
    rows = np.asarray(maximal, dtype=np.int64).reshape(-1, len(low)) - floor
    rows = rows[(rows >= 0).all(axis=1)]
    for total in range(len(starts) - 1):
        block = box[starts[total]:starts[total + 1]]
        bad = np.zeros(len(block), dtype=bool)
        for row in rows:
            bad |= (block <= row).all(axis=1)
        if not bad.all():
            return tuple(int(x) for x in block[int(np.argmin(bad))] + floor)
        budget.check()
    return None


@functools.lru_cache(maxsize=8)  # at most 6.4 MB each (six windows up to 8, int16)
def _box_of(sides: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    """Every vector of ``[0, sides_i)``, by total, lexicographically within a total, and where
    each total starts."""
    box = np.indices(sides, dtype=np.int16).reshape(len(sides), -1).T
    totals = box.sum(axis=1)
    order = np.argsort(totals, kind="stable")  # stable: lexicographic within a total
    return box[order], np.searchsorted(totals[order], np.arange(int(sum(sides)) + 1))
