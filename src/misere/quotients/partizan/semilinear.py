"""Exact proof for infinite partizan quotients: outcome classes as semilinear sets of words.

Generalises :mod:`misere.quotients.partizan.rank1` (groups ``ℤ × T``) to every infinite
candidate whose outcomes are *eventually periodic in finitely many linear forms* — the
non-cancellative monoids and groups of higher rank among the day-2 closures (Siegel 003 §8;
notes E.7). The certificate describes the outcome of a word ``w ∈ ℕⁿ`` (a sum of components)
through linear forms ``ℓ_1, ..., ℓ_r`` (integer vectors) and a table ``H``:

``F(w) = H(ρ_1(ℓ_1·w), ..., ρ_r(ℓ_r·w))``,  ``ρ_i(v) = v`` if ``lo_i ≤ v ≤ hi_i``, else
(``>`` or ``<``, ``v mod p_i``): each form has its own window and period (the common choice
``[0, T]`` / ``[-T, T]`` and ``p`` is tried first; :mod:`~misere.quotients.partizan.refine`
searches per-form ones).

Each fibre of ``ρ ∘ ℓ`` is a linear set, so each outcome class ``{w : F(w) = o}`` is semilinear.
The forms are the unit vectors ``e_c`` (window ``[0, T]``) and, for every face ``σ`` of
components, the characters of the group completion of the relations supported on ``σ``
(window ``[-T, T]``: e.g. ``#1 - #*`` in ``cl({|0,*,1})``), all with one period ``p``.

Theorem (what :func:`prove_semilinear` checks ⇒ what holds for all words)
-------------------------------------------------------------------------
Let ``D_i`` bound ``|ℓ_i·δ|`` for every increment ``δ`` used below (a unit ``e_c``, an
option's change ``e_o - e_c``, a relation word). The *fine* state ``ρ'_i(ℓ_i·w)`` uses the
window ``[lo_i - D_i, hi_i + D_i]``; it determines ``ρ_i(ℓ_i·(w + δ))`` for every such ``δ``, and
whether ``w_c ≥ 1``. Let ``S`` be the closure of the fine state of ``0`` under "add ``e_c``",
where a tail state moving towards the window may land on any state congruent mod ``p_i`` (an
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
normal form ``nf(w)`` is well defined with ``o(w) = F(nf(w))``.

What is *not* proved here: that distinct normal words are distinct elements (reducedness).
The classification of :mod:`misere.quotients.partizan.build` separates every two normal words
of at most ``size`` components by an explicit test word (a witness, so those elements are
distinct); for longer normal words distinctness is decidable pair by pair (``x ≡ y`` iff
:meth:`SemilinearProof.ge` holds both ways) but no argument here covers all pairs, so the
strategy string states that bound. The tail states are pruned by an integer Fourier–Motzkin
test (a state whose linear constraints have no integer solution is no word's state) and, in
the refinement's search, by a residue test (:class:`~misere.quotients.partizan.abstraction.
Residues`: the state's exact values and residues have no solution modulo the common period,
so no word has it); both keep ``S`` a superset of the words' states. The table ``H`` is filled
from the outcome of one word per state (the induction does not depend on how ``H`` was chosen).
The rules may include rules added by Knuth–Bendix completion
(:func:`~misere.quotients.partizan.build._complete`); they are consequences of the others and
step 2 checks them like the rest.

This argument is ours (notes E.7 adapts the finite certificate E.2; the over-approximation and
window arguments are proved above). When no common window and period passes,
:func:`~misere.quotients.partizan.refine.refine_certificate` searches per-form ones. A
candidate that does not fit refuses with the step that failed (:attr:`SemilinearProof.reason`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Sequence

from misere import budget
from misere.core.outcome import Outcome
from misere.errors import UnsupportedError
from misere.quotients.partizan.abstraction import (Abstraction, Fail, FormData, State, Word, choose_forms,
                                                   closure, face_characters, lookup)
from misere.quotients.partizan.rank1 import confluent
from misere.quotients.partizan.refine import refine_certificate

if TYPE_CHECKING:
    from misere.quotients.partizan.quotient import PartizanQuotient

__all__ = ["SemilinearProof", "prove_semilinear", "PARAMETERS"]


#: (T, p) tried in order: window half-width and common period of the forms
PARAMETERS: tuple[tuple[int, int], ...] = (
    (1, 1), (2, 1), (1, 2), (2, 2), (3, 1), (3, 2), (4, 2), (3, 3), (4, 4), (5, 2), (6, 6))
_MAX_ATTEMPTS = 3  # parameter choices that fit the data and are then tried by the proof
_SELECT_SIZE = 12  # words used to choose the forms
_WITNESS_SIZE = 40  # largest sum searched to fill the table


class SemilinearProof:
    """Result of :func:`prove_semilinear`: ``ok`` and the reason; when ok, ``pi(word)`` gives
    the proved outcome of any component word and ``details`` the certificate's size."""

    def __init__(self, ok: bool, reason: str, details: dict[str, Any] | None = None) -> None:
        self.ok = ok
        self.reason = reason
        self.details = details or {}
        self._cert: Abstraction | None = None
        self._q: PartizanQuotient | None = None
        self._states: dict[tuple[int, ...], dict[State, Word | None]] = {}
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
        d = tuple(max(m, abs(a), abs(b)) for m, a, b in zip(ab.margins(ab.d), ix, iy))
        try:
            states = self._states.get(d)
            if states is None:
                states = self._states[d] = closure(ab, len(x), d)
            for s, w in states.items():
                wx = None if w is None else tuple(a + b for a, b in zip(w, x))
                wy = None if w is None else tuple(a + b for a, b in zip(w, y))
                if not _lookup(ab, ab.shift_coarse(s, ix), wx, self._q) >= \
                        _lookup(ab, ab.shift_coarse(s, iy), wy, self._q):
                    return False
        except Fail as e:
            raise UnsupportedError(f"order of {x} and {y} not decided: {e}") from None
        return True


def _lookup(ab: Abstraction, key: State, witness: Word | None, q: "PartizanQuotient") -> Outcome:
    return lookup(ab, key, witness, q.components.outcome, _WITNESS_SIZE)


def _check_recursion(ab: Abstraction, q: "PartizanQuotient", states: Mapping[State, Word | None]) -> None:
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
                raise Fail(f"outcome recursion fails for {side} at abstract state {s}")


def _sum(q: "PartizanQuotient", w: Word) -> str:
    """A component word as a sum, e.g. ``3.* + 1`` (``0`` when empty)."""
    parts = [(f"{e}." if e > 1 else "") + q.components.names[i] for i, e in enumerate(w) if e]
    return " + ".join(parts) or "0"


def _check_relations(ab: Abstraction, q: "PartizanQuotient", states: Mapping[State, Word | None]) -> int:
    checked = 0
    for lhs, rhs in q._rules:
        il, ir = ab.values(lhs), ab.values(rhs)
        for s, w in states.items():
            budget.check()
            wl = None if w is None else tuple(a + b for a, b in zip(w, lhs))
            wr = None if w is None else tuple(a + b for a, b in zip(w, rhs))
            if _lookup(ab, ab.shift_coarse(s, il), wl, q) != _lookup(ab, ab.shift_coarse(s, ir), wr, q):
                raise Fail(f"relation {_sum(q, lhs)} = {_sum(q, rhs)} fails against abstract state {s}")
            checked += 1
    return checked


def _fits(ab: Abstraction, data: Mapping[Word, Outcome]) -> bool:
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
    small = FormData(n, candidates, {w: o for w, o in data.items() if sum(w) <= _SELECT_SIZE})
    reason = "no window and period fit the searched outcomes"
    attempts = 0
    for t, p in parameters:
        forms = choose_forms(n, candidates, t, p, small)
        if forms is None:
            continue
        ab = Abstraction(forms, n, t, p, 0)
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
            states = closure(ab, n, d)
            _check_recursion(ab, q, states)
            checked = _check_relations(ab, q, states)
        except Fail as e:
            reason = f"T={t}, p={p}: {e}"
            attempts += 1
            if attempts == _MAX_ATTEMPTS:
                reason += f" ({attempts} parameter choices fitted the data and failed)"
                break
            continue
        return _proved(ab, q, states, checked)
    found = refine_certificate(q, data)
    if isinstance(found, str):
        return SemilinearProof(False, f"{reason}; refinement: {found}")
    ab, states, checked = found
    return _proved(ab, q, states, checked)


def _proved(ab: Abstraction, q: "PartizanQuotient", states: dict[State, Word | None],
            checked: int) -> SemilinearProof:
    """The proof object of a certificate that passed the theorem's checks."""
    n = len(q.components)
    proof = SemilinearProof(True, "proved", {
        "forms": len(ab.forms), "characters": [list(f) for f in ab.forms[n:]],
        "window": max(max(ab.hi), -min(ab.lo)), "period": ab.p, "states": len(states),
        "relation_checks": checked})
    proof.rule = {"forms": [list(f) for f in ab.forms], "window": proof.details["window"],
                  "period": ab.p, "table": {repr(k): o.value for k, o in sorted(ab.table.items())}}
    if len(set(ab.hi)) > 1 or len(set(ab.periods)) > 1:
        proof.rule["windows"] = [[lo, hi] for lo, hi in zip(ab.lo, ab.hi)]
        proof.rule["periods"] = list(ab.periods)
    proof._cert, proof._q = ab, q
    proof._states = {tuple(ab.margins(ab.d)): states}
    return proof
