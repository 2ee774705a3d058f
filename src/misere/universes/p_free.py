"""pf(ℬ): the 𝒫-free blocking games, and comparison modulo them.

Davies–Miller–Milley, *On sums of 𝒫-free forms under misère play* (arXiv 2506.05257; statements
as formalised in the public Lean repository ``Vilin97/lean-pool``,
``LeanPool/MisereGames/Misere/PFreeBlocking.lean`` and ``OutcomeStable.lean``):

* a form is *𝒫-free* when no follower (itself included) has misère outcome P (Def 2.2); pf(A)
  is the set of 𝒫-free members of A;
* ℬ is outcome-stable (Lemma 4.2): in pf(ℬ), L + L = L, R + R = R, Left wins L + N moving
  first and Right wins R + N moving first; if ``o(G) = L`` and H is a Left end then
  ``o(G + H) = L`` (Lemma 4.1);
* pf(ℬ) is closed under sums (Lemma 4.9) — with options and conjugates, a closed set (it is not
  a universe in the sense of Larsson–Nowakowski–Santos: ``* ∉ pf(ℬ)``) — and every member is
  invertible modulo ℬ with inverse its conjugate (§4; Davies–Milley 2026: exactly the games
  equal to 𝒫-free forms are invertible modulo ℬ).

No paper gives a comparison test modulo pf(ℬ). This module decides ``G ≥ H`` (mod pf(ℬ)) with
a sound sufficient test and a witness search, reporting the rest as undecided:

* ``G ≥ H`` iff ``J = G + H̄ ≥ 0`` (H + H̄ ≡_ℬ 0), and ``J ≥ 0`` holds (:func:`positive`) when
  ``J ≥_ℬ K`` for some K known to be ≥ 0 mod pf(ℬ): ``K = 0``; ``o(K) = L`` (outcome
  stability); K a Left end (Lemma 4.1 for X of outcome L; for X of outcome N, Left wins by
  moving X to an L-option); K a Right end of outcome N (mirror of DMM Lemma 4.7; see
  :func:`positive`); and along chains through a table of small members (transitivity);
* ``J ≥ 0`` also holds by proviso and maintenance (:func:`_maintained_positive`): J is
  Left-strong modulo ℬ and every ``J^R`` is a Left end or has a ``J^{RL} ≥ 0``;
* ``G ≱ H`` is shown by a member X with ``o(G+X) ≱ o(H+X)``, found among small members,
  integers and ``H̄ + Y`` and verified by outcome search.

Every step is checked against brute force in the tests; no pair of members born by day 3 is
left undecided (:func:`day3_values`: 10 values).
"""
from __future__ import annotations

from typing import Optional

import numpy as np

from .. import budget
from ..core import cache
from ..core.ops import _hereditary, add, conjugate, integer
from ..core.outcome import Outcome, outcome, sum_outcome
from ..core.table import ZERO, GameId, birthday, intern, left, right
from ..errors import UnsupportedError
from . import blocking as _b
from .base import Universe, register, subsets

__all__ = ["PFreeUniverse", "P_FREE", "is_p_free", "is_p_free_blocking", "positive", "ge", "decide",
           "witness", "reduce", "option_picks", "values_from", "day3_values"]

is_p_free = _hereditary(
    "is_p_free", lambda x: outcome(x) != Outcome.P,
    """No follower (the game included) has misère outcome P (DMM 2506.05257 Def 2.2).""")

_ge = cache.table("p_free.ge")
_wit = cache.table("p_free.witness")
_pool: list[list[GameId]] = []


def is_p_free_blocking(g: GameId) -> bool:
    """Membership in pf(ℬ): blocking and 𝒫-free (DMM 2506.05257 Def 2.2, §4)."""
    return _b.is_blocking(g) and is_p_free(g)


def _known_positive(k: GameId) -> bool:
    """K ≥ 0 modulo pf(ℬ) by a lemma: 0, outcome L, a Left end, or a Right end of outcome N."""
    o = outcome(k)
    return k == ZERO or o == Outcome.L or not left(k) or (not right(k) and o == Outcome.N)


def positive(j: GameId) -> bool:
    """A sound test of ``J ≥ 0`` modulo pf(ℬ) for ``J ∈ pf(ℬ)`` (True: proved; False: not proved).

    True when ``J ≥_ℬ K`` (ℬ ⊇ pf(ℬ), so ℬ-inequalities hold modulo pf(ℬ)) for a K that is
    ``≥ 0`` by one of these lemmas, each a consequence of DMM Lemmas 4.1, 4.2 (every X below is
    in pf(ℬ), so ``o(X) ≠ P``, and ``o(J + X) ≥ o(X)`` is to be shown):

    * ``o(K) = L``: L + L = L, and Left wins L + N moving first (Lemma 4.2);
    * K a Left end: if ``o(X) = L``, ``o(K + X) = L`` (Lemma 4.1); if ``o(X) = N``, Left moves
      X to an X^L of outcome L (Right loses it moving first; not P) and ``o(K + X^L) = L``
      (Lemma 4.1), or X is a Left end and so is K + X;
    * K a Right end with ``o(K) = N``: if ``o(X) = N``, Left wins ``K + X`` moving first (the
      mirror of Lemma 4.7); if ``o(X) = L``, Left wins moving first (L + N), and Right moving
      first must move in X (K is a Right end; X is not, as Right loses X moving first) to an
      X^R that Left wins moving first, so ``o(X^R) ∈ {L, N}`` and Left wins ``K + X^R`` moving
      first (L + N, or the mirror of Lemma 4.7).
    """
    r = _pos.get(j)
    if r is None:
        budget.check()
        r = (_known_positive(j) or _known_positive(_b.reduce(j)) or _maintained_positive(j)
             or any(_b.ge(j, k) for k in _positives()))
        _pos[j] = r
    return r  # type: ignore[no-any-return]


def _maintained_positive(j: GameId) -> bool:
    """``J ≥ 0`` modulo pf(ℬ) by the proviso and maintenance: J is Left-strong modulo ℬ
    (DM 2026 Thm 3.1) and every ``J^R`` is a Left end or has a ``J^{RL}`` with
    :func:`positive` true.

    Notes
    -----
    Every member is invertible with inverse its conjugate (DMM §4), so ``J ≥ 0`` iff Left wins
    ``J + X`` moving first whenever she wins X moving first (X in pf(ℬ)): the condition on
    Right moving first is this one for ``J̄ + Ȳ`` (set ``X = Y + J̄``, ``J + J̄ ≡ 0``, conjugate).
    Sufficiency, by induction on X: a Left end X is covered by Left-strength; otherwise Left
    opens with an ``X^L`` of outcome L (not P: X is 𝒫-free). Right's reply ``X^{LR}`` leaves an
    X' that Left wins moving first (induction); a reply ``J^R`` is met by ``J^{RL} ≥ 0`` (Right
    loses ``J^{RL} + X^L`` moving first, as he loses ``X^L``), or, J^R a Left end, by the Left
    end lemma (DMM Lemma 4.1, ``o(X^L) = L``); Right is never stuck, as ``X^L`` is no Right end.
    """
    return _b.strong_left(j) and all(
        not left(r) or any(positive(x) for x in left(r)) for r in right(j))


def _positives() -> list[GameId]:
    return [k for k in _small() if _known_positive(k)]


_pos = cache.table("p_free.positive")
_dir = cache.table("p_free.direct")
_up = cache.table("p_free.up")
_down = cache.table("p_free.down")


def _direct(g: GameId, h: GameId) -> bool:
    """``g ≥ h`` by one step: ℬ-comparison, or :func:`positive` on ``g + h̄``."""
    key = (g, h)
    r = _dir.get(key)
    if r is None:
        budget.check()
        r = g == h or _b.ge(g, h) or positive(add(g, conjugate(h)))
        _dir[key] = r
    return r  # type: ignore[no-any-return]


def _small() -> list[GameId]:
    """The ℬ-reduced members of pf(ℬ) born by day 2 and the integers -3..3 (the chain table)."""
    if not _pool:
        day = [ZERO]
        for _ in range(2):
            day = sorted({intern(a, b) for a in subsets(day) for b in subsets(day)})
        vals = {_b.reduce(g) for g in day if is_p_free_blocking(g)}
        _pool.append(sorted(vals | {integer(n) for n in range(-3, 4)}, key=lambda x: (birthday(x), x)))
    return _pool[0]


_closure: list[np.ndarray] = []


def _chain_matrix() -> np.ndarray:
    """Transitive closure of :func:`_direct` on the small table."""
    if not _closure:
        pool = _small()
        n = len(pool)
        mat = np.array([[_direct(a, b) for b in pool] for a in pool], dtype=bool).reshape(n, n)
        for k in range(n):
            budget.check()
            mat |= mat[:, k:k + 1] & mat[k:k + 1, :]
        _closure.append(mat)
    return _closure[0]


def _proved_ge(g: GameId, h: GameId) -> bool:
    if _direct(g, h):
        return True
    pool, mat = _small(), _chain_matrix()
    up = _up.get(g)
    if up is None:
        up = _up[g] = [i for i, k in enumerate(pool) if _direct(g, k)]
    down = _down.get(h)
    if down is None:
        down = _down[h] = [j for j, k in enumerate(pool) if _direct(k, h)]
    return bool(up and down and mat[np.ix_(up, down)].any())


def _search_witness(g: GameId, h: GameId) -> Optional[GameId]:
    """A member X with ``o(g+X) ≱ o(h+X)`` among small members, integers, ``h̄ + Y``, ``ḡ + Y``."""
    hb, gb = conjugate(h), conjugate(g)
    pool = _small()
    for cands in (pool, [add(hb, y) for y in pool], [add(gb, y) for y in pool]):
        for x in cands:
            budget.check()
            if not sum_outcome((g, x)) >= sum_outcome((h, x)):
                return x
    return None


def decide(g: GameId, h: GameId) -> Optional[bool]:
    """``g ≥ h`` modulo pf(ℬ): True (proved), False (a witness exists), None (undecided)."""
    key = (g, h)
    if key in _ge:
        return _ge[key]  # type: ignore[no-any-return]
    r: Optional[bool] = True
    hb = conjugate(h)
    if sum_outcome((g, hb)) == Outcome.R:  # o(g + h̄) = R < N = o(h + h̄): X = h̄
        r, _wit[key] = False, hb
    elif not _proved_ge(g, h):
        x = _search_witness(g, h)
        r = None if x is None else False
        if x is not None:
            _wit[key] = x
    _ge[key] = r
    return r


def ge(g: GameId, h: GameId) -> bool:
    """``g ≥ h`` modulo pf(ℬ) for members g, h (see the module notes for how it is decided).

    Raises
    ------
    UnsupportedError
        when neither a proof nor a distinguishing member is found.

    Examples
    --------
    >>> from misere.core.notation import parse_id
    >>> ge(ZERO, parse_id("1")), ge(parse_id("1"), ZERO)        # 0 ≥ 1 modulo pf(ℬ)
    (True, False)
    """
    r = decide(g, h)
    if r is None:
        from ..core.notation import format_id
        raise UnsupportedError(f"undecided modulo p-free: {format_id(g)!r} >= {format_id(h)!r} "
                               "(no lemma proves it and no small member refutes it)")
    return r


def witness(g: GameId, h: GameId) -> GameId:
    """The member X found by :func:`decide` for ``g ≱ h``."""
    if decide(g, h) is not False:
        raise ValueError(f"#{g} >= #{h} modulo p-free is not refuted: no witness")
    return _wit[(g, h)]  # type: ignore[no-any-return]


def reduce(g: GameId) -> GameId:
    """A simple form equal to ``g`` modulo pf(ℬ): an integer when one is provably equal (the
    nearest to 0 first), else the ℬ-reduced form (which is ``≡_ℬ g``, hence ``≡`` mod pf(ℬ))."""
    r = _b.reduce(g)
    for n in sorted(range(-birthday(g) - 1, birthday(g) + 2), key=abs):
        k = integer(n)
        if decide(r, k) is True and decide(k, r) is True:
            return k
    return r


def _end_profile(g: GameId) -> tuple[bool, bool]:
    """Can ``g`` be a Right option of a blocked Left end (it is one, or has a Left option that
    is one), and the mirror: the only facts about an option that membership of a parent needs."""
    return (_b.is_blocked_left_end(g) or any(_b.is_blocked_left_end(x) for x in left(g)),
            _b.is_blocked_right_end(g) or any(_b.is_blocked_right_end(x) for x in right(g)))


def option_picks(n: int) -> list[GameId]:
    """One member form per value born by day n whose end profile is the best of its value.

    Raises
    ------
    UnsupportedError
        if no form of some value has a profile at least that of every form of that value.
    """
    classes: list[list[GameId]] = []
    for g in _b.member_forms(n, is_p_free_blocking):
        cls = next((c for c in classes if P_FREE.eq(g, c[0])), None)
        if cls is None:
            classes.append([g])
        else:
            cls.append(g)
    picks = []
    for cls in classes:
        best = tuple(any(_end_profile(g)[i] for g in cls) for i in range(2))
        pick = next((g for g in sorted(cls, key=lambda x: (birthday(x), x)) if _end_profile(g) == best), None)
        if pick is None:
            raise UnsupportedError(f"no form of value {cls[0]} has the end profile {best}")
        picks.append(pick)
    return picks


def values_from(picks: list[GameId]) -> tuple[list[GameId], int]:
    """The values modulo pf(ℬ) of the members ``{A|B}``, A and B sets of ``picks``; and how many
    such members there are. Equal values are merged by :func:`ge` (a proof each way), distinct
    ones are told apart by a verified witness, so every pair of those members is decided.

    Notes
    -----
    The value of a member depends only on the values of its options (replace each option by an
    equal one: o(G + X) follows by induction on X ∈ pf(ℬ)), and its membership only on its own
    outcome and, for an end, on the end profiles of its options (:func:`_end_profile`). So when
    ``picks`` holds, for every value born by day n, one form with the best profile of that value
    (:func:`option_picks`), these are all the values born by day n + 1.
    """
    sets = subsets(picks)
    members = [g for a in sets for b in sets for g in [intern(a, b)] if is_p_free_blocking(g)]
    reps: list[GameId] = []
    for g in members:
        budget.check()
        r = reduce(g)
        if not any(P_FREE.eq(r, x) for x in reps):
            reps.append(r)
    return sorted(reps, key=lambda x: (birthday(x), x)), len(members)


def day3_values() -> list[GameId]:
    """The values modulo pf(ℬ) born by day 3: :func:`values_from` on :func:`option_picks` of day 2
    (10 values, from 943 members whose options are the integers -2..2)."""
    return values_from(option_picks(2))[0]


class PFreeUniverse(Universe):
    """pf(ℬ): 𝒫-free blocking games (DMM 2506.05257 Def 2.2, Lemma 4.9); a closed set
    (options, sums, conjugates), not dicot-closed."""

    name = "p-free"
    aliases = ("pf", "pfree", "p-free-blocking", "pf(B)")
    description = "P-free blocking games pf(B): no follower of outcome P (Davies-Miller-Milley 2025)"
    max_enumeration_day = 3
    #: every member is invertible with inverse its conjugate (DMM §4), so inverses are unique
    conjugate_property = True
    #: where the conjugate property is proved
    conjugate_property_source = "Davies–Milley 2026: every member's inverse modulo blocking is its conjugate"

    def contains(self, g: GameId) -> bool:
        return is_p_free_blocking(g)

    def build_day(self, n: int) -> list[GameId]:
        """One representative per value modulo pf(ℬ) born by day n (n ≤ 3): by day 2 from every
        member form; day 3 by :func:`day3_values`.

        Raises
        ------
        UnsupportedError
            if two forms can be neither proved equal nor distinguished (not the case by day 3).
        """
        return _b.values_by_forms(self, n) if n <= 2 else day3_values()


P_FREE = register(PFreeUniverse(ge=ge, reduce=reduce, witness=witness))
