"""Sprouts at scale (issue 23): simplified canonical keys, land values and the store, each against
the unsimplified search, and the n-spot outcomes against an independent brute force
(tests/oracle/sprouts.py) and the published tables.

Published outcomes (first player: N wins, P loses), n = 1..11: normal play P P N N N P P P N N N
(Applegate, Jacobson and Sleator 1991, to 11 spots; Lemoine and Viennot, arXiv 1008.2320, to 32),
misère play N P P P N N P P P N N (Applegate, Jacobson and Sleator 1991 to 9 spots; Lemoine and
Viennot, arXiv 0908.4407, to 17; the period-6 pattern with its exceptions at 1 and 4 spots as
Wikipedia's *Sprouts (game)* article summarises them).
"""
from __future__ import annotations

import random

import pytest

from misere.errors import CheckpointError
from misere.impartial.canonical import canonical
from misere.rulesets.sprouts import Sprouts, _decode, _grundy, format_land, land_moves, parse_position, spots, simplify_land
from misere.rulesets.sprouts_canon import canonical_land
from misere.rulesets.sprouts_solve import SproutsSolver
from misere.rulesets.sprouts_store import SproutsStore
from tests.oracle import sprouts as oracle

#: published first-player outcomes of the n-spot start, n = 1..17: normal play (Applegate,
#: Jacobson and Sleator 1991 to 11; Lemoine and Viennot, arXiv 1008.2320, beyond) and misère
#: play (Applegate, Jacobson and Sleator to 9; Lemoine and Viennot, arXiv 0908.4407, beyond)
NORMAL = "PPNNNPPPNNNPPPNNN"
MISERE = "NPPPNNPPPNNNPPPNN"


def reachable(starts: list, limit: int | None = None) -> list:
    """Every land the reference move generator reaches from ``starts`` (reference keys)."""
    seen = {}
    stack = list(starts)
    while stack:
        x = stack.pop()
        if x in seen:
            continue
        seen[x] = None
        for _, after in land_moves(x):
            stack.extend(after)
    return list(seen)


def shuffled(land, rng: random.Random):
    """The same land drawn differently: regions, boundaries and starting corners permuted,
    letters renamed, and mirrored half of the time."""
    regions, lives = _decode(land)
    rename = list(lives)
    rng.shuffle(rename)
    m = dict(zip(lives, rename))
    out = []
    for region in regions:
        bs = []
        for b in region:
            k = rng.randrange(len(b))
            b = [m[v] for v in b[k:] + b[:k]]
            bs.append(b)
        rng.shuffle(bs)
        out.append(bs)
    rng.shuffle(out)
    flip = rng.random() < 0.5
    out = [[b[::-1] if flip else b for b in region] for region in out]
    return out, {m[v]: n for v, n in lives.items()}


def _check_lands(lands: list) -> None:
    s = SproutsSolver(small=64)  # every value computed whole, from simplified keys
    for land in lands:
        key = simplify_land(land)
        assert s.nimber(key) == _grundy(land), format_land(land)
        assert s.form(key) == canonical(Sprouts.form(land)), format_land(land)


def test_simplified_values_agree_with_the_reference_small() -> None:
    """Every land reachable from 2 spots, from 0.0.1.} and from 0.a2a.1.}: its normal nimber and
    misère canonical form, from simplified keys, equal the reference search's (no
    simplification beyond the GLOP basics)."""
    lands = reachable([spots(2)] + parse_position("0.0.1.}") + parse_position("0.a2a.1.}"))
    assert len(lands) > 100
    _check_lands(lands)


@pytest.mark.slow
@pytest.mark.parametrize("n", [3, 4])
def test_simplified_values_agree_with_the_reference_from_n_spots(n: int) -> None:
    """The same on every land reachable from 3 spots (about 1.5 minutes) and 4 (much longer)."""
    _check_lands(reachable([spots(n)]))


def test_boundary_rule_and_reflection() -> None:
    """``.22. == .1.`` (WGOSA) and a mirror image give one key; the values agree."""
    a = parse_position("0.22.}")[0]
    b = parse_position("0.1.}")[0]
    assert simplify_land(a) == simplify_land(b)
    assert _grundy(a) == _grundy(b) and canonical(Sprouts.form(a)) == canonical(Sprouts.form(b))
    c = parse_position("AB12.}BA.0.}")[0]
    d = parse_position("AB21.}BA.0.}")[0]  # the mirror image of c
    assert simplify_land(c) == simplify_land(d)


@pytest.mark.parametrize("n", [3])
def test_key_is_the_same_for_every_drawing(n: int) -> None:
    rng = random.Random(n)
    for land in reachable([spots(n)]):
        key = simplify_land(land)
        for _ in range(3):
            regions, lives = shuffled(land, rng)
            assert canonical_land(regions, lives) == key, format_land(land)


@pytest.mark.parametrize("n", [1, 2, 3])
def test_n_spot_outcomes_against_the_brute_force(n: int) -> None:
    s = SproutsSolver(small=4)
    assert ("N" if s.wins([spots(n)], "normal") else "P") == oracle.outcome(n, False) == NORMAL[n - 1]
    assert ("N" if s.wins([spots(n)], "misere") else "P") == oracle.outcome(n, True) == MISERE[n - 1]


@pytest.mark.slow
@pytest.mark.parametrize("n", [4, 5])
def test_n_spot_outcomes_against_the_brute_force_slow(n: int) -> None:
    s = SproutsSolver()
    assert ("N" if s.wins([spots(n)], "normal") else "P") == oracle.outcome(n, False) == NORMAL[n - 1]
    assert ("N" if s.wins([spots(n)], "misere") else "P") == oracle.outcome(n, True) == MISERE[n - 1]


@pytest.mark.parametrize("small", [0, 4, 7])
def test_threshold_does_not_change_answers(small: int) -> None:
    s = SproutsSolver(small=small)
    for n in range(1, 5):
        assert ("N" if s.wins([spots(n)], "normal") else "P") == NORMAL[n - 1]
        assert ("N" if s.wins([spots(n)], "misere") else "P") == MISERE[n - 1]
    # sums of lands: against the reference search over sums
    pos = parse_position("0.0.} + 0.} + a1a1.}")
    assert s.wins(pos, "misere") == Sprouts._wins(Sprouts._key(pos), True)


def test_store_is_reused_and_refuses_other_files(tmp_path) -> None:
    path = tmp_path / "sprouts.sqlite"
    with SproutsStore(path) as st:
        s = SproutsSolver(store=st, small=4)
        assert [s.wins([spots(n)], "misere") for n in (4, 5)] == [False, True]
        assert s.wins([spots(5)], "normal") is True
    with SproutsStore(path) as st:
        assert st.loaded["lands"] > 0 and st.loaded["wins"] > 0
        s = SproutsSolver(store=st, small=4)
        assert s.wins([spots(5)], "misere") is True
        assert s.wins([spots(5)], "normal") is True
        assert s.stats()["lands"] == 0  # answered from the store: no move generated
        # forms read back are the canonical forms computed afresh
        fresh = SproutsSolver(small=64)
        for land in reachable([spots(2)]):
            key = simplify_land(land)
            if st.form(key) is not None:
                assert st.form(key) == fresh.form(key)
    bad = tmp_path / "bad.sqlite"
    bad.write_bytes(b"not a database at all" * 10)
    with pytest.raises(CheckpointError):
        SproutsStore(bad)


def test_play_command_answers_both_plays_and_reuses_the_store(tmp_path, monkeypatch) -> None:
    import json

    from typer.testing import CliRunner

    from misere.cli.app import app
    from misere.rulesets.registry import find_ruleset

    path = tmp_path / "store.sqlite"
    monkeypatch.setenv("MISERE_SPROUTS_STORE", str(path))
    assert find_ruleset("sprouts").normal_outcome("3") == "N"
    runner = CliRunner()
    for _ in range(2):
        res = runner.invoke(app, ["play", "sprouts", "5", "--play", "both", "--json", "--quiet"])
        assert res.exit_code == 0, res.output
        data = json.loads(res.stdout)
        assert (data["outcome"], data["normal_outcome"], data["store"]) == ("N", "N", str(path))
        assert data["winning_moves"]["Left"]
    with SproutsStore(path) as st:
        assert st.loaded["wins"] > 0
    res = runner.invoke(app, ["play", "sprouts", "0.0.x", "--json"])
    assert res.exit_code != 0 and "error" in json.loads(res.stdout)


# a tree of regions joined by two-letter curves (many symmetries: the walks tie often) and a
# land where a boundary with letters is reached only after the queue runs dry
SYMMETRIC = ["AB.}AB.CD.EF.}CD.}EF.}", "AB.CD.EF.2.}AB.}CD.}EF.}", "AB.1c1c.}AB.}",
             "AB.CD.}AB.}CD.}", "ab.ba.1.}"]


def _same_partition(lands: list) -> None:
    """Walk keys and search keys put the given lands in the same classes."""
    walk, search = {}, {}
    for land in lands:
        regions, lv = _decode(land)
        w = canonical_land(regions, lv, method="walk")
        s = canonical_land(regions, lv, method="search")
        assert walk.setdefault(w, s) == s and search.setdefault(s, w) == w, format_land(land)


def test_walk_keys_match_the_search_keys_and_every_drawing() -> None:
    """The walk key (colour refinement, one walk per root) against the search key, the first
    algorithm kept as the reference: the same classes on every land reachable from 2 spots, from
    0.0.1.} and from the symmetric lands (every land reachable from 3 spots under --runslow);
    both unchanged by random redrawings; a walk key read back as a land keeps its key (it
    describes the land completely)."""
    lands = reachable([spots(2)] + parse_position("0.0.1.}") + [x for t in SYMMETRIC for x in parse_position(t)])
    assert len(lands) > 250
    _same_partition(lands)
    rng = random.Random(7)
    for land in lands[::10] + [x for t in SYMMETRIC for x in parse_position(t)]:
        regions, lv = _decode(land)
        keys = {m: canonical_land(regions, lv, method=m) for m in ("walk", "search")}
        for _ in range(3):
            regions, lv = shuffled(land, rng)
            for m, key in keys.items():
                assert canonical_land(regions, lv, method=m) == key, (m, format_land(land))
        assert simplify_land(keys["walk"]) == keys["walk"]


def test_walk_keys_give_the_reference_values() -> None:
    """Nimbers and misère canonical forms of the lands reachable from the symmetric lands,
    from walk keys, equal the reference search's; and an unknown method is refused."""
    _check_lands(reachable([x for t in SYMMETRIC[:2] + SYMMETRIC[3:] for x in parse_position(t)]))
    regions, lv = _decode(spots(2))
    with pytest.raises(ValueError, match="walk"):
        canonical_land(regions, lv, method="fast")


def test_each_play_searches_with_its_own_keys_and_any_keys_agree(monkeypatch) -> None:
    """The default keys of a play (PLAY_KEYS) and either forced method give the published
    outcomes of 1-4 spots in both plays; the search keys lands with its play's method, and the
    module's METHOD is restored after each search."""
    import misere.rulesets.sprouts as sp
    import misere.rulesets.sprouts_canon as canon
    from misere.rulesets.sprouts_solve import PLAY_KEYS

    assert PLAY_KEYS == {"misere": "walk", "normal": "search"}
    published = {"normal": "PPNN", "misere": "NPPP"}  # AJS 1991; Lemoine-Viennot 0908.4407
    for method in (None, "walk", "search"):
        s = SproutsSolver(method=method)
        for play in ("misere", "normal"):
            got = "".join("N" if s.wins([spots(n)], play) else "P" for n in range(1, 5))
            assert got == published[play], (method, play)
            assert canon.METHOD == "walk"
    seen: list[str] = []
    real = sp.canonical_land
    monkeypatch.setattr(sp, "canonical_land", lambda *a, **k: seen.append(canon.METHOD) or real(*a, **k))
    for play in ("normal", "misere"):
        seen.clear()
        SproutsSolver().wins([spots(3)], play)
        assert seen and set(seen) == {PLAY_KEYS[play]}, play


@pytest.mark.slow
def test_walk_keys_match_the_search_keys_from_3_spots() -> None:
    """The same classes for walk and search keys on every land reachable from 3 spots."""
    _same_partition(reachable([spots(3)]))


def test_store_keeps_the_work_of_a_run_stopped_from_outside(tmp_path) -> None:
    """With the time-based commit (here after every row), a process that dies without closing
    its store leaves the rows written so far; the next run reads them and answers from them."""
    import os
    import subprocess
    import sys

    path = tmp_path / "s.sqlite"
    code = ("import os, sys; import misere.rulesets.sprouts_store as m; m.FLUSH_SECONDS = 0.0\n"
            "from misere.rulesets.sprouts import spots\n"
            "from misere.rulesets.sprouts_solve import SproutsSolver\n"
            "st = m.SproutsStore(sys.argv[1]); SproutsSolver(store=st).wins([spots(5)], 'misere')\n"
            "os._exit(0)  # no close, no final commit\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    subprocess.run([sys.executable, "-c", code, str(path)], check=True, env=env)
    with SproutsStore(path) as st:
        assert st.loaded["lands"] > 0 and st.loaded["wins"] > 0
        s = SproutsSolver(store=st)
        assert s.wins([spots(5)], "misere") is True
        assert s.stats()["lands"] == 0
