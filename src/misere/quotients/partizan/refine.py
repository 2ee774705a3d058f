"""Semilinear certificates found by counterexample-guided refinement (Siegel 003 §8; issue 25).

:func:`~misere.quotients.partizan.semilinear.prove_semilinear` tries a few common windows and
periods for all forms; with four or more components the closure ``S`` of fine states then passes the
state limit, and a window that fits the searched outcomes (sums of at most 16 components) may
still merge longer words of different outcomes (the outcome recursion fails). This module
searches the same certificate (the theorem of :mod:`~misere.quotients.partizan.semilinear`,
which allows one window ``[lo_i, hi_i]`` and one period ``p_i`` per form) in a finer space:

1. **Start and fit.** For every set of at most three candidate characters
   (:func:`~misere.quotients.partizan.abstraction.face_characters`), give the unit forms the
   window ``[0, 6]`` and the characters ``[-6, 6]``, period 2 (then 6); keep the sets under
   which the known outcomes (the classification's searched sums) are a function of the coarse
   state, narrow each form's window and period while that stays true (:func:`shrink`), and
   try the cheapest (fewest possible coarse states) first (:func:`starts`). When there are
   too many characters for all pairs and triples (four or more components), those sizes are
   skipped at first and, if the starts found fail, drawn from the characters that fit best
   alone (:func:`ranked_pool`; issue 25: ``cl({*,1|-1})`` needs ``n ± (2k + m)`` and ``n``,
   with ``n = #1 - #-1``, ``k = #G``, ``m = #*``, among 127 characters). While two known
   words share a coarse state and differ in outcome, apply the refinement that leaves fewest
   such conflicts, the cheapest on a tie (:func:`fit`): widen one form's window by one,
   multiply one period by 2 or 3, or add a candidate character with window ``[0, 0]``.
2. **Check.** Build ``S`` and check the outcome recursion and the relations on every state as
   it is met (a failure ends the attempt early). A failure at a state with a known word ``w``
   names real words: ``w``, an option of ``w`` or ``w`` plus a side of a relation, whose
   searched outcome differs from the table's (the table is exact on the word that filled each
   entry, so the failure of the abstract check implies such a word). They and the entry's word
   are a *conflict*: added to the known words, back to step 1.

Every step is deterministic (the order of states, refinements and ties is fixed), the number
of rounds, of starts and of states are bounded (:data:`EFFORT`), and the
proof is the theorem's: what the search found is only a candidate until steps 1-3 of the
theorem hold on all of ``S``.
"""
from __future__ import annotations

from itertools import combinations
from math import comb, log
from typing import TYPE_CHECKING, Mapping, Sequence

import numpy as np

from misere.core.outcome import Outcome
from misere.quotients.partizan.abstraction import Abstraction, Fail, State, Word, closure, face_characters, lookup

if TYPE_CHECKING:
    from misere.quotients.partizan.quotient import PartizanQuotient

__all__ = ["Spec", "fit", "shrink", "starts", "ranked_pool", "refine_certificate", "EFFORT", "SEARCH_LIMIT"]

#: (counterexample rounds, starting points per level, abstract states allowed in ``S``) by the
#: number of components: with four or more each round costs far more (deterministic limits)
EFFORT = {3: (10, 3, 60_000), 4: (4, 2, 30_000)}
#: largest sum (number of components) whose outcome a conflict may search
SEARCH_LIMIT = 48
_STEPS = 40  # refinements per fit
_CODE_CACHE = 1 << 24  # entries of the coarse-value columns a _Data keeps (128 MB; then cleared)

#: the levels of starting points, tried in order (the next level when the best starts
#: (:data:`EFFORT`) of one level fail): the sizes of the character sets, and whether the
#: characters are drawn from a *ranked pool* (:func:`ranked_pool`) instead of all candidates
#: (the pooled level lists only the sizes the first level skipped for having too many sets)
SIZES = (((0, 1, 2, 3), False), ((2, 3), True))
#: the pooled level tries this many times the starts of :data:`EFFORT` (its cheapest starts
#: often have the right characters with windows the refinement does not mend in its rounds)
POOLED_STARTS = 2
#: character sets of one size listed as starting points only if there are at most this many
MAX_SETS = 2000
#: the generous (window, period) of the starting points, tried in order
GENEROUS = ((6, 2), (6, 6), (6, 4))
#: largest period of a form
MAX_PERIOD = 6
#: largest ``|lo|``, ``|hi|`` of a window
MAX_WINDOW = 8

Spec = list[tuple[int, int, int, int]]  # (form index in the candidate list, lo, hi, period)


class Conflict(Fail):
    """Real words whose outcomes the abstraction's table does not predict."""

    def __init__(self, message: str, words: Sequence[Word]) -> None:
        super().__init__(message)
        self.words = list(words)


class _Data:
    """Known words, their outcomes and every candidate form's value on them."""

    def __init__(self, forms: Sequence[Word], data: Mapping[Word, Outcome]) -> None:
        self.forms = np.array(forms, dtype=np.int64)
        self.known: dict[Word, Outcome] = dict(data)
        self._build()

    def _build(self) -> None:
        n = self.forms.shape[1]
        words = np.array(list(self.known), dtype=np.int64).reshape(-1, n)
        self.values = words @ self.forms.T
        self.outcomes = np.array(["LNPR".index(o.value) for o in self.known.values()], dtype=np.int64)
        self._codes: dict[tuple[int, int, int, int], "np.ndarray"] = {}

    def _code(self, j: int, lo: int, hi: int, p: int) -> "np.ndarray":
        """Each known word's coarse value of form ``j`` in window ``[lo, hi]`` mod ``p`` (its
        value inside the window, else a residue beyond it), shifted to start at 0; cached, as
        :func:`shrink` and :func:`starts` vary one form at a time."""
        key = (j, lo, hi, p)
        code = self._codes.get(key)
        if code is None:
            if len(self._codes) * len(self.outcomes) >= _CODE_CACHE:
                self._codes.clear()
            v = self.values[:, j]
            r = np.mod(v, p)
            code = self._codes[key] = np.where(v > hi, hi + 1 + r, np.where(v < lo, lo - 1 - r, v))
        return code

    def add(self, items: Mapping[Word, Outcome]) -> int:
        new = {w: o for w, o in items.items() if w not in self.known}
        self.known.update(new)
        if new:
            self._build()
        return len(new)

    def conflicts(self, spec: Spec) -> int:
        """Known words whose outcome differs from the most common one of their coarse state."""
        if len(spec) > 12:  # the key could overflow: group the rows of codes
            return self._conflicts_rows(spec)
        key = np.zeros(len(self.outcomes), dtype=np.int64)
        for j, lo, hi, p in spec:  # one mixed-radix key per coarse state
            key = key * (hi - lo + 2 * p + 2) + (self._code(j, lo, hi, p) - (lo - p))
        return self._impure(np.unique(key, return_inverse=True)[1].reshape(-1))


    def _conflicts_rows(self, spec: Spec) -> int:
        cols = [self._code(j, lo, hi, p) for j, lo, hi, p in spec]
        groups = np.unique(np.stack(cols, axis=1), axis=0, return_inverse=True)[1].reshape(-1)
        return self._impure(groups)

    def _impure(self, groups: "np.ndarray") -> int:
        pairs, counts = np.unique(groups * 4 + self.outcomes, return_counts=True)
        g = pairs // 4
        starts = np.flatnonzero(np.r_[True, g[1:] != g[:-1]])
        return int(len(groups) - np.maximum.reduceat(counts, starts).sum())


def _cost(spec: Spec, units: int) -> float:
    """Logarithm of the number of coarse values the forms can take (a size estimate)."""
    return sum(log(hi - lo + 1 + (1 if j < units else 2) * p) for j, lo, hi, p in spec)


def _refinements(spec: Spec, candidates: int, units: int) -> list[Spec]:
    out: list[Spec] = []
    for i, (j, lo, hi, p) in enumerate(spec):
        grown = [(j, lo, hi + 1, p)] if hi < MAX_WINDOW else []
        grown += [(j, lo - 1, hi, p)] if j >= units and lo > -MAX_WINDOW else []
        grown += [(j, lo, hi, p * f) for f in (2, 3) if p * f <= MAX_PERIOD]
        out += [spec[:i] + [g] + spec[i + 1:] for g in grown]
    present = {j for j, *_ in spec}
    out += [spec + [(j, 0, 0, 1)] for j in range(units, candidates) if j not in present]
    return out


def fit(spec: Spec, data: _Data, units: int, steps: int = _STEPS) -> Spec | None:
    """Refine ``spec`` greedily until the known outcomes are a function of the coarse state
    (module docstring, step 1); ``None`` when no refinement lowers the conflicts."""
    best = data.conflicts(spec)
    for _ in range(steps):
        if not best:
            return spec
        trials = []
        for k, s in enumerate(_refinements(spec, len(data.forms), units)):
            c = data.conflicts(s)
            if c < best:  # fewest conflicts, then the smallest
                trials.append((c, _cost(s, units), k, s))
        if not trials:
            return None
        best, _, _, spec = min(trials, key=lambda t: (t[0], t[1], t[2]))
    return spec if not best else None


def shrink(spec: Spec, data: _Data, units: int) -> Spec:
    """Narrow each form's window and period, one step at a time and form by form, as long as
    the known outcomes stay a function of the coarse state (fewer states, same fit)."""
    spec = list(spec)
    for i in range(len(spec)):
        while True:
            j, lo, hi, p = spec[i]
            smaller = [(j, lo, hi - 1, p)] if hi > 0 else []
            smaller += [(j, lo + 1, hi, p)] if lo < 0 else []
            smaller += [(j, lo, hi, p // f) for f in (2, 3) if p % f == 0]
            for t in smaller:
                trial = spec[:i] + [t] + spec[i + 1:]
                if data.conflicts(trial) == 0:
                    spec = trial
                    break
            else:
                break
    return spec


class _Checker:
    """The theorem's steps 1-2 on each state of ``S`` as :func:`closure` meets it."""

    def __init__(self, ab: Abstraction, q: "PartizanQuotient") -> None:
        self.ab, self.q = ab, q
        comps = q.components
        self.n = n = len(comps)
        self.source: dict[State, Word] = {}
        unit = [tuple(int(i == c) for i in range(n)) for c in range(n)]

        def change(c: int, opt: tuple[int, ...]) -> Word:
            vec = [-x for x in unit[c]]
            for i in opt:
                vec[i] += 1
            return tuple(vec)

        self.moves = [[[change(c, o) for o in opts[c]] for c in range(n)]
                      for opts in (comps.left_options, comps.right_options)]
        self.rules = [(lhs, rhs, ab.values(lhs), ab.values(rhs)) for lhs, rhs in q._rules]
        self.checks = 0

    def outcome(self, key: State, word: Word | None) -> Outcome:
        return lookup(self.ab, key, word, self.q.components.outcome, SEARCH_LIMIT, self.source)

    def _real(self, words: Sequence[Word], why: str) -> None:
        """The abstract check failed: find the words the table mispredicts (a conflict)."""
        bad: list[Word] = []
        for u in words:
            if sum(u) > SEARCH_LIMIT:
                continue
            key = self.ab.coarse(u)
            if self.q.components.outcome(u) != self.ab.table[key]:
                bad += [u, self.source[key]]
        if not bad:
            raise Fail(why)
        raise Conflict(why, bad)

    def __call__(self, s: State, w: Word | None) -> None:
        """Check the recursion (step 1) and the relations (step 2) at fine state ``s``."""
        ab, n = self.ab, self.n
        present = [c for c in range(n) if s[c] != (0, 0)]
        zero = [0] * len(s)
        me = self.outcome(ab.shift_coarse(s, zero), w)
        seen: list[Word] = [] if w is None else [w]
        for side in (0, 1):
            moves = [vec for c in present for vec in self.moves[side][c]]
            wins = not moves  # misère: a player with no move wins
            for vec in moves:
                u = None if w is None else tuple(a + b for a, b in zip(w, vec))
                if u is not None:
                    seen.append(u)
                after = self.outcome(ab.shift_coarse(s, ab.values(vec)), u)
                if not (after.right_first if side == 0 else after.left_first):
                    wins = True
                    break
            if wins != (me.left_first if side == 0 else me.right_first):
                why = f"outcome recursion fails for {('Left', 'Right')[side]} at abstract state {s}"
                if w is None:
                    raise Fail(why)
                self._real(seen, why)
        for lhs, rhs, il, ir in self.rules:
            ul = None if w is None else tuple(a + b for a, b in zip(w, lhs))
            ur = None if w is None else tuple(a + b for a, b in zip(w, rhs))
            if self.outcome(ab.shift_coarse(s, il), ul) != self.outcome(ab.shift_coarse(s, ir), ur):
                why = f"a relation fails against abstract state {s}"
                if ul is None or ur is None:
                    raise Fail(why)
                self._real([ul, ur], why)
            self.checks += 1


def _margins(ab: Abstraction, q: "PartizanQuotient") -> list[int]:
    """Per form, the largest ``|ℓ·δ|`` over the increments of the theorem (at least 1)."""
    comps = q.components
    n = len(comps)
    incs: list[list[int]] = []
    for c in range(n):
        unit = [int(i == c) for i in range(n)]
        incs.append(ab.values(unit))
        for o in comps.left_options[c] + comps.right_options[c]:
            vec = [-x for x in unit]
            for i in o:
                vec[i] += 1
            incs.append(ab.values(vec))
    incs += [ab.values(w) for rule in q._rules for w in rule]
    return [max([abs(inc[f]) for inc in incs] + [1]) for f in range(len(ab.forms))]


def refine_certificate(q: "PartizanQuotient", data: Mapping[Word, Outcome], rounds: int | None = None,
                       limit: int | None = None
                       ) -> tuple[Abstraction, dict[State, Word | None], int] | str:
    """Search a certificate for ``q`` by refinement (module docstring).

    Returns
    -------
    (Abstraction, states, relation checks) or str
        The abstraction whose table passed steps 1-2 of the theorem on every state of ``S``
        (confluence, step 3, is the caller's), or the reason the search stopped.
    """
    n = len(q.components)
    default_rounds, attempts, default_limit = EFFORT[min(max(n, 3), 4)]
    rounds = default_rounds if rounds is None else rounds
    limit = default_limit if limit is None else limit
    units = [tuple(int(i == c) for i in range(n)) for c in range(n)]
    candidates = [tuple(f) for f in face_characters(q._rules, n)]
    forms = units + candidates
    known = _Data(forms, data)
    reasons = []
    for sizes, pooled in SIZES:
        for start in starts(known, n, len(candidates), sizes, pooled)[:attempts * (POOLED_STARTS if pooled else 1)]:
            got = _search(q, forms, start, known, rounds, limit)
            if not isinstance(got, str):
                return got
            reasons.append(f"from {_show(start, forms)}: {got}")
    return "; ".join(reasons) or "no window and period fit the searched outcomes"


def _show(spec: Spec, forms: Sequence[Word]) -> str:
    return "[" + ", ".join(f"{list(forms[j])} in [{lo},{hi}] mod {p}" for j, lo, hi, p in spec) + "]"


def ranked_pool(known: _Data, units: int, candidates: int, size: int) -> list[int]:
    """The candidate characters (form indices) that fit the known outcomes best on their own:
    each is added alone, window ``[-W, W]`` and period ``P`` (the first of :data:`GENEROUS`), to
    the units' generous windows; ranked by the conflicts left (then by the candidates' order),
    as many as keep the number of ``size``-sets within :data:`MAX_SETS`.

    With four or more components there are too many characters for all pairs and triples
    (e.g. 127 for ``cl({*,1|-1})``); the characters a certificate needs are those along which
    the outcome changes (region boundaries such as ``n = ±(2k + m)``), and each of them alone
    already removes many conflicts."""
    w, p = GENEROUS[0]
    base = [(c, 0, w, p) for c in range(units)]
    ranked = sorted(range(units, units + candidates),
                    key=lambda j: (known.conflicts(base + [(j, -w, w, p)]), j))
    keep = size
    while keep < len(ranked) and comb(keep + 1, size) <= MAX_SETS:
        keep += 1
    return sorted(ranked[:keep])


def starts(known: _Data, units: int, candidates: int, sizes: Sequence[int] = (0, 1, 2),
           pooled: bool = False) -> list[Spec]:
    """Starting points of the search: for every set of candidate characters of a size in
    ``sizes`` (in the candidates' order), the generous windows ``[0, W]`` (units) and
    ``[-W, W]`` (characters) with the period ``P`` (:data:`GENEROUS`); those that fit the known
    outcomes are narrowed (:func:`shrink`) and returned cheapest first (:func:`_cost`).

    Sizes with more than :data:`MAX_SETS` sets are skipped, unless ``pooled``: then only those
    sizes are listed, with the characters drawn from :func:`ranked_pool`, and the starts of
    every generous period are ranked together (with period 2 alone, wide unit windows can fit
    the searched outcomes of a character that needs period 4, e.g. ``cl({1|*,-1})``)."""
    sets: list[tuple[int, ...]] = []
    for size in sizes:
        if comb(candidates, size) <= MAX_SETS:
            if not pooled:
                sets += list(combinations(range(units, units + candidates), size))
        elif pooled:
            sets += list(combinations(ranked_pool(known, units, candidates, size), size))
    out: list[tuple[float, int, Spec]] = []
    for w, p in GENEROUS:
        for k, chars in enumerate(sets):
            spec = [(c, 0, w, p) for c in range(units)] + [(j, -w, w, p) for j in chars]
            if known.conflicts(spec) == 0:
                spec = shrink(spec, known, units)
                out.append((_cost(spec, units), k, spec))
        if out and not pooled:
            break
    return [spec for _, _, spec in sorted(out)]


def _search(q: "PartizanQuotient", forms: list[Word], spec: Spec | None, known: _Data,
            rounds: int, limit: int) -> tuple[Abstraction, dict[State, Word | None], int] | str:
    n = len(q.components)
    reason = "no rounds"
    for r in range(rounds):
        spec = fit(spec, known, n) if spec is not None else None
        if spec is None:
            return f"round {r + 1}: no refinement of the forms fits the known outcomes"
        ab = Abstraction.per_form([forms[j] for j, *_ in spec], [lo for _, lo, _, _ in spec],
                                  [hi for _, _, hi, _ in spec], [p for *_, p in spec], 0)
        ab.d = d = _margins(ab, q)
        check = _Checker(ab, q)
        try:
            states = closure(ab, n, d, limit=limit, visit=check, spread=SEARCH_LIMIT, tries=4000,
                             congruences=True)
        except Conflict as e:
            added = known.add({w: q.components.outcome(w) for w in e.words})
            reason = f"round {r + 1}: {e}"
            if not added:
                return reason + " (no new counterexample)"
            continue
        except Fail as e:
            return f"round {r + 1}: {e}"
        return ab, states, check.checks
    return f"{reason} (after {rounds} rounds of refinement)"
