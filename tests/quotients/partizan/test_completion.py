"""Knuth-Bendix completion of commutative rewriting rules (``build._complete``), checked from
the definitions: confluence by following every rewriting branch of every short word, and the
congruence by a breadth-first search of the words reachable from a word by the original rules
applied in either direction (no use of ``critical_pair`` or ``normal_form`` in the oracle)."""
from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from misere.core.notation import parse_id
from misere.quotients.partizan.build import _complete, _graded
from misere.quotients.partizan.components import from_games, words_up_to
from misere.quotients.partizan.quotient import PartizanQuotient
from misere.quotients.partizan.rank1 import confluent

Word = tuple[int, ...]
Rules = list[tuple[Word, Word]]

#: four components serve as letter names only: the rules below are hand-made, not the closure's
COMPS = from_games([parse_id("{0,-1,1|*}")])


def _steps(w: Word, rules: Rules) -> list[Word]:
    """Every word one rule application (left to right) away from ``w``."""
    return [tuple(a - x + y for a, x, y in zip(w, l, r))
            for l, r in rules if all(x <= a for x, a in zip(l, w))]


def _irreducibles(w: Word, rules: Rules) -> set[Word]:
    """The irreducible words reached from ``w`` along every rewriting branch."""
    out, seen, stack = set(), {w}, [w]
    while stack:
        x = stack.pop()
        nxt = _steps(x, rules)
        if not nxt:
            out.add(x)
        for y in nxt:
            if y not in seen:
                seen.add(y)
                stack.append(y)
    return out


def _congruent(u: Word, v: Word, rules: Rules, bound: int) -> bool:
    """``u`` and ``v`` joined by rule applications in either direction through words of at most
    ``bound`` letters (a path found proves congruence)."""
    both = rules + [(r, l) for l, r in rules]
    seen, frontier = {u}, [u]
    while frontier:
        frontier = [y for x in frontier for y in _steps(x, both) if sum(y) <= bound and y not in seen]
        seen.update(frontier)
    return v in seen


def _oriented(rules: Rules) -> Rules:
    return [(l, r) if _graded(l) > _graded(r) else (r, l) for l, r in rules]


def _check(rules: Rules, steps: int, size: int) -> PartizanQuotient:
    """Complete ``rules`` and check the result against the definitions on words of at most
    ``size`` letters."""
    q = PartizanQuotient(COMPS, (0, 1, 2, 3), list(rules), 4, 4)
    _complete(q, _graded, steps)
    assert q._rules[:len(rules)] == rules  # the given rules are kept, new ones appended
    # each added rule is a consequence of the rules before it (so, by induction, of the given
    # ones): its sides meet at the top of a critical pair, whose size is at most twice the
    # largest left side, and rewriting in the graded order never lengthens a word
    for k in range(len(rules), len(q._rules)):
        l, r = q._rules[k]
        before = q._rules[:k]
        assert _graded(l) > _graded(r), (l, r)
        assert _congruent(l, r, before, 2 * max(sum(x) for x, _ in before)), (l, r)
    for w in words_up_to(4, size):
        ends = _irreducibles(w, q._rules)
        assert ends == {q.normal_form(w)}, w  # every branch ends at the one normal form
        # the given rules still hold: whatever they reach from w has w's normal form
        assert all(q.normal_form(x) in ends for x in _irreducibles(w, rules)), w
    return q


def test_completion_of_a_hand_made_system() -> None:
    """a^3 = b, ab = c, b^2 = ad (graded order): seven rules are added, e.g. a^2 c = b^2
    (from a^3 b: a^2 c <- a^3 b -> b^2), and the result is confluent."""
    rules = _oriented([((3, 0, 0, 0), (0, 1, 0, 0)), ((1, 1, 0, 0), (0, 0, 1, 0)),
                       ((0, 2, 0, 0), (1, 0, 0, 1))])
    assert _irreducibles((3, 1, 0, 0), rules) == {(2, 0, 1, 0), (0, 2, 0, 0)}  # not confluent
    q = _check(rules, 20, 6)
    assert confluent(q) is None
    assert len(q._rules) == 10 and ((2, 0, 1, 0), (0, 2, 0, 0)) in q._rules
    # distinct normal forms are not congruent within the bound: the completion merged nothing
    # that the given rules keep apart (e.g. c^6 = c d^4 but c != d)
    assert q.normal_form((0, 0, 6, 0)) == q.normal_form((0, 0, 1, 4))
    assert q.normal_form((0, 0, 1, 0)) != q.normal_form((0, 0, 0, 1))
    assert not _congruent((0, 0, 1, 0), (0, 0, 0, 1), rules, 8)


def test_too_few_steps_leave_the_rules_as_given_plus_consequences() -> None:
    rules = _oriented([((3, 0, 0, 0), (0, 1, 0, 0)), ((1, 1, 0, 0), (0, 0, 1, 0)),
                       ((0, 2, 0, 0), (1, 0, 0, 1))])
    q = PartizanQuotient(COMPS, (0, 1, 2, 3), list(rules), 4, 4)
    _complete(q, _graded, 2)
    assert len(q._rules) == 5 and confluent(q) is not None


_word = st.tuples(*[st.integers(0, 2)] * 4).filter(lambda w: 0 < sum(w) <= 3)


@settings(max_examples=12, deadline=None)
@given(st.lists(st.tuples(_word, _word).filter(lambda p: p[0] != p[1]), min_size=1, max_size=3))
def test_completion_of_random_systems(pairs: list[tuple[Word, Word]]) -> None:
    """Random systems of at most three rules of at most three letters: whenever 20 steps make
    them confluent, confluence and the congruence hold from the definitions."""
    rules = _oriented(pairs)
    q = PartizanQuotient(COMPS, (0, 1, 2, 3), list(rules), 4, 4)
    _complete(q, _graded, 20)
    assume(confluent(q) is None)
    _check(rules, 20, 4)

