"""Exact proof for infinite partizan quotients: outcome classes as semilinear sets of words.

Generalises :mod:`misere.quotients.partizan.rank1` (groups ``ℤ × T``) to every infinite
candidate whose outcomes are *eventually periodic in finitely many linear forms* — the
non-cancellative monoids and groups of higher rank among the day-2 closures (Siegel 003 §8;
notes E.7). The certificate describes the outcome of a word ``w ∈ ℕⁿ`` (a sum of components)
through linear forms ``ℓ_1, ..., ℓ_r`` (integer vectors) and a table ``H``:

``F(w) = H(ρ(ℓ_1·w), ..., ρ(ℓ_r·w))``,  ``ρ(v) = v`` if ``lo ≤ v ≤ hi``, else (``>`` or ``<``,
``v mod p``).

Each fibre of ``ρ ∘ ℓ`` is a linear set, so each outcome class ``{w : F(w) = o}`` is semilinear.
The forms are the unit vectors ``e_c`` (window ``[0, T]``) and, for every face ``σ`` of
components, the characters of the group completion of the relations supported on ``σ``
(window ``[-T, T]``: e.g. ``#1 - #*`` in ``cl({|0,*,1})``), all with one period ``p``.

Theorem (what :func:`prove_semilinear` checks ⇒ what holds for all words)
-------------------------------------------------------------------------
Let ``D`` bound ``|ℓ·δ|`` for every form and every increment ``δ`` used below (a unit ``e_c``,
an option's change ``e_o - e_c``, a relation word). The *fine* state ``ρ'(ℓ·w)`` uses the
window ``[lo - D, hi + D]``; it determines ``ρ(ℓ·(w + δ))`` for every such ``δ``, and whether
``w_c ≥ 1``. Let ``S`` be the closure of the fine state of ``0`` under "add ``e_c``", where a
tail state moving towards the window may land on any state congruent mod ``p`` (an
over-approximation: every word's fine state is in ``S``, by induction on the word). If

1. (recursion) for every ``s ∈ S``: Left-first wins in ``H(s)`` iff Left has no move in
   ``s`` or some Left option ``s + δ`` has ``H`` saying Right-first loses, and symmetrically
   for Right;
2. (relations) for every rule ``x -> y`` of the presentation and every ``s ∈ S``:
   ``H(ρ(ℓ·x + s)) = H(ρ(ℓ·y + s))``;
3. (confluence) the rewriting rules are confluent,

then (1) by induction on the game tree of ``w`` (misère: a player with no move wins moving
first) ``o⁻(w) = F(w)`` for every word; (2) every relation identifies indistinguishable words
(``o(x + z) = F(x + z) = F(y + z) = o(y + z)`` for all ``z``: ``z``'s fine state is in ``S``),
so the congruence the rules generate is contained in indistinguishability, and by (3) the
normal form ``nf(w)`` is well defined with ``o(w) = F(nf(w))``. Distinct normal words are
distinct elements where a separating test word was found (the classification does this for
normal words of at most ``size`` letters, each with its witness); reducedness of longer normal
words is proved when step 4 below succeeds, and otherwise stated as the remaining gap.

4. (reduced) Two normal words ``x``, ``y`` are indistinguishable iff ``F(x + z) = F(y + z)``
   for every ``s ∈ S'`` (the fine states for the wider window ``D' ≥ |ℓ·x|, |ℓ·y|``), which
   is decided per pair. Normal words come in finitely many *cones* (fine-state classes of the
   normal words, listed by their generator exponents): we decide every pair among the normal
   words of at most ``reduced_letters`` letters, which covers every pair only when the set of
   normal words is finite — so infinite quotients keep a stated bound on reducedness.

This argument is ours (notes E.7 adapts the finite certificate E.2; the over-approximation and
window arguments are proved above). A candidate that does not fit refuses with the step that
failed (:attr:`SemilinearProof.reason`).
"""
from __future__ import annotations

from collections import deque
from fractions import Fraction
from itertools import combinations_with_replacement, product
from math import gcd
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from misere import budget
from misere.core.outcome import Outcome
from misere.quotients.partizan.rank1 import confluent

if TYPE_CHECKING:
    from misere.quotients.partizan.quotient import PartizanQuotient

__all__ = ["SemilinearProof", "prove_semilinear", "face_characters", "choose_forms", "PARAMETERS"]

Word = tuple[int, ...]
Val = tuple[int, int]  # (kind, value): kind 0 exact value, 1 above (value mod p), -1 below
State = tuple[Val, ...]

#: (T, p) tried in order: window half-width and common period of the forms
PARAMETERS: tuple[tuple[int, int], ...] = (
    (1, 1), (2, 1), (1, 2), (2, 2), (3, 1), (3, 2), (4, 2), (3, 3), (4, 4), (5, 2), (6, 6))
_MAX_STATES = 20_000
_SELECT_SIZE = 12  # words used to choose the forms
_WITNESS_SIZE = 40  # largest sum searched to fill the table


def _nullspace_basis(rows: Sequence[Sequence[int]], n: int) -> list[list[int]]:
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
        basis = _nullspace_basis(rows, len(face))
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


def _conflicts(keys: Sequence[tuple[Any, ...]], outcomes: Sequence[Outcome]) -> int:
    """Words sharing a key whose outcome differs from that key's most common outcome."""
    groups: dict[tuple[Any, ...], dict[Outcome, int]] = {}
    for k, o in zip(keys, outcomes):
        g = groups.setdefault(k, {})
        g[o] = g.get(o, 0) + 1
    return sum(sum(g.values()) - max(g.values()) for g in groups.values())


def choose_forms(n: int, candidates: Sequence[Word], t: int, p: int,
                 data: Mapping[Word, Outcome], most: int = 3) -> list[Word] | None:
    """Unit forms plus at most ``most`` candidates, added greedily (each the one that leaves
    fewest words whose outcome disagrees with their state's), until the searched outcomes are
    a function of the state; ``None`` if that does not happen. A heuristic: the proof decides."""
    units = [tuple(int(i == c) for i in range(n)) for c in range(n)]
    words = list(data)
    outcomes = [data[w] for w in words]
    probe = _Abstraction(units + list(candidates), n, t, p, 0)
    red = [[probe._red(v, lo, hi) for v, lo, hi in zip(probe.values(w), probe.lo, probe.hi)]
           for w in words]
    chosen: list[int] = []
    keys = [tuple(r[:n]) for r in red]
    best = _conflicts(keys, outcomes)
    while best:
        if len(chosen) == most:
            return None
        trial = [(_conflicts([k + (r[n + j],) for k, r in zip(keys, red)], outcomes), j)
                 for j in range(len(candidates)) if j not in chosen]
        if not trial or min(trial)[0] >= best:
            return None
        best, j = min(trial)
        chosen.append(j)
        keys = [k + (r[n + j],) for k, r in zip(keys, red)]
    return units + [candidates[j] for j in chosen]


class SemilinearProof:
    """Result of :func:`prove_semilinear`: ``ok`` and the reason; when ok, ``pi(word)`` gives
    the proved outcome of any component word and ``details`` the certificate's size."""

    def __init__(self, ok: bool, reason: str, details: dict[str, Any] | None = None) -> None:
        self.ok = ok
        self.reason = reason
        self.details = details or {}
        self._cert: _Abstraction | None = None
        self._q: PartizanQuotient | None = None
        self._states: dict[int, dict[State, Word | None]] = {}
        self.rule: dict[str, Any] = {}

    def __repr__(self) -> str:
        return f"SemilinearProof(ok={self.ok}, reason={self.reason!r})"

    def pi(self, word: Sequence[int]) -> Outcome:
        """Proved outcome of the sum a component word stands for (no search)."""
        assert self._cert is not None
        return self._cert.table[self._cert.coarse(word)]

    def coord(self, word: Sequence[int]) -> Word:
        """The word itself: :meth:`pi` takes component words (the quotient's interface)."""
        return tuple(word)

    def ge(self, x: Word, y: Word) -> bool:
        """Exact order ``x ≥ y``: ``F(x + z) ≥ F(y + z)`` for every word ``z``.

        ``z`` ranges over the fine states ``S'`` for a window widened by ``|ℓ·x|, |ℓ·y|`` (the
        module's theorem: that state determines the coarse states of ``x + z`` and ``y + z``).
        """
        assert self._cert is not None and self._q is not None
        ab = self._cert
        ix, iy = ab.values(x), ab.values(y)
        d = max([ab.d] + [abs(v) for v in ix + iy])
        states = self._states.get(d)
        if states is None:
            states = self._states[d] = _closure(ab, len(x), d)
        for s, w in states.items():
            wx = None if w is None else tuple(a + b for a, b in zip(w, x))
            wy = None if w is None else tuple(a + b for a, b in zip(w, y))
            if not _lookup(ab, ab.shift_coarse(s, ix), wx, self._q) >= \
                    _lookup(ab, ab.shift_coarse(s, iy), wy, self._q):
                return False
        return True


class _Fail(Exception):
    """A step of the certificate does not apply; the message is the reason."""


class _Abstraction:
    """Forms, windows and the period; the coarse and fine reductions of a word (module doc)."""

    def __init__(self, forms: list[Word], units: int, t: int, p: int, d: int) -> None:
        self.forms, self.p, self.d = forms, p, d
        self.lo = [0 if i < units else -t for i in range(len(forms))]
        self.hi = [t] * len(forms)
        self.table: dict[State, Outcome] = {}

    def values(self, word: Sequence[int]) -> list[int]:
        return [sum(a * b for a, b in zip(f, word)) for f in self.forms]

    def _red(self, v: int, lo: int, hi: int) -> Val:
        if v > hi:
            return (1, v % self.p)
        if v < lo:
            return (-1, v % self.p)
        return (0, v)

    def coarse(self, word: Sequence[int]) -> State:
        return tuple(self._red(v, lo, hi) for v, lo, hi in zip(self.values(word), self.lo, self.hi))

    def fine(self, word: Sequence[int], d: int) -> State:
        return tuple(self._red(v, lo - d, hi + d) for v, lo, hi in zip(self.values(word), self.lo, self.hi))

    def shift_coarse(self, s: State, inc: Sequence[int]) -> State:
        """Coarse state of ``w + δ`` from the fine state of ``w`` (``|ℓ·δ| <= d``)."""
        out = []
        for (k, v), a, lo, hi in zip(s, inc, self.lo, self.hi):
            out.append(self._red(v + a, lo, hi) if k == 0 else (k, (v + a) % self.p))
        return tuple(out)

    def step(self, s: State, inc: Sequence[int], d: int) -> list[State]:
        """Every fine state ``w + e_c`` may have, ``w`` in fine state ``s`` (over-approximated
        where a tail moves back towards the window)."""
        options: list[list[Val]] = []
        for (k, v), a, lo, hi in zip(s, inc, self.lo, self.hi):
            flo, fhi = lo - d, hi + d
            if k == 0:
                options.append([self._red(v + a, flo, fhi)])
            elif k * a >= 0:
                options.append([(k, (v + a) % self.p)])
            else:  # v is any value beyond the window congruent to v mod p; v + a may re-enter
                edge = fhi if k > 0 else flo
                cands: list[Val] = [(k, (v + a) % self.p)]
                span = range(edge + 1, edge - a + 1) if k > 0 else range(edge - a, edge)
                cands += [(0, u + a) for u in span if (u - v) % self.p == 0]
                options.append(cands)
        states: list[State] = [()]
        for opts in options:
            states = [st + (o,) for st in states for o in opts]
        return states


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


def _possible(ab: _Abstraction, s: State, d: int) -> bool:
    """Necessary condition for a word to have fine state ``s``: the linear constraints it
    states (residues ignored) have a real solution ``w >= 0``. Pruning states that fail it
    keeps ``S`` a superset of the words' states."""
    n = len(ab.forms[0])
    fixed = {c: s[c][1] for c in range(n) if s[c][0] == 0}
    free = [c for c in range(n) if c not in fixed]
    rows: list[tuple[tuple[int, ...], int]] = []
    for (k, v), f, lo, hi in zip(s, ab.forms, ab.lo, ab.hi):
        a = tuple(f[c] for c in free)
        known = sum(f[c] * x for c, x in fixed.items())
        if k == 0:
            rows += [(a, v - known), (tuple(-x for x in a), known - v)]
        elif k > 0:
            rows.append((a, hi + d + 1 - known))
        else:
            rows.append((tuple(-x for x in a), known - (lo - d - 1)))
    if not free:
        return all(b <= 0 for _, b in rows)
    return _feasible(rows)


def _find_word(ab: _Abstraction, s: State, d: int, n: int, spread: int = 6) -> Word | None:
    """A word with fine state ``s``: the units' exact values, and for each unit in its tail the
    least value of its residue plus ``p·y``, with ``y`` summing to at most ``spread``."""
    base = []
    tails = []
    for c in range(n):
        k, v = s[c]
        if k == 0:
            base.append(v)
        else:
            edge = ab.hi[c] + d + 1
            base.append(edge + (v - edge) % ab.p)
            tails.append(c)
    for total in range(spread + 1):
        for combo in combinations_with_replacement(tails, total):
            w = list(base)
            for c in combo:
                w[c] += ab.p
            if ab.fine(w, d) == s:
                return tuple(w)
        if not tails:
            break
    return None


def _closure(ab: _Abstraction, n: int, d: int) -> dict[State, Word | None]:
    """The set ``S`` of fine states, each with a word realising it when one is known."""
    incs = [ab.values(tuple(int(i == c) for i in range(n))) for c in range(n)]
    start = (0,) * n
    found: dict[State, Word | None] = {ab.fine(start, d): start}
    queue = deque([ab.fine(start, d)])  # breadth first: each state's first word is short
    while queue:
        budget.check()
        s = queue.popleft()
        w = found[s]
        for c in range(n):
            real = None
            if w is not None:
                real = tuple(x + (i == c) for i, x in enumerate(w))
            for t in ab.step(s, incs[c], d):
                if t not in found:
                    found[t] = real if real is not None and ab.fine(real, d) == t else None
                    if found[t] is None:
                        if not _possible(ab, t, d):
                            del found[t]
                            continue
                        found[t] = _find_word(ab, t, d, n)
                    queue.append(t)
                    if len(found) > _MAX_STATES:
                        raise _Fail(f"more than {_MAX_STATES} abstract states")
                elif found[t] is None and real is not None and ab.fine(real, d) == t:
                    found[t] = real
    return found


def _lookup(ab: _Abstraction, key: State, witness: Word | None, q: "PartizanQuotient") -> Outcome:
    o = ab.table.get(key)
    if o is None:
        if witness is None:
            raise _Fail(f"abstract state {key} has no known word (over-approximation too loose)")
        if sum(witness) > _WITNESS_SIZE:
            raise _Fail(f"abstract state {key} first met at a sum of {sum(witness)} components "
                        f"(more than {_WITNESS_SIZE})")
        o = ab.table[key] = q.components.outcome(witness)
    return o


def _check_recursion(ab: _Abstraction, q: "PartizanQuotient", states: Mapping[State, Word | None]) -> None:
    comps = q.components
    n = len(comps)
    unit = [tuple(int(i == c) for i in range(n)) for c in range(n)]

    def delta(c: int, opt: tuple[int, ...]) -> list[int]:
        vec = [-x for x in unit[c]]
        for i in opt:
            vec[i] += 1
        return ab.values(vec)

    lopt = [[(delta(c, o), o) for o in comps.left_options[c]] for c in range(n)]
    ropt = [[(delta(c, o), o) for o in comps.right_options[c]] for c in range(n)]
    for s, w in states.items():
        budget.check()
        present = [c for c in range(n) if s[c] != (0, 0)]
        me = _lookup(ab, ab.shift_coarse(s, [0] * len(s)), w, q)
        for side, opts in (("Left", lopt), ("Right", ropt)):
            moves = [(inc, c, o) for c in present for inc, o in opts[c]]
            wins = not moves
            for inc, c, o in moves:
                wit = None
                if w is not None:
                    wl = [x - (i == c) for i, x in enumerate(w)]
                    for i in o:
                        wl[i] += 1
                    wit = tuple(wl)
                after = _lookup(ab, ab.shift_coarse(s, inc), wit, q)
                if not (after.right_first if side == "Left" else after.left_first):
                    wins = True
                    break
            if wins != (me.left_first if side == "Left" else me.right_first):
                raise _Fail(f"outcome recursion fails for {side} at abstract state {s}")


def _check_relations(ab: _Abstraction, q: "PartizanQuotient", states: Mapping[State, Word | None]) -> int:
    checked = 0
    for lhs, rhs in q._rules:
        il, ir = ab.values(lhs), ab.values(rhs)
        for s, w in states.items():
            budget.check()
            wl = None if w is None else tuple(a + b for a, b in zip(w, lhs))
            wr = None if w is None else tuple(a + b for a, b in zip(w, rhs))
            if _lookup(ab, ab.shift_coarse(s, il), wl, q) != _lookup(ab, ab.shift_coarse(s, ir), wr, q):
                raise _Fail(f"relation {q.name(lhs)} = {q.name(rhs)} fails against abstract state {s}")
            checked += 1
    return checked


def _fits(ab: _Abstraction, data: Mapping[Word, Outcome]) -> bool:
    """The table is consistent with every searched outcome (a cheap filter before the proof)."""
    ab.table = {}
    for w, o in data.items():
        if ab.table.setdefault(ab.coarse(w), o) != o:
            return False
    return True


def prove_semilinear(q: "PartizanQuotient", data: Mapping[Word, Outcome],
                     parameters: Sequence[tuple[int, int]] = PARAMETERS) -> SemilinearProof:
    """Try to prove ``q``'s presentation and outcome partition for all words (module docstring).

    Parameters
    ----------
    q : PartizanQuotient
        The candidate (rules over component words).
    data : mapping of word to Outcome
        Searched outcomes (used to choose the forms' windows and to seed the table; the proof
        itself does not rely on them).
    parameters : sequence of (T, p)
        Window half-widths and periods tried, in order.

    Returns
    -------
    SemilinearProof
        ``ok`` with the certificate, or the reason the last parameters tried failed.
    """
    bad = confluent(q)
    if bad:
        return SemilinearProof(False, bad)
    n = len(q.components)
    units = [tuple(int(i == c) for i in range(n)) for c in range(n)]
    candidates = face_characters(q._rules, n)
    small = {w: o for w, o in data.items() if sum(w) <= _SELECT_SIZE}
    reason = "no window and period fit the searched outcomes"
    for t, p in parameters:
        forms = choose_forms(n, candidates, t, p, small)
        if forms is None:
            continue
        ab = _Abstraction(forms, n, t, p, 0)
        if not _fits(ab, data):
            continue
        incs = [ab.values(u) for u in units]
        for c in range(n):
            for o in q.components.left_options[c] + q.components.right_options[c]:
                vec = [-x for x in units[c]]
                for i in o:
                    vec[i] += 1
                incs.append(ab.values(vec))
        incs += [ab.values(w) for rule in q._rules for w in rule]
        d = max([abs(x) for inc in incs for x in inc] + [1])
        ab.d = d
        try:
            states = _closure(ab, n, d)
            _check_recursion(ab, q, states)
            checked = _check_relations(ab, q, states)
        except _Fail as e:
            reason = f"T={t}, p={p}: {e}"
            continue
        proof = SemilinearProof(True, "proved", {
            "forms": len(forms), "characters": [list(f) for f in forms[n:]], "window": t,
            "period": p, "states": len(states), "relation_checks": checked})
        proof.rule = {"forms": [list(f) for f in forms], "window": t, "period": p,
                      "table": {repr(k): o.value for k, o in sorted(ab.table.items())}}
        proof._cert, proof._q, proof._states = ab, q, {d: states}
        return proof
    return SemilinearProof(False, reason)
