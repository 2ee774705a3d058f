"""Sphinx glue for the misère site: executed examples in every page (:mod:`executed`), the API
reference (:mod:`apiref`) and the command-line reference (:mod:`cli_ref`)."""
from __future__ import annotations

from sphinx import addnodes
from sphinx.util import logging

import builtins
import importlib
import typing
import inspect
import re

import apiref
import cli_ref
import executed
import outsider

LOG = logging.getLogger(__name__)



def _execute(app, docname: str, source: list[str]) -> None:  # type: ignore[no-untyped-def]
    if not app.env.doc2path(docname).suffix == ".md":
        return

    def warn(m: executed.Mismatch) -> None:
        LOG.warning("example output differs: %s", m, location=(docname, m.line), type="misere", subtype="example")

    source[0] = executed.execute(source[0], warn)


_RELATIVE_MOD = re.compile(r":mod:`(~?)\.([\w.]+)`")


def _absolute(rest: str, module: str) -> str:
    """The public module ``.rest`` names from ``module``: relative to its package as in an import,
    else the one public module whose name ends with ``.rest``."""
    modules = set(apiref.public_modules())
    package = module if hasattr(importlib.import_module(module), "__path__") else module.rpartition(".")[0]
    if f"{package}.{rest}" in modules:
        return f"{package}.{rest}"
    found = [m for m in modules if m.endswith("." + rest)]
    return found[0] if len(found) == 1 else "." + rest


def _docstring(app, what, name, obj, options, lines) -> None:  # type: ignore[no-untyped-def]
    """Relative ``:mod:`.x``` references made absolute, pointers to the project's work items and
    notes dropped (:mod:`outsider`); data shows no docstring of its type."""
    if what in ("data", "attribute") and not inspect.isclass(obj) and lines:
        for kind in (type(obj), getattr(obj, "__origin__", None)):  # e.g. dict, or dict[str, int]
            own = (inspect.getdoc(kind) or "").splitlines() if kind is not None else []
            if own and lines[0].strip() == own[0].strip():
                lines[:] = []
                break
    module = name if what == "module" else getattr(obj, "__module__", None) or name.rpartition(".")[0]
    if not module.startswith("misere"):
        return
    text = outsider.link_seeds(outsider.rewrite("\n".join(lines)))
    lines[:] = [_RELATIVE_MOD.sub(lambda m: f":mod:`{m.group(1)}{_absolute(m.group(2), module)}`", line)
                for line in text.split("\n")]


#: names that no page documents: a reference to one is plain text (Sphinx would otherwise look
#: each up by suffix among the ~8 000 documented objects, a third of the build's time)
UNLINKED = set(dir(builtins)) | set(typing.__all__) | {"np.ndarray", "numpy.ndarray", "Path", "pathlib.Path"}


def _unlink_builtins(app, doctree) -> None:  # type: ignore[no-untyped-def]
    for node in list(doctree.findall(addnodes.pending_xref)):
        if node.get("refdomain") == "py" and node.get("reftarget") in UNLINKED:
            node.replace_self(node.children)


def setup(app):  # type: ignore[no-untyped-def]
    app.connect("source-read", _execute)
    app.connect("autodoc-process-docstring", _docstring)
    app.connect("doctree-read", _unlink_builtins)
    apiref.setup(app)
    app.add_directive("misere-cli", cli_ref.MisereCli)
    return {"parallel_read_safe": True}
