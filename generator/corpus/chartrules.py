"""Checks that make a chart a ruling a Director can trust: each box cites what it decides, notes
name what they qualify, hand-offs lead somewhere, and editor's notes quote the Law exactly."""
from __future__ import annotations

import re
from pathlib import Path

from generator.corpus.corpus import Corpus
from generator.corpus.places import check_citation
from generator.sources.errors import Problems
from generator.index.lawtree import place_words
from generator.sources.model import Chart, ChartLayout, Continuation, EditorNote, IRREGULARITY, Kind, Node, Origin
from generator.flowcharts.walk import box_refs, choices

# The Laws whose charts are general: they lead into the chart of the irregularity's own Law.
GENERAL_LAWS = frozenset({9, 10, 11, 12})

# The kinds that decide or apply something, and so must say which paragraph.
CITING_KINDS = frozenset({Kind.QUESTION, Kind.CONDITION, Kind.ACTION, Kind.OPTIONS, Kind.STATEMENT})


def check_rulings(chart: Chart, corpus: Corpus, path: Path, problems: Problems) -> None:
    """Record every problem of citations, qualified boxes, hand-offs and editor's notes."""
    _check_table_notes(chart, corpus, path, problems)
    on_flow = {t for n in chart.nodes for t, _ in n.links()} | {m for n in chart.nodes for m in n.body}
    on_flow |= {n.id for n in chart.nodes if n.links() or n.body}
    for node in chart.nodes:
        _check_qualifies(chart, node, node.id in on_flow, path, problems)
        if chart.layout is ChartLayout.FLOW or node.kind is Kind.STATEMENT:  # a table's notes cite their Law too
            _check_cited(chart, node, corpus, path, problems)
        elif node.uncited is not None:
            problems.add(path, node.line("uncited"), f"'{node.id}': uncited: is for the boxes of a flow chart")
        for cont in node.continues:
            _check_continues(chart, node, cont, corpus, path, problems)
        if len({c.chart for c in node.continues}) < len(node.continues):
            problems.add(path, node.line("continues"), f"'{node.id}' continues twice in one chart: name each chart once")
        if node.editor_note is not None:
            _check_quote(chart, node.editor_note, f"'{node.id}'", node.line("editor_note"), corpus, path, problems)
        if node.added is not None and chart.origin is not Origin.BOOK:
            problems.add(path, node.line("added"),
                         f"'{node.id}': added: marks a box the WBU book does not print; this chart is drawn, not the book's")


def _check_qualifies(chart: Chart, node: Node, on_flow: bool, path: Path, problems: Problems) -> None:
    if node.kind is not Kind.STATEMENT:
        for key in ("qualifies", "free_note"):
            if getattr(node, key):
                problems.add(path, node.line(key), f"'{node.id}': only a statement has {key}: (this box is a {node.kind.value})")
        return
    for target in node.qualifies:
        box = chart.by_id.get(target)
        if box is None:
            problems.add(path, node.line("qualifies"), f"statement '{node.id}' qualifies '{target}', which is not a box of this chart")
        elif box.kind is Kind.LAW_REF or target == node.id:
            problems.add(path, node.line("qualifies"), f"statement '{node.id}' qualifies '{target}': name a box of the flow, not a law reference or itself")
    if node.qualifies and node.free_note:
        problems.add(path, node.line("free_note"), f"statement '{node.id}' both qualifies boxes and is a free note: keep one")
    if chart.layout is ChartLayout.FLOW and not on_flow and not node.qualifies and not node.free_note:
        problems.add(path, node.line(), (
            f"statement '{node.id}' stands beside the flow but qualifies no box: name the boxes it applies "
            "to with qualifies: [...], or say why it stands alone with free_note: <reason>"))


def _check_cited(chart: Chart, node: Node, corpus: Corpus, path: Path, problems: Problems) -> None:
    if node.kind not in CITING_KINDS:
        if node.uncited is not None:
            problems.add(path, node.line("uncited"), f"'{node.id}': uncited: is for boxes that decide or apply a rule")
        return
    refs = box_refs(chart, node)
    if not refs:
        if node.uncited is None:
            problems.add(path, node.line(), (
                f"{node.kind.value} '{node.id}' cites no paragraph: add cites: [the paragraph it "
                "decides or applies], a law reference, or uncited: <why it has none>"))
        return
    if node.uncited is not None:
        problems.add(path, node.line("uncited"), f"'{node.id}' cites {refs[0].label()}, so uncited: does not apply")
    # "Law 50" alone does not tell the Director which paragraph decides: ask for one, where there
    # are any. A statement may point to a whole other Law ("Law 13 applies").
    vague = [r for r in refs if r.section is None and r.paragraph is None and _has_parts(corpus, r.law)]
    if len(vague) == len(refs) and node.uncited is None and node.kind is not Kind.STATEMENT:
        problems.add(path, node.line("cites" if node.cites else "text"), (
            f"{node.kind.value} '{node.id}' cites only {', '.join(r.label() for r in vague)}: "
            "name the section or paragraph it decides or applies"))


def _has_parts(corpus: Corpus, law: int) -> bool:
    """Whether a Law has places more precise than itself: its own opening words count as one."""
    found = corpus.laws.get(law)
    return found is not None and bool(found.sections or found.paragraphs) and not found.text


def _check_continues(chart: Chart, node: Node, cont: Continuation, corpus: Corpus, path: Path, problems: Problems) -> None:
    target = corpus.charts.get(cont.chart)
    where = node.line("continues")
    if choices(chart, node):
        problems.add(path, where, f"'{node.id}' continues in another chart, so it must be an end box (it has arrows on)")
    if cont.chart == IRREGULARITY:
        if not set(chart.laws) <= GENERAL_LAWS:
            problems.add(path, where, (f"'{node.id}' hands over to the irregularity's own chart: only a general "
                                       "chart (Law 9, Laws 10-12) does; name the chart and box instead"))
        return
    if target is None:
        if cont.chart not in corpus.unreadable_charts:
            problems.add(path, where, f"'{node.id}' continues in chart '{cont.chart}', which does not exist")
        return
    if target.layout is not ChartLayout.FLOW:
        problems.add(path, where, f"'{node.id}' continues in '{target.id}', a table: a walk continues only in a flow chart")
        return
    box = target.by_id.get(cont.at)
    if box is None:
        problems.add(path, where, f"'{node.id}' continues at '{cont.at}', which is not a box of chart '{target.id}'")
    elif box.kind in (Kind.LAW_REF, Kind.STATEMENT) and not box.links():
        problems.add(path, where, f"'{node.id}' continues at '{box.id}' of '{target.id}': a walk cannot start at a note")
    if target.id == chart.id:
        problems.add(path, where, f"'{node.id}' continues in its own chart: link to the box with next: instead")


_QUOTE_MARKS = str.maketrans({"‘": "'", "’": "'", "“": '"', "”": '"', "–": "-", "—": "-"})
_FOOTNOTE_RE = re.compile(r"\[\^\d+\]")


def flat(text: str) -> str:
    """Words compared as printed: one kind of quote mark and dash, single spaces, no footnote markers."""
    return " ".join(_FOOTNOTE_RE.sub("", text).translate(_QUOTE_MARKS).split()).casefold()


def _check_table_notes(chart: Chart, corpus: Corpus, path: Path, problems: Problems) -> None:
    """A table's editor's notes name a printed line of their group and quote the Law exactly."""
    for group in chart.table.groups if chart.table is not None else []:
        lines = {flat(line) for row in group.rows for cell in row for line in ([cell] if isinstance(cell, str) else cell)}
        for note in group.editor_notes:
            if flat(note.about) not in lines:
                problems.add(path, note.line("about"), f"editor's note about “{note.about}”: no cell of '{group.label}' prints that line")
            _check_quote(chart, note, f"'{group.label}'", note.line("quote"), corpus, path, problems)


def _check_quote(chart: Chart, note: EditorNote, owner: str, where: int, corpus: Corpus, path: Path, problems: Problems) -> None:
    ref = check_citation(corpus, note.ref, chart.laws[0], problems, path, where, f"{owner}: editor_note ref")
    if ref is None:
        return
    law = corpus.laws.get(ref.law)
    if law is None:
        return  # its file failed to load and is reported on its own
    if flat(note.quote) not in flat(place_words(law, ref)):
        problems.add(path, where, (
            f"{owner}: the editor's note quotes “{note.quote}”, which is not the wording of {ref.label()}: "
            "quote the Law word for word"))

