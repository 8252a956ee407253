"""The cross-reference index: which places exist, and who cites whom."""
from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Iterator

from generator.index import citations
from generator.index.citations import Mention, Ref
from generator.index.lawtree import places, texts
from generator.sources.model import Chart, Law

FOOTNOTE_RE = re.compile(r"\[\^(\d+)\]")


@dataclass(frozen=True)
class Citer:
    """Where a citation stands: a place in a Law, or a chart."""

    law_ref: Ref | None = None
    chart_id: str | None = None


@dataclass
class Index:
    """Every place that exists, and for each Law what cites it."""

    existing: set[Ref] = field(default_factory=set)
    cited_by: dict[int, set[Citer]] = field(default_factory=lambda: defaultdict(set))
    # Every citation in each Law's text, found once for both the checks and the pages.
    mentions: dict[int, list[tuple[Ref, str, str, Mention]]] = field(default_factory=dict)
    # Likewise in each chart's text, by chart id: (node id or None for the table, key, mention).
    chart_mentions: dict[str, list[tuple[str | None, str, Mention]]] = field(default_factory=dict)

    def exists(self, ref: Ref) -> bool:
        return ref in self.existing


def law_text_mentions(law: Law) -> Iterator[tuple[Ref, str, str, Mention]]:
    """(place, key, text, mention) for every citation written in a Law's text."""
    for place in places(law):
        for key, text in texts(place.block):
            for mention in citations.find(text, law.law):
                yield place.ref, key, text, mention
    for note in law.footnotes:
        for mention in citations.find(note.text, law.law):
            yield Ref(law.law), "footnotes", note.text, mention


def chart_texts(chart: Chart) -> Iterator[tuple[str | None, str, str]]:
    """(node id or None for table cells, key, text) for every text printed in a chart."""
    for node in chart.nodes:
        yield node.id, "text", node.text
        if node.later is not None:
            yield node.id, "later", node.later.text
        for link in node.next:
            if link.label:
                yield node.id, "next", link.label
    if chart.table is not None:
        for col in chart.table.columns:
            yield None, "table", col
        for group in chart.table.groups:
            yield None, "table", group.label
            for row in group.rows:
                for cell in row:
                    for line in [cell] if isinstance(cell, str) else cell:
                        yield None, "table", line


def chart_text_mentions(chart: Chart) -> Iterator[tuple[str | None, str, Mention]]:
    """(node id, key, mention) for every citation written in a chart's boxes and table."""
    context = chart.laws[0]
    for node_id, key, text in chart_texts(chart):
        for mention in citations.find(text, context):
            yield node_id, key, mention


def chart_refs(chart: Chart, mentions: list[tuple[str | None, str, Mention]] | None = None,
               ) -> Iterator[tuple[str | None, str, Ref]]:
    """(node id, key, place) for every place a chart cites, in its text or its `cites:`.

    `mentions`: the chart's text mentions when already found (the index keeps them).
    """
    context = chart.laws[0]
    for node_id, key, mention in chart_text_mentions(chart) if mentions is None else mentions:
        for ref in mention.refs:
            yield node_id, key, ref
    for node in chart.nodes:
        # What a box applies now, what it leaves to the end of play, and an adjusted score's basis.
        for key, values in (("cites", node.cites), ("later", node.later.cites if node.later else []), ("basis", node.basis)):
            for value in values:
                ref = citations.parse_ref(value, context)
                if ref is not None:
                    yield node.id, key, ref
    for group in chart.table.groups if chart.table is not None else []:
        for value in group.cites:
            ref = citations.parse_ref(value, context)
            if ref is not None:
                yield None, "cites", ref


def build_index(laws: dict[int, Law], charts: dict[str, Chart]) -> Index:
    """Index the places of all Laws and the citations between them."""
    index = Index()
    for law in laws.values():
        index.existing.update(p.ref for p in places(law))
    for law in laws.values():
        index.mentions[law.law] = list(law_text_mentions(law))
        for place, _key, _text, mention in index.mentions[law.law]:
            for ref in mention.refs:
                if ref.law != law.law and index.exists(ref):
                    index.cited_by[ref.law].add(Citer(law_ref=place))
    for chart in charts.values():
        index.chart_mentions[chart.id] = list(chart_text_mentions(chart))
        for _node, _key, ref in chart_refs(chart, index.chart_mentions[chart.id]):
            if index.exists(ref):
                index.cited_by[ref.law].add(Citer(chart_id=chart.id))
    return index
