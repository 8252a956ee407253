"""The printed handbook: built once per session from the real project, then read back with pypdf."""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

pypdf = pytest.importorskip("pypdf")
pytest.importorskip("weasyprint")

from generator.handbook import Built, make_handbook  # noqa: E402 - after the skips
from generator.cachedir import cache_dir  # noqa: E402
from generator.chartpages import dot_sources  # noqa: E402
from generator.flowcharts.render import render_all  # noqa: E402
from generator.handbook.book import chart_placement  # noqa: E402
from generator.handbook.charts import fit_drawing, sheet_count  # noqa: E402
from generator.handbook.paper import PAPERS  # noqa: E402
from generator.corpus import Corpus
from generator.loading import load_corpus  # noqa: E402

ROOT = Path(__file__).parent.parent
SAMPLED_LAWS = (1, 9, 27, 45, 77, 93)
MM = 72 / 25.4  # PDF points per millimetre


@pytest.fixture(scope="session")
def corpus() -> Corpus:
    return load_corpus(ROOT)


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    """The A4 handbook of the real project, built into a temporary folder."""
    result = make_handbook(ROOT, tmp_path_factory.mktemp("handbook") / "handbook.pdf", paper="A4")
    print(f"\nhandbook: {result.pages} pages in {result.seconds:.1f} s ({result.passes} layout passes)")
    return result


@pytest.fixture(scope="session")
def reader(built: Built) -> Any:
    return pypdf.PdfReader(built.path)


@pytest.fixture(scope="session")
def texts(reader: Any) -> list[str]:
    return [page.extract_text() or "" for page in reader.pages]


def page_of(reader: Any, name: str) -> int:
    """The printed number (from 1, the cover) of the page an id stands on."""
    return reader.get_destination_page_number(reader.named_destinations[name]) + 1


def outline_titles(items: list[Any]) -> list[str]:
    out: list[str] = []
    for item in items:
        if isinstance(item, list):
            out.extend(outline_titles(item))
        else:
            out.append(item.title)
    return out


def test_built_without_warnings(built: Built) -> None:
    # WeasyPrint's warnings (a missing anchor, an unreadable image …) and pagination's own.
    assert built.warnings == []


def test_every_law_and_part_has_a_bookmark(reader: Any, corpus: Corpus) -> None:
    titles = outline_titles(reader.outline)
    laws = {int(m.group(1)) for t in titles if (m := re.match(r"Law (\d+) – ", t))}
    assert laws == set(corpus.laws) == set(range(1, 94))
    parts = {law.part.value for law in corpus.laws.values()}
    assert parts <= set(titles)
    assert {"Contents", "Definitions", "How to read the flowcharts"} <= set(titles)


def test_bookmarks_lead_to_the_law_headings(reader: Any, texts: list[str]) -> None:
    def visit(items: list[Any]) -> dict[str, int]:
        out: dict[str, int] = {}
        for item in items:
            if isinstance(item, list):
                out.update(visit(item))
            else:
                out[item.title] = reader.get_destination_page_number(item) + 1
        return out

    pages = visit(reader.outline)
    for number in SAMPLED_LAWS:
        title = next(t for t in pages if t.startswith(f"Law {number} – "))
        assert re.search(rf"^LAW {number}$", texts[pages[title] - 1], re.M), title


def sheets_said(text: str) -> int:
    """How many pages a chart's first page says it takes (one unless it says more)."""
    m = re.search(r"on\s+(\d)\s+pages,\s+continued\s+overleaf", text)
    return int(m.group(1)) if m else 1


def test_every_chart_faces_the_end_of_its_law(reader: Any, texts: list[str], corpus: Corpus) -> None:
    placement = chart_placement(corpus)
    assert set(placement) == set(corpus.charts)
    for number in sorted(set(placement.values())):
        charts = [c for c in corpus.charts_for(number) if placement[c.id] == number]
        expected = page_of(reader, f"end-{number}") + 1
        for chart in charts:
            page = page_of(reader, f"chart-{chart.id}")
            assert page == expected, f"Law {number}: chart {chart.id} is on page {page}, not {expected}"
            # A tall chart goes on overleaf, onto as many pages as its first page says; no further.
            sheets = sheets_said(texts[page - 1])
            assert page_of(reader, f"chart-end-{chart.id}") == page + sheets - 1, f"chart {chart.id} spills"
            for k in range(1, sheets):
                assert f"Page {k + 1} of {sheets} of the chart" in texts[page - 1 + k], (chart.id, k)
            expected = page + sheets
        # The first chart is on a right-hand (odd) page, facing the Law's last page.
        assert page_of(reader, f"chart-{charts[0].id}") % 2 == 1


def test_tall_charts_are_cut_between_their_boxes_to_stay_readable(corpus: Corpus) -> None:
    svgs = render_all(dot_sources(corpus), cache_dir(ROOT, "svg"))
    paper = PAPERS["A4"]
    smallest = {}
    for chart in corpus.charts.values():
        if chart.layout != "flow":
            continue
        svg = svgs[f"chart:{chart.id}"]
        drawing = fit_drawing(svg, chart, paper)
        sheets = drawing.sheets()
        assert len(sheets) == len(drawing.cuts) + 1 == sheet_count(svg, paper) <= 3
        # Every word and link is on exactly one sheet, and each sheet fits the page.
        assert sum(len(s.texts) for s in sheets) == len(drawing.texts)
        assert sum(len(s.links) for s in sheets) == len(drawing.links)
        box_w, box_h = paper.chart_box
        for s in sheets:
            w, h = (s.height, s.width) if s.turned else (s.width, s.height)
            assert w <= box_w + 0.01 and h <= box_h + 0.01, chart.id
        # No cut runs through a line of words.
        for cut in drawing.cuts:
            for t in drawing.texts:
                bottom = t.top + t.line_pt * len(t.lines) / MM
                assert not t.top < cut < bottom, (chart.id, cut, t.lines)
        smallest[chart.id] = min(t.size_pt for t in drawing.texts)
    # A tall chart (Laws 69-71's) is cut onto more pages rather than shrunk. Since the audit of
    # 2026-12 the charts carry every route the Laws make, and the widest (Laws 42-43's, 3,000 pt
    # across) print at about 2 pt at A4: laying charts out for paper (7 pt and more) is the
    # handbook's own open issue. This floor only marks where that work starts from.
    assert len(fit_drawing(svgs["chart:laws-69-71"], corpus.charts["laws-69-71"], paper).cuts) >= 1
    assert smallest["laws-69-71"] >= 4.5
    assert min(smallest.values()) >= 2.0, sorted(smallest.items(), key=lambda kv: kv[1])[:3]


def test_other_laws_refer_to_the_page_of_a_shared_chart(reader: Any, texts: list[str], corpus: Corpus) -> None:
    placement = chart_placement(corpus)
    shared = [c for c in corpus.charts.values() if len(c.laws) > 1]
    assert shared
    for chart in shared:
        page = page_of(reader, f"chart-{chart.id}")
        for number in chart.laws:
            if number != placement[chart.id]:
                text = " ".join(texts[page_of(reader, f"end-{number}") - 1].split())
                assert f"after Law {placement[chart.id]}, page {page}" in text, (chart.id, number)


def test_contents_page_numbers_are_the_real_pages(reader: Any, texts: list[str]) -> None:
    first, after = page_of(reader, "contents"), page_of(reader, "preface")
    contents = "\n".join(texts[first - 1:after - 1])
    printed: dict[int, int] = {}
    for line in contents.splitlines():
        m = re.match(r"^\s*(\d{1,2}) [A-Z’'&,() -]+?[ .]+?(\d+)\s*$", line)
        if m:
            printed[int(m.group(1))] = int(m.group(2))
    assert len(printed) == 93
    for number in SAMPLED_LAWS:
        headed = [i + 1 for i, text in enumerate(texts) if re.search(rf"^LAW {number}$", text, re.M)]
        assert headed == [printed[number]], f"Law {number}: contents say {printed[number]}, heading on {headed}"


def test_text_holds_every_law_title(texts: list[str], corpus: Corpus) -> None:
    text = " ".join(" ".join(texts).split())
    missing = [law.title for law in corpus.laws.values() if " ".join(law.title.split()) not in text]
    assert missing == []


def test_citations_are_links_to_the_cited_paragraph(reader: Any) -> None:
    names = set(reader.named_destinations)
    page = reader.pages[page_of(reader, "law-27") - 1]
    targets = [a.get_object().get("/Dest") for a in page.get("/Annots", [])]
    cited = [t for t in targets if isinstance(t, str) and t.startswith("p-")]
    assert "p-31" in cited and "p-26B" in cited  # "Law 31 applies", "Law 26B may apply"
    assert all(t in names for t in cited)


def test_law_77_scoring_tables_stay_on_one_page(reader: Any) -> None:
    assert page_of(reader, "law-77") == page_of(reader, "p-77C") == page_of(reader, "end-77")


def test_running_heads_name_the_law(reader: Any, texts: list[str]) -> None:
    # A page inside Law 27 (its chart's page) carries the Law in its head.
    assert "Law 27 – Insufficient Bid" in texts[page_of(reader, "chart-law-27") - 1]


def test_chart_words_stay_on_chart_pages(reader: Any) -> None:
    # A chart's words are set in Liberation Sans (Arial's twin): none may stray to other pages.
    names = reader.named_destinations
    allowed = {page for n in names if n.startswith("chart-") and not n.startswith("chart-end-")
               for page in range(page_of(reader, n), page_of(reader, "chart-end-" + n[len("chart-"):]) + 1)}
    allowed.add(page_of(reader, "legend"))
    stray: dict[int, list[str]] = {}
    for number, page in enumerate(reader.pages, 1):
        if number in allowed:
            continue

        def visit(text: str, cm: Any, tm: Any, font: Any, size: Any, number: int = number) -> None:
            if font and "Liberation" in str(font.get("/BaseFont", "")) and text.strip():
                stray.setdefault(number, []).append(text.strip())

        page.extract_text(visitor_text=visit)
    assert stray == {}


def _ink_columns(path: Path, page: int, dpi: int) -> tuple[int, int, int, int]:
    """Render one page and return (width, height, leftmost, rightmost) column with dark grey ink."""
    out = subprocess.run(["pdftoppm", "-r", str(dpi), "-f", str(page), "-l", str(page), str(path)],
                         check=True, capture_output=True).stdout
    m = re.match(rb"P6\s+(\d+)\s+(\d+)\s+255\s", out)
    assert m is not None
    width, height = int(m.group(1)), int(m.group(2))
    data = out[m.end():]
    left, right = width, -1
    for y in range(height):
        row = data[y * width * 3:(y + 1) * width * 3]
        for x in range(width):
            r, g, b = row[3 * x], row[3 * x + 1], row[3 * x + 2]
            # Text is near-black grey; the thumb tabs are coloured, the links blue.
            if max(r, g, b) < 90 and max(r, g, b) - min(r, g, b) < 30:
                left, right = min(left, x), max(right, x)
    return width, height, left, right


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils) is not installed")
def test_no_text_runs_off_the_page(built: Built, reader: Any) -> None:
    paper = PAPERS["A4"]
    dpi = 40
    for name in ("law-27", "chart-law-26", "law-77"):
        page = page_of(reader, name)
        width, _height, left, right = _ink_columns(built.path, page, dpi)
        px = dpi / 25.4
        # Left pages have the outer margin on the left; a margin's inner 3 mm may hold ink (a
        # running head or a marker), beyond that nothing.
        left_margin, right_margin = (paper.outer, paper.inner) if page % 2 == 0 else (paper.inner, paper.outer)
        assert left >= (left_margin - 3) * px, f"page {page}: ink at {left / px:.0f} mm from the left edge"
        assert right <= width - (right_margin - 3) * px, f"page {page}: ink {(width - right) / px:.0f} mm from the right edge"
