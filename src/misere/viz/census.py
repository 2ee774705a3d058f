"""The census findings (:func:`misere.quotients.census.findings.findings`) as one self-contained
HTML page in which every table sorts on a click: every code, the status counts, the quotients up
to isomorphism against seed 002 Fig. 18, each class with its codes, the questions of 002 §10.3
with any counterexamples, the normal and misère periods, the wild quaternary codes, the partial
quotient orders of 0.54 and 0.07, and the runs.
"""
from __future__ import annotations

from html import escape
from typing import Any

from misere.viz.report import html_page, sortable_table

__all__ = ["census_page"]

_CODE_KEYS = ["code", "status", "order", "p_count", "period", "preperiod", "normal_period", "last_heap", "seconds",
              "checked"]
_CODE_HEAD = ["code", "status", "|Q|", "|P|", "period", "preperiod", "normal period", "last heap", "seconds",
              "checked"]


def _fmt(v: Any) -> str:
    return "-" if v is None else str(v)


def _codes(rows: list[dict[str, Any]]) -> str:
    return sortable_table(_CODE_HEAD, [[_fmt(r.get(k)) for k in _CODE_KEYS] for r in rows])


def _short(text: str, most: int = 240) -> str:
    """Long presentations cut to ``most`` characters (the JSON findings keep them whole)."""
    return text if len(text) <= most else text[:most] + f" ... ({len(text)} characters)"


def _p(text: str) -> str:
    return f"<p>{escape(text)}</p>"


def _decided(d: dict[str, Any]) -> str:
    """Solved, infinite by first infinite heap, same-game answers, undecided by reason."""
    rows = [["solved (finite, period proved)", "", d["solved"]]]
    rows += [["infinite (certificate stored)", f"from heap {h}", n] for h, n in d["infinite_from"].items()]
    rows += [["undecided", w, n] for w, n in d["undecided_reasons"].items()]
    rows += [["answered by the record of the same game", "(any of the above)", d["same_game"]]]
    return sortable_table(["decision", "detail", "codes"], rows)


def census_page(f: dict[str, Any]) -> str:
    """The page: one sortable table per finding, each under a heading that says what it shows."""
    sections = [("Every code", _codes(f["codes"])),
                ("Status counts", sortable_table(["status", "codes"], sorted(f["status_counts"].items()))),
                ("Decided and undecided", _decided(f["decided"])),
                ("Orders of the solved quotients", sortable_table(["|Q|", "codes"], list(f["solved_orders"].items())))]
    orders = sorted(set(f["by_order_all"]) | set(f["fig18"]))
    sections.append(("Quotients up to isomorphism, by order (002 §10.2, Fig. 18)", sortable_table(
        ["|Q|", "Fig. 18 (conjectured)", "classes among solved codes", "classes among all quotients found"],
        [[o, f["fig18"].get(o, "-"), f["by_order_solved"].get(o, 0), f["by_order_all"].get(o, 0)] for o in orders])))
    sections.append(("Each isomorphism class (all quotients found)", sortable_table(
        ["|Q|", "|P|", "presentation", "codes", "which"],
        [[c["order"], c["p_count"], _short(c["presentation"]), len(c["codes"]),
          ", ".join(c["codes"][:12]) + (", ..." if len(c["codes"]) > 12 else "")] for c in f["classes_all"]])))
    q = f["q10_3"]
    verdict = ("no counterexample" if not q["counterexamples"]
               else f"{len(q['counterexamples'])} counterexamples, listed below")
    body = _p(f"Does every element satisfy x^(k+2) = x^k, and is every maximal subgroup (Z2)^m? Tested on "
              f"{q['tested']} finite quotients ({q['tested_solved']} of solved codes): {verdict}.")
    if q["counterexamples"]:
        body += sortable_table(["code", "solved", "heap", "|Q|", "elements failing", "idempotents failing"],
                               [[c["code"], c["solved"], c["heap"], c["order"], c["bad_elements"][:10],
                                 c["bad_idempotents"][:10]] for c in q["counterexamples"]])
    sections.append(("The questions of 002 §10.3", body))
    per = f["periods"]
    body = _p(f"Does the normal (nim-sequence) period divide the misère period? Tested on {per['tested']} solved "
              "codes with both periodic: " + ("always." if not per["counterexamples"] else
                                              f"{len(per['counterexamples'])} counterexamples."))
    if per["rows"]:
        body += sortable_table(["code", "normal period", "misère period", "divides"],
                               [[r["code"], r["normal"], r["misere"], "yes" if r["divides"] else "NO"]
                                for r in per["rows"]])
    sections.append(("Normal and misère periods", body))
    if f["wild_quaternary"]:
        sections.append(("Wild quaternary codes (002 Fig. 19, §10.4)", _codes(f["wild_quaternary"])))
    for code, changes in f["changes"].items():
        if changes:
            sections.append((f"Partial quotient orders of {code}", sortable_table(["heap", "|Q| from this heap"], changes)))
    if f["runs"]:
        keys = sorted({k for r in f["runs"] for k, v in r.items() if isinstance(v, (int, float, str)) or v is None})
        sections.append(("Runs", sortable_table(keys, [[_fmt(r.get(k)) for k in keys] for r in f["runs"]])))
    said = f.get("checked_text") or "no certificates in these findings"
    said += "."
    return html_page("Census of misère quotients", sections,
                     note=f"From misere's census store. {said[0].upper()}{said[1:]} The column "
                          "'checked' says it per code. Click a column heading to sort by it.")
