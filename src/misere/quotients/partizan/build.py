"""Finding partizan quotients: classify words by bounded outcome search, present, then prove.

The procedure is described in :mod:`misere.quotients.partizan` (Siegel 003 §8; notes E.2, E.4,
E.7): :func:`partizan_quotient` and :func:`quotient_of_components` build a
:class:`~misere.quotients.partizan.quotient.PartizanQuotient`; finite quotients are certified
by :mod:`~misere.quotients.partizan.certify`, rank-one groups proved by
:mod:`~misere.quotients.partizan.rank1`.
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

import numpy as np

from misere import budget
from misere.core.outcome import Outcome
from misere.errors import ComputationLimitError, UnsupportedError
from misere.quotients.monoid import TableMonoid
from misere.quotients.partizan.certify import certify
from misere.quotients.partizan.components import Components, Word, from_games, words_up_to
from misere.quotients.partizan.quotient import PartizanQuotient, _add, _bounds, _colex, _gid
from misere.quotients.partizan.rank1 import confluent, critical_pair, prove_rank1
from misere.quotients.partizan.semilinear import prove_semilinear

__all__ = ["partizan_quotient", "quotient_of_components"]


def quotient_of_components(
    comps: Components, size: int | None = None, test: int | None = None,
) -> PartizanQuotient:
    """The tetrapartite quotient of the closure spanned by a component system.

    Parameters
    ----------
    comps : Components
    size, test : int, optional
        Classification bounds (module docstring, step 2); chosen from the number of
        components when omitted.

    Raises
    ------
    UnsupportedError
        When the bounded data admit no consistent presentation (raise the bounds).
    """
    n = len(comps)
    s, t = _bounds(n, size, test)
    words = list(words_up_to(n, s + t))
    outcome: dict[Word, Outcome] = {}
    with budget.Progress("partizan quotient: outcomes of sums", total=len(words)) as progress:
        for i, w in enumerate(words):
            progress.update(i)
            outcome[w] = comps.outcome(w)
    # with automatic bounds, retry with fewer classified words and longer tests (same total)
    splits = [(s, t)] if size is not None or test is not None else \
        [(s - d, t + d) for d in range(0, max(1, s - 1))]
    error: UnsupportedError | None = None
    for order in (_colex, _graded):
        for s2, t2 in splits:
            try:
                return _identify(comps, outcome, s2, t2, order)
            except UnsupportedError as e:
                error = e if error is None else error
    assert error is not None
    raise error


def _graded(w: Word) -> tuple[int, ...]:
    """Total size first, then colex: a term order that never lengthens a word, so every normal
    word of a classified word is classified too."""
    return (sum(w),) + _colex(w)


def _signatures(outcome: dict[Word, Outcome], words: list[Word], tests: list[Word],
                n: int) -> list[object]:
    """For each word ``w``, a key equal for two words iff their outcome rows
    ``(o(w + z) for z in tests)`` are equal. Words are numbered in the mixed radix
    ``B = 1 + largest total`` so that ``w + z`` is an addition of numbers, and the rows are read
    from the sorted numbers at once (numpy); the tuples of outcomes themselves when the numbers
    would not fit in 63 bits."""
    base = 1 + max((sum(w) for w in outcome), default=0)
    if not words or n == 0 or base ** n >= 1 << 62:
        return [tuple(outcome[_add(w, z)] for z in tests) for w in words]
    radix = base ** np.arange(n, dtype=np.int64)
    known = np.array(list(outcome), dtype=np.int64).reshape(-1, n) @ radix
    order = np.argsort(known)
    codes = np.array(["LNPR".index(o.value) for o in outcome.values()], dtype=np.int8)[order]
    wanted = ((np.array(words, dtype=np.int64).reshape(-1, n) @ radix)[:, None]
              + (np.array(tests, dtype=np.int64).reshape(-1, n) @ radix)[None, :])
    pos = np.searchsorted(known[order], wanted)
    assert (known[order][pos] == wanted).all(), "a sum of a word and a test was not searched"
    return [row.tobytes() for row in codes[pos]]


def _identify(comps: Components, outcome: dict[Word, Outcome], s: int, t: int,
              order: Callable[[Word], tuple[int, ...]] = _colex) -> PartizanQuotient:
    """Steps 2-4 of the module docstring with classification bounds ``s``, ``t``; the normal
    word of a class is its least word in ``order`` (colex first, as in notes E.4; the graded
    order when a colex-least word lies beyond the size bound, e.g. when ``-1 ≡ *+*``)."""
    n = len(comps)
    total = s + t
    tests = list(words_up_to(n, t))
    words = sorted(words_up_to(n, s), key=order)
    cls: dict[Word, int] = {}
    sigs: dict[object, int] = {}
    normal: list[Word] = []
    for w, sig in zip(words, _signatures(outcome, words, tests, n)):
        c = sigs.get(sig)
        if c is None:
            c = sigs[sig] = len(normal)
            normal.append(w)
        cls[w] = c
    rules: list[tuple[Word, Word]] = []
    for w in words:
        nw = normal[cls[w]]
        if nw == w:
            continue
        preds = [tuple(e - (i == j) for j, e in enumerate(w)) for i in range(n) if w[i]]
        if all(normal[cls[p]] == p for p in preds):
            rules.append((w, nw))
    gens = tuple(i for i in range(n)
                 if normal[cls[tuple(int(i == j) for j in range(n))]][i] == 1
                 and sum(normal[cls[tuple(int(i == j) for j in range(n))]]) == 1)
    q = PartizanQuotient(comps, gens, rules, s, t)
    _complete(q, order)
    for w in words:
        if q.normal_form(w) != normal[cls[w]]:
            raise UnsupportedError(
                f"no consistent presentation within bounds size={s}, test={t} "
                f"(word {w} rewrites to {q.normal_form(w)}); try larger bounds")
    finite = all(any(sum(1 for e in q._gen_word(l) if e) == 1 and q._gen_word(l)[k] > 0
                     for l, _ in rules if set(i for i, e in enumerate(l) if e) <= set(gens))
                 for k in range(len(gens)))
    # bounded verification: the presentation predicts every searched outcome
    for w, o in outcome.items():
        if q.pi(q.normal_form(w)) != o:
            raise UnsupportedError(
                f"presentation mispredicts the outcome of word {w} (bounds size={s}, test={t}); "
                f"try larger bounds")
    q.verified_words = len(outcome)
    if finite:
        _finish_finite(q)
        return q
    proof = prove_rank1(q)
    q.proof = proof
    if proof.ok:
        d: dict[str, Any] = proof.details
        q.strategy = (f"exact: Q = Z x T with |T| = {d['torsion']} (u = {d['u']} generates Z); "
                      f"outcome partition periodic for k >= {d['right_tail'][0]} (period "
                      f"{d['right_tail'][1]}) and k <= {-d['left_tail'][0]} (period "
                      f"{d['left_tail'][1]}); proof: confluent presentation, outcome recursion "
                      f"checked on {d['values_checked']} (value, support) pairs covering every "
                      f"word by periodicity, reducedness; classes found with sums of <= {s} "
                      f"components tested against sums of <= {t}")
        return q
    semi = prove_semilinear(q, outcome)
    if semi.ok:
        q.proof = semi
        d = semi.details
        q.strategy = (f"proved: outcomes and relations for all words by a semilinear certificate "
                      f"({d['forms']} linear forms, window {d['window']}, period {d['period']}, "
                      f"outcome recursion on {d['states']} abstract states, {d['relation_checks']} "
                      f"relation checks; confluent presentation); elements distinct as shown by "
                      f"witnesses among sums of <= {t} components for normal words of <= {s} "
                      f"components (reducedness beyond: not proved)")
        return q
    q.strategy = (f"bounded: infinite monoid given by a finite presentation; classes "
                  f"separated by witnesses among sums of <= {t} components, and the "
                  f"presentation's outcome predictions checked against exhaustive search "
                  f"on all {len(outcome)} sums of <= {total} components (no exact proof: "
                  f"rank one: {proof.reason}; semilinear: {semi.reason})")
    return q


#: critical pairs a Knuth-Bendix completion may add as rules
COMPLETION_STEPS = 20


def _complete(q: PartizanQuotient, order: Callable[[Word], tuple[int, ...]],
              steps: int = COMPLETION_STEPS) -> None:
    """Knuth-Bendix completion of ``q``'s rules (at most ``steps`` new rules, in a fixed order).

    While a critical pair ``top -> s1``, ``top -> s2`` of two rules has different normal forms
    ``n1 ≠ n2``, add the rule ``max(n1, n2) -> min(n1, n2)`` in the term order ``order`` (lex
    orders on exponent vectors are compatible with addition and well-founded, so rewriting
    still terminates). Each added rule is a consequence of the rules (both sides equal ``top``
    in the congruence they generate), so the congruence, hence the presented monoid, is
    unchanged, and the semilinear certificate checks the added rules too (its step 2). When
    ``steps`` rules do not make the rules confluent, they are left as they are (the proofs then
    report the critical pair). Buchberger's criterion for binomial ideals; Knuth and Bendix,
    "Simple word problems in universal algebras" (1970).
    """
    for _ in range(steps):
        bad = critical_pair(q)
        if bad is None:
            return
        n1, n2 = (q.normal_form(x) for x in bad[1:])
        q._rules.append((n1, n2) if order(n1) > order(n2) else (n2, n1))


def _finish_finite(q: PartizanQuotient) -> None:
    """Enumerate the finite monoid, build its table and run the exact certificate."""
    bad = confluent(q)  # normal forms must be a homomorphism for outcome() to use them
    if bad:
        raise UnsupportedError(f"rewriting rules not confluent: {bad}")
    k = len(q.generators)
    elements: list[Word] = []
    seen: set[Word] = set()
    frontier = [q._comp_word((0,) * k)]
    while frontier:
        w = frontier.pop()
        if w in seen:
            continue
        seen.add(w)
        elements.append(w)
        if len(elements) > 5000:
            raise ComputationLimitError("finite quotient has more than 5000 elements")
        for c in q.generators:
            frontier.append(q.normal_form(tuple(e + (i == c) for i, e in enumerate(w))))
    elements.sort(key=lambda w: (sum(w), _colex(w)))
    index = {w: i for i, w in enumerate(elements)}
    table = [[index[q.normal_form(_add(a, b))] for b in elements] for a in elements]
    q._elements = elements
    q._table = TableMonoid(table, index[elements[0]])
    q.finite = True
    if not (q._table.is_commutative() and q._table.is_associative()):
        raise UnsupportedError("the candidate table is not a commutative monoid; raise the bounds")
    n = len(q.components)
    phi = [index[q.normal_form(tuple(int(i == j) for j in range(n)))] for i in range(n)]
    pi = [q.pi(w) for w in elements]
    cert = certify(q.components, table, index[elements[0]], pi, phi)
    q.certificate = cert
    if not cert.ok:
        raise UnsupportedError(f"finite candidate of order {len(elements)} failed the exact "
                               f"certificate ({cert.reason}); try larger bounds")
    q.strategy = (f"exact: finite monoid of order {len(elements)} certified by the outcome "
                  f"recursion on all words ({cert.words_searched} searched after pruning) and "
                  f"reducedness; classes found with sums of <= {q.size_bound} components "
                  f"tested against sums of <= {q.test_bound}")


def partizan_quotient(
    games: Sequence[Any] | str, size: int | None = None, test: int | None = None,
) -> PartizanQuotient:
    """The partizan misère quotient of ``cl(games)``.

    Parameters
    ----------
    games : sequence of Game, str or GameId, or one string
        The generating set ``S`` (a string is split at top-level commas: ``"1, -1"``).
    size, test : int, optional
        Classification bounds (see :func:`quotient_of_components`).

    Examples
    --------
    >>> q = partizan_quotient(["1", "-1"])
    >>> q.structure, q.presentation
    ('Z', '<a,b | ab=1>')
    >>> q.ge("b", "1"), q.ge("1", "a"), q.multiply("a", "b")
    (True, True, '1')
    """
    if isinstance(games, str):
        from misere.core.notation import parse_list_id
        games = parse_list_id(games)
    comps = from_games([_gid(g) for g in games])
    return quotient_of_components(comps, size, test)
