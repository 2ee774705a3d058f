"""Sprouts endgames (Plambeck 002 §10.5): the lands with at most k lives, the misère quotient of
their sums against a search of the sums themselves, the SQLite table, and look-up in the search."""
from __future__ import annotations

from itertools import combinations_with_replacement

import pytest
from typer.testing import CliRunner

from misere.errors import CheckpointError
from misere.rulesets.sprouts import Sprouts as Reference, format_land, spots
from misere.rulesets.sprouts_canon import keyed_by, lives
from misere.rulesets.sprouts_endgames import (KEYS, brute_force, endgame_lands, endgame_table, land_options, load_table,
                                              save_table)
from misere.rulesets.sprouts_solve import SproutsSolver
from misere.rulesets.sprouts_store import SproutsStore

MISERE = "NPPPNNPPPNN"


def _per_lives(lands) -> dict[int, int]:
    out: dict[int, int] = {}
    for x in lands:
        out[lives(x)] = out.get(lives(x), 0) + 1
    return out


def test_lands_are_closed_under_options_and_the_counts_are_stable() -> None:
    e3 = endgame_lands(3)
    assert _per_lives(e3) == {2: 3, 3: 13}
    keys = set(e3)
    with keyed_by(KEYS):
        for x in e3:
            for after in land_options(x):
                assert sum(map(lives, after)) <= lives(x) - 1
                assert all(y in keys for y in after)
    assert endgame_lands(2, 3) == endgame_lands(2)   # one more spot in the starts: no new land


def test_quotient_predicts_every_sum_of_up_to_three_lands() -> None:
    """The table's outcome of every sum of 1-3 lands with <= 3 lives against a search of the
    sum (no canonical forms, no table), and of 1-2 lands against the reference search."""
    t = endgame_table(3, certify=0)
    assert (t.order, t.p_count, t.presentation, t.P) == (6, 2, "<a,b | a2=1,b3=b>", ["a", "b2"])
    plain = SproutsSolver(small=0, widen=None)
    for m in (1, 2, 3):
        for combo in combinations_with_replacement(t.lands, m):
            assert plain.wins(list(combo), "misere") == (t.outcome(combo) == "N"), combo
            if m <= 2:
                text = " + ".join(format_land(x) for x in combo)
                assert Reference.outcome(text).value == t.outcome(combo), text


def test_table_round_trip_and_other_files_refused(tmp_path) -> None:
    t = endgame_table(3, certify=0)
    path = tmp_path / "endgames.sqlite"
    save_table(t, path)
    save_table(t, path)                      # written again: replaced, not doubled
    u = load_table(path)
    assert (u.lands, u.element, u.table, u.is_p, u.words, u.presentation, u.k, u.starts) == \
        (t.lands, t.element, t.table, t.is_p, t.words, t.presentation, t.k, t.starts)
    # one spot with 2 lives alone: the loop is the last move (P); the 1-spot start is N and
    # behaves like the empty sum (element 1)
    assert u.outcome_of([t.lands[0]]) == "P" and u.outcome_of([spots(1), spots(1)]) == "N"
    assert u.outcome([spots(4)]) is None     # not in the table
    other = tmp_path / "store.sqlite"
    SproutsStore(other).close()
    with pytest.raises(CheckpointError):
        load_table(other)
    with pytest.raises(CheckpointError):
        load_table(tmp_path / "missing.sqlite")


def test_look_up_in_the_search_keeps_every_answer() -> None:
    """With small lands folded only up to 2 lives, the lands of 3 lives are answered from the
    table; the n-spot outcomes are the published ones and positions are looked up."""
    t = endgame_table(3, certify=0)
    for n in range(1, 6):
        s = SproutsSolver(small=2, endgames=t)
        assert ("N" if s.wins([spots(n)], "misere") else "P") == MISERE[n - 1]
        if n >= 3:
            assert s.stats()["looked_up"] > 0
    mixed = [spots(2), spots(1)] + t.lands[-5:]
    assert SproutsSolver(small=2, endgames=t).wins(mixed) == SproutsSolver().wins(mixed)


def test_play_reads_the_table_named_by_the_environment(tmp_path, monkeypatch) -> None:
    from misere.rulesets.sprouts_play import SproutsPlay

    path = tmp_path / "t3.sqlite"
    save_table(endgame_table(3, certify=0), path)
    monkeypatch.setenv("MISERE_SPROUTS_STORE", "")
    monkeypatch.setenv("MISERE_SPROUTS_ENDGAMES", str(path))
    play = SproutsPlay()
    play._solver.small = play._solver.tree_lives = 2   # lands of 3 lives left to the table
    assert [play.outcome(str(n)).value for n in range(1, 6)] == list(MISERE[:5])
    assert play._solver.stats()["looked_up"] > 0


def test_command_prints_the_table(tmp_path) -> None:
    import json

    from misere.cli.app import app

    store = str(tmp_path / "t.sqlite")
    r = CliRunner().invoke(app, ["sprouts-endgames", "--lives", "3", "--store", store, "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    assert (d["order"], d["p_count"], d["lands"]) == (6, 2, 16)
    assert {"land": "0.}", "lives": 3, "element": "1", "alone": "N"} in d["table"]
    again = CliRunner().invoke(app, ["sprouts-endgames", "--lives", "3", "--store", store, "--brute", "2"])
    assert again.exit_code == 0 and "order 6, |P| = 2" in again.stdout and "0.}" in again.stdout
    assert "152 sums" in again.stdout and "all agree with the table" in again.stdout


@pytest.mark.slow
def test_four_lives_against_the_search_of_sums_of_three_lands() -> None:
    t = endgame_table(4, certify=0)
    assert _per_lives(t.lands) == {2: 3, 3: 13, 4: 55} and endgame_lands(4, 5) == t.lands
    assert endgame_lands(3, 4) == endgame_lands(3)
    b = brute_force(t, 3)
    assert (b["sums"], b["p_positions"], b["disagreements"]) == (64_823, 15_971, [])


def test_forms_get_the_element_of_the_lands_they_equal() -> None:
    """Rule (ii) of FormElements: a form whose options' elements are known gets the element of
    a form seen with the same option elements; checked against the table's own elements."""
    from misere.rulesets.sprouts_endgames import FormElements, land_classes

    t = endgame_table(4, certify=0)
    forms = land_classes(t.lands)
    fe = FormElements(t)
    for x in t.lands:
        if lives(x) <= 3:
            fe.record(forms[x], t.element[x])
    found = [(fe.element(forms[x]), t.element[x]) for x in t.lands if lives(x) == 4]
    assert all(e is None or e == want for e, want in found)
    assert sum(e is not None for e, _ in found) >= len(found) // 2


def test_a_quotient_the_engine_cannot_settle_names_its_land() -> None:
    """Under size bounds too small for it, the table names the land whose heap stopped the engine,
    from the API and from ``--max-order`` of the command (one line, exit status not 0)."""
    import json

    from misere.cli.app import app
    from misere.errors import ComputationLimitError
    from misere.quotients import Limits

    with pytest.raises(ComputationLimitError, match=r"heap 3 is the canonical form of the land A2B\.\}AB\.\}"):
        endgame_table(3, certify=0, limits=Limits(max_order=3, max_candidate=5))
    r = CliRunner().invoke(app, ["sprouts-endgames", "--lives", "3", "--max-order", "1", "--json"])
    assert r.exit_code != 0 and "is the canonical form of the land" in json.loads(r.stdout)["error"]
    ok = CliRunner().invoke(app, ["sprouts-endgames", "--lives", "3", "--max-order", "100", "--json"])
    assert ok.exit_code == 0 and json.loads(ok.stdout)["order"] == 6
