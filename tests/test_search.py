"""The search's sources and files: the vocabulary validated, citations typed every way, records
escaped, and the index written with the site (the ranking itself is scored in the browser tests)."""
from __future__ import annotations

import functools

import json
import subprocess
import sys
from pathlib import Path

import pytest

from support import ROOT, stored_records
from generator.index.citations import parse_ref
from generator.index.lawtree import places
from generator.corpus.loading import load_corpus
from generator.site.searchindex import build_index
from generator.site.searchwords import stem, terms
from generator.tools.searcheval import load_queries
from generator.site.searchrecords import Record, SearchRecords, best_bets, citation_key, citation_table, phrase_key

@functools.cache
def corpus():
    """Read when a test first asks (not at import: a bad source fails the tests, not the collection)."""
    return load_corpus(ROOT)


@pytest.mark.parametrize("typed, key", [
    ("50D", "50d"), ("Law 50D", "50d"), ("L50D1", "50d1"), ("50 D 1", "50d1"), ("12C1(c)", "12c1c"),
    ("law 64 b 2", "64b2"), ("Laws 10-12", "10-12"), ("laws 10 – 12", "10-12"), ("LAW 27B1(b)", "27b1b"),
    ("l 16 b 1 a", "16b1a"), ("16", "16"), ("12C1(b)(ii)", "12c1bii"),
])
def test_a_citation_is_reduced_to_one_key_however_it_is_typed(typed: str, key: str) -> None:
    assert citation_key(typed) == key


def test_every_place_in_the_laws_is_in_the_citation_table_with_its_anchor() -> None:
    table = citation_table(corpus())
    for law in corpus().laws.values():
        for place in places(law):
            entry = table[citation_key(place.ref.canonical())]
            url = entry.url
            assert entry.label == place.ref.label()
            assert url.startswith(f"laws/law-{law.law:02d}/")
            if place.depth:
                assert url.endswith("#" + place.ref.anchor())
    assert table["10-12"].url == "laws/law-10/#chart-laws-10-12"


def test_every_typed_citation_of_the_query_set_is_in_the_table() -> None:
    table = citation_table(corpus())
    for query in load_queries(ROOT / "tests" / "search_queries.yaml"):
        if query.kind == "citation" and query.para:
            entry = table.get(citation_key(query.q))
            assert entry is not None, query.q
            assert entry.url.replace("-", "").casefold().endswith("#" + query.para.casefold()), query.q


def test_the_vocabulary_reaches_its_paragraphs_and_finds_what_holds_its_words() -> None:
    records = SearchRecords(corpus()).records
    by_url = {r.url: r for r in records}
    la = by_url["laws/law-16/#16B1b"]
    assert "LA" in la.about  # named by the group's paragraphs
    loot = next(r for r in records if r.kind == "situation" and "lead out of turn" in r.title.casefold())
    held = " ".join((loot.title, loot.text, *loot.phrasings)).casefold().split()
    assert "LOOT" in loot.about + loot.keywords or "loot" in held  # found by the word either way
    bets = best_bets(corpus())
    assert bets[phrase_key("LA")].url == "laws/law-16/#16B1b"
    assert bets[phrase_key("BIT")].url == "laws/law-16/#16B1a"
    assert phrase_key("Dummy’s  Rights") == "dummy's rights"


def test_each_group_word_matches_whole_words_only() -> None:
    records = SearchRecords(corpus()).records
    # "bid" is a word of no group of its own; "IB" must not be found inside "forbidden" or "ribbon".
    for r in records:
        if "IB" in r.keywords:
            assert "insufficient" in " ".join((r.title, r.text, r.heading, *r.phrasings)).casefold() or r.laws == (27,), r.url


def test_record_text_reaches_the_index_as_the_words_it_is() -> None:
    hostile = Record(url="laws/law-01/", kind="law", title='<script>alert(1)</script> "x" {: onclick=y } a\\b',
                     text="<img src=x onerror=alert(2)>\nnext line", laws=(1,), heading="a & b", keywords=("<b>",))
    files = build_index(corpus(), [hostile])
    # JSON carries the words; the page shows them as text (search.js sets textContent), never markup.
    again = json.loads(json.dumps(files.index))
    assert again["r"][0][2] == hostile.title
    assert json.loads(json.dumps(files.text_shards))[0][0] == "<img src=x onerror=alert(2)> next line"
    held = {term for run in json.loads(json.dumps(files.term_shards)) for term in run}
    assert {"script", "onclick"} <= held and {"script", "onclick"} <= set(again["tc"])  # the words are found as words


def test_a_term_is_cut_and_stemmed_the_same_here_and_in_the_browser() -> None:
    words = ("revoke revokes revoked revoking dummy's dummies Dummys accepted passes faced face bidding stopped "
             "calling claims penalties hesitated insuffcient Déclarer ÉTÉ don’t 12C1(b) x 3NT LHO’s").split()
    script = (f"const L = require({json.dumps(str(ROOT / 'docs' / 'javascripts' / 'search-logic.js'))});"
              f"process.stdout.write(JSON.stringify({json.dumps(words)}.map(w => L.terms(w).map(L.stem))));")
    done = subprocess.run(["node", "-e", script], capture_output=True, text=True)
    if done.returncode != 0 and "not found" in done.stderr:
        pytest.skip("node is not installed")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == [[stem(t) for t in terms(w)] for w in words]


def _check(project: Path, vocabulary: str) -> list[str]:
    (project / "front" / "vocabulary.yaml").write_text(vocabulary, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "generator", "--root", str(project), "check"], capture_output=True, text=True)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    return done.stderr.splitlines()


def test_a_group_that_finds_nothing_new_is_reported_at_its_line(project: Path) -> None:
    lines = _check(project, "groups:\n  - words: [LOOT, lead out of turn]\n  - words: [BIT]\n")
    assert lines[0].startswith("front/vocabulary.yaml:3:") and "finds nothing new" in lines[0], lines


def test_bad_vocabulary_words_and_paragraphs_are_reported_at_their_lines(project: Path) -> None:
    lines = _check(project, (
        "groups:\n"
        "  - words: [LOOT, lead out of turn]\n"
        "    paragraphs: ['99A']\n"
        "  - words: [UI, ui]\n"
        "    paragraphs: ['1']\n"
        "  - words: ['--', x]\n"))
    assert any(line.startswith("front/vocabulary.yaml:3:") and "99A" in line for line in lines), lines
    assert any(line.startswith("front/vocabulary.yaml:4:") and "twice" in line for line in lines), lines
    assert any(line.startswith("front/vocabulary.yaml:6:") and "no letter" in line for line in lines), lines


def test_a_stray_file_beside_the_vocabulary_is_reported(project: Path) -> None:
    (project / "front" / "vocab.yaml").write_text("groups: []\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "generator", "--root", str(project), "check"], capture_output=True, text=True)
    assert done.returncode == 1
    assert "front/vocab.yaml:1: not read" in done.stderr


@pytest.mark.slow
def test_the_built_site_has_the_index_and_no_other_search(real_site: Path) -> None:
    assert not (real_site / "search" / "search_index.json").exists(), "Material's search is off: one search"
    data = json.loads((real_site / "search" / "index.json").read_text(encoding="utf-8"))
    entry = data["c"]["50d1"]  # a record's number, or [address, label, title] for a place with no record
    assert (data["r"][entry][1] if isinstance(entry, int) else entry[0]) == "laws/law-50/#50D1"
    assert "the" in data["i"]
    # Each term's postings are in the run whose first term ("tp") is the last not after it, where
    # search-logic.js looks for them; every term counted is in one run.
    runs = [json.loads(p.read_text(encoding="utf-8"))
            for p in sorted((real_site / "search" / "terms").glob("*.json"), key=lambda p: int(p.stem))]
    assert [next(iter(run)) for run in runs] == data["tp"]
    assert sorted(term for run in runs for term in run) == sorted(data["tc"])
    assert all(run and max(run) < (data["tp"] + [chr(0x10FFFF)])[k + 1] for k, run in enumerate(runs))
    stored = stored_records(real_site)
    kinds = {f["meta"]["kind"] for f in stored}
    assert kinds == {"situation", "law", "chart", "definition", "course", "page"}
    laws = [f for f in stored if f["meta"]["kind"] == "law"]
    assert len(laws) > 700
    # Every place shown by a Law record exists on its page.
    for f in laws[:: max(1, len(laws) // 60)]:
        url = f["meta"]["u"]
        page, _, anchor = url.partition("#")
        html = (real_site / page / "index.html").read_text(encoding="utf-8")
        assert not anchor or f'id="{anchor}"' in html, url
    # Nothing of the index is on a page: pages load it only when someone searches.
    law_page = (real_site / "laws" / "law-50" / "index.html").read_text(encoding="utf-8")
    assert "search/index.json" not in law_page and "search/text/" not in law_page


def test_each_vocabulary_paragraph_is_a_place() -> None:
    assert corpus().vocabulary is not None
    for group in corpus().vocabulary.groups:
        for value in group.paragraphs:
            ref = parse_ref(value)
            assert ref is not None and corpus().index.exists(ref), value
