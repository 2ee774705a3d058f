"""HTML fragments for notebooks (Jupyter's ``_repr_html_``): outcome badges, comparisons with their
witnesses, quotients and universes, all in the outcome colours of :mod:`misere.viz.colours`.

The functions take plain data (letters, strings, rows), so every package can use them without
importing upward; the objects' ``_repr_html_`` methods gather that data.
"""
from __future__ import annotations

from html import escape
from typing import Iterable, Sequence

from misere.viz.colours import OUTCOME_FILL, OUTCOME_MEANING, OUTCOME_STROKE

__all__ = ["outcome_badge", "comparison_html", "table_html", "card_html", "cert_sentence"]

_WHO = {"L": ("Left", "Left"), "R": ("Right", "Right"), "N": ("Left", "Right"), "P": ("Right", "Left")}


def outcome_badge(letter: str, detail: bool = True) -> str:
    """A coloured badge for outcome ``letter``; with ``detail``, who wins moving first."""
    fill, stroke = OUTCOME_FILL[letter], OUTCOME_STROKE[letter]
    badge = (f'<span style="background:{fill};border:1px solid {stroke};border-radius:4px;'
             f'padding:0 6px;font-family:monospace;font-weight:bold" title="{OUTCOME_MEANING[letter]}">'
             f'{letter}</span>')
    if not detail:
        return badge
    left, right = _WHO[letter]
    return (f'{badge} <span style="color:#555">Left moving first: {left} wins; '
            f'Right moving first: {right} wins</span>')


def table_html(header: Sequence[str], rows: Iterable[Sequence[str]], raw: bool = False) -> str:
    """A small table; cells are escaped unless ``raw`` (for cells that are badges)."""
    cell = (lambda x: str(x)) if raw else (lambda x: escape(str(x)))
    head = "".join(f'<th style="text-align:left;padding:2px 8px">{escape(h)}</th>' for h in header)
    body = "".join("<tr>" + "".join(f'<td style="padding:2px 8px;font-family:monospace">{cell(x)}</td>'
                                    for x in row) + "</tr>" for row in rows)
    return f'<table style="border-collapse:collapse"><tr>{head}</tr>{body}</table>'


def card_html(title: str, fields: Sequence[tuple[str, str]], extra: str = "") -> str:
    """A titled card of ``name: value`` lines (values escaped) followed by raw ``extra`` HTML."""
    lines = "".join(f'<div><b>{escape(k)}</b>: <code>{escape(v)}</code></div>' for k, v in fields)
    return (f'<div style="border:1px solid #ccc;border-radius:6px;padding:8px;display:inline-block">'
            f'<div style="font-weight:bold;margin-bottom:4px">{escape(title)}</div>{lines}{extra}</div>')


def comparison_html(g: str, h: str, relation: str, universe: str,
                    witnesses: Sequence[tuple[str, str, str, str]]) -> str:
    """A comparison ``G relation H`` with, for each failed direction, its witness X and the
    outcome pair ``(o(G+X), o(H+X))`` as badges: ``witnesses`` holds (direction, X, oG, oH)."""
    rows = [(escape(d), f"<code>{escape(x)}</code>", outcome_badge(a, False), outcome_badge(b, False))
            for d, x, a, b in witnesses]
    table = table_html(["fails", "witness X", "o(G+X)", "o(H+X)"], rows, raw=True) if rows else ""
    return card_html(f"G {relation} H  (modulo {universe})", [("G", g), ("H", h)], table)


def cert_sentence(positions: int, agreed: bool, bound: int, weight: str = "tokens",
                  mismatch: object = None) -> str:
    """A brute-force certificate said as a sentence: "Every outcome agreed with brute force on
    all 11718 positions of total size at most 26." (``weight`` "components": at most 26 heaps)."""
    limit = f"of at most {bound} heaps" if weight == "components" else f"of total size at most {bound}"
    if agreed:
        return f"Every outcome agreed with brute force on all {positions} positions {limit}."
    return f"Checked against brute force on {positions} positions {limit}: the outcomes differ at {mismatch}."
