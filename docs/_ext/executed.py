"""Executed examples: the site's pages compute their outputs when the site is built.

A page marks a fenced block ``exec`` to have the build run it:

* ```` ```console exec ````: every ``$ misere ...`` line is run in-process (the typer app, in a
  fresh temporary folder) and its output replaces what the page shows;
* ```` ```pycon exec ````: every ``>>>`` example is run (one namespace per page, like a session)
  and its output (the repr of an expression, or what it prints) replaces what the page shows;
* ```` ```python exec ````: the code runs and what it prints is inserted as Markdown (tables
  computed from the package itself, e.g. the position formats or the errata; pictures through
  :func:`show`); ```` ```python exec source ```` shows the code above its output.

What the page shows under a console or pycon example is the expected output (doctest's
ELLIPSIS: ``...`` stands for any text); when the computed output differs, the build warns, so a
build with warnings as errors fails. Blocks without ``exec`` (examples too slow for every build)
are run by ``tests/test_readme.py`` instead, with the same comparison.
"""
from __future__ import annotations

import contextlib
import doctest
import io
import os
import re
import shlex
import sys
import tempfile
import traceback
from dataclasses import dataclass
from html import escape
from typing import Callable

FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
_CHECKER = doctest.OutputChecker()
FENCE = re.compile(r"^(?P<fence>```+)(?P<info>[^\n`]*)\n(?P<body>.*?)^(?P=fence)[ \t]*$", re.M | re.S)
EXIT = re.compile(r"\n?\[exit (\d+)\]$")


@dataclass
class Mismatch:
    """An example whose computed output is not what its page shows."""

    line: int
    example: str
    shown: str
    got: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.example}\n--- the page shows:\n{self.shown}\n--- computed:\n{self.got}"


def same(shown: str, got: str) -> bool:
    """Whether ``got`` is what ``shown`` says (doctest ELLIPSIS, whitespace-insensitive)."""
    norm = lambda s: "\n".join(line.rstrip() for line in s.strip("\n").splitlines()) + "\n"
    return _CHECKER.check_output(norm(shown), norm(got), FLAGS)


def console_examples(body: str) -> list[tuple[str, str]]:
    """(command line, shown output) of every ``$ misere`` line of a console block."""
    out: list[tuple[str, str]] = []
    current: list[str] | None = None
    for line in body.splitlines():
        if line.startswith("$ "):
            if current is not None:
                out.append((current[0], "\n".join(current[1:]).strip("\n")))
            current = [line[2:]] if line.startswith("$ misere") else None
        elif current is not None:
            current.append(line)
    if current is not None:
        out.append((current[0], "\n".join(current[1:]).strip("\n")))
    return out


@contextlib.contextmanager
def _in_temporary_folder():
    old = os.getcwd()
    with tempfile.TemporaryDirectory(prefix="misere-docs-") as d:
        os.chdir(d)
        try:
            yield d
        finally:
            os.chdir(old)


#: what a command writes to stderr once per machine (compiling its kernels), not part of an example
ONE_OFF = re.compile(r"^misere: compil")


def _lines(text: str) -> list[str]:
    return [l.rstrip() for l in text.strip("\n").splitlines() if not ONE_OFF.match(l)]


def run_cli(line: str) -> tuple[int, str]:
    """Exit status and output of ``$ misere ...`` run in-process in a temporary folder: standard
    output, followed by standard error when the status is not 0 (the message of an error)."""
    from typer.testing import CliRunner

    from misere.cli.app import app

    args = shlex.split(line, comments=True)[1:]
    with _in_temporary_folder():
        result = CliRunner().invoke(app, args, catch_exceptions=False)
    errors = _lines(result.stderr) if result.exit_code else []
    return result.exit_code, "\n".join(_lines(result.stdout) + errors)


def check_cli(line: str, shown: str) -> tuple[bool, str]:
    """Run a console example; (agrees with the shown output, the output to display)."""
    status = 0
    exit_line = EXIT.search(shown)
    if exit_line:  # an example that ends with a documented non-zero status
        status, shown = int(exit_line.group(1)), shown[:exit_line.start()]
    code, got = run_cli(line)
    ok = code == status and "Traceback" not in got and (not shown or same(shown, got))
    shown_got = got + (f"\n[exit {code}]" if code else "")
    return ok, shown_got


def run_pycon(body: str, namespace: dict[str, object]) -> list[tuple[doctest.Example, str]]:
    """Every ``>>>`` example of a block with the output it computes, run in ``namespace``."""
    results = []
    for ex in doctest.DocTestParser().get_examples(body):
        buffer = io.StringIO()
        with contextlib.redirect_stdout(buffer), _in_temporary_folder():
            old_hook = sys.displayhook
            sys.displayhook = lambda v: None if v is None else print(repr(v))
            try:
                exec(compile(ex.source, "<page>", "single"), namespace)
            except Exception as e:  # shown as doctest shows an exception
                tb = traceback.format_exception_only(type(e), e)[-1]
                print("Traceback (most recent call last):\n  ...\n" + tb, end="")
            finally:
                sys.displayhook = old_hook
        results.append((ex, buffer.getvalue()))
    return results


#: pictures wider than this (CSS pixels) are scaled to the column and get an "open full size" link
FULL_SIZE = 700
_SVG_WIDTH = re.compile(r'<svg\b[^>]*?\swidth="([\d.]+)(pt|px)?"')
#: opens the figure's first SVG alone in a new tab, at its own size (no file to ship)
_OPEN_FULL = ("var s=this.closest('figure').querySelector('svg');window.open(URL.createObjectURL("
              "new Blob([s.outerHTML],{type:'image/svg+xml'})),'_blank');return false;")


def widest_svg(html: str) -> float:
    """The width in CSS pixels of the widest ``<svg>`` in ``html`` (``pt`` converted), 0 if none."""
    return max((float(w) * (4 / 3 if unit == "pt" else 1) for w, unit in _SVG_WIDTH.findall(html)), default=0.0)


def show(obj: object, caption: str = "") -> None:
    """Print ``obj``'s notebook picture (``_repr_html_`` or ``_repr_svg_``, or an SVG string) as
    raw HTML for the page, with a caption; for ``python exec`` blocks. The page's style sheet
    scales a picture to the column; one wider than :data:`FULL_SIZE` also gets a link that opens
    it at full size."""
    html = obj if isinstance(obj, str) else getattr(obj, "_repr_html_", None) or getattr(obj, "_repr_svg_")
    html = html if isinstance(html, str) else html()
    cap = f"<figcaption>{escape(caption)}</figcaption>" if caption else ""  # text, not markup
    if widest_svg(html) > FULL_SIZE:
        cap += f'<a class="misere-full-size" href="#" onclick="{_OPEN_FULL}">open full size</a>'
    body = " ".join(html.split("\n"))  # one line: Markdown ends a raw HTML block at a blank line
    print(f'\n```{{raw}} html\n<figure class="misere-picture">{body}{cap}</figure>\n```\n')


def run_python(code: str, namespace: dict[str, object]) -> str:
    """What ``code`` prints (inserted into the page as Markdown); ``show`` is predefined."""
    namespace.setdefault("show", show)
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        exec(compile(code, "<page>", "exec"), namespace)
    return buffer.getvalue()


def _pycon_text(results: list[tuple[doctest.Example, str]]) -> str:
    lines = []
    for ex, got in results:
        src = ex.source.rstrip("\n").splitlines()
        lines += [">>> " + src[0]] + ["... " + s for s in src[1:]]
        lines += got.rstrip("\n").splitlines() if got.strip() else []
    return "\n".join(lines)


def execute(text: str, warn: Callable[[Mismatch], None]) -> str:
    """The page ``text`` with every ``exec`` block replaced by its computed output."""
    namespace: dict[str, object] = {"__name__": "__page__"}

    def block(m: re.Match[str]) -> str:
        words = m.group("info").split()
        if "exec" not in words[1:]:
            return m.group(0)
        lang, body, fence = words[0], m.group("body"), m.group("fence")
        first = text.count("\n", 0, m.start()) + 1
        if lang == "python":  # with "source": the code is shown above what it prints
            shown = f"{fence}python\n{body}{fence}\n\n" if "source" in words else ""
            return shown + run_python(body, namespace)
        if lang == "pycon":
            results = run_pycon(body, namespace)
            for ex, got in results:
                if not same(ex.want, got):
                    warn(Mismatch(first + 1 + ex.lineno, ex.source.strip(), ex.want, got))
            return f"{fence}pycon\n{_pycon_text(results)}\n{fence}"
        if lang == "console":
            out = []
            for line, shown in console_examples(body):
                ok, got = check_cli(line, shown)
                if not ok:
                    warn(Mismatch(first, line, shown, got))
                out += [f"$ {line}"] + ([got] if got else [])
            return f"{fence}console\n" + "\n".join(out) + f"\n{fence}"
        raise ValueError(f"line {first}: no way to execute a {lang!r} block")

    return FENCE.sub(block, text)
