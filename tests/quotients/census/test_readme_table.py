"""The README's census tables are generated from the store in benchmarks/data (issue 22)."""
from __future__ import annotations

import lzma
import re
from pathlib import Path

from misere.quotients.census import Store
from misere.quotients.census.findings import fig18_markdown, findings, markdown_table

ROOT = Path(__file__).resolve().parents[3]
STORE = ROOT / "benchmarks" / "data" / "census.sqlite.xz"


def _generated(tmp_path: Path) -> str:
    path = tmp_path / "census.sqlite"
    path.write_bytes(lzma.decompress(STORE.read_bytes()))
    with Store(path, create=False) as st:
        f = findings(st.records(), st.runs())
    return markdown_table(f) + "\n\n" + fig18_markdown(f)


def test_the_readme_census_table_is_generated_from_the_store(tmp_path):
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    m = re.search(r"<!-- census-table: generated, do not edit -->\n(.*?)\n<!-- /census-table -->",
                  text, flags=re.S)
    assert m is not None, "README.md lost its census table markers"
    assert m.group(1).strip() == _generated(tmp_path).strip()
