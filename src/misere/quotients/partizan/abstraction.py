"""Linear forms and abstract states for the semilinear certificate (Siegel 003 §8; notes E.7).

The vocabulary of :mod:`misere.quotients.partizan.semilinear`: candidate forms (characters of
the faces' group completions), their greedy choice, the reduction ``ρ`` of a form's value to a
window and a residue, the fine states and their closure ``S`` under adding a component (an
over-approximation of the states of all words, pruned by an integer Fourier–Motzkin test).
The theorem these pieces serve is stated in :mod:`~misere.quotients.partizan.semilinear`.
"""
from __future__ import annotations

from collections import deque
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement, product
from math import gcd
from typing import Any, Callable, Mapping, Sequence

import numpy as np

from misere import budget
from misere.core.outcome import Outcome

__all__ = ["Abstraction", "Residues", "lookup", "face_characters", "choose_forms", "closure", "nullspace_basis", "FormData", "Word", "State"]

Word = tuple[int, ...]
Val = tuple[int, int]  # (kind, value): kind 0 exact value, 1 above (value mod p), -1 below
State = tuple[Val, ...]

#: at most this many abstract states (a deterministic limit: the proof then reports it)
MAX_STATES = 20_000


class Fail(Exception):
    """A step of the certificate does not apply; the message is the reason."""

def nullspace_basis(rows: Sequence[Sequence[int]], n: int) -> list[list[int]]:
    """Primitive integer vectors spanning the rational nullspace of ``rows`` (``n`` columns)."""
    m = [[Fraction(x) for x in r] for r in rows if any(r)]
    pivots: list[int] = []
    r = 0
    for c in range(n):
        p = next((i for i in range(r, len(m)) if m[i][c] != 0), None)
        if p is None:
            continue
        m[r], m[p] = m[p], m[r]
        m[r] = [x / m[r][c] for x in m[r]]
        for i in range(len(m)):
            if i != r and m[i][c] != 0:
                f = m[i][c]
                m[i] = [a - f * b for a, b in zip(m[i], m[r])]
        pivots.append(c)
        r += 1
    out = []
    for fc in (c for c in range(n) if c not in pivots):
        v = [Fraction(0)] * n
        v[fc] = Fraction(1)
        for i, c in enumerate(pivots):
            v[c] = -m[i][fc]
        den = 1
        for fr in v:
            den = den * fr.denominator // gcd(den, fr.denominator)
        iv = [int(fr * den) for fr in v]
        g = 0
        for x in iv:
            g = gcd(g, abs(x))
        out.append([x // g for x in iv])
    return out


def face_characters(rules: Sequence[tuple[Word, Word]], n: int, reach: int = 2) -> list[Word]:
    """Candidate linear forms: characters of the group completions of the faces.

    For every support ``σ`` of components, the relations whose two sides lie on ``σ`` span a
    lattice; every vector of its orthogonal complement in ``ℤ^σ`` (padded with zeros) is a
    linear form constant on the classes of the words supported on ``σ``. We list the
    combinations of a basis of each complement with coefficients in ``[-reach, reach]``
    (``[-1, 1]`` beyond three basis vectors), primitive, up to sign, without unit vectors.
    """
    found: list[Word] = []
    seen: set[Word] = set()
    for mask in range(1, 1 << n):
        face = [i for i in range(n) if mask >> i & 1]
        rows = [[l[i] - r[i] for i in face] for l, r in rules
                if all((l[i] == 0 and r[i] == 0) or (mask >> i & 1) for i in range(n))]
        basis = nullspace_basis(rows, len(face))
        if len(basis) > 6:
            continue
        k = reach if len(basis) <= 3 else 1
        for coeffs in product(range(-k, k + 1), repeat=len(basis)):
            full = [0] * n
            for cf, v in zip(coeffs, basis):
                for i, x in zip(face, v):
                    full[i] += cf * x
            g = 0
            for x in full:
                g = gcd(g, abs(x))
            if g == 0 or sum(1 for x in full if x) <= 1:
                continue
            first = next(x for x in full if x)
            key = tuple(x // g * (-1 if first < 0 else 1) for x in full)
            if key not in seen:
                seen.add(key)
                found.append(key)
    found.sort(key=lambda f: (sum(abs(x) for x in f), f))
    return found


def _conflicts(groups: "np.ndarray", outcomes: "np.ndarray") -> int:
    """Words sharing a group whose outcome differs from that group's most common outcome
    (``groups``: one non-negative integer key per word, ``outcomes``: 0..3)."""
    pairs, counts = np.unique(groups * 4 + outcomes, return_counts=True)
    g = pairs // 4
    starts = np.flatnonzero(np.r_[True, g[1:] != g[:-1]])
    return int(len(groups) - np.maximum.reduceat(counts, starts).sum())


class FormData:
    """The searched words, their outcomes and the values of the unit and candidate forms on
    them (``values[i, j]`` = form ``j`` at word ``i``), computed once and reduced for every
    window and period :func:`choose_forms` tries."""

    def __init__(self, n: int, candidates: Sequence[Word], data: Mapping[Word, Outcome]) -> None:
        self.n = n
        self.candidates = list(candidates)
        order = "LNPR"
        self.words = np.array(list(data), dtype=np.int64).reshape(len(data), n)
        self.outcomes = np.array([order.index(o.value) for o in data.values()], dtype=np.int64)
        forms = np.array([[int(i == c) for i in range(n)] for c in range(n)]
                         + [list(f) for f in self.candidates], dtype=np.int64).reshape(-1, n)
        self.values = self.words @ forms.T

    def codes(self, t: int, p: int, rows: "np.ndarray | slice" = slice(None),
              cols: slice = slice(None)) -> "np.ndarray":
        """Each reduced value ``ρ(v)`` (:meth:`Abstraction._red`) as one integer, injectively:
        ``v`` inside the window, ``hi + 1 + v mod p`` above it, ``lo - 1 - v mod p`` below
        (for the words ``rows`` and the forms ``cols``)."""
        v = self.values[rows][:, cols]
        lo = np.array([0] * self.n + [-t] * len(self.candidates), dtype=np.int64)[cols]
        r = np.mod(v, p)
        return np.where(v > t, t + 1 + r, np.where(v < lo, lo - 1 - r, v))


def _impure(groups: "np.ndarray", outcomes: "np.ndarray") -> "np.ndarray":
    """Mask of the words whose group holds more than one outcome: only they can conflict, in
    this grouping or any refinement of it."""
    pairs = np.unique(groups * 4 + outcomes)
    g, k = np.unique(pairs // 4, return_counts=True)
    return np.isin(groups, g[k > 1])


def _regroup(groups: "np.ndarray", column: "np.ndarray") -> "np.ndarray":
    """Compact keys of the pairs (group, column value)."""
    width = int(column.max() - column.min()) + 1
    return np.unique(groups * width + (column - column.min()), return_inverse=True)[1].reshape(-1)


def choose_forms(n: int, candidates: Sequence[Word], t: int, p: int,
                 data: Mapping[Word, Outcome] | FormData, most: int = 3) -> list[Word] | None:
    """Unit forms plus at most ``most`` candidates, added greedily (each the one that leaves
    fewest words whose outcome disagrees with their state's, the first such candidate on a tie),
    until the searched outcomes are a function of the state; ``None`` if that does not happen.
    A heuristic: the proof decides. ``data`` may be a :class:`FormData` of the same words and
    candidates, reused across windows and periods (the answer is the same)."""
    fd = data if isinstance(data, FormData) else FormData(n, candidates, data)
    if len(fd.outcomes) == 0:
        return [tuple(int(i == c) for i in range(n)) for c in range(n)]
    groups = np.unique(fd.codes(t, p, cols=slice(0, n)), axis=0, return_inverse=True)[1].reshape(-1)
    outcomes = fd.outcomes
    chosen: list[int] = []
    best = _conflicts(groups, outcomes)
    while best:
        if len(chosen) == most:
            return None
        # words in groups of one outcome never conflict: keep the others (same counts)
        keep = np.flatnonzero(_impure(groups, outcomes))
        groups, outcomes = groups[keep], outcomes[keep]
        rows = keep if not chosen else rows[keep]
        codes = fd.codes(t, p, rows, slice(n, None))
        trial = [(_conflicts(_regroup(groups, codes[:, j]), outcomes), j)
                 for j in range(len(candidates)) if j not in chosen]
        if not trial or min(trial)[0] >= best:
            return None
        best, j = min(trial)
        chosen.append(j)
        groups = _regroup(groups, codes[:, j])
    return [tuple(int(i == c) for i in range(n)) for c in range(n)] + [tuple(candidates[j]) for j in chosen]


class Abstraction:
    """Forms, windows and periods; the coarse and fine reductions of a word (module doc).

    ``Abstraction(forms, units, t, p, d)`` gives every form the window ``[0, t]`` (the first
    ``units`` forms) or ``[-t, t]`` and the period ``p``; :meth:`per_form` sets a window and a
    period for each form. A margin ``d`` (the fine window is ``[lo - d, hi + d]``) is an int
    for all forms or one int per form."""

    def __init__(self, forms: list[Word], units: int, t: int, p: int, d: int | Sequence[int]) -> None:
        self.forms = forms
        self.lo = [0 if i < units else -t for i in range(len(forms))]
        self.hi = [t] * len(forms)
        self.periods = [p] * len(forms)
        self.d = d
        self.table: dict[State, Outcome] = {}

    @classmethod
    def per_form(cls, forms: list[Word], lo: Sequence[int], hi: Sequence[int],
                 periods: Sequence[int], d: int | Sequence[int]) -> "Abstraction":
        """Form ``i`` has the window ``[lo[i], hi[i]]`` and the period ``periods[i]``."""
        ab = cls(forms, 0, 0, 1, d)
        ab.lo, ab.hi, ab.periods = list(lo), list(hi), list(periods)
        return ab

    @property
    def p(self) -> int:
        """The common period (the least common multiple of the forms' periods)."""
        out = 1
        for q in self.periods:
            out = out * q // gcd(out, q)
        return out

    def margins(self, d: int | Sequence[int]) -> list[int]:
        """The margin of each form (``d`` for all, or one per form)."""
        return [d] * len(self.forms) if isinstance(d, int) else list(d)

    def values(self, word: Sequence[int]) -> list[int]:
        """The value of each form on ``word`` (a vector of component counts)."""
        return [sum(a * b for a, b in zip(f, word)) for f in self.forms]

    @staticmethod
    def _red(v: int, lo: int, hi: int, p: int) -> Val:
        if v > hi:
            return (1, v % p)
        if v < lo:
            return (-1, v % p)
        return (0, v)

    def coarse(self, word: Sequence[int]) -> State:
        """The coarse state of ``word``: each form's value reduced to its window and period."""
        return tuple(self._red(v, lo, hi, p) for v, lo, hi, p in zip(self.values(word), self.lo, self.hi, self.periods))

    def fine(self, word: Sequence[int], d: int | Sequence[int]) -> State:
        """The fine state of ``word``: each value reduced to its window widened by ``d``."""
        return tuple(self._red(v, lo - m, hi + m, p) for v, lo, hi, p, m in
                     zip(self.values(word), self.lo, self.hi, self.periods, self.margins(d)))

    def shift_coarse(self, s: State, inc: Sequence[int]) -> State:
        """Coarse state of ``w + δ`` from the fine state of ``w`` (``|ℓ·δ| <= d``)."""
        out = []
        for (k, v), a, lo, hi, p in zip(s, inc, self.lo, self.hi, self.periods):
            out.append(self._red(v + a, lo, hi, p) if k == 0 else (k, (v + a) % p))
        return tuple(out)

    def step(self, s: State, inc: Sequence[int], d: int | Sequence[int]) -> list[State]:
        """Every fine state ``w + e_c`` may have, ``w`` in fine state ``s`` (over-approximated
        where a tail moves back towards the window)."""
        options: list[list[Val]] = []
        for (k, v), a, lo, hi, p, m in zip(s, inc, self.lo, self.hi, self.periods, self.margins(d)):
            flo, fhi = lo - m, hi + m
            if k == 0:
                options.append([self._red(v + a, flo, fhi, p)])
            elif k * a >= 0:
                options.append([(k, (v + a) % p)])
            else:  # v is any value beyond the window congruent to v mod p; v + a may re-enter
                edge = fhi if k > 0 else flo
                cands: list[Val] = [(k, (v + a) % p)]
                span = range(edge + 1, edge - a + 1) if k > 0 else range(edge - a, edge)
                cands += [(0, u + a) for u in span if (u - v) % p == 0]
                options.append(cands)
        states: list[State] = [()]
        for opts in options:
            states = [st + (o,) for st in states for o in opts]
        return states


def lookup(ab: Abstraction, key: State, witness: Word | None, outcome_of: Callable[[Word], Outcome],
           limit: int, source: dict[State, Word] | None = None) -> Outcome:
    """``H(key)``: the table's entry, else the searched outcome of ``witness`` (a word in that
    coarse state, of at most ``limit`` components), stored (and its word in ``source``)."""
    o = ab.table.get(key)
    if o is None:
        if witness is None:
            raise Fail(f"abstract state {key} has no known word (over-approximation too loose)")
        if sum(witness) > limit:
            raise Fail(f"abstract state {key} first met at a sum of {sum(witness)} components "
                       f"(more than {limit})")
        o = ab.table[key] = outcome_of(witness)
        if source is not None:
            source[key] = witness
    return o


def _feasible(rows: list[tuple[tuple[int, ...], int]]) -> bool:
    """``False`` only if ``a·y >= b`` (all rows) has no integer solution ``y``: Fourier–Motzkin
    elimination; each derived row is a non-negative combination, divided by the gcd of its
    coefficients with the bound rounded up (valid for integer ``y``)."""
    while rows and rows[0][0]:
        nxt: set[tuple[tuple[int, ...], int]] = set()
        pos = [r for r in rows if r[0][-1] > 0]
        neg = [r for r in rows if r[0][-1] < 0]
        for a, b in rows:
            if a[-1] == 0:
                nxt.add((a[:-1], b))
        for ap, bp in pos:
            for an, bn in neg:
                fp, fn = -an[-1], ap[-1]
                a2 = tuple(fp * x + fn * y for x, y in zip(ap[:-1], an[:-1]))
                b2 = fp * bp + fn * bn
                g = 0
                for x in a2:
                    g = gcd(g, abs(x))
                if g > 1:
                    a2, b2 = tuple(x // g for x in a2), -((-b2) // g)
                nxt.add((a2, b2))
        if len(nxt) > 2000:
            return True  # too many to decide: keep the state (sound)
        rows = list(nxt)
    return all(b <= 0 for _, b in rows)


def _possible(ab: Abstraction, s: State, d: int | Sequence[int], congruences: bool = False) -> bool:
    """Necessary condition for a word to have fine state ``s``: the linear constraints it
    states have a solution ``w >= 0`` (residues ignored: a real one; with ``congruences``, the
    residue ``v`` of a form ``f`` with period ``p > 1`` outside its window becomes the equation
    ``f·w = v + p·t`` in a new integer variable ``t``, so that the integer rounding of
    :func:`_feasible` sees bounds and residues together: e.g. ``u = n + 2 > 0``, ``v = n - 2 <
    0`` and ``u ≡ 0 (mod 4)`` have real solutions but no integer one). Pruning states that
    fail it keeps ``S`` a superset of the words' states."""
    n = len(ab.forms[0])
    fixed = {c: s[c][1] for c in range(n) if s[c][0] == 0}
    free = [c for c in range(n) if c not in fixed]
    tails = [i for i, ((k, _), p) in enumerate(zip(s, ab.periods)) if congruences and k != 0 and p > 1]
    extra = {i: j for j, i in enumerate(tails)}
    rows: list[tuple[tuple[int, ...], int]] = []
    for i, ((k, v), f, lo, hi, m) in enumerate(zip(s, ab.forms, ab.lo, ab.hi, ab.margins(d))):
        a = (0,) * len(tails) + tuple(f[c] for c in free)  # t first: eliminated last
        known = sum(f[c] * x for c, x in fixed.items())
        neg = tuple(-x for x in a)
        if k == 0:
            rows += [(a, v - known), (neg, known - v)]
        elif k > 0:
            rows.append((a, hi + m + 1 - known))
        else:
            rows.append((neg, known - (lo - m - 1)))
        if i in extra:  # f·w - p·t = v
            p = ab.periods[i]
            e = list(a)
            e[extra[i]] = -p
            rows += [(tuple(e), v - known), (tuple(-x for x in e), known - v)]
    if not free and not tails:
        return all(b <= 0 for _, b in rows)
    return _feasible(rows)


def _find_word(ab: Abstraction, s: State, d: int | Sequence[int], n: int, spread: int = 6,
               tries: int | None = None) -> Word | None:
    """A word with fine state ``s``: the units' exact values, and for each unit in its tail the
    least value of its residue plus ``p·y``, with ``y`` summing to at most ``spread`` (and, with
    ``tries``, at most that many words tried in all)."""
    base = []
    tails = []
    margins = ab.margins(d)
    for c in range(n):
        k, v = s[c]
        if k == 0:
            base.append(v)
        else:
            edge = ab.hi[c] + margins[c] + 1
            base.append(edge + (v - edge) % ab.periods[c])
            tails.append(c)
    if tries is not None:
        return _first_word(ab, s, d, base, tails, spread, tries)
    for total in range(spread + 1):
        for combo in combinations_with_replacement(tails, total):
            w = list(base)
            for c in combo:
                w[c] += ab.periods[c]
            if ab.fine(w, d) == s:
                return tuple(w)
            if tries is not None:
                tries -= 1
                if tries <= 0:
                    return None
        if not tails:
            break
    return None


class Residues:
    """Necessary condition on the residues of a fine state: with ``L`` the common period, some
    ``w mod L`` gives every exact form its value mod ``L`` and every tail its residue mod its
    period (an equation over ℤ holds mod ``L``; the residue of a tail is exact). All ``L^n``
    classes are listed once (``L^n`` at most 10^5, else the test always passes)."""

    def __init__(self, ab: Abstraction) -> None:
        n = len(ab.forms[0])
        self.ab, self.big = ab, ab.p
        self.values: "np.ndarray | None" = None
        if self.big > 1 and self.big ** n <= 100_000:
            grid = np.indices((self.big,) * n).reshape(n, -1).T
            self.values = grid @ np.array(ab.forms, dtype=np.int64).T

    def __call__(self, s: State) -> bool:
        if self.values is None:
            return True
        ok = np.ones(len(self.values), dtype=bool)
        for f, ((k, v), p) in enumerate(zip(s, self.ab.periods)):
            m = self.big if k == 0 else p
            if m > 1:
                ok &= (self.values[:, f] - v) % m == 0
        return bool(ok.any())


@lru_cache(maxsize=64)
def _steps(k: int, spread: int, tries: int) -> "np.ndarray":
    """The first ``tries`` vectors ``y ∈ ℕ^k`` with ``Σy <= spread``, by total then in the
    order of :func:`itertools.combinations_with_replacement` (the order of :func:`_find_word`)."""
    out = []
    for total in range(spread + 1):
        for combo in combinations_with_replacement(range(k), total):
            y = [0] * k
            for c in combo:
                y[c] += 1
            out.append(y)
            if len(out) == tries or k == 0:
                return np.array(out, dtype=np.int64).reshape(len(out), k)
    return np.array(out, dtype=np.int64).reshape(len(out), k)


def _first_word(ab: Abstraction, s: State, d: int | Sequence[int], base: list[int], tails: list[int],
                spread: int, tries: int) -> Word | None:
    """:func:`_find_word` with ``tries``, all candidates at once (numpy): the same word."""
    y = _steps(len(tails), spread, tries)
    words = np.tile(np.array(base, dtype=np.int64), (len(y), 1))
    for i, c in enumerate(tails):
        words[:, c] += y[:, i] * ab.periods[c]
    values = words @ np.array(ab.forms, dtype=np.int64).T
    ok = np.ones(len(words), dtype=bool)
    for f, ((k, v), lo, hi, p, m) in enumerate(zip(s, ab.lo, ab.hi, ab.periods, ab.margins(d))):
        col = values[:, f]
        if k == 0:
            ok &= col == v
        elif k > 0:
            ok &= (col > hi + m) & (col % p == v)
        else:
            ok &= (col < lo - m) & (col % p == v)
    hit = np.flatnonzero(ok)
    return tuple(int(x) for x in words[hit[0]]) if len(hit) else None


def closure(ab: Abstraction, n: int, d: int | Sequence[int], limit: int = MAX_STATES,
            visit: Callable[[State, Word | None], None] | None = None,
            spread: int = 6, tries: int | None = None, congruences: bool = False) -> dict[State, Word | None]:
    """The set ``S`` of fine states, each with a word realising it when one is known (a
    state reached from no known word gets one from :func:`_find_word` with ``spread`` and
    ``tries``). With ``congruences``, such a state is also dropped when its residues are no
    word's (:class:`Residues`).

    ``visit(s, w)``, if given, is called once for every state, as soon as it leaves the queue
    when a word is known for it (so a check can fail early), otherwise after ``S`` is complete."""
    incs = [ab.values(tuple(int(i == c) for i in range(n))) for c in range(n)]
    start = (0,) * n
    found: dict[State, Word | None] = {ab.fine(start, d): start}
    queue = deque([ab.fine(start, d)])  # breadth first: each state's first word is short
    impossible: set[State] = set()  # states no word has (the test is not repeated)
    late: list[State] = []  # states left the queue with no known word (visited at the end)
    residues = Residues(ab) if congruences else None
    while queue:
        budget.check()
        s = queue.popleft()
        w = found[s]
        if visit is not None:
            if w is not None:
                visit(s, w)
            else:
                late.append(s)
        for c in range(n):
            real = None
            if w is not None:
                real = tuple(x + (i == c) for i, x in enumerate(w))
            state = ab.fine(real, d) if real is not None else None  # the fine state of real
            for t in ab.step(s, incs[c], d):
                if t in impossible:
                    continue
                if t not in found:
                    found[t] = real if state == t else None
                    if found[t] is None:
                        if not _possible(ab, t, d, congruences) or (residues is not None and not residues(t)):
                            del found[t]
                            impossible.add(t)
                            continue
                        found[t] = _find_word(ab, t, d, n, spread, tries)
                    queue.append(t)
                    if len(found) > limit:
                        raise Fail(f"more than {limit} abstract states")
                elif found[t] is None and state == t:
                    found[t] = real
    for s in late:
        assert visit is not None
        visit(s, found[s])
    return found
