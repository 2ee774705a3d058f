"""The values modulo pf(ℬ), the 𝒫-free blocking games, born by day 3: 10 of them.

Every member with integer options -2..2 (943 of them, ``p_free.day3_values``) is merged with
an equal one by a proof of equality, and every other pair is decided (a proof or a verified
witness). Prints the values and how many pairs were left undecided (none).

Run: ``python reproductions/pfree_blocking_day3.py [--timeout S]`` (about a minute). Prints a
JSON object on the last line.
"""
from __future__ import annotations

from _json_run import run

from misere.core.notation import format_id
from misere.universes import p_free as pf


def pfree() -> dict:
    vals = pf.day3_values()
    undecided = sum(pf.decide(a, b) is None for a in vals for b in vals)
    return {"values_by_day3": len(vals), "values": [format_id(v) for v in vals],
            "undecided_pairs_of_values": undecided}


if __name__ == "__main__":
    run(__doc__, lambda timeout: pfree())
