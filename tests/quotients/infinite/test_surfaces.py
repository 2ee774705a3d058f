"""One answer everywhere for infinite partial quotients: the Python API, ``misere quotient``
(with and without a checkpoint), the census and ``misere check`` read the same proof, and the
engine finds one by itself (misere.quotients.infinite)."""
from __future__ import annotations

import itertools
import json

import numpy as np
import pytest
from typer.testing import CliRunner

import misere
from misere.cli.app import app
from misere.quotients.census.run import census_one
from misere.quotients.impartial.counters import certificate_outcome
from misere.quotients.infinite.proof import load_claim, prove, save_proof
from misere.quotients.infinite.store import DATA, known_infinite

runner = CliRunner()


def _json(*args, code=0):
    out = runner.invoke(app, [*args, "--json"])
    assert out.exit_code == code, out.output
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_api_cli_checkpoint_and_census_give_one_answer(tmp_path):
    """Q_12 of 0.3102 is infinite: each surface stops at heap 11 with the same proof."""
    q = misere.quotient("0.3102", max_heap=30, certify=0, quiet=True)
    assert (q.max_heap, q.order, q.infinite["infinite_from_heap"]) == (11, 74, 12)
    cli = _json("quotient", "0.3102", "--max-heap", "30", "--certify", "0", "-q")
    ck = _json("quotient", "0.3102", "--max-heap", "30", "--certify", "0", "-q",
               "--checkpoint", str(tmp_path / "ck.sqlite"))
    again = _json("quotient", "0.3102", "--max-heap", "30", "--certify", "0", "-q",
                  "--checkpoint", str(tmp_path / "ck.sqlite"))
    rec = census_one("0.3102", 30)
    assert cli["infinite"] == ck["infinite"] == again["infinite"] == q.infinite
    assert (cli["max_heap"], ck["max_heap"], again["max_heap"], rec["last_heap"]) == (11,) * 4
    assert rec["status"] == "infinite" and "Q_12 infinite" in rec["message"]
    assert q.infinite["infinite_order"] == ["Phi(7)", "Phi(12)"]


def test_grundy_by_name_in_the_api():
    """``m.quotient("grundy")`` works like any code (the CLI's names are the API's)."""
    q = misere.quotient("grundy", max_heap=40, certify=0, quiet=True)
    assert (q.max_heap, q.order, q.p_count) == (28, 48, 7)
    assert "Phi(25)" in q.infinite["infinite_order"] and q.infinite["proved"]


def test_certificate_file_is_written_and_checked(tmp_path):
    out = tmp_path / "c.npz"
    d = _json("quotient", "0.3122", "--max-heap", "9", "--certify", "0", "-q",
              "--certificate", str(out))
    assert d["certificate_file"] == str(out) and d["infinite"]["infinite_from_heap"] == 7
    checked = _json("check", str(out))
    assert checked["proved"] and checked["infinite_order"] == ["Phi(5)", "Phi(7)"]
    with np.load(out) as f:  # the format's fields, and the added ones
        assert {"code", "counters", "heaps", "action", "identity", "windows", "period", "states",
                "table", "version", "heap", "infinite", "witness_counts", "witness_words"} <= set(f.files)
        assert int(f["version"]) == 2 and int(f["heap"]) == 7


def test_bad_targets_are_refused_before_the_computation(tmp_path):
    d = _json("quotient", "0.07", "--max-heap", "40", "--certificate", str(tmp_path / "x.txt"), code=1)
    assert ".npz" in d["error"]
    d = _json("quotient", "0.07", "--certificate", str(tmp_path / "no" / "x.npz"), code=1)
    assert "no folder" in d["error"]
    d = _json("quotient", "0.77", "--max-heap", "5", "--certify", "0", "-q", "--certificate",
              str(tmp_path / "y.npz"), code=1)
    assert "no certificate" in d["error"]


def test_corrupted_and_foreign_files_are_refused(tmp_path):
    """A flipped table entry is refused by the check (exit 1, the failed condition named); a
    file that is not a certificate, a folder or an unknown code give one line."""
    src = load_claim(DATA / "bounty-03122-heap7.npz")
    proof = prove(src)
    key = sorted(src.p_table)[5]
    col = src.p_table[key].copy()
    col[np.flatnonzero(col)[0] if col.any() else 0] ^= True
    src.p_table[key] = col
    proof.cert = src
    bad = tmp_path / "bad.npz"
    save_proof(proof, bad)
    d = _json("check", str(bad), code=1)
    assert not d["proved"] and "refused" in d["check"]
    junk = tmp_path / "junk.npz"
    junk.write_bytes(b"not a zip")
    assert "not a counter certificate" in _json("check", str(junk), code=1)["error"]
    assert "folder" in _json("check", str(tmp_path), code=1)["error"]
    assert "neither a file" in _json("check", "0.77", code=1)["error"]


def test_the_engine_alone_finds_0_3102_and_agrees_with_the_stored_proof():
    """No stored certificate read: the discovery hook settles heap 12 of 0.3102 from the
    engine's rounds; the claim it proves gives the stored (hand-chosen) claim's outcome on
    every position of at most 26 tokens."""
    q = misere.quotient("0.3102", max_heap=12, certify=0, quiet=True, stored=False)
    proof = q.infinite_proof
    assert q.max_heap == 11 and proof is not None and proof.ok and proof.heap == 12
    assert "round" in q.infinite["origin"] and "--certificate" in q.infinite["reproduce"]
    stored = load_claim(DATA / "bounty-03102-heap12.npz")
    heaps = range(1, 13)
    seen = 0
    for n in range(1, 6):
        for word in itertools.combinations_with_replacement(heaps, n):
            if sum(word) <= 26:
                assert certificate_outcome(proof.cert, word) == certificate_outcome(stored, word), word
                seen += 1
    assert seen > 2000


def test_shifted_codes_read_the_same_file():
    k4, k7, k137 = known_infinite("0.4"), known_infinite("0.07"), known_infinite("0.137")
    assert k4.path == k7.path == k137.path and (k4.heap, k7.heap, k137.heap) == (35, 34, 33)


def test_the_index_lists_every_stored_file():
    """``data/index.json`` (read without numpy) says what the files say."""
    from misere.quotients.infinite.store import INDEX, scan

    assert json.loads(INDEX.read_text(encoding="utf-8")) == scan()


def test_play_answers_heap_n_from_the_certificate_and_brute_force_agrees():
    """``misere play`` at the first infinite heap answers from the certificate: the outcome and
    the winning move agree with an exhaustive search from the rules."""
    from misere.quotients.impartial.counters_data import ordered_search

    for heaps in ([12, 12, 7], [12, 7, 3], [12, 10]):
        d = _json("play", "0.3102", *map(str, heaps))
        is_p, _ = ordered_search("0.3102", heaps, node_limit=500_000)
        assert d["outcome"] == ("P" if is_p else "N") and d["infinite"]["infinite_from_heap"] == 12
        if d["move"] is not None:
            after = list(heaps)
            after.remove(d["move"]["heap"])
            assert ordered_search("0.3102", after + d["move"]["to"], node_limit=500_000)[0]
    assert "beyond the range answered here" in _json("play", "0.3102", "13", code=1)["error"]


def test_a_stored_file_that_fails_its_check_answers_nothing(tmp_path, monkeypatch):
    """The store is a cache checked when read: a corrupted stored certificate gives no proof,
    and the quotient is computed on as if nothing were stored (here the engine's round bound
    stops heap 7 of 0.3122, which has no finite quotient)."""
    from misere.quotients.infinite import store

    src = load_claim(DATA / "bounty-03122-heap7.npz")
    proof = prove(src)
    key = sorted(src.p_table)[3]
    src.p_table[key] = ~src.p_table[key]
    proof.cert = src
    bad = tmp_path / "bad.npz"
    save_proof(proof, bad)
    monkeypatch.setattr(store, "_index", lambda: {"0.3122": (bad, 7)})
    assert store.stored_proof("0.3122") is None
    limits = misere.quotients.Limits(max_rounds=3)
    with pytest.raises(misere.errors.ComputationLimitError):
        misere.quotient("0.3122", max_heap=7, certify=0, quiet=True, limits=limits)
