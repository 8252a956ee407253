"""Reading and retouching the SVG Graphviz draws: the one place that knows its markup.

The pages, the handbook's frames and its page cutter read the same few things from a drawing:
its size, the markup before its root element, its node groups and links, the points its shapes
reach. The PDF writer (`handbook/pdfdrawing.py`) parses the whole drawing as XML instead; these
are the quick reads that need no tree.
"""
from __future__ import annotations

import re
from collections.abc import Iterator

_SIZE_RE = re.compile(r'(<svg\b[^>]*?)\bwidth="([\d.]+)pt"\s+height="([\d.]+)pt"')
_WIDTH_RE = re.compile(r'<svg\b[^>]*\bwidth="([\d.]+)pt"')
_ROOT_RE = re.compile(r"<svg\b[^>]*>")
_ROOT_START_RE = re.compile(r"<svg\b")
_PROLOG_RE = re.compile(r"^.*?(?=<svg\b)", re.S)
_COMMENT_RE = re.compile(r"<!--.*?-->", re.S)
_TITLE_RE = re.compile(r"<title>.*?</title>", re.S)
_ANY_ID_RE = re.compile(r'\sid="[^"]*"')
_NODE_RE = re.compile(r'<g\b[^>]*\bclass="node"[^>]*>\s*<title>(.*?)</title>(.*?)</g>', re.S)
_LINK_RE = re.compile(r'<a xlink:href="([^"]*)"[^>]*>(.*?)</a>', re.S)
_TRANSLATE_RE = re.compile(r'class="graph" transform="[^"]*translate\(([-\d.]+)[ ,]([-\d.]+)\)')
_POINTS_RE = re.compile(r'\b(?:points|d)="([^"]+)"')
_PAIR_RE = re.compile(r"(-?[\d.]+)[ ,](-?[\d.]+)")
_ELLIPSE_RE = re.compile(r'<ellipse\b[^>]*?cx="([-\d.]+)" cy="([-\d.]+)" rx="([\d.]+)" ry="([\d.]+)"')


def size_pt(svg: str) -> tuple[float, float]:
    """Width and height Graphviz drew at, pt."""
    m = _SIZE_RE.search(svg)
    if m is None:
        raise ValueError("the SVG has no size in points")
    return float(m.group(2)), float(m.group(3))


def width_pt(svg: str) -> float | None:
    """The drawn width, pt, where the root element gives one."""
    m = _WIDTH_RE.search(svg)
    return float(m.group(1)) if m else None


def with_size(svg: str, width: str, height: str) -> str:
    """The drawing with its root's size in points replaced (`width`, `height` with their units)."""
    return _SIZE_RE.sub(lambda m: f'{m.group(1)}width="{width}" height="{height}"', svg, count=1)


def bare(svg: str) -> str:
    """The drawing from its root element on, without the XML prolog and Graphviz's comments."""
    return _COMMENT_RE.sub("", _PROLOG_RE.sub("", svg, count=1))


def without_titles_and_ids(svg: str) -> str:
    """The drawing without the titles (DOT's names) and ids Graphviz gave its groups: Graphviz
    numbers its ids per drawing (graph0, node1 …), so they would clash with another drawing's."""
    return _ANY_ID_RE.sub("", _TITLE_RE.sub("", svg))


def with_root_attributes(svg: str, attributes: str) -> str:
    """The root element given more attributes (`attributes` starts with a space)."""
    return _ROOT_START_RE.sub(lambda m: m.group(0) + attributes, svg, count=1)


def after_root(svg: str, markup: str) -> str:
    """`markup` placed first inside the root element."""
    return _ROOT_RE.sub(lambda m: m.group(0) + markup, svg, count=1)


def nodes(svg: str) -> Iterator[tuple[str, str]]:
    """Each node group's DOT name (as escaped in the SVG) and its markup."""
    for m in _NODE_RE.finditer(svg):
        yield m.group(1), m.group(2)


def links(svg: str) -> Iterator[tuple[str, str]]:
    """Each link's address and the markup it wraps."""
    for m in _LINK_RE.finditer(svg):
        yield m.group(1), m.group(2)


def shift(svg: str) -> tuple[float, float]:
    """How far Graphviz moved its drawing (it draws upwards from the bottom left), in its units."""
    m = _TRANSLATE_RE.search(svg)
    return (float(m.group(1)), float(m.group(2))) if m else (0.0, 0.0)


def points(fragment: str) -> Iterator[tuple[float, float]]:
    """Every point of the polygons, polylines and paths in a piece of SVG."""
    for shape in _POINTS_RE.finditer(fragment):
        for x, y in _PAIR_RE.findall(shape.group(1)):
            yield float(x), float(y)


def ellipses(fragment: str) -> Iterator[tuple[float, float, float, float]]:
    """Every ellipse in a piece of SVG: centre x, centre y, radius x, radius y."""
    for cx, cy, rx, ry in _ELLIPSE_RE.findall(fragment):
        yield float(cx), float(cy), float(rx), float(ry)


def extent(fragment: str) -> tuple[list[float], list[float]]:
    """Every x and every y the shapes in a piece of SVG reach (polygons, paths, ellipses)."""
    xs: list[float] = []
    ys: list[float] = []
    for x, y in points(fragment):
        xs.append(x)
        ys.append(y)
    for cx, cy, rx, ry in ellipses(fragment):
        xs += [cx - rx, cx + rx]
        ys += [cy - ry, cy + ry]
    return xs, ys
