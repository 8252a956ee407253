"""The site's chart pages and charts index name the printed copies: handbook page, WBU book page, chart card."""
from __future__ import annotations

from generator.corpus.corpus import Corpus
from generator.site.printed import PrintedCopies
from generator.site.generate import generate_pages


def test_chart_pages_give_the_handbook_page_beside_the_wbu_book_page(real_corpus: Corpus) -> None:
    printed = PrintedCopies("handbook.pdf", "chart-cards.pdf", {"law-14": 55, "law-27": 120}, {"law-14": 31})
    pages = generate_pages(real_corpus, handbook="handbook.pdf", printed=printed)
    book = pages["charts/law-14.md"]
    assert '<a href="../../handbook.pdf#page=55">handbook p. 55</a> (WBU book p. 33)' in book
    assert '<a href="../../chart-cards.pdf#page=31">its chart card</a>' in book
    drawn = pages["charts/law-27.md"]
    assert "handbook p. 120" in drawn and "WBU book p." not in drawn.split("On paper:")[1].split("</p>")[0]
    index = pages["charts/index.md"]
    assert 'href="../chart-cards.pdf"' in index and "handbook p. 120" in index


def test_without_the_pdfs_the_pages_say_nothing_of_them(real_corpus: Corpus) -> None:
    pages = generate_pages(real_corpus)
    assert "On paper:" not in pages["charts/law-14.md"]
    assert "chart-cards.pdf" not in pages["charts/index.md"]
