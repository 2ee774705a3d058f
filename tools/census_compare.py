"""Compare two census stores record by record: the same results, or the codes that differ.

Usage::

    python tools/census_compare.py OLD.sqlite NEW.sqlite

Compares, for every code of ``NEW`` that ``OLD`` also holds, the status, the last heap and
every result field (order, |P|, periods, presentation, P-portion, changes by heap, pretending
function, product table); timings, work budgets and certificates are not compared. Used to
re-check the stored census after an engine change (session 10: every record of
``benchmarks/data/census.sqlite.xz`` recomputed after the fix of the N-failure search, with
``misere census CODES --store NEW.sqlite``; no record changed). Exit status 1 if any differs.
"""
from __future__ import annotations

import sys
from collections import Counter

from misere.quotients.census import Store

FIELDS = ("status", "solved", "last_heap", "order", "p_count", "period", "preperiod",
          "presentation", "normal_period", "normal_preperiod", "P", "changes", "phi",
          "identity", "table", "is_p")


def main(old_path: str, new_path: str) -> int:
    with Store(old_path, create=False) as old, Store(new_path, create=False) as new:
        before = {r["code"]: r for r in old.records()}
        after = new.records()
    compared, differ = Counter(), []
    for rec in after:
        was = before.get(rec["code"])
        if was is None:
            continue
        compared[rec["status"]] += 1
        fields = [f for f in FIELDS if was[f] != rec[f]]
        if fields:
            differ.append((rec["code"], fields))
    for code, fields in differ[:20]:
        print(f"{code}: {', '.join(fields)} differ")
    print(f"compared {sum(compared.values())} codes ({dict(compared)}); {len(differ)} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2]))
