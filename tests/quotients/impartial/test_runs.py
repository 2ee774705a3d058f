"""Long-run machinery: checkpoints, size bounds, certificates, the CLI."""
from __future__ import annotations

import json
import sqlite3

import pytest
from typer.testing import CliRunner

import misere.quotients as mq
from misere.errors import CheckpointError, ComputationLimitError, RulesetError
from misere.quotients.impartial.certify import code_moves, cross_check
from misere.quotients.impartial.verify import n_failure_search, p_failure


def test_checkpoint_resume_matches_a_fresh_run(tmp_path):
    path = str(tmp_path / "run.sqlite")
    part = mq.quotient("0.15", max_heap=25, checkpoint=path, certify=0)
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT heap FROM state").fetchone() == (25,)
        assert [h for (h,) in db.execute("SELECT heap FROM changes")] == [h for h, _ in part.changes]
    full = mq.quotient("0.15", max_heap=40, checkpoint=path, certify=0)
    fresh = mq.quotient("0.15", max_heap=40, certify=0)
    assert full.phi == fresh.phi and full.presentation == fresh.presentation
    assert full.changes == fresh.changes
    assert [r["heap"] for r in full.records] == [h for h, _ in fresh.changes]
    with pytest.raises(CheckpointError, match="belongs to"):
        mq.quotient("0.123", checkpoint=path, certify=0)


def test_corrupt_checkpoint(tmp_path):
    path = tmp_path / "bad.sqlite"
    path.write_bytes(b"not a database at all" * 50)
    with pytest.raises(CheckpointError):
        mq.quotient("0.123", checkpoint=str(path), certify=0)


def test_size_bound_fails_cleanly():
    with pytest.raises(ComputationLimitError, match="size bound"):
        mq.quotient("0.07", max_heap=26, certify=0, limits=mq.Limits(max_candidate=20))


def test_partial_quotient_refuses_heaps_beyond_range():
    q = mq.quotient("0.07", max_heap=10, certify=0)
    assert not q.solved
    with pytest.raises(ComputationLimitError, match="beyond"):
        q.outcome([11])


def test_bad_requests():
    with pytest.raises(RulesetError):
        mq.quotient()
    with pytest.raises(RulesetError):
        mq.quotient("0.123", games="*2")
    with pytest.raises(RulesetError, match="max_heap"):
        mq.quotient(moves=lambda n: [])


def test_verification_detects_a_corrupted_pretending_function():
    # notes E.2: changing Phi(9) of 0.123 must produce failures
    q = mq.quotient("0.123", certify=0)
    st = q.state
    phi = list(st.phi)
    phi[9] = phi[8]
    trans = {}
    for h in range(1, len(phi)):
        opts = q.game.options(h)
        if opts:
            trans[h] = tuple(sorted({q.monoid.product(phi[p] for p in o) for o in opts}))
    fail, _ = n_failure_search(st.table, st.is_p, phi, trans, st.identity)
    assert fail is not None or p_failure(st.table, st.is_p, phi, trans)
    good_trans = {h: tuple(sorted({q.monoid.product(st.phi[p] for p in o)
                                   for o in q.game.options(h)})) for h in trans}
    assert n_failure_search(st.table, st.is_p, st.phi, good_trans, st.identity)[0] is None
    assert p_failure(st.table, st.is_p, st.phi, good_trans) == []


def test_certificate_catches_a_wrong_prediction():
    cert = cross_check(lambda pos: False, code_moves("0.123"), list(range(1, 8)), 8)
    assert not cert.agreed and cert.mismatch == (1,)
    ok = cross_check(lambda pos: False, code_moves("0.123"), [2], 10)
    assert ok.agreed and ok.positions == 6


def test_cli_quotient_and_play_json():
    from misere.cli.app import app

    runner = CliRunner()
    res = runner.invoke(app, ["quotient", "0.123", "--json"])
    assert res.exit_code == 0, res.output
    d = json.loads(res.stdout)
    assert d["order"] == 20 and d["p_count"] == 5 and d["period"] == 5 and d["preperiod"] == 5
    assert d["changes"] == [[1, 2], [3, 6], [8, 12], [9, 20]] and d["solved"]
    assert d["certificate"]["agreed"] and set(d) >= {"presentation", "P", "phi"}
    res = runner.invoke(app, ["quotient", "--games", "{{*2}, 0}", "--json"])
    assert json.loads(res.stdout)["order"] == 14
    res = runner.invoke(app, ["play", "0.123", "8", "9", "3", "--json"])
    d = json.loads(res.stdout)
    assert d["outcome"] == "N" and d["move"] == {"heap": 3, "to": [], "position": [8, 9]}
    res = runner.invoke(app, ["quotient", "0.1x", "--json"])
    assert res.exit_code != 0 and "error" in json.loads(res.stdout)
    res = runner.invoke(app, ["quotient", "pascal-beans:6", "--json", "--certify", "2"])
    assert json.loads(res.stdout)["order"] == 12


def test_limit_error_keeps_the_partial_quotient():
    with pytest.raises(ComputationLimitError, match="last completed heap 24") as info:
        mq.quotient("0.07", max_heap=26, certify=0, limits=mq.Limits(max_order=100))
    part = info.value.partial
    q = info.value.quotient
    assert (q.max_heap, q.order, q.solved) == (24, 24, False)
    assert part["last_heap"] == 24 and part["order"] == 24 and part["status"] == "unsolved"
    assert part["presentation"] == q.presentation and part["p_count"] == q.p_count


def test_interrupted_run_resumes_from_the_last_completed_heap(tmp_path):
    path = str(tmp_path / "int.sqlite")

    def stop_inside_heap_23(heap, order, message):
        if heap == 23 and message != "done":  # 0.15 changes at heap 23: interrupt mid-step
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        mq.quotient("0.15", max_heap=40, checkpoint=path, certify=0, progress=stop_inside_heap_23)
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT heap FROM state").fetchone() == (22,)
    resumed = mq.quotient("0.15", max_heap=40, checkpoint=path, certify=0)
    fresh = mq.quotient("0.15", max_heap=40, certify=0)
    assert resumed.phi == fresh.phi and resumed.changes == fresh.changes
