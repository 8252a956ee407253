"""The thumb index: a coloured tab per part on the outer page edge, stepping down by part."""
from __future__ import annotations

import urllib.parse
from dataclasses import dataclass

from ..model import Part
from .paper import Paper

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
    Part.PENALTIES: "#5f6368",
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


def tab_background(paper: Paper, tabs: list[Tab], side: str) -> str:
    """A CSS `background` drawing `tabs` at the outer edge of a `side` ("left"/"right") page.

    WeasyPrint places a page's background from the corner of its content area, so the
    drawing (the size of the whole page) is shifted back by the margins.
    """
    parts = []
    for tab in tabs:
        parts.append(_tab_svg(paper, tab, side))
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{paper.width}mm" height="{paper.height}mm" '
           f'viewBox="0 0 {paper.width} {paper.height}">{"".join(parts)}</svg>')
    left_margin = paper.inner if side == "right" else paper.outer
    return f"url('data:image/svg+xml,{urllib.parse.quote(svg)}') no-repeat -{left_margin}mm -{paper.top}mm"


def _tab_svg(paper: Paper, tab: Tab, side: str) -> str:
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
