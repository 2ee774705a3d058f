"""Interrupt-safe checkpoints of a quotient computation in an SQLite file.

Layout (stdlib :mod:`sqlite3`):

``meta(key TEXT PRIMARY KEY, value TEXT)``
    ``ruleset`` (the game name or code) and ``format`` (this layout's version).
``state(id INTEGER PRIMARY KEY CHECK (id = 1), heap INTEGER, blob BLOB)``
    The certified solver state after the last completed heap (pickled
    :class:`~misere.quotients.impartial.solver.SolverState`).
``changes(heap INTEGER PRIMARY KEY, record TEXT)``
    One JSON record per quotient change (heap, order, P, presentation, Phi).

Each completed heap is written in one transaction, so an interrupted run loses at most the
heap in progress and resumes after the last committed one.
"""
from __future__ import annotations

import json
import pickle
import sqlite3
from pathlib import Path

from misere.errors import CheckpointError
from misere.quotients.impartial.solver import SolverState

__all__ = ["Checkpoint"]

FORMAT = "misere-quotient-1"


class Checkpoint:
    """An open checkpoint file bound to one ruleset.

    Parameters
    ----------
    path : str or Path
        SQLite file (created if missing).
    ruleset : str
        Identity of the game; a file made for another game raises :class:`CheckpointError`.
    """

    def __init__(self, path: str | Path, ruleset: str) -> None:
        self.path = str(path)
        try:
            self.db = sqlite3.connect(self.path)
            self.db.execute("CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT)")
            self.db.execute("CREATE TABLE IF NOT EXISTS state(id INTEGER PRIMARY KEY "
                            "CHECK (id = 1), heap INTEGER, blob BLOB)")
            self.db.execute("CREATE TABLE IF NOT EXISTS changes(heap INTEGER PRIMARY KEY, "
                            "record TEXT)")
            rows = dict(self.db.execute("SELECT key, value FROM meta").fetchall())
        except sqlite3.DatabaseError as exc:
            raise CheckpointError(f"cannot open checkpoint {self.path!r}: {exc}") from None
        if rows and (rows.get("ruleset") != ruleset or rows.get("format") != FORMAT):
            raise CheckpointError(f"checkpoint {self.path!r} belongs to "
                                  f"{rows.get('ruleset')!r}, not {ruleset!r}")
        if not rows:
            with self.db:
                self.db.executemany("INSERT INTO meta VALUES (?, ?)",
                                    [("ruleset", ruleset), ("format", FORMAT)])

    def load(self) -> tuple[SolverState | None, list[dict]]:
        """The saved state (or ``None``) and the change records."""
        try:
            row = self.db.execute("SELECT blob FROM state WHERE id = 1").fetchone()
            recs = [json.loads(r) for (r,) in
                    self.db.execute("SELECT record FROM changes ORDER BY heap")]
            st = pickle.loads(row[0]) if row else None
        except Exception as exc:  # corrupt blob or JSON
            raise CheckpointError(f"unreadable checkpoint {self.path!r}: {exc}") from None
        if st is not None and not isinstance(st, SolverState):
            raise CheckpointError(f"unreadable checkpoint {self.path!r}: wrong payload")
        return st, recs

    def save(self, st: SolverState, record: dict | None = None) -> None:
        """Commit the state after a completed heap (and its change record, if any)."""
        blob = pickle.dumps(st, protocol=pickle.HIGHEST_PROTOCOL)
        with self.db:
            self.db.execute("INSERT OR REPLACE INTO state VALUES (1, ?, ?)", (st.heap, blob))
            if record is not None:
                self.db.execute("INSERT OR REPLACE INTO changes VALUES (?, ?)",
                                (record["heap"], json.dumps(record)))

    def close(self) -> None:
        """Close the database."""
        self.db.close()
