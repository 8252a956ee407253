"""Charts for print: a flow chart's SVG scaled or turned to fit its page, its words set as HTML;
the decision tables; the legend.

WeasyPrint draws SVG text one letter at a time, which made the charts most of the build
time; so the boxes and arrows stay SVG while every line of words becomes an absolutely
placed HTML line at the very spot Graphviz put it (and so can be found by a PDF search).
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from markupsafe import Markup

from ..boxnotes import cell_note_words
from ..chartpages import SVG_PREFIX, box_url
from ..flowcharts.dot import node_link
from ..flowcharts.style import STYLES
from ..inline import Renderer, ref_url
from ..model import Chart
from .lawtext import chart_href, print_href
from .paper import PT_PER_MM, Paper

_SIZE_RE = re.compile(r'<svg\b[^>]*?\bwidth="([\d.]+)pt"\s+height="([\d.]+)pt"')
_PROLOG_RE = re.compile(r"^.*?(?=<svg\b)", re.S)
_COMMENT_RE = re.compile(r"<!--.*?-->", re.S)
_TITLE_RE = re.compile(r"<title>.*?</title>", re.S)
_TRANSLATE_RE = re.compile(r'class="graph" transform="[^"]*translate\(([-\d.]+)[ ,]([-\d.]+)\)')
_ANCHOR_RE = re.compile(r'<a xlink:href="([^"]*)"[^>]*>(.*?)</a>', re.S)
_NUMBER_PAIR_RE = re.compile(r"(-?[\d.]+)[ ,](-?[\d.]+)")
_ELLIPSE_RE = re.compile(r'<ellipse\b[^>]*?cx="([-\d.]+)" cy="([-\d.]+)" rx="([\d.]+)" ry="([\d.]+)"')
_SHAPE_POINTS_RE = re.compile(r'\b(?:points|d)="([^"]+)"')
_TEXT_RE = re.compile(r"<text\b([^>]*)>(.*?)</text>", re.S)
_ATTR_RE = re.compile(r'([\w:-]+)="([^"]*)"')
_TAG_RE = re.compile(r"<[^>]+>")
_NODE_RE = re.compile(r'<g\b[^>]*\bclass="node"[^>]*>(.*?)</g>', re.DOTALL)

# Turn a drawing a quarter-turn when that makes it this much larger on the page.
TURN_GAIN = 1.15
# A drawing whose 12 pt lettering would print smaller than this fraction (6 pt) is cut across,
# between its boxes, onto two or three pages, when that prints it this much larger.
READABLE_SCALE = 0.5
SPLIT_GAIN = 1.25
MAX_SHEETS = 3
# Nothing is cut closer than this to a box or a line of words (pt, as Graphviz drew them).
CUT_CLEARANCE = 4.0
# Never print a chart larger than Graphviz drew it: its 12 pt lettering is already generous.
MAX_SCALE = 1.0
# A chart that spilled past its page is drawn smaller by this factor, once or more.
SHRINK = 0.9
# Liberation Sans (the metric twin of the Arial the charts are laid out for): ascent and
# descent as fractions of the font size, to put each baseline where Graphviz put it.
ASCENT, DESCENT = 0.905, 0.212


@dataclass(frozen=True)
class LinkBox:
    """A clickable box over a chart drawing, in millimetres from the drawing's top left."""

    href: str
    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True)
class TextRun:
    """The lines of one box's words: where their anchor point is (mm), how they are set."""

    lines: tuple[str, ...]
    x: float
    top: float
    size_pt: float
    line_pt: float  # from one baseline to the next
    anchor: str  # start, middle or end, as in SVG
    colour: str


@dataclass(frozen=True)
class Sheet:
    """One page's share of a drawing: a band of it, mm from its top, with the words and links there."""

    top: float
    height: float
    width: float
    turned: bool
    texts: list[TextRun]
    links: list[LinkBox]

    @property
    def frame_style(self) -> str:
        """The size the band takes on the page."""
        w, h = (self.height, self.width) if self.turned else (self.width, self.height)
        return f"width:{w:.2f}mm;height:{h:.2f}mm"

    @property
    def canvas_style(self) -> str:
        """Where the unturned band sits inside the frame, turned top-to-the-left if need be."""
        size = f"width:{self.width:.2f}mm;height:{self.height:.2f}mm"
        if not self.turned:
            return size
        # Laid out unturned at the frame's top left (so that its words, placed before the turn,
        # stay within the frame's height and the page), then turned and moved down into place.
        return f"{size};transform-origin:0 0;transform:translate(0,{self.width:.2f}mm) rotate(-90deg)"


@dataclass(frozen=True)
class Drawing:
    """A chart's shapes (SVG) and words (HTML) at their printed size; `turned` a quarter-turn."""

    svg: str
    width: float  # printed size of the unturned drawing, mm
    height: float
    turned: bool
    links: list[LinkBox] = field(default_factory=list)
    texts: list[TextRun] = field(default_factory=list)
    cuts: tuple[float, ...] = ()  # where it is cut between pages, mm from its top

    @property
    def frame_style(self) -> str:
        """The size an uncut drawing (a legend example) takes on the page."""
        return self.sheets()[0].frame_style

    def sheets(self) -> list[Sheet]:
        """The drawing page by page: one sheet, or the bands between its cuts."""
        edges = [0.0, *self.cuts, self.height]
        out = []
        for top, bottom in pairwise(edges):
            # Words and links go with the band they start in; the cuts run clear of them.
            out.append(Sheet(top, bottom - top, self.width, self.turned,
                             [t for t in self.texts if top <= t.top < bottom],
                             [k for k in self.links if top <= k.y + k.height / 2 < bottom]))
        return out


def fit_drawing(svg: str, chart: Chart, paper: Paper, shrink: int = 0) -> Drawing:
    """The chart's SVG sized to fill the page's chart area (or two or three pages when it is
    too tall to read on one), links leading into the book."""
    w_mm, h_mm = _size_mm(svg)
    scale, turned, cuts = _plan(w_mm, h_mm, _busy_bands(svg), paper)
    scale *= SHRINK ** shrink
    width, height = w_mm * scale, h_mm * scale
    hrefs = _print_hrefs(chart)
    mm_per_unit = scale / PT_PER_MM
    shapes, texts = _split_words(_clean(svg, hrefs, width, height), mm_per_unit, scale)
    return Drawing(shapes, width, height, turned, _link_boxes(svg, hrefs, mm_per_unit), texts,
                   tuple(c * scale for c in cuts))


def sheet_count(svg: str, paper: Paper) -> int:
    """How many pages a flow chart's drawing takes (drawn smaller to fit, it keeps its cuts)."""
    w_mm, h_mm = _size_mm(svg)
    return len(_plan(w_mm, h_mm, _busy_bands(svg), paper)[2]) + 1


def _plan(w_mm: float, h_mm: float, busy: list[tuple[float, float]], paper: Paper,
          ) -> tuple[float, bool, list[float]]:
    """Scale, quarter-turn and cuts (mm of the drawing as drawn) that print it best.

    Whole on one page if its lettering can be read there; else cut into the fewest bands that
    make it readable, as long as each cut makes it markedly larger.
    """
    box_w, box_h = paper.chart_box
    best: tuple[float, bool, list[float]] | None = None
    for count in range(1, MAX_SHEETS + 1):
        cuts = _cuts(h_mm, busy, count)
        if cuts is None:
            break
        edges = [0.0, *cuts, h_mm]
        tallest = max(b - t for t, b in pairwise(edges))
        upright = min(box_w / w_mm, box_h / tallest)
        turned_scale = min(box_w / tallest, box_h / w_mm)
        turned = turned_scale > upright * TURN_GAIN
        scale = min(turned_scale if turned else upright, MAX_SCALE)
        if best is None or scale > best[0] * SPLIT_GAIN:
            best = (scale, turned, cuts)
        if best[0] >= READABLE_SCALE:
            break
    assert best is not None
    return best


def _cuts(h_mm: float, busy: list[tuple[float, float]], count: int) -> list[float] | None:
    """`count - 1` places to cut across, clear of every box and line of words, each as near as
    can be to an even share of the height; None if the drawing has no such place."""
    free = _free_spans(h_mm, busy)
    cuts: list[float] = []
    for k in range(1, count):
        ideal = h_mm * k / count
        spots = [min(max(ideal, a), b) for a, b in free if a > (cuts[-1] if cuts else 0.0)]
        if not spots:
            return None
        cuts.append(min(spots, key=lambda y: abs(y - ideal)))
    return cuts


def _free_spans(h_mm: float, busy: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """The heights (mm) at which a cut crosses no box and no line of words."""
    clear = CUT_CLEARANCE / PT_PER_MM
    spans = []
    y = 0.0
    for top, bottom in sorted(busy):
        if top - clear > y:
            spans.append((y, top - clear))
        y = max(y, bottom + clear)
    return [(a, b) for a, b in spans if a > 0]  # never at the very top


def _busy_bands(svg: str) -> list[tuple[float, float]]:
    """Top and bottom (mm from the drawing's top) of every box and every line of words."""
    _dx, dy = _shift(svg)
    bands = []
    for m in _NODE_RE.finditer(svg):
        _xs, ys = _extent(m.group(1))
        if ys:
            bands.append(((min(ys) + dy) / PT_PER_MM, (max(ys) + dy) / PT_PER_MM))
    for m in _TEXT_RE.finditer(svg):
        attrs = dict(_ATTR_RE.findall(m.group(1)))
        y, size = float(attrs.get("y", "0")) + dy, float(attrs.get("font-size", "14"))
        bands.append(((y - size) / PT_PER_MM, (y + size / 3) / PT_PER_MM))
    return bands


def legend_drawing(svg: str, scale: float = 0.8) -> Drawing:
    """A legend example box at a fixed scale, drawn whole as SVG (a few words only)."""
    w_mm, h_mm = _size_mm(svg)
    w, h = w_mm * scale, h_mm * scale
    return Drawing(_clean(svg, {}, w, h), w, h, False)


def _size_mm(svg: str) -> tuple[float, float]:
    """The size Graphviz drew a chart at, mm."""
    m = _SIZE_RE.search(svg)
    if m is None:
        raise ValueError("the SVG has no size in points")
    return float(m.group(1)) / PT_PER_MM, float(m.group(2)) / PT_PER_MM


def _print_hrefs(chart: Chart) -> dict[str, str]:
    """Site hrefs the chart's DOT was drawn with (see `dot_sources`), mapped to in-book links."""
    out = {}
    for node in chart.nodes:
        ref = node_link(node, chart.laws[0])
        if ref is not None:
            out[SVG_PREFIX + ref_url(ref)] = print_href(ref)
        for cont in node.continues:
            out[SVG_PREFIX + box_url(cont.chart, cont.at)] = chart_href(cont.chart)
    return out


def _clean(svg: str, hrefs: dict[str, str], width: float, height: float) -> str:
    """The bare SVG at its printed size: no prolog, comments, titles or ids; links into the book."""
    out = _COMMENT_RE.sub("", _PROLOG_RE.sub("", svg, count=1))
    out = _TITLE_RE.sub("", out)
    out = out.replace(' target="_top"', "")
    # Graphviz numbers its ids per drawing (graph0, node1 …): they would clash in one document.
    out = re.sub(r'\sid="[^"]*"', "", out)
    out = re.sub(r'xlink:href="([^"]*)"', lambda m: f'xlink:href="{hrefs.get(m.group(1), "")}"', out)
    return re.sub(r'(<svg\b[^>]*?)\bwidth="[\d.]+pt"\s+height="[\d.]+pt"',
                  lambda m: f'{m.group(1)}width="{width:.2f}mm" height="{height:.2f}mm"', out, count=1).strip()


def _split_words(svg: str, mm_per_unit: float, scale: float) -> tuple[str, list[TextRun]]:
    """The SVG without its <text> elements, and those as runs to set in HTML.

    Graphviz writes a box's words one <text> per line; lines that share their anchor and type
    and follow each other at an even step become one run (fewer boxes for WeasyPrint to place).
    """
    dx, dy = _shift(svg)
    groups: list[list[tuple[str, dict[str, str], float]]] = []
    for m in _TEXT_RE.finditer(svg):
        attrs = dict(_ATTR_RE.findall(m.group(1)))
        words = html.unescape(_TAG_RE.sub("", m.group(2)))
        if not words.strip():
            continue
        y = float(attrs.get("y", "0"))
        last = groups[-1] if groups else None
        if last is not None and _same_set(last, attrs, y):
            last.append((words, attrs, y))
        else:
            groups.append([(words, attrs, y)])
    runs = []
    for group in groups:
        attrs, first_y = group[0][1], group[0][2]
        size = float(attrs.get("font-size", "14"))
        step = group[1][2] - first_y if len(group) > 1 else size
        baseline_below_top = (step - (ASCENT + DESCENT) * size) / 2 + ASCENT * size
        runs.append(TextRun(
            tuple(words for words, _, _ in group),
            (float(attrs.get("x", "0")) + dx) * mm_per_unit,
            (first_y - baseline_below_top + dy) * mm_per_unit,
            size * scale, step * scale, attrs.get("text-anchor", "start"), attrs.get("fill", "#000000")))
    return _TEXT_RE.sub("", svg), runs


def _same_set(group: list[tuple[str, dict[str, str], float]], attrs: dict[str, str], y: float) -> bool:
    """Whether a line continues `group`: same anchor point and type, at the group's step."""
    first = group[0][1]
    keys = ("x", "font-size", "font-family", "fill", "text-anchor")
    if any(first.get(k) != attrs.get(k) for k in keys):
        return False
    step = y - group[-1][2]
    size = float(first.get("font-size", "14"))
    if not 0 < step < 2 * size:
        return False
    return len(group) < 2 or abs(step - (group[1][2] - group[0][2])) < 0.05


def _link_boxes(svg: str, hrefs: dict[str, str], mm_per_unit: float) -> list[LinkBox]:
    """Boxes over the linked nodes: an SVG link is not a PDF link, an HTML one is."""
    dx, dy = _shift(svg)
    out = []
    for m in _ANCHOR_RE.finditer(svg):
        href = hrefs.get(m.group(1))
        if href is None:
            continue
        xs, ys = _extent(m.group(2))
        if xs:
            out.append(LinkBox(href, (min(xs) + dx) * mm_per_unit, (min(ys) + dy) * mm_per_unit,
                               (max(xs) - min(xs)) * mm_per_unit, (max(ys) - min(ys)) * mm_per_unit))
    return out


def _shift(svg: str) -> tuple[float, float]:
    """How far Graphviz moved its drawing (it draws upwards from the bottom left), in its units."""
    m = _TRANSLATE_RE.search(svg)
    return (float(m.group(1)), float(m.group(2))) if m else (0.0, 0.0)


def _extent(fragment: str) -> tuple[list[float], list[float]]:
    """Every x and every y the shapes in a piece of SVG reach (polygons, paths, ellipses)."""
    xs: list[float] = []
    ys: list[float] = []
    for shape in _SHAPE_POINTS_RE.finditer(fragment):
        for x, y in _NUMBER_PAIR_RE.findall(shape.group(1)):
            xs.append(float(x))
            ys.append(float(y))
    for cx, cy, rx, ry in _ELLIPSE_RE.findall(fragment):
        xs += [float(cx) - float(rx), float(cx) + float(rx)]
        ys += [float(cy) - float(ry), float(cy) + float(ry)]
    return xs, ys


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
