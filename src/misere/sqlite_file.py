"""SQLite files that know what they are: quotient checkpoints and census stores (issue 24, item 1).

Each kind of file carries an identity in its header, ``PRAGMA application_id`` (one value per
kind), and its schema version, ``PRAGMA user_version``; both are set in the first transaction of
a new file. :func:`open_file` refuses, in one line naming the path, anything else before a byte
is written and without creating side files (``-wal``, ``-shm``, ``-journal``):

* an empty path, a directory, random bytes, a file cut short (the header's page count says
  more pages than the file holds), an SQLite database of another program or of the other
  kind (a census store given as a checkpoint), a schema version this code does not read;
* damaged pages (``PRAGMA quick_check`` on a read-only, *immutable* connection, which opens no
  side file).

The header is read by this module itself (the SQLite file format: magic string at offset 0,
page size at 16, page count at 28, user version at 60, application id at 68), so a foreign
file is never handed to SQLite. Files of the formats before identities existed (application id
0) are recognised by their exact tables and upgraded in place (identity set, ``upgrade``
statements run) once the kind's own checks passed; files of an older schema version of the
same kind are upgraded in place by the kind's ``migrations`` (e.g. new columns), one version at
a time, in the first write transaction.

Writers: connections use write-ahead logging, ``busy_timeout`` and ``BEGIN IMMEDIATE``
transactions, so several processes can write one census store. A checkpoint is bound to one
run: :func:`open_file` with ``exclusive=True`` takes an advisory ``flock`` on the database file
(independent of SQLite's own POSIX locks on Linux; not reliable on NFS), and a second opener,
in this process or another, is refused. The descriptor used for the header and the lock is
shared per file within the process and closed only after the last connection, because closing
any descriptor of a file drops the POSIX locks SQLite holds on it.
"""
from __future__ import annotations

import errno
import os
import sqlite3
import struct
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TypeVar

from misere.errors import CheckpointError
from misere.read_only import folder_of, write_refusal

try:
    import fcntl
except ImportError:  # pragma: no cover - not POSIX: no advisory lock
    fcntl = None  # type: ignore[assignment]

__all__ = ["FileKind", "SQLiteFile", "FileStore", "APPLICATION_IDS", "open_file", "damaged", "compact_copy"]

_MAGIC = b"SQLite format 3\x00"
_SIDE = ("-wal", "-shm", "-journal")


@dataclass(frozen=True)
class FileKind:
    """One kind of misère SQLite file.

    ``tables`` maps each table to its columns (checked on every open); ``schema`` creates them
    in a new file; ``upgrade`` runs once on a file of the format before identities (application
    id 0) whose tables are ``legacy_tables`` (``tables`` when not given), followed by every
    migration; ``migrations`` maps a schema version ``v`` to the statements that turn a file of
    version ``v`` into one of version ``v + 1`` (run in order, in one transaction).
    """

    label: str
    application_id: int
    version: int
    tables: dict[str, tuple[str, ...]]
    schema: tuple[str, ...]
    upgrade: tuple[str, ...] = ()
    migrations: dict[int, tuple[str, ...]] = field(default_factory=dict)
    legacy_tables: dict[str, tuple[str, ...]] | None = None

    def readable(self, version: int) -> bool:
        """Whether a file of this schema ``version`` is read (at once, or after migrations)."""
        v = version
        while v in self.migrations:
            v += 1
        return v == self.version

    @property
    def first_tables(self) -> dict[str, tuple[str, ...]]:
        """The tables of the format before identities."""
        return self.legacy_tables if self.legacy_tables is not None else self.tables


#: application ids of misère's files (the header's 4 bytes at offset 68, as ASCII)
APPLICATION_IDS = {"quotient checkpoint": int.from_bytes(b"mqck", "big"),
                   "census store": int.from_bytes(b"mcns", "big"),
                   "Sprouts store": int.from_bytes(b"mspr", "big"),
                   "partizan sweep store": int.from_bytes(b"mpsw", "big"),
                   "Sprouts endgame table": int.from_bytes(b"msen", "big")}

#: the tables of each kind in the formats before identities, to name such a file given as
#: another kind
_LEGACY_TABLES = {frozenset({"meta", "state", "heaps", "changes", "pending"}): "quotient checkpoint",
                  frozenset({"results", "runs"}): "census store"}


def _text(what: object) -> str:
    """An error's text on one line (SQLite's reports may span several)."""
    return " ".join(str(what).split())[:300]


def damaged(path: str, label: str, exc: BaseException) -> CheckpointError:
    """The one-line error for an SQLite error met while reading or writing an open file."""
    return CheckpointError(f"{label} {path!r} is damaged or unusable: {_text(exc)}")


@dataclass
class _Shared:
    """A descriptor of one file, shared by this process's openers (see module docstring)."""

    fd: int
    users: int = 0
    exclusive: bool = False
    readonly: str | None = None  # why the file is read-only (:mod:`misere.read_only`)


_OPEN: dict[tuple[int, int], _Shared] = {}


@dataclass
class SQLiteFile:
    """An open, checked file: ``db`` is the connection; :meth:`close` releases the lock."""

    path: str
    kind: FileKind
    db: sqlite3.Connection
    readonly: str | None  # why the file is read-only, or None (:mod:`misere.read_only`)
    _key: tuple[int, int] | None = None
    _exclusive: bool = False
    _closed: bool = field(default=False)

    @contextmanager
    def errors(self) -> Iterator[None]:
        """Turn any SQLite error in the block into a one-line :class:`CheckpointError` (a write
        to a read-only file says so, not that the file is damaged)."""
        try:
            yield
        except sqlite3.Error as exc:
            if "readonly" in str(exc):  # "attempt to write a readonly database"
                self.refuse_write()
            raise damaged(self.path, self.kind.label, exc) from None

    def refuse_write(self, doing: str = "write to it") -> None:
        """Raise the one-line refusal of a write to this read-only file."""
        why = self.readonly or "SQLite opened it read-only"
        raise CheckpointError(f"{self.kind.label} {self.path!r} is read only ({why}): cannot {doing}; "
                              f"copy it to a writable folder to add to it")

    def close(self) -> None:
        """Close the connection, then drop this opener's share of the descriptor and lock."""
        if self._closed:
            return
        self._closed = True
        self.db.close()
        _release(self._key, self._exclusive)


_S = TypeVar("_S", bound="FileStore")


class FileStore:
    """Base of a store kept in one :class:`SQLiteFile` (``self.file``): closing, and use in a
    ``with`` block that closes it."""

    file: SQLiteFile

    def close(self) -> None:
        """Close the file."""
        self.file.close()

    def __enter__(self: _S) -> _S:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def compact_copy(source: str | os.PathLike[str], target: str | os.PathLike[str]) -> None:
    """Copy the SQLite file ``source`` to ``target`` consistently (SQLite's backup API, so a
    run may still be writing it), then compact the copy (no log, ``VACUUM``): the form in which
    stores go into the repository (compressed)."""
    src = sqlite3.connect(f"file:{os.path.abspath(source)}?mode=ro", uri=True)
    dst = sqlite3.connect(target)
    try:
        src.backup(dst)
        dst.execute("PRAGMA journal_mode=DELETE")
        dst.execute("VACUUM")
    finally:
        src.close()
        dst.close()


def _release(key: tuple[int, int] | None, exclusive: bool) -> None:
    sh = _OPEN.get(key) if key is not None else None
    if sh is None:
        return
    sh.users -= 1
    if exclusive:
        sh.exclusive = False
        if fcntl is not None:
            fcntl.flock(sh.fd, fcntl.LOCK_UN)
    if sh.users <= 0:
        del _OPEN[key]  # type: ignore[arg-type]
        os.close(sh.fd)


def _describe(app_id: int) -> str:
    names = {v: k for k, v in APPLICATION_IDS.items()}
    if app_id in names:
        return f"a misere {names[app_id]}"
    return f"an SQLite database of another program (application_id {app_id:#010x})"


def _header(fd: int, kind: FileKind, path: str, live: bool) -> tuple[int, int] | None:
    """``(application_id, user_version)`` from the file's header; ``None`` for an empty file.

    Raises :class:`CheckpointError` for what is not a whole SQLite database."""
    size = os.fstat(fd).st_size
    if size == 0:
        return None
    head = os.pread(fd, 100, 0)
    what = f"{kind.label} {path!r}"
    if not head.startswith(_MAGIC[: len(head)]) or len(head) < 100:
        if head.startswith(_MAGIC[: len(head)]):
            raise CheckpointError(f"{what} is cut short ({size} bytes): not a whole SQLite file")
        raise CheckpointError(f"{what} is not an SQLite database (not written by misere)")
    page = struct.unpack(">H", head[16:18])[0]
    page = 65536 if page == 1 else page
    pages, changes, valid_for = struct.unpack(">I", head[28:32])[0], head[24:28], head[92:96]
    user_version, app_id = struct.unpack(">i", head[60:64])[0], struct.unpack(">I", head[68:72])[0]
    if page < 512 or page & (page - 1):
        raise CheckpointError(f"{what} has a damaged header (page size {page})")
    if not live and (size % page or (pages and changes == valid_for and size < pages * page)):
        raise CheckpointError(f"{what} is cut short or damaged ({size} bytes; its header says "
                              f"{pages} pages of {page})")
    return app_id, user_version


def _columns(db: sqlite3.Connection) -> dict[str, tuple[str, ...]]:
    names = [n for (n,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
                                      "AND name NOT LIKE 'sqlite_%'")]
    return {n: tuple(r[1] for r in db.execute(f'PRAGMA table_info("{n}")')) for n in names}


def _inspect(path: str, kind: FileKind, live: bool,
             check: Callable[[sqlite3.Connection], None] | None) -> tuple[int, int]:
    """Open the file read-only without side files, verify its pages and tables, run ``check``;
    return ``(application_id, user_version)`` as SQLite sees them (a write-ahead log included)."""
    from urllib.parse import quote

    mode = "mode=ro" if live else "immutable=1"  # a log to read: side files exist already
    uri = f"file:{quote(os.path.abspath(path))}?{mode}"
    what = f"{kind.label} {path!r}"
    try:
        db = sqlite3.connect(uri, uri=True)
    except sqlite3.Error as exc:
        raise CheckpointError(f"cannot read {what}: {_text(exc)}") from None
    try:
        ok = db.execute("PRAGMA quick_check(1)").fetchone()
        if ok is None or ok[0] != "ok":
            raise CheckpointError(f"{what} is damaged (quick_check: {_text(ok[0]) if ok else 'no answer'})")
        app_id = db.execute("PRAGMA application_id").fetchone()[0]
        version = db.execute("PRAGMA user_version").fetchone()[0]
        cols = _columns(db)
        if check is not None and app_id in (0, kind.application_id) and (
                version == 0 or kind.readable(version)):
            check(db)  # the kind's own refusals first (they say more than "other tables")
        if app_id == kind.application_id:
            missing = [t for t, c in kind.tables.items() if cols.get(t) != c]
            if version == kind.version and missing:
                raise CheckpointError(f"{what} is damaged: table {missing[0]!r} is missing or altered")
        elif app_id == 0 and cols != kind.first_tables:
            old = _LEGACY_TABLES.get(frozenset(cols))
            shown = ", ".join(sorted(cols)) or "no tables"
            raise CheckpointError(f"{what} is " + (f"a misere {old} (older format)" if old else
                                  f"an SQLite database of another program (tables: {shown})")
                                  + f", not a misere {kind.label}")
        return app_id, version
    except sqlite3.DatabaseError as exc:
        raise CheckpointError(f"{what} is damaged or not an SQLite database ({_text(exc)})") from None
    finally:
        db.close()


def _verdict(kind: FileKind, path: str, app_id: int, version: int) -> None:
    """Refuse a file whose identity is not ``kind`` at its schema version."""
    what = f"{kind.label} {path!r}"
    if app_id not in (0, kind.application_id):
        raise CheckpointError(f"{what} is {_describe(app_id)}, not a misere {kind.label}")
    if app_id == kind.application_id and not kind.readable(version):
        newer = "a newer" if version > kind.version else "an older"
        raise CheckpointError(f"{what} has schema version {version}, written by {newer} misere "
                              f"(this one reads {kind.version}; start a new file)")


def _share(path: str, exclusive: bool, kind: FileKind, create: bool = True
           ) -> tuple[tuple[int, int], _Shared, bool]:
    """The shared descriptor of ``path`` (created empty when missing), locked when exclusive;
    returns ``(key, shared, readonly)``. A file this process has open already is not opened
    again (see module docstring)."""
    what = f"{kind.label} {path!r}"
    try:
        st = os.stat(path)
        sh = _OPEN.get((st.st_dev, st.st_ino))
    except OSError:
        sh = None
    if sh is None:
        flags = getattr(os, "O_CLOEXEC", 0)
        exists = os.path.isfile(path)
        readonly = write_refusal(path, side_files=True)
        if readonly is not None and not exists and create:
            raise CheckpointError(f"cannot create {what}: {readonly}")
        try:
            fd = os.open(path, (os.O_RDONLY if readonly else os.O_RDWR) | (os.O_CREAT if create else 0)
                         | flags, 0o666)
        except OSError as exc:
            if exc.errno not in (errno.EACCES, errno.EROFS, errno.EPERM) or not exists:
                raise CheckpointError(f"cannot open {what}: {_text(exc.strerror or exc)}") from None
            try:
                fd, readonly = os.open(path, os.O_RDONLY | flags), f"file {path!r} is not writable"
            except OSError as exc2:
                raise CheckpointError(f"cannot open {what}: {_text(exc2.strerror or exc2)}") from None
        st = os.fstat(fd)
        sh = _OPEN[(st.st_dev, st.st_ino)] = _Shared(fd, readonly=readonly)
    key = (st.st_dev, st.st_ino)
    sh.users += 1
    if exclusive:
        try:
            if sh.exclusive:
                raise BlockingIOError
            if fcntl is not None:
                fcntl.flock(sh.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            sh.exclusive = True
        except BlockingIOError:
            _release(key, False)
            raise CheckpointError(f"{what} is in use by another run (one run per checkpoint; "
                                  f"wait for it to finish or use another file)") from None
        except OSError:
            pass  # a file system without flock: no lock
    return key, sh, sh.readonly


def open_file(path: str | os.PathLike[str], kind: FileKind, *, exclusive: bool = False,
              check: Callable[[sqlite3.Connection], None] | None = None,
              init: Callable[[sqlite3.Connection], None] | None = None,
              create: bool = True) -> SQLiteFile:
    """Open (or create) ``path`` as a file of ``kind``, refusing anything else unchanged.

    Parameters
    ----------
    path : str or PathLike
        The file; ``":memory:"`` opens a database in memory.
    kind : FileKind
    exclusive : bool
        Take the file for this opener alone (a second opener is refused until :meth:`close`).
    check : callable, optional
        ``check(db)`` on a read-only connection to an existing file of this kind (or of its
        format before identities), before anything is written: raise :class:`CheckpointError`
        to refuse it (e.g. a checkpoint of another ruleset).
    init : callable, optional
        ``init(db)`` inside the first transaction of a new file, after its tables are created.
    create : bool
        Make a new file when ``path`` is missing or empty; when false (readers), such a path
        is refused.

    Raises
    ------
    CheckpointError
        One line naming the path and what the file is.
    """
    path = os.fspath(path) if path is not None else ""
    if path == ":memory:":
        return _connect(path, kind, None, False, init, fresh=True)
    if not str(path).strip():
        raise CheckpointError(f"empty file name for the {kind.label}")
    path = str(path)
    if os.path.isdir(path):
        raise CheckpointError(f"{kind.label} {path!r} is a directory, not a file")
    key, sh, readonly = _share(path, exclusive, kind, create)
    try:
        ident = _identify(path, kind, sh.fd, check)
        if ident is None and not create:
            raise CheckpointError(f"{kind.label} {path!r} is empty (nothing was written to it)")
        if readonly and (ident is None or ident[0] == 0 or ident[1] != kind.version):
            raise CheckpointError(f"cannot {'create' if ident is None else 'upgrade the older format of'} "
                                  f"{kind.label} {path!r}: {readonly}")
        return _connect(path, kind, key, exclusive, init, fresh=ident is None, readonly=readonly,
                        legacy=ident is not None and (ident[0] == 0 or ident[1] != kind.version))
    except BaseException:
        _release(key, exclusive)
        raise


def _identify(path: str, kind: FileKind, fd: int,
              check: Callable[[sqlite3.Connection], None] | None) -> tuple[int, int] | None:
    """``(application_id, user_version)`` of an existing file of ``kind`` (``None``: empty, a new
    file), or the refusal. A refusal of a file that changed meanwhile (another run creating or
    writing it) is not final: the file is looked at again, a few times."""
    for attempt in range(6):
        stamp = _stamp(path)
        # a log or journal to replay: SQLite must read it (its side files exist already)
        live = any(os.path.exists(path + s) and os.path.getsize(path + s) > 0 for s in _SIDE)
        try:
            ident = _header(fd, kind, path, live)
            if ident is not None:
                _verdict(kind, path, *ident)
                ident = _inspect(path, kind, live, check)
                _verdict(kind, path, *ident)
            return ident
        except CheckpointError:
            if attempt == 5 or _stamp(path) == stamp:
                raise
            time.sleep(0.05 * (attempt + 1))
    raise AssertionError("unreachable")  # pragma: no cover


def _stamp(path: str) -> tuple:
    """Size and modification time of a file and its side files (to see it change)."""
    out = []
    for s in ("",) + _SIDE:
        try:
            st = os.stat(path + s)
            out.append((st.st_size, st.st_mtime_ns))
        except OSError:
            out.append(None)
    return tuple(out)


def _migrations(kind: FileKind, version: int) -> tuple[str, ...]:
    """The statements turning a file of schema ``version`` into one of ``kind.version``."""
    out: tuple[str, ...] = ()
    while version < kind.version and version in kind.migrations:
        out += kind.migrations[version]
        version += 1
    return out


def _connect(path: str, kind: FileKind, key: tuple[int, int] | None, exclusive: bool,
             init: Callable[[sqlite3.Connection], None] | None, *, fresh: bool,
             readonly: str | None = None, legacy: bool = False) -> SQLiteFile:
    """The working connection: identity written first on a new or old-format file, then WAL."""
    what = f"{kind.label} {path!r}"
    try:
        if readonly:  # immutable when no one can write beside it and no log is to be read
            from urllib.parse import quote
            live = any(os.path.exists(path + s) for s in _SIDE)
            mode = "immutable=1" if write_refusal(folder_of(path)) and not live else "mode=ro"
            db = sqlite3.connect(f"file:{quote(os.path.abspath(path))}?{mode}", uri=True, timeout=30)
        else:
            db = sqlite3.connect(path, timeout=30, isolation_level="IMMEDIATE")
    except sqlite3.Error as exc:
        raise CheckpointError(f"cannot open {what}: {_text(exc)}") from None
    try:
        if not readonly and (fresh or legacy):
            db.execute("BEGIN IMMEDIATE")
            app_id = db.execute("PRAGMA application_id").fetchone()[0]
            if app_id == 0:  # still unmarked once we hold the write lock (else a racing opener did it)
                if _columns(db) == {}:
                    for sql in kind.schema:
                        db.execute(sql)
                    if init is not None:
                        init(db)
                elif _columns(db) == kind.first_tables:
                    for sql in kind.upgrade + _migrations(kind, min(kind.migrations, default=0)):
                        db.execute(sql)
                else:
                    raise CheckpointError(f"{what} changed while it was opened")
                db.execute(f"PRAGMA application_id = {kind.application_id}")
                db.execute(f"PRAGMA user_version = {kind.version}")
            elif app_id != kind.application_id:
                raise CheckpointError(f"{what} is {_describe(app_id)}, not a misere {kind.label}")
            else:  # an older schema version of this kind (unless a racing opener upgraded it)
                version = db.execute("PRAGMA user_version").fetchone()[0]
                if version != kind.version:
                    for sql in _migrations(kind, version):
                        db.execute(sql)
                    db.execute(f"PRAGMA user_version = {kind.version}")
            db.execute("COMMIT")
        if not readonly and path != ":memory:":
            # WAL with synchronous=NORMAL: each commit is atomic and survives the death of the
            # process (kill -9) without an fsync per commit; only a power cut may lose the last
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
    except sqlite3.Error as exc:
        db.close()
        raise CheckpointError(f"cannot use {what}: {_text(exc)}") from None
    except BaseException:
        db.close()
        raise
    return SQLiteFile(path, kind, db, readonly, key, exclusive)
