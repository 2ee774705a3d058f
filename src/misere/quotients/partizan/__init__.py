"""Partizan misère quotients: tetrapartite monoids of closures cl(S) (Siegel 003 §8).

For a finite set ``S`` of partizan games, ``cl(S)`` is the set of all sums of followers of
games in ``S``. Indistinguishability ``G ≡ H  iff  o⁻(G+X) = o⁻(H+X) for all X in cl(S)`` is a
congruence; the quotient ``Q`` with its outcome partition ``Π: Q -> {L, N, P, R}`` is a
*tetrapartite monoid*, ordered by ``x ≥ y iff Π(xz) ≥ Π(yz) for all z`` (003 §8; notes E.7).

How the quotient is found (:func:`partizan_quotient`)
-----------------------------------------------------
1. Linearise: components are the non-zero followers (or a ruleset's own components, e.g.
   Partizan Kayles strips), positions are words (exponent vectors).
2. Bounded classification: the outcome of every word of total size ``<= size + test`` is found
   by exhaustive search (:func:`misere.core.outcome.sum_outcome`); two words of size
   ``<= size`` are put in one class when they have the same outcome against every test word of
   size ``<= test``. Words in different classes are provably distinct (the test word is a
   witness); words in one class are only *candidates* for equality.
3. Presentation: the colex-least word of a class is its normal word (notes E.4); components
   whose single-letter word is normal are the generators; the minimal non-normal words, each
   equated with its normal word, are the relations, used as rewriting rules (a Gröbner basis of
   the congruence when the bounds are large enough). We check that rewriting sends every
   classified word to the normal word of its class.
4. Proof:

   * if every generator has a relation that is a pure power of it, the monoid is **finite**:
     we check the rules are confluent, build the table and run the exact certificate of
     :mod:`misere.quotients.partizan.certify` (outcome recursion checked on all words, and
     reducedness). The result is then exactly the quotient (strategy ``"exact"``).
   * otherwise the monoid is **infinite**. If it is a group of free rank one (ℤ for cl(1, 1̄)
     and Partizan Kayles, ℤ × ℤ₂ for cl(↑, ↓), cl(↑*, ↓*), cl(E, Ē)), the proof of
     :mod:`misere.quotients.partizan.rank1` (confluence, a periodic outcome partition, the
     outcome recursion on finitely many windows, reducedness) makes it exact as well; the
     induced order and outcomes of sums of any size are then read off the proved partition.
   * other infinite monoids (rank two or more; non-cancellative ones) go to the semilinear
     certificate of :mod:`misere.quotients.partizan.semilinear`: outcomes as a function of
     finitely many linear forms of the word, eventually periodic, checked by the outcome
     recursion on finitely many abstract states, and every relation checked against every
     state. It proves the outcome of every word and every relation of the presentation
     (strategy ``"proved"``); distinctness of the elements rests on the witnesses of step 2
     (normal words of ``<= size`` components), which the strategy string states.
   * where that certificate does not apply either, the finite presentation is kept as a
     description verified against exhaustive outcome search on every word of size
     ``<= size + test`` (strategy ``"bounded"``: a check, not a proof, stated with its bound
     and the step of each proof that failed in :attr:`strategy`).

In the bounded case ``Π(x)`` is the outcome of the normal word of ``x`` (by search, exact for
that word); only the identification of classes rests on the stated bound. The strategy string
always says which case applied and with which bounds.

References: Siegel 003 §8; notes E.2, E.4, E.7 (adapted to four outcomes); Milley 000 §4,
001 §4.3, §4.5, §5.6 for the closures used as tests.
"""
from misere.quotients.partizan.build import partizan_quotient, quotient_of_components
from misere.quotients.partizan.quotient import PartizanQuotient, invariant_factors

__all__ = ["PartizanQuotient", "partizan_quotient", "quotient_of_components", "invariant_factors"]
