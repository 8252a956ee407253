"""Step-through pages: each flow chart walked one box at a time, from data made by the walker."""
from __future__ import annotations

from typing import Any

from jinja2 import Environment

from . import citations
from .chartpages import SVG_PREFIX
from .embed import script_json
from .citations import Ref
from .flowcharts.style import STYLES
from .inline import Renderer, law_url
from .loading import Corpus
from .model import ENTRY_KINDS, Chart, Kind, Node
from .quotes import quote
from .templates import display_title
from .walk import START, cases, choices, first_box, law_refs, not_met
from .xref import Index


def walk_url(chart: Chart, route: list[str] | None = None) -> str:
    """Site path of a chart's step-through, optionally at a state (the boxes walked so far)."""
    return f"walk/{chart.id}/" + (f"#{'/'.join(route)}" if route else "")


def box_refs(chart: Chart, node: Node) -> list[Ref]:
    """The places a box applies: its law references, the citations in its text, and its cites."""
    context = chart.laws[0]
    found: list[Ref] = []
    for source in [node, *law_refs(chart, node)]:
        found += [m.ref for m in citations.find(source.text, context)]
    found += [r for r in (citations.parse_ref(v, context) for v in node.cites) if r is not None]
    return list(dict.fromkeys(found))


def walk_data(chart: Chart, corpus: Corpus, index: Index) -> dict[str, Any]:
    """Everything the page's script needs to walk the chart with no network."""
    r = Renderer(SVG_PREFIX, index, None)
    quoted: dict[str, dict[str, str]] = {}
    boxes: dict[str, Any] = {}
    for node in chart.nodes:
        if node.kind is Kind.LAW_REF:
            continue
        refs = box_refs(chart, node)
        for ref in refs:
            if ref.label() in quoted:
                continue  # several boxes often apply the same paragraph
            q = quote(corpus, index, ref, SVG_PREFIX)
            if q is not None:
                quoted[ref.label()] = {"url": SVG_PREFIX + q.url, "title": q.title or "", "html": str(q.html)}
        boxes[node.id] = {
            "kind": node.kind.value,
            "kindName": STYLES[node.kind].name,
            "html": str(r.text(node.text, chart.laws[0])),
            "text": " ".join(node.text.split()),
            "choices": [{"label": c.label, "to": c.to} for c in choices(chart, node)],
            "refs": [ref.label() for ref in refs],
        }
        if node.kind is Kind.CONDITION and any(c.to == not_met(node.id) for c in choices(chart, node)):
            boxes[not_met(node.id)] = {
                "kind": "not_met", "kindName": "Condition not met",
                "html": "No action under: " + str(r.text(node.text, chart.laws[0])),
                "text": "Condition not met", "choices": [], "refs": [],
            }
    start = first_box(chart)
    if start == START:
        boxes[START] = {
            "kind": "start", "kindName": "Case", "html": "Which case is it?", "text": "Which case is it?",
            "choices": [{"label": c.text, "to": c.id} for c in cases(chart)], "refs": [],
        }
    linked = {t for n in chart.nodes for t, _ in n.links()}
    notes = [str(r.text(n.text, chart.laws[0])) for n in chart.nodes
             if n.kind in ENTRY_KINDS - {Kind.CASE} and n.id not in linked and not n.links()]
    return {"id": chart.id, "title": chart.title, "start": start, "boxes": boxes, "quotes": quoted,
            "notes": notes, "chartUrl": SVG_PREFIX + f"charts/{chart.id}/"}


def walk_page(env: Environment, chart: Chart, corpus: Corpus, index: Index) -> str:
    laws = [{"number": n, "title": display_title(corpus.laws[n].title), "url": law_url(n)} for n in chart.laws]
    return env.get_template("walk.md.j2").render(
        chart=chart, laws=laws, prefix=SVG_PREFIX, data_json=script_json(walk_data(chart, corpus, index)))
