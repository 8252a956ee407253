"""Chart drawings written straight into PDF pages: the few shapes Graphviz draws, and its words.

WeasyPrint sets each of a chart's hundreds of lines of words as a box it lays out, which made
the charts most of the printed books' build time. The drawings need none of that: Graphviz has
already placed every shape and line of words. So its SVG is read (polygons, polylines, paths of
cubic curves, ellipses, lines of text) and written as PDF drawing operators with `pydyf`
(WeasyPrint's own PDF writer), the words in embedded Arimo, which has the Arial metrics the charts
are laid out with, and DejaVu Sans for what Arimo lacks (a tick, a double arrow). Every
drawing of a book goes on its own page of one PDF, sharing one subset of each font; see
`stamping` for how the pages are then laid onto the book's.
"""
from __future__ import annotations

import hashlib
import io
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from xml.etree import ElementTree

import pydyf
from fontTools import subset
from fontTools.ttLib import TTFont

from generator.handbook.fonts import CHART_FAMILIES, chart_font
from generator.handbook.paper import PT_PER_MM

_SVG = "{http://www.w3.org/2000/svg}"
_NUMBER_RE = re.compile(r"-?\d*\.?\d+(?:e-?\d+)?")
_PATH_RE = re.compile(r"([MC])([^MC]*)")
_TRANSFORM_RE = re.compile(r"(scale|rotate|translate)\(([^)]*)\)")
_COLOURS = {"black": (0.0, 0.0, 0.0), "white": (1.0, 1.0, 1.0)}
# A quarter ellipse as a cubic curve: the control points' distance, as a share of the radius.
_KAPPA = 0.5523


# The letters every PDF of drawings carries in its fonts, drawn or not: a font's subset is then
# the same for each of them (a run of cards each), and is cut once (`_subset`), not once a PDF.
REPERTOIRE = "".join(map(chr, [*range(0x20, 0x7F), *range(0xA0, 0x180)])) + "‘’‚“”„–—…•·→←↑↓↔⇒✓✗≥≤≠±×÷"


@dataclass
class _Font:
    """One embedded font: its glyphs' widths, and the glyphs a document has used so far."""

    resource: str  # its name in the pages' resources: F1, F2
    path: Path
    font: TTFont
    cmap: dict[int, str]
    ids: dict[str, int]
    units: int  # per em
    used: dict[int, str] = field(default_factory=dict)  # glyph id → the character it shows
    advances: dict[int, float] = field(default_factory=dict)

    @classmethod
    def load(cls, resource: str, family: str) -> _Font:
        path = chart_font(family)
        font = TTFont(str(path), lazy=True)
        return cls(resource, path, font, font.getBestCmap(), {n: i for i, n in enumerate(font.getGlyphOrder())},
                   font["head"].unitsPerEm)

    def has(self, char: str) -> bool:
        return ord(char) in self.cmap

    def glyph(self, char: str) -> int:
        gid = self.ids[self.cmap[ord(char)]] if self.has(char) else 0
        self.used.setdefault(gid, char)
        return gid

    def advance(self, gid: int) -> float:
        """A glyph's advance, in ems."""
        if gid not in self.advances:
            self.advances[gid] = self.font["hmtx"][self.font.getGlyphOrder()[gid]][0] / self.units
        return self.advances[gid]


class DrawingPDF:
    """A PDF of chart drawings, one to a page, each page the drawing's printed size."""

    def __init__(self) -> None:
        self.pdf = pydyf.PDF()
        self.fonts = [_Font.load(f"F{i + 1}", family) for i, family in enumerate(CHART_FAMILIES)]
        self.font_refs = [pydyf.Dictionary() for _ in self.fonts]
        for ref in self.font_refs:
            self.pdf.add_object(ref)
        self.pages = 0

    def add(self, svg: str, width_mm: float, height_mm: float) -> int:
        """Draw one Graphviz SVG on a new page `width_mm` × `height_mm`; returns its index."""
        root = ElementTree.fromstring(svg)
        view = [float(v) for v in root.get("viewBox", "0 0 1 1").split()]
        width, height = width_mm * PT_PER_MM, height_mm * PT_PER_MM
        scale = width / view[2]
        stream = pydyf.Stream(compress=True)
        # SVG's y runs down the page, PDF's up: flip once, and flip each line of words back.
        stream.set_matrix(scale, 0, 0, -scale, 0, height)
        self._draw(root, stream, (0.0, 0.0))
        page = pydyf.Dictionary({
            "Type": "/Page", "Parent": self.pdf.pages.reference,
            "MediaBox": pydyf.Array([0, 0, round(width, 3), round(height, 3)]),
            "Contents": self._add(stream).reference,
            "Resources": pydyf.Dictionary({"Font": pydyf.Dictionary(
                {f.resource: ref.reference for f, ref in zip(self.fonts, self.font_refs)})}),
        })
        self.pdf.add_page(page)
        self.pages += 1
        return self.pages - 1

    def write(self) -> bytes:
        """The PDF, with each font cut down to the glyphs its drawings use."""
        for font, ref in zip(self.fonts, self.font_refs):
            ref.update(self._font_objects(font))
        out = io.BytesIO()
        self.pdf.write(out, compress=True)
        return out.getvalue()

    def _add(self, obj: pydyf.Object) -> pydyf.Object:
        self.pdf.add_object(obj)
        return obj

    def _draw(self, element: ElementTree.Element, stream: pydyf.Stream, shift: tuple[float, float]) -> None:
        """Draw `element` and what it holds; `shift` is what the enclosing groups translate by."""
        tag = element.tag.removeprefix(_SVG)
        if tag == "g" and element.get("transform"):
            shift = _translated(shift, element.get("transform", ""))
        if tag == "text":
            self._text(element, stream, shift)
            return
        if tag in ("polygon", "polyline", "path", "ellipse"):
            _shape(tag, element, stream, shift)
        for child in element:
            self._draw(child, stream, shift)

    def _text(self, element: ElementTree.Element, stream: pydyf.Stream, shift: tuple[float, float]) -> None:
        """One line of words, at Graphviz's anchor point, in runs of the font that has their letters."""
        words = "".join(element.itertext())
        if not words.strip():
            return
        size = float(element.get("font-size", "14"))
        runs: list[tuple[_Font, list[int]]] = []
        for char in words:
            font = next((f for f in self.fonts if f.has(char)), self.fonts[0])
            if not runs or runs[-1][0] is not font:
                runs.append((font, []))
            runs[-1][1].append(font.glyph(char))
        width = sum(font.advance(g) for font, glyphs in runs for g in glyphs) * size
        x = float(element.get("x", "0")) + shift[0]
        y = float(element.get("y", "0")) + shift[1]
        x -= {"middle": width / 2, "end": width}.get(element.get("text-anchor", "start"), 0.0)
        colour = _colour(element.get("fill", "black")) or (0.0, 0.0, 0.0)
        stream.begin_text()
        stream.set_color_rgb(*colour)
        for font, glyphs in runs:
            stream.set_font_size(font.resource, size)
            stream.set_text_matrix(1, 0, 0, -1, round(x, 3), round(y, 3))
            stream.show_text(b"<" + "".join(f"{g:04x}" for g in glyphs).encode("ascii") + b">")
            x += sum(font.advance(g) for g in glyphs) * size
        stream.end_text()

    def _font_objects(self, font: _Font) -> dict[str, object]:
        """The Type 0 font (Identity-H: glyph ids as codes) over a subset of the TrueType file."""
        earlier = self.fonts[:self.fonts.index(font)]
        for char in REPERTOIRE:  # each letter in the first font that has it
            if font.has(char) and not any(f.has(char) for f in earlier):
                font.glyph(char)
        used = sorted(font.used) or [0]
        data = _subset(font.path, tuple(used))
        file = self._add(pydyf.Stream([data], pydyf.Dictionary({"Length1": len(data)}), compress=True))
        # A subset's name starts with six capitals of its own (PDF's rule); made from its glyphs.
        tag = "".join(chr(65 + b % 26) for b in hashlib.sha256(repr(used).encode()).digest()[:6])
        name = f"/{tag}+{font.font['name'].getDebugName(6) or font.path.stem}"
        head, hhea = font.font["head"], font.font["hhea"]
        em = 1000 / font.units
        descriptor = self._add(pydyf.Dictionary({
            "Type": "/FontDescriptor", "FontName": name, "Flags": 32,
            "FontBBox": pydyf.Array([round(v * em) for v in (head.xMin, head.yMin, head.xMax, head.yMax)]),
            "ItalicAngle": 0, "Ascent": round(hhea.ascent * em), "Descent": round(hhea.descent * em),
            "CapHeight": round(hhea.ascent * em), "StemV": 80, "FontFile2": file.reference,
        }))
        widths = pydyf.Array()
        for gid in used:
            widths.extend([gid, pydyf.Array([round(font.advance(gid) * 1000)])])
        cid = self._add(pydyf.Dictionary({
            "Type": "/Font", "Subtype": "/CIDFontType2", "BaseFont": name,
            "CIDSystemInfo": pydyf.Dictionary({"Registry": pydyf.String("Adobe"),
                                               "Ordering": pydyf.String("Identity"), "Supplement": 0}),
            "FontDescriptor": descriptor.reference, "W": widths, "CIDToGIDMap": "/Identity",
        }))
        to_unicode = self._add(pydyf.Stream([_to_unicode(font.used)], compress=True))
        return {"Type": "/Font", "Subtype": "/Type0", "BaseFont": name, "Encoding": "/Identity-H",
                "DescendantFonts": pydyf.Array([cid.reference]), "ToUnicode": to_unicode.reference}


@lru_cache(maxsize=8)
def _subset(path: Path, gids: tuple[int, ...]) -> bytes:
    """The TrueType file cut down to the glyphs `gids`, which keep their ids (the drawings' codes)."""
    options = subset.Options()
    options.retain_gids = True
    options.notdef_outline = True
    options.layout_features = []
    options.drop_tables += ["FFTM"]  # FontForge's timestamps: nothing a reader needs
    cut = TTFont(str(path), recalcTimestamp=False)  # else it carries the time it was cut
    subsetter = subset.Subsetter(options)
    subsetter.populate(gids=list(gids))
    subsetter.subset(cut)
    data = io.BytesIO()
    cut.save(data)
    return data.getvalue()


def prepare_fonts() -> None:
    """Cut the fonts' subsets of the repertoire now, so that processes forked after this inherit
    them: a run of cards that draws only those letters then cuts none."""
    DrawingPDF().write()


def _to_unicode(used: dict[int, str]) -> bytes:
    """The CMap that tells a reader (and a search) which character each glyph id shows."""
    pairs = sorted(used.items())
    lines = ["/CIDInit /ProcSet findresource begin", "12 dict begin", "begincmap",
             "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
             "/CMapName /Adobe-Identity-UCS def", "/CMapType 2 def",
             "1 begincodespacerange", "<0000> <FFFF>", "endcodespacerange"]
    for start in range(0, len(pairs), 100):  # at most 100 to a block
        block = pairs[start:start + 100]
        lines.append(f"{len(block)} beginbfchar")
        lines += [f"<{gid:04X}> <{char.encode('utf-16-be').hex().upper()}>" for gid, char in block]
        lines.append("endbfchar")
    lines += ["endcmap", "CMapName currentdict /CMap defineresource pop", "end", "end"]
    return "\n".join(lines).encode("ascii")


def _translated(shift: tuple[float, float], transform: str) -> tuple[float, float]:
    """The shift after a group's transform; Graphviz writes `scale(1 1) rotate(0) translate(x y)`."""
    x, y = shift
    for kind, args in _TRANSFORM_RE.findall(transform):
        values = [float(v) for v in _NUMBER_RE.findall(args)]
        if kind == "translate":
            x, y = x + values[0], y + (values[1] if len(values) > 1 else 0.0)
        elif (kind == "rotate" and any(values[:1])) or (kind == "scale" and any(v != 1 for v in values)):
            raise ValueError(f"a chart drawing with transform {transform!r}: only translations are drawn")
    return x, y


def _colour(value: str | None) -> tuple[float, float, float] | None:
    """An SVG paint as RGB from 0 to 1; None for none or transparent."""
    if value is None or value in ("none", "transparent"):
        return None
    if value.startswith("#") and len(value) == 7:
        return tuple(int(value[i:i + 2], 16) / 255 for i in (1, 3, 5))  # type: ignore[return-value]
    if value in _COLOURS:
        return _COLOURS[value]
    raise ValueError(f"a chart drawing uses the colour {value!r}, which the print drawing does not know")


def _shape(tag: str, element: ElementTree.Element, stream: pydyf.Stream, shift: tuple[float, float]) -> None:
    """A polygon, polyline, path or ellipse, filled and stroked as its attributes say."""
    fill = None if tag == "polyline" else _colour(element.get("fill", "black"))
    stroke = _colour(element.get("stroke", "none"))
    if fill is None and stroke is None:
        return
    dx, dy = shift
    stream.push_state()
    if fill is not None:
        stream.set_color_rgb(*fill)
    if stroke is not None:
        stream.set_color_rgb(*stroke, stroke=True)
        stream.set_line_width(float(element.get("stroke-width", "1")))
        dashes = element.get("stroke-dasharray")
        if dashes:
            stream.set_dash(pydyf.Array(float(v) for v in _NUMBER_RE.findall(dashes)), 0)
    if tag == "ellipse":
        cx, cy = float(element.get("cx", "0")) + dx, float(element.get("cy", "0")) + dy
        rx, ry = float(element.get("rx", "0")), float(element.get("ry", "0"))
        kx, ky = rx * _KAPPA, ry * _KAPPA
        stream.move_to(cx + rx, cy)
        stream.curve_to(cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry)
        stream.curve_to(cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy)
        stream.curve_to(cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry)
        stream.curve_to(cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy)
        stream.close()
    elif tag == "path":
        for command, args in _PATH_RE.findall(element.get("d", "")):
            values = [float(v) for v in _NUMBER_RE.findall(args)]
            points = [(values[i] + dx, values[i + 1] + dy) for i in range(0, len(values) - 1, 2)]
            if command == "M" and points:
                stream.move_to(*points[0])
            for i in range(0, len(points) - 2 if command == "C" else 0, 3):
                stream.curve_to(*points[i], *points[i + 1], *points[i + 2])
    else:
        values = [float(v) for v in _NUMBER_RE.findall(element.get("points", ""))]
        points = [(values[i] + dx, values[i + 1] + dy) for i in range(0, len(values) - 1, 2)]
        if points:
            stream.move_to(*points[0])
            for point in points[1:]:
                stream.line_to(*point)
            if tag == "polygon":
                stream.close()
    if fill is not None and stroke is not None:
        stream.fill_and_stroke()
    elif fill is not None:
        stream.fill()
    else:
        stream.stroke()
    stream.pop_state()
