"""Infinite misère quotients, proved (seed 002 §10.1: "algorithms that can handle infinite misère
quotients").

A partial quotient ``Q_n`` of a heap game is proved infinite by a *counter certificate*: the
outcome of every position as a table over a coarse state of the counts of a few heaps and a
finite monoid for the rest, checked from the rules alone
(:mod:`misere.quotients.impartial.counters`), followed by the *separation* of the powers of a
counted heap (:mod:`.separation`): then that heap's value has infinite order. :mod:`.proof`
joins the two and writes the certificate file, :mod:`.store` keeps the certificates found so
far (checked again whenever they are read), and :mod:`.discover` reads claims off the engine's
recalibration rounds by itself.

The names below load their modules on first use, so that a quotient with nothing to prove
imports none of the proof machinery (numpy among it).
"""
from __future__ import annotations

import importlib
from typing import Any

__all__ = ["InfiniteProof", "Separation", "prove", "save_proof", "separate", "witness",
           "certificate_heap", "known_infinite", "stored_proof"]

_HOME = {"InfiniteProof": "proof", "prove": "proof", "save_proof": "proof",
         "certificate_heap": "proof", "Separation": "separation", "separate": "separation",
         "witness": "separation", "known_infinite": "store", "stored_proof": "store"}


def __getattr__(name: str) -> Any:
    if name in _HOME:
        return getattr(importlib.import_module(f"{__name__}.{_HOME[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
