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
"""
from __future__ import annotations

import logging
import os
import socket

from misere import budget
from misere.errors import MisereError

__all__ = ["connect", "reach", "split_address", "REACH_TIMEOUT"]

#: seconds allowed to reach the cluster (and for Ray to connect) when no budget is in force
REACH_TIMEOUT = 15.0

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
    except (ConnectionError, TimeoutError, RuntimeError, ValueError) as e:
        raise MisereError(f"cannot reach the Ray cluster at {address!r}: "
                          f"{' '.join(str(e).split()) or type(e).__name__}") from None
