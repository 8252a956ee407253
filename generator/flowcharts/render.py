"""Turn DOT into SVG with Graphviz, cached by content hash and rendered in parallel."""
from __future__ import annotations

import html
import os
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Collection


from generator.flowcharts import svg as svgread
from generator.sources.cachedir import keep, kept_text, work_key


def dot_binary() -> Path:
    """The `dot` to use: $BRIDGE_LAWS_DOT, else graphviz-pure from PyPI, else a system Graphviz."""
    chosen = os.environ.get("BRIDGE_LAWS_DOT")
    if chosen:
        return Path(chosen)
    beside_python = Path(sys.executable).parent / "graphviz-pure"
    if beside_python.exists():
        return beside_python
    found = shutil.which("graphviz-pure") or shutil.which("dot")
    if found is None:
        raise RuntimeError("no Graphviz found: pip install graphviz-pure, or set BRIDGE_LAWS_DOT")
    return Path(found)




@dataclass(frozen=True)
class Job:
    """One drawing: what it is made from (its fingerprint), and how to write its DOT if needed."""

    fingerprint: str
    make_dot: Callable[[], str]


def render_all(jobs: dict[str, Job], cache_dir: Path) -> dict[str, str]:
    """SVG for each job (keyed alike); a job whose fingerprint was drawn before comes from the cache,
    without even writing its DOT."""
    cache_dir.mkdir(parents=True, exist_ok=True)
    keys = {key: _digest(job.fingerprint) for key, job in jobs.items()}
    out: dict[str, str] = {}
    for key, digest in keys.items():
        found = kept_text(cache_dir / f"{digest}.svg")
        if found is not None:
            out[key] = found
    todo = [key for key in keys if key not in out]
    # Each render is a separate dot process, so threads give real parallelism.
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        for key, svg in zip(todo, pool.map(lambda k: draw_svg(jobs[k].make_dot()), todo)):
            keep(cache_dir / f"{keys[key]}.svg", svg)
            out[key] = svg
    return {key: out[key] for key in keys}


def render_to(source: str, output: Path) -> None:
    """Write one chart as .dot, .svg or .png (the format follows the file's suffix)."""
    fmt = output.suffix.lstrip(".") or "svg"
    if fmt == "dot":
        output.write_text(source, encoding="utf-8")
        return
    output.write_bytes(_dot(source, fmt))


def _digest(fingerprint: str) -> str:
    return work_key("svg", str(dot_binary()), fingerprint)


def draw_svg(source: str) -> str:
    """One DOT source drawn as SVG, nothing kept (see `render_all` for drawings worth keeping)."""
    return _dot(source, "svg").decode("utf-8")


def _dot(source: str, fmt: str) -> bytes:
    # Its warnings are not shown: graphviz-pure estimates the widths of non-ASCII glyphs and says so.
    done = subprocess.run([str(dot_binary()), f"-T{fmt}"], input=source.encode("utf-8"), capture_output=True)
    if done.returncode:
        raise RuntimeError(f"Graphviz failed ({done.returncode}): {done.stderr.decode('utf-8', 'replace').strip()}")
    return done.stdout


_ID_RE = re.compile(r' id="(?:graph|node|edge|a_node|a_edge|clust)\d+"')
_DECIMALS_RE = re.compile(r"(-?\d+\.\d)\d+")


def _slim(svg: str) -> str:
    """Lighter markup for a page that may hold several charts (they are the heaviest part).

    Graphviz numbers its groups node1, edge1 … in every chart: two charts on one page would
    repeat those ids, so they go. The font is set once on the root instead of on every label,
    and coordinates keep one decimal (a tenth of a point is finer than any screen shows).
    """
    svg = _ID_RE.sub("", svg)
    svg = svg.replace(' font-family="Arial"', "").replace(' xml:space="preserve"', "")
    # Nearly every line of words is centred 12 pt: say so once on the root, which they inherit.
    svg = svg.replace(' text-anchor="middle"', "").replace(' font-size="12.00"', "")
    svg = _DECIMALS_RE.sub(r"\1", svg)
    svg = re.sub(r"\n\s*\n+", "\n", svg)
    return svgread.with_root_attributes(svg, ' font-family="Arial, Helvetica, sans-serif" font-size="12" text-anchor="middle"')


def inline_svg(svg: str, *, title: str, description: str, labels: dict[str, str], svg_id: str) -> str:
    """Make a rendered chart fit to inline in a page: named, described, without DOT ids."""
    return named_svg(readable_svg(svg, labels), title=title, description=description, svg_id=svg_id)


_GROUP_TITLE_RE = re.compile(r'<g(?: id="[^"]*")? class="(node|edge|graph|cluster)">\n?<title>(.*?)</title>')


def _box_name(name: str) -> str:
    return name.split(":", 1)[0]  # an edge's end may name a port: box:s


def readable_svg(svg: str, labels: dict[str, str], boxes: Collection[str] = ()) -> str:
    """A drawing's markup for pages: boxes titled with their words, DOT's names and ids gone.

    The chart's own boxes keep their id as `data-box`, and the arrows between them `data-from` and
    `data-to`: the viewer starts a step-through at a tapped box, and the step-through's map marks
    the route by them.
    """
    out = svgread.bare(svg)

    def retitle(m: re.Match[str]) -> str:
        kind, name = m.group(1), html.unescape(m.group(2))
        attrs = ""
        if kind == "node" and name in boxes:
            attrs = f' data-box="{html.escape(name)}"'
        elif kind == "edge" and "->" in name:
            tail, head = (_box_name(end) for end in name.split("->", 1))
            if tail in boxes and head in boxes:
                attrs = f' data-from="{html.escape(tail)}" data-to="{html.escape(head)}"'
        words = f"<title>{html.escape(labels[name], quote=False)}</title>" if kind == "node" and name in labels else ""
        # Graph and edge titles are DOT names: of no use to a reader.
        return f'<g class="{kind}"{attrs}>\n{words}'

    return _slim(_GROUP_TITLE_RE.sub(retitle, out))


def named_svg(svg: str, *, title: str, description: str, svg_id: str) -> str:
    """A readable drawing given its id on the page, its accessible name and its description."""
    width = svgread.width_pt(svg)
    # On a wide screen a chart shrinks to its column, but never below 55% of its drawn size: past
    # that the words are too small to read, so the panel scrolls instead (laws.css applies the
    # floor; on a phone the chart is fitted to the width and the viewer enlarges it).
    floor = f' style="--chart-floor:{round(width * 4 / 3 * 0.55)}px"' if width is not None else ""
    out = svgread.with_root_attributes(
        svg, f' id="{svg_id}" role="img" aria-labelledby="{svg_id}-title {svg_id}-desc" focusable="false"{floor}')
    head = (
        f'<title id="{svg_id}-title">{html.escape(title, quote=False)}</title>'
        f'<desc id="{svg_id}-desc">{html.escape(description, quote=False)}</desc>'
    )
    return svgread.after_root(out, head).strip()
