"""The real sources build into the whole site: 93 Laws, front matter, legend, charts beside their Laws."""
from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from bs4 import BeautifulSoup

from support import ROOT
from generator.corpus.loading import load_corpus
from linkcheck import broken_links


@functools.lru_cache(maxsize=64)  # a Law's page is read again for each of its charts
def soup(site: Path, path: str) -> BeautifulSoup:
    return BeautifulSoup((site / path / "index.html").read_text(encoding="utf-8"), "html.parser")


def test_sources_are_valid() -> None:
    corpus = load_corpus(ROOT)
    assert sorted(corpus.laws) == list(range(1, 94))
    assert corpus.definitions is not None and len(corpus.definitions.terms) == 63
    assert {"law-09", "law-14", "law-24"} <= set(corpus.charts)


def test_every_law_has_its_page(real_site: Path) -> None:
    for n in range(1, 94):
        assert (real_site / f"laws/law-{n:02d}/index.html").is_file(), n


def test_front_matter_and_legend(real_site: Path) -> None:
    definitions = soup(real_site, "definitions").select("dl.definitions > dt[id]")
    assert len(definitions) == 63
    assert soup(real_site, "introduction").select_one("h1").get_text().startswith("Introduction to the 2017 Laws")
    assert len(soup(real_site, "how-to-read-the-flowcharts").select(".legend-row")) == 9


def test_seed_charts_beside_their_laws(real_site: Path) -> None:
    for law, chart in ((9, "law-09"), (14, "law-14"), (24, "law-24")):
        aside = soup(real_site, f"laws/law-{law:02d}").select_one("article > aside.law-charts")
        assert aside is not None and aside.find(id=f"chart-{chart}") is not None, law


def test_no_broken_internal_link(real_site: Path) -> None:
    broken, checked = broken_links(real_site)
    assert checked > 10000
    assert broken == []


def test_every_chart_says_whose_it_is(real_site: Path, real_corpus: Any) -> None:
    """A book chart names its WBU book page; a drawn one says it is not the book's, wherever it is shown."""
    corpus = real_corpus
    for chart in corpus.charts.values():
        expected = (f"WBU book p. {chart.page}" if chart.origin.value == "book"
                    else "Drawn for this edition from the 2017 text")
        pages = [f"charts/{chart.id}", f"laws/law-{chart.laws[0]:02d}"]
        if chart.layout == "flow":
            pages.append(f"walk/{chart.id}")
        for name in pages:
            text = soup(real_site, name).get_text(" ")
            assert expected in text, (chart.id, name)
        if chart.origin.value == "drawn":
            assert "book p." not in soup(real_site, f"charts/{chart.id}").select_one("figcaption").get_text(), chart.id
