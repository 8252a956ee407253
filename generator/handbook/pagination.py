"""Lay the book out, see where everything landed, adjust: each chart faces its Law's last page,
or, cut into pieces, stands on spreads of its own.

A chart of one page is printed on the right-hand page after its Law, so the text must end on
the left-hand page before it; a chart in pieces starts on a left-hand page (its pieces pair up
on spreads), so the text must end on a right-hand page. When the text would end on the other
side, a blank page would stand between them; instead part of the text is moved over to that
page (a Law of one page moves whole, so that it and a one-page chart make a spread), or, for a
Law of one page before a chart in pieces, the chart is cut again with its first piece alone
on the right-hand page, facing the Law, and its spreads after. A chart that spilled past its
page is drawn smaller.

The first layout is a quick one of the Laws alone, in two halves at once on two cores (see
`measure`); it is skipped when an earlier build settled on a layout, for the very same text and
style or (a guess, after an edit) for the last book built. The book is then laid out once and
checked; only if the check fails is it adjusted and laid out again.

A reference to a chart's page prints the number the last build found for it, and the check
also compares each with where its chart landed: WeasyPrint counting them itself would lay every
page of a chart out three times (a chart's parts refer to the parts after them).
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path

import weasyprint
from weasyprint import HTML
from weasyprint.document import Document

from generator.sources.cachedir import code_digest, keep, kept_text, work_key
from generator.sources.model import Chart, ChartLayout
from generator.handbook.book import Handbook, Layout
from generator.handbook.charts import SHRINK
from generator.handbook.paper import PT_PER_MM
from generator.handbook.workers import beside, two_cores

MAX_FULL_PASSES = 2
# A layout kept by other pagination code may not be one this code would settle on.
PX_PER_MM = 96 / 25.4
# A block this far below the top of its page has something above it there: more than a
# section's top margin (2.6 mm at A4), less than a line (4 mm at A5).
BELOW_TOP_MM = 3.3


@dataclass
class Paginated:
    """The laid-out document, the layout it settled on, and how it got there."""

    document: Document
    layout: Layout
    passes: int
    unsettled: list[str] = field(default_factory=list)  # what the last pass still could not fix


def paginate(book: Handbook, base_url: Path, cache_dir: Path | None = None) -> Paginated:
    """Measure (or recall), adjust, lay the book out; again only if it did not settle."""
    # What the layout depends on: the text as measured, and the stylesheet it links to.
    measuring = with_styles(book.html(Layout(), measuring=True), base_url)
    # The layout settled on for this very text; else the last book's (after an edit, most of it
    # still holds, and checking it costs one layout); else a measure of the Laws alone.
    recalled = _recall(cache_dir / f"{layout_key(book, measuring)}.json" if cache_dir else None) or _recall(
        cache_dir / _last(book) if cache_dir else None)
    passes = 0
    if recalled is None:
        passes += 1
        layout, _ = adjust(book, measure(book, base_url), Layout())
        pages = None
    else:
        layout, pages = recalled

    def render(pages: dict[str, int] | None) -> tuple[Document, Landing, dict[str, int], bool]:
        nonlocal passes
        passes += 1
        document = HTML(string=book.html(layout, pages=pages), base_url=str(base_url)).render()
        landed = landing(document)
        found = book.page_numbers(landed.page)
        return document, landed, found, pages is None or all(pages.get(a) == n for a, n in found.items())

    while True:
        document, landed, found, right = render(pages)
        adjusted, unsettled = adjust(book, landed, layout)
        if adjusted == layout or passes > MAX_FULL_PASSES:
            break
        layout, pages = adjusted, found
    # The page numbers written in must be where the charts landed: the numbers found are (their
    # width is fixed, so they cannot move a page break); if they still are not, WeasyPrint counts.
    for guess in (found, None):
        if right:
            break
        document, landed, found, right = render(guess)
    _remember(cache_dir, book, measuring, layout, found)
    return Paginated(document, layout, passes, unsettled)


@dataclass(frozen=True)
class Landing:
    """Where each id landed: its first page (from 0) and how far down that page (mm)."""

    page: dict[str, int]
    top: dict[str, float]


def landing(document: Document) -> Landing:
    """Where every id of the document landed."""
    page: dict[str, int] = {}
    top: dict[str, float] = {}
    for i, p in enumerate(document.pages):
        for name, box in p.anchors.items():
            if name not in page:
                page[name] = i
                top[name] = box[1] / PX_PER_MM  # (x, y), or (x1, y1, x2, y2) since WeasyPrint 66
    return Landing(page, top)


def measure(book: Handbook, base_url: Path) -> Landing:
    """Lay out the Laws alone (see `Handbook.html`), in two halves at once when there are two cores."""
    split = _split_after(book)
    if split is None or not two_cores():
        return _landing_of(book.html(Layout(), measuring=True), str(base_url))
    first = frozenset(n for n in book.printed if n <= split)
    second = frozenset(n for n in book.printed if n > split)
    # The child needs nothing sent but the second half's text.
    early, rest = beside(lambda: _landing_of(book.html(Layout(), measuring=True, laws=first), str(base_url)),
                         _landing_of, book.html(Layout(), measuring=True, laws=second), str(base_url))
    return _join(early, rest, f"chart-end-{book.charts_after(split)[-1].id}")


def _landing_of(html: str, base_url: str) -> Landing:
    """Lay out `html` and say where its ids landed (here, or in the forked process)."""
    return landing(HTML(string=html, base_url=base_url).render())


def _join(early: Landing, rest: Landing, last_chart_end: str) -> Landing:
    """One run of pages, as if laid out together: the second half's after the first's last chart.

    (Its page 0 is the blank page before its first left-hand page.)
    """
    offset = early.page[last_chart_end]
    page = dict(early.page)
    top = dict(early.top)
    for name, p in rest.page.items():
        if name not in page:
            page[name] = p + offset
            top[name] = rest.top[name]
    return Landing(page, top)


def _split_after(book: Handbook) -> int | None:
    """The charted Law nearest the middle of the text: the first half ends with its chart."""
    sizes = {n: len(p.body) for n, p in book.printed.items()}
    total = sum(sizes.values())
    best: tuple[float, int] | None = None
    running = 0
    for n in sorted(sizes):
        running += sizes[n]
        charts = book.charts_after(n)
        # Its charts must end on a right-hand page, so that the second half starts on a left one.
        first = (0 if book.pages_of(charts[0]) == 1 else 1) if charts else 0
        if charts and n != max(sizes) and not is_right(chart_run(book, charts, first)):
            gap = abs(running - total / 2)
            if best is None or gap < best[0]:
                best = (gap, n)
    return best[1] if best else None


def adjust(book: Handbook, landed: Landing, layout: Layout) -> tuple[Layout, list[str]]:
    """The layout with the pushes and shrinks this rendering shows are needed; and what is left.

    It follows the book in order, keeping count of how far pages will move once the fixes
    before them are made: a chart drawn smaller, or a blank page before a chart that comes or
    goes, moves every page after it (and so may flip the side a Law's text ends on).
    """
    breaks = dict(layout.breaks)
    shrink = dict(layout.shrink)
    lone = set(layout.lone_first)
    unsettled: list[str] = []
    page = landed.page
    page_top = book.paper.top + BELOW_TOP_MM
    delta = 0  # where a page of the text will be, less where it is now
    for number in sorted(book.printed):
        charts = book.charts_after(number)
        end = page.get(f"end-{number}")
        if not charts or end is None:
            continue
        for chart in charts:
            first, last = page.get(f"chart-{chart.id}"), page.get(f"chart-end-{chart.id}")
            drawn = book.pages_of(chart, chart is charts[0] and chart.id in layout.lone_first)
            over = last - first - (drawn - 1) if first is not None and last is not None else 0
            if over > 0:
                # Shrink by as many steps as the overflow suggests (height shrinks at least as
                # fast as the type, as fewer lines wrap), so one more layout is likely enough.
                text_height = book.paper.text_height
                used = over * text_height + landed.top[f"chart-end-{chart.id}"] - book.paper.top
                steps = max(1, math.ceil(math.log(text_height / used) / math.log(SHRINK)))
                shrink[chart.id] = shrink.get(chart.id, 0) + steps
                unsettled.append(f"chart {chart.id}: does not fit one page")
        will_end = end + delta
        first_chart = charts[0]
        in_parts = book.pages_of(first_chart) > 1
        if in_parts and is_right(will_end):
            lone.discard(first_chart.id)  # the text ends where its spreads can start
        spread = in_parts and first_chart.id not in lone
        if is_right(will_end) != spread:
            # The text would end on the side its first chart needs: it must end on the page after.
            ids = book.anchors_of(number)
            start = next(iter(ids))
            text_height = book.paper.text_height
            height = (end - page[start]) * text_height + landed.top[f"end-{number}"] - landed.top[start]
            pages = max(1, math.ceil(height / text_height - 0.02))  # from the top of a page
            # A Law of one page before a chart in pieces keeps its page: the chart's first piece
            # faces it alone (moved, it would leave the page before it blank). A Law of one page
            # before a one-page chart moves whole to the next page; a longer one has what of it
            # stands on its last page moved over to the next; if nothing can move, it starts at the
            # top of a page, on the side that makes its last page the one its chart needs.
            movable = None if pages == 1 else _block_to_move(ids, landed, end, landed.top[f"end-{number}"],
                                                             page_top, breaks)
            if in_parts and pages == 1 and start not in breaks and first_chart.layout is ChartLayout.FLOW:
                lone.add(first_chart.id)
                unsettled.append(f"Law {number}: its chart's first part is to face it alone")
            else:
                if movable is not None:
                    breaks[movable] = "page" if movable != start else ("right" if spread else "left")
                elif start not in breaks:
                    ends_left = not spread
                    breaks[start] = (("left" if pages % 2 else "right") if ends_left
                                     else ("right" if pages % 2 else "left"))
                unsettled.append(f"Law {number}: a blank page stands between its text and its chart")
                will_end += 1
        # The charts then take their pages from the page after the text.
        after_charts = chart_run(book, charts, will_end + 1, lone)
        last_chart = page.get(f"chart-end-{charts[-1].id}")
        if last_chart is not None:
            delta = after_charts - (last_chart + 1)
    return Layout(breaks, shrink, frozenset(lone)), unsettled


def _block_to_move(ids: dict[str, frozenset[str]], landed: Landing, end: int, end_top: float, page_top: float,
                   moved: dict[str, str]) -> str | None:
    """The block on page `end` to start the next page with.

    A Law that starts on that page moves whole (the Law and its chart then make one spread).
    Else, of the blocks with some of the Law above them there (not just the headings of the
    levels they are in: moving a paragraph would leave its section's heading behind), the one
    nearest the middle of what stands there, so that neither page is left nearly empty.
    """
    order = list(ids)
    candidates = []
    for i, a in enumerate(order):
        if landed.page.get(a) != end or a in moved:
            continue
        if i == 0 or (i == 1 and order[0] in ids[a]):
            return a  # the Law's own start (or its part's)
        above = [b for b in order[1:i] if landed.page.get(b) == end]
        if any(b not in ids[a] for b in above) or (not above and landed.top[a] > page_top):
            candidates.append(a)
    middle = (page_top + end_top) / 2
    return min(candidates, key=lambda a: abs(landed.top[a] - middle), default=None)


def chart_run(book: Handbook, charts: list[Chart], first: int, lone_first: set[str] | frozenset[str] = frozenset(),
              ) -> int:
    """The page after a run of charts whose first starts at page `first` (already on its side):
    a later chart in pieces waits for a left-hand page."""
    page = first
    for k, chart in enumerate(charts):
        pages = book.pages_of(chart, k == 0 and chart.id in lone_first)
        if k > 0 and pages > 1 and is_right(page):
            page += 1
        page += pages
    return page


def is_right(page_index: int) -> bool:
    """Whether a page (counted from 0, in a layout whose first page is a right-hand one) is on the right."""
    return page_index % 2 == 0


def with_styles(html: str, base_url: Path) -> str:
    """`html` and the stylesheets it links to: what its layout depends on."""
    return html + "".join(p.read_text(encoding="utf-8") for p in sorted(base_url.glob("*.css")))


def layout_key(book: Handbook, measuring: str) -> str:
    """The cache key of a layout: WeasyPrint's version, the paper, the text and style (`with_styles`)."""
    # The images' folder is new each build; their names are their content's hash.
    measuring = measuring.replace(book.images.folder.as_uri(), "")
    return work_key("handbook", weasyprint.__version__, str(book.paper), str(PT_PER_MM), measuring)


def _recall(path: Path | None) -> tuple[Layout, dict[str, int]] | None:
    """A layout an earlier build settled on, and the pages its charts landed on, if kept."""
    if path is None:
        return None
    try:
        data = json.loads(kept_text(path) or "")
        if data.get("code") != code_digest():
            return None
        return (Layout({str(k): str(v) for k, v in data["breaks"].items()},
                       {str(k): int(v) for k, v in data["shrink"].items()},
                       frozenset(str(c) for c in data["lone_first"])),
                {str(k): int(v) for k, v in data["pages"].items()})
    except (ValueError, KeyError, TypeError, AttributeError):
        return None


def _remember(cache_dir: Path | None, book: Handbook, measuring: str, layout: Layout, pages: dict[str, int]) -> None:
    """Keep the settled layout, and where the charts landed, for the next build of the same text
    (and as the last book's, for the next build of any)."""
    if cache_dir is None:
        return
    cache_dir.mkdir(parents=True, exist_ok=True)
    entry = json.dumps({"breaks": layout.breaks, "shrink": layout.shrink, "lone_first": sorted(layout.lone_first),
                        "pages": pages, "code": code_digest()}, sort_keys=True)
    keep(cache_dir / f"{layout_key(book, measuring)}.json", entry)
    keep(cache_dir / _last(book), entry)


def _last(book: Handbook) -> str:
    """The entry of the last book built on this paper, whatever its text."""
    return f"last-{book.paper.name}.json"
