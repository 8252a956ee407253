"""From a validated corpus to the text of every generated page (no MkDocs here)."""
from __future__ import annotations

from generator.sources.cachedir import cache_dir
from generator.site.drawings import dot_sources
from generator.site.printed import PrintedCopies
from generator.flowcharts.render import render_all
from generator.corpus.corpus import Corpus
from generator.site.pagecache import PageCache
from generator.site.pages import PageMaker


def generate_pages(corpus: Corpus, *, handbook: str | None = None, printed: PrintedCopies | None = None,
                   ) -> dict[str, str]:
    """Page path (relative to the docs folder) → Markdown, charts rendered (or cached) first.

    `handbook` is the site path of the handbook PDF when the build writes one, for the pages to
    offer; `printed` what the chart pages say of the printed copies (handbook pages, chart cards).
    """
    svgs = render_all(dot_sources(corpus), cache_dir(corpus.root, "svg"))
    templates = corpus.root / "site_templates"
    cache = PageCache(cache_dir(corpus.root, "pages"), corpus, templates)
    pages = PageMaker(corpus, svgs, templates, cache, handbook=handbook, printed=printed).all_pages()
    cache.prune()
    return pages
