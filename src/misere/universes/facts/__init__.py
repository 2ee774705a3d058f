"""Recomputing the checkable facts of the seeds about universes (001 ch. 3-5, 002, 004, 000).

Each fact of ``facts.toml`` states what a seed claims, with its citation and, where the seed is
wrong, the erratum; its check recomputes it from scratch with the library. :func:`run_facts`
returns, for each, ``agree`` or ``disagree`` (with a witness where the seed is wrong) or
``computed`` (a number no seed prints). Facts checked *modulo a closure* that is not a
registered universe (Partizan Kayles, 001 §5.6) are checked against every test game of that
closure up to a size, which can refute but not prove; their note says so.
"""
from misere.universes.facts.registry import Fact, FactResult, load_facts, run_facts

__all__ = ["Fact", "FactResult", "load_facts", "run_facts"]
