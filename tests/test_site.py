"""Build the fixture corpus (and the real one) end to end and check the HTML."""
from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from support import stored_records, make_project
from generator.sources.errors import SourceErrors
from generator.publish.safebuild import build_site
from linkcheck import broken_links


def page(site: Path, path: str) -> BeautifulSoup:
    return BeautifulSoup((site / path / "index.html").read_text(encoding="utf-8"), "html.parser")


def test_fixture_pages_exist(fixture_site: Path) -> None:
    for path in ("", "preface", "introduction", "definitions", "how-to-read-the-flowcharts",
                 "charts", "charts/fixture", "charts/table", "laws/law-01", "laws/law-02", "editing"):
        assert (fixture_site / path / "index.html").is_file(), path


def test_fixture_links_all_resolve(fixture_site: Path) -> None:
    broken, checked = broken_links(fixture_site)
    assert checked > 100
    assert broken == []


def test_every_level_has_a_permalink(fixture_site: Path) -> None:
    soup = page(fixture_site, "laws/law-01")
    for anchor in ("1A", "1A1", "1A2", "1A2a", "1A2b", "1A2b-i", "1A2b-ii", "1B", "1C1b-i", "1C2a"):
        level = soup.find(id=anchor)
        assert level is not None, anchor
        if anchor != "1A" and anchor != "1B":
            assert level.find("a", class_="law-mark")["href"] == f"#{anchor}"


def test_citations_in_text_are_links(fixture_site: Path) -> None:
    soup = page(fixture_site, "laws/law-01")
    hrefs = {a.get_text(): a["href"] for a in soup.select("a.cite")}
    assert hrefs["Law 2A1(b)"] == "../../laws/law-02/#2A1b"
    assert hrefs["Law 1C2(a)"] == "../../laws/law-01/#1C2a"
    assert hrefs["C"] == "../../laws/law-01/#1C"
    assert hrefs["Laws 1-2"] == "../../laws/law-01/"
    assert hrefs["Law 1C1(b)(i)"] == "../../laws/law-01/#1C1b-i"


def test_text_from_sources_is_escaped(fixture_site: Path) -> None:
    html = (fixture_site / "laws/law-02/index.html").read_text(encoding="utf-8")
    assert "<script>alert(1)</script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; more" in html
    chart = (fixture_site / "charts/fixture/index.html").read_text(encoding="utf-8")
    assert "<everything>" not in chart
    assert "&lt;everything&gt;" in chart


def test_cited_by_and_beside_quote(fixture_site: Path) -> None:
    soup = page(fixture_site, "laws/law-02")
    cited = soup.select_one("ul.cited-by").get_text(" ", strip=True)
    assert "Law 1" in cited and "1A2(a)" in cited
    quote = soup.select_one("blockquote.beside-quote").get_text(" ", strip=True)
    assert "The Director rules on the penalty card" in quote  # the words of 1A1, transcluded


def test_defined_terms_link_with_preview(fixture_site: Path) -> None:
    soup = page(fixture_site, "laws/law-01")
    term = soup.select_one('a.term[href="../../definitions/#penalty-card"]')
    assert term is not None and term["title"].startswith("A card subject to disposition")
    assert page(fixture_site, "definitions").find(id="penalty-card") is not None


def test_chart_beside_its_laws(fixture_site: Path) -> None:
    for law in ("laws/law-01", "laws/law-02"):
        soup = page(fixture_site, law)
        aside = soup.select_one("article > aside.law-charts")
        assert aside is not None and aside.find(id="chart-fixture") is not None
    svg = page(fixture_site, "laws/law-01").select_one("#chart-fixture .chart-svg")
    assert svg.has_attr("data-search-exclude")
    assert svg.svg["role"] == "img" and svg.svg.title.get_text() == "Law 1: Fixture Chart"
    links = {a.get("xlink:href") for a in svg.find_all("a")}
    assert "../../laws/law-02/#2A1" in links


def test_chart_in_words(fixture_site: Path) -> None:
    steps = page(fixture_site, "charts/fixture").select("ol.chart-steps > li")
    assert len(steps) == 9
    question = next(s for s in steps if s["id"] == "fixture-q1")
    branches = [b.get_text(" ", strip=True) for b in question.select("ul.step-branches > li")]
    assert branches == ["Yes → step 4 (If the card was exposed)", "No → step 7 (Option 1 The Director rules on the penalty card)",
                        "Read with step 1 (A statement about <everything> & more)"]


def test_svg_is_not_in_the_search_index(fixture_site: Path) -> None:
    text = json.dumps(stored_records(fixture_site))
    assert "Is it so ?" in text  # the chart's questions are searched …
    assert "Go to Law" not in text and "cluster_rep" not in text  # … the drawing is not


def test_legend_is_generated_from_the_style_table(fixture_site: Path) -> None:
    soup = page(fixture_site, "how-to-read-the-flowcharts")
    names = [h.get_text() for h in soup.select(".legend-text h2")]
    assert names[:8] == ["Question", "Condition", "Action", "Repetition", "Options", "Case", "Law Reference", "Law Statement"]
    assert len(soup.select(".legend-example svg")) == 9


def _digest(folder: Path) -> str:
    h = hashlib.sha256()
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            h.update(path.relative_to(folder).as_posix().encode())
            h.update(path.read_bytes())
    return h.hexdigest()


def test_broken_source_leaves_site_untouched(tmp_path: Path) -> None:
    root = make_project(tmp_path / "project")
    site = build_site(root, handbook=False).site
    before = _digest(site)
    (root / "flowcharts/fixture.yaml").write_text(
        (root / "flowcharts/fixture.yaml").read_text(encoding="utf-8").replace("next: a1\n", "next: a9\n"),
        encoding="utf-8")
    with pytest.raises(SourceErrors) as caught:
        build_site(root, handbook=False)
    found = [str(p) for p in caught.value.problems]
    assert "flowcharts/fixture.yaml:26: node 'k1' links to 'a9', which is not a node of this chart" in found[0]
    assert all(p.startswith("flowcharts/fixture.yaml:") for p in found), found  # and what follows from it, at its lines
    assert _digest(site) == before


def test_markdown_leaves_the_generated_html_whole(fixture_site: Path) -> None:
    for path in ("laws/law-01", "laws/law-02", "charts/fixture", "definitions"):
        html = (fixture_site / path / "index.html").read_text(encoding="utf-8")
        assert "<p></div" not in html and "<p><p" not in html and "<p><div" not in html, path


def test_a_mkdocs_warning_fails_the_strict_build(tmp_path: Path) -> None:
    from generator.publish.safebuild import BuildFailed

    root = make_project(tmp_path / "project")
    site = build_site(root, handbook=False).site
    before = _digest(site)
    (root / "docs" / "stray.md").write_text("# Stray\n\nSee [a page that is not there](missing.md).\n", encoding="utf-8")
    with pytest.raises(BuildFailed):
        build_site(root, handbook=False)
    assert _digest(site) == before


def test_a_course_module_is_a_lesson_with_fair_questions(fixture_site: Path) -> None:
    lesson = page(fixture_site, "training/fixture")
    assert [li.get_text(" ", strip=True) for li in lesson.select(".training-objectives li")][0].startswith("Establish whether")
    assert lesson.select_one(".training-topic h3").get_text(" ", strip=True).startswith("1. Exposed cards")
    assert "Worked example: A card on the floor" in lesson.get_text(" ")
    assert "&lt;announces&gt;" in str(lesson.select_one(".training-topic"))  # the lesson's words are text, never markup
    session = lesson.select("#session ~ .quiz, .quiz")[0]
    options = session.select(".quiz-choice")
    assert len(options) == 3 and [o["data-correct"] for o in options].count("yes") == 1
    assert all(o.find_next_sibling("p", class_="quiz-why") is not None for o in options)  # each explains itself
    assert "<script>alert(1)</script>" in session.get_text() and session.find("script") is None
    # The answer gives the whole ruling from the walk, and where it goes on.
    answer = session.select_one(".quiz-answer").get_text(" ", strip=True)
    assert "The card becomes a penalty card" in answer and "Continue in Law 2: Fixture Onward Chart" in answer
    # It opens with the question's own ruling; the chart's general rules on the way fold away (a
    # trainer found the panels too long to read out, half of them rules that did not apply).
    key = session.select_one(".quiz-answer > .quiz-key")
    assert key is not None and key.get_text(" ", strip=True).startswith("The ruling: The card becomes a penalty card")
    assert all(n.find_parent("details", class_="quiz-notes") is not None for n in session.select(".quiz-ruling .quiz-note"))
    test = page(fixture_site, "training/fixture-test")
    assert len(test.select("[data-test-set] .quiz")) == 1 and test.select_one("[data-score]") is not None
    # A test's answers stay hidden, on screen and on paper, until it is scored: the print rule that
    # opens answer panels must not open a hidden one.
    assert all(d.has_attr("hidden") for d in test.select(".quiz-answer")) and test.select(".quiz-answer")
    css = (fixture_site / "stylesheets/laws.css").read_text(encoding="utf-8")
    assert re.search(r"\.quiz-answer\[hidden\][^{}]*\{\s*display:\s*none\s*!important", css)
    handout = page(fixture_site, "training/fixture-handout")
    assert handout.select_one("form[data-handout] select[name=paper]") is not None
    assert "Law 1: Fixture Chart" not in handout.select_one(".handout-questions").get_text()  # no title gives the Law away
    # By default it prints the whole session's set, in the lesson's order and numbers.
    assert handout.select_one("input[name=count]")["value"] == "1"
    assert [i["data-set"] for i in handout.select(".handout-item")] == ["session", "final"]
    rows = handout.select(".handout-key-table tbody tr")
    assert len(rows) == 2 and "Law 1A1" in rows[0].get_text(" ")
    # The key gives each question's own ruling, not the chart's card for every story ending there.
    assert [r.select("td")[2].get_text(" ", strip=True) for r in rows] == [
        "The card becomes a penalty card", "Declarer may require the card to be played"]
