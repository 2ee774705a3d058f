"""Naive reference implementations: short, obviously correct, memoised code written from the
definitions, sharing nothing clever with ``misere``. The benchmark runner times them next to the
fast paths; the tests use the same definitions (in ``tests/oracle``) to check the fast paths."""
