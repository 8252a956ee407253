"""Paper sizes, page margins and the areas a page leaves for text, charts and thumb tabs."""
from __future__ import annotations

from dataclasses import dataclass

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

    @property
    def text_width(self) -> float:
        return self.width - self.inner - self.outer

    @property
    def text_height(self) -> float:
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
                chart_head=16, tab_width=7),
    "A5": Paper("A5", 148, 210, top=15, bottom=15, inner=15, outer=17, font_pt=8.6,
                chart_head=13, tab_width=5.5),
}


def paper_named(name: str) -> Paper:
    """The paper for "A4" or "A5" (any case); a clear error for anything else."""
    try:
        return PAPERS[name.upper()]
    except KeyError:
        raise ValueError(f"unknown paper '{name}' (choose from: {', '.join(PAPERS)})") from None
