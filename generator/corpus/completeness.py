"""Checks that every walk ends in the whole ruling: what a box says does not apply is not listed as
applying, adjusted scores state their basis and reach the assessment chart, acceptances say what
follows, a Law named as applying is walked into, general charts lead to the irregularity's own
chart, overlapping Cases name each other, and a book chart's correction is made once.

Each finding is a `path:line` problem of the box at fault, all of them in one run.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from generator.corpus.chartrules import GENERAL_LAWS
from generator.corpus.corpus import Corpus
from generator.flowcharts.walk import box_refs, choices, reachable
from generator.index import citations
from generator.index.citations import Mention, Ref
from generator.sources.errors import Problems
from generator.sources.model import Chart, ChartLayout, IRREGULARITY, Kind, Node, Origin, Phase

# The chart where an adjusted score is assessed, and the Laws whose charts are general: they lead
# into the chart of the irregularity's own Law rather than rule on one.
ASSESSMENT_CHART = "laws-10-12"

_NOT_APPLY = re.compile(r"\s+(?:do|does|shall|will|would|did|need)\s+not\s+apply\b")
_JOINER = re.compile(r"\s*(?:,\s*|\s+and\s+|\s+or\s+|,\s*and\s+)\s*")
_APPLIES = re.compile(r"\s+(?:appl(?:y|ies)|then\s+appl(?:y|ies)|is\s+applied|governs?)\b")
_ADJUSTED = re.compile(r"\badjusted scores?\b", re.I)
# Words that make a mention of an adjusted score something other than one awarded here.
_NO_ADJUSTMENT = re.compile(
    r"\b(?:no|not|nor|never|without)\b[^.;:]{0,40}\badjusted scores?\b|\badjusted scores?\b[^.;:]{0,20}\bnot\b"
    r"|\bno further adjusted score\b", re.I)
_ACCEPTED = re.compile(r"\b(?:is|are|was|been)\s+accepted\b|\baccepts\b|\btreated as legal\b|\bforfeits?\b", re.I)
# A general chart's box that leaves the ruling to the irregularity's own Law.
_RECTIFY = re.compile(r"\b(?:applies|apply|under) the Law that governs\b|\bunder its own Law\b|\bLaw that governs (?:it|the irregularity)\b"
                      r"|\bafter the rectification\b|\bcorrects the (?:ruling|rectification)\b", re.I)
_AUTHORISED = (Ref(16, "A", 1), Ref(16, "A", 1, "a"))


def check_completeness(chart: Chart, corpus: Corpus, path: Path, problems: Problems) -> None:
    """Record, at its line, every box that leaves part of the ruling unsaid."""
    if chart.layout is not ChartLayout.FLOW:
        _check_table_corrections(chart, path, problems)
        return
    walkable = reachable(chart)
    context = chart.laws[0]
    for node in chart.nodes:
        _check_not_applied(chart, node, context, path, problems)
        _check_phase(node, path, problems)
        _check_both_answers(chart, node, path, problems)
        _check_corrected(chart, node, path, problems)
        _check_overlaps(chart, node, path, problems)
        if node.id not in walkable:
            continue
        _check_adjusted(chart, node, corpus, path, problems)
        _check_accepted(chart, node, path, problems)
        _check_named_law(chart, node, corpus, context, path, problems)
        _check_general(chart, node, path, problems)


def said_not_to_apply(text: str, context_law: int) -> list[Ref]:
    """The places a box's words say do not apply: a citation, or a list of them, followed by
    "do(es) not apply" ("Laws 26B and 16C do not apply")."""
    found: list[Ref] = []
    for group in _runs(text, citations.find(text, context_law)):
        if _NOT_APPLY.match(text, group[-1].end):
            found += [r for m in group for r in m.refs]
    return found


def said_to_apply(text: str, context_law: int) -> list[Ref]:
    """The places a box's words say apply ("Law 37 applies", "Laws 50 and 51 apply")."""
    found: list[Ref] = []
    for group in _runs(text, citations.find(text, context_law)):
        if _APPLIES.match(text, group[-1].end):
            found += [r for m in group for r in m.refs]
    return found


def _runs(text: str, mentions: list[Mention]) -> list[list[Mention]]:
    """Mentions that form one list ("Laws 26B and 16C"), in order."""
    runs: list[list[Mention]] = []
    for mention in mentions:
        if runs and _JOINER.fullmatch(text[runs[-1][-1].end:mention.start]):
            runs[-1].append(mention)
        else:
            runs.append([mention])
    return runs


def awards_adjusted_score(text: str) -> bool:
    """Whether words say that an adjusted score is (or may be) given, not that none is."""
    flat = " ".join(text.split())
    return bool(_ADJUSTED.search(flat)) and not _NO_ADJUSTMENT.search(flat)


def _check_not_applied(chart: Chart, node: Node, context: int, path: Path, problems: Problems) -> None:
    said = said_not_to_apply(node.text, context)
    listed = [r for r in (citations.parse_ref(v, context) for v in node.not_applied) if r is not None]
    for ref in said:
        if ref not in listed:
            problems.add(path, node.line("text"), (
                f"'{node.id}' says {ref.label()} does not apply: list it under not_applied: "
                f"[{ref.canonical()}] so that it is never shown as applying"))
    cited = {r for r in (citations.parse_ref(v, context) for v in node.cites) if r is not None}
    for ref in listed:
        if ref in cited:
            problems.add(path, node.line("not_applied"), f"'{node.id}' both cites and does not apply {ref.label()}: keep one")


def _check_phase(node: Node, path: Path, problems: Problems) -> None:
    if node.phase is None:
        return
    allowed = {Kind.ACTION, Kind.OPTIONS, Kind.STATEMENT, Kind.REPETITION} | ({Kind.QUESTION, Kind.CONDITION} if node.phase is Phase.LATER else set())
    if node.kind not in allowed:
        problems.add(path, node.line("phase"), (
            f"'{node.id}': phase: {node.phase.value} is for actions, options and statements"
            + (" (and for questions and conditions judged at the end of play: phase: later)" if node.phase is not Phase.LATER else "")))
    if node.later is not None and node.phase is Phase.LATER:
        problems.add(path, node.line("later"), f"'{node.id}' is judged later itself: later: is for a box that rules now and leaves a judgement to the end of play")


def _check_both_answers(chart: Chart, node: Node, path: Path, problems: Problems) -> None:
    if node.kind is Kind.QUESTION and node.yes is not None and node.yes == node.no:
        problems.add(path, node.line("yes"), (
            f"question '{node.id}': both answers lead to '{node.yes}', so it decides nothing: "
            "make it a statement or an action on the way, or give its answers different boxes"))


def _check_corrected(chart: Chart, node: Node, path: Path, problems: Problems) -> None:
    if node.book_text is not None and chart.origin is not Origin.BOOK:
        problems.add(path, node.line("book_text"), f"'{node.id}': book_text: keeps the WBU book's words; this chart is drawn, not the book's")
    if node.editor_note is not None and node.book_text is None:
        problems.add(path, node.line("editor_note"), (
            f"'{node.id}' departs from the 2017 text (its editor's note): the box shows the 2017 rule. "
            "Move the book's words to book_text: and give text: the rule as the Law states it"))
    if node.book_text is not None and " ".join(node.book_text.split()) == " ".join(node.text.split()):
        problems.add(path, node.line("book_text"), f"'{node.id}': book_text is the same as text: a correction changes the words")


def _check_overlaps(chart: Chart, node: Node, path: Path, problems: Problems) -> None:
    for other_id in node.overlaps:
        other = chart.by_id.get(other_id)
        if node.kind is not Kind.CASE:
            problems.add(path, node.line("overlaps"), f"'{node.id}': only a Case names the Cases it overlaps")
        elif other is None or other.kind is not Kind.CASE:
            problems.add(path, node.line("overlaps"), f"'{node.id}' overlaps '{other_id}', which is not a Case of this chart")
        elif node.id not in other.overlaps:
            problems.add(path, node.line("overlaps"), (
                f"'{node.id}' overlaps '{other_id}', but '{other_id}' does not name '{node.id}': overlapping Cases name each other"))


def _onward_ends(chart: Chart, start: str) -> list[Node]:
    """The end boxes a walk can reach from `start` (itself, if it is one)."""
    seen: set[str] = set()
    stack = [start]
    ends: list[Node] = []
    while stack:
        here = stack.pop()
        if here in seen or here not in chart.by_id:
            continue
        seen.add(here)
        ways = choices(chart, chart.by_id[here])
        if not ways:
            ends.append(chart.by_id[here])
        stack.extend(w.to for w in ways)
    return ends


def _onward(chart: Chart, start: str) -> set[str]:
    seen: set[str] = set()
    stack = [start]
    while stack:
        here = stack.pop()
        if here in seen or here not in chart.by_id:
            continue
        seen.add(here)
        stack.extend(w.to for w in choices(chart, chart.by_id[here]))
    return seen


def _check_adjusted(chart: Chart, node: Node, corpus: Corpus, path: Path, problems: Problems) -> None:
    if node.kind not in (Kind.ACTION, Kind.OPTIONS):
        return
    announced = [node.text] if awards_adjusted_score(node.text) and node.phase is not Phase.LATER else []
    later = node.later is not None and awards_adjusted_score(node.later.text)
    if not announced and not later and not (node.phase is Phase.LATER and awards_adjusted_score(node.text)):
        return
    if not node.basis:
        problems.add(path, node.line(), (
            f"'{node.id}' gives an adjusted score but not its basis: add basis: [the paragraph it is "
            "assessed by, e.g. 12C1(b), 12C1(c), 16B3, 27D, 64C2(a)]"))
    if chart.id == ASSESSMENT_CHART or not announced:
        return  # a judgement left to the end of play reaches the assessment through the Ruling card
    ends = _onward_ends(chart, node.id)
    missing = [e.id for e in ends if not any(c.chart == ASSESSMENT_CHART for c in e.continues)]
    if missing:
        problems.add(path, node.line(), (
            f"'{node.id}' gives an adjusted score, but the walk from it ends at {', '.join(repr(m) for m in missing[:3])} "
            f"without handing over to the assessment chart: continues: {{chart: {ASSESSMENT_CHART}, at: a_assess}} "
            "(or leave the adjusted score to the end of play with later:)"))


def _check_accepted(chart: Chart, node: Node, path: Path, problems: Problems) -> None:
    """An irregularity accepted (or a right forfeited) says what follows: the information is
    authorised (16A1(a)) and what happens next."""
    if node.kind not in (Kind.ACTION, Kind.OPTIONS) or not _ACCEPTED.search(" ".join(node.text.split())):
        return
    if re.search(r"\b(?:not|may|might|cannot|can)\s+(?:be\s+)?accept", node.text, re.I):
        return  # an offer, or a refusal: the acceptance itself is another box
    route = _onward(chart, node.id)
    boxes = [chart.by_id[b] for b in route]
    refs = {r for b in boxes for r in box_refs(chart, b)}
    if "forfeit" not in node.text.lower() and not refs & set(_AUTHORISED):
        problems.add(path, node.line(), (
            f"'{node.id}' accepts an irregularity: say on its route that the information from the "
            "accepted call or play is authorised (cite Law 16A1(a))"))
    if not any(_phase(b) is Phase.NEXT or b.continues for b in boxes):
        problems.add(path, node.line(), (
            f"'{node.id}' accepts an irregularity or forfeits a right: say what happens next on its "
            "route (a box with phase: next, or a hand-off)"))


def _phase(node: Node) -> Phase | None:
    return node.phase


def _check_named_law(chart: Chart, node: Node, corpus: Corpus, context: int, path: Path, problems: Problems) -> None:
    """A box that says another Law applies walks on into that Law's chart."""
    if node.kind not in (Kind.ACTION, Kind.OPTIONS, Kind.STATEMENT):
        return
    laws = {r.law for r in said_to_apply(node.text, context)} - set(chart.laws)
    if not laws:
        return
    reached = {law for c in _charts_handed_to(chart, node.id, corpus) for law in c.laws}
    for law in sorted(laws):
        flows = [c for c in corpus.charts_for(law) if c.layout is ChartLayout.FLOW and c.id != chart.id]
        if flows and law not in reached:
            problems.add(path, node.line(), (
                f"'{node.id}' says Law {law} applies but the walk does not go on into its chart: "
                f"continues: {{chart: {flows[0].id}, at: …}}"))


def _charts_handed_to(chart: Chart, start: str, corpus: Corpus) -> list[Chart]:
    """Every chart a walk from `start` can go on in, through hand-offs of hand-offs."""
    found: dict[str, Chart] = {}
    todo = [(chart, start)]
    while todo:
        here, box = todo.pop()
        for end in _onward_ends(here, box):
            for cont in end.continues:
                target = corpus.charts.get(cont.chart)
                if target is not None and target.id not in found and cont.at in target.by_id:
                    found[target.id] = target
                    todo.append((target, cont.at))
    return list(found.values())


def _check_general(chart: Chart, node: Node, path: Path, problems: Problems) -> None:
    """A general chart (Law 9, Laws 10-12) that ends in "rectify" leads into the irregularity's own chart."""
    if not set(chart.laws) <= GENERAL_LAWS or choices(chart, node) or node.kind is Kind.LAW_REF:
        return
    if _RECTIFY.search(node.text) and not any(c.chart == IRREGULARITY for c in node.continues) \
            and not any(c.chart != IRREGULARITY for c in node.continues):
        problems.add(path, node.line(), (
            f"'{node.id}' ends a general chart with a rectification: hand over to the chart of the "
            f"irregularity's own Law with continues: {{chart: {IRREGULARITY}}}"))


def _check_table_corrections(chart: Chart, path: Path, problems: Problems) -> None:
    for group in chart.table.groups if chart.table is not None else []:
        for note in group.editor_notes:
            if note.corrected is None:
                problems.add(path, note.line("about"), (
                    f"'{group.label}': the line “{note.about}” departs from the 2017 text: give the 2017 rule "
                    "as corrected: (the printed line stays as about:)"))


def parent_citations(chart: Chart, corpus: Corpus) -> Iterable[tuple[Node, Ref, list[Ref]]]:
    """Boxes that cite a section or paragraph which has sub-paragraphs: each to be reviewed, so
    that a box cites the sub-rule it states."""
    existing = corpus.index.existing
    for node in chart.nodes:
        if node.kind is Kind.LAW_REF:
            continue
        for ref in box_refs(chart, node):
            if ref.section is None and ref.paragraph is None:
                continue  # a whole Law named as applying: a hand-off, not a rule stated
            kids = sorted((r for r in existing if r != ref and ref in r.ancestors()), key=Ref.reading_order)
            if kids:
                yield node, ref, kids
