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


def test_outcome_of_a_long_sum_tries_the_pruned_search() -> None:
    """``outcome("G + G + ...")``: the multiset estimate alone would refuse this sum; the pruned
    search is tried (for ``PRUNED_TRIAL_SECONDS`` without a time budget, within the budget
    otherwise) and answers as the plain search does; when the trial runs out the refusal is
    one line that says how to let it run longer."""
    texts = ["{1|*}", "{*|-1}", "{0,*|1}"]
    text = " + ".join(texts * 5)
    games = [m.parse(t) for t in texts * 5]
    with m.limits(timeout=60):
        assert m.outcome(text).value == _plain(games)
    import misere.api as api

    saved = api.MAX_SEARCH_POSITIONS, api.PRUNED_TRIAL_SECONDS
    api.MAX_SEARCH_POSITIONS = 10
    try:
        assert m.outcome(text).value == _plain(games)  # tried without a budget, answered
        with m.limits(timeout=60):
            assert m.outcome(text).value == _plain(games)
        # 24 copies of the benchmark's set A (thousands of positions): a trial of 1 ns runs out
        set_a = ["{{0,*,1|0,-1,1}|0,{|*,-1,1}}", "{{-1,1|-1,1}|{0,*,-1|0,-1,1},{0,1|1}}",
                 "{{*,-1|0,-1,1},{-1|0,*}|{0,1|*,-1}}", "{{*,-1|0,*,1}|{|*,1}}"]
        api.PRUNED_TRIAL_SECONDS = 1e-9
        m.core.cache.clear()
        with pytest.raises(m.errors.ComputationLimitError, match="did not finish in 1e-09 s.*--timeout"):
            m.outcome(" + ".join(set_a * 6))
    finally:
        api.MAX_SEARCH_POSITIONS, api.PRUNED_TRIAL_SECONDS = saved
