"""Self-contained HTML reports, checked as text, in headless Chromium (when installed), and the
example notebook executed cell by cell (when nbclient is installed)."""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

import misere as m
from misere.cli.app import app

ROOT = Path(__file__).resolve().parents[2]


def _self_contained(page: str) -> None:
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    assert not re.search(r'(src|href)="https?:', page), "a report must not load anything from the network"


def test_quotient_page() -> None:
    page = m.quotient("0.123").to_html()
    _self_contained(page)
    assert "&lt;a,b,c,d | a2=1,b4=b2,b2c=b3,c2=1,b2d=d,cd=bd,d3=ad2&gt;" in page
    assert page.count("<tr>") >= 23 + 4  # Φ for heaps 0..22, the changes, the card's table
    assert "<svg" in page and 'class="sortable"' in page


def test_cli_reports(tmp_path: Path) -> None:
    r = CliRunner()
    out = r.invoke(app, ["report", "values", "--day", "2", "--html", str(tmp_path / "v.html"), "--json"])
    assert out.exit_code == 0, out.output
    page = (tmp_path / "v.html").read_text()
    _self_contained(page)
    assert "256 values born by day 2" in page and page.count("<tr>") >= 257
    assert 'class="hasse"' in page and "data-upper=" in page and "currentScript" in page  # hover wiring
    store = tmp_path / "c.sqlite"
    assert r.invoke(app, ["census", "0.1-0.3", "--max-heap", "12", "--store", str(store), "--quiet"]).exit_code == 0
    out = r.invoke(app, ["report", "census", "--store", str(store), "--html", str(tmp_path / "c.html")])
    assert out.exit_code == 0, out.output
    census = (tmp_path / "c.html").read_text()
    _self_contained(census)
    assert "Census of misère quotients" in census and "<pre" not in census
    assert census.count("<table") == census.count('<table class="sortable">') >= 7
    for heading in ("Status counts", "Quotients up to isomorphism, by order", "Each isomorphism class",
                    "The questions of 002 §10.3", "Normal and misère periods"):
        assert f"<h2>{heading}" in census
    bad = r.invoke(app, ["report", "values", "--day", "1", "--html", str(tmp_path / "v.svg"), "--json"])
    assert bad.exit_code == 1 and bad.stdout.count("\n") == 1 and "needs a .html file name" in bad.stdout


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium (Debian's chromium package) is not installed")
def test_report_renders_in_chromium(tmp_path: Path) -> None:
    page = tmp_path / "q.html"
    page.write_text(m.quotient("0.123").to_html())
    flags = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", f"--user-data-dir={tmp_path / 'profile'}"]
    shot = tmp_path / "q.png"
    subprocess.run(flags + [f"--screenshot={shot}", "--window-size=1000,1200", page.as_uri()],
                   capture_output=True, timeout=120)
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 20_000  # a blank page compresses to ~5 kB
    dom = subprocess.run(flags + ["--dump-dom", page.as_uri()], capture_output=True, text=True, timeout=120).stdout
    assert 'data-ready="1"' in dom  # the page's script ran to its last line: no script error


def test_the_example_notebook_runs() -> None:
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    nb = nbformat.read(ROOT / "examples" / "tour.ipynb", as_version=4)
    nbclient.NotebookClient(nb, timeout=300, kernel_name="python3",
                            resources={"metadata": {"path": str(ROOT)}}).execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    html = [o["data"]["text/html"] for o in outputs if "text/html" in o.get("data", {})]
    assert any("Left moving first" in h for h in html) and any("misère quotient of 0.123" in h for h in html)


@pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium (Debian's chromium package) is not installed")
def test_hasse_hover_lights_up_and_down_sets_in_chromium(tmp_path: Path) -> None:
    from misere.viz.hasse import covering_relations, hasse_svg

    gs = m.born_by(2, universe="dicot")
    u = m.find_universe("dicot")
    ge = lambda i, j: u.ge(gs[i].id, gs[j].id)  # noqa: E731
    labels = [str(g) for g in gs]
    k = labels.index("*2")
    related = {i for i in range(len(gs)) if ge(i, k) or ge(k, i)}
    covers = covering_relations(len(gs), ge)
    lit_edges = sum(1 for a, b in covers if a in related and b in related)
    probe = (f"<script>var n=document.querySelector('.node[data-i=\"{k}\"]');"
             "n.dispatchEvent(new MouseEvent('mouseenter'));document.body.setAttribute('data-lit',"
             "document.querySelectorAll('.node.lit').length+','+document.querySelectorAll('.edge.lit').length+','"
             "+document.querySelector('svg').classList.contains('focus'));</script>")
    page = tmp_path / "h.html"
    page.write_text(f"<!DOCTYPE html><html><body>{hasse_svg(labels, ge, 'dicot')}{probe}</body></html>")
    flags = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", f"--user-data-dir={tmp_path / 'profile'}"]
    dom = subprocess.run(flags + ["--dump-dom", page.as_uri()], capture_output=True, text=True, timeout=120).stdout
    assert f'data-lit="{len(related)},{lit_edges},true"' in dom and lit_edges >= 3
