"""The laws editor's impact report: what changed between two editions, paragraph by paragraph,
and everything in the sources that cites a changed paragraph (the work list when a new edition
arrives).

Every box, beside-quote, situation, scenario, chart note, course item and lesson text is listed
under every citation of it that the new edition touches, most severe first: a paragraph removed; a number that now holds
another provision (the one cited moved, and something else took its place, which `check` can never
catch later because the number still exists); words amended (the changed words shown); a provision
moved or renumbered (its new number shown). Each new paragraph has an entry of its own: it may need
a box. A situation is listed for what its own route cites, not for its chart's other boxes.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import IntEnum
from pathlib import Path

from generator.corpus.corpus import Corpus
from generator.editions.alignment import Change, LawAlignment, Row, align_editions
from generator.editions.worddiff import Span, word_diff
from generator.flowcharts.walk import WalkError, walk
from generator.index import citations
from generator.index.citations import Ref
from generator.index.lawtree import place_words, places
from generator.index.prose import Passage, chart_note_passages, lesson_passages
from generator.index.xref import chart_refs
from generator.sources.model import Alignment, Chart, ChartLayout, Law
from generator.text.situations import walk_route
from generator.sources.sourcekeys import lesson_key, questions_key


class Severity(IntEnum):
    """How urgently a citation needs the editor, most urgent first."""

    REMOVED = 1  # the paragraph cited is gone
    REUSED = 2  # the number cited now holds another provision
    AMENDED = 3  # its words changed
    MOVED = 4  # it has a new number or place, words unchanged


HEADINGS = {
    Severity.REMOVED: "Cites a paragraph the new edition removes",
    Severity.REUSED: "Cites a number that now holds another provision",
    Severity.AMENDED: "Cites a paragraph whose words changed",
    Severity.MOVED: "Cites a paragraph that moved or was renumbered",
}
SHORT = {Severity.REMOVED: "removed", Severity.REUSED: "number now another provision",
         Severity.AMENDED: "amended", Severity.MOVED: "moved"}
KINDS = ("chart box", "beside-quote", "scenario", "situation", "chart note", "course item", "lesson text")
PLURAL = {"chart box": "chart boxes"}


def _count(n: int, noun: str) -> str:
    """"1 chart box", "2 chart boxes": a number and its noun, agreeing."""
    return f"{n} {noun if n == 1 else PLURAL.get(noun, noun + 's')}"


@dataclass(frozen=True)
class Effect:
    """What the new edition does to one provision of the text the sources cite."""

    severity: Severity
    words: str  # in a few words: "removed", "now 27B5, amended", "27B4 is now a new paragraph" …
    diff: tuple[Span, ...] = ()  # the words changed, where they changed


@dataclass(frozen=True)
class Hit:
    """One thing in the sources citing a place that the new edition touches."""

    kind: str  # one of KINDS
    where: str  # path:line
    what: str  # the box, the quote, the scenario's title …
    ref: Ref  # the place as cited
    effect: Effect


@dataclass(frozen=True)
class NewProvision:
    """A provision the new edition adds: it may need a box."""

    ref: Ref
    opening: str  # its first words
    charts: tuple[str, ...]  # the charts serving its Law


@dataclass
class Report:
    """The comparison of two editions and its consequences for the sources."""

    old_name: str
    new_name: str
    alignments: dict[int, LawAlignment]
    effects: dict[Ref, Effect] = field(default_factory=dict)  # a provision of the cited text -> what became of it
    provisions: set[Ref] = field(default_factory=set)  # every provision of the cited side compared
    hits: list[Hit] = field(default_factory=list)
    new: list[NewProvision] = field(default_factory=list)

    @property
    def removed_cited(self) -> list[Hit]:
        return [h for h in self.hits if h.effect.severity is Severity.REMOVED]

    def ordered(self) -> list[Hit]:
        def at(hit: Hit) -> tuple[str, int]:
            path, _, line = hit.where.rpartition(":")
            return path, int(line) if line.isdigit() else 0
        return sorted(self.hits, key=lambda h: (h.effect.severity, at(h), h.ref.reading_order(), h.kind))

    def tally(self) -> Counter[str]:
        found: Counter[str] = Counter()
        for aligned in self.alignments.values():
            found.update(aligned.counts())
        return found

    def summary(self) -> str:
        t = self.tally()
        rows = sum(len(a.rows) for a in self.alignments.values())
        laws = sorted(self.alignments)
        if not laws:
            span = "no Laws"
        elif len(laws) == 1:
            span = f"Law {laws[0]} ({_count(rows, 'provision')})"
        else:
            span = f"Laws {laws[0]}–{laws[-1]} ({_count(len(laws), 'Law')}, {_count(rows, 'provision')})"
        kinds = Counter(h.kind for h in self.hits)
        things = ", ".join(_count(kinds[k], k) for k in KINDS)
        levels = Counter(h.effect.severity for h in self.hits)
        by_level = ", ".join(f"{SHORT[s]} {levels[s]}" for s in Severity)
        removed = len(self.removed_cited)
        return (f"{self.old_name} → {self.new_name}, {span}: "
                f"{t['unchanged']} unchanged, {t['amended']} amended, {t['new']} new, {t['removed']} removed, "
                f"{t['moved']} moved or renumbered. Work list: {_count(len(self.hits), 'citation')} ({things}): {by_level}. "
                f"{_count(len(self.new), 'new provision')} to consider. "
                f"{removed} {'cites' if removed == 1 else 'cite'} a removed paragraph.")


def compare(corpus: Corpus, old: dict[int, Law], new: dict[int, Law], overrides: Alignment | None,
            *, old_name: str, new_name: str, current_is_old: bool) -> Report:
    """Compare two editions; `current_is_old` says which side the sources' citations are of."""
    laws = sorted(set(old) & set(new))
    report = Report(old_name, new_name, align_editions(old, new, overrides, laws))
    cited_side, other_side = (old, new) if current_is_old else (new, old)
    for aligned in report.alignments.values():
        if current_is_old:
            _effects_on_old(aligned, report, old.get(aligned.law), new.get(aligned.law), new_name)
        else:
            _effects_on_new(aligned, report, old_name)
        for row in aligned.rows:
            if current_is_old:
                report.provisions.update(u.ref for u in row.old)
            elif row.new is not None:
                report.provisions.add(row.new.ref)
            if current_is_old and row.change is Change.NEW and row.new is not None:
                charts = tuple(c.id for c in corpus.charts_for(aligned.law))
                report.new.append(NewProvision(row.new.ref, _opening(row.new.text), charts))
    _find_hits(corpus, report, cited_side, other_side, current_is_old)
    return report


def _effects_on_old(aligned: LawAlignment, report: Report, old_law: Law | None, new_law: Law | None,
                    new_name: str) -> None:
    """What the new edition does to each provision of the current one (the sources cite these)."""
    holder = {row.new.ref: row for row in aligned.rows if row.new is not None}  # new place -> its row
    for row in aligned.rows:
        if row.new is None:
            for unit in row.old:
                report.effects[unit.ref] = Effect(Severity.REMOVED, f"removed in {new_name}")
            continue
        trim = len(row.old) > 1 or any(u.ref in aligned.split for u in row.old)  # the rest went elsewhere
        spans = tuple(word_diff(" ".join(u.text for u in row.old), row.new.text, trim=trim)) \
            if row.change is Change.AMENDED else ()
        for unit in row.old:
            parts = []
            if row.moved:
                parts.append(f"now {new_name} {row.new.ref.canonical()}")
            if unit.ref in aligned.split:
                parts.append("split into " + ", ".join(r.canonical() for r in aligned.split[unit.ref]))
            if row.merged:
                parts.append("merged with " + ", ".join(u.ref.canonical() for u in row.old if u.ref != unit.ref))
            if row.change is Change.AMENDED:
                parts.append("amended")
            if not parts:
                continue  # unchanged, in place
            taker = holder.get(unit.ref)
            if row.moved and taker is not None and taker is not row:
                was = ", ".join(u.ref.canonical() for u in taker.old) or "nothing"
                parts.append(f"{new_name} {unit.ref.canonical()} is now " +
                             ("a new paragraph" if not taker.old else f"what was {was}"))
                severity = Severity.REUSED
            elif row.change is Change.AMENDED or unit.ref in aligned.split or row.merged:
                severity = Severity.AMENDED
            else:
                severity = Severity.MOVED
            report.effects[unit.ref] = Effect(severity, ", ".join(parts), spans)


def _effects_on_new(aligned: LawAlignment, report: Report, old_name: str) -> None:
    """Comparing an earlier edition with the current one: what is new or changed in the current text."""
    for row in aligned.rows:
        if row.new is None or (row.change is Change.UNCHANGED and not row.moved):
            continue
        words = [row.change.value]
        if row.moved:
            words.append(f"moved from {old_name} " + ", ".join(u.ref.canonical() for u in row.old))
        severity = Severity.AMENDED if row.change is not Change.UNCHANGED else Severity.MOVED
        report.effects[row.new.ref] = Effect(severity, ", ".join(words))


def _opening(text: str, words: int = 14) -> str:
    said = text.split()
    return " ".join(said[:words]) + (" …" if len(said) > words else "")


def _affected(ref: Ref, report: Report, cited: dict[int, Law], other: dict[int, Law],
              current_is_old: bool) -> Effect | None:
    """What the new edition does to a cited place: that of the innermost provision holding it,
    unless only other words of an amended provision changed (an item cited word for word the same)."""
    unit = next((outer for outer in ref.ancestors() if outer in report.provisions), None)
    effect = report.effects.get(unit) if unit is not None else None
    if effect is None or effect.severity is not Severity.AMENDED or unit == ref or "now " in effect.words:
        return effect
    here, there = cited.get(ref.law), other.get(ref.law)
    if here is not None and there is not None and any(p.ref == ref for p in places(there)):
        if " ".join(place_words(here, ref).split()) == " ".join(place_words(there, ref).split()):
            return None  # the cited item reads the same: the change is elsewhere in its paragraph
    return effect


def _find_hits(corpus: Corpus, report: Report, cited: dict[int, Law], other: dict[int, Law],
               current_is_old: bool) -> None:
    root = corpus.root

    def where(path: Path, line: int) -> str:
        return f"{path.relative_to(root).as_posix() if path.is_relative_to(root) else path}:{line}"

    def affected(ref: Ref) -> Effect | None:
        return _affected(ref, report, cited, other, current_is_old)

    def add(kind: str, at: str, what: str, refs: list[Ref]) -> None:
        for ref in dict.fromkeys(refs):
            effect = affected(ref)
            if effect is not None:
                report.hits.append(Hit(kind, at, what, ref, effect))

    for chart in corpus.charts.values():
        path = corpus.chart_path(chart.id)
        box_refs: dict[str, list[Ref]] = {}
        for node_id, _key, ref in chart_refs(chart, corpus.index.chart_mentions.get(chart.id)):
            if node_id is not None:
                box_refs.setdefault(node_id, []).append(ref)
        for node_id, refs in box_refs.items():
            node = chart.by_id[node_id]
            add("chart box", where(path, node.line()), f"{chart.id}: {node_id} “{_opening(node.text, 10)}”", refs)
        for scenario in chart.scenarios:
            route = _scenario_route(chart, scenario)
            add("scenario", where(path, scenario.line("title")), f"{chart.id}: “{scenario.title}”",
                [r for box in route for r in box_refs.get(box, [])])
        for situation in chart.situations:
            route = _situation_route(chart, situation)
            at = situation.line() if situation.lines else chart.line("situations")
            add("situation", where(path, at), f"{chart.id}: “{situation.text}”",
                [r for box in route for r in box_refs.get(box, [])])
        for (line, part), refs in _passage_refs(chart_note_passages(chart)).items():
            add("chart note", where(path, line), f"{chart.id}: {part}", refs)
    for law in corpus.laws.values():
        path = corpus.law_path(law.law)
        quoted = [r for r in (citations.parse_ref(v, law.law) for v in law.beside) if r is not None]
        add("beside-quote", where(path, law.line("beside")), f"Law {law.law} quotes", quoted)
        # A Law's own situation is about the Law: listed once, under the first place of it touched.
        touched = next((r for r in sorted(report.effects, key=Ref.reading_order) if r.law == law.law), None)
        for situation in law.situations if touched is not None else []:
            at = situation.line() if situation.lines else law.line("situations")
            report.hits.append(Hit("situation", where(path, at), f"Law {law.law}: “{situation.text}”",
                                   Ref(law.law), report.effects[touched]))
    for chart_id, questions in corpus.questions.items():
        path = corpus.paths.get(questions_key(chart_id))
        for question in questions.questions if path is not None else []:
            context = corpus.charts[chart_id].laws[0] if chart_id in corpus.charts else 1
            refs = _parsed(question.refs, context) + [r for w in question.wrong for r in _parsed(w.refs, context)]
            add("course item", where(path, question.line("scenario")), f"question on “{question.scenario}”", refs)
    for module_id, lesson in corpus.lessons.items():
        path = corpus.paths.get(lesson_key(module_id))
        if path is None:
            continue
        for topic in lesson.topics:
            for example in topic.examples:
                add("course item", where(path, example.line("title")), f"{module_id}: example “{example.title}”",
                    _parsed(example.refs, 1))
        for (line, part), refs in _passage_refs(lesson_passages(lesson)).items():
            add("lesson text", where(path, line), f"{module_id}: {part}", refs)


def _passage_refs(passages: Iterable[Passage]) -> dict[tuple[int, str], list[Ref]]:
    """The places each part of some prose cites: the objectives (or key points) of a lesson, one
    passage each, are listed as one part, at their key's line."""
    found: dict[tuple[int, str], list[Ref]] = {}
    for passage in passages:
        found.setdefault((passage.line, passage.part), []).extend(r for m in passage.mentions() for r in m.refs)
    return found


def _parsed(values: list[str], context: int) -> list[Ref]:
    return [r for r in (citations.parse_ref(v, context) for v in values) if r is not None]


def _scenario_route(chart: Chart, scenario) -> list[str]:  # noqa: ANN001 - a Scenario
    if chart.layout is not ChartLayout.FLOW:
        return []
    try:
        return walk(chart, scenario)
    except WalkError:
        return []


def _situation_route(chart: Chart, situation) -> list[str]:  # noqa: ANN001 - a Situation
    if chart.layout is not ChartLayout.FLOW:
        return []
    try:
        return [box.split(":", 1)[-1] for box in walk_route(chart, situation)]
    except (WalkError, KeyError):
        return []


def _diff_words(spans: tuple[Span, ...], limit: int = 24) -> str:
    """The changed words with a little context: "… [−old words] [+new words] …"."""
    out: list[str] = []
    for n, span in enumerate(spans):
        if span.op == "equal":
            words = span.text.split()
            if len(words) > 6:
                head = words[:3] if n else []
                tail = words[-3:] if n < len(spans) - 1 else []
                words = head + ["…"] + tail
            out.append(" ".join(words))
        else:
            out.append(("[−" if span.op == "delete" else "[+") + span.text + "]")
    said = " ".join(w for w in out if w).split()
    return " ".join(said[:limit]) + (" …" if len(said) > limit else "")


def format_report(report: Report) -> list[str]:
    """The report as lines: every provision that changed, the work list by severity, the new
    provisions, then the summary."""
    lines = [f"Provisions, {report.old_name} → {report.new_name}:"]
    for aligned in report.alignments.values():
        for row in aligned.rows:
            if row.change is Change.UNCHANGED and not row.moved:
                continue
            new = row.new.ref.canonical() if row.new is not None else "—"
            old = ", ".join(u.ref.canonical() for u in row.old) or "—"
            lines.append(f"  {report.old_name} {old:<14} → {report.new_name} {new:<10} {_label(row)}")
    hits = report.ordered()
    lines += ["", f"The work list, most urgent first ({_count(len(hits), 'citation')}):"]
    for severity in Severity:
        level = [h for h in hits if h.effect.severity is severity]
        if not level:
            continue
        lines.append(f"{severity.value}. {HEADINGS[severity]} ({len(level)}):")
        for hit in level:
            lines.append(f"  {hit.where}: {hit.kind} {hit.what} cites {hit.ref.label()}: {hit.effect.words}")
            if hit.effect.diff and hit.kind == "chart box":
                lines.append(f"      words: {_diff_words(hit.effect.diff)}")
    if report.new:
        lines += ["", f"New in {report.new_name} (may need a box: {len(report.new)}):"]
        for added in report.new:
            serving = ", ".join(added.charts) if added.charts else "no chart serves this Law"
            lines.append(f"  {report.new_name} {added.ref.canonical()}: “{added.opening}” (charts: {serving})")
    lines += ["", report.summary()]
    return lines


def _label(row: Row) -> str:
    """What became of a provision, in words: "amended, moved from 45D"."""
    parts = [row.change.value]
    if row.moved:
        parts.append("moved from " + ", ".join(u.ref.canonical() for u in row.old))
    return ", ".join(parts)
