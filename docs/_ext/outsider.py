"""Docstrings and pages as an outside reader gets them: the project's pointers to its own work
items ("issue 21 item 3"), working sessions and working notes ("notes E.2", "algorithms.md §C")
mean nothing on the site. :func:`rewrite` turns a pointer to a theorem of the notes into a link
to the page that states it and drops the others; :data:`INTERNAL` finds any that remain (the
site's tests fail on one). :func:`link_seeds` links a citation such as "003 Thm 5.4" to the
references page.
"""
from __future__ import annotations

import re

from rendered import INTERNAL  # noqa: F401  (re-exported: what must not remain)

#: what the working notes' sections are, for a reader of the site (reStructuredText)
THEOREMS = {
    "E.1": "seed 002 §5",
    "E.2": ":ref:`the verification theorem <verification-theorem>`",
    "E.3": "seed 002 §6",
    "E.4": "CGSuite's presentations",
    "E.5": "CGSuite's MisereSolver",
    "E.6": ":ref:`the periodicity theorem <periodicity-theorem>`",
    "E.7": "the tetrapartite quotient",
}
_ROLE_TEXT = re.compile(r":ref:`([^<`]+) <[^>]+>`")
_REST = r"[^;()]{0,120}"
_NOTE = rf"(?:the )?(?:shared )?notes,?\s+(?:E\.\d|Part [\d.]+|§[\w.]+|thesis-ch[\w.-]*|algorithms\.md){_REST}"
_FILE = rf"(?:algorithms|thesis-ch[\d-]+)\.md{_REST}"
_ITEM = r"(?:[Ii]ssues?|[Ss]ession)\s+\d+(?:,?\s+items?\s+\d+(?: and \d+)?)?(?:,\s+issue\s+\d+(?:,?\s+items?\s+\d+)?)*"


def _close(opened: str | None, after: str | None) -> str:
    """What stays of ``(notes E.2; ...`` or ``, notes E.2)`` once the pointer is a link."""
    if opened:
        return " (" if after == "; " else ""
    return after or ""


_RULES = [
    (re.compile(rf"(?<=\(){_ITEM}:\s*"), ""),  # (issue 21 item 4: what it says) keeps what it says
    (re.compile(r"the (verification|periodicity) theorem( for octal games)?,? (\()?notes E\.[26](; |\))?"),
     lambda m: f":ref:`the {m[1]} theorem{m[2] or ''} <{m[1]}-theorem>`" + _close(m[3], m[4])),
    (re.compile(r"notes (E\.[1-7])(?: \(\w+\))?|(?<=, )(E\.[1-7]) \(\w+\)"), lambda m: THEOREMS[m[1] or m[2]]),
    (re.compile(rf"\s*\((?:{_NOTE}|{_FILE}|{_ITEM}{_REST})\)"), ""),  # a parenthesis of pointers only
    (re.compile(rf"[;,]\s*(?:{_NOTE}|{_FILE}|{_ITEM})"), ""),  # one pointer among others
    (re.compile(rf"(?<=\()(?:{_NOTE}|{_FILE}|{_ITEM})[;,]\s*"), ""),
    (re.compile(r"\s*Shared notes [\w.-]+\.md [\w.§]+\."), ""),
    (re.compile(r"\blent\s+(?=(?:16-core\s+)?machine)"), ""),  # "a lent machine": a machine
    (re.compile(rf"\s*{_ITEM}\.(?=\s|$)"), ""),  # a sentence that is only a pointer
    (re.compile(r";\s*``classify`` (?:as in|follows) the shared notes(?:\s*\(?thesis-ch[\d-]+\.md T[\d.]+)?"), ""),
    (re.compile(r",? as restated in the shared notes"), ""),
    (re.compile(r"is the one recorded in the (?:shared )?notes,\s+§[\w.]+,\s+and is"), "is"),
    # a bare section of the notes ("E.2's transition sets", "the verification theorem, E.4"): its name
    (re.compile(r"(?<![\w.§])E\.([1-7])\b(?!\.\d)"), lambda m: PLAIN[m[1]]),
]

#: the notes' sections in plain words, where a pointer is part of a sentence
PLAIN = {k[-1]: _ROLE_TEXT.sub(r"\1", v) for k, v in THEOREMS.items()}


#: a citation of a seed's numbered result ("003 Thm 5.4", "seed 002 §10", "004 Obs 3")
SEED = re.compile(r"(?<![\w.`/<-])(00[0-4])(?=,? (?:Thms?|Defs?|Props?|Lemmas?|Cors?|Figs?|Obs|ch)\b|,? §)")


def link_seeds(text: str) -> str:
    """``text`` with each seed of a citation linked to its entry in the references."""
    return SEED.sub(lambda m: f":ref:`{m[1]} <seed-{m[1]}>`", text)


_ROLE = re.compile(r":ref:`([^<`]+) <[^>]+>`")


def rewrite(text: str, links: bool = True) -> str:
    """``text`` without pointers to the project's work items and notes: a theorem of the notes
    linked to the page that states it (reStructuredText; plain words with ``links=False``)."""
    for pattern, repl in _RULES:
        text = pattern.sub(repl, text)  # type: ignore[arg-type]
    return text if links else _ROLE.sub(r"\1", text)
