"""The README's census tables are generated from the store in benchmarks/data (issue 22)."""
from __future__ import annotations

import lzma
import re
from pathlib import Path

import pytest

from misere.quotients.census import Store
from misere.quotients.census.findings import fig18_markdown, findings, markdown_table

ROOT = Path(__file__).resolve().parents[3]
STORE = ROOT / "benchmarks" / "data" / "census.sqlite.xz"


def _generated(tmp_path: Path, class_max_order: int | None) -> str:
    path = tmp_path / "census.sqlite"
    path.write_bytes(lzma.decompress(STORE.read_bytes()))
    with Store(path, create=False) as st:
        f = findings(st.records(), st.runs(), class_max_order=class_max_order)
    return markdown_table(f) + "\n\n" + fig18_markdown(f)


def _readme_table() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    m = re.search(r"<!-- census-table: generated, do not edit -->\n(.*?)\n<!-- /census-table -->",
                  text, flags=re.S)
    assert m is not None, "README.md lost its census table markers"
    return m.group(1).strip()


def test_the_readme_census_table_is_generated_from_the_store(tmp_path):
    """The tables print orders up to 24 only, so classifying those quotients suffices."""
    assert _readme_table() == _generated(tmp_path, class_max_order=24).strip()


@pytest.mark.slow
def test_the_readme_table_is_what_the_full_report_generates(tmp_path):
    """As census_snapshot.py makes it: every quotient classified (minutes)."""
    assert _readme_table() == _generated(tmp_path, class_max_order=None).strip()


def test_codes_one_heap_apart_agree_heap_for_heap(tmp_path):
    """Two computations of one quotient: heap n of a code whose heap of one token has no move
    is heap n - 1 of ``shifted_code`` (the shift lemma, misere.impartial.octal), so their
    partial quotients change at the same heaps (one apart) to the same orders. The census
    computed each code from its own rules; all 1,023 such pairs of the store agree."""
    from misere.impartial.octal import format_octal, parse_octal, shifted_code

    path = tmp_path / "census.sqlite"
    path.write_bytes(lzma.decompress(STORE.read_bytes()))
    with Store(path, create=False) as st:
        recs = {format_octal(parse_octal(r["code"])): r for r in st.records()}
    pairs = 0
    for code, a in recs.items():
        b = recs.get(shifted_code(code) or "")
        if b is None:
            continue
        pairs += 1
        top = min(a["last_heap"] - 1, b["last_heap"])
        assert ([(h - 1, o) for h, o in a["changes"] if h - 1 <= top]
                == [(h, o) for h, o in b["changes"] if h <= top]), (code, b["code"])
        if a["solved"] and b["solved"]:
            assert (a["order"], a["p_count"], a["period"]) == (b["order"], b["p_count"], b["period"])
    assert pairs == 1023
