"""Make the Markdown of every generated page from the corpus and the rendered charts."""
from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from pathlib import Path
from typing import Any, Callable

from jinja2 import Environment


from generator.index import citations
from generator.sources.cachedir import cache_dir
from generator.site.chartpages import ChartPages
from generator.site.printed import PrintedCopies
from generator.index.citations import Ref
from generator.site.editionpages import CURRENT_VIEW, EditionPages, switch
from generator.text.embed import script_json
from generator.text.inline import Renderer, TermLinker, term_anchor
from generator.index.urls import (CHARTS, DEFINITIONS, LEGEND, SCORE_TOOLS, SITUATIONS, TRAINING, chart_url, index_file,
                                  law_url, overview_url, page_file, ref_url, relative, root_from, training_url,
                                  walk_url)
from generator.corpus.corpus import Corpus
from generator.sources.model import Chart, ChartLayout, Law, Module, Part, WORDING_NOTES
from generator.site.pagecache import PageCache
from generator.text.quotes import Quote, quote
from generator.tools.scoring import scoring_data
from generator.text.situations import Situation, situations
from generator.text.escaping import nav_title
from generator.text.templates import display_title, environment
from generator.site.training import module_pages
from generator.flowcharts.boxnotes import hand_off
from generator.site.walkpages import carried_script, handed_from, walk_page
from generator.sources.sourcekeys import COURSE, chart_key, front_key, law_key, lesson_key, questions_key

# The record of each chart's audit against the 2017 text, kept beside the other notes.
AUDIT_INDEX = "audit/index.md"


class PageMaker:
    """Renders every generated page; page paths are MkDocs `src_uri`s."""

    def __init__(self, corpus: Corpus, svgs: dict[str, str], templates_dir: Path,
                 cache: PageCache | None = None, *, handbook: str | None = None,
                 printed: PrintedCopies | None = None) -> None:
        self.corpus = corpus
        self.index = corpus.index
        # Builds that keep pages between runs keep compiled templates too.
        self.env = environment(templates_dir, cache_dir(corpus.root, "jinja") if cache is not None else None)
        self.terms = TermLinker.build(corpus.definitions)
        self.printed = printed or PrintedCopies()
        self.charts = ChartPages(corpus, self.env, svgs, self.printed)
        self.svgs = svgs
        self.cache = cache
        self.handbook = handbook

    def cached(self, inputs: list[str], make: Callable[[], str]) -> str:
        return make() if self.cache is None else self.cache.page(inputs, make)

    def chart_inputs(self, chart: Chart) -> list[str]:
        """A chart's source, its drawing, the titles of the Laws it names, and what it shows of the
        charts it hands over to (their titles and Cases) or is handed from (their ids): not their
        whole sources, so that editing one chart remakes only the pages that show it."""
        assert self.cache is not None
        svg = self.svgs.get(chart_key(chart.id), "")
        handed = [hand_off(c, self.corpus.charts).label for n in chart.nodes for c in n.continues]
        return [self.cache.source(chart_key(chart.id)), hashlib.sha256(svg.encode()).hexdigest(),
                *(self.cache.source(law_key(n)) for n in chart.laws),
                repr(handed), repr(handed_from(self.corpus, chart.id))]

    def renderer(self, page: str, *, terms: bool = True) -> Renderer:
        """Renders text for the page served at `page`."""
        return Renderer(root_from(page), self.index, self.terms.fresh() if terms else None)

    def all_pages(self) -> dict[str, str]:
        pages: dict[str, str] = {"index.md": self.home()}
        for name in ("preface", "introduction"):
            front = getattr(self.corpus, name)
            if front is not None:
                r = self.renderer(f"{name}/")
                pages[page_file(f"{name}/")] = self.env.get_template("front.md.j2").render(
                    title=display_title(front.title), anchor=name, html=r.text(front.text))
        if self.corpus.definitions is not None:
            pages[page_file(DEFINITIONS)] = self.definitions()
        pages[page_file(LEGEND)] = self.charts.legend()
        pages[page_file(SITUATIONS)] = self.situations_page()
        pages.update(module_pages(self.env, self.corpus, self.cached if self.cache else None, self.module_inputs))
        pages[index_file(CHARTS)] = self.charts.index_page()
        for chart in self.corpus.charts.values():
            inputs = self.chart_inputs(chart) if self.cache else []
            pages[page_file(chart_url(chart.id))] = self.cached(
                ["chart-page", *inputs, json.dumps(self.printed.of(chart.id), sort_keys=True)],
                lambda c=chart: self.charts.chart_page(c, self.renderer(chart_url(c.id))))
            if chart.layout is ChartLayout.FLOW:
                # A step-through quotes any Law a box applies.
                pages[page_file(walk_url(chart.id))] = self.cached(
                    ["walk", *inputs, self.cache.all_laws() if self.cache else ""],
                    lambda c=chart: walk_page(self.env, c, self.corpus, self.charts.svg(c, "-map")))
                pages[walk_url(chart.id) + "data.js"] = self.cached(
                    ["walk-data", *inputs, self.cache.all_laws() if self.cache else ""], lambda c=chart: carried_script(c, self.corpus))
        for law in self.corpus.laws.values():
            pages[page_file(law_url(law.law))] = self.cached(self.law_inputs(law), lambda l=law: self.law_page(l))
        pages.update(EditionPages(self.corpus, self.env, self.cached, self.cache.source if self.cache else None).pages())
        if {77, 78} <= set(self.corpus.laws):
            pages[page_file(SCORE_TOOLS)] = score_tools_page(self.env, self.corpus.laws[77], self.corpus.laws[78])
        return pages

    def module_inputs(self, module: Module) -> list[str]:
        """A course module's pages come from the course file and its charts' sources."""
        assert self.cache is not None
        handed = [hand_off(c, self.corpus.charts).label for chart_id in module.charts if chart_id in self.corpus.charts
                  for n in self.corpus.charts[chart_id].nodes for c in n.continues]
        return ["module", self.cache.source(COURSE), self.cache.source(lesson_key(module.id)),
                *(self.cache.source(chart_key(c)) for c in module.charts),
                *(self.cache.source(questions_key(c)) for c in module.charts), self.cache.all_laws(), repr(handed)]

    def law_inputs(self, law: Law) -> list[str]:
        """Everything a Law's page shows: its text, terms, charts, quotes and who cites it."""
        if self.cache is None:
            return []
        quoted = [citations.parse_ref(v, law.law) for v in law.beside]
        return ["law-page", self.cache.source(law_key(law.law)), self.cache.source(front_key("definitions")),
                *(i for c in self.corpus.charts_for(law.law) for i in self.chart_inputs(c)),
                *(self.cache.source(law_key(r.law)) for r in quoted if r is not None),
                repr(self.cited_by_laws(law.law)), repr(self.cited_by_charts(law.law)),
                repr(switch(self.corpus, law.law, CURRENT_VIEW))]

    def law_page(self, law: Law) -> str:
        r = self.renderer(law_url(law.law))
        charts = [{"figure": self.charts.figure(c, full=False)} for c in self.corpus.charts_for(law.law)]
        return self.env.get_template("law.md.j2").render(
            law=law,
            law_ref=Ref(law.law),
            section_ref=lambda s: Ref(law.law, s.id),
            display_title=display_title(law.title),
            wording_note=WORDING_NOTES[law.wording],
            r=r,
            charts=charts,
            beside=[q for q in (self.quote(v, law, r) for v in law.beside) if q is not None],
            cited_by_laws=self.cited_by_laws(law.law),
            cited_by_charts=self.cited_by_charts(law.law),
            switch=switch(self.corpus, law.law, CURRENT_VIEW),
        )

    def quote(self, value: str, law: Law, r: Renderer) -> Quote | None:
        """A place printed beside a Law, quoted from its own Law."""
        ref = citations.parse_ref(value, law.law)
        return None if ref is None else quote(self.corpus, ref, r.prefix)

    def cited_by_laws(self, number: int) -> list[dict[str, Any]]:
        by_law: dict[int, set[Ref]] = defaultdict(set)
        for citer in self.index.cited_by.get(number, set()):
            if citer.law_ref is not None:
                by_law[citer.law_ref.law].add(citer.law_ref)
        return [
            {"law": n, "url": law_url(n),
             "refs": [{"label": ref.canonical(), "url": ref_url(ref)} for ref in sorted(refs, key=Ref.reading_order)]}
            for n, refs in sorted(by_law.items())
        ]

    def cited_by_charts(self, number: int) -> list[dict[str, str]]:
        ids = {c.chart_id for c in self.index.cited_by.get(number, set()) if c.chart_id}
        beside = {c.id for c in self.corpus.charts_for(number)}
        return [{"title": self.corpus.charts[i].title, "url": chart_url(i)} for i in sorted(ids - beside)]

    def definitions(self) -> str:
        assert self.corpus.definitions is not None
        r = self.renderer(DEFINITIONS, terms=False)
        terms = [{"term": d.term, "anchor": term_anchor(d.term), "html": r.text(d.text)}
                 for d in self.corpus.definitions.terms]
        return self.env.get_template("definitions.md.j2").render(terms=terms)

    def home(self) -> str:
        parts = []
        for part in Part:
            laws = [law for law in self.corpus.laws.values() if law.part is part]
            if laws:
                parts.append({"name": part.value, "laws": [
                    {"number": law.law, "title": display_title(law.title), "url": law_url(law.law),
                     "charted": bool(self.corpus.charts_for(law.law))} for law in laws]})
        return self.env.get_template("home.md.j2").render(
            parts=parts, chart_count=len(self.corpus.charts),
            handbook=self.handbook)

    def situations_page(self) -> str:
        groups: dict[str, list[Situation]] = {}
        for s in situations(self.corpus):
            groups.setdefault(s.text[:1].upper(), []).append(s)
        return self.env.get_template("situations.md.j2").render(groups=sorted(groups.items()),
                                                                       prefix=root_from(SITUATIONS))


def score_tools_page(env: Environment, scoring: Law, imps: Law) -> str:
    """The score tools, worked from the tables of Laws 77 (`scoring`) and 78 (`imps`)."""
    links = {name: relative(SCORE_TOOLS, ref_url(ref)) for name, ref in
             (("scoring", Ref(77)), ("imps", Ref(78, "B")), ("weighted", Ref(12, "C", 1, "c")))}
    return env.get_template("score_tools.md.j2").render(data_json=script_json(scoring_data(scoring, imps)), links=links)


def nav(corpus: Corpus) -> list[Any]:
    """The navigation: front matter, then the Laws grouped by the book's parts."""
    items: list[Any] = [{"Home": "index.md"}]
    for name, label in (("preface", "Preface"), ("introduction", "Introduction")):
        if getattr(corpus, name) is not None:
            items.append({label: f"{name}.md"})
    if corpus.definitions is not None:
        items.append({"Definitions": page_file(DEFINITIONS)})
    items.append({"How to read the flowcharts": page_file(LEGEND)})
    items.append({"Situations A–Z": page_file(SITUATIONS)})
    items.append({"Flowcharts": index_file(CHARTS)})
    if corpus.course is not None:
        items.append({"Training": [index_file(TRAINING)] + [
            {nav_title(m.title): page_file(training_url(m.id))} for m in corpus.course.modules]})
    if {77, 78} <= set(corpus.laws):
        items.append({"Score tools": page_file(SCORE_TOOLS)})
    for year in sorted(corpus.editions, reverse=True):
        items.append({f"Changes since {year}": index_file(overview_url(year))})
    for part in Part:
        laws = sorted((law for law in corpus.laws.values() if law.part is part), key=lambda law: law.law)
        if laws:
            items.append({part.value: [{nav_title(f"Law {law.law} – {display_title(law.title)}"): page_file(law_url(law.law))}
                                       for law in laws]})
    about: list[Any] = [{"Editing the sources": "editing.md"}, {"Titles: contents and text": "notes/titles.md"}]
    if (corpus.root / "docs" / AUDIT_INDEX).exists():
        about.append({"How the charts were checked": AUDIT_INDEX})
    items.append({"About the sources": about})
    return items

