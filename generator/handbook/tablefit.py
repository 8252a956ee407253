"""A decision table's print size: as large as fits one page, never below the lettering's floor.

A flow chart's drawing has a size Graphviz gives it, so its scale is worked out (`charts`); a
table's height is known only once WeasyPrint has wrapped its cells. So each table is laid out
alone, after its Law, at the floor first: if it needs more pages there, it keeps the floor and
takes them (as a spread, like a chart in pieces); else it is tried a step larger at a time
while it still fits one page. What was found is kept for the same text and style.
"""
from __future__ import annotations

import json
from pathlib import Path

from weasyprint import HTML

from generator.sources.cachedir import keep, kept_text
from generator.handbook.book import Handbook, Layout, TableFit
from generator.handbook.charts import SHRINK
from generator.handbook.pagination import layout_key, with_styles
from generator.sources.model import ChartLayout

# The scales tried above the floor, smallest first: the shrink steps pagination uses.
STEPS = tuple(SHRINK ** k for k in range(4, -1, -1))
# A fit kept by other fitting code may not be one this code would find.


def fit_tables(book: Handbook, base_url: Path, cache_dir: Path | None = None) -> dict[str, TableFit]:
    """Each decision table's scale (of the text's size) and the pages it takes at that scale;
    set on `book` too."""
    floor = book.paper.chart_floor_pt / book.paper.font_pt
    fits: dict[str, TableFit] = {}
    for chart in book.corpus.charts.values():
        if chart.layout is not ChartLayout.TABLE or chart.id not in book.placement:
            continue
        at_floor = _html_at(book, chart.id, floor)
        key = layout_key(book, f"table\n{STEPS}\n{with_styles(at_floor, base_url)}")
        path = cache_dir / f"table-{key}.json" if cache_dir else None
        found = _recall(path)
        if found is None:
            found = TableFit(floor, _pages_of(at_floor, chart.id, base_url))
            if found.pages == 1:
                for scale in (s for s in STEPS if s > floor):
                    if _pages_of(_html_at(book, chart.id, scale), chart.id, base_url) > 1:
                        break
                    found = TableFit(scale, 1)
            if path is not None:
                keep(path, json.dumps({"scale": found.scale, "pages": found.pages}))
        fits[chart.id] = found
    book.table_fits = fits
    return fits


def _html_at(book: Handbook, chart_id: str, scale: float) -> str:
    """The table's Law and its charts alone, the table at `scale`."""
    book.table_fits = {**book.table_fits, chart_id: TableFit(scale, 1)}
    return book.html(Layout(), measuring=True, laws=frozenset({book.placement[chart_id]}))


def _pages_of(html: str, chart_id: str, base_url: Path) -> int:
    """How many pages the chart `chart_id` takes when `html` is laid out."""
    document = HTML(string=html, base_url=str(base_url)).render()
    first = last = None
    for i, page in enumerate(document.pages):
        if f"chart-{chart_id}" in page.anchors and first is None:
            first = i
        if f"chart-end-{chart_id}" in page.anchors:
            last = i
    return 1 if first is None or last is None else last - first + 1


def _recall(path: Path | None) -> TableFit | None:
    if path is None:
        return None
    try:
        data = json.loads(kept_text(path) or "")
        return TableFit(float(data["scale"]), int(data["pages"]))
    except (ValueError, KeyError, TypeError):
        return None
