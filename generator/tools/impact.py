"""The laws editor's impact report: what changed between two editions, paragraph by paragraph,
and everything in the sources that cites a paragraph amended, moved or removed (the work list
when a new edition arrives)."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from generator.editions.alignment import Change, LawAlignment, Row, align_editions
from generator.index.citations import Ref
from generator.corpus.corpus import Corpus
from generator.sources.model import Alignment, Law
from generator.flowcharts.walk import WalkError, walk
from generator.index.xref import chart_refs
from generator.index import citations


@dataclass(frozen=True)
class Hit:
    """One thing in the sources that cites an affected paragraph."""

    kind: str  # "chart box", "beside-quote", "scenario", "situation", "course module"
    where: str  # path:line
    what: str  # the box, the quote, the scenario's title …
    ref: Ref  # the affected paragraph (a place of the current text)
    change: str  # what became of it


@dataclass
class Report:
    """The comparison of two editions and its consequences for the sources."""

    old_name: str
    new_name: str
    alignments: dict[int, LawAlignment]
    affected: dict[Ref, str] = field(default_factory=dict)  # current place -> "amended", "moved", "removed" …
    provisions: set[Ref] = field(default_factory=set)  # every provision of the current side compared
    hits: list[Hit] = field(default_factory=list)

    @property
    def removed_cited(self) -> list[Hit]:
        return [h for h in self.hits if h.change.startswith("removed")]

    def tally(self) -> Counter[str]:
        found: Counter[str] = Counter()
        for aligned in self.alignments.values():
            found.update(aligned.counts())
        return found

    def summary(self) -> str:
        t = self.tally()
        rows = sum(len(a.rows) for a in self.alignments.values())
        kinds = Counter(h.kind for h in self.hits)
        plural = {"chart box": "chart boxes"}
        cited = ", ".join(f"{kinds[k]} {k if kinds[k] == 1 else plural.get(k, k + 's')}" for k in
                          ("chart box", "beside-quote", "scenario", "situation", "course module"))
        laws = sorted(self.alignments)
        span = f"Laws {laws[0]}–{laws[-1]}" if laws else "no Laws"
        return (f"{self.old_name} → {self.new_name}, {span} ({len(laws)} Laws, {rows} provisions): "
                f"{t['unchanged']} unchanged, {t['amended']} amended, {t['new']} new, {t['removed']} removed, "
                f"{t['moved']} moved or renumbered. Citing an amended, moved or removed paragraph: {cited}; "
                f"{len(self.removed_cited)} cite a removed paragraph.")


def _label(row: Row) -> str:
    """What became of a provision, in words: "amended, moved from 45D"."""
    parts = [row.change.value]
    if row.moved:
        parts.append("moved from " + ", ".join(u.ref.canonical() for u in row.old))
    return ", ".join(parts)


def compare(corpus: Corpus, old: dict[int, Law], new: dict[int, Law], overrides: Alignment | None,
            *, old_name: str, new_name: str, current_is_old: bool) -> Report:
    """Compare two editions; `current_is_old` says which side the sources' citations are of."""
    laws = sorted(set(old) & set(new))
    report = Report(old_name, new_name, align_editions(old, new, overrides, laws))
    for aligned in report.alignments.values():
        for row in aligned.rows:
            if current_is_old:
                report.provisions.update(u.ref for u in row.old)
            elif row.new is not None:
                report.provisions.add(row.new.ref)
            if current_is_old:
                if row.change in (Change.AMENDED, Change.REMOVED) or row.moved:
                    for unit in row.old:
                        report.affected.setdefault(unit.ref, _label(row))
            elif row.new is not None and (row.change is Change.AMENDED or row.moved):
                report.affected[row.new.ref] = _label(row)
    _find_hits(corpus, report)
    return report


def _unit_hit(ref: Ref, report: Report) -> Ref | None:
    """The affected provision a citation points into, if any: the innermost provision holding
    the cited place (a section's lead text changing does not touch its unchanged paragraphs)."""
    unit = next((outer for outer in ref.ancestors() if outer in report.provisions), None)
    return unit if unit is not None and unit in report.affected else None


def _find_hits(corpus: Corpus, report: Report) -> None:
    root = corpus.root
    affected = report.affected

    def where(path: Path, line: int) -> str:
        return f"{path.relative_to(root).as_posix() if path.is_relative_to(root) else path}:{line}"

    charts_hit: dict[str, set[str]] = {}
    for chart in corpus.charts.values():
        path = corpus.chart_path(chart.id)
        boxes: dict[str, tuple[Ref, str]] = {}
        for node_id, _key, ref in chart_refs(chart, corpus.index.chart_mentions.get(chart.id)):
            unit = _unit_hit(ref, report)
            if unit is None or node_id is None or node_id in boxes:
                continue
            boxes[node_id] = (unit, affected[unit])
            node = chart.by_id[node_id]
            report.hits.append(Hit("chart box", where(path, node.line()), f"{chart.id}: {node_id} “{node.text}”",
                                   unit, affected[unit]))
        if not boxes:
            continue
        charts_hit[chart.id] = set(boxes)
        for scenario in chart.scenarios:
            try:
                passed = walk(chart, scenario) if chart.layout == "flow" else []
            except WalkError:
                continue
            box = next((b for b in passed if b in boxes), None)
            if box is not None:
                unit, change = boxes[box]
                report.hits.append(Hit("scenario", where(path, scenario.line("title")),
                                       f"{chart.id}: “{scenario.title}” passes {box}", unit, change))
        for situation in chart.situations:
            unit, change = next(iter(boxes.values()))
            report.hits.append(Hit("situation", where(path, situation.line() if situation.lines else chart.line("situations")),
                                   f"{chart.id}: “{situation.text}”", unit, change))
    for law in corpus.laws.values():
        path = corpus.law_path(law.law)
        for value in law.beside:
            ref = citations.parse_ref(value, law.law)
            unit = _unit_hit(ref, report) if ref is not None else None
            if unit is not None:
                report.hits.append(Hit("beside-quote", where(path, law.line("beside")),
                                       f"Law {law.law} quotes {ref.canonical()}", unit, affected[unit]))  # type: ignore[union-attr]
        own = [r for r in affected if r.law == law.law]
        for situation in law.situations if own else []:
            report.hits.append(Hit("situation", where(path, situation.line() if situation.lines else chart.line("situations")), f"Law {law.law}: “{situation.text}”",
                                   own[0], affected[own[0]]))
    if corpus.course is not None:
        for module in corpus.course.modules:
            hit = [c for c in module.charts if c in charts_hit]
            if hit:
                first = corpus.charts[hit[0]]
                box = sorted(charts_hit[hit[0]])[0]
                unit = next(_unit_hit(r, report) for n, _k, r in chart_refs(first) if n == box and _unit_hit(r, report))
                report.hits.append(Hit("course module", where(corpus.paths["course"], module.line("id")),
                                       f"{module.id}: charts {', '.join(hit)}", unit, affected[unit]))  # type: ignore[index]


def format_report(report: Report) -> list[str]:
    """The report as lines: every provision that changed, then the work list, then the summary."""
    lines = [f"Provisions, {report.old_name} → {report.new_name}:"]
    for number, aligned in report.alignments.items():
        for row in aligned.rows:
            if row.change is Change.UNCHANGED and not row.moved:
                continue
            new = row.new.ref.canonical() if row.new is not None else "—"
            old = ", ".join(u.ref.canonical() for u in row.old) or "—"
            lines.append(f"  {report.old_name} {old:<14} → {report.new_name} {new:<10} {_label(row)}")
    lines.append("")
    lines.append("Cited in the sources (the work list):")
    for hit in sorted(report.hits, key=lambda h: (h.kind, h.where)):
        lines.append(f"  {hit.where}: {hit.kind} {hit.what} cites {hit.ref.label()} ({hit.change})")
    lines.append("")
    lines.append(report.summary())
    return lines
