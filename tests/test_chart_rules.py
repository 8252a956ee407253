"""The rules that make a chart's ruling traceable: citations, qualified notes, hand-offs, editor's notes."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator.sources.errors import SourceErrors
from generator.corpus.loading import load_corpus, read_corpus
from generator.flowcharts.routecoverage import route_coverage, totals
from generator.site.walkpages import carried_script, handed_from, walk_data
from support import edit

CHART = "flowcharts/fixture.yaml"


def problems(root: Path) -> list[str]:
    with pytest.raises(SourceErrors) as caught:
        load_corpus(root)
    return [str(p) for p in caught.value.problems]


def test_a_box_that_decides_must_cite_its_paragraph(project: Path) -> None:
    edit(project / CHART, "    cites: [2A1]\n    next: a1\n", "    next: a1\n")
    assert problems(project) == [
        "flowcharts/fixture.yaml:22: condition 'k1' cites no paragraph: add cites: [the paragraph it decides "
        "or applies], a law reference, or uncited: <why it has none>"]


def test_a_law_reference_is_a_citation_and_uncited_says_why(project: Path) -> None:
    edit(project / CHART, "    cites: [2A1]\n    next: r1\n", "    next: r1\n")  # a1 keeps its Law 2A1 reference
    load_corpus(project)
    edit(project / CHART, "    cites: [2A1]\n    next: a1\n", "    uncited: The book's own condition\n    next: a1\n")
    load_corpus(project)


def test_a_whole_law_with_sections_is_not_a_paragraph(project: Path) -> None:
    edit(project / CHART, "    cites: [2A1]\n    next: a1\n", "    cites: ['2']\n    next: a1\n")
    assert problems(project) == [
        "flowcharts/fixture.yaml:25: condition 'k1' cites only Law 2: name the section or paragraph it decides or applies"]


def test_a_statement_beside_the_flow_names_what_it_qualifies(project: Path) -> None:
    edit(project / CHART, "    qualifies: [q1]\n", "")
    assert problems(project) == [
        "flowcharts/fixture.yaml:7: statement 's1' stands beside the flow but qualifies no box: name the boxes "
        "it applies to with qualifies: [...], or say why it stands alone with free_note: <reason>"]
    edit(project / CHART, "    cites: [1A1]\n", "    cites: [1A1]\n    free_note: It explains the whole chart\n")
    load_corpus(project)


def test_a_statement_qualifies_boxes_that_exist(project: Path) -> None:
    edit(project / CHART, "    qualifies: [q1]\n", "    qualifies: [q9, r1]\n")
    found = problems(project)
    assert "flowcharts/fixture.yaml:11: statement 's1' qualifies 'q9', which is not a box of this chart" in found
    assert ("flowcharts/fixture.yaml:11: statement 's1' qualifies 'r1': name a box of the flow, not a law "
            "reference or itself") in found


def test_a_hand_off_names_a_box_of_another_chart(project: Path) -> None:
    edit(project / CHART, "at: q2}", "at: q9}")
    assert problems(project) == [
        "flowcharts/fixture.yaml:32: 'a1' continues at 'q9', which is not a box of chart 'onward'"]
    edit(project / CHART, "{chart: onward, at: q9}", "{chart: table, at: s1}")
    assert problems(project) == [
        "flowcharts/fixture.yaml:32: 'a1' continues in 'table', a table: a walk continues only in a flow chart"]
    edit(project / CHART, "{chart: table, at: s1}", "{chart: nowhere, at: q1}")
    assert problems(project) == ["flowcharts/fixture.yaml:32: 'a1' continues in chart 'nowhere', which does not exist"]


def test_a_hand_off_is_an_end_box(project: Path) -> None:
    edit(project / CHART, "    next: {to: rep, label: then}\n", "    next: {to: rep, label: then}\n    continues: {chart: onward, at: q2}\n")
    assert problems(project) == [
        "flowcharts/fixture.yaml:42: 'o1' continues in another chart, so it must be an end box (it has arrows on)"]


def test_an_editor_note_quotes_the_law_word_for_word(project: Path) -> None:
    edit(project / CHART, "quote: The Director rules on the penalty card", "quote: The Director may rule on the penalty card")
    assert problems(project) == [
        "flowcharts/fixture.yaml:42: 'o1': the editor's note quotes “The Director may rule on the penalty card”, "
        "which is not the wording of Law 1A1: quote the Law word for word"]


def test_only_a_book_chart_has_added_boxes_and_a_page(project: Path) -> None:
    edit(project / "flowcharts/onward.yaml", "    cites: [2A1]\n    \"yes\"", "    cites: [2A1]\n    added: a route the page lacks\n    \"yes\"")
    assert problems(project) == [
        "flowcharts/onward.yaml:10: 'q2': added: marks a box the WBU book does not print; this chart is drawn, not the book's"]
    edit(project / "flowcharts/onward.yaml", "origin: drawn\n", "origin: drawn\npage: 12\n")
    assert problems(project) == [
        "flowcharts/onward.yaml:1: 'page:' is the WBU book's page of a book chart; a drawn chart has none"]


def test_the_walk_data_carries_the_chart_that_handed_over(project: Path) -> None:
    corpus = load_corpus(project)
    assert handed_from(corpus, "onward") == ["fixture"]
    data = walk_data(corpus.charts["onward"], corpus)
    assert data["entries"] == ["q2"] and data["handedFrom"] == ["fixture"]
    script = carried_script(corpus.charts["fixture"], corpus)
    prefix = '(window.bridgeLawsWalks = window.bridgeLawsWalks || {})["fixture"] = '
    assert script.startswith(prefix) and script.endswith(";\n")
    carried = json.loads(script[len(prefix):-2])
    assert carried["boxes"]["a1"]["continues"][0]["chart"] == "onward"
    assert carried["boxes"]["q1"]["choices"] == [{"label": "Yes", "to": "k1"}, {"label": "No", "to": "o1"}]
    assert carried["links"]["Law 2A1"] == "../../laws/law-02/#2A1"
    assert r"\u003c" in script  # the box words' markup is escaped for a script, as in a page
    own = walk_data(corpus.charts["fixture"], corpus)
    assert own["boxes"]["a1"]["continues"][0]["label"] == "Continue in Law 2: Fixture Onward Chart"
    assert own["boxes"]["q1"]["notes"][0]["html"] == "A statement about &lt;everything&gt; &amp; more"
    assert own["boxes"]["o1"]["corrected"] == "The WBU book prints: “Option 1 Accept the call”"
    assert own["boxes"]["o1"]["editor"].startswith("The WBU book prints: “Option 1 Accept the call”. Editor’s note: <a")


def test_route_coverage_counts_end_boxes_and_decisive_paragraphs(project: Path) -> None:
    corpus = load_corpus(project)
    cov = route_coverage(corpus.charts["fixture"])
    assert cov.ends == ("a1", "a2") and cov.missing_ends == []
    assert [r.canonical() for r in cov.paragraphs] == ["1A1", "1A2", "1C2", "2A1"]
    assert cov.missing_paragraphs == []
    edit(project / CHART, "  - title: Offered the option", "  - title: Offered the option\n    case: c1")
    edit(project / CHART, "    facts: {q1: \"no\"}\n    ruling: a2\n", "    facts: {q1: \"yes\"}\n    ruling: a1\n")
    corpus, _ = read_corpus(project)
    cov = route_coverage(corpus.charts["fixture"])
    assert cov.missing_ends == ["a2"]
    assert [r.canonical() for r in cov.missing_paragraphs] == ["1A2", "1C2"]
    assert totals(list(corpus.charts.values())).ends == (3, 4)


def test_a_way_no_scenario_takes_stops_the_build_at_its_box(project: Path) -> None:
    """Every branch, end box and route paragraph is some scenario's: a new question's way that no
    scenario walks is a problem at that question's line, not a warning to forget."""
    edit(project / CHART, "    facts: {q1: \"no\"}\n    ruling: a2\n", "    facts: {q1: \"yes\"}\n    ruling: a1\n")
    assert problems(project) == [
        "flowcharts/fixture.yaml:16: the way 'No' out of 'q1' is taken by no scenario: add one whose facts take it",
        "flowcharts/fixture.yaml:50: end box 'a2' is the ruling of no scenario: add one that ends there",
        "flowcharts/fixture.yaml:54: Law 1A2 is on a route but decisive in no scenario: add one that ends where it decides",
        "flowcharts/fixture.yaml:54: Law 1C2 is on a route but decisive in no scenario: add one that ends where it decides",
    ]


def test_a_condition_that_does_not_hold_can_lead_on(project: Path) -> None:
    """`otherwise:` sends the walk on when a condition fails, instead of ending it there."""
    from generator.flowcharts.walk import choices, walk

    edit(project / CHART, "    cites: [2A1]\n    next: a1\n", "    cites: [2A1]\n    next: a1\n    otherwise: o1\n")
    edit(project / CHART, "    facts: {q1: \"yes\"}\n    ruling: a1\n", "    facts: {q1: \"yes\", k1: \"no\"}\n    ruling: a2\n")
    # The scenario that ended at the condition not met now takes the way it holds.
    edit(project / CHART, "    facts: {q1: \"yes\", k1: \"no\"}\n    ruling: k1\n", "    facts: {q1: \"yes\"}\n    ruling: a1\n")
    chart = load_corpus(project).charts["fixture"]
    assert [(c.label, c.to) for c in choices(chart, chart.by_id["k1"])] == [("Yes", "a1"), ("No", "o1")]
    assert walk(chart, chart.scenarios[0]) == ["c1", "q1", "k1", "o1", "rep", "a2"]
    edit(project / CHART, "    cites: [1A2]\n", "    cites: [1A2]\n    otherwise: a2\n")
    assert problems(project) == ["flowcharts/fixture.yaml:42: only a condition has otherwise:; 'o1' is an options box"]


def test_every_route_is_listed_with_its_ruling(project: Path) -> None:
    from generator.flowcharts.routes import describe, routes

    chart = load_corpus(project).charts["fixture"]
    found = list(routes(chart))
    assert [r.end for r in found] == ["a1", "k1~no", "a2"]
    words = describe(chart, found[0])
    assert words[:5] == ["answers:", "  case c1: Case 1 Something Happened", "  q1: Is it so ? [1A1] -> Yes",
                         "  k1: If the card was exposed [2A1] -> holds", "ruling:"]
    assert "  - condition k1: If the card was exposed [2A1]" in words
    assert "  => continues in onward at q2" in words


def test_a_table_note_names_a_printed_line(project: Path) -> None:
    edit(project / "flowcharts/table.yaml", "about: Take any action,", "about: Take no action,")
    assert problems(project) == [
        "flowcharts/table.yaml:12: editor's note about “Take no action”: no cell of 'During The Auction Period' prints that line"]


def test_a_table_note_is_shown_under_its_rows(fixture_site: Path) -> None:
    html = (fixture_site / "charts" / "table" / "index.html").read_text(encoding="utf-8")
    assert ("Corrected to the 2017 text: “Take no action before the Director rules”; the WBU book prints “Take any action”. "
            "Editor’s note: <a") in html and 'class="table-editor-note"' in html
    # The cell shows the corrected line, marked, not the printed one.
    assert "Take no action before the Director rules" in html.split('class="chart-table"')[1].split("table-editor-note")[0]


def test_a_ruling_may_go_on_in_several_charts(project: Path) -> None:
    edit(project / CHART, "    continues: {chart: onward, at: q2}\n",
         "    continues:\n      - {chart: onward, at: q2}\n      - {chart: onward, at: a3}\n")
    assert problems(project) == ["flowcharts/fixture.yaml:32: 'a1' continues twice in one chart: name each chart once"]


def test_an_added_box_says_why_without_the_editors_trail_or_box_ids() -> None:
    """A trainer's dry run found "Split from q_adjust (acceptance test fixes, 2026-12-01). Whole-ruling
    audit (2026-12-07): …" on the site: the reason keeps its substance, names another box by its first
    words, and drops the review's name, its date and its test numbers."""
    import re

    from generator.flowcharts.boxnotes import added_words
    from support import ROOT

    corpus = load_corpus(ROOT)
    shown = {(c.id, n.id): added_words(n, c) for c in corpus.charts.values() for n in c.nodes if n.added}
    assert len(shown) > 100
    trail = re.compile(r"\b[a-z]{1,2}[0-9]?_[a-z0-9_]+\b|\d{4}-\d\d-\d\d|[Aa]cceptance (?:walk|test)|audit|round \d|\(laws?-\d")
    assert [k for k, words in shown.items() if trail.search(words)] == []
    incorrect = shown[("laws-10-12", "q_incorrect")]
    assert "Law 12A3" in incorrect and "Split from “" in incorrect and "Whole-ruling" not in incorrect
    # "As q_attempt." gives the reason of the box it points to.
    attempt = corpus.charts["law-24"].by_id["q_attempt"]
    assert shown[("law-24", "a_54e")] == added_words(attempt, corpus.charts["law-24"])
