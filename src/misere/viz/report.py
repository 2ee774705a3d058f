"""Self-contained HTML reports: one file, inline SVG and CSS, tables that sort on a click, no
network. Used by ``to_html()`` of quotients and by ``misere report ... --html``."""
from __future__ import annotations

from html import escape
from typing import Iterable, Sequence

__all__ = ["html_page", "sortable_table"]

_CSS = """body{font-family:system-ui,sans-serif;margin:24px;color:#222}
h1{font-size:20px}h2{font-size:16px;margin-top:28px}
table.sortable{border-collapse:collapse;font-family:monospace;font-size:13px}
table.sortable th{cursor:pointer;background:#f0f0f0;text-align:left;padding:3px 10px;border-bottom:1px solid #999}
table.sortable th:after{content:" \\2195";color:#999}
table.sortable td{padding:2px 10px;border-bottom:1px solid #eee;max-width:48em;overflow-wrap:anywhere}
table.sortable th{white-space:nowrap}
.note{color:#555;font-size:13px}"""

#: sorts a table by the clicked column (numbers numerically, text otherwise); marks the page ready
_JS = """document.querySelectorAll('table.sortable').forEach(function(t){
 t.querySelectorAll('th').forEach(function(th,i){th.addEventListener('click',function(){
  var rows=Array.from(t.querySelectorAll('tr')).slice(1),asc=th.dataset.asc!=='1';th.dataset.asc=asc?'1':'0';
  rows.sort(function(a,b){var x=a.cells[i].textContent,y=b.cells[i].textContent,
   nx=parseFloat(x),ny=parseFloat(y),c=(!isNaN(nx)&&!isNaN(ny))?nx-ny:x.localeCompare(y);return asc?c:-c;});
  rows.forEach(function(r){t.appendChild(r);});});});});
document.body.setAttribute('data-ready','1');"""


def sortable_table(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A table whose columns sort when their header is clicked (cells escaped)."""
    head = "".join(f"<th>{escape(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{escape(str(x))}</td>" for x in row) + "</tr>" for row in rows)
    return f'<table class="sortable"><tr>{head}</tr>{body}</table>'


def html_page(title: str, sections: Sequence[tuple[str, str]], note: str = "") -> str:
    """One self-contained page: a title, an optional note, then ``(heading, raw HTML)`` sections."""
    parts = [f"<h2>{escape(h)}</h2>{body}" if h else body for h, body in sections]
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title>'
            f"<style>{_CSS}</style></head><body><h1>{escape(title)}</h1>"
            + (f'<p class="note">{escape(note)}</p>' if note else "") + "".join(parts)
            + f"<script>{_JS}</script></body></html>\n")
