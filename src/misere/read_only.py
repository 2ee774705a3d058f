"""Read-only files and folders, decided the same way for every user (issue 41, item 4).

A store, checkpoint or output file is **read-only** here when

* the system says so: ``os.access(path, os.W_OK)`` is false (a read-only file system, or
  permissions that deny this user), or
* its permission bits grant write to nobody (``mode & 0o222 == 0``, what ``chmod a-w`` makes).

The second rule is this package's convention, not the kernel's: the super-user may write such
a file, but a file marked unwritable for everyone is taken as meant to be read only, so that a
store on a read-only medium, a copy marked read-only by hand and tests running as root (CI) all
meet the same behaviour. A file is written through its folder too (SQLite puts its ``-wal``
and ``-shm`` side files beside it; a new output file is created there), so a folder is checked
by the same two rules. Readers open such a store read-only (SQLite ``mode=ro``, or
``immutable=1`` when even the folder is read-only and no log is pending); writers are refused
in one line that says which file or folder is read-only and why.
"""
from __future__ import annotations

import os
import stat
from pathlib import Path

__all__ = ["write_refusal", "folder_of"]


def folder_of(path: str | os.PathLike[str]) -> Path:
    """The folder that holds ``path`` (``.`` for a bare file name)."""
    parent = Path(path).parent
    return parent if str(parent) else Path(".")


def _denies(path: Path) -> str | None:
    """Why ``path`` (which exists) may not be written, or ``None``."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None
    kind = "folder" if stat.S_ISDIR(mode) else "file"
    if not mode & 0o222:
        return f"{kind} {str(path)!r} is read-only (mode {stat.filemode(mode)})"
    if not os.access(path, os.W_OK):
        return f"{kind} {str(path)!r} is not writable (permission denied or a read-only file system)"
    return None


def write_refusal(path: str | os.PathLike[str], side_files: bool = False) -> str | None:
    """Why ``path`` cannot be written, or ``None`` when it can (as far as can be told).

    Parameters
    ----------
    path : str or PathLike
        A file, existing or to be created.
    side_files : bool
        The writer also creates files beside it (SQLite's log): its folder must be writable even
        when the file exists.

    Examples
    --------
    >>> import tempfile, os
    >>> d = tempfile.mkdtemp(); f = os.path.join(d, "x.txt"); open(f, "w").close()
    >>> write_refusal(f) is None
    True
    >>> os.chmod(f, 0o444); write_refusal(f).endswith("is read-only (mode -r--r--r--)")
    True
    """
    p = Path(path)
    why = _denies(p) if p.exists() else None
    if why is None and (side_files or not p.exists()):
        why = _denies(folder_of(p))
    return why
