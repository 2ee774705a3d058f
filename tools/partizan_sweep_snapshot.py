"""Put a partizan sweep store into the repository: compressed, with the tables generated from it.

Usage::

    python tools/partizan_sweep_snapshot.py STORE

``STORE`` is the file of ``misere partizan-sweep FAMILY --store STORE`` (issue 25, item 1).
Copies it consistently and compacts it (:func:`misere.sqlite_file.compact_copy`), compresses it
to ``benchmarks/data/partizan_sweeps.sqlite.xz`` and writes the table of
``misere partizan-sweep all --store STORE --report`` between the ``partizan-sweeps`` markers of
README.md and docs/results/partizan.md (``tests/quotients/partizan/test_sweep_store.py`` checks
that they match the compressed store).
"""
from __future__ import annotations

import argparse
import lzma
import re
import tempfile
from pathlib import Path

from misere.quotients.partizan.sweep_store import SweepStore
from misere.sqlite_file import compact_copy

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "benchmarks" / "data" / "partizan_sweeps.sqlite.xz"
MARKERS = ("<!-- partizan-sweeps: generated, do not edit -->", "<!-- /partizan-sweeps -->")
PAGES = (ROOT / "README.md", ROOT / "docs" / "results" / "partizan.md")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("store")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "sweeps.sqlite"
        compact_copy(a.store, copy)
        with SweepStore(copy, create=False) as st:
            table = st.tables()
        OUT.write_bytes(lzma.compress(copy.read_bytes(), preset=9))
    pattern = re.escape(MARKERS[0]) + r"\n.*?" + re.escape(MARKERS[1])
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        if MARKERS[0] not in text:
            raise SystemExit(f"{page} has no {MARKERS[0]} marker")
        text = re.sub(pattern, lambda _: f"{MARKERS[0]}\n{table}\n{MARKERS[1]}", text, flags=re.S)
        page.write_text(text, encoding="utf-8")
    print(f"{OUT} ({OUT.stat().st_size} bytes)\n{table}")


if __name__ == "__main__":
    main()
