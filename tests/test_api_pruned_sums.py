"""``outcome_of_sum`` on long misère sums goes through the universe-pruned search
(misere.universes.sum_theory); it must agree with the plain packed search over the canonical
forms (no pruning, no universe) and, where small enough, with the brute-force oracle."""
from __future__ import annotations

import random

import pytest

import misere as m
from misere.api import PRUNED_FROM, outcome_of_sum
from misere.core.outcome import Outcome
from misere.core.packed import sum_outcome_pair
from misere.core.notation import explicit
from misere.universes import general
from tests.oracle import brute

DAY2 = list(m.born_by(2))


def _plain(games: list[m.Game]) -> str:
    reduced = [general.canonical(g.id) for g in games]
    return Outcome.from_pair(*sum_outcome_pair(reduced, engine="python")).value


@pytest.mark.parametrize("seed", range(8))
def test_long_sums_agree_with_plain_search(seed: int) -> None:
    rng = random.Random(seed)
    kinds = rng.sample(DAY2, 3)
    games = [rng.choice(kinds) for _ in range(PRUNED_FROM + rng.randrange(4))]
    assert outcome_of_sum(games).value == _plain(games)


@pytest.mark.parametrize("texts", [["1", "-1", "*", "{1|*}"], ["{0|}", "{|0,*}", "*"], ["{*|-1}", "{1|*}"]])
def test_long_sums_agree_with_brute_force(texts: list[str]) -> None:
    games = [m.parse(t) for t in texts] * -(-PRUNED_FROM // len(texts))
    assert len(games) >= PRUNED_FROM
    assert outcome_of_sum(games).value == brute.outcome([brute.read(explicit(g.id)) for g in games])


def test_outcome_of_a_long_sum_tries_the_pruned_search_under_a_time_budget() -> None:
    """``outcome("G + G + ...")``: the multiset estimate alone would refuse this sum; with a time
    budget the pruned search answers it (the same answer as the plain search), without one the
    refusal is one line that says how to try."""
    texts = ["{1|*}", "{*|-1}", "{0,*|1}"]
    text = " + ".join(texts * 5)
    games = [m.parse(t) for t in texts * 5]
    with m.limits(timeout=60):
        assert m.outcome(text).value == _plain(games)
    import misere.api as api

    saved = api.MAX_SEARCH_POSITIONS
    api.MAX_SEARCH_POSITIONS = 10
    try:
        with pytest.raises(m.errors.ComputationLimitError, match="--timeout"):
            m.outcome(text)
        with m.limits(timeout=60):
            assert m.outcome(text).value == _plain(games)
    finally:
        api.MAX_SEARCH_POSITIONS = saved
