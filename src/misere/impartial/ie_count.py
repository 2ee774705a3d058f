"""Counting the impartial misère canonical forms born by day ``n`` by inclusion–exclusion.

The forms born by day ``n`` are in bijection with the *irreducible* subsets ``S`` of the set
``U`` of forms born by day ``n−1`` (Conway's theorem, ONAG ch. 12; seed 002 §6.2; notes §D.2):
``S = ∅`` is 0, and distinct irreducible sets are distinct values. ``S`` is reducible when it
lies in one of the families

* ``R_H = {S : opts(H) ⊊ S ⊆ opts(H) ∪ Par(H)}`` for a nonzero form ``H`` born by day
  ``n−2``, where ``Par(H)`` is the set of members of ``U`` having ``H`` as an option, or
* ``R_0 = {S : S ⊆ Par(0), S ∩ P ≠ ∅}`` (deletion of all options, with the proviso; ``P`` is
  the set of misère P-positions in ``U``).

So the count is ``2^|U| − |⋃ R|``, and ``|⋃ R|`` is an alternating sum over families ``F`` of
rules of ``|⋂_{H∈F} R_H|``: the sets ``S`` with ``⋃ opts(H) ⊆ S ⊆ ⋂ (opts(H) ∪ Par(H))``
(``∩ Par(0)``), less the sets meeting no P-position when ``0 ∈ F``, less ``S = opts(H)`` — a
power of two, minus at most one power of two, minus at most one. Only ``|U|`` and, for each set
``F`` of day-``(n−2)`` forms, the number of members of ``U`` whose option set contains ``F`` are
needed (a superset-sum transform), never the ``2^|U|`` subsets. A member of ``U`` is stored as
the bitmask of its option set over the day-``(n−2)`` forms
(:func:`misere.impartial.counting.irreducible_masks`), so for ``n = 6`` the 4 171 780 day-5
forms are 22-bit masks and the ``2^22`` families are numpy vectors.

ONAG p. 140 states the day-6 count as such a formula; C. Thompson (sci.math) found it misprinted
and gave a corrected one, which this computation reproduces term by term (tests). Siegel, *On
the structure of misère impartial games* (arXiv 2012.08554), announces a method reaching day 7;
its text was not available here, so this module is our own derivation and stops at day 6.

The result is exact: ``N = 2^|U| − Σ c_k 2^k − c`` with a few dozen terms; its decimal digits
come from :mod:`decimal` (exact at any precision) because ``N`` has 1 255 831 digits for ``n = 6``.
"""
from __future__ import annotations

import decimal
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Iterable

from ..budget import check, reserve
from ..core.table import ZERO, GameId, left
from ..errors import ComputationLimitError
from .canonical import misere_grundy
from .counting import born_by, irreducible_masks

__all__ = ["DayCount", "count_by_inclusion_exclusion", "count_subsets_ie", "MAX_IE_DAY"]

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np

#: the last day this method reaches (day 7 would need the 2^N6 day-6 forms as members of U)
MAX_IE_DAY = 6


@dataclass(frozen=True)
class DayCount:
    """An exact count ``2^top − Σ_k terms[k]·2^k − constant``.

    Attributes
    ----------
    day : int
        The birthday bound ``n``.
    top : int
        ``|U|``, the number of forms born by day ``n−1``.
    terms : dict of int to int
        Exponent ``k`` → coefficient ``c_k`` (nonzero) of the subtracted powers of two.
    constant : int
        The subtracted constant ``c``.
    """

    day: int
    top: int
    terms: dict[int, int] = field(default_factory=dict)
    constant: int = 0

    @property
    def value(self) -> int:
        """The count as a Python integer."""
        return (1 << self.top) - sum(c << k for k, c in self.terms.items()) - self.constant

    def formula(self) -> str:
        """The count as ``2^a − 2^b − 3·2^c + … + 21`` (largest exponents first)."""
        parts = [f"2^{self.top}"]
        for k in sorted(self.terms, reverse=True):
            c = -self.terms[k]
            mag = "" if abs(c) == 1 else f"{abs(c)}·"
            parts.append(f"{'+' if c > 0 else '−'} {mag}2^{k}")
        if self.constant:
            parts.append(f"{'+' if self.constant < 0 else '−'} {abs(self.constant)}")
        return " ".join(parts)

    def decimal_digits(self) -> str:
        """The exact decimal expansion (1 255 831 digits for day 6; :mod:`decimal` is fast)."""
        ctx = decimal.Context(prec=decimal.MAX_PREC, Emax=decimal.MAX_EMAX, Emin=decimal.MIN_EMIN)
        two = decimal.Decimal(2)
        total = ctx.power(two, self.top)
        for k, c in self.terms.items():
            check()
            total = ctx.subtract(total, ctx.multiply(decimal.Decimal(c), ctx.power(two, k)))
        total = ctx.subtract(total, decimal.Decimal(self.constant))
        return str(total.quantize(decimal.Decimal(1), context=ctx))


def count_by_inclusion_exclusion(n: int, stage: "Callable[[str], None] | None" = None) -> DayCount:
    """The number of impartial misère canonical forms born by day ``n`` (``1 ≤ n ≤ 6``);
    ``stage`` (e.g. a progress display) is told each step as it starts.

    Raises
    ------
    ComputationLimitError
        for ``n > 6`` (the members of ``U`` would be the ``≈ 2^4171780`` day-6 forms).

    Examples
    --------
    >>> [count_by_inclusion_exclusion(n).value for n in range(1, 5)]
    [2, 3, 5, 22]
    >>> count_by_inclusion_exclusion(5).formula()
    '2^22 − 2^14 − 2^12 − 2^11 + 4'
    """
    if n < 1:
        raise ValueError("inclusion–exclusion counts days n >= 1 (day 0 has the one form 0)")
    if n > MAX_IE_DAY:
        raise ComputationLimitError(
            f"day {n} is out of reach: its forms are subsets of the day-{n - 1} forms, which "
            f"cannot be listed (day 6 has a 1 255 831-digit number of forms)"
        )
    base = born_by(n - 2) if n >= 2 else []
    if n - 1 <= 4:
        import numpy as np

        index = {g: i for i, g in enumerate(base)}
        masks = np.array([sum(1 << index[x] for x in left(g)) for g in born_by(n - 1)],
                         dtype=np.uint32)
    else:
        import numpy as np

        reserve(4 * 4_200_000, "the 4 171 780 day-5 option sets")
        if stage is not None:
            stage(f"day-{n - 1} option sets")
        masks = np.concatenate(list(irreducible_masks(base)))
    r = count_subsets_ie(base, masks, stage)
    return DayCount(n, int(masks.size), r.terms, r.constant)


def count_subsets_ie(base: list[GameId], masks: "np.ndarray",
                     stage: "Callable[[str], None] | None" = None) -> DayCount:
    """How many subsets of the universe ``U`` (``masks``: option sets over ``base``) are
    irreducible, by inclusion–exclusion over the rules of ``base`` (see the module docstring).

    ``base`` must be all forms born by some day (so every option of a member of ``base`` is
    in ``base``), and every member of ``U`` that is an option of some form in ``base`` must be
    in ``U``. ``U`` may be any set of forms whose options lie in ``base`` otherwise (the tests
    use random sub-universes and compare with an enumeration of their subsets).
    """
    import numpy as np

    nb = len(base)
    if nb > 26:
        raise ComputationLimitError(f"cannot run inclusion–exclusion over 2^{nb} families")
    index = {g: i for i, g in enumerate(base)}
    # the "small" members: options of forms in base (they may lie in some opts(H))
    small = sorted({x for h in base for x in left(h)}, key=lambda g: index[g])
    small_masks = [sum(1 << index[x] for x in left(d)) for d in small]
    in_u = set(int(v) for v in masks[np.isin(masks, np.array(small_masks, dtype=masks.dtype))])
    small = [d for d, m in zip(small, small_masks) if m in in_u]
    small_masks = [m for m in small_masks if m in in_u]
    ns = len(small)
    z_bits = sum(1 << index[g] for g in base if misere_grundy(g) == 0)
    zero_bit = 1 << index[ZERO] if ZERO in index else 0
    # histogram of the other members, and of the other members that are not P-positions
    size = 1 << nb
    reserve(size * 4 * 14, f"inclusion–exclusion over 2^{nb} families")
    others = masks[~np.isin(masks, np.array(small_masks, dtype=masks.dtype))].astype(np.int64)
    is_p = (others != 0) & ((others & z_bits) == 0)
    cnt = np.bincount(others, minlength=size).astype(np.int32)
    cnt_np = np.bincount(others[~is_p], minlength=size).astype(np.int32)
    for b in range(nb):  # superset sums: cnt[F] = #{x : mask(x) ⊇ F}
        check()
        if stage is not None:
            stage(f"superset sums over 2^{nb} families: bit {b + 1}/{nb}")
        for a in (cnt, cnt_np):
            v = a.reshape(-1, 2, 1 << b)
            v[:, 0, :] += v[:, 1, :]
    fam = np.arange(size, dtype=np.int32)
    # opts(H) as a mask over `small`, for each rule H (bit of base); 0 for H = 0
    pos = {d: j for j, d in enumerate(small)}
    missing = 1 << ns  # a rule H with opts(H) ⊄ U never applies: its L(F) is never inside C(F)
    a_small = [0 if h == ZERO else _or(1 << pos[x] if x in pos else missing for x in left(h))
               for h in base]
    lower = np.zeros(size, dtype=np.int32)  # L(F) = ⋃ opts(H), H ∈ F
    for b in range(nb):
        lower[1 << b: 2 << b] = lower[: 1 << b] | a_small[b]
    p_small = sum(1 << j for j, m in enumerate(small_masks) if m != 0 and m & z_bits == 0)
    # small member d lies in C(F) iff every H ∈ F has d ∈ opts(H) or H ∈ opts(d) (0: 0 ∈ opts(d))
    c_small = np.zeros(size, dtype=np.int32)
    for j, m in enumerate(small_masks):
        if stage is not None:
            stage(f"small members {j + 1}/{len(small_masks)}")
        bad = sum(1 << i for i, h in enumerate(base)
                  if not (a_small[i] >> j & 1) and not (m >> i & 1))
        c_small |= np.where((fam & bad) == 0, 1 << j, 0)
    popcount = np.vectorize(lambda v: bin(v).count("1"), otypes=[np.int64])
    pc_table = popcount(np.arange(2 << ns, dtype=np.int64)).astype(np.int32)
    h_of_lower = np.full(2 << ns, -1, dtype=np.int64)
    for i, h in enumerate(base):
        if h != ZERO and not a_small[i] & missing:
            h_of_lower[a_small[i]] = i
    fam_pc = np.zeros(size, dtype=np.int8)
    for b in range(nb):
        fam_pc[1 << b: 2 << b] = fam_pc[: 1 << b] + 1
    sign = np.where(fam_pc % 2 == 1, 1, -1).astype(np.int8)
    ok = (fam > 0) & ((lower & ~c_small) == 0)
    n_low = pc_table[lower]
    e1 = cnt + pc_table[c_small] - n_low
    e2 = cnt_np + pc_table[c_small & ~p_small] - n_low
    has0 = (fam & zero_bit) != 0
    hits_p = (lower & p_small) != 0
    hstar = h_of_lower[lower]
    exact = (hstar >= 0) & (((fam >> np.maximum(hstar, 0)) & 1) == 1)
    exact &= ~has0 | hits_p
    second = has0 & ~hits_p
    terms: dict[int, int] = {}
    for e, s, sel in ((e1, sign, ok), (e2, -sign, ok & second)):
        for sg in (1, -1):
            w = sel & (s == sg)
            counts = np.bincount(e[w], minlength=0)
            for k in np.nonzero(counts)[0]:
                terms[int(k)] = terms.get(int(k), 0) + sg * int(counts[k])
    constant = int(np.sum(sign[ok & exact]))
    # |⋃R| = Σ terms − constant; the count is 2^|U| − |⋃R|
    return DayCount(0, int(masks.size), _carry(terms), -constant)


def _or(bits: "Iterable[int]") -> int:
    r = 0
    for b in bits:
        r |= b
    return r


def _carry(terms: dict[int, int]) -> dict[int, int]:
    """Rewrite ``Σ c_k 2^k`` with odd coefficients (``2·2^k`` becomes ``2^(k+1)``)."""
    t = {k: c for k, c in terms.items() if c}
    todo = sorted(t)
    while todo:
        k = todo.pop(0)
        c = t.get(k, 0)
        if c and c % 2 == 0:
            del t[k]
            t[k + 1] = t.get(k + 1, 0) + c // 2
            if not t[k + 1]:
                del t[k + 1]
            todo = sorted(set(todo) | {k + 1})
    return t
