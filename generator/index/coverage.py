"""Which operative paragraphs of its Laws a chart cites, and which it leaves out."""
from __future__ import annotations

from dataclasses import dataclass

from generator.index import citations
from generator.index.citations import Ref
from generator.index.lawtree import places
from generator.sources.model import Chart, Law, Paragraph, Section
from generator.index.xref import chart_refs


@dataclass(frozen=True)
class Coverage:
    """The operative paragraphs of a chart's Laws, split by whether the chart cites them."""

    units: tuple[Ref, ...]
    cited: frozenset[Ref]
    omitted: frozenset[Ref]

    @property
    def missing(self) -> list[Ref]:
        return [u for u in self.units if u not in self.cited and u not in self.omitted]

    @property
    def ratio(self) -> float:
        return (len(self.units) - len(self.missing)) / len(self.units) if self.units else 1.0


def operative_units(law: Law) -> list[Ref]:
    """Numbered paragraphs, and sections (or the whole Law) that have none."""
    units: list[Ref] = []
    for place in places(law):
        block = place.block
        if isinstance(block, Paragraph):
            units.append(place.ref)
        elif isinstance(block, Section) and not block.paragraphs:
            units.append(place.ref)
    if not units:
        units.append(Ref(law.law))
    return units


def chart_coverage(chart: Chart, laws: dict[int, Law]) -> Coverage:
    """A unit is covered when a box cites it or a place inside it."""
    units = [u for n in chart.laws if n in laws for u in operative_units(laws[n])]
    refs = {ref for _node, _key, ref in chart_refs(chart)}
    cited = {u for u in units if any(u in r.ancestors() for r in refs)}
    omitted = set()
    for omission in chart.omits:
        ref = citations.parse_ref(omission.ref, chart.laws[0])
        if ref is not None:
            omitted |= {u for u in units if ref in u.ancestors() or u in ref.ancestors()}
    return Coverage(tuple(units), frozenset(cited), frozenset(omitted))
