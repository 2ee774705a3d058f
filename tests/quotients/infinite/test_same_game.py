"""A stored certificate answers the codes that are the same game to its heap (Conway's theorem,
misere.impartial.heap_forms), on every surface, as the census already did with its records.

Before, ``misere quotient 0.347`` stopped at a work bound at heap 25 while the census said
``Q_25`` infinite (0.347 is 0.346 to heap 40): 331 of the census's 921 infinite codes were
answered by the census only.
"""
from __future__ import annotations

import json
import lzma
import sqlite3
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import misere
from misere.cli.app import app
from misere.core.table import GameId
from misere.impartial.canonical import canonical, impartial
from misere.impartial.heap_forms import form_digest, heap_forms, same_game_to
from misere.impartial.octal import format_octal, octal_game, parse_octal
from misere.quotients.infinite.store import (FORMS, TWINS, known_infinite, scan, scan_forms,
                                            scan_twins)
from misere.quotients.infinite.store import _index

ROOT = Path(__file__).resolve().parents[3]
STORE = ROOT / "benchmarks" / "data" / "census.sqlite.xz"


def _naive_twin(code: str) -> tuple[str, int] | None:
    """The stored certificate of least heap whose code equals ``code`` heap by heap up to that
    heap, by comparing the forms themselves with every stored code (no digests, no pruning)."""
    best = None
    game = octal_game(code)
    for source, (_, heap) in _index().items():
        if source in ("grundy", code):
            continue
        if same_game_to(octal_game(source), game, heap) >= heap and (best is None or heap < best[1]):
            best = (source, heap)
    return best


def test_the_forms_file_names_the_forms_of_every_stored_certificate():
    assert json.loads(FORMS.read_text(encoding="utf-8")) == scan_forms(scan())


def test_the_twins_file_is_what_the_forms_say_of_every_census_code():
    """The 4,095 codes are looked up, not compared (no canonical form for a small question):
    the table must be what comparing the forms gives now."""
    twins = json.loads(TWINS.read_text(encoding="utf-8"))
    assert twins == scan_twins() and len(twins) >= 337


def test_a_code_outside_the_census_is_compared_heap_by_heap():
    """0.34700 is 0.347 written with trailing zeros (the same code, looked up); 0.34701 has five
    digits, so it is compared with the stored codes' forms when it is asked for."""
    assert known_infinite("0.34700").source == "0.346"
    k = known_infinite("0.34701")
    assert k.same_game and (k.source, k.heap) == _naive_twin("0.34701") == ("0.346", 25)


def test_a_twin_of_a_stored_code_is_answered_on_every_surface():
    k = known_infinite("0.347")
    assert (k.source, k.heap, k.same_game, k.shift) == ("0.346", 25, True, 0)
    assert same_game_to(octal_game("0.347"), octal_game("0.346"), 40) == 40  # as the census says
    q = misere.quotient("0.347", max_heap=30)
    assert q.infinite["infinite_from_heap"] == 25 and q.max_heap == 24
    assert "identical canonical forms" in q.infinite["proof"]
    out = CliRunner().invoke(app, ["check", "0.347", "--json"])
    assert out.exit_code == 0, out.output
    d = json.loads(out.stdout.strip().splitlines()[-1])
    assert d["proved"] and d["same_game"] == {"code": "0.346", "heap": 25, "checked": True}


@settings(max_examples=15, deadline=None)
@given(st.lists(st.integers(0, 7), min_size=3, max_size=4))
@example([5, 4, 6, 6]).via("0.5466, the same game as 0.5444 to heap 40")
@example([7, 6, 1, 2]).via("0.7612 and 0.76")
@example([5, 3, 7, 6]).via("0.5376 and 0.5306")
@example([3, 4, 6, 1])
def test_the_twin_found_by_names_is_the_twin_found_by_the_forms(digits):
    """Random 3- and 4-digit codes: the pruned search by digests finds exactly the certificate
    that comparing the forms with every stored code finds (or neither finds one). Codes with a
    certificate of their own or through a shift are answered before the twins are looked at."""
    code = format_octal(parse_octal("0." + "".join(map(str, digits))))
    k = known_infinite(code)
    if k is not None and not k.same_game:
        return
    assert (None if k is None else (k.source, k.heap)) == _naive_twin(code)


def _random_form(draw_sizes: list[int]) -> GameId:
    forms: list[GameId] = [impartial([])]
    for i, size in enumerate(draw_sizes):
        forms.append(impartial(forms[j] for j in range(len(forms)) if (size >> j) & 1))
    return forms[-1]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 63), min_size=1, max_size=6),
       st.lists(st.integers(0, 63), min_size=1, max_size=6))
def test_two_canonical_forms_have_one_name_exactly_when_they_are_identical(a, b):
    """Random impartial forms (each option set a subset of the earlier ones): equal digests of
    the canonical forms iff the canonical forms are the same interned form."""
    g, h = canonical(_random_form(a)), canonical(_random_form(b))
    assert (form_digest(g) == form_digest(h)) == (g == h)


def test_every_infinite_code_of_the_census_is_answered_from_the_same_heap(tmp_path):
    """The committed census store against the stored certificates: each ``infinite`` record is
    answered by a certificate (own, shifted or the same game) from the same heap, and no other
    record is answered below the heap it reached as finite."""
    path = tmp_path / "census.sqlite"
    path.write_bytes(lzma.decompress(STORE.read_bytes()))
    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT code, status, last_heap FROM results").fetchall()
    infinite = twins = 0
    for code, status, last in rows:
        k = known_infinite(code)
        if status == "infinite":
            assert k is not None and k.heap == last + 1, code
            infinite += 1
            twins += k.same_game
        elif k is not None:
            assert k.heap > last, (code, status, last, k)
    assert infinite >= 1303 and twins >= 370


def test_heap_forms_stop_at_the_last_heap_of_a_finite_game():
    from misere.impartial.heap import HeapGame

    nim2 = HeapGame("nim<=2", lambda n: [(m,) for m in range(n)], max_heap=2)
    assert len(heap_forms(nim2, 5)) == 3
