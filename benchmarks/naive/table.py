"""Naive references for the memory workloads (issue 10, item 4).

* :class:`DictTable`: the obvious intern table, and the one ``misere`` used before item 4: a
  dict from ``(sorted Left ids, sorted Right ids)`` to ids, option tuples and birthdays in lists.
* :func:`v1_order_table`: the ``OrderTable`` class as it was before item 4 (dense boolean ≥ and
  not-downlinked matrices, n² bytes each), read unchanged from git at :data:`V1_COMMIT`.
"""
from __future__ import annotations

import importlib.util
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Iterable

#: ``main`` just before the memory work of issue 10 item 4
V1_COMMIT = "de651c9"


class DictTable:
    """Forms ``{lefts | rights}`` interned by their sorted option tuples; ids in creation order."""

    def __init__(self) -> None:
        self.index: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
        self.left: list[tuple[int, ...]] = []
        self.right: list[tuple[int, ...]] = []
        self.birthday: list[int] = []
        self.intern((), ())

    def intern(self, lefts: Iterable[int], rights: Iterable[int]) -> int:
        key = (tuple(sorted(set(lefts))), tuple(sorted(set(rights))))
        gid = self.index.get(key)
        if gid is None:
            gid = self.index[key] = len(self.left)
            self.left.append(key[0])
            self.right.append(key[1])
            self.birthday.append(max((self.birthday[x] + 1 for x in key[0] + key[1]), default=0))
        return gid

    def size(self) -> int:
        return len(self.left)


def v1_order_table():
    """The pre-item-4 ``misere.universes.order`` module (its ``OrderTable`` keeps dense
    matrices), loaded from git history as ``misere.universes._order_v1``."""
    name = "misere.universes._order_v1"
    if name not in sys.modules:
        root = Path(__file__).resolve().parents[1]
        text = subprocess.run(["git", "-C", str(root), "show", f"{V1_COMMIT}:src/misere/universes/order.py"],
                              check=True, capture_output=True, text=True).stdout
        path = Path(tempfile.mkdtemp()) / "order_v1.py"
        path.write_text(text)
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod
        spec.loader.exec_module(mod)
    return sys.modules[name]
