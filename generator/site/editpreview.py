"""The pages an edit to one Law or chart file shows, made at once for the live preview.

The whole check of the sources and the making of every page take seconds on the real project
(the checks across files walk every chart's scenarios); an editor wants the page being edited
in a fraction of one. So, for a saved Law or chart file that reads and validates on its own, the
corpus is updated with that one file (and, for a Law, the citation index made again), and only
the pages showing it are made: the chart's page, its step-through and the pages of the Laws it serves; a Law's
page. These are made by the same makers as `generate_pages`, so they are the same pages; the
whole check and every page follow at once (the preview's full refresh), and correct whatever an
edit changed elsewhere (who cites whom, the situations, the course) or report its problems.
Any other file, or a file with a problem of its own, goes to that full refresh straight away.
"""
from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from pydantic import ValidationError

from generator.corpus.corpus import Corpus
from generator.flowcharts.render import render_all
from generator.index.xref import build_index
from generator.index.urls import chart_url, law_url, page_file, walk_url
from generator.site.drawings import dot_sources
from generator.sources.sourcekeys import chart_key, law_key
from generator.site.pagecache import PageCache
from generator.site.pages import PageMaker
from generator.site.walkpages import carried_script, walk_page
from generator.sources.cachedir import cache_dir
from generator.sources.errors import Problems
from generator.sources.model import Chart, ChartLayout, Law
from generator.sources.yamlsource import read_source, read_yaml

_LAW_FILE = re.compile(r"^law-(\d{2})\.yaml$")


def edited_pages(corpus: Corpus, path: Path) -> tuple[Corpus, dict[str, str]] | None:
    """The corpus with `path` read again, and the pages showing it; None when only the full
    refresh can tell (not a current Law or a chart, a new file, or a problem in the file)."""
    path = path.resolve()
    folder = path.parent
    if folder == corpus.root / "flowcharts" and corpus.paths.get(chart_key(path.stem)) == path:
        chart = _read(path, Chart)
        if chart is None:
            return None
        chart = chart.model_copy(update={"id": path.stem})
        # The index is kept: the places cited are the Laws', unchanged; what the chart cites
        # elsewhere ("cited by" on other Laws' pages) waits for the full refresh, as its cost does.
        updated = dataclasses.replace(corpus, charts={**corpus.charts, chart.id: chart})
        return updated, _chart_pages(updated, chart)
    named = _LAW_FILE.match(path.name)
    if folder == corpus.root / "laws" and named and corpus.paths.get(law_key(int(named.group(1)))) == path:
        law = _read(path, Law)
        if law is None or law.law != int(named.group(1)) or law.wording != corpus.laws[law.law].wording:
            return None
        laws = {**corpus.laws, law.law: law}
        updated = dataclasses.replace(corpus, laws=laws, index=build_index(laws, corpus.charts))
        return updated, {page_file(law_url(law.law)): _maker(updated).law_page(law)}
    return None


def _read(path: Path, model: type[Chart] | type[Law]) -> Chart | Law | None:
    """The file's model, or None at the first sign of a problem (the full refresh reports it)."""
    problems = Problems(path.parent)
    raw = read_source(path, problems)
    data = read_yaml(path, problems, raw) if raw is not None else None
    if problems.items or not isinstance(data, dict):
        return None
    try:
        return model.model_validate(data)
    except ValidationError:
        return None


def _maker(corpus: Corpus) -> PageMaker:
    svgs = render_all(dot_sources(corpus), cache_dir(corpus.root, "svg"))
    templates = corpus.root / "site_templates"
    # The page cache is not asked for pages here: it gives the maker its kept compiled templates.
    cache = PageCache(cache_dir(corpus.root, "pages"), corpus, templates)
    return PageMaker(corpus, svgs, templates, cache)


def _chart_pages(corpus: Corpus, chart: Chart) -> dict[str, str]:
    maker = _maker(corpus)
    pages = {page_file(chart_url(chart.id)): maker.charts.chart_page(chart, maker.renderer(chart_url(chart.id)))}
    if chart.layout is ChartLayout.FLOW:
        pages[page_file(walk_url(chart.id))] = walk_page(maker.env, chart, corpus, maker.charts.svg(chart, "-map"))
        pages[walk_url(chart.id) + "data.js"] = carried_script(chart, corpus)
    for number in chart.laws:
        if number in corpus.laws:
            pages[page_file(law_url(number))] = maker.law_page(corpus.laws[number])
    return pages
