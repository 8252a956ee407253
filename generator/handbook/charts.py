"""Charts for print: a page's share of a flow chart (see `pieces`) scaled to fit its page, with
the links of its boxes; the decision tables; the legend.

The drawing itself is written into PDF by `pdfdrawing` and laid over its frame by `stamping`:
WeasyPrint only sees an empty frame of the drawing's size, and the links over it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from markupsafe import Markup

from generator.flowcharts import svg as svgread
from generator.flowcharts.boxnotes import cell_note_words
from generator.flowcharts.style import STYLES
from generator.text.inline import Renderer
from generator.sources.model import Chart
from generator.handbook.paper import PT_PER_MM

# Never print a chart larger than Graphviz drew it: its 12 pt lettering is already generous.
MAX_SCALE = 1.0
# A chart that spilled past its page is drawn smaller by this factor, once or more.
SHRINK = 0.9


@dataclass(frozen=True)
class LinkBox:
    """A clickable box over a chart drawing, in millimetres from the drawing's top left."""

    href: str
    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True)
class Drawing:
    """A chart drawing (SVG, as Graphviz drew it) at its printed size, upright, and its links."""

    svg: str
    width: float  # printed size, mm
    height: float
    links: list[LinkBox] = field(default_factory=list)

    @property
    def frame_style(self) -> str:
        """The size the drawing takes on the page."""
        return f"width:{self.width:.2f}mm;height:{self.height:.2f}mm"


def fitted_scale(svg: str, box: tuple[float, float]) -> float:
    """The scale at which a drawing fills the chart area `box` (mm), at most as drawn."""
    w_mm, h_mm = _size_mm(svg)
    return min(box[0] / w_mm, box[1] / h_mm, MAX_SCALE)


def fit_drawing(svg: str, chart: Chart, box: tuple[float, float], shrink: int = 0,
                linked: bool = True, floor_scale: float = 0.0, most: float = MAX_SCALE) -> Drawing:
    """A page's drawing of the chart (see `pieces`) sized to fill the page's chart area `box` (mm),
    but at most `most`, upright, its links leading into the book (none unless `linked`); drawn smaller
    `shrink` times when it spilled, but never below `floor_scale` (the lettering's floor) when it
    fitted there."""
    w_mm, h_mm = _size_mm(svg)
    fitted = min(fitted_scale(svg, box), most)
    scale = max(fitted * SHRINK ** shrink, min(fitted, floor_scale))
    width, height = w_mm * scale, h_mm * scale
    boxes = _link_boxes(svg, scale / PT_PER_MM) if linked else []
    return Drawing(_clean(svg, width, height), width, height, boxes)


def legend_drawing(svg: str, scale: float = 0.8) -> Drawing:
    """A legend example box at a fixed scale, drawn whole as SVG (a few words only)."""
    w_mm, h_mm = _size_mm(svg)
    w, h = w_mm * scale, h_mm * scale
    return Drawing(_clean(svg, w, h), w, h)


def _size_mm(svg: str) -> tuple[float, float]:
    """The size Graphviz drew a chart at, mm."""
    width, height = svgread.size_pt(svg)
    return width / PT_PER_MM, height / PT_PER_MM


def _clean(svg: str, width: float, height: float) -> str:
    """The bare SVG at its printed size: no prolog, comments, titles or ids. Its links are left as
    drawn: neither the PDF drawing nor an SVG image follows them (the frame's HTML links do)."""
    out = svgread.without_titles_and_ids(svgread.bare(svg)).replace(' target="_top"', "")
    return svgread.with_size(out, f"{width:.2f}mm", f"{height:.2f}mm").strip()


def _link_boxes(svg: str, mm_per_unit: float) -> list[LinkBox]:
    """Boxes over the linked nodes (the print DOT links them into the book): an SVG link is not a
    PDF link, an HTML one is."""
    dx, dy = svgread.shift(svg)
    out = []
    for href, markup in svgread.links(svg):
        if not href.startswith("#"):
            continue
        xs, ys = svgread.extent(markup)
        if xs:
            out.append(LinkBox(href, (min(xs) + dx) * mm_per_unit, (min(ys) + dy) * mm_per_unit,
                               (max(xs) - min(xs)) * mm_per_unit, (max(ys) - min(ys)) * mm_per_unit))
    return out


def table_context(chart: Chart, r: Renderer) -> dict[str, Any]:
    """A decision table's header, groups and rows with every cell rendered."""
    assert chart.table is not None
    law = chart.laws[0]

    def text(value: str) -> Markup:
        return r.text(value, law)

    groups = []
    for group in chart.table.groups:
        rows = [[[text(cell)] if isinstance(cell, str) else [text(line) for line in cell] for cell in row]
                for row in group.rows]
        groups.append({"label": text(group.label), "rows": rows,
                       "notes": [text(cell_note_words(n, law)) for n in group.editor_notes]})
    return {
        "columns": [text(c) for c in chart.table.columns],
        "groups": groups,
        "statements": [{"kind": n.kind.value, "html": text(n.text)} for n in chart.nodes],
    }


def legend_rows(svgs: dict[str, str]) -> list[dict[str, Any]]:
    """The legend from the one style table, each kind with the example box the charts use."""
    rows = []
    for kind, style in STYLES.items():
        rows.append({"kind": kind.value, "name": style.name, "description": style.description,
                     "example": style.example, "drawing": legend_drawing(svgs[f"legend:{kind.value}"])})
    return rows
