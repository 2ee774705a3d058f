"""What a reader sees: checks on the built HTML of a page for Markdown or reStructuredText that
rendered as something other than what its source says.

:func:`problems` lists, for one page, every

* table cell holding a backtick (a ``|`` inside code split the cell, or a code span was broken);
* ``<em>`` inside a game form (the ``*`` of ``{0,*|*}`` or of ``*2`` taken for italics);
* literal directive (``.. rubric::``) or unfilled ``{placeholder}`` in the running text;
* en-dash or em-dash directly before a letter (``–timeout``: an option whose ``--`` was
  turned into a dash, which cannot be copied);
* pointer to the project's own work items, sessions, branches, machines or working notes
  ("issue 21", "session 13", "notes E.2"), which mean nothing to a reader of the site.

``tests/test_docs_site.py`` runs it on every page of the site.
"""
from __future__ import annotations

import html
import re
from pathlib import Path

CELL = re.compile(r"<t[dh]\b[^>]*>(.*?)</t[dh]>", re.S)
EM = re.compile(r"<em>(.*?)</em>", re.S)
#: autodoc's parameter and return types: ``x (<em>int</em>, <em>optional</em>) – ...``
FIELD_TYPE = re.compile(r"<strong>[^<]*</strong>\s*\((?:(?!</p>).)*?\)\s*(?=–|</p>)"
                        r"|<dt class=\"field-\w+\">Return type.*?</dd>", re.S)
VERBATIM = re.compile(r"<(pre|code)\b.*?</\1>", re.S)
DIRECTIVE = re.compile(r"^\s*\.\. [a-z-]+::", re.M)
PLACEHOLDER = re.compile(r"(?<![\w^$])\{[a-z_]{3,}\}")
DASHED = re.compile(r"(?<![\w\d])[–—][a-zA-Z]")
#: a pointer to the project's work items, sessions, branches, machines or working notes
INTERNAL = re.compile(r"\b(?:[Ii]ssues?\s+\d+|[Ss]essions?\s+\d+|branch(?:es)?\s+`|lent\s+(?:16-core\s+)?machine"
                      r"|notes\s+(?:E|Part|§|thesis)|algorithms\.md|thesis-ch\d)"
                      r"|\b(?:notes,\s+§|lent|wt-\w+|worktrees?|the\s+lead|on\s+main)\b|(?<![\w.§])E\.[1-7]\b(?!\.\d)")


def text(fragment: str) -> str:
    """``fragment`` with tags dropped and entities decoded."""
    return html.unescape(re.sub(r"<[^>]+>", "", fragment))


def _mangled_em(page: str, m: re.Match[str]) -> bool:
    """Whether this ``<em>`` is a ``*`` of the source taken for italics: italics start and end
    at a word, not inside a form such as ``{0,*|*}``, ``*2 < E`` or ``v* < ^*``."""
    inner = text(m.group(1))
    before = text(page[max(0, m.start() - 200):m.start()])[-1:]
    after = text(page[m.end():m.end() + 200])[:1]
    if not inner.strip():  # the module index's empty cells
        return False
    if re.search(r"[{}|<>=]", inner):
        return True
    starts = inner[0].isalpha() or inner[0] in "(“‘\"'"
    ends = inner[-1].isalnum() or inner[-1] in ")”’\"'.?!"
    return not (starts and ends) or bool(before) and before in "{|,^*+" or bool(after) and after in "}|*^"


def problems(page: str) -> list[str]:
    """Every rendering problem of one built HTML page, each as a short description."""
    found = [f"a table cell with a backtick: {text(c)!r}" for c in CELL.findall(page) if "`" in text(c)]
    prose = FIELD_TYPE.sub("", page)
    found += [f"a form's * taken for italics: <em>{text(m.group(1))}</em>"
              for m in EM.finditer(prose) if _mangled_em(prose, m)]
    running = text(VERBATIM.sub("", page))
    found += [f"a literal directive: {m.group(0).strip()!r}" for m in DIRECTIVE.finditer(running)]
    found += [f"an unfilled placeholder: {m.group(0)!r}" for m in PLACEHOLDER.finditer(running)]
    whole = text(page)
    found += [f"a dash for an option's --: {whole[max(0, m.start() - 20):m.end() + 10]!r}"
              for m in DASHED.finditer(whole)]
    found += [f"an internal pointer: {whole[max(0, m.start() - 30):m.end() + 20]!r}"
              for m in INTERNAL.finditer(whole)]
    return found


def site_problems(site: Path) -> dict[str, list[str]]:
    """:func:`problems` of every page of a built site (relative path -> problems), pages with
    none left out."""
    out = {}
    for page in sorted(site.rglob("*.html")):
        rel = page.relative_to(site).as_posix()
        if not rel.startswith(("_", ".")):
            found = problems(page.read_text(encoding="utf-8"))
            if found:
                out[rel] = found
    return out
