"""A persistent store of Sprouts values: nimbers and misère canonical forms of lands, outcomes of
large positions (issue 23, item 1), in an SQLite file that knows what it is.

The file carries its identity (``PRAGMA application_id`` ``b"mspr"``) and schema version and is
opened through :func:`misere.sqlite_file.open_file`, which refuses anything else (a
census store, another program's database, a damaged file) in one line. Keys are the GLOP texts
of canonical lands (:func:`~misere.rulesets.sprouts_canon.canonical_land`), so the store is
readable with ``sqlite3``; the key rules are part of the schema version (:data:`RULES`): a store
written under other rules is refused rather than misread.

* ``lands(land, nimber, form)``: a land's normal-play nimber and its misère canonical form;
* ``forms(fid, opts)``: canonical forms, each by the ids of its options (written before it);
* ``wins(play, position, win)``: whether the player to move wins a position of large lands
  plus a value (``*k`` in normal play, a form id in misère play), written only for positions
  with at least :data:`MIN_LIVES` lives (smaller ones are quicker to recompute than to store).

Reads come from memory (the file is read once when opened); writes are buffered and committed
every :data:`FLUSH_ROWS` rows, every :data:`FLUSH_SECONDS` seconds and on
:meth:`SproutsStore.close`, so an interrupted run keeps what it committed. One process writes a store at a time (the file is opened exclusively).
"""
from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from misere.impartial.canonical import impartial, options
from misere.sqlite_file import APPLICATION_IDS, FileKind, open_file
from misere.rulesets.sprouts import Land, format_land
from misere.rulesets.sprouts_canon import lives

__all__ = ["SproutsStore", "KIND", "RULES", "MIN_LIVES", "FLUSH_SECONDS"]

#: the key rules this code writes (a store written under others is refused)
RULES = ("glop-keys 2: dead spots, aa=2, unplayable regions, .22.=.1., reflection, relabelling; "
         "walk keys (sprouts_canon._walk_code)")
#: positions with fewer lives are not written to ``wins``
MIN_LIVES = 14
#: buffered rows committed at once
FLUSH_ROWS = 20000
#: buffered rows are also committed when this many seconds have passed since the last commit
#: (checked when a row is written), so a run stopped from outside loses at most that much work
FLUSH_SECONDS = 60.0

KIND = FileKind(
    label="Sprouts store",
    application_id=APPLICATION_IDS["Sprouts store"],
    version=1,
    tables={"meta": ("key", "value"), "lands": ("land", "nimber", "form"), "forms": ("fid", "opts"),
            "wins": ("play", "position", "win")},
    schema=(
        "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)",
        "CREATE TABLE lands (land TEXT PRIMARY KEY, nimber INTEGER, form INTEGER)",
        "CREATE TABLE forms (fid INTEGER PRIMARY KEY, opts TEXT NOT NULL)",
        "CREATE TABLE wins (play TEXT NOT NULL, position TEXT NOT NULL, win INTEGER NOT NULL, "
        "PRIMARY KEY (play, position))",
    ),
)


def _check(db: Any) -> None:
    from misere.errors import CheckpointError

    row = db.execute("SELECT value FROM meta WHERE key = 'rules'").fetchone()
    if row is None or row[0] != RULES:
        raise CheckpointError(f"Sprouts store written under other key rules ({row[0] if row else None!r}); "
                              "use a new file")


def _init(db: Any) -> None:
    db.execute("INSERT INTO meta VALUES ('rules', ?)", (RULES,))


class SproutsStore:
    """The Sprouts store in the SQLite file ``path`` (created when missing; ``":memory:"`` for
    none on disk).

    Examples
    --------
    >>> from misere.rulesets.sprouts import spots
    >>> s = SproutsStore(":memory:")
    >>> s.put_nimber(spots(2), 0); s.nimber(spots(2)), s.nimber(spots(3))
    (0, None)
    >>> s.close()
    """

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self.file = open_file(path, KIND, exclusive=True, check=_check, init=_init)
        self.db = self.file.db
        with self.file.errors():
            self._lands = {k: [n, f] for k, n, f in self.db.execute("SELECT land, nimber, form FROM lands")}
            self._wins = {(p, k): bool(w) for p, k, w in self.db.execute("SELECT play, position, win FROM wins")}
            rows = self.db.execute("SELECT fid, opts FROM forms ORDER BY fid").fetchall()
        self._gid: dict[int, int] = {}
        self._fid: dict[int, int] = {}
        for fid, opts in rows:
            g = impartial(sorted(self._gid[int(x)] for x in opts.split(",") if x))
            self._gid[fid] = g
            self._fid[g] = fid
        self._pending: dict[str, list] = {"lands": [], "forms": [], "wins": []}
        self._flushed = time.monotonic()
        self._open = True
        self.loaded = {"lands": len(self._lands), "forms": len(rows), "wins": len(self._wins)}

    # -- lands ---------------------------------------------------------------------------

    def nimber(self, land: Land) -> int | None:
        """The stored nimber of ``land`` (``None``: not stored)."""
        r = self._lands.get(format_land(land))
        return None if r is None else r[0]

    def form(self, land: Land) -> int | None:
        """The stored misère canonical form (game id) of ``land``."""
        r = self._lands.get(format_land(land))
        return None if r is None or r[1] is None else self._gid[r[1]]

    def put_nimber(self, land: Land, n: int) -> None:
        """Record the nimber of ``land``."""
        self._put_land(format_land(land), 0, n)

    def put_form(self, land: Land, g: int) -> None:
        """Record the misère canonical form ``g`` of ``land``."""
        self._put_land(format_land(land), 1, self._form_id(g))

    def _put_land(self, key: str, i: int, v: int) -> None:
        r = self._lands.setdefault(key, [None, None])
        r[i] = v
        self._pending["lands"].append((key, r[0], r[1]))
        self._maybe_flush()

    def _form_id(self, g: int) -> int:
        fid = self._fid.get(g)
        if fid is None:
            opts = sorted(self._form_id(x) for x in options(g))
            fid = len(self._gid) + 1
            self._gid[fid] = g
            self._fid[g] = fid
            self._pending["forms"].append((fid, ",".join(map(str, opts))))
        return fid

    # -- positions -----------------------------------------------------------------------

    def _key(self, play: str, big: tuple[Land, ...], v: int) -> tuple[str, str] | None:
        if play == "misere":
            fid = self._fid.get(v)
            if fid is None:
                return None
            v = fid
        return play, " + ".join(format_land(x) for x in big) + f" | {v}"

    def win(self, play: str, big: tuple[Land, ...], v: int) -> bool | None:
        """Stored outcome of the position ``big`` plus value ``v`` (``None``: not stored)."""
        if sum(map(lives, big)) < MIN_LIVES:
            return None
        key = self._key(play, big, v)
        return None if key is None else self._wins.get(key)

    def put_win(self, play: str, big: tuple[Land, ...], v: int, win: bool) -> None:
        """Record the outcome of a position (only those with :data:`MIN_LIVES` lives or more)."""
        if sum(map(lives, big)) < MIN_LIVES:
            return
        if play == "misere":
            self._form_id(v)
        key = self._key(play, big, v)
        assert key is not None
        self._wins[key] = win
        self._pending["wins"].append((key[0], key[1], int(win)))
        self._maybe_flush()

    # -- file ----------------------------------------------------------------------------

    def _maybe_flush(self) -> None:
        # by rows, and by time so that a long run stopped from outside keeps its work
        if (sum(len(x) for x in self._pending.values()) >= FLUSH_ROWS
                or time.monotonic() - self._flushed >= FLUSH_SECONDS):
            self.flush()

    def flush(self) -> None:
        """Commit the buffered rows (forms first: lands and positions refer to them); a store
        opened read-only (:mod:`misere.read_only`) keeps them in memory only."""
        p = self._pending
        if self.file.readonly:
            return
        with self.file.errors(), self.db:
            self.db.executemany("INSERT OR IGNORE INTO forms VALUES (?, ?)", p["forms"])
            self.db.executemany("INSERT OR REPLACE INTO lands VALUES (?, ?, ?)", p["lands"])
            self.db.executemany("INSERT OR REPLACE INTO wins VALUES (?, ?, ?)", p["wins"])
        self._pending = {"lands": [], "forms": [], "wins": []}
        self._flushed = time.monotonic()

    def stats(self) -> dict[str, int]:
        """Rows held (stored and new)."""
        return {"lands": len(self._lands), "forms": len(self._gid), "wins": len(self._wins)}

    def close(self) -> None:
        """Commit and close."""
        if self._open:
            self._open = False
            try:
                self.flush()
            finally:
                self.file.close()

    def __enter__(self) -> "SproutsStore":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
