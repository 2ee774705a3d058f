"""Entry point of the ``misere`` console script and of ``python -m misere``.

The plainest form of the most common job, ``misere quotient CODE`` with ``--max-heap``,
``--certify``, ``--timeout``, ``--json``, ``--quiet`` or ``--history``, is answered without
loading typer (issue 21 item 4: typer and the modules it imports cost about 0.05 s of CPU, a
quarter of ``misere quotient 0.144 --max-heap 40``, where a JVM starting MisereSolver costs about
0.1 s). It runs the command's own body (:func:`misere.cli.quotient.quotient_command`) under the
same budget, watchdog and one-line errors (:func:`misere.cli.runner.run_guarded` with
:func:`misere.cli.common.report_failure`, loaded only when something fails). Anything else,
including every option spelt another way (``--max-heap=40``), any repeated option, ``--help``
and every other command, goes to the typer app (:mod:`misere.cli.app`), which parses it as before.
"""
from __future__ import annotations

import errno
import os
import re
import sys
from typing import Any, Optional

from .runner import is_typer_exit, run_guarded, run_process

__all__ = ["main", "fast_quotient_args"]

#: an octal code as the fast path takes it (``0.144``, ``4.7``, ``.6``); other specs (names,
#: ``pascal-beans:5``, ``S(1,3)``) go through typer
_CODE = re.compile(r"[0-9]{0,9}\.?[0-9]{1,40}")
_COUNT = re.compile(r"[0-9]{1,9}")
_SECONDS = re.compile(r"[0-9]{1,9}(\.[0-9]{1,9})?")

#: option -> (keyword, kind): "flag" takes no value, "count" a plain decimal integer >= 0,
#: "seconds" a plain decimal number >= 0.001 (the command's ``--timeout`` minimum)
_OPTIONS = {"--max-heap": ("max_heap", "count"), "--certify": ("certify", "count"),
            "--timeout": ("timeout", "seconds"), "--json": ("as_json", "flag"), "--quiet": ("quiet", "flag"),
            "-q": ("quiet", "flag"), "--history": ("history", "flag")}


def fast_quotient_args(argv: list[str]) -> Optional[dict[str, Any]]:
    """The keyword arguments of ``misere quotient`` for ``argv`` when the fast path takes it,
    else ``None`` (typer parses it). Values are converted as typer converts them; a word the
    fast path does not know, an option given twice or a value out of range all give ``None``.

    >>> fast_quotient_args(["quotient", "0.144", "--max-heap", "40", "--json"])
    {'code': '0.144', 'max_heap': 40, 'as_json': True}
    >>> [fast_quotient_args(a) for a in (["quotient", "0.144", "--max-heap=40"], ["genus", "*2"])]
    [None, None]
    """
    if not argv or argv[0] != "quotient":
        return None
    out: dict[str, Any] = {}
    words = iter(argv[1:])
    for word in words:
        if word in _OPTIONS:
            key, kind = _OPTIONS[word]
            if key in out:
                return None
            if kind == "flag":
                out[key] = True
                continue
            value = next(words, None)
            if value is None:
                return None
            if kind == "count" and _COUNT.fullmatch(value):
                out[key] = int(value)
            elif kind == "seconds" and _SECONDS.fullmatch(value) and float(value) >= 0.001:
                out[key] = float(value)
            else:
                return None
        elif "code" not in out and _CODE.fullmatch(word):
            out["code"] = word
        else:
            return None
    return out if "code" in out else None


def _quotient(**kwargs: Any) -> None:
    """The command's body, imported inside the guarded call (a Ctrl-C while it loads is reported)."""
    from .quotient import quotient_command

    quotient_command(**kwargs)


def _report(e: BaseException, ctrl_c_at: Optional[float], dog: Any, as_json: bool) -> None:
    """One-line report of a failure (typer loads here, only when something failed)."""
    from .common import report_failure

    report_failure(e, ctrl_c_at, dog, as_json)


def _run_fast(kwargs: dict[str, Any]) -> None:
    """Run the quotient command as typer's ``main`` would run it: its exits become the process's
    exit status, a closed output pipe is exit status 1 (without a second error on exit)."""
    budget = {"timeout": kwargs.pop("timeout", None), "max_memory": None, "quiet": kwargs.pop("quiet", False)}
    try:
        run_guarded(_quotient, (), kwargs, budget, _report)
    except KeyboardInterrupt:
        raise SystemExit(130) from None
    except OSError as e:
        if e.errno != errno.EPIPE:
            raise
        # Python's documented remedy ("Note on SIGPIPE", the signal module's docs): point the
        # closed output at devnull, so the interpreter's final flush cannot fail again (a
        # closed stderr fails silently: nothing can be shown on it)
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError, AttributeError):  # not a real file (a test's capture)
            pass
        raise SystemExit(1) from None
    except Exception as e:
        if is_typer_exit(e):
            raise SystemExit(getattr(e, "exit_code", 1)) from None
        raise
    raise SystemExit(0)


def main(argv: Optional[list[str]] = None) -> None:
    """Run the ``misere`` command line on ``argv`` (default: ``sys.argv[1:]``), in the fast path
    when :func:`fast_quotient_args` takes it, else through the typer app; the process's budget
    and exit as :func:`misere.cli.runner.run_process` sets them."""
    args = list(sys.argv[1:] if argv is None else argv)
    # a shell-completion request (typer reads it from the environment) goes to typer too
    fast = None if "_MISERE_COMPLETE" in os.environ else fast_quotient_args(args)

    def body() -> None:
        if fast is not None:
            _run_fast(fast)
        from .app import app

        app(args=args, prog_name="misere")

    run_process(body)
