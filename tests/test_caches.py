"""What a build keeps in .cache never changes what it makes: cached runs equal fresh ones."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from generator.sources.cachedir import cache_dir
from generator.sources.errors import SourceErrors
from generator.site.generate import generate_pages
from generator.corpus.loading import load_corpus
from support import edit

CHART = "flowcharts/fixture.yaml"


def dump(root: Path, *, cached: bool) -> dict[str, object]:
    corpus = load_corpus(root, cached=cached)
    return {"laws": {n: law.model_dump() for n, law in corpus.laws.items()},
            "charts": {i: chart.model_dump() for i, chart in corpus.charts.items()},
            "definitions": corpus.definitions.model_dump() if corpus.definitions else None}


def fresh_pages(project: Path, tmp_path: Path) -> dict[str, str]:
    """The pages of a copy of `project` that has never been built."""
    copy = tmp_path / "fresh"
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(project, copy, ignore=shutil.ignore_patterns(".cache"))
    return generate_pages(load_corpus(copy))


def test_cached_models_equal_fresh_ones(project: Path) -> None:
    fresh = dump(project, cached=False)
    assert dump(project, cached=True) == fresh  # first run fills the cache
    assert cache_dir(project, "models.pickle").is_file()
    assert dump(project, cached=True) == fresh  # second run reads it


def test_an_edited_file_is_read_again(project: Path) -> None:
    load_corpus(project, cached=True)
    edit(project / CHART, "text: Is it so ?", "text: Is it really so ?")
    chart = load_corpus(project, cached=True).charts["fixture"]
    assert "Is it really so ?" in [n.text for n in chart.nodes]


def test_a_bad_file_is_reported_on_every_cached_run(project: Path) -> None:
    load_corpus(project, cached=True)
    edit(project / "laws/law-02.yaml", "    title: Only Section\n", "    title: Only Section\n    titel: typo\n")
    for _ in range(2):
        with pytest.raises(SourceErrors) as caught:
            load_corpus(project, cached=True)
        assert [str(p) for p in caught.value.problems] == ["laws/law-02.yaml:8: unknown key 'titel' in sections.0"]


def test_a_damaged_cache_is_ignored(project: Path) -> None:
    fresh = dump(project, cached=False)
    target = cache_dir(project, "models.pickle")
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(b"not a pickle")
    assert dump(project, cached=True) == fresh


def test_cached_pages_equal_fresh_ones_after_an_edit(project: Path, tmp_path: Path) -> None:
    first = generate_pages(load_corpus(project, cached=True))
    assert generate_pages(load_corpus(project, cached=True)) == first
    assert any(cache_dir(project, "jinja").iterdir())
    edit(project / CHART, "text: Is it so ?", "text: Is it really so ?")
    again = generate_pages(load_corpus(project, cached=True))
    assert again == fresh_pages(project, tmp_path)
    changed = {name for name in first if first[name] != again[name]}
    assert "charts/fixture.md" in changed and "laws/law-01.md" in changed
    assert "definitions.md" not in changed


def test_a_change_to_any_module_of_the_package_remakes_what_was_kept(project: Path, tmp_path: Path) -> None:
    """The stale-cache class: kept pages outlived a change to the link maker (text/inline.py),
    because each cache digested only the code it thought mattered. A copy of the package whose
    citation links carry one more class must give pages that carry it, from the same .cache."""
    import subprocess
    import sys

    from generator.sources.cachedir import PACKAGE, code_digest

    changed = tmp_path / "changed"
    shutil.copytree(PACKAGE, changed / "generator", ignore=shutil.ignore_patterns("__pycache__"))
    edit(changed / "generator" / "text" / "inline.py", '<a class="cite" ', '<a class="cite cite-changed" ')
    assert code_digest(changed / "generator") != code_digest()

    def pages(package_parent: Path) -> str:
        """Every page made with the package in `package_parent` (run from there, so that it is the one imported)."""
        env = {**os.environ, "PYTHONPATH": str(package_parent)}
        done = subprocess.run([sys.executable, "-c", "from pathlib import Path; from generator.site.generate import "
                               "generate_pages; from generator.corpus.loading import load_corpus; import sys; "
                               "print(''.join(generate_pages(load_corpus(Path(sys.argv[1]), cached=True)).values()))",
                               str(project)], capture_output=True, text=True, env=env, cwd=package_parent, timeout=300)
        assert done.returncode == 0, done.stderr
        return done.stdout

    def drawings() -> set[str]:
        return {p.name for p in (project / ".cache" / "svg").glob("*.svg")}

    before = pages(PACKAGE.parent)
    drawn = drawings()
    assert 'class="cite"' in before and "cite-changed" not in before
    assert "cite-changed" in pages(changed)  # the same .cache, a different package: nothing stale
    assert len(drawings() - drawn) == len(drawn)  # every chart drawn again, not only the pages remade
    assert "cite-changed" not in pages(PACKAGE.parent)


def test_kept_checks_and_search_files_are_those_of_the_sources_as_they_are(project: Path) -> None:
    """A rebuild with nothing changed reads the checks' verdict and the search's files as kept;
    any change to a source runs the checks again (and finds its problem) and makes the index again."""
    from generator.site.searchindex import SearchIndexer

    first = SearchIndexer(load_corpus(project, cached=True)).files
    assert list(cache_dir(project, "checks").glob("*.passed")) and list(cache_dir(project, "search").glob("*.json"))
    assert SearchIndexer(load_corpus(project, cached=True)).files == first  # as kept
    law = sorted((project / "laws").glob("law-*.yaml"))[0]
    edit(law, "title: ", "title: Kibitzer ")
    again = SearchIndexer(load_corpus(project, cached=True)).files
    assert "kibitzer" in again.index["tc"] and "kibitzer" not in first.index["tc"]
    chart = sorted((project / "flowcharts").glob("*.yaml"))[0]
    edit(chart, "text: ", "text: See Law 99Z. ")  # a citation of a place the Laws do not have
    with pytest.raises(SourceErrors) as raised:
        load_corpus(project, cached=True)
    assert "Law 99" in str(raised.value)
