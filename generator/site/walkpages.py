"""Step-through pages: each flow chart walked one box at a time, from data made by the walker."""
from __future__ import annotations

import re
from typing import Any

from jinja2 import Environment

from generator.flowcharts.boxnotes import added_words, book_prints, correction_words, hand_off, provenance
from generator.site.drawings import SVG_PREFIX
from generator.text.embed import script_json
from generator.flowcharts.style import STYLES
from generator.text.inline import Renderer
from generator.index.urls import WALK, chart_url, law_url, ref_url, walk_url
from generator.corpus.corpus import Corpus
from generator.sources.model import Chart, ChartLayout, Continuation, ENTRY_KINDS, IRREGULARITY, Kind, Node
from generator.text.quotes import quote
from generator.text.templates import display_title
from generator.flowcharts.ruling import begins, box_phase
from generator.flowcharts.walk import START, box_refs, cases, choices, first_box, not_applied_refs, not_met, qualifiers, stands_on
from generator.index import citations
from generator.index.citations import Ref
from generator.corpus.chartrules import GENERAL_LAWS


def handed_from(corpus: Corpus, chart_id: str) -> list[str]:
    """The charts whose walks can end by handing over to this one, directly or through others
    (a general chart's hand-off to the irregularity's own chart reaches every other flow chart)."""
    general = chart_id in corpus.charts and not set(corpus.charts[chart_id].laws) <= GENERAL_LAWS
    # Who hands over to whom, read once (searching every chart's boxes at each step was quadratic).
    into: dict[str, set[str]] = {}
    for other in corpus.charts.values():
        for n in other.nodes:
            for c in n.continues:
                into.setdefault(c.chart, set()).add(other.id)
    found: set[str] = set()
    todo = [chart_id]
    while todo:
        here = todo.pop()
        for other in into.get(here, set()) | (into.get(IRREGULARITY, set()) if general else set()):
            if other not in found and other != chart_id:
                found.add(other)
                todo.append(other)
    return sorted(found)


# Characters of quoted HTML past which a whole Law is linked rather than quoted.
WHOLE_LAW_QUOTE = 2500


class _Boxes:
    """Turns boxes into the script's data, quoting each cited paragraph once per page."""

    def __init__(self, corpus: Corpus) -> None:
        self.corpus = corpus
        self.r = Renderer(SVG_PREFIX, corpus.index, None)
        self.quoted: dict[str, dict[str, str]] = {}

    def refs(self, chart: Chart, node: Node, *, quoted: bool) -> list[str]:
        return self.quote_refs(box_refs(chart, node), quoted=quoted)

    def quote_refs(self, refs: list[Ref], *, quoted: bool) -> list[str]:
        for ref in refs:
            if ref.label() in self.quoted:
                continue  # several boxes often apply the same paragraph
            q = quote(self.corpus, ref, SVG_PREFIX) if quoted else None
            if q is not None and ref.section is None and len(q.html) > WHOLE_LAW_QUOTE:
                # A box that names a whole long Law (a hand-off's "Law 50") links to it: quoting
                # it all would bury the ruling on a phone.
                self.quoted[ref.label()] = {"url": SVG_PREFIX + q.url, "title": q.title or "", "html": ""}
                continue
            self.quoted[ref.label()] = ({"url": SVG_PREFIX + q.url, "title": q.title or "", "html": str(q.html)} if q
                                        else {"url": SVG_PREFIX + ref_url(ref), "title": "", "html": ""})
        return [ref.label() for ref in refs]

    def box(self, chart: Chart, node: Node, notes: list[Node], *, quoted: bool = True) -> dict[str, Any]:
        law = chart.laws[0]
        out: dict[str, Any] = {
            "kind": node.kind.value,
            "kindName": STYLES[node.kind].name,
            "html": str(self.r.text(node.text, law)),
            "text": " ".join(node.text.split()),
            "choices": [{"label": c.label, "to": c.to} for c in choices(chart, node)],
            "refs": self.refs(chart, node, quoted=quoted),
        }
        if notes:
            out["notes"] = [{"id": n.id, "html": str(self.r.text(n.text, law)), "text": " ".join(n.text.split()),
                             "refs": self.refs(chart, n, quoted=quoted)} for n in notes]
        phase = box_phase(node)
        if phase is not None:
            out["phase"] = phase
        if node.later is not None:
            later_refs = [r for r in (citations.parse_ref(v, law) for v in node.later.cites) if r is not None]
            out["later"] = {"html": str(self.r.text(node.later.text, law)), "text": " ".join(node.later.text.split()),
                            "refs": self.quote_refs(later_refs, quoted=quoted)}
        basis = [r for r in (citations.parse_ref(v, law) for v in node.basis) if r is not None]
        if basis:
            out["basis"] = self.quote_refs(basis, quoted=quoted)
        skipped = not_applied_refs(chart, node)
        if skipped:
            out["notApplied"] = self.quote_refs(skipped, quoted=False)
        if node.fact is not None:
            out["fact"] = node.fact
        if node.establishes:
            out["establishes"] = {k: v.value for k, v in node.establishes.items()}
        if node.overlaps:
            out["overlaps"] = [{"id": o, "text": " ".join(chart.by_id[o].text.split())} for o in node.overlaps if o in chart.by_id]
        if node.editor_note is not None:
            out["editor"] = str(self.r.text(correction_words(node, law) or "", law))
        if node.book_text is not None:
            out["corrected"] = book_prints(node)
        if node.added is not None:
            out["added"] = added_words(node, chart)
        if node.continues:
            out["continues"] = [self.continuation(c) for c in node.continues]
        return out

    def continuation(self, cont: Continuation) -> dict[str, Any]:
        if cont.chart == IRREGULARITY:
            # `general`: the script knows such a hand-off by this, not by a chart id typed again there.
            return {"chart": IRREGULARITY, "general": True, "label": "Continue in the chart of the irregularity’s own Law",
                    "choices": irregularity_charts(self.corpus)}
        h = hand_off(cont, self.corpus.charts)
        return {"chart": h.chart, "at": h.at, "label": h.label, "url": SVG_PREFIX + walk_url(h.chart)}

    def chart_boxes(self, chart: Chart, *, quoted: bool = True) -> dict[str, Any]:
        notes = qualifiers(chart)
        boxes: dict[str, Any] = {}
        for node in filter(stands_on, chart.nodes):
            boxes[node.id] = self.box(chart, node, notes.get(node.id, []), quoted=quoted)
            if node.kind is Kind.CONDITION and any(c.to == not_met(node.id) for c in choices(chart, node)):
                boxes[not_met(node.id)] = {
                    "kind": "not_met", "kindName": "Condition not met",
                    "html": "No action under: " + str(self.r.text(node.text, chart.laws[0])),
                    "text": "Condition not met", "choices": [], "refs": [],
                }
        for box_id in boxes:  # where a walk handed over starts a ruling of its own (ruling.begins)
            if box_id in chart.by_id and begins(chart, box_id):
                boxes[box_id]["begins"] = True
        if first_box(chart) == START:
            boxes[START] = {
                "kind": "start", "kindName": "Case", "html": "Which case is it?", "text": "Which case is it?",
                "choices": [{"label": c.text, "to": c.id} for c in sorted(cases(chart), key=case_order)], "refs": [],
            }
        return boxes


def case_order(node: Node) -> tuple[int, int, str]:
    """Cases in the order of their numbers (Case 2 before Case 10), other starts after them."""
    match = _CASE_NUMBER.match(" ".join(node.text.split()))
    return (0, int(match.group(1)), node.id) if match else (1, 0, node.id)


_CASE_NUMBER = re.compile(r"Case\s+(\d+)", re.I)


def irregularity_charts(corpus: Corpus) -> list[dict[str, Any]]:
    """The charts a general chart hands over to, by part of the Laws: each irregularity's own."""
    out = []
    for chart in sorted(corpus.charts.values(), key=lambda c: (min(c.laws), c.id)):
        if chart.layout is not ChartLayout.FLOW or set(chart.laws) <= GENERAL_LAWS:
            continue
        part = corpus.laws[chart.laws[0]].part.value if chart.laws[0] in corpus.laws else ""
        out.append({"chart": chart.id, "title": chart.title, "part": part, "url": SVG_PREFIX + walk_url(chart.id),
                    "at": first_box(chart)})
    return out


def walk_data(chart: Chart, corpus: Corpus) -> dict[str, Any]:
    """Everything the page's script needs to walk the chart with no network.

    A walk that came here from another chart's hand-off carries that chart's route in its URL:
    `carried` holds the words of those charts' boxes, so the ruling so far can show them too.
    """
    maker = _Boxes(corpus)
    boxes = maker.chart_boxes(chart)
    entries = sorted({c.at for other in corpus.charts.values() for n in other.nodes for c in n.continues
                      if c.chart == chart.id})
    linked = {t for n in chart.nodes for t, _ in n.links()}
    notes = [str(maker.r.text(n.text, chart.laws[0])) for n in chart.nodes
             if n.kind in ENTRY_KINDS - {Kind.CASE} and n.id not in linked and not n.links() and not n.qualifies]
    return {"id": chart.id, "title": chart.title, "start": first_box(chart), "boxes": boxes,
            "quotes": maker.quoted, "notes": notes, "entries": entries,
            "handedFrom": handed_from(corpus, chart.id),
            "chartUrl": SVG_PREFIX + chart_url(chart.id), "walkUrl": SVG_PREFIX + WALK}


# A chart's walk as another chart's step-through reads it, when a walk was handed over from it:
# its boxes and the links of the paragraphs they cite, but no quotes (the page that shows the
# ruling quotes its own chart's paragraphs). Loaded by a <script> only when a route needs it,
# so a page stays small however many charts hand over to it, and it works from file:// too.
CARRIED_GLOBAL = "bridgeLawsWalks"


def carried_script(chart: Chart, corpus: Corpus) -> str:
    """`walk/<id>/data.js`: this chart's boxes, for the step-throughs of the charts it hands over to."""
    maker = _Boxes(corpus)
    data = {"title": chart.title, "start": first_box(chart), "boxes": maker.chart_boxes(chart, quoted=False),
            "links": {label: q["url"] for label, q in maker.quoted.items()}}
    return (f"(window.{CARRIED_GLOBAL} = window.{CARRIED_GLOBAL} || {{}})[{script_json(chart.id)}] = "
            f"{script_json(data)};\n")


def walk_page(env: Environment, chart: Chart, corpus: Corpus, drawing: str) -> str:
    """A chart's step-through; `drawing` is the chart's SVG, for the map of where the walk is."""
    laws = [{"number": n, "title": display_title(corpus.laws[n].title), "url": law_url(n)} for n in chart.laws]
    return env.get_template("walk.md.j2").render(
        chart=chart, laws=laws, prefix=SVG_PREFIX, provenance=provenance(chart), drawing=drawing,
        data_json=script_json(walk_data(chart, corpus)))
