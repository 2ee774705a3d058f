"""A census of misère quotients over sets of take-and-break codes (issue 11; seed 002 §10).

:func:`census` computes many codes (in-process or on Ray) into a SQLite :class:`Store`;
:mod:`.iso` decides isomorphism of quotients as monoids with a P-portion; :mod:`.findings`
turns a store into the tables of the report (codes, isomorphism classes against seed 002
Fig. 18, the questions of §10.3).
"""
from misere.quotients.census.codes import CodeSet, parse_codes, slice_codes
from misere.quotients.census.run import census, census_one, same_results
from misere.quotients.census.store import Store
from misere.quotients.census.work import DEFAULT_WORK, Work

__all__ = ["census", "census_one", "same_results", "parse_codes", "slice_codes", "CodeSet", "Store",
           "Work", "DEFAULT_WORK"]
