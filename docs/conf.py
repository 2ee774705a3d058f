"""Sphinx configuration of the misère site: ``python -m sphinx -W docs site`` builds it."""
from __future__ import annotations

import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SRC = str(HERE.parent / "src")
sys.path[:0] = [str(HERE / "_ext"), SRC]
# the notebook kernel imports this checkout's package too, whatever is installed
os.environ["PYTHONPATH"] = os.pathsep.join([SRC, *filter(None, [os.environ.get("PYTHONPATH")])])

import misere  # noqa: E402

project = "misere"
author = "the misere authors"
copyright = "2026, the misere authors"
release = version = misere.__version__

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "myst_nb",
    "misere_docs",
]
source_suffix = {".md": "myst-nb", ".ipynb": "myst-nb", ".rst": "restructuredtext"}
exclude_patterns = ["_build", "_ext", "**.ipynb_checkpoints"]
myst_enable_extensions = ["colon_fence", "dollarmath"]
myst_heading_anchors = 3

# notebooks are executed at every build (the site shows what the code computes now)
nb_execution_mode = "force"
nb_execution_timeout = 120
nb_execution_raise_on_error = True
nb_merge_streams = True

autodoc_member_order = "bysource"
autodoc_typehints = "signature"
napoleon_google_docstring = False
napoleon_numpy_docstring = True
napoleon_use_ivar = True  # "Attributes" sections as fields: properties are documented once, by autodoc
# field types (``order : int``) are looked up by suffix anywhere in the package, and short names
# such as ``order`` or ``Certificate`` name several objects: Sphinx links the first and says so
suppress_warnings = ["ref.python"]

html_theme = "furo"
html_title = f"misere {release}"
html_static_path = ["_static"]
html_css_files = ["misere.css"]  # pictures scaled to the column
