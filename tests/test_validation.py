"""Bad sources give `path:line: message`, every problem in one run, and nothing is written."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from generator.sources.errors import SourceErrors
from generator.corpus.loading import load_corpus
from support import edit


def problems(root: Path) -> list[str]:
    with pytest.raises(SourceErrors) as caught:
        load_corpus(root)
    return [str(p) for p in caught.value.problems]


def test_fixture_corpus_is_valid(project: Path) -> None:
    corpus = load_corpus(project)
    assert sorted(corpus.laws) == [1, 2]
    assert sorted(corpus.charts) == ["fixture", "onward", "table"]


def test_unknown_key(project: Path) -> None:
    edit(project / "laws/law-02.yaml", "    title: Only Section\n", "    title: Only Section\n    titel: typo\n")
    assert problems(project) == ["laws/law-02.yaml:8: unknown key 'titel' in sections.0"]


def test_wrong_type(project: Path) -> None:
    edit(project / "flowcharts/fixture.yaml", "page: 99", "page: ninety-nine")
    assert problems(project) == [
        "flowcharts/fixture.yaml:3: page: Input should be a valid integer, unable to parse string as an integer"]


def test_unknown_node_kind(project: Path) -> None:
    edit(project / "flowcharts/fixture.yaml", "    kind: condition", "    kind: decision")
    assert problems(project) == [
        "flowcharts/fixture.yaml:23: unknown node kind 'decision' (the legend's kinds are: question, condition, "
        "action, repetition, options, case, law_ref, statement)"]


def test_edge_to_missing_node(project: Path) -> None:
    edit(project / "flowcharts/fixture.yaml", "    next: a1\n", "    next: a9\n")
    # Every problem in one run: the arrow that lands nowhere, and the boxes it no longer reaches.
    assert problems(project) == ["flowcharts/fixture.yaml:26: node 'k1' links to 'a9', which is not a node of this chart",
                                 "flowcharts/fixture.yaml:27: node 'a1' is not reached from the chart's first box, a case or a statement",
                                 "flowcharts/fixture.yaml:33: node 'r1' is not reached from the chart's first box, a case or a statement"]


def test_question_needs_both_branches(project: Path) -> None:
    edit(project / "flowcharts/fixture.yaml", '    "no": o1\n', "")
    found = problems(project)
    assert "flowcharts/fixture.yaml:16: question 'q1' needs both a yes and a no branch (missing: no)" in found


def test_unreached_node(project: Path) -> None:
    edit(project / "flowcharts/fixture.yaml", "    next: r1\n", "")
    assert problems(project) == [
        "flowcharts/fixture.yaml:32: node 'r1' is not reached from the chart's first box, a case or a statement"]


def test_duplicate_node_id(project: Path) -> None:
    edit(project / "flowcharts/fixture.yaml", "  - id: a2\n", "  - id: a1\n")
    assert "flowcharts/fixture.yaml:50: node id 'a1' is used twice" in problems(project)


def test_loop_with_no_way_out(project: Path) -> None:
    edit(project / "flowcharts/fixture.yaml", "    text: Law 2A1\n", "    text: Law 2A1\n    next: a1\n")
    assert problems(project) == ["flowcharts/fixture.yaml:27: boxes 'a1', 'r1' lead round in a loop with no way out (a1 -> r1 -> a1)"]


def test_unknown_citation_in_law_text(project: Path) -> None:
    edit(project / "laws/law-02.yaml", "citing Law 1A2(b)(ii)", "citing Law 1A2(b)(iii) and Law 64")
    assert problems(project) == [
        "laws/law-02.yaml:10: Law 2A1 cites Law 1A2(b)(iii), which is not in the Laws (Law 1A2(b) has i, ii)",
        "laws/law-02.yaml:10: Law 2A1 cites Law 64, which is not in the Laws",
    ]


def test_unknown_citation_in_chart_and_beside(project: Path) -> None:
    edit(project / "flowcharts/fixture.yaml", "    text: Law 2A1\n", "    text: Law 2D\n")
    edit(project / "laws/law-02.yaml", "beside: [1A1]", "beside: [1A7]")
    assert problems(project) == [
        "flowcharts/fixture.yaml:35: cites Law 2D, which is not in the Laws (Law 2 has A)",
        "laws/law-02.yaml:16: beside: cites Law 1A7, which is not in the Laws (Law 1A has 1, 2)",
    ]


def test_yaml_syntax_error(project: Path) -> None:
    edit(project / "laws/law-02.yaml", "part: Preliminaries", "part: [Preliminaries")
    found = problems(project)
    assert len(found) == 1 and found[0].startswith("laws/law-02.yaml:4: YAML syntax error: while parsing a flow sequence")


def test_not_utf8_and_empty(project: Path) -> None:
    (project / "laws/law-02.yaml").write_bytes("law: 2\ntitle: CAF\xc9\n".encode("latin-1"))
    (project / "flowcharts/table.yaml").write_text("  \n", encoding="utf-8")
    found = problems(project)
    assert "laws/law-02.yaml:2: not UTF-8 text (byte 0xc9 cannot be decoded)" in found
    assert "flowcharts/table.yaml:1: file is empty" in found


def test_two_files_for_one_law(project: Path) -> None:
    (project / "laws/law-02-copy.yaml").write_text((project / "laws/law-02.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    assert problems(project) == [
        "laws/law-02-copy.yaml:1: Law 2 is already defined in laws/law-02.yaml",
        "laws/law-02-copy.yaml:1: file for Law 2 must be named law-02.yaml",
    ]


def test_footnotes_must_match(project: Path) -> None:
    edit(project / "laws/law-01.yaml", "sub-items[^1]", "sub-items[^3]")
    assert problems(project) == [
        "laws/law-01.yaml:19: footnote marker [^3] has no footnote 3",
        "laws/law-01.yaml:51: footnote 1 is not marked anywhere in the text",
    ]


def test_every_problem_in_one_run(project: Path) -> None:
    edit(project / "laws/law-02.yaml", "    title: Only Section\n", "    title: Only Section\n    titel: typo\n")
    edit(project / "flowcharts/fixture.yaml", "    kind: condition", "    kind: decision")
    edit(project / "front/definitions.yaml", "text: The person who rules.", "text: The person who rules (Law 9).")
    found = problems(project)
    assert len(found) == 3
    assert {f.split(":")[0] for f in found} == {"laws/law-02.yaml", "flowcharts/fixture.yaml", "front/definitions.yaml"}


def test_check_command_reports_and_exits_non_zero(project: Path) -> None:
    edit(project / "flowcharts/fixture.yaml", "    next: a1\n", "    next: a9\n")
    done = subprocess.run([sys.executable, "-m", "generator", "--root", str(project), "check"],
                          capture_output=True, text=True)
    assert done.returncode == 1
    assert "flowcharts/fixture.yaml:26: node 'k1' links to 'a9', which is not a node of this chart" in done.stderr
    assert "Traceback" not in done.stderr


def test_check_command_passes_on_good_sources(project: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "generator", "--root", str(project), "check"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("ok: 2 laws, 3 charts checked")


def test_scenario_must_reach_its_ruling(project: Path) -> None:
    edit(project / "flowcharts/fixture.yaml", "    facts: {q1: \"yes\"}\n    ruling: a1", "    facts: {q1: \"yes\"}\n    ruling: a2")
    assert problems(project) == [
        "flowcharts/fixture.yaml:58: scenario 'The card was exposed': the facts lead to 'a1' "
        "(The card becomes a penalty card), not to the ruling 'a2'"]


def test_scenario_facts_must_answer_the_questions(project: Path) -> None:
    edit(project / "flowcharts/fixture.yaml", "    facts: {q1: \"no\"}", "    facts: {q7: \"no\"}")
    assert problems(project) == ["flowcharts/fixture.yaml:61: scenario 'Offered the option': 'q7' is not a box of this chart"]
    edit(project / "flowcharts/fixture.yaml", "    facts: {q7: \"no\"}", "    facts: {}")
    assert problems(project) == [
        "flowcharts/fixture.yaml:59: scenario 'Offered the option': the facts do not answer 'q1' (Is it so ?)"]


def test_table_scenario_must_name_a_cell_of_the_table(project: Path) -> None:
    path = project / "flowcharts/table.yaml"
    path.write_text(path.read_text(encoding="utf-8") + (
        "scenarios:\n"
        "  - title: Pulling a card too soon\n"
        "    story: A player tries to stop his partner's irregularity.\n"
        "    table: {group: During The Auction Period, row: Any Player, action: Try to prevent an irregularity}\n"
        "    ruling: Must Not\n"), encoding="utf-8")
    assert problems(project) == [
        "flowcharts/table.yaml:21: scenario 'Pulling a card too soon': "
        "'Try to prevent an irregularity' is not in the 'Must Not' cell of that row"]
    edit(path, "    ruling: Must Not", "    ruling: May")
    load_corpus(project)  # the cell holds it: valid
