"""Interrupt-safe checkpoints of a quotient computation in an SQLite file.

Layout (stdlib :mod:`sqlite3`, format ``misere-quotient-2``; identity and schema version in the
header, see :data:`KIND` and :mod:`misere.sqlite_file`):

``meta(key TEXT PRIMARY KEY, value TEXT)``
    ``ruleset`` (the game name or code) and ``format`` (this layout's version).
``state(id INTEGER PRIMARY KEY CHECK (id = 1), heap INTEGER, blob BLOB)``
    The certified solver state after the last completed heap (pickled
    :class:`~misere.quotients.impartial.state.SolverState`).
``heaps(heap INTEGER PRIMARY KEY, value INTEGER)``
    ``Phi(heap)`` as it was when the heap was completed (an element of the quotient of that
    moment), so the pretending function of every earlier partial quotient can be rebuilt.
``changes(heap INTEGER PRIMARY KEY, record TEXT, blob BLOB)``
    One JSON record per quotient change (heap, order, P, presentation, Phi) and the pickled
    solver state at that heap.
``pending(id INTEGER PRIMARY KEY CHECK (id = 1), heap INTEGER, round INTEGER, blob BLOB)``
    The current candidate of a presentation change in progress (pickled
    :class:`~misere.quotients.impartial.state.Pending`, written after every recalibration
    round), so that a long change such as Dawson's Kayles at heap 34 resumes at its last round
    instead of from the start of the heap. Removed when the heap completes.

Each completed heap is written in one transaction (write-ahead log), so an interrupted run
(even by ``kill -9``) loses at most the heap in progress and resumes after the last committed one. The stored
states at the changes let a later run that asks for *fewer* heaps than the file holds rebuild
exactly the state the uninterrupted run would have stopped in.
"""
from __future__ import annotations

import json
import pickle
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from misere.errors import CheckpointError, MisereError
from misere.quotients.impartial.state import Pending, SolverState
from misere.sqlite_file import APPLICATION_IDS, FileKind, open_file

__all__ = ["Checkpoint", "KIND"]

FORMAT = "misere-quotient-2"

#: the checkpoint's identity: application_id ``b"mqck"``, schema version 2 (= ``FORMAT``);
#: files of ``FORMAT`` written before identities existed are upgraded in place
KIND = FileKind(
    label="quotient checkpoint",
    application_id=APPLICATION_IDS["quotient checkpoint"],
    version=2,
    tables={"meta": ("key", "value"), "state": ("id", "heap", "blob"),
            "heaps": ("heap", "value"), "changes": ("heap", "record", "blob"),
            "pending": ("id", "heap", "round", "blob")},
    schema=(
        "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT)",
        "CREATE TABLE state(id INTEGER PRIMARY KEY CHECK (id = 1), heap INTEGER, blob BLOB)",
        "CREATE TABLE heaps(heap INTEGER PRIMARY KEY, value INTEGER)",
        "CREATE TABLE changes(heap INTEGER PRIMARY KEY, record TEXT, blob BLOB)",
        "CREATE TABLE pending(id INTEGER PRIMARY KEY CHECK (id = 1), heap INTEGER, "
        "round INTEGER, blob BLOB)",
    ),
)


def _belongs_to(path: str, ruleset: str):
    """The check of an existing checkpoint: our format, and made for ``ruleset``."""

    def check(db: sqlite3.Connection) -> None:
        has_meta = db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'"
                              ).fetchone()
        cols = [r[1] for r in db.execute("PRAGMA table_info(meta)")] if has_meta else []
        if cols != ["key", "value"]:
            return  # not ours at all: the table check names it
        rows = dict(db.execute("SELECT key, value FROM meta").fetchall())
        if "format" not in rows:
            return  # someone else's key-value table
        if rows["format"] != FORMAT:
            raise CheckpointError(f"checkpoint {path!r} has format {rows.get('format')!r}, "
                                  f"not {FORMAT!r} (start a new file)")
        if rows.get("ruleset") != ruleset:
            raise CheckpointError(f"checkpoint {path!r} belongs to "
                                  f"{rows.get('ruleset')!r}, not {ruleset!r}")
    return check


class Checkpoint:
    """An open checkpoint file bound to one ruleset and, while open, to this run alone.

    Parameters
    ----------
    path : str or Path
        SQLite file (created if missing).
    ruleset : str
        Identity of the game; a file made for another game raises :class:`CheckpointError`.

    Raises
    ------
    CheckpointError
        Unreadable, unwritable, damaged or foreign file, a census store, a checkpoint of
        another ruleset, or one in use by another run (one line, quoting the path; the file is
        left unchanged: :func:`misere.sqlite_file.open_file`).
    """

    def __init__(self, path: str | Path, ruleset: str) -> None:
        self.path = str(path)

        def init(db: sqlite3.Connection) -> None:
            db.executemany("INSERT INTO meta VALUES (?, ?)", [("ruleset", ruleset), ("format", FORMAT)])

        self.file = open_file(path, KIND, exclusive=True, check=_belongs_to(self.path, ruleset),
                              init=init)
        self.db = self.file.db

    @contextmanager
    def _using(self, doing: str) -> Iterator[None]:
        """A failure to read or write (SQLite, a corrupt blob or JSON) as one line; the
        budget's own errors pass."""
        try:
            yield
        except MisereError:
            raise
        except Exception as exc:
            raise CheckpointError(f"{doing} checkpoint {self.path!r}: "
                                  f"{' '.join(str(exc).split())[:300]}") from None

    @staticmethod
    def _unpickle(blob: bytes, kind: type) -> object:
        got = pickle.loads(blob)
        if not isinstance(got, kind):
            raise ValueError("wrong payload")
        return got

    def load(self) -> tuple[SolverState | None, list[dict]]:
        """The saved state (or ``None``) and the change records, in heap order."""
        with self._using("unreadable"):
            row = self.db.execute("SELECT blob FROM state WHERE id = 1").fetchone()
            recs = [json.loads(r) for (r,) in
                    self.db.execute("SELECT record FROM changes ORDER BY heap")]
            st = self._unpickle(row[0], SolverState) if row else None
        return st, recs  # type: ignore[return-value]

    def phi_values(self) -> dict[int, int]:
        """``Phi(heap)`` of every committed heap, as an element of the quotient of that moment."""
        with self._using("unreadable"):
            return dict(self.db.execute("SELECT heap, value FROM heaps"))

    def state_at_change(self, heap: int) -> SolverState:
        """The solver state stored at the quotient change of ``heap``."""
        with self._using("unreadable"):
            row = self.db.execute("SELECT blob FROM changes WHERE heap = ?", (heap,)).fetchone()
            if row is None or row[0] is None:
                raise ValueError(f"no state stored for the change at heap {heap}")
            return self._unpickle(row[0], SolverState)  # type: ignore[return-value]

    def pending(self, heap: int) -> Pending | None:
        """The saved candidate of an unfinished presentation change of ``heap``, if any."""
        with self._using("unreadable"):
            row = self.db.execute("SELECT blob FROM pending WHERE id = 1 AND heap = ?",
                                  (heap,)).fetchone()
            return None if row is None else self._unpickle(row[0], Pending)  # type: ignore[return-value]

    def save_pending(self, pend: Pending) -> None:
        """Commit the candidate of the current round of a presentation change."""
        if self.file.readonly:
            self.file.refuse_write(f"save the candidate of heap {pend.heap}")
        blob = pickle.dumps(pend, protocol=pickle.HIGHEST_PROTOCOL)
        with self._using("cannot write"), self.db:
            self.db.execute("INSERT OR REPLACE INTO pending VALUES (1, ?, ?, ?)",
                            (pend.heap, pend.round, blob))

    def save(self, st: SolverState, record: dict | None = None) -> None:
        """Commit the state after a completed heap (and its change record, if any) in one
        transaction."""
        if self.file.readonly:  # a resume reads it; a heap past what it holds cannot be kept
            self.file.refuse_write(f"save heap {st.heap} (it holds the heaps before)")
        blob = pickle.dumps(st, protocol=pickle.HIGHEST_PROTOCOL)
        with self._using("cannot write"), self.db:
            self.db.execute("INSERT OR REPLACE INTO state VALUES (1, ?, ?)", (st.heap, blob))
            self.db.execute("INSERT OR REPLACE INTO heaps VALUES (?, ?)",
                            (st.heap, int(st.phi[st.heap])))
            self.db.execute("DELETE FROM pending")
            if record is not None:
                self.db.execute("INSERT OR REPLACE INTO changes VALUES (?, ?, ?)",
                                (record["heap"], json.dumps(record), blob))

    def close(self) -> None:
        """Close the database and release the file for other runs."""
        self.file.close()
