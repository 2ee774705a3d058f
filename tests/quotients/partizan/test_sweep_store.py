"""The stored partizan sweeps (quotients/partizan/sweep_store.py, issue 25 item 1).

* the store resumes a sweep without recomputing and refuses foreign files;
* the vectorised choice of linear forms (``abstraction.choose_forms``) picks the same forms as
  a naive transcription of its definition, so the rows of a sweep do not change;
* the README and results-page tables are generated from the compressed store in
  benchmarks/data, and a small sweep recomputed here gives the stored records.
"""
from __future__ import annotations

import json
import lzma
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from misere.cli.app import app
from misere.core.outcome import Outcome
from misere.errors import CheckpointError
from misere.quotients.partizan import semilinear
from misere.quotients.partizan import sweep as sweep_module
from misere.quotients.partizan.abstraction import FormData, choose_forms
from misere.quotients.partizan.sweep import FAMILIES, closure_row, closure_size, family, sweep
from misere.quotients.partizan.sweep_store import SweepStore

ROOT = Path(__file__).resolve().parents[3]
STORE = ROOT / "benchmarks" / "data" / "partizan_sweeps.sqlite.xz"
MARKERS = ("<!-- partizan-sweeps: generated, do not edit -->", "<!-- /partizan-sweeps -->")
runner = CliRunner()


def _naive_choose_forms(n, candidates, t, p, data, most=3):
    """The definition, word by word: reduce every form's value to its window and residue,
    then add the candidate leaving fewest words in disagreement with their state's majority."""
    def red(v, lo):
        return ("above", v % p) if v > t else ("below", v % p) if v < lo else ("in", v)

    forms = [tuple(int(i == c) for i in range(n)) for c in range(n)] + list(candidates)
    words = list(data)
    state = {w: [red(sum(a * b for a, b in zip(f, w)), 0 if k < n else -t)
                 for k, f in enumerate(forms)] for w in words}

    def conflicts(cols):
        groups = {}
        for w in words:
            groups.setdefault(tuple(state[w][k] for k in cols), []).append(data[w])
        return sum(len(g) - max(g.count(o) for o in set(g)) for g in groups.values())

    cols = list(range(n))
    best = conflicts(cols)
    while best:
        if len(cols) - n == most:
            return None
        trial = [(conflicts(cols + [n + j]), j) for j in range(len(candidates)) if n + j not in cols]
        if not trial or min(trial)[0] >= best:
            return None
        best, j = min(trial)
        cols.append(n + j)
    return [forms[k] for k in cols]


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_choose_forms_is_the_naive_greedy_choice(data) -> None:
    n = data.draw(st.integers(1, 3))
    cands = data.draw(st.lists(st.tuples(*[st.integers(-2, 2)] * n), max_size=5, unique=True))
    words = data.draw(st.lists(st.tuples(*[st.integers(0, 5)] * n), max_size=40, unique=True))
    outcomes = {w: data.draw(st.sampled_from(list(Outcome))) for w in words}
    t, p = data.draw(st.integers(1, 3)), data.draw(st.integers(1, 3))
    most = data.draw(st.integers(1, 3))
    expected = _naive_choose_forms(n, cands, t, p, outcomes, most)
    assert choose_forms(n, cands, t, p, outcomes, most) == expected
    assert choose_forms(n, cands, t, p, FormData(n, cands, outcomes), most) == expected


@pytest.mark.parametrize("games", [("{|0,*,1}",), ("{0,*,1|1}",), ("{-1|0,*}",),
                                   pytest.param(("{1|*,-1,1}",), marks=pytest.mark.slow),
                                   pytest.param(("{1|*,-1}",), marks=pytest.mark.slow)])
def test_sweep_rows_are_the_same_with_the_naive_choice(games, monkeypatch) -> None:
    """Status, order, presentation and strategy of a closure do not depend on which
    implementation chose the forms (the speed-up of issue 25 changes no answer)."""
    fast = closure_row(games)
    monkeypatch.setattr(semilinear, "choose_forms", lambda n, c, t, p, fd, most=3: _naive_choose_forms(
        n, c, t, p, {tuple(int(x) for x in w): Outcome("LNPR"[o])
                     for w, o in zip(fd.words, fd.outcomes)}, most))
    assert closure_row(games).key() == fast.key()
    assert fast.status == ("bounded" if games == ("{1|*,-1}",) else "proved")


def test_a_stored_sweep_resumes_without_recomputing(tmp_path, monkeypatch) -> None:
    path = tmp_path / "s.sqlite"
    sets = family("day1")[:5]
    with SweepStore(path) as st_:
        first = sweep("day1", sets[:3], st_)  # interrupted after three closures
    assert len(first.rows) == 3
    with SweepStore(path) as st_:
        whole = sweep("day1", sets, st_)
        assert sorted(st_.rows("day1")) == [0, 1, 2, 3, 4]
    assert [r.key() for r in whole.rows[:3]] == [r.key() for r in first.rows]

    def refuse(games):
        raise AssertionError(f"recomputed {games}")

    monkeypatch.setattr(sweep_module, "closure_row", refuse)
    with SweepStore(path, create=False) as st_:
        again = sweep("day1", sets, st_)
        stored = st_.sweep("day1", 10)
    assert [r.key() for r in again.rows] == [r.key() for r in whole.rows]
    assert stored.stopped == "5 closures not in the store" and stored.counts()["exact"] == 5


def test_foreign_files_are_refused(tmp_path) -> None:
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"not a database at all" * 100)
    with pytest.raises(CheckpointError, match="junk.sqlite"):
        SweepStore(junk)
    with pytest.raises(CheckpointError, match="missing.sqlite"):
        SweepStore(tmp_path / "missing.sqlite", create=False)


def test_cli_store_and_report(tmp_path) -> None:
    path = str(tmp_path / "s.sqlite")
    out = runner.invoke(app, ["partizan-sweep", "day1", "--limit", "2", "--store", path, "--json", "-q"])
    assert out.exit_code == 0 and json.loads(out.stdout)["closures"] == 2
    rep = runner.invoke(app, ["partizan-sweep", "all", "--store", path, "--report"])
    assert "| `day1` | 2 of 10 | 2 | 0 | 0 | 0 | 2: 2 |" in rep.stdout
    assert "| `gh` | 0 of 1444 |" in rep.stdout
    bad = runner.invoke(app, ["partizan-sweep", "all", "--report", "--json"])
    assert bad.exit_code == 1 and "--report needs an existing --store" in json.loads(bad.output)["error"]
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"x" * 4096)
    bad = runner.invoke(app, ["partizan-sweep", "day1", "--store", str(junk), "--json", "-q"])
    assert bad.exit_code == 1 and "junk.sqlite" in json.loads(bad.output)["error"]


@pytest.fixture(scope="module")
def stored(tmp_path_factory) -> SweepStore:
    path = tmp_path_factory.mktemp("store") / "sweeps.sqlite"
    path.write_bytes(lzma.decompress(STORE.read_bytes()))
    with SweepStore(path, create=False) as st_:
        yield st_


@pytest.mark.parametrize("page", ["README.md", "docs/results/partizan.md"])
def test_the_published_tables_are_generated_from_the_store(stored, page) -> None:
    text = (ROOT / page).read_text(encoding="utf-8")
    m = re.search(re.escape(MARKERS[0]) + r"\n(.*?)\n" + re.escape(MARKERS[1]), text, flags=re.S)
    assert m is not None, f"{page} lost its partizan-sweeps markers"
    assert m.group(1).strip() == stored.tables().strip()


#: families whose stored sweep is complete (all, since session 9)
COMPLETE = FAMILIES


def test_the_stored_sweeps_refuse_nothing_and_state_their_bounds(stored) -> None:
    for f in FAMILIES:
        sets = family(f)
        rows = stored.rows(f)
        # (the order of born_by, hence of a family, depends on which games a process made first)
        assert f not in COMPLETE or {r.games for r in rows.values()} == set(sets), f
        assert {r.games for r in rows.values()} <= set(sets) and len(rows) <= len(sets)
        for r in rows.values():
            assert r.status in ("exact", "proved", "bounded") and r.detail.startswith(r.status)
            if r.status == "bounded":  # the bound and the failed step are stated
                assert re.search(r"on all \d+ sums of <= \d+ components", r.detail)
                assert "semilinear: " in r.detail
    assert stored.sweep("day2", 256).counts() == {"exact": 89, "proved": 167, "bounded": 0, "refused": 0}


@pytest.mark.parametrize("fam, count", [("day1", 10), ("day2", 12)])
def test_a_small_sweep_recomputed_gives_the_stored_records(stored, fam, count) -> None:
    rows = [stored.rows(fam)[i] for i in range(count)]
    again = sweep(fam, [r.games for r in rows])
    assert [r.key() for r in again.rows] == [r.key() for r in rows]


def test_signatures_partition_words_as_the_outcome_rows_do() -> None:
    """build._signatures (numpy, mixed radix) against the rows of outcomes themselves."""
    from misere.quotients.partizan.build import _signatures
    from misere.quotients.partizan.components import from_games, words_up_to
    from misere.quotients.partizan.quotient import _add, _gid

    comps = from_games([_gid("{0,*,1|1}")])
    n = len(comps)
    outcome = {w: comps.outcome(w) for w in words_up_to(n, 7)}
    words, tests = list(words_up_to(n, 3)), list(words_up_to(n, 4))
    rows = [tuple(outcome[_add(w, z)] for z in tests) for w in words]
    keys = _signatures(outcome, words, tests, n)
    assert len(set(rows)) > 3
    assert all((rows[i] == rows[j]) == (keys[i] == keys[j])
               for i in range(len(words)) for j in range(len(words)))


def test_cheap_first_gives_the_same_rows_in_family_order(tmp_path) -> None:
    sets = family("day1")[::-1]
    sizes = [closure_size(s) for s in sets]
    assert sizes != sorted(sizes)  # the order really changes
    plain = sweep("mixed", sets)
    with SweepStore(tmp_path / "s.sqlite") as st_:
        cheap = sweep("mixed", sets, st_, cheap_first=True)
        assert [r.key() for r in st_.sweep("mixed", 10).rows] == [r.key() for r in plain.rows]
    assert [r.key() for r in cheap.rows] == [r.key() for r in plain.rows]
