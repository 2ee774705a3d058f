"""The SQLite store of a census: one row per code, committed code by code.

Each result is written in its own transaction as soon as it is known, so an interrupted census
loses at most the codes in progress and a second run skips what is stored (:meth:`Store.done`).
Quotients keep their pretending function ``phi`` (element of each heap ``0..last_heap``) and,
up to :data:`~misere.quotients.census.run.TABLE_LIMIT` elements, their multiplication table (``int32`` little-endian, row-major) and
P-portion so the findings (isomorphism classes, seed 002 §10.2-§10.3) are computed from the store
alone. A ``runs`` table records each census run (codes, workers, wall time) for the budget report.
"""
from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import Any

from misere.errors import CheckpointError

__all__ = ["Store", "RECORD_FIELDS", "FINAL_STATUSES"]

#: fields of a census record (the ``results`` columns, ``P``/``changes`` as JSON)
RECORD_FIELDS = ("code", "status", "solved", "order", "p_count", "period", "preperiod",
                 "presentation", "last_heap", "seconds", "max_heap", "timeout", "normal_period",
                 "normal_preperiod", "P", "changes", "phi", "identity", "table", "is_p", "message")

#: statuses that another run with the same or a smaller max_heap would not change
FINAL_STATUSES = ("solved", "partial", "limit", "error")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS results (
    code TEXT PRIMARY KEY, status TEXT NOT NULL, solved INTEGER NOT NULL, "order" INTEGER,
    p_count INTEGER, period INTEGER, preperiod INTEGER, presentation TEXT, last_heap INTEGER,
    seconds REAL, max_heap INTEGER, timeout REAL, normal_period INTEGER, normal_preperiod INTEGER,
    P TEXT, changes TEXT, phi TEXT, identity INTEGER, "table" BLOB, is_p BLOB, message TEXT);
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY AUTOINCREMENT, started REAL, finished REAL, spec TEXT, codes INTEGER,
    computed INTEGER, workers INTEGER, max_heap INTEGER, timeout REAL, wall REAL);
"""

_JSON = ("P", "changes", "phi")


class Store:
    """A census store in the SQLite file ``path`` (created when missing).

    Examples
    --------
    >>> s = Store(":memory:")
    >>> s.put({"code": "0.1", "status": "solved", "solved": True, "order": 2, "max_heap": 5})
    >>> s.get("0.1")["order"], s.done("0.1", 5, None)
    (2, True)
    """

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        try:
            self.db = sqlite3.connect(self.path, timeout=30)
            self.db.executescript(_SCHEMA)
            self.db.commit()
        except sqlite3.DatabaseError as e:
            raise CheckpointError(f"cannot use {self.path!r} as a census store: {e}") from None

    def close(self) -> None:
        """Close the file."""
        self.db.close()

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def put(self, rec: dict[str, Any]) -> None:
        """Store (or replace) one record in its own transaction."""
        row = []
        for f in RECORD_FIELDS:
            v = rec.get(f)
            if f in _JSON and v is not None:
                v = json.dumps(v)
            elif f == "solved":
                v = int(bool(v))
            row.append(v)
        cols = ", ".join(f'"{f}"' for f in RECORD_FIELDS)
        marks = ", ".join("?" * len(RECORD_FIELDS))
        with self.db:
            self.db.execute(f"INSERT OR REPLACE INTO results ({cols}) VALUES ({marks})", row)

    def _record(self, row: tuple) -> dict[str, Any]:
        rec = dict(zip(RECORD_FIELDS, row))
        for f in _JSON:
            if rec[f] is not None:
                rec[f] = json.loads(rec[f])
        rec["solved"] = bool(rec["solved"])
        return rec

    def get(self, code: str) -> dict[str, Any] | None:
        """The stored record of ``code``, or ``None``."""
        cols = ", ".join(f'"{f}"' for f in RECORD_FIELDS)
        row = self.db.execute(f"SELECT {cols} FROM results WHERE code = ?", (code,)).fetchone()
        return None if row is None else self._record(row)

    def records(self) -> list[dict[str, Any]]:
        """Every stored record, ordered by code length then code."""
        cols = ", ".join(f'"{f}"' for f in RECORD_FIELDS)
        rows = self.db.execute(f"SELECT {cols} FROM results ORDER BY length(code), code").fetchall()
        return [self._record(r) for r in rows]

    def done(self, code: str, max_heap: int, timeout: float | None) -> bool:
        """Whether a stored record already answers a run of ``code`` to ``max_heap``.

        Solved codes are done; other final results are done when they reached ``max_heap``; a
        code that ran out of time is done only when it had at least ``timeout`` seconds; a
        ``killed`` code (nothing known) is always computed again.
        """
        rec = self.get(code)
        if rec is None:
            return False
        if rec["solved"]:
            return True
        if (rec["max_heap"] or 0) < max_heap:
            return False
        if rec["status"] in FINAL_STATUSES:
            return True
        return (rec["status"] == "timeout" and timeout is not None and rec["timeout"] is not None
                and rec["timeout"] >= timeout)

    def log_run(self, spec: str, codes: int, computed: int, workers: int, max_heap: int,
                timeout: float | None, started: float, wall: float) -> None:
        """Record one census run."""
        with self.db:
            self.db.execute("INSERT INTO runs (started, finished, spec, codes, computed, workers, "
                            "max_heap, timeout, wall) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                            (started, time.time(), spec, codes, computed, workers, max_heap,
                             timeout, wall))

    def runs(self) -> list[dict[str, Any]]:
        """Every logged run."""
        cur = self.db.execute("SELECT id, started, finished, spec, codes, computed, workers, "
                              "max_heap, timeout, wall FROM runs ORDER BY id")
        names = [d[0] for d in cur.description]
        return [dict(zip(names, r)) for r in cur.fetchall()]
