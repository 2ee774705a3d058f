"""The API reference, listed from the package itself: every public module and every name in its
``__all__``.

``.. misere-api:: misere.core`` expands to one section per public module of that package (the
package and every module below it whose dotted name has no part starting with ``_``, except the
modules of packages that have a page of their own, given as ``:skip:``). A name the module
defines is documented there by autodoc; a name it re-exports from another public module that
lists it in its own ``__all__`` gets a line linking to that entry. :func:`public_names` is the
list the tests check against the built site.
"""
from __future__ import annotations

import importlib
import inspect
import pkgutil
from types import ModuleType

from docutils import nodes
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles

from outsider import link_seeds, rewrite


def public_modules(package: str = "misere") -> list[str]:
    """Dotted names of ``package`` and of every public module below it, sorted."""
    root = importlib.import_module(package)
    names = [package]
    for info in pkgutil.walk_packages(root.__path__, package + "."):
        if not any(part.startswith("_") for part in info.name.split(".")):
            names.append(info.name)
    return sorted(names)


def _all(module: ModuleType) -> list[str]:
    return list(getattr(module, "__all__", []))


def _public(module: str) -> bool:
    return module.split(".")[0] == "misere" and not any(p.startswith("_") for p in module.split("."))


def home(module: str, name: str) -> str:
    """Where ``module.name`` is documented: its own entry, or the public module defining it."""
    mod = importlib.import_module(module)
    obj = getattr(mod, name)
    where = getattr(obj, "__module__", None) if (inspect.isclass(obj) or inspect.isroutine(obj)) else None
    if where and _public(where) and getattr(obj, "__name__", None) == name:
        if where == module or name in _all(importlib.import_module(where)):
            return f"{where}.{name}"
    elif hasattr(mod, "__path__"):  # data or a foreign object re-exported by a package
        for sub in public_modules(module)[1:]:
            m = importlib.import_module(sub)
            if name in _all(m) and getattr(m, name) is obj:
                return f"{sub}.{name}"
    return f"{module}.{name}"


def public_names(package: str = "misere") -> list[tuple[str, str]]:
    """(module, name) for every name in ``__all__`` of every public module."""
    return [(mod, name) for mod in public_modules(package) for name in _all(importlib.import_module(mod))]


def _entry(module: str, name: str) -> list[str]:
    obj = getattr(importlib.import_module(module), name)
    target = f"{module}.{name}"
    if home(module, name) != target:
        return [f"* ``{target}`` is :py:obj:`{home(module, name)}`", ""]
    if inspect.isclass(obj):
        return [f".. autoclass:: {target}", "   :members:", "   :undoc-members:", "   :show-inheritance:", ""]
    if inspect.isroutine(obj):
        return [f".. autofunction:: {target}", ""]
    if isinstance(obj, ModuleType):
        return [f"* ``{target}`` is the module :py:mod:`{obj.__name__}`", ""]
    return [f".. autodata:: {target}", "   :no-value:", ""]


def summary(module: str, names: list[str]) -> list[str]:
    """A table of ``names`` (defined in ``module``): each linked to its entry, with its kind and
    the first line of its docstring, so that a reader can scan the module."""
    if not names:
        return []
    lines = [".. list-table::", "   :header-rows: 1", "   :widths: 30 12 58", "",
             "   * - name", "     - kind", "     - summary"]
    for name in names:
        obj = getattr(importlib.import_module(module), name)
        kind = ("class" if inspect.isclass(obj) else "function" if inspect.isroutine(obj) else "data")
        doc = (inspect.getdoc(obj) or "").strip().split("\n\n")[0] if kind != "data" else ""
        first = link_seeds(rewrite(" ".join(doc.split())))
        lines += [f"   * - :py:obj:`~{module}.{name}`", f"     - {kind}", f"     - {first}".rstrip()]
    return lines + [""]


def module_rst(module: str) -> list[str]:
    """reStructuredText for one module: its docstring, a summary table, then an entry per
    public name (a class with every public member, documented or not)."""
    lines = [module, "-" * len(module), "", f".. automodule:: {module}", "   :no-members:", ""]
    names = _all(importlib.import_module(module))
    own = [n for n in names if home(module, n) == f"{module}.{n}"]
    links = [n for n in names if n not in own]
    lines += summary(module, own)
    for name in own:
        lines += _entry(module, name)
    if links:
        lines += [".. rubric:: Also importable from here", ""]
        for name in links:
            lines += _entry(module, name)
    return lines


class MisereApi(SphinxDirective):
    """``.. misere-api:: PACKAGE`` with an optional ``:skip:`` list of subpackages."""

    required_arguments = 1
    option_spec = {"skip": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        package = self.arguments[0]
        skip = tuple(s.strip() + "." for s in self.options.get("skip", "").split() if s.strip())
        modules = [m for m in public_modules(package) if not (m + ".").startswith(skip)]
        rst: list[str] = []
        for module in modules:
            rst += module_rst(module) + [""]
        container = nodes.section()
        nested_parse_with_titles(self.state, StringList(rst, source=f"<api {package}>"), container)
        return container.children


def setup(app):  # type: ignore[no-untyped-def]
    app.add_directive("misere-api", MisereApi)
    return {"parallel_read_safe": True}
