"""The page: paper sizes and margins, the areas left for text and charts, and the thumb tabs."""
from __future__ import annotations

from dataclasses import dataclass

from generator.sources.model import Part

PT_PER_MM = 72 / 25.4


@dataclass(frozen=True)
class Paper:
    """One trimmed page size and its margins, all in millimetres (the font size in points)."""

    name: str
    width: float
    height: float
    top: float
    bottom: float
    inner: float  # the binding side
    outer: float  # wide enough for the thumb tabs
    font_pt: float
    chart_head: float  # room kept above a chart drawing for its title line(s)
    tab_width: float
    chart_floor_pt: float = 7.0  # no chart lettering printed smaller

    @property
    def text_width(self) -> float:
        """Width of the text area, mm."""
        return self.width - self.inner - self.outer

    @property
    def text_height(self) -> float:
        """Height of the text area, mm."""
        return self.height - self.top - self.bottom

    @property
    def chart_box(self) -> tuple[float, float]:
        """Width and height a chart drawing may take on its page."""
        return self.text_width, self.text_height - self.chart_head

    def tab_span(self, index: int, count: int) -> tuple[float, float]:
        """Top edge and height of tab `index` of `count`, stepping down the page edge."""
        first, last = self.top, self.height - self.bottom
        pitch = (last - first) / count
        return first + index * pitch + pitch * 0.06, pitch * 0.88


PAPERS: dict[str, Paper] = {
    "A4": Paper("A4", 210, 297, top=20, bottom=20, inner=22, outer=24, font_pt=10.5,
                chart_head=24, tab_width=7),
    "A5": Paper("A5", 148, 210, top=15, bottom=15, inner=15, outer=17, font_pt=8.6,
                chart_head=19, tab_width=5.5),
}


def paper_named(name: str) -> Paper:
    """The paper for "A4" or "A5" (any case); a clear error for anything else."""
    try:
        return PAPERS[name.upper()]
    except KeyError:
        raise ValueError(f"unknown paper '{name}' (choose from: {', '.join(PAPERS)})") from None


# One colour per part, in the book's order; dark enough for white lettering.
PART_COLOURS: dict[Part, str] = {
    Part.PRELIMINARIES: "#5b3f8c",
    Part.PREPARATION: "#1f4e8c",
    Part.IRREGULARITIES: "#0b7a75",
    Part.AUCTION: "#2e7d32",
    Part.PLAY: "#8a6d00",
    Part.PROPRIETIES: "#b3541e",
    Part.SCORE: "#b3261e",
    Part.SPONSORSHIP: "#8c1f5e",
    Part.DIRECTOR: "#4a4a8c",
    Part.PENALTIES: "#6d4c41",
    Part.APPEALS: "#3d5a1f",
}


@dataclass(frozen=True)
class Tab:
    """One part's tab: the page name its pages use, and what the tab shows."""

    part: Part
    index: int
    page_name: str
    label: str  # the Law numbers the part holds, e.g. "7–16"
    colour: str


def part_tabs(ranges: dict[Part, tuple[int, int]]) -> list[Tab]:
    """A tab for every part that has Laws, placed by the part's order in the book."""
    out = []
    for index, part in enumerate(Part):
        if part in ranges:
            first, last = ranges[part]
            label = str(first) if first == last else f"{first}–{last}"
            out.append(Tab(part, index, f"part-{index + 1}", label, PART_COLOURS[part]))
    return out


def tab_drawing(paper: Paper, tabs: list[Tab], side: str) -> str:
    """An SVG the size of the page with `tabs` at the outer edge of a `side` ("left"/"right") page."""
    parts = "".join(_tab_svg(paper, tab, side) for tab in tabs)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{paper.width}mm" height="{paper.height}mm" '
            f'viewBox="0 0 {paper.width} {paper.height}">{parts}</svg>')


def tab_background(paper: Paper, url: str, side: str) -> str:
    """The CSS `background` that lays a page-sized drawing at `url` over a `side` page.

    WeasyPrint places a page's background from the corner of its content area, so the
    drawing is shifted back by the margins.
    """
    left_margin = paper.inner if side == "right" else paper.outer
    return f"url('{url}') no-repeat -{left_margin}mm -{paper.top}mm"


def _tab_svg(paper: Paper, tab: Tab, side: str) -> str:
    """One tab: a coloured rectangle off the trimmed edge, its Laws' numbers turned along it."""
    top, height = paper.tab_span(tab.index, len(Part))
    w = paper.tab_width
    # The tab runs off the trimmed edge (bleed), with its rounded corners on the page side.
    x = paper.width - w if side == "right" else -2
    cx = paper.width - w / 2 if side == "right" else w / 2
    cy = top + height / 2
    angle = 90 if side == "right" else -90
    size = w * 0.5
    return (f'<rect x="{x:.2f}" y="{top:.2f}" width="{w + 2:.2f}" height="{height:.2f}" rx="1.2" '
            f'fill="{tab.colour}"/>'
            f'<text x="{cx:.2f}" y="{cy:.2f}" transform="rotate({angle} {cx:.2f} {cy:.2f})" '
            f'font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="{size:.2f}" '
            f'fill="#ffffff" text-anchor="middle" dominant-baseline="central">{tab.label}</text>')
