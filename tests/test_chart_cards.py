"""The chart cards: built once from the real project, read back with PDFium (pdfletters) and pypdf."""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path
from collections.abc import Iterator
from typing import Any

import pytest

pypdf = pytest.importorskip("pypdf")
pytest.importorskip("weasyprint")

from generator.handbook import Built  # noqa: E402 - after the skips
from generator.handbook.cards import CARD_PAPERS, _inside, law_tab  # noqa: E402
from generator.index.citations import Ref  # noqa: E402
from generator.corpus.loading import Corpus  # noqa: E402
from generator.handbook.fonts import CHART_FAMILIES  # noqa: E402
from pdfletters import Letter, Page, pdf_pages  # noqa: E402
from support import BELOW_THE_CARD_FLOOR  # noqa: E402

CHART_FONT = CHART_FAMILIES[0]  # the charts' words: its name is in every subset's BaseFont

ROOT = Path(__file__).parent.parent
MM = 72 / 25.4

# Its tests share module fixtures worth making once: pytest-xdist keeps them in one process.
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("test_chart_cards")]  # the cards are a second PDF of several hundred pages


@pytest.fixture(scope="module")
def corpus(real_corpus: Corpus) -> Corpus:
    return real_corpus


@pytest.fixture(scope="module")
def cards(real_build: Any) -> Built:
    """The chart cards as the session's one build made them."""
    return real_build.cards


def _columns(page: Page) -> str:
    """A back's text column by column (read across, the three columns' lines interleave)."""
    paper = CARD_PAPERS["A4"]
    left, width = paper.margin * MM, page.width - 2 * paper.margin * MM
    thirds = [left + width * k / 3 for k in range(4)]
    return " ".join(page.text_between(a, b) for a, b in zip(thirds, thirds[1:]))


@dataclass
class _Card:
    """One card page: its letters (the chart's apart), and its text and columns when a test asks."""

    page: Page
    chart: list[Letter]

    @functools.cached_property
    def text(self) -> str:
        return self.page.text()

    @functools.cached_property
    def columns(self) -> str:
        return _columns(self.page)


@pytest.fixture(scope="module")
def pages(cards: Built) -> Iterator[list[_Card]]:
    with pdf_pages(cards.path) as read:
        yield [_Card(page, [c for c in page.letters if CHART_FONT in c.font]) for page in read]


def test_built_without_warnings(cards: Built) -> None:
    assert cards.warnings == []


def test_every_flow_chart_has_cards_starting_where_the_site_says(cards: Built, corpus: Corpus,
                                                                 pages: list[_Card]) -> None:
    flows = {c.id for c in corpus.charts.values() if c.layout == "flow"}
    assert set(cards.chart_pages) == flows
    for chart_id, page in cards.chart_pages.items():
        assert corpus.charts[chart_id].title in " ".join(pages[page - 1].text.split()), chart_id


def chart_of_page(cards: Built, page: int) -> str:
    """The chart whose cards hold `page`."""
    return max((p, c) for c, p in cards.chart_pages.items() if p <= page)[1]


def test_fronts_are_landscape_with_9_pt_upright_lettering_and_backs_quote_the_paragraphs(
        cards: Built, pages: list[_Card]) -> None:
    paper = CARD_PAPERS["A4"]
    assert len(pages) % 2 == 0
    small: dict[str, float] = {}
    for i in range(0, len(pages), 2):
        front, back = pages[i], pages[i + 1]
        assert abs(front.page.width - paper.width * MM) < 1 and abs(front.page.height - paper.height * MM) < 1
        assert front.chart, f"card p. {i + 1}: no chart"
        smallest = min(c.size for c in front.chart)
        if smallest < paper.chart_floor_pt - 0.05:
            small[chart_of_page(cards, i + 1)] = min(smallest, small.get(chart_of_page(cards, i + 1), 99))
        assert all(c.upright for c in front.chart), f"card p. {i + 1}"
        assert not back.chart, f"card p. {i + 2}: chart lettering on a back"
        assert "theparagraphsitapplies" in "".join(c.text for c in back.page.letters), f"card p. {i + 2}"
    assert set(small) <= set(BELOW_THE_CARD_FLOOR), small  # only the boxes too large alone


def test_the_tab_names_the_laws_in_large_type(cards: Built, corpus: Corpus, pages: list[_Card]) -> None:
    chart = corpus.charts["laws-10-12"]
    assert law_tab(chart) == "10–12"
    front = pages[cards.chart_pages[chart.id] - 1]
    big = "".join(c.text for c in front.page.letters if c.size >= 20)
    assert "10–12" in big


def test_a_back_quotes_the_2017_words_of_a_paragraph_its_front_applies(cards: Built, corpus: Corpus,
                                                                       pages: list[_Card]) -> None:
    # Law 27's first card asks whether the bid was in rotation and what B applies if not.
    back = " ".join(pages[cards.chart_pages["law-27"]].columns.split())
    assert re.search(r"Law 27B – Insufficient Bid not Accepted", back), back[:300]
    assert "the lowest sufficient bid which specifies the same denomination" in back


def test_a_back_quotes_a_paragraph_once_not_again_inside_its_section() -> None:
    assert _inside(Ref(64, "A", 1), Ref(64, "A"))
    assert _inside(Ref(12, "C", 1, "b"), Ref(12, "C", 1))
    assert not _inside(Ref(64, "A"), Ref(64, "A", 1))
    assert not _inside(Ref(64, "A"), Ref(64, "A"))
    assert not _inside(Ref(64, "B"), Ref(64, "A"))
    assert not _inside(Ref(64, "A", 10), Ref(64, "A", 1))


def test_law_64s_first_card_quotes_64a_without_its_paragraphs_again(cards: Built, pages: list[_Card]) -> None:
    back = " ".join(pages[cards.chart_pages["law-64"]].text.split())  # the page after the front
    assert "Law 64A" in back and "Law 64A1" not in back and "Law 64A2" not in back


def _superscripts(chars: list[Letter]) -> list[str]:
    """The numbers set small and raised on a page (footnote markers), in reading order: digits
    smaller than the letters beside them (a page's median size is its heading's on a short page)."""
    def beside(i: int) -> float:
        """The size of the nearest letters before and after the run of digits at `i`."""
        sizes = []
        for step in (-1, 1):
            j = i + step
            while 0 <= j < len(chars) and chars[j].text.isdigit():
                j += step
            if 0 <= j < len(chars):
                sizes.append(chars[j].size)
        return max(sizes, default=chars[i].size)

    out: list[str] = []
    last: Letter | None = None
    for i, c in enumerate(chars):
        small = c.text.isdigit() and c.size < beside(i) * 0.9
        if small and last is not None and abs(c.x0 - last.x1) < 0.5 and abs(c.top - last.top) < 0.5:
            out[-1] += c.text
        elif small:
            out.append(c.text)
        last = c if small else None
    return out


def test_a_footnote_marked_on_a_back_has_its_text_there(pages: list[_Card]) -> None:
    """A quoted paragraph's footnote marker had nothing to refer to: a card has no foot of Law."""
    marked = 0
    for i in range(1, len(pages), 2):
        numbers = _superscripts(pages[i].page.letters)
        marked += bool(numbers)
        # Each number once at its marker, once before its note's text.
        assert all(numbers.count(n) >= 2 for n in numbers), (i + 1, numbers)
    assert marked > 20


def test_a_footnote_on_a_back_is_escaped_like_all_source_text(corpus: Corpus) -> None:
    """The note's text goes through the one renderer: markup, attribute lists, a backslash and a
    line break in a footnote come out as text."""
    from dataclasses import replace

    from generator.handbook.book import print_environment
    from generator.handbook.cards import applied_paragraphs
    from generator.handbook.lawtext import LawPrinter
    from generator.handbook.pieces import Piece
    from generator.text.inline import TermLinker

    law = corpus.laws[53]
    assert law.footnotes, "Law 53A's trick-thirteen note"
    hostile = "<script>alert(1)</script> {: .x } back\\slash\nnext line"
    laws = {**corpus.laws, 53: law.model_copy(update={"footnotes": [
        f.model_copy(update={"text": hostile}) for f in law.footnotes]})}
    changed = replace(corpus, laws=laws)
    printer = LawPrinter(changed.laws, changed.index, TermLinker.build(changed.definitions),
                         print_environment(ROOT / "site_templates"))
    chart = changed.charts["law-09-flow"]
    box = next(n.id for n in chart.nodes if "53A" in n.cites)
    quotes = applied_paragraphs(chart, Piece("A", (box,), ""), changed, printer.renderer(terms=False))
    notes = [str(n["html"]) for q in quotes for n in q["notes"]]
    assert notes
    for html in notes:
        assert "<script>" not in html and "&lt;script&gt;" in html
        assert "{: .x }" in html and "back\\slash" in html and "next line" in html
