"""Findings of a census store: the tables a census reports.

* every code: solved (order, ``|P|``, misère period and preperiod, normal period) or not (status,
  last heap reached and the order of the partial quotient there);
* finite quotients up to isomorphism (:mod:`.iso`), counted by order and set against the
  conjectured counts of seed 002 Fig. 18 (1, 0, 1, 1, 1?, 6? at orders 2, 4, ..., 12);
* the questions of seed 002 §10.3, tested on every finite quotient found: does every element
  satisfy ``x^(k+2) = x^k`` (period 1 or 2)? is every maximal subgroup ``(Z_2)^m``? does the
  normal (nim-sequence) period divide the misère period when both are periodic?

Partial quotients ``Q_h`` are misère quotients too (of the game restricted to heaps ``<= h``,
seed 002 §9.1), so the classes and the §10.3 tests are reported for solved codes and for all
stored quotients; the period question only concerns solved codes.
"""
from __future__ import annotations

import re
from collections import Counter
from typing import Any


from misere.quotients.census.codes import WILD_QUATERNARY
from misere.quotients.census.iso import bipartite, classes, questions_10_3
from misere.quotients.census.store import RESULT_STATUSES

__all__ = ["bipartite", "questions_10_3", "findings", "report_text", "code_lines", "FIG18",
           "checked", "checked_line", "certificates", "markdown_table", "digits",
           "fig18_markdown"]

#: seed 002 Fig. 18: conjectured number of nonisomorphic misère quotients of each order
FIG18 = {2: "1", 4: "0", 6: "1", 8: "1", 10: "1?", 12: "6?"}


def checked(r: dict[str, Any]) -> str:
    """What was checked of one record, in a few words (the ``checked`` column of the report)."""
    cert = r.get("certificate")
    if r["status"] not in RESULT_STATUSES or r.get("last_heap") is None:
        return "no result"
    if not cert:
        return "no certificate stored"
    bf = cert.get("brute_force")
    words = ["period proved" if cert.get("period") else f"Q_{r['last_heap']} verified"]
    words.append(f"brute force {bf['positions']} positions <= {bf['bound']} {bf['weight']}"
                 + ("" if bf["agreed"] else " DISAGREED") if bf else "no brute force")
    return "; ".join(words)


def certificates(records: list[dict[str, Any]]) -> dict[str, Any]:
    """Counts of what the records' certificates say (:mod:`misere.quotients.census.work`)."""
    results = [r for r in records if r["status"] in RESULT_STATUSES]
    bfs = [r["certificate"]["brute_force"] for r in results
           if r.get("certificate") and r["certificate"].get("brute_force")]
    return {"results": len(results),
            "with_certificate": sum(bool(r.get("certificate")) for r in results),
            "brute_forced": len(bfs), "disagreed": sum(not b["agreed"] for b in bfs),
            "positions": sum(b["positions"] for b in bfs),
            "bounds": sorted({b["bound"] for b in bfs}),
            "period_proved": sum(bool((r.get("certificate") or {}).get("period")) for r in results)}


def digits(code: str) -> int:
    """Digits after the point of a code (a bracketed big digit counts once).

    >>> digits("0.123"), digits("4.7"), digits("0.[12]3")
    (3, 1, 2)
    """
    return len(re.findall(r"\[\d+\]|[0-9A-Fa-f]", code.split(".", 1)[1]))


def _code_row(r: dict[str, Any]) -> dict[str, Any]:
    keys = ("code", "status", "order", "p_count", "period", "preperiod", "normal_period",
            "last_heap", "max_heap", "seconds", "presentation", "message", "work")
    return {**{k: r.get(k) for k in keys}, "checked": checked(r)}


def _same_table(recs: list[dict[str, Any]]) -> dict[tuple, list[dict[str, Any]]]:
    """Records with a stored table grouped by the identical quotient (table, identity, P): many
    codes share one, and isomorphism need only be decided once per group."""
    groups: dict[tuple, list[dict[str, Any]]] = {}
    for r in recs:
        if r.get("table") is not None and r.get("order") is not None:
            groups.setdefault((r["table"], r["identity"], r["is_p"]), []).append(r)
    return groups


def _classes(recs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    from misere.quotients.classify.census_link import record_class

    groups = list(_same_table(recs).values())
    position = {id(r): i for i, r in enumerate(recs)}
    out = []
    for cls in classes([bipartite(g[0]) for g in groups]):  # type: ignore[misc]
        members = sorted((r for i in cls for r in groups[i]), key=lambda r: position[id(r)])
        r0 = members[0]
        out.append({"order": r0["order"], "p_count": r0["p_count"], "class": record_class(r0),
                    "presentation": r0["presentation"], "P": r0["P"],
                    "codes": [r["code"] for r in members]})
    out.sort(key=lambda c: (c["order"], c["codes"][0]))
    return out


def _by_order(cls: list[dict[str, Any]]) -> dict[int, int]:
    return dict(sorted(Counter(c["order"] for c in cls).items()))


def findings(records: list[dict[str, Any]], runs: list[dict[str, Any]] | None = None,
             class_max_order: int | None = None) -> dict[str, Any]:
    """Every table of the report, JSON-ready.

    ``class_max_order`` limits the isomorphism classification (the costly part: minutes for
    the 4-digit census) to quotients of at most that order; the README's tables need only
    orders up to 24 (:func:`markdown_table`, :func:`fig18_markdown`).
    """
    solved = [r for r in records if r["solved"]]
    finite = [r for r in records if r.get("table") is not None]
    small = [r for r in finite if class_max_order is None or r["order"] <= class_max_order]
    cls_solved, cls_all = _classes([r for r in small if r["solved"]]), _classes(small)
    q_rows, counter = [], []
    answers = {key: questions_10_3(bipartite(g[0])) for key, g in _same_table(finite).items()}  # type: ignore[arg-type]
    for r in finite:
        q = answers[(r["table"], r["identity"], r["is_p"])]
        q_rows.append({"code": r["code"], "solved": r["solved"], "order": r["order"], **q})
        if not (q["x_k2_eq_xk"] and q["subgroups_elementary_2"]):
            counter.append({"code": r["code"], "solved": r["solved"], "heap": r["last_heap"],
                            "order": r["order"], **q})
    periods = []
    for r in solved:
        if r["period"] and r["normal_period"]:
            periods.append({"code": r["code"], "normal": r["normal_period"],
                            "misere": r["period"], "divides": r["period"] % r["normal_period"] == 0})
    status = dict(Counter(r["status"] for r in records))
    by_digits: dict[int, dict[str, Any]] = {}
    for r in records:
        d = by_digits.setdefault(digits(r["code"]), {"codes": 0, "solved": 0, "seconds": 0.0})
        d["codes"] += 1
        d["solved"] += bool(r["solved"])
        d["seconds"] = round(d["seconds"] + (r.get("seconds") or 0.0), 3)
    return {
        "by_digits": dict(sorted(by_digits.items())),
        "certificates": certificates(records),
        "checked_text": checked_line(certificates(records)),
        "max_heaps": sorted({r["max_heap"] for r in records if r.get("max_heap")}),
        "works": sorted({tuple(sorted(r["work"].items())) for r in records if r.get("work")}),
        "codes": [_code_row(r) for r in records],
        "status_counts": status,
        "decided": decided(records),
        "solved_orders": dict(sorted(Counter(r["order"] for r in solved).items())),
        "classes_solved": cls_solved, "classes_all": cls_all,
        "by_order_solved": _by_order(cls_solved), "by_order_all": _by_order(cls_all),
        "fig18": FIG18,
        "q10_3": {"tested": len(q_rows), "tested_solved": sum(r["solved"] for r in q_rows),
                  "counterexamples": counter},
        "periods": {"tested": len(periods), "counterexamples": [p for p in periods if not p["divides"]],
                    "rows": periods},
        "wild_quaternary": [_code_row(r) for r in records if r["code"] in WILD_QUATERNARY],
        "changes": {r["code"]: r["changes"] for r in records if r["code"] in ("0.54", "0.07")},
        "runs": runs or [],
    }


def undecided_reason(r: dict[str, Any]) -> str | None:
    """Why a record is not decided (neither solved nor infinite), in a few words; ``None``
    for a decided one."""
    if r["solved"] or r["status"] == "infinite":
        return None
    msg = r.get("message") or ""
    if r["status"] == "partial":
        return f"heap {r.get('max_heap')} reached, no period certified"
    if r["status"] in ("stopped", "killed"):
        return "stopped by the time budget"
    for words, reason in (("size bound", "candidate monoid over the work budget"),
                          ("memory bound", "reduced candidate over the work budget"),
                          ("no certified quotient", "recalibration rounds over the work budget")):
        if words in msg:
            return reason
    return r["status"]


def decided(records: list[dict[str, Any]]) -> dict[str, Any]:
    """Solved, infinite (by first infinite heap), answered by the record of the same game,
    and the undecided by reason."""
    inf = Counter(r["last_heap"] + 1 for r in records if r["status"] == "infinite")
    why = Counter(w for w in map(undecided_reason, records) if w is not None)
    return {"solved": sum(bool(r["solved"]) for r in records),
            "infinite": sum(inf.values()), "infinite_from": dict(sorted(inf.items())),
            "same_game": sum(bool(r.get("same_game")) for r in records),
            "undecided": sum(why.values()), "undecided_reasons": dict(why.most_common())}


def _fmt(v: Any) -> str:
    return "-" if v is None else str(v)


def code_lines(rows: list[dict[str, Any]]) -> list[str]:
    """One text line per code (status, ``|Q|``, ``|P|``, periods, last heap, seconds), under a header."""
    lines = [f"{'code':<8}{'status':<9}{'|Q|':>6}{'|P|':>5}{'per':>5}{'pre':>5}{'nper':>6}"
             f"{'heap':>6}{'sec':>8}"]
    for r in rows:
        lines.append(f"{r['code']:<8}{r['status']:<9}{_fmt(r['order']):>6}{_fmt(r['p_count']):>5}"
                     f"{_fmt(r['period']):>5}{_fmt(r['preperiod']):>5}{_fmt(r['normal_period']):>6}"
                     f"{_fmt(r['last_heap']):>6}{_fmt(r['seconds']):>8}")
    return lines


def _class_lines(f: dict[str, Any]) -> list[str]:
    lines = ["order  Fig.18  classes(solved)  classes(all quotients found)"]
    orders = sorted(set(f["by_order_all"]) | set(FIG18))
    for o in orders:
        lines.append(f"{o:>5}  {FIG18.get(o, ''):>6}  {f['by_order_solved'].get(o, 0):>15}  "
                     f"{f['by_order_all'].get(o, 0):>28}")
    lines.append("")
    lines.append("classes (all quotients found): order |P| class presentation  <- codes "
                 "(class: its name in misere classify, where that order is classified)")
    for c in f["classes_all"]:
        codes = ", ".join(c["codes"][:8]) + (f", ... ({len(c['codes'])})" if len(c["codes"]) > 8 else "")
        lines.append(f"  {c['order']:>4} {c['p_count']:>3} {c.get('class') or '-':>6} "
                     f"{c['presentation']}  <- {codes}")
    return lines


def checked_line(c: dict[str, Any]) -> str:
    """What the certificates of the records say, in one sentence."""
    return (f"checked: {c['results']} records with a result; each quotient Q_h passed the "
            f"failure search (notes E.2); {c['period_proved']} periods proved (notes E.6); "
            f"{c['brute_forced']} cross-checked by brute force (bounds "
            f"{', '.join(map(str, c['bounds'])) or '-'} tokens, {c['positions']} positions in all, "
            f"{c['disagreed']} disagreements); {c['results'] - c['with_certificate']} without a "
            f"stored certificate (computed before certificates were stored)")


def _orders(counts: dict[int, int]) -> str:
    return ", ".join(f"{o}" + (f" ×{n}" if n > 1 else "") for o, n in counts.items()) or "none"


def markdown_table(f: dict[str, Any]) -> str:
    """The findings table of the README (issue 22): generated from a store, never typed in.

    ``misere census --report --markdown --store FILE`` prints it; the tests compare the
    README's table with the one generated from the store in ``benchmarks/data``.
    """
    bd, cert, st, dc = f["by_digits"], f["certificates"], f["status_counts"], f["decided"]
    total = sum(d["codes"] for d in bd.values())
    secs = sum(d["seconds"] for d in bd.values())
    rows = [
        ("codes", f"{total}: " + ", ".join(f"{k}-digit {d['codes']}" for k, d in bd.items())),
        ("statuses", ", ".join(f"{k} {v}" for k, v in sorted(st.items()))),
        ("decided", f"{dc['solved']} solved (finite, period proved), {dc['infinite']} infinite "
         f"from a stated heap (certificate stored), {dc['undecided']} undecided"),
        ("infinite, by the first infinite heap",
         ", ".join(f"{h} ×{n}" for h, n in dc["infinite_from"].items()) or "-"),
        ("answered by the record of the same game", f"{dc['same_game']} codes (canonical forms "
                                                   f"of their heaps equal a computed code's)"),
        ("undecided, by reason", ", ".join(f"{w} {n}" for w, n in dc["undecided_reasons"].items())
         or "-"),
        ("solved codes", f"{sum(d['solved'] for d in bd.values())}: "
         + ", ".join(f"{k}-digit {d['solved']} of {d['codes']}" for k, d in bd.items())),
        ("orders of solved quotients", _orders(f["solved_orders"])),
        ("quotients up to isomorphism, by order (all stored quotients)",
         ", ".join(f"{o}: {n}" for o, n in f["by_order_all"].items() if o <= 24) + " (orders <= 24)"),
        ("002 §10.3 on every finite quotient",
         f"{f['q10_3']['tested']} tested, {len(f['q10_3']['counterexamples'])} counterexamples"),
        ("checked", f"{cert['brute_forced']} of {cert['results']} results brute-forced "
         f"(bound {', '.join(map(str, cert['bounds'])) or '-'} tokens, {cert['positions']} positions "
         f"in all, {cert['disagreed']} disagreements); {cert['period_proved']} periods proved"),
        ("time", f"{secs:.0f} s summed over the codes, {secs / max(total, 1):.2f} s per code "
                 f"(wall clock of each code on one core; depends on the machine and its load)"),
    ]
    lines = ["| census | result |", "|---|---|"] + [f"| {a} | {b} |" for a, b in rows]
    return "\n".join(lines)


def _key(code: str) -> tuple[int, str]:
    return digits(code), code


def fig18_markdown(f: dict[str, Any], top: int = 24) -> str:
    """Quotients up to isomorphism by order, 2 to ``top``, against seed 002 Fig. 18, with the
    simplest code (fewest digits, then least) of each class; generated from a store.

    A class counts every stored quotient: the quotients of solved codes and the partial
    quotients ``Q_h`` of the others (misère quotients too, seed 002 §9.1).
    """
    lines = ["| order | Fig. 18 | classes (solved codes) | classes (all quotients) | a code for each class |",
             "|---|---|---|---|---|"]
    for o in range(2, top + 1, 2):
        cls = [c for c in f["classes_all"] if c["order"] == o]
        reps = ", ".join(sorted((min(c["codes"], key=_key) for c in cls), key=_key)) or "-"
        lines.append(f"| {o} | {f['fig18'].get(o, '-')} | {f['by_order_solved'].get(o, 0)} | "
                     f"{len(cls)} | {reps} |")
    return "\n".join(lines)


def _decided_line(d: dict[str, Any]) -> str:
    inf = ", ".join(f"heap {h} ×{n}" for h, n in d["infinite_from"].items())
    why = ", ".join(f"{w} {n}" for w, n in d["undecided_reasons"].items())
    return (f"decided: {d['solved']} solved, {d['infinite']} infinite{f' (from {inf})' if inf else ''}; "
            f"{d['same_game']} answered by the record of the same game; "
            f"{d['undecided']} undecided{f' ({why})' if why else ''}")


def report_text(f: dict[str, Any]) -> str:
    """The findings as text tables."""
    lines = ["== every code ==", *code_lines(f["codes"]), "",
             "status counts: " + ", ".join(f"{k} {v}" for k, v in sorted(f["status_counts"].items())),
             _decided_line(f["decided"]),
             "orders of solved quotients: " + ", ".join(f"{o}: {n}" for o, n in f["solved_orders"].items()),
             checked_line(f["certificates"]),
             "", "== quotients up to isomorphism (seed 002 §10.2, Fig. 18) ==", *_class_lines(f), "",
             "== seed 002 §10.3 =="]
    q = f["q10_3"]
    lines.append(f"x^(k+2) = x^k and maximal subgroups (Z2)^m: tested on {q['tested']} finite "
                 f"quotients ({q['tested_solved']} solved): "
                 + ("no counterexample" if not q["counterexamples"] else
                    f"{len(q['counterexamples'])} counterexamples"))
    for c in q["counterexamples"]:
        lines.append(f"  COUNTEREXAMPLE {c['code']} (heap {c['heap']}, order {c['order']}): "
                     f"elements {c['bad_elements'][:10]}, idempotents {c['bad_idempotents'][:10]}")
    p = f["periods"]
    lines.append(f"normal period divides misère period: tested on {p['tested']} solved codes "
                 "with both periodic: " + ("always" if not p["counterexamples"] else
                                           f"{len(p['counterexamples'])} counterexamples"))
    for c in p["counterexamples"]:
        lines.append(f"  COUNTEREXAMPLE {c['code']}: normal period {c['normal']}, misère {c['misere']}")
    if f["wild_quaternary"]:
        lines += ["", "== wild quaternary codes (seed 002 Fig. 19, §10.4) ==",
                  *code_lines(f["wild_quaternary"])]
    for code, ch in f["changes"].items():
        if ch:
            lines += ["", f"== partial quotient orders of {code} (heap: |Q| at each change) ==",
                      "  " + "  ".join(f"{h}:{o}" for h, o in ch)]
    if f["runs"]:
        wall = sum(r["wall"] or 0 for r in f["runs"])
        lines += ["", f"runs: {len(f['runs'])}, wall time {wall:.0f} s, codes computed "
                      f"{sum(r['computed'] or 0 for r in f['runs'])}"]
    return "\n".join(lines)


def report_html(f: dict[str, Any]) -> str:
    """The findings as one self-contained HTML page, every table sortable
    (:func:`misere.viz.census.census_page`)."""
    from misere.viz.census import census_page

    return census_page(f)
