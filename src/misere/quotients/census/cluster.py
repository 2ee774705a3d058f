"""Joining a Ray cluster within the time budget, failing in one line (issue 24, item 4).

``ray.init(address=...)`` on an address nobody answers retries for about 45 s whatever the
budget, printing a warning every few seconds, and on a port where some other service listens it
hangs for minutes inside C++ code that no signal interrupts. :func:`reach` therefore checks the
address before Ray is imported: the host resolves, the port accepts a TCP connection, and the
service there speaks gRPC (it answers the HTTP/2 connection preface with a SETTINGS frame, as
the GCS and the Ray Client server do), all within the remaining budget (at most
:data:`REACH_TIMEOUT` seconds without one). Anything else is one line, ``cannot reach the Ray
cluster at 'host:port': ...`` (:class:`~misere.errors.MisereError`). A cluster using TLS
(``RAY_USE_TLS``) is only checked for the TCP connection.

A local cluster (issue 41, item 5) is started by :func:`start_local`: under an address-space
limit (``ulimit -v``) below :data:`RAY_ADDRESS_SPACE` Ray's processes cannot map their memory
and its start times out after about 40 s, so such a limit is refused at once in one line naming
it; any other failure to start is one line with Ray's own cause. :func:`runner_for` keeps a
census too small to amortise starting a cluster in this process, and says so.
"""
from __future__ import annotations

import logging
import os
import socket
from pathlib import Path

from misere import budget
from misere.errors import MisereError

__all__ = ["connect", "reach", "split_address", "start_local", "runner_for", "check_address_space", "REACH_TIMEOUT",
           "RAY_ADDRESS_SPACE", "RAY_STARTUP_S", "MEAN_CODE_S"]

#: seconds allowed to reach the cluster (and for Ray to connect) when no budget is in force
REACH_TIMEOUT = 15.0

#: the least address-space limit (bytes) under which a local Ray cluster is tried: Ray's raylet
#: and object store reserve several GiB of virtual memory (measured: 4 GB fails after 40 s)
RAY_ADDRESS_SPACE = 16 * 2 ** 30

#: seconds to start and warm a local Ray pool, measured on a shared 2-core machine (2 workers:
#: 12.4 s and 13.2 s; 38 s until Ray gives up under a 4 GB address-space limit)
RAY_STARTUP_S = 13.0

#: mean seconds of work per code of the stored census (README: 6193 s over 4095 codes)
MEAN_CODE_S = 1.5

#: the HTTP/2 client preface and an empty SETTINGS frame; a gRPC server answers with SETTINGS
_PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + bytes([0, 0, 0, 4, 0, 0, 0, 0, 0])


def split_address(address: str) -> tuple[str, int] | None:
    """``(host, port)`` of a cluster address (``host:port``, ``[v6]:port``, ``ray://host:port``);
    ``None`` for the addresses Ray resolves itself (``auto``, ``local``).

    >>> split_address("10.0.0.1:6379"), split_address("ray://head:10001"), split_address("auto")
    (('10.0.0.1', 6379), ('head', 10001), None)
    """
    text = address.strip()
    if text.lower() in ("auto", "local"):
        return None
    rest = text.split("://", 1)[1] if "://" in text else text
    host, sep, port = rest.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise MisereError(f"cannot reach the Ray cluster at {address!r}: expected HOST:PORT "
                          f"(e.g. 10.0.0.1:6379 or ray://head:10001)")
    return host.strip("[]"), int(port)


def _time_left() -> float:
    """Seconds the cluster may take to answer: the budget's remainder, at most REACH_TIMEOUT."""
    left = budget.current().remaining
    return REACH_TIMEOUT if left is None else max(0.5, min(left, REACH_TIMEOUT))


def _reach(address: str, host: str, port: int, seconds: float) -> None:
    """Connect to ``host:port`` and see a gRPC server answer, within ``seconds``."""
    why = None
    try:
        with socket.create_connection((host, port), timeout=seconds) as conn:
            if os.environ.get("RAY_USE_TLS", "0").lower() in ("0", "", "false"):
                conn.sendall(_PREFACE)
                reply = conn.recv(9)
                if len(reply) < 4 or reply[3] != 4:
                    why = "the service there is not a Ray cluster (no gRPC answer)"
    except socket.gaierror as e:
        why = f"unknown host {host!r} ({e.strerror or e})"
    except socket.timeout:
        why = f"no answer within {seconds:g} s"
    except OSError as e:
        why = e.strerror or str(e) or type(e).__name__
    if why is not None:
        raise MisereError(f"cannot reach the Ray cluster at {address!r}: {why}")


def reach(address: str) -> None:
    """Check that the cluster at ``address`` accepts a TCP connection within the time budget
    (cheap: call it before opening a store or importing Ray); a one-line MisereError if not."""
    target = split_address(address)
    if target is not None:
        _reach(address, *target, _time_left())


def connect(ray: object, address: str) -> None:
    """``ray.init(address=address)`` after :func:`reach`; Ray's own failure in one line."""
    reach(address)
    try:
        ray.init(address=address, log_to_driver=False,  # type: ignore[attr-defined]
                 logging_level=logging.ERROR)
    except Exception as e:  # Ray raises bare Exception for a start-up or connection timeout
        raise MisereError(f"cannot reach the Ray cluster at {address!r}: "
                          f"{' '.join(str(e).split()) or type(e).__name__}") from None


def runner_for(todo: int, workers: int, address: str | None) -> str | None:
    """Why a census of ``todo`` codes to compute runs in this process although ``workers > 1``
    (``None``: it runs on Ray): the time ``workers`` would save on their expected work
    (``todo * MEAN_CODE_S * (1 - 1/workers)``) is less than starting a local pool
    (:data:`RAY_STARTUP_S`). A cluster named by ``address`` is always used.

    >>> runner_for(3, 4, None)[:50], runner_for(40, 4, None), runner_for(3, 4, "head:6379")
    ('in this process: 3 codes to compute (about 4 s of ', None, None)
    """
    saved = todo * MEAN_CODE_S * (1 - 1 / workers) if workers > 1 else 0.0
    if workers > 1 and address is None and saved < RAY_STARTUP_S:
        return (f"in this process: {todo} codes to compute (about {todo * MEAN_CODE_S:.0f} s of work), too few "
                f"for {workers} Ray workers to save the {RAY_STARTUP_S:.0f} s their pool takes to start")
    return None


def _address_space() -> int | None:
    """The soft address-space limit of this process in bytes (``None``: unlimited)."""
    try:
        import resource
    except ImportError:  # pragma: no cover - not POSIX
        return None
    soft = resource.getrlimit(resource.RLIMIT_AS)[0]
    return None if soft == resource.RLIM_INFINITY else soft


def check_address_space() -> None:
    """Refuse in one line, before Ray is imported, an address-space limit too small for a local
    cluster (:data:`RAY_ADDRESS_SPACE`)."""
    limit = _address_space()
    if limit is not None and limit < RAY_ADDRESS_SPACE:
        raise MisereError(f"cannot start a Ray cluster under this process's address-space limit of "
                          f"{limit / 2 ** 30:.1f} GiB (ulimit -v; Ray needs at least "
                          f"{RAY_ADDRESS_SPACE // 2 ** 30} GiB of address space): raise the limit or use --workers 1")


def start_local(ray: object, workers: int) -> None:
    """Start a local Ray cluster of ``workers`` CPUs whose workers import this copy of misere;
    one line (:class:`~misere.errors.MisereError`) with the cause when it cannot start."""
    check_address_space()
    src = str(Path(__file__).resolve().parents[3])
    old = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join([src] + ([old] if old else []))
    try:
        ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False,  # type: ignore[attr-defined]
                 configure_logging=False)
    except Exception as e:  # Ray raises bare Exception for a start-up timeout
        raise MisereError(f"cannot start a local Ray cluster of {workers} workers: "
                          f"{' '.join(str(e).split())[:300] or type(e).__name__}") from None
    finally:
        if old is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = old
