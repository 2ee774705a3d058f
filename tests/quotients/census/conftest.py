"""A small census shared by the census tests: computed once per session, in-process."""
from __future__ import annotations

import pytest

from misere.quotients.census import census, parse_codes

#: fast 1- and 2-digit octal codes (each under a second to heap 20 here; 0.6 is not: it times out)
SMALL = ("0.1-0.5 0.7 0.01-0.05 0.07 0.11-0.15 0.17 0.21-0.25 0.31-0.34 0.41-0.43 0.51-0.53 0.55 "
         "0.57 0.71-0.73 0.75 0.77")
MAX_HEAP = 20
TIMEOUT = 60.0  # generous: a cold numba compile (first run on a machine) must not turn a code into a timeout


@pytest.fixture(scope="session")
def small_census(tmp_path_factory):
    """(store path, code set, records) of the small census."""
    path = tmp_path_factory.mktemp("census") / "small.sqlite"
    cs = parse_codes(SMALL)
    recs = census(cs, max_heap=MAX_HEAP, store=path, workers=1, per_code_timeout=TIMEOUT)
    return path, cs, recs
