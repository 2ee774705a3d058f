"""Quotients held as generator actions (:class:`misere.quotients.monoid.action.ActionMonoid`).

The action path (no product table above ``DENSE_MAX_ORDER``) is forced at every size by setting
the thresholds to 0, and every field of the result is compared with the dense path's on many
octal codes; the action path is also checked against brute force (certify.py) and the
independent oracle, and a run killed with SIGKILL in the middle of a presentation change
resumes to the identical answer.
"""
from __future__ import annotations

import copy
import functools

import json
import os
import pickle
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

import misere.quotients as mq
from misere.quotients.impartial import marking, reduction
from misere.quotients.monoid import TableMonoid
from misere.quotients.monoid import table as monoid_table
from misere.quotients.monoid.action import ActionMonoid
from tests.oracle.heap_oracle import octal_rules, outcome_function, positions

SRC = str(Path(__file__).resolve().parents[3] / "src")

#: 44 codes: the seed's examples and take-and-break codes drawn at random (random.Random(21))
#: among those whose partial quotient to heap 14 takes under 3 s; 2 to 6 changes each
CODES = ["0.07", "0.123", "0.137", "0.26", "0.156", "0.15", "0.75", "0.34", "0.71", "0.77",
         "0.144", "0.4", "0.16", "0.54", "0.31", "0.53", "0.6", "0.72", "0.036", "0.0632",
         "0.072", "0.122", "0.135", "0.176", "0.2045", "0.211", "0.220", "0.2221", "0.23",
         "0.2703", "0.2704", "0.321", "0.331", "0.352", "0.3646", "0.4206", "0.431", "0.57",
         "0.61", "0.6152", "0.645", "0.73", "0.731", "0.012"]


def _force_actions(monkeypatch, sparse: bool = True):
    """Every reduced monoid held as actions; with ``sparse`` every candidate also sparse and
    compiled (whose reduction numbers the classes in another order: the same quotient with
    other labels, so only label-free fields can be compared with the dense path then)."""
    monkeypatch.setattr(monoid_table, "DENSE_MAX_ORDER", 0)
    if sparse:
        monkeypatch.setattr(marking, "SPARSE_MIN_ORDER", 0)
        monkeypatch.setattr(marking, "COMPILED_MIN_ORDER", 0)


def _fields(q, labels: bool = True) -> dict:
    """Every field of the result; with ``labels`` also the state's element labels (P mask,
    Phi, identity, transition-set store)."""
    st = q.state
    out = {**q.as_dict(), "state_changes": list(st.changes), "order": st.order}
    if labels:
        out.update(is_p=[bool(b) for b in st.is_p], phi_elements=list(st.phi),
                   identity=st.identity,
                   store={k: sorted(map(sorted, v)) for k, v in st.store.items()})
    return out


def test_at_least_forty_codes():
    assert len(CODES) >= 40 and len(set(CODES)) == len(CODES)


@pytest.mark.parametrize("code", CODES)
def test_action_path_equals_dense_path(code, monkeypatch):
    """Every field, element labels included (only the reduced monoids' representation differs);
    then with sparse candidates too, every label-free field."""
    dense = mq.quotient(code, max_heap=14, certify=0)
    assert not isinstance(dense.state.table, ActionMonoid)
    _force_actions(monkeypatch, sparse=False)
    held = []
    real = reduction.quotient_monoid

    def spy(*args):
        got = real(*args)
        held.append(type(got))
        return got

    monkeypatch.setattr(reduction, "quotient_monoid", spy)
    act = mq.quotient(code, max_heap=14, certify=0)
    assert _fields(act) == _fields(dense)
    if held:  # a presentation change happened: its quotient is held as actions
        assert set(held) == {ActionMonoid} and isinstance(act.state.table, ActionMonoid)
    _force_actions(monkeypatch)
    assert _fields(mq.quotient(code, max_heap=14, certify=0), labels=False) == _fields(dense, False)


@pytest.mark.parametrize("code", ["0.07", "0.137", "4.7", "0.156", "0.77"])
def test_action_path_against_brute_force_and_oracle(code, monkeypatch):
    _force_actions(monkeypatch)
    q = mq.quotient(code, max_heap=12, certify=9)
    assert isinstance(q.state.table, ActionMonoid) and q.certificate.agreed
    is_p = outcome_function(octal_rules(code))
    for pos in positions(14, 12):
        assert (q.outcome(pos) == "P") == is_p(pos), (code, pos)


@pytest.mark.parametrize("heap, order", [(25, 144), pytest.param(27, 176, marks=pytest.mark.slow)])
def test_dawson_action_equals_dense(monkeypatch, heap, order):
    """Dawson's Kayles to heap 25 (order 144, seed 002 Fig. 17) both ways; heap 27 (order 176,
    three times as long) in the slow run."""
    dense = mq.quotient("0.07", max_heap=heap, certify=0)
    _force_actions(monkeypatch)
    act = mq.quotient("0.07", max_heap=heap, certify=0)
    assert _fields(act, False) == _fields(dense, False) and act.order == order
    monkeypatch.setattr(marking, "SPARSE_MIN_ORDER", 1 << 16)
    assert _fields(mq.quotient("0.07", max_heap=heap, certify=0)) == _fields(dense)


@pytest.mark.slow
def test_dawson_heap_33_action_equals_dense(monkeypatch):
    dense = mq.quotient("0.07", max_heap=33, certify=0)
    _force_actions(monkeypatch)
    act = mq.quotient("0.07", max_heap=33, certify=0)
    assert _fields(act, False) == _fields(dense, False) and (act.order, act.p_count) == (638, 109)


@functools.lru_cache(maxsize=1)
def _dawson_27():
    """Dawson's Kayles to heap 27 (order 176), computed once for the tests below (each takes
    a copy)."""
    return mq.quotient("0.07", max_heap=27, certify=0).state


def _monoids():
    q = copy.deepcopy(_dawson_27())
    t = TableMonoid(q.table, q.identity)
    return t, ActionMonoid.from_table(t.table, q.phi, q.identity)


def test_action_monoid_answers_as_its_table():
    t, a = _monoids()
    n = t.order
    assert a.order == n == len(a) == 176 and a.identity == t.identity
    assert np.array_equal(a.table, t.table)  # every product, read from the action
    rnd = random.Random(7)
    for _ in range(300):
        x, y = rnd.randrange(n), rnd.randrange(n)
        assert a.mul(x, y) == t.mul(x, y)
    for g in rnd.sample(range(n), 20):
        assert a.column(g) == t.column(g)
        assert a.index_period(g) == t.index_period(g)
        assert a.divides(g, 0) == t.divides(g, 0)
        assert a.mul_by([0, 1, 2, g], g).tolist() == np.asarray(t.mul_by([0, 1, 2, g], g)).tolist()
        gens = rnd.sample(range(n), 3)
        sub = t.submonoid(gens)
        assert a.submonoid(gens) == sub
        rt, it = t.restrict(sub)
        ra, ia = a.restrict(sub, gens)
        assert np.array_equal(ra.table, rt.table) and list(ia) == list(it)
    assert a.idempotents() == t.idempotents() and a.units() == t.units()
    assert a.kernel() == t.kernel()
    assert a.archimedean_components() == t.archimedean_components()


def test_large_restriction_stays_actions(monkeypatch):
    t, a = _monoids()
    monkeypatch.setattr(monoid_table, "DENSE_MAX_ORDER", 0)
    gens = [1, 5, 9]
    sub = t.submonoid(gens)
    ra, _ = a.restrict(sub, gens)
    rt, _ = t.restrict(sub)
    assert isinstance(ra, ActionMonoid) and np.array_equal(ra.table, rt.table)


def test_memory_grows_with_generators_times_elements():
    _, a = _monoids()
    assert a.maps.nbytes == 4 * len(a.gens) * a.order
    state = pickle.loads(pickle.dumps(a))
    assert np.array_equal(state.maps, a.maps) and state._array is None and not state._cols


def test_old_checkpoint_state_with_a_dense_table_is_converted(monkeypatch):
    """A state pickled with a dense table (older checkpoints) loads as actions when large."""
    st = copy.deepcopy(_dawson_27())
    st.table = np.asarray(st.table, dtype=np.int32)
    blob = pickle.dumps(st)
    monkeypatch.setattr(monoid_table, "DENSE_MAX_ORDER", 100)
    back = pickle.loads(blob)
    assert isinstance(back.table, ActionMonoid)
    assert np.array_equal(back.table.table, st.table) and back.phi == st.phi
    monkeypatch.setattr(monoid_table, "DENSE_MAX_ORDER", 4096)
    assert not isinstance(pickle.loads(blob).table, ActionMonoid)


@pytest.mark.parametrize("name, rnd, order", [("dawson-heap34-round105.sqlite.gz", 105, 24162),
                                                ("dawson-heap34-round170.sqlite.gz", 170, 84234)])
def test_the_stored_dawson_checkpoints_load(tmp_path, name, rnd, order):
    """benchmarks/data's Dawson checkpoints load: heap 33 and the pending candidate of heap 34
    (round 105 written by the dense engine, round 170 by the action engine), held as actions."""
    import gzip
    import shutil
    from misere.quotients.impartial.checkpoint import Checkpoint
    src = Path(SRC).parent / "benchmarks" / "data" / name
    path = tmp_path / "dawson.sqlite"
    with gzip.open(src) as fin, open(path, "wb") as fout:
        shutil.copyfileobj(fin, fout)
    ck = Checkpoint(str(path), "0.07")
    try:
        st, records = ck.load()
        pend = ck.pending(34)
    finally:
        ck.close()
    assert st.heap == 33 and st.order == 638 and records[-1]["order"] == 638
    q, is_p, phi = pend.candidate()
    assert pend.round == rnd and isinstance(q, ActionMonoid) and q.order == len(is_p) == order
    assert len(pend.letters) == len(q.gens) == 22  # 4 * 22 + 8 = 96 bytes per element
    for j, g in enumerate(pend.letters):  # heap values act as the stored maps say
        assert np.array_equal(q.column_array(g), np.asarray(pend.maps[j]))
    assert q.mul(phi[34], phi[30]) == int(pend.maps[pend.letters.index(phi[30])][phi[34]])


_CHILD = """
import time
from misere.quotients.monoid import table as monoid_table
from misere.quotients.impartial import marking
from misere.quotients.impartial.checkpoint import Checkpoint
import misere.quotients as mq
monoid_table.DENSE_MAX_ORDER = 0
marking.SPARSE_MIN_ORDER = marking.COMPILED_MIN_ORDER = 0
real = Checkpoint.save_pending
def slow(self, pend):
    real(self, pend)
    time.sleep(0.3)  # room for the parent's SIGKILL between rounds and inside them
Checkpoint.save_pending = slow
mq.quotient('0.07', max_heap=26, certify=0, checkpoint={path!r}, quiet=True)
"""


def test_sigkill_mid_heap_resumes_identically_on_the_action_path(tmp_path, monkeypatch, request):
    ck = tmp_path / "k.sqlite"
    proc = subprocess.Popen([sys.executable, "-c", _CHILD.format(path=str(ck))],
                            env={**os.environ, "PYTHONPATH": SRC})
    got, deadline = None, time.monotonic() + 120
    while got is None and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.05)
        try:
            with sqlite3.connect(ck) as db:
                row = db.execute("SELECT heap, round FROM pending").fetchone()
            if row and row[0] == 25 and row[1] >= 2:
                got = row
        except sqlite3.Error:
            pass
    assert proc.poll() is None and got is not None, "the run ended before it could be killed"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    with sqlite3.connect(ck) as db:
        assert db.execute("SELECT heap FROM state").fetchone()[0] == 24
    dense = mq.quotient("0.07", max_heap=26, certify=0).as_dict()
    _force_actions(monkeypatch)
    starts = request.getfixturevalue("change_starts")
    resumed = mq.quotient("0.07", max_heap=26, certify=0, checkpoint=str(ck))
    assert starts[0][0] == 25 and starts[0][1] >= 2  # resumed inside the change
    assert json.dumps(resumed.as_dict()) == json.dumps(dense)
