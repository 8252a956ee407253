"""Chart figures, chart pages, the charts index and the legend page (the drawings' DOT is
made by `drawings`, what the pages say of the printed copies by `printed`)."""
from __future__ import annotations

from typing import Any

from jinja2 import Environment
from markupsafe import Markup

from generator.index import citations
from generator.flowcharts.boxnotes import added_words, box_words, cell_note_words, correction_label, correction_words, hand_off, later_words, provenance
from generator.flowcharts.dot import editor_note_id, hand_off_id
from generator.flowcharts.render import inline_svg, named_svg, readable_svg
from generator.site.drawings import SVG_PREFIX
from generator.site.printed import PrintedCopies
from generator.flowcharts.style import STYLES
from generator.text.inline import Renderer
from generator.sources.sourcekeys import chart_key
from generator.index.urls import CHARTS, box_url, chart_url, law_url, ref_url, relative, root_from
from generator.corpus.corpus import Corpus
from generator.sources.model import Chart, ChartLayout
from generator.text.templates import display_title
from generator.flowcharts.walk import cases, not_applied_refs, qualifiers, short, stands_on
from generator.corpus.lawcharts import law_charts


class ChartPages:
    """Renders charts for the pages that show them."""

    def __init__(self, corpus: Corpus, env: Environment, svgs: dict[str, str],
                 printed: PrintedCopies | None = None) -> None:
        self.corpus = corpus
        self.printed = printed or PrintedCopies()
        self.env = env
        self.svgs = svgs
        self.index = corpus.index
        self._figures: dict[tuple[str, bool], Markup] = {}
        self._readable: dict[str, str] = {}

    def svg(self, chart: Chart, suffix: str) -> Markup:
        if chart.id not in self._readable:  # the same drawing goes on the Law's page and its own
            labels = {n.id: box_words(n) for n in chart.nodes}
            for n in chart.nodes:
                side = correction_label(n, chart.laws[0])
                if side is not None:
                    labels[editor_note_id(n.id)] = side
                for k, cont in enumerate(n.continues):
                    labels[hand_off_id(n.id, k)] = hand_off(cont, self.corpus.charts).label
            boxes = {n.id for n in chart.nodes if stands_on(n)}  # where a walk may start or stand
            self._readable[chart.id] = readable_svg(self.svgs[chart_key(chart.id)], labels, boxes)
        description = f"Flowchart for {', '.join(f'Law {n}' for n in chart.laws)}. The chart in words follows it."
        return Markup(named_svg(self._readable[chart.id], title=chart.title, description=description,
                                svg_id=f"svg-{chart.id}{suffix}"))

    def figure(self, chart: Chart, *, full: bool) -> Markup:
        """A chart as shown on pages two levels down; made once, however many Laws it serves."""
        key = (chart.id, full)
        if key not in self._figures:
            # Defined terms are linked in the Law's text, not again inside the chart.
            r = Renderer(SVG_PREFIX, self.index, None)
            svg = self.svg(chart, "-full" if full else "") if chart.layout is ChartLayout.FLOW else Markup("")
            law = chart.laws[0]
            table_notes = [[r.text(cell_note_words(n, law), law) for n in g.editor_notes]
                           for g in (chart.table.groups if chart.table is not None else [])]
            # A printed line that departs from the 2017 text is shown corrected, in its place.
            table_fixes = [{" ".join(n.about.split()): n.corrected for n in g.editor_notes if n.corrected}
                           for g in (chart.table.groups if chart.table is not None else [])]
            html = self.env.get_template("chart_figure.html.j2").render(
                chart=chart, r=r, law=law, full=full, svg=svg, steps=self.steps(chart, r),
                starts=[n.id for n in cases(chart)],
                provenance=provenance(chart), table_notes=table_notes, table_fixes=table_fixes)
            self._figures[key] = Markup(html.strip())
        return self._figures[key]

    def steps(self, chart: Chart, r: Renderer) -> list[dict[str, Any]]:
        """The chart in words: each box a numbered step with where its arrows lead."""
        number = {n.id: i for i, n in enumerate(chart.nodes, 1)}
        text = {n.id: n.text for n in chart.nodes}
        notes = qualifiers(chart)
        out = []
        for node in chart.nodes:
            links = list(node.links()) + [(m, "Inside the frame") for m in node.body[:1]]
            cites = []
            for value in node.cites:
                ref = citations.parse_ref(value, chart.laws[0])
                if ref is not None:
                    cites.append({"label": ref.label(), "url": ref_url(ref)})
            not_applied = [{"label": ref.label(), "url": ref_url(ref)} for ref in not_applied_refs(chart, node)]
            handed = [hand_off(c, self.corpus.charts) for c in node.continues]
            out.append({
                "id": node.id,
                "kind": node.kind.value,
                "kind_name": STYLES[node.kind].name,
                "html": r.text(node.text, chart.laws[0]),
                "branches": [{"label": label, "target": t, "number": number[t], "summary": short(text[t])}
                             for t, label in links],
                "qualifies": [{"target": t, "number": number[t], "summary": short(text[t])}
                              for t in node.qualifies if t in number],
                "read_with": [{"target": q.id, "number": number[q.id], "summary": short(q.text)}
                              for q in notes.get(node.id, [])],
                "cites": cites,
                "editor": r.text(correction_words(node, chart.laws[0]) or "", chart.laws[0])
                if node.editor_note is not None else None,
                "later": r.text(later_words(node) or "", chart.laws[0]) if node.later is not None else None,
                "corrected": node.book_text is not None,
                "not_applied": not_applied,
                "added": added_words(node, chart) if node.added is not None else None,
                "continues": [{"label": h.label, "url": box_url(h.chart, h.at) if h.at else CHARTS} for h in handed],
            })
        return out

    def chart_page(self, chart: Chart, r: Renderer) -> str:
        laws = [{"number": n, "title": display_title(self.corpus.laws[n].title), "url": law_url(n)} for n in chart.laws]
        return self.env.get_template("chart_page.md.j2").render(
            chart=chart, r=r, laws=laws, figure=self.figure(chart, full=True), provenance=provenance(chart),
            printed=self.printed.of(chart.id))

    def index_page(self) -> str:
        rows = [{"id": c.id, "url": relative(CHARTS, chart_url(c.id)), "title": c.title, "page": c.page, "provenance": provenance(c),
                 "laws": [{"number": n, "url": law_url(n)} for n in c.laws], "printed": self.printed.of(c.id)}
                for c in sorted(self.corpus.charts.values(), key=lambda c: (min(c.laws), c.page or 999))]
        laws = [{"number": lc.law, "title": display_title(lc.title), "url": law_url(lc.law),
                 "beside": [self._link(c) for c in lc.beside], "applied_by": [self._link(c) for c in lc.applied_by],
                 "no_chart": lc.no_chart} for lc in law_charts(self.corpus)]
        return self.env.get_template("charts_index.md.j2").render(rows=rows, printed=self.printed, laws=laws,
                                                                  prefix=root_from(CHARTS))

    def _link(self, chart_id: str) -> dict[str, str]:
        return {"id": chart_id, "url": relative(CHARTS, chart_url(chart_id)), "title": self.corpus.charts[chart_id].title}

    def legend(self) -> str:
        rows = []
        for kind, style in STYLES.items():
            svg = inline_svg(self.svgs[f"legend:{kind.value}"], title=f"{style.name} box",
                             description=f"Example: {style.example}", labels={"n": style.example},
                             svg_id=f"legend-{kind.value}")
            rows.append({"kind": kind.value, "name": style.name, "description": style.description,
                         "example": style.example, "svg": Markup(svg)})
        arrows = inline_svg(self.svgs["legend:arrows"], title="Arrows",
                            description="A question with a Yes and a No arrow, and an action with its Law reference.",
                            labels={}, svg_id="legend-arrows")
        return self.env.get_template("legend.md.j2").render(rows=rows, arrows_svg=Markup(arrows))

