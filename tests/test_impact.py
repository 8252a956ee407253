"""The impact report on a small draft edition of Law 27 with one change of each kind: 27B2
amended, 27B3 renumbered 27B4 with a new paragraph in its old place, the old 27B4 removed. Every
citation of each touched place is listed under it (in a box, a chart's notes, a lesson's text …),
at the right severity, and nothing else is."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from support import ROOT, edit
from generator.cli import main
from generator.corpus.loading import read_draft
from generator.index.citations import Ref
from generator.index.prose import chart_note_passages, lesson_passages
from generator.index.xref import chart_refs
from generator.tools.impact import KINDS, Severity, compare, format_report

# Its tests share module fixtures worth making once: pytest-xdist keeps them in one process.
pytestmark = pytest.mark.xdist_group("test_impact")

NEW_B3 = ("if the offender attempts to substitute a bid of more than seven for his insufficient bid, "
          "Law 38 applies and the insufficient bid stands for the purpose of this Law.")


@pytest.fixture(scope="module")
def draft(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("draft")
    text = (ROOT / "laws" / "law-27.yaml").read_text(encoding="utf-8")
    b3 = text.index("      - id: 3\n", text.index("  - id: B"))
    b4 = text.index("      - id: 4\n", b3)
    c = text.index("  - id: C\n", b4)
    old_b3 = text[b3:b4].replace("- id: 3", "- id: 4")
    new_b3 = f"      - id: 3\n        text: >-\n          {NEW_B3}\n"
    (folder / "law-27.yaml").write_text(text[:b3] + new_b3 + old_b3 + text[c:], encoding="utf-8")
    edit(folder / "law-27.yaml", "the offender’s partner must pass whenever it is his turn to call.",
         "the offender’s partner must pass at each of his turns to call.")
    return folder


@pytest.fixture(scope="module")
def report(draft: Path, real_corpus: Any) -> Any:
    laws, alignment, problems = read_draft(draft)
    assert not problems.items
    return compare(real_corpus, real_corpus.laws, laws, alignment, old_name="2017", new_name="draft", current_is_old=True)


def citing(corpus: Any, place: Ref) -> set[str]:
    """The chart boxes that cite a place or a place within it, as path:line."""
    found = set()
    for chart in corpus.charts.values():
        path = corpus.chart_path(chart.id).relative_to(corpus.root).as_posix()
        for node_id, _key, ref in chart_refs(chart, corpus.index.chart_mentions.get(chart.id)):
            if node_id is not None and place in ref.ancestors():
                found.add(f"{path}:{chart.by_id[node_id].line()}")
    return found


def citing_in_prose(corpus: Any, place: Ref) -> dict[str, set[str]]:
    """The chart notes and the lesson texts that cite a place or a place within it, as path:line, by kind."""
    found: dict[str, set[str]] = {"chart note": set(), "lesson text": set()}
    sources = [("chart note", corpus.chart_path(c.id), chart_note_passages(c)) for c in corpus.charts.values()]
    sources += [("lesson text", corpus.paths[f"lesson:{m}"], lesson_passages(lesson)) for m, lesson in corpus.lessons.items()]
    for kind, path, passages in sources:
        for passage in passages:
            if any(place in ref.ancestors() for mention in passage.mentions() for ref in mention.refs):
                found[kind].add(f"{path.relative_to(corpus.root).as_posix()}:{passage.line}")
    return found


def listed(report: Any, place: Ref, severity: Severity, kind: str = "chart box") -> set[str]:
    return {h.where for h in report.hits if h.kind == kind and h.effect.severity is severity and place in h.ref.ancestors()}


def test_each_change_is_found_with_its_kind(report: Any) -> None:
    effects = {ref.canonical(): e for ref, e in report.effects.items() if ref.law == 27}
    assert effects["27B4"].severity is Severity.REMOVED
    assert effects["27B3"].severity is Severity.REUSED and "now draft 27B4" in effects["27B3"].words
    assert "draft 27B3 is now a new paragraph" in effects["27B3"].words
    assert effects["27B2"].severity is Severity.AMENDED
    assert {"27B1", "27C", "27D"}.isdisjoint(effects)
    assert [n.ref.canonical() for n in report.new] == ["27B3"] and report.new[0].charts[0] == "law-27"


def test_every_box_citing_a_touched_place_is_listed_under_it(report: Any, real_corpus: Any) -> None:
    for place, severity in ((Ref(27, "B", 4), Severity.REMOVED), (Ref(27, "B", 3), Severity.REUSED),
                            (Ref(27, "B", 2), Severity.AMENDED)):
        boxes = citing(real_corpus, place)
        assert boxes, f"no box cites {place.label()}: the test draft no longer tests it"
        assert listed(report, place, severity) == boxes, place.label()


def test_every_chart_note_and_lesson_text_citing_a_touched_place_is_listed_under_it(report: Any, real_corpus: Any) -> None:
    for place, severity in ((Ref(27, "B", 4), Severity.REMOVED), (Ref(27, "B", 3), Severity.REUSED),
                            (Ref(27, "B", 2), Severity.AMENDED)):
        for kind, where in citing_in_prose(real_corpus, place).items():
            assert where, f"no {kind} cites {place.label()}: the test draft no longer tests it"
            assert listed(report, place, severity, kind) == where, (kind, place.label())
    notes = f"flowcharts/law-27.yaml:{real_corpus.charts['law-27'].line('notes')}"
    assert notes in listed(report, Ref(27, "B", 4), Severity.REMOVED, "chart note")


def test_nothing_else_is_listed(report: Any) -> None:
    touched = {Ref(27, "B", 2), Ref(27, "B", 3), Ref(27, "B", 4)}
    assert all(any(t in h.ref.ancestors() for t in touched) for h in report.hits if h.ref.law == 27 and h.kind != "situation")
    assert all(h.ref.law == 27 for h in report.hits)


def test_a_box_is_listed_under_each_of_its_touched_citations(report: Any) -> None:
    per_box: dict[str, set[str]] = {}
    for hit in report.hits:
        if hit.kind == "chart box":
            per_box.setdefault(hit.where, set()).add(hit.ref.canonical())
    assert any(len(refs) > 1 for refs in per_box.values())


def test_the_report_reads_most_urgent_first_with_the_changed_words(report: Any) -> None:
    lines = format_report(report)
    heads = [n for n, line in enumerate(lines) if line[:2] in ("1.", "2.", "3.", "4.")]
    assert [lines[n][:2] for n in heads] == ["1.", "2.", "3."]
    assert any("words:" in line and "[−whenever it is] [+at each of]" in line for line in lines)
    assert any(line.startswith("  draft 27B3: “if the offender attempts to substitute a bid of more than seven") for line in lines)


def test_the_summary_counts_what_the_list_shows(report: Any) -> None:
    text = report.summary()
    assert f"Work list: {len(report.hits)} citations" in text
    for severity, short in ((Severity.REMOVED, "removed"), (Severity.AMENDED, "amended")):
        count = sum(h.effect.severity is severity for h in report.hits)
        assert f"{short} {count}" in text
    kinds = {"chart box": "chart boxes", "beside-quote": "beside-quotes", "scenario": "scenarios",
             "situation": "situations", "chart note": "chart notes", "course item": "course items",
             "lesson text": "lesson texts"}
    assert set(kinds) == set(KINDS)
    for kind, plural in kinds.items():
        count = sum(h.kind == kind for h in report.hits)
        assert f"{count} {kind if count == 1 else plural}" in text, kind
    assert {"chart note", "lesson text"} <= {h.kind for h in report.hits}


def test_the_summary_says_one_thing_in_the_singular(report: Any) -> None:
    text = report.summary()
    assert text.startswith("2017 → draft, Law 27 (") and "Laws 27–27" not in text and "1 Laws" not in text
    assert "1 new provision to consider" in text


def test_the_command_exits_non_zero_when_a_removed_paragraph_is_cited(draft: Path, real_project: Path, real_corpus: Any,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--root", str(real_project), "impact", "2017", str(draft)]) == 1
    out = capsys.readouterr().out
    assert "1. Cites a paragraph the new edition removes" in out
    notes = real_corpus.charts["law-27"].line("notes")
    assert f"flowcharts/law-27.yaml:{notes}: chart note law-27: notes cites Law 27B4: removed in" in out
    assert any(line.startswith("  training/lessons/insufficient-bids.yaml:") and "lesson text" in line
               and "cites Law 27B4: removed in" in line for line in out.splitlines())
