"""The SQLite store of partizan sweeps: one record per closure, committed closure by closure.

A sweep given a store (:func:`misere.quotients.partizan.sweep.sweep` with ``store=``) writes
each closure's row in its own transaction as soon as it is known, and skips the closures
already stored, so an interrupted sweep resumes where it stopped and the tables are
regenerated from the records without recomputing (:meth:`SweepStore.sweep`). A closure
stopped by the time or memory budget is not stored (its answer would depend on the clock).
The file carries its identity (``PRAGMA application_id`` ``b"mpsw"``) and schema version and is
opened through :func:`misere.sqlite_file.open_file`, which refuses anything else in one line.
"""
from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from misere.quotients.partizan.sweep import FAMILIES, Sweep, SweepRow, family, summary_markdown
from misere.sqlite_file import APPLICATION_IDS, FileKind, FileStore, open_file

__all__ = ["SweepStore", "KIND", "ROW_FIELDS"]

#: columns of a record (``games`` as a JSON list)
ROW_FIELDS = ("family", "idx", "games", "status", "structure", "ord", "presentation", "detail",
              "seconds")

#: the sweep store's identity: application_id ``b"mpsw"``, schema version 1
KIND = FileKind(
    label="partizan sweep store",
    application_id=APPLICATION_IDS["partizan sweep store"],
    version=1,
    tables={"rows": ROW_FIELDS, "runs": ("family", "total", "wall", "finished")},
    schema=(
        """CREATE TABLE rows (
    family TEXT NOT NULL, idx INTEGER NOT NULL, games TEXT NOT NULL, status TEXT NOT NULL,
    structure TEXT NOT NULL, ord INTEGER, presentation TEXT NOT NULL, detail TEXT NOT NULL,
    seconds REAL, PRIMARY KEY (family, idx))""",
        "CREATE TABLE runs (family TEXT NOT NULL, total INTEGER, wall REAL, finished REAL)",
    ),
)


class SweepStore(FileStore):
    """The records of partizan sweeps in the SQLite file ``path`` (``":memory:"``: none on
    disk); ``create=False`` refuses a missing file (readers).

    Examples
    --------
    >>> from misere.quotients.partizan.sweep import SweepRow
    >>> st = SweepStore(":memory:")
    >>> st.put("day1", 0, SweepRow(("0",), "exact", "trivial", 1, "exact: ..."))
    >>> sorted(st.rows("day1")), st.rows("day1")[0].order
    ([0], 1)
    >>> st.close()
    """

    def __init__(self, path: str | Path, create: bool = True) -> None:
        self.path = str(path)
        self.file = open_file(path, KIND, exclusive=True, create=create)
        self.db = self.file.db

    def rows(self, family: str) -> dict[int, SweepRow]:
        """The stored rows of ``family`` by their index in the family."""
        with self.file.errors():
            got = self.db.execute("SELECT idx, games, status, structure, ord, presentation, detail, "
                                  "seconds FROM rows WHERE family = ? ORDER BY idx", (family,)).fetchall()
        return {i: SweepRow(tuple(json.loads(g)), st, s, o, d, p, sec)
                for i, g, st, s, o, p, d, sec in got}

    def put(self, family: str, idx: int, row: SweepRow) -> None:
        """Record one closure (replacing an older record of the same index)."""
        with self.file.errors(), self.db:
            self.db.execute("INSERT OR REPLACE INTO rows VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                            (family, idx, json.dumps(list(row.games)), row.status, row.structure,
                             row.order, row.presentation, row.detail, row.seconds))

    def finished(self, family: str, total: int, wall: float) -> None:
        """Note that a sweep of ``family`` ended with all ``total`` closures stored."""
        with self.file.errors(), self.db:
            self.db.execute("INSERT INTO runs VALUES (?, ?, ?, ?)", (family, total, wall, time.time()))

    def sweep(self, family: str, total: int) -> Sweep:
        """The sweep of ``family`` as stored (rows in family order; ``stopped`` says how many
        of ``total`` are missing)."""
        rows = self.rows(family)
        out = Sweep(family, [rows[i] for i in sorted(rows)], total)
        if len(rows) < total:
            out.stopped = f"{total - len(rows)} closures not in the store"
        return out

    def tables(self) -> str:
        """The summary table of every family (:func:`~misere.quotients.partizan.sweep.
        summary_markdown`) from the records alone: the README's table (issue 25)."""
        return summary_markdown([self.sweep(f, len(family(f))) for f in FAMILIES])
