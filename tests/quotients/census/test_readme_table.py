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
