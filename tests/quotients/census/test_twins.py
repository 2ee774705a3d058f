"""Codes that are the same game are decided once: the copied record is the computed one.

The census gives a code the record of another code of its group (same canonical forms of the
heaps to ``max_heap``, :mod:`misere.quotients.census.twins`). Each test computes the twins
themselves too (``same_game=False``) and compares: the partial quotient, heap map, P-portion
and status must be those the code's own computation gives.
"""
from __future__ import annotations

import pytest

from misere.quotients.census import Store, census
from misere.quotients.census.twins import plan, twin_record

#: fields that say how a record was obtained, not what it states
HOW = ("seconds", "message", "same_game", "certificate", "proof")


def _what(rec):
    return {k: v for k, v in rec.items() if k not in HOW and k != "code"}


@pytest.mark.parametrize("codes,max_heap", [("0.034 0.035 0.0342 0.0352", 12),
                                             ("0.41 0.43 0.411 0.431", 12)])
def test_a_twin_record_is_what_its_own_computation_gives(tmp_path, codes, max_heap):
    shared = census(codes, max_heap=max_heap, store=tmp_path / "a.sqlite", certify=0)
    alone = census(codes, max_heap=max_heap, store=tmp_path / "b.sqlite", certify=0,
                   same_game=False)
    first = shared[0]["code"]
    assert shared[0]["same_game"] is None and shared[0]["seconds"] > 0
    copied = [r for r in shared[1:] if r["same_game"]]
    assert copied, "the codes of one group must share a record"
    for rec, own in zip(shared, alone):
        assert rec["code"] == own["code"] and own["same_game"] is None
        assert _what(rec) == _what(own), rec["code"]
    for rec in copied:
        assert rec["same_game"] == {"code": first, "heap": max_heap}
        assert rec["message"].startswith(f"same game as {first} to heap {max_heap}")
    with Store(tmp_path / "a.sqlite") as st:  # the store keeps who was computed
        assert st.get(copied[0]["code"])["same_game"]["code"] == first


def test_infinite_twins_carry_the_proof(tmp_path):
    recs = census("0.446 0.07 0.4672", max_heap=14, store=tmp_path / "c.sqlite", certify=0)
    by = {r["code"]: r for r in recs}
    assert by["0.446"]["status"] == by["0.4672"]["status"] == "infinite"
    assert by["0.4672"]["last_heap"] == by["0.446"]["last_heap"] == 11
    assert by["0.4672"]["proof"] == by["0.446"]["proof"] and by["0.446"]["proof"][:2] == b"PK"
    assert by["0.07"]["status"] == "partial" and by["0.07"]["same_game"] is None


def test_a_record_says_nothing_past_the_heap_the_codes_agree_to():
    rec = {"code": "0.6", "status": "partial", "last_heap": 12, "message": ""}
    assert twin_record(rec, "0.4", 3) is None
    assert twin_record(dict(rec, status="solved"), "0.4", 40) is None  # period: own rules
    stopped = twin_record(dict(rec, status="stopped", last_heap=None), "0.4", 3)
    assert stopped["status"] == "stopped" and stopped["same_game"]["code"] == "0.6"
    assert twin_record(rec, "0.4", 12)["same_game"] == {"code": "0.6", "heap": 12}
    p = plan(["0.6", "0.4", "0.07"], 12)
    assert p.first == ["0.6", "0.4", "0.07"] and p.twins == {}


def test_a_census_finds_an_infinite_quotient_itself(tmp_path, monkeypatch):
    """No stored certificate at all: the engine's own infinite-quotient step decides 0.446 at
    heap 12 inside the census, stores the certificate, and ``misere check --store`` proves it
    for the twin that took the record."""
    from misere.cli.check import check_command
    from misere.quotients.infinite import store as stored

    monkeypatch.setattr(stored, "_index", lambda: {})
    path = tmp_path / "d.sqlite"
    recs = census("0.446 0.4672", max_heap=12, store=path, certify=0)
    assert [r["status"] for r in recs] == ["infinite", "infinite"]
    assert "--certificate FILE" in recs[0]["message"]  # found now, not read from a file
    check_command("0.4672", store=str(path))  # raises SystemExit(1) unless proved


def test_codes_stuck_at_a_heap_are_grouped_to_that_heap(tmp_path):
    """A rerun groups codes by their heaps up to the heap they are stuck at (``group_to``):
    0.4041 is 0.446 to heap 19 only, so the default grouping (to heap 20) computes both, while
    grouping to heap 12 gives 0.4041 the proof that ``Q_12`` of 0.446 is infinite (its own
    computation gives the same record); a record past the agreement is never copied (0.47 is
    0.07 to heap 4 only, so it is computed)."""
    codes = "0.446 0.4041"
    assert plan(codes.split(), 20).twins == {}
    to = {"0.446": 12, "0.4041": 12}
    assert plan(codes.split(), 20, group_to=to).twins == {"0.446": [("0.4041", 19)]}
    shared = census(codes, max_heap=20, store=tmp_path / "e.sqlite", certify=0, group_to=to)
    alone = census("0.4041", max_heap=20, store=tmp_path / "f.sqlite", certify=0)[0]
    assert shared[1]["same_game"] == {"code": "0.446", "heap": 19}
    assert shared[1]["status"] == alone["status"] == "infinite"
    assert shared[1]["last_heap"] == alone["last_heap"] == 11
    assert _what(shared[1]) == _what(alone)
    recs = census("0.07 0.47", max_heap=8, store=tmp_path / "g.sqlite", certify=0,
                  group_to={"0.07": 4, "0.47": 4})
    assert recs[0]["last_heap"] == 8 and recs[1]["same_game"] is None
    assert recs[1]["seconds"] > 0
