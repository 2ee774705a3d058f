"""Workloads for ``benchmarks/run.py``: each module defines ``WORKLOADS``, a list of
:class:`benchmarks.run.Workload` (a fast path of ``misere`` next to its naive reference)."""
