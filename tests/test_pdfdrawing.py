"""Chart drawings written straight into PDF (pdfdrawing) and laid over their frames (stamping)."""
from __future__ import annotations

import io

import pdfplumber
import pytest
from weasyprint import HTML

from generator.handbook.charts import Drawing
from generator.handbook.paper import PT_PER_MM
from generator.handbook.pdfdrawing import DrawingPDF
from generator.handbook.stamping import Stamps, lay_over
from generator.handbook.fonts import CHART_FAMILIES  # noqa: E402

CHART_FONT = CHART_FAMILIES[0]  # the charts' words: its name is in every subset's BaseFont

# A drawing as Graphviz writes one: a box with two lines of words, an arrow with its label, a
# dashed ellipse; 200 × 100 pt, its graph moved up by its height.
SVG = """<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<svg width="200pt" height="100pt" viewBox="0.00 0.00 200.00 100.00"
 xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">
<g id="graph0" class="graph" transform="scale(1 1) rotate(0) translate(4 96)">
<polygon fill="white" stroke="none" points="-4,4 -4,-96 196,-96 196,4 -4,4"/>
<g id="node1" class="node"><title>a</title>
<polygon fill="#dbe9fb" stroke="#1f4e8c" stroke-width="1.2" points="90,-90 10,-90 10,-60 90,-60 90,-90"/>
<text xml:space="preserve" text-anchor="middle" x="50" y="-78" font-family="Arial" font-size="12.00" fill="#1f4e8c">Lead &amp; play</text>
<text xml:space="preserve" text-anchor="middle" x="50" y="-64" font-family="Arial" font-size="12.00" fill="#1f4e8c">of the ♠ suit ✓</text>
</g>
<g id="edge1" class="edge"><title>a&#45;&gt;b</title>
<path fill="none" stroke="#1b7f3b" stroke-width="1.4" d="M50,-60C50,-50 50,-40 50,-30"/>
<polygon fill="#1b7f3b" stroke="#1b7f3b" points="53,-30 50,-24 47,-30 53,-30"/>
<text xml:space="preserve" text-anchor="start" x="54" y="-40" font-family="Arial" font-size="11.00" fill="#1b7f3b">Yes</text>
</g>
<g id="node2" class="node"><title>b</title>
<ellipse fill="#ffffff" stroke="#1f4e8c" stroke-dasharray="5,2" cx="150" cy="-20" rx="30" ry="14"/>
<text xml:space="preserve" text-anchor="end" x="175" y="-16" font-family="Arial" font-size="12.00" fill="#000000">Law 27</text>
</g>
</g>
</svg>
"""


def chars(pdf: bytes, page: int = 0) -> list[dict]:
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        return list(doc.pages[page].chars)


def test_words_are_text_at_their_printed_size_and_place() -> None:
    out = DrawingPDF()
    scale = 0.5
    width_mm, height_mm = 200 * scale / PT_PER_MM, 100 * scale / PT_PER_MM
    assert out.add(SVG, width_mm, height_mm) == 0
    pdf = out.write()
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        page = doc.pages[0]
        assert page.width == pytest.approx(100, abs=0.01) and page.height == pytest.approx(50, abs=0.01)
        text = page.extract_text()
        found = page.chars
    # Every line of words is there as text, the suit symbol and the tick (from the second font) too.
    assert "Lead & play" in text and "of the ♠ suit ✓" in text and "Yes" in text and "Law 27" in text
    assert {round(c["size"], 2) for c in found} == {6.0, 5.5}  # 12 and 11 pt drawn at half size
    assert len({c["fontname"] for c in found}) == 2  # Arimo, and DejaVu Sans for the tick
    assert all(c["upright"] for c in found)
    # Anchors: "middle" lines are centred on x = 54 (drawn 27), "end" ends at 179 (drawn 89.5).
    lead = [c for c in found if c["top"] < 10]
    assert (min(c["x0"] for c in lead) + max(c["x1"] for c in lead)) / 2 == pytest.approx(27, abs=0.6)
    law = [c for c in found if c["text"] in "Law 27" and c["top"] > 35]
    assert max(c["x1"] for c in law) == pytest.approx(89.5, abs=0.6)
    # A baseline where Graphviz put it: y = -78 + 96 = 18 from the top, drawn 9.
    assert lead[0]["bottom"] - 0.212 * lead[0]["size"] == pytest.approx(9, abs=0.5)  # less the descent


def test_the_fonts_are_cut_to_the_glyphs_used_and_the_pdf_is_the_same_each_time() -> None:
    def build() -> bytes:
        out = DrawingPDF()
        out.add(SVG, 70, 35)
        out.add(SVG, 35, 17.5)
        return out.write()

    first = build()
    assert first == build()  # no timestamps, no random names
    assert len(first) < 60_000  # subsets, not the whole fonts (Arimo alone is 500 KB)
    with pdfplumber.open(io.BytesIO(first)) as doc:
        assert len(doc.pages) == 2


def test_a_colour_or_transform_it_cannot_draw_is_an_error_not_a_wrong_drawing() -> None:
    with pytest.raises(ValueError, match="colour"):
        DrawingPDF().add(SVG.replace('fill="#dbe9fb"', 'fill="rgba(1,2,3,0.5)"'), 70, 35)
    with pytest.raises(ValueError, match="transform"):
        DrawingPDF().add(SVG.replace("rotate(0)", "rotate(90)"), 70, 35)


def test_a_drawing_is_laid_over_its_frame_and_the_frame_keeps_its_link() -> None:
    drawing = Drawing(SVG, 70.0, 35.0)
    stamps = Stamps()
    html = ('<html><head><style>@page { size: A4; margin: 20mm } body { margin: 0 }</style></head><body>'
            '<p id="top">Above the chart</p>'
            f'<div id="{stamps.place("stamp-x", drawing)}" style="width:70mm;height:35mm;margin-left:30mm;'
            'position:relative"><a href="#top" style="position:absolute;left:0;top:0;width:10mm;height:10mm;'
            'display:block"></a></div></body></html>')
    document = HTML(string=html).render()
    pdf = lay_over(document.write_pdf(), document, stamps)
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        page = doc.pages[0]
        words = page.extract_text()
        drawn = [c for c in page.chars if CHART_FONT in c["fontname"] and c["text"] == "Y"]
        links = page.annots
    assert "Above the chart" in words and "Lead & play" in words
    # The frame's top left is 50 mm from the page's left (20 margin + 30) and under the paragraph;
    # "Yes" starts 58 pt right of the drawing's left edge (x = 54 + 4), at 70/200.*72/25.4 a pt.
    per_pt = 70 * PT_PER_MM / 200
    assert drawn and drawn[0]["x0"] == pytest.approx(50 * PT_PER_MM + 58 * per_pt, abs=1.0)
    assert drawn[0]["top"] > 20 * PT_PER_MM + 10
    assert links, "the frame's link is still a link"
