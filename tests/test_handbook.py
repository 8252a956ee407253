"""The printed handbook: built once per session from the real project, then read back with pypdf
(links, destinations) and PDFium (letters and text: pdfletters)."""
from __future__ import annotations

import re
from collections import Counter
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from collections.abc import Iterator
from typing import Any

import pytest

pypdf = pytest.importorskip("pypdf")
pytest.importorskip("weasyprint")

from generator.handbook import Built  # noqa: E402 - after the skips
from generator.handbook.book import chart_placement  # noqa: E402
from generator.handbook.paper import PAPERS  # noqa: E402
from generator.corpus.corpus import Corpus
from generator.handbook.fonts import CHART_FAMILIES  # noqa: E402
from pdfletters import Page, pdf_pages  # noqa: E402

CHART_FONT = CHART_FAMILIES[0]  # the charts' words: its name is in every subset's BaseFont

ROOT = Path(__file__).parent.parent
SAMPLED_LAWS = (1, 9, 27, 45, 77, 93)
MM = 72 / 25.4  # PDF points per millimetre


@pytest.fixture(scope="session")
def corpus(real_corpus: Corpus) -> Corpus:
    return real_corpus


@pytest.fixture(scope="session")
def built(real_build: Any) -> Built:
    """The A4 handbook of the real project, as the session's one build made it (with no system font)."""
    return real_build.handbook


@pytest.fixture(scope="session")
def reader(built: Built) -> Any:
    return pypdf.PdfReader(built.path)


@pytest.fixture(scope="session")
def printed(built: Built) -> Iterator[list[Page]]:
    """Every page's letters, read once for the session."""
    with pdf_pages(built.path) as pages:
        yield pages


@pytest.fixture(scope="session")
def texts(printed: list[Page]) -> list[str]:
    return [page.text().replace("\r\n", "\n") for page in printed]


@dataclass(frozen=True)
class PageType:
    """What one page's type is: the charts' (Arimo) and everything."""

    chart_sizes: tuple[float, ...]  # the size of every letter of a chart's words, pt
    chart_turned: int  # how many of them are not upright
    letters: str  # every letter on the page


def page_types(pages: list[Page]) -> list[PageType]:
    out = []
    for page in pages:
        chart = [c for c in page.letters if CHART_FONT in c.font]
        out.append(PageType(tuple(c.size for c in chart), sum(1 for c in chart if not c.upright),
                            "".join(c.text for c in page.letters)))
    return out


@pytest.fixture(scope="session")
def types(printed: list[Page]) -> list[PageType]:
    return page_types(printed)


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


def chart_ids(reader: Any) -> list[str]:
    """The charts in the PDF: each has a `chart-<id>` and a `chart-end-<id>` destination."""
    return [n[len("chart-end-"):] for n in reader.named_destinations if n.startswith("chart-end-")]


def piece_letters(reader: Any, chart_id: str) -> list[str]:
    """The letters of a flow chart's parts, A, B …, from their destinations."""
    return sorted(n.rsplit("-", 1)[1] for n in reader.named_destinations
                  if re.fullmatch(rf"chart-{re.escape(chart_id)}-[A-Z]", n))


def test_every_chart_faces_the_end_of_its_law_or_stands_on_spreads(reader: Any, texts: list[str],
                                                                    corpus: Corpus) -> None:
    placement = chart_placement(corpus)
    assert set(placement) == set(corpus.charts)
    for number in sorted(set(placement.values())):
        charts = [c for c in corpus.charts_for(number) if placement[c.id] == number]
        end = page_of(reader, f"end-{number}")
        for k, chart in enumerate(charts):
            page = page_of(reader, f"chart-{chart.id}")
            letters = piece_letters(reader, chart.id) if chart.layout == "flow" else []
            if len(letters) <= 1:
                # One page: the first chart on the right-hand (odd) page facing the Law's last page.
                assert k > 0 or (page == end + 1 and page % 2 == 1), f"Law {number}: chart {chart.id} on p. {page}"
                assert page_of(reader, f"chart-end-{chart.id}") == page, f"chart {chart.id} spills"
                continue
            # In parts: A on a left-hand (even) page, then a part a page, so that A|B, C|D … are spreads;
            # or, the first chart after a short Law, A alone facing the Law's last page, then B|C, D|E ….
            facing = k == 0 and page % 2 == 1 and page == end + 1
            assert page % 2 == 0 or facing, f"chart {chart.id} starts on the right-hand page {page}"
            if k == 0:
                assert page == end + 1, f"Law {number}: text ends on p. {end}, chart {chart.id} starts on p. {page}"
            for i, letter in enumerate(letters):
                at = page_of(reader, f"chart-{chart.id}-{letter}")
                assert at == page + i, (chart.id, letter, at)
                assert f"Part {letter} of {len(letters)}" in texts[at - 1], (chart.id, letter)
            assert page_of(reader, f"chart-end-{chart.id}") == page + len(letters) - 1, f"chart {chart.id} spills"


def test_each_part_names_the_pages_its_arrows_lead_to(reader: Any, texts: list[str]) -> None:
    checked = 0
    for chart_id in chart_ids(reader):
        letters = piece_letters(reader, chart_id)
        for letter in letters if len(letters) > 1 else []:
            text = " ".join(texts[page_of(reader, f"chart-{chart_id}-{letter}") - 1].split())
            m = re.search(r"continues → ((?:[A-Z] \(p\. \d+\)(?:, )?)+)", text)
            for target, page in re.findall(r"([A-Z]) \(p\. (\d+)\)", m.group(1) if m else ""):
                assert int(page) == page_of(reader, f"chart-{chart_id}-{target}"), (chart_id, letter, target)
                # The drawing's own marker names that part too.
                assert f"continues in {target} →" in text, (chart_id, letter, target)
                checked += 1
    assert checked > 100


def flow_chart_pages(reader: Any, corpus: Corpus) -> dict[int, str]:
    """Page number → the flow chart drawn on it."""
    return {page: c for c in chart_ids(reader) if corpus.charts[c].layout == "flow"
            for page in range(page_of(reader, f"chart-{c}"), page_of(reader, f"chart-end-{c}") + 1)}


def test_chart_lettering_is_upright_and_at_least_7_pt(reader: Any, types: list[PageType], corpus: Corpus) -> None:
    pages = flow_chart_pages(reader, corpus)
    assert set(pages.values()) == {c.id for c in corpus.charts.values() if c.layout == "flow"}
    small = {}
    for page, chart in sorted(pages.items()):
        t = types[page - 1]
        assert t.chart_sizes, f"p. {page} ({chart}): no chart lettering"
        assert t.chart_turned == 0, f"p. {page} ({chart}): {t.chart_turned} letters turned"
        if min(t.chart_sizes) < PAPERS["A4"].chart_floor_pt - 0.05:
            small.setdefault(chart, []).append(round(min(t.chart_sizes), 1))
    assert not small, small


def test_decision_tables_are_printed_at_7_pt_or_more_on_a_page_or_a_spread(printed: list[Page], reader: Any,
                                                                          corpus: Corpus) -> None:
    """Laws 9 and 20's tables were shrunk to 5.6 pt with a third of their page empty."""
    tables = [c for c in corpus.charts.values() if c.layout == "table"]
    assert tables
    paper = PAPERS["A4"]
    for chart in tables:
        first, last = page_of(reader, f"chart-{chart.id}"), page_of(reader, f"chart-end-{chart.id}")
        assert last == first or (last == first + 1 and first % 2 == 0), (chart.id, first, last)
        # Every upright letter of the page (the thumb tab's are turned).
        sizes = [c.size for n in range(first, last + 1) for c in printed[n - 1].letters if c.upright]
        assert len(sizes) > 1000, chart.id
        assert min(sizes) >= paper.chart_floor_pt - 0.05, (chart.id, round(min(sizes), 2))


def test_the_two_pages_of_a_chart_s_spread_print_its_boxes_at_one_size(reader: Any, types: list[PageType],
                                                                    corpus: Corpus) -> None:
    pages = flow_chart_pages(reader, corpus)
    spreads = 0
    for left, chart in pages.items():
        if left % 2 == 0 and pages.get(left + 1) == chart:  # a left-hand page and the one facing it
            sizes = [Counter(round(s, 1) for s in types[p - 1].chart_sizes).most_common(1)[0][0]
                     for p in (left, left + 1)]
            assert sizes[0] == sizes[1], (chart, left, sizes)
            spreads += 1
    assert spreads > 50


def test_at_most_one_page_in_fifty_is_blank(types: list[PageType]) -> None:
    # A blank page carries at most its thumb tab and its page number: digits and dashes only.
    blank = [i + 1 for i, t in enumerate(types) if re.fullmatch(r"[\d–-]*", t.letters)]
    assert len(blank) <= len(types) / 50, blank


def test_other_laws_refer_to_the_page_of_a_shared_chart(reader: Any, texts: list[str], corpus: Corpus) -> None:
    placement = chart_placement(corpus)
    shared = [c for c in corpus.charts.values() if len(c.laws) > 1]
    assert shared
    for chart in shared:
        page = page_of(reader, f"chart-{chart.id}")
        for number in chart.laws:
            if number != placement[chart.id]:
                text = " ".join(texts[page_of(reader, f"end-{number}") - 1].split())
                assert f"after Law {placement[chart.id]}, handbook p. {page}" in text, (chart.id, number)


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


def test_chart_words_stay_on_chart_pages(reader: Any, printed: list[Page]) -> None:
    # A chart's words are set in Arimo (Arial's metrics): none may stray to other pages.
    allowed = {page for c in chart_ids(reader)
               for page in range(page_of(reader, f"chart-{c}"), page_of(reader, f"chart-end-{c}") + 1)}
    allowed.update(range(page_of(reader, "legend"), page_of(reader, "introduction")))  # its example boxes
    stray = {number: "".join(c.text for c in page.letters if CHART_FONT in c.font)
             for number, page in enumerate(printed, 1) if number not in allowed}
    assert {number: words for number, words in stray.items() if words} == {}


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
    for name in ("law-27", "chart-law-26", "chart-law-27-B", "chart-laws-44-45a-C", "law-77"):
        page = page_of(reader, name)
        width, _height, left, right = _ink_columns(built.path, page, dpi)
        px = dpi / 25.4
        # Left pages have the outer margin on the left; a margin's inner 3 mm may hold ink (a
        # running head or a marker), beyond that nothing.
        left_margin, right_margin = (paper.outer, paper.inner) if page % 2 == 0 else (paper.inner, paper.outer)
        assert left >= (left_margin - 3) * px, f"page {page}: ink at {left / px:.0f} mm from the left edge"
        assert right <= width - (right_margin - 3) * px, f"page {page}: ink {(width - right) / px:.0f} mm from the right edge"


def test_a_table_too_long_for_an_a5_page_keeps_the_floor_and_takes_a_spread(corpus: Corpus, tmp_path: Path) -> None:
    from generator.flowcharts.render import render_all
    from generator.handbook.book import Handbook, ImageFiles
    from generator.handbook.pieces import cut_chart, room_for
    from generator.handbook.stamping import Stamps
    from generator.handbook.tablefit import fit_tables
    from generator.site.drawings import dot_sources
    from generator.sources.cachedir import cache_dir

    paper = PAPERS["A5"]
    room = room_for(paper.chart_box, paper.chart_floor_pt)
    svgs = render_all({k: j for k, j in dot_sources(corpus).items() if k.startswith("legend:")}, cache_dir(corpus.root, "svg"))
    pieces = {c: cut_chart(corpus.charts[c], corpus.charts, room, cache_dir(corpus.root, "svg"))
              for c in ("law-09-flow", "law-20-flow")}
    book = Handbook(corpus, svgs, paper, ROOT / "site_templates", ImageFiles(tmp_path), pieces, Stamps())
    fits = fit_tables(book, ROOT / "site_templates" / "print")
    assert set(fits) == {"law-09", "law-20"}
    for chart_id, fit in fits.items():
        # At 7 pt, on A5, each of them runs over one page: they keep 7 pt and take two.
        assert fit.scale * paper.font_pt >= paper.chart_floor_pt - 0.01, chart_id
        assert fit.pages == 2, chart_id
        assert book.pages_of(corpus.charts[chart_id]) == 2
