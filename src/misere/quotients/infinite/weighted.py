"""Weighted claims read off the engine's rounds: one heap against several, each with its weight.

At heap 19 of 0.2264 the least failures cycle through ``19^a 3^b``, ``19^a 4^b``, ``19^a
10^b``, ``19^a 11^b`` and ``19^a 17^b`` with ``a`` growing without end, and no claim of two or
three counts fits: the boundary of the P-positions runs along ``b = a`` beside 3, 4 and 11,
along ``3 b = a`` beside 10 and ``5 b = a`` beside 17. The weighted shape
(:mod:`~misere.quotients.impartial.counters_forms`) counts them all, ``19`` with weight 1 and
the others with weights ``-1, -1, -3, -1, -5``, and the claim read off round 300 of the
engine is proved from the rules (5,095 fine states, about 13 s), then the powers of 19
separated through the two-count claim it holds on ``19^a 3^b v``.

:func:`weighted_claim` reads such a claim off a candidate:

* the *partners* of the growing heap ``c`` are the other heaps that came back in its failures
  with an exponent of at least 3 (:func:`partners`; 5, 7 and 14 come back only squared beside
  19 and stay in the monoid of the other heaps);
* each partner's weight is the one (1 to :data:`MAX_WEIGHT`) whose data ``c^a h^b v``, the
  other partners absent, fit the least windows (:func:`weights_of`; a wrong slope needs a wide
  window or none fits);
* the claim is the one :func:`~misere.quotients.impartial.counters_data.build_weighted` reads
  with those weights and the least count window (0 to :data:`MAX_COUNT_WINDOW`) that fits: at
  heap 38 of 0.4544, ``38^a 25^b 33^c v`` reads ``a - b - 2 c``, but ``33^2`` and ``25^4``
  differ beside some ``v``, so whether each count is present is read too;
* when no claim fits with period 2, the periods of :data:`PERIODS`, each partner's count read
  mod a divisor (0.6007 at heap 17: ``a mod 12`` and ``b mod 4`` beside the line ``a = 3 b``);
* :class:`~.discover.Watcher` reads the claim again in the domain the failure suggests when none
  fits on all positions (0.45 at heap 27: at most one uncounted heap of 17 or more).

:class:`~.discover.Watcher` tries it when its own shapes are refused, once per growth of the
exponent it reads as exact; :func:`~.proof.prove` decides, so a wrong guess costs time only.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["partners", "weights_of", "weighted_claim", "covers", "MAX_WEIGHT", "PERIODS"]

#: the largest weight tried for a partner (0.2264 at heap 19 needs 5)
MAX_WEIGHT = 8
#: the most partners counted (0.2264 at heap 19 has 5)
MAX_PARTNERS = 6
#: the largest count window tried (:mod:`~misere.quotients.impartial.counters_forms`): 0.4544
#: at heap 38 needs 1, whether each count is present
MAX_COUNT_WINDOW = 2
#: the largest window of the weight test (a wrong weight needs a wider one, or none fits)
TEST_WINDOW = 6
#: the longer periods tried when none fits with period 2, the partners' counts read mod each
#: divisor (0.6007 at heap 17 reads ``a mod 12`` of the growing heap, ``b mod 4`` of its partner)
PERIODS = (4, 6, 12)


def partners(seen: Mapping[int, set[int]], c: int) -> list[tuple[int, ...]]:
    """The sets of partners to try, in increasing order each: first the heaps other than ``c``
    whose exponents in the failures so far (``seen``: heap -> exponents) reached 3, at most
    :data:`MAX_PARTNERS`, those with the largest exponents (the data grow as ``3^k`` with ``k``
    partners); then the same less the one with the least exponent, and so on down to one (a
    heap that came back with 3 once may not belong to the claim: 27 beside 38 in 0.4164).

    >>> partners({19: {1, 2, 9}, 3: {1, 4}, 17: {3}, 5: {1, 2}}, 19)
    [(3, 17), (3,)]
    """
    grown = [h for h, es in seen.items() if h != c and max(es) >= 3]
    ranked = sorted(grown, key=lambda h: (-max(seen[h]), h))[:MAX_PARTNERS]
    return [tuple(sorted(ranked[:n])) for n in range(len(ranked), 0, -1)]


def weights_of(code: str, cand: Any, c: int, others: Sequence[int], exact_a: int,
               limits: Sequence[tuple[int, int]] = (), period: int = 2,
               moduli: Sequence[int] | None = None) -> tuple[int, ...] | None:
    """Each partner's weight (negative: the partners are counted against ``c``), read one
    partner at a time: the weight with the least windows, the least weight among ties.
    ``None`` when some partner fits no weight. ``limits``, ``period`` and ``moduli``: as
    :func:`~misere.quotients.impartial.counters_data.build_weighted` takes them."""
    from misere.quotients.impartial.counters_data import build_weighted

    out = [-1] * len(others)
    for j in range(len(others)):
        best = None
        for w in range(1, MAX_WEIGHT + 1):
            trial = list(out)
            trial[j] = -w
            cert = build_weighted(code, cand, (c, *others), (1, *trial), exact_a,
                                  b_max=2 * exact_a, max_window=TEST_WINDOW, vary=(j + 1,),
                                  limits=limits, period=period, moduli=moduli)
            if cert is not None and (best is None or sum(cert.windows) < best[0]):
                best = (sum(cert.windows), w)
        if best is None:
            return None
        out[j] = -best[1]
    return tuple(out)


def weighted_claim(code: str, cand: Any, c: int, others: Sequence[int], exact_a: int,
                   limits: Sequence[tuple[int, int]] = ()) -> Any:
    """The weighted claim of ``c`` against ``others`` read off ``cand`` (a
    :class:`~misere.quotients.impartial.counters.CounterCertificate`, a claim until proved), or
    ``None`` when some weight or the windows do not fit. ``limits``: a domain of the other
    heaps (:func:`~misere.quotients.impartial.counters_data.build_certificate`).

    Tried in turn: period 2 with the least count window that fits, then, once the growing
    heap's data reach 8 past the longest of :data:`PERIODS` (fewer cannot show every residue
    beside the boundary), each of them with the partners' counts read mod each of its
    divisors, least first. The weights of the longer periods are read once, mod the longest:
    residues mod a multiple read finer, so weights that fit mod a divisor fit there too."""
    from misere.quotients.impartial.counters_data import build_weighted

    if not others:
        return None
    shapes = []
    weights = weights_of(code, cand, c, others, exact_a, limits)
    if weights is not None:
        shapes = [(weights, 2, None, w) for w in range(MAX_COUNT_WINDOW + 1)]
    longest = max(PERIODS)
    if exact_a >= longest + 8:  # the weights read once, with the finest residues
        weights = weights_of(code, cand, c, others, exact_a, limits, longest)
        if weights is not None:
            shapes += [(weights, p, (p, *(q,) * len(others)), 0)
                       for p in PERIODS for q in range(1, p + 1) if p % q == 0]
    for weights, period, moduli, count_window in shapes:
        cert = build_weighted(code, cand, (c, *others), (1, *weights), exact_a,
                              count_window=count_window, limits=limits, period=period,
                              moduli=moduli)
        if cert is not None and covers(cert):
            return cert
    return None


def covers(cert: Any) -> bool:
    """Whether the claim's table has a row for the coarse state of every count vector (those of
    the points the check visits): the data hold each partner past ``low`` only alone, so a
    claim read off them may have none for, say, two partners at 3; the check would refuse it
    after seconds, this test takes milliseconds."""
    from misere.quotients.impartial.certify import rule_moves
    from misere.quotients.impartial.counters_forms import weighted_points
    from misere.quotients.impartial.counters_moves import Moves

    opts = Moves(cert, rule_moves(cert.code)).opts
    points, _ = weighted_points(cert.weights, cert.windows, cert.period, cert.count_window,
                                cert.members, opts)
    return all(cert.state(n) in cert.p_table for n in points)
