"""Writing pictures to files: the format follows the file name, checked before any work is done.

``.svg`` and ``.dot`` (where the picture has a DOT form) are written with the standard library.
``.png`` is rasterised from the SVG when the optional converter ``resvg-py`` (a self-contained
wheel, no compiler or system library) is installed; otherwise ``.png`` is refused in one line
naming the supported suffixes. Every other suffix is refused the same way.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable, Optional

from ..errors import UnsupportedError
from ..read_only import folder_of, write_refusal

__all__ = ["picture_formats", "check_output", "check_writable", "write_picture", "svg_to_png"]

#: the optional rasteriser for .png (pip install resvg-py)
PNG_CONVERTER = "resvg-py"


def _png_available() -> bool:
    try:
        import resvg_py  # noqa: F401
    except ImportError:
        return False
    return True


def picture_formats(dot: bool) -> list[str]:
    """The suffixes a picture can be written as here: ``.svg``, ``.dot`` (when ``dot``), ``.png``
    (when the converter is installed)."""
    return [".svg", *([".dot"] if dot else []), *([".png"] if _png_available() else [])]


def check_output(path: Path, dot: bool = False, what: str = "picture") -> str:
    """The format (``"svg"``, ``"dot"``, ``"png"``) of an output file, checked up front.

    Raises
    ------
    UnsupportedError
        When the suffix names no supported format (one line naming those supported).
    OSError
        When the file cannot be created: its folder is missing, is not a folder or is read-only.
    """
    suffix = path.suffix.lower()
    formats = picture_formats(dot)
    if suffix not in formats:
        hint = "" if _png_available() or suffix != ".png" else f" (.png needs the optional {PNG_CONVERTER})"
        raise UnsupportedError(f"cannot write a {what} as {str(path)!r}: the file name must end in "
                               f"{' or '.join(formats)}{hint}")
    check_writable(path)
    return suffix[1:]


def check_writable(path: Path) -> None:
    """Check, before any work, that the file ``path`` can be written: its folder exists, is a
    folder and is writable, and ``path`` is not a folder nor a read-only file (read-only as
    :mod:`misere.read_only` decides, the same for root).

    Raises
    ------
    OSError
        Naming ``path`` and the reason (the missing or read-only folder, or the file).
    """
    folder = folder_of(path)
    if not folder.exists():
        raise FileNotFoundError(2, f"folder {str(folder)!r} does not exist", str(path))
    if not folder.is_dir():
        raise NotADirectoryError(20, f"{str(folder)!r} is not a folder", str(path))
    if path.is_dir():
        raise IsADirectoryError(21, "is a folder", str(path))
    why = write_refusal(path)
    if why is not None:
        raise PermissionError(13, why, str(path))


def svg_to_png(svg: str) -> bytes:
    """PNG bytes of an SVG picture (needs the optional ``resvg-py``)."""
    try:
        import resvg_py
    except ImportError:
        raise UnsupportedError(f"writing .png needs the optional {PNG_CONVERTER}; write .svg instead") from None
    return bytes(resvg_py.svg_to_bytes(svg_string=svg, monospace_family="DejaVu Sans Mono",
                                       sans_serif_family="DejaVu Sans", zoom=2))


def write_picture(path: Path, svg: Callable[[], str], dot: Optional[Callable[[], str]] = None,
                  what: str = "picture") -> int:
    """Write a picture to ``path`` in the format its suffix names; return the bytes written.

    ``svg`` and ``dot`` make the two text forms (``dot`` is None when there is no DOT form).
    """
    fmt = check_output(path, dot is not None, what)
    if fmt == "dot":
        assert dot is not None
        data = dot().encode("utf-8")
    elif fmt == "png":
        data = svg_to_png(svg())
    else:
        data = svg().encode("utf-8")
    path.write_bytes(data)
    return len(data)
