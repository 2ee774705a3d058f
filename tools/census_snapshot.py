"""Put a census store into the repository: compressed, with the README tables generated from it.

Usage::

    python tools/census_snapshot.py STORE [--html benchmarks/data/census.html.xz]

Copies ``STORE`` consistently (SQLite's backup API, so a census may still be writing it),
keeps each multiplication table once (:meth:`~misere.quotients.census.store.Store.share_tables`),
compacts and compresses it to ``benchmarks/data/census.sqlite.xz``, writes the tables of
``misere census --report --markdown`` between the README's ``census-table`` markers (the test
``tests/quotients/census/test_readme_table.py`` checks they match the store), and with
``--html`` the census HTML report (``misere report census``; compressed when the name
ends in ``.xz``).
"""
from __future__ import annotations

import argparse
import lzma
import re
import tempfile
from pathlib import Path

from misere.quotients.census import Store
from misere.quotients.census.findings import fig18_markdown, findings, markdown_table, report_html
from misere.sqlite_file import compact_copy

ROOT = Path(__file__).resolve().parents[1]
MARKERS = ("<!-- census-table: generated, do not edit -->", "<!-- /census-table -->")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("store")
    ap.add_argument("--html", default=None)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "census.sqlite"
        shared = Path(tmp) / "shared.sqlite"
        compact_copy(a.store, shared)
        with Store(shared, create=False) as st:
            st.share_tables()
        compact_copy(shared, copy)  # the moved tables' pages freed
        with Store(copy, create=False) as st:
            f = findings(st.records(), st.runs())
        out = ROOT / "benchmarks" / "data" / "census.sqlite.xz"
        out.write_bytes(lzma.compress(copy.read_bytes(), preset=9))
    table = markdown_table(f) + "\n\n" + fig18_markdown(f)
    readme = ROOT / "README.md"
    text = readme.read_text(encoding="utf-8")
    pattern = re.escape(MARKERS[0]) + r"\n.*?" + re.escape(MARKERS[1])
    text = re.sub(pattern, lambda _: f"{MARKERS[0]}\n{table}\n{MARKERS[1]}", text, flags=re.S)
    readme.write_text(text, encoding="utf-8")
    if a.html:  # compressed when the name ends in .xz
        page = report_html(f).encode("utf-8")
        Path(a.html).write_bytes(lzma.compress(page, preset=9) if a.html.endswith(".xz") else page)
    print(f"{out} ({out.stat().st_size} bytes), README table of {len(f['codes'])} codes")


if __name__ == "__main__":
    main()
