"""The SQLite store of a census: one row per code, committed code by code.

Each result is written in its own transaction as soon as it is known, so an interrupted census
loses at most the codes in progress and a second run skips what is stored (:meth:`Store.done`);
a code stopped by a budget is stored as ``stopped`` (no result) and computed again by the next
run. The file carries its identity and schema version (:data:`KIND`; issue 24), and several runs
may write it at once.
Quotients keep their pretending function ``phi`` (element of each heap ``0..last_heap``) and,
up to :data:`~misere.quotients.census.run.TABLE_LIMIT` elements, their multiplication table
(``int32`` little-endian, row-major) and P-portion so the findings (isomorphism classes, seed
002 §10.2-§10.3) are computed from the store alone. A multiplication table is stored once, in
``quotient_tables`` under its digest, however many records hold it (same-game codes,
:mod:`~misere.quotients.census.twins`, hold their representative's; schema version 6), and is
read back as one shared ``bytes`` per table. A ``runs`` table records each census run (codes,
workers, wall time) for the budget report.
"""
from __future__ import annotations

import hashlib
import json
import time
from pathlib import Path
from typing import Any

from misere.sqlite_file import APPLICATION_IDS, FileKind, FileStore, damaged, open_file

__all__ = ["Store", "RECORD_FIELDS", "ATTEMPT_FIELDS", "FINAL_STATUSES", "RESULT_STATUSES",
           "RETRIED_STATUSES", "KIND"]

#: fields of a census record (the ``results`` columns, ``P``/``changes`` as JSON)
RECORD_FIELDS = ("code", "status", "solved", "order", "p_count", "period", "preperiod",
                 "presentation", "last_heap", "seconds", "max_heap", "timeout", "normal_period",
                 "normal_preperiod", "P", "changes", "phi", "identity", "table", "is_p", "message",
                 "work", "certificate", "same_game", "proof")

#: statuses that another run with the same or a smaller max_heap would not change: ``limit``
#: is a size bound of the solver (:class:`~misere.quotients.impartial.solver.Limits`), the same
#: on every machine and under every budget, unlike a stop by time or memory
FINAL_STATUSES = ("solved", "partial", "limit", "infinite", "error")

#: statuses of records that hold a (partial) quotient: ``infinite`` holds ``Q_(n-1)`` when
#: ``Q_n`` is proved infinite (:mod:`misere.quotients.infinite`; the proof in ``message``)
RESULT_STATUSES = ("solved", "partial", "limit", "infinite")

#: statuses of records that hold no result: every later run computes the code again
RETRIED_STATUSES = ("stopped", "killed")

#: columns of an attempt: a record stopped by time or memory (``stopped``, ``killed``), kept even
#: when the store holds a result for the code (which the attempt does not replace)
ATTEMPT_FIELDS = ("code", "status", "last_heap", "seconds", "timeout", "work", "message", "finished")

_RUNS = ("id", "started", "finished", "spec", "codes", "computed", "workers", "max_heap",
         "timeout", "wall", "startup")

#: results of a run stopped by time or memory, as the stores before identities recorded them
#: (``timeout``; ``limit`` or ``error`` with a budget's message): stopped, nothing kept but the
#: last heap, so the next run computes them again (issue 24)
_STOPPED_BEFORE = ("status = 'timeout' OR (status IN ('limit', 'error') AND (message LIKE "
                   "'memory budget%' OR message LIKE 'time budget%' OR message LIKE 'hard time%' "
                   "OR message LIKE 'MemoryError%'))")
_RESULT_FIELDS = ("order", "p_count", "period", "preperiod", "presentation", "normal_period",
                  "normal_preperiod", "P", "changes", "phi", "identity", "table", "is_p")

_ATTEMPTS = ("CREATE TABLE attempts (code TEXT NOT NULL, status TEXT, last_heap INTEGER, "
             "seconds REAL, timeout REAL, work TEXT, message TEXT, finished REAL)")

#: the column naming a record's shared multiplication table (not a record field: the record's
#: ``table`` is read back from ``quotient_tables``)
_DIGEST = "table_digest"

#: the census store's identity: application_id ``b"mcns"``, schema version 6 (1: the stores
#: before identities, 2: before the ``work`` and ``certificate`` fields, 3: before
#: the runs' ``startup``, 4: before ``same_game`` (the code whose record this one repeats,
#: and to which heap they are the same game: :mod:`~misere.quotients.census.twins`) and
#: ``proof`` (the counter certificate of an ``infinite`` record, the bytes of its ``.npz``
#: file, :mod:`misere.quotients.infinite.proof`), 5: before ``quotient_tables`` (each
#: multiplication table once, named by the records' ``table_digest``; a record of an older
#: store keeps its table in its row until :meth:`Store.share_tables`) and ``attempts`` (the
#: codes a budget stopped, :data:`ATTEMPT_FIELDS`); all upgraded in place, the new fields left
#: empty)
KIND = FileKind(
    label="census store",
    application_id=APPLICATION_IDS["census store"],
    version=6,
    tables={"results": RECORD_FIELDS + (_DIGEST,), "runs": _RUNS,
            "quotient_tables": ("digest", "data"), "attempts": ATTEMPT_FIELDS},
    legacy_tables={"results": RECORD_FIELDS[:-4], "runs": _RUNS[:-1]},
    migrations={2: ("ALTER TABLE results ADD COLUMN work TEXT",
                    "ALTER TABLE results ADD COLUMN certificate TEXT"),
                3: ("ALTER TABLE runs ADD COLUMN startup REAL",),
                4: ("ALTER TABLE results ADD COLUMN same_game TEXT",
                    "ALTER TABLE results ADD COLUMN proof BLOB"),
                5: (f"ALTER TABLE results ADD COLUMN {_DIGEST} TEXT",
                    "CREATE TABLE quotient_tables (digest TEXT PRIMARY KEY, data BLOB NOT NULL)",
                    _ATTEMPTS)},
    schema=(
        """CREATE TABLE results (
    code TEXT PRIMARY KEY, status TEXT NOT NULL, solved INTEGER NOT NULL, "order" INTEGER,
    p_count INTEGER, period INTEGER, preperiod INTEGER, presentation TEXT, last_heap INTEGER,
    seconds REAL, max_heap INTEGER, timeout REAL, normal_period INTEGER, normal_preperiod INTEGER,
    P TEXT, changes TEXT, phi TEXT, identity INTEGER, "table" BLOB, is_p BLOB, message TEXT,
    work TEXT, certificate TEXT, same_game TEXT, proof BLOB, table_digest TEXT)""",
        """CREATE TABLE runs (
    id INTEGER PRIMARY KEY AUTOINCREMENT, started REAL, finished REAL, spec TEXT, codes INTEGER,
    computed INTEGER, workers INTEGER, max_heap INTEGER, timeout REAL, wall REAL, startup REAL)""",
        "CREATE TABLE quotient_tables (digest TEXT PRIMARY KEY, data BLOB NOT NULL)",
        _ATTEMPTS,
    ),
    upgrade=(f"UPDATE results SET status = 'stopped', solved = 0, "
             + ", ".join(f'"{f}" = NULL' for f in _RESULT_FIELDS) + f" WHERE {_STOPPED_BEFORE}",),
)

_JSON = ("P", "changes", "phi", "work", "certificate", "same_game")

_FINAL_SQL = ", ".join(f"'{x}'" for x in FINAL_STATUSES)
_STORED = RECORD_FIELDS + (_DIGEST,)
_COLS = ", ".join(f'"{f}"' for f in _STORED)
_TABLE, _WORK = RECORD_FIELDS.index("table"), RECORD_FIELDS.index("work")
#: when a stored record is kept against a new one (:meth:`Store.put`): a result is kept against
#: a stopped record; a solved one against an unsolved one; an infinite one against anything but
#: a solved or infinite one; an unsolved one against an unsolved one asked to fewer heaps, or
#: (``partial``, ``limit``, ``error``) one that reached an earlier heap: a rerun under a work
#: budget larger in one bound and smaller in another (8,000 elements and 20 rounds against 200
#: elements and 300 rounds) may stop sooner, and must not erase what the first run reached
_KEEP = (f"results.status IN ({_FINAL_SQL}) AND (excluded.status NOT IN ({_FINAL_SQL})"
         " OR (excluded.solved = 0 AND (results.solved = 1"
         " OR coalesce(excluded.max_heap, 0) < coalesce(results.max_heap, 0)"
         " OR (results.status = 'infinite' AND excluded.status != 'infinite')"
         " OR (results.status IN ('partial', 'limit') AND excluded.status IN ('partial', 'limit', 'error')"
         " AND coalesce(excluded.last_heap, -1) < coalesce(results.last_heap, -1)))))")
_UPSERT = (f"INSERT INTO results ({_COLS}) "
           f"VALUES ({', '.join('?' * len(_STORED))}) ON CONFLICT(code) DO UPDATE SET "
           + ", ".join(f'"{f}" = excluded."{f}"' for f in _STORED[1:])
           + f" WHERE NOT ({_KEEP})")


class Store(FileStore):
    """A census store in the SQLite file ``path`` (created when missing).

    Anything but a census store (a checkpoint, another program's database, a damaged or cut
    file, an empty path) is refused unchanged with a one-line
    :class:`~misere.errors.CheckpointError` (:func:`misere.sqlite_file.open_file`).
    Several processes may write one store: each record is one ``BEGIN IMMEDIATE`` transaction.
    ``create=False`` (readers: the reports) refuses a missing or empty file instead of making one.

    Examples
    --------
    >>> s = Store(":memory:")
    >>> s.put({"code": "0.1", "status": "solved", "solved": True, "order": 2, "max_heap": 5})
    >>> s.get("0.1")["order"], s.done("0.1", 5, None)
    (2, True)
    """

    def __init__(self, path: str | Path, create: bool = True) -> None:
        self.path = str(path) if path is not None else ""
        self.file = open_file(path, KIND, create=create)
        self.db = self.file.db


    def put(self, rec: dict[str, Any]) -> None:
        """Store one record in its own transaction, unless the store holds a better one.

        A record never replaces a better one, stored meanwhile by another run or before by a
        run under another work budget (:data:`_KEEP`): a result is not replaced by a stopped
        record, a solved quotient not by an unsolved one, an infinite one not by an unsolved
        one that is not infinite, a result computed to more heaps not by an unsolved one
        computed to fewer, and an unsolved one not by one that reached an earlier heap.
        """
        row = []
        for f in RECORD_FIELDS:
            v = rec.get(f)
            if f in _JSON and v is not None:
                v = json.dumps(v)
            elif f == "solved":
                v = int(bool(v))
            row.append(v)
        table, row[_TABLE] = row[_TABLE], None
        with self.file.errors(), self.db:
            digest = None if table is None else self._keep_table(table)
            self.db.execute(_UPSERT, row + [digest])
            if rec.get("status") in RETRIED_STATUSES:
                self.db.execute("INSERT INTO attempts VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                                (rec["code"], rec["status"], rec.get("last_heap"),
                                 rec.get("seconds"), rec.get("timeout"), row[_WORK],
                                 rec.get("message"), time.time()))

    def _keep_table(self, table: bytes) -> str:
        """Store ``table`` in ``quotient_tables`` unless it is there; its digest (inside the
        caller's transaction)."""
        digest = hashlib.blake2b(table, digest_size=16).hexdigest()
        self.db.execute("INSERT OR IGNORE INTO quotient_tables VALUES (?, ?)",
                        (digest, bytes(table)))
        return digest

    def _rows(self, sql: str, args: tuple = ()) -> list[tuple]:
        with self.file.errors():
            return self.db.execute(sql, args).fetchall()

    def _tables(self, digests: set[str]) -> dict[str, bytes]:
        """The shared multiplication tables named by ``digests``, one ``bytes`` each."""
        out: dict[str, bytes] = {}
        names = sorted(digests)
        for i in range(0, len(names), 500):  # SQLite's limit on parameters
            part = names[i:i + 500]
            out.update(self._rows("SELECT digest, data FROM quotient_tables WHERE digest IN "
                                  f"({', '.join('?' * len(part))})", tuple(part)))
        return out

    def _filled(self, rows: list[tuple]) -> list[dict[str, Any]]:
        """Records of ``rows`` (the stored columns), each table read once and shared."""
        tables = self._tables({r[-1] for r in rows if r[-1] is not None})
        recs = []
        for r in rows:
            rec = self._record(r[:-1])
            if r[-1] is not None:
                if r[-1] not in tables:
                    raise damaged(self.path, KIND.label,
                                  ValueError(f"no quotient table {r[-1]} for {rec['code']}"))
                rec["table"] = tables[r[-1]]
            recs.append(rec)
        return recs

    def attempts(self) -> list[dict[str, Any]]:
        """Every stopped attempt (:data:`ATTEMPT_FIELDS`, ``work`` as a dict), oldest first: a
        rerun under a larger budget that a time or memory budget stopped leaves the stored
        result as it was, and is remembered here (so that the next rerun can leave it out)."""
        rows = self._rows(f"SELECT {', '.join(ATTEMPT_FIELDS)} FROM attempts ORDER BY rowid")
        out = [dict(zip(ATTEMPT_FIELDS, r)) for r in rows]
        for a in out:
            if a["work"] is not None:
                a["work"] = json.loads(a["work"])
        return out

    def share_tables(self) -> int:
        """Move the tables held in records' rows (stores before schema version 6) to the shared
        ``quotient_tables``, and drop shared tables no record names; the number moved."""
        with self.file.errors(), self.db:
            rows = self.db.execute('SELECT code, "table" FROM results '
                                   'WHERE "table" IS NOT NULL').fetchall()
            for code, table in rows:
                self.db.execute(f'UPDATE results SET "table" = NULL, {_DIGEST} = ? WHERE code = ?',
                                (self._keep_table(table), code))
            self.db.execute(f"DELETE FROM quotient_tables WHERE digest NOT IN (SELECT {_DIGEST} "
                            f"FROM results WHERE {_DIGEST} IS NOT NULL)")
        return len(rows)

    def _record(self, row: tuple) -> dict[str, Any]:
        rec = dict(zip(RECORD_FIELDS, row))
        try:
            for f in _JSON:
                if rec[f] is not None:
                    rec[f] = json.loads(rec[f])
        except ValueError as exc:
            raise damaged(self.path, KIND.label, exc) from None
        rec["solved"] = bool(rec["solved"])
        return rec

    def get(self, code: str) -> dict[str, Any] | None:
        """The stored record of ``code``, or ``None``."""
        rows = self._rows(f"SELECT {_COLS} FROM results WHERE code = ?", (code,))
        return self._filled(rows)[0] if rows else None

    def records(self) -> list[dict[str, Any]]:
        """Every stored record, ordered by code length then code."""
        return self._filled(self._rows(f"SELECT {_COLS} FROM results ORDER BY length(code), code"))

    def done(self, code: str, max_heap: int, timeout: float | None = None,
             work: Any = None) -> bool:
        """Whether a stored record already answers a run of ``code`` to ``max_heap``.

        Solved codes are done; other final results (:data:`FINAL_STATUSES`) are done when they
        reached ``max_heap`` under a work budget at least ``work``
        (:class:`~misere.quotients.census.work.Work`; a record of a store before work budgets
        ran under the solver's default limits, larger than any census budget; its
        ``period_heaps`` counts only for a ``partial`` record, the only one that reached
        ``max_heap``). A record stopped by a budget (time, per code or for the whole run, or
        memory) or killed holds no result and is never done, whatever ``timeout``: a later run
        computes it again (issue 24).
        Nor is a record that a certificate stored with the package since answers
        (:func:`~misere.quotients.infinite.store.known_infinite`, for the code or the code whose
        record it took as the same game): theory first, the run answers it from the proof.
        """
        rec = self.get(code)
        if rec is None or rec["status"] not in FINAL_STATUSES:
            return False
        if rec["solved"]:
            return True
        if rec["status"] != "infinite" and _proved_since(rec, max_heap):
            return False
        if work is not None and rec["work"] is not None:
            from misere.quotients.census.work import Work

            # a record made before ``period_heaps`` existed went no further than max_heap
            made = Work.of({"period_heaps": 0, **rec["work"]})
            if not made.covers(Work.of(work), past_max_heap=rec["status"] == "partial"):
                return False
        return (rec["max_heap"] or 0) >= max_heap

    def log_run(self, spec: str, codes: int, computed: int, workers: int, max_heap: int,
                timeout: float | None, started: float, wall: float,
                startup: float | None = None) -> None:
        """Record one census run (``startup``: seconds to start and warm a Ray pool, part of
        ``wall`` and of no code's time)."""
        with self.file.errors(), self.db:
            self.db.execute("INSERT INTO runs (started, finished, spec, codes, computed, workers, "
                            "max_heap, timeout, wall, startup) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                            (started, time.time(), spec, codes, computed, workers, max_heap,
                             timeout, wall, startup))

    def runs(self) -> list[dict[str, Any]]:
        """Every logged run."""
        return [dict(zip(_RUNS, r)) for r in
                self._rows(f"SELECT {', '.join(_RUNS)} FROM runs ORDER BY id")]


def _proved_since(rec: dict[str, Any], max_heap: int) -> bool:
    """Whether a stored certificate makes ``Q_n`` of the record's code infinite for some ``n <=
    max_heap``: the code's own, or that of the code whose record it took as the same game up
    to a heap at least ``n``."""
    from misere.quotients.infinite.store import answers

    twin = rec.get("same_game")
    if isinstance(twin, str):  # as stored
        twin = json.loads(twin)
    return answers(rec["code"], max_heap) or bool(
        twin and answers(twin["code"], min(max_heap, twin.get("heap") or 0)))
