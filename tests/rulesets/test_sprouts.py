"""Sprouts (issue 13, 002 §10.5): published outcomes, the classical length bounds (every game
from n spots lasts between 2n and 3n - 1 moves), the GLOP text format, and a misère quotient of
endgames checked against the ruleset's own search."""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement

import pytest

from misere.errors import RulesetError
from misere.rulesets.registry import find_ruleset
from misere.rulesets.sprouts import Sprouts, format_land, land_moves, parse_position, spots


# Outcomes of the n-spot start, published (WGOSA Grundy tables, Lemoine-Viennot; Winning Ways ch.
# 17): normal-play Grundy values 0, 0, 1, 1, 1, 0 and misère outcomes N, P, P, P, N, N for n = 1..6.
NORMAL = {1: 0, 2: 0, 3: 1, 4: 1}
MISERE = {1: "N", 2: "P", 3: "P", 4: "P"}


@pytest.mark.parametrize("n", [1, 2, 3])
def test_published_outcomes_of_the_n_spot_start(n: int) -> None:
    assert Sprouts.normal_grundy(str(n)) == NORMAL[n]
    assert Sprouts.outcome(str(n)).value == MISERE[n]


@pytest.mark.slow
def test_published_outcomes_four_spots() -> None:
    assert Sprouts.normal_grundy("4") == NORMAL[4]
    assert Sprouts.outcome("4").value == MISERE[4]


@lru_cache(maxsize=None)
def lengths(land) -> tuple[int, int]:
    """Shortest and longest play of a land, from the move generator alone."""
    moves = land_moves(land)
    if not moves:
        return 0, 0
    lo = min(1 + sum(lengths(x)[0] for x in after) for _, after in moves)
    hi = max(1 + sum(lengths(x)[1] for x in after) for _, after in moves)
    return lo, hi


@pytest.mark.parametrize("n", [1, 2, 3])
def test_every_game_lasts_between_2n_and_3n_minus_1_moves(n: int) -> None:
    """Winning Ways ch. 17: a move uses two lives and adds a spot with one, so 3n lives drop by
    one per move and the last spot drawn keeps a life (at most 3n - 1 moves); at the end each
    surviving spot has a dead neighbourhood, which forces at least 2n moves. Both bounds are
    attained, so both are checked exactly."""
    assert lengths(spots(n)) == (2 * n, 3 * n - 1)


def test_first_moves_and_text_round_trip() -> None:
    assert [label.split(",")[0] for label, _ in land_moves(spots(2))] == [
        "loop at a 3-life spot", "join a 3-life spot to a 3-life spot"]
    assert [format_land(x) for _, after in land_moves(spots(1)) for x in after] == ["AB.}AB.}"]
    for text in ["AB.}AB.0.}", "a1a1.}", "0.0.0.}", "2.0.}", "a1a1.}+0.0.}"]:
        comps = parse_position(text)
        again = parse_position(Sprouts.format(comps))
        assert again == comps, text
    assert parse_position("3") == [spots(3)]
    assert parse_position("2 + 1") == [spots(2), spots(1)]
    from misere.rulesets import sprouts_play
    assert find_ruleset("sprouts") is sprouts_play.Sprouts  # the reference search stays in sprouts.Sprouts


@pytest.mark.parametrize("bad", ["x", "0.0", "a.}", "AB.}A.}", "0.0.}}", "99"])
def test_bad_positions_refused_in_one_line(bad: str) -> None:
    with pytest.raises(RulesetError):
        parse_position(bad)


def test_quotient_of_endgames_predicts_the_search() -> None:
    sq = Sprouts.quotient(["1", "2"])
    assert sq.quotient.certificate.agreed
    for k in range(1, 5):
        for combo in combinations_with_replacement(["1", "2"], k):
            assert sq.outcome(list(combo)) == Sprouts.outcome(" + ".join(combo)).value, combo


def test_picture_is_svg_with_a_legend() -> None:
    import xml.etree.ElementTree as ET

    svg = Sprouts.svg("AB.}AB.0.} + 0.0.0.}")
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    assert "spot with 3 lives (0)" in svg and svg.count("<circle") >= 2 + 4 + 3
