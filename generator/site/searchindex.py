"""The site's search files: an index of the search records that the browser ranks itself.

`search/index.json` holds what a query needs to be read and to rank the records: the records
(kind, address, title, Laws), how many records hold each term (to put typos right and weigh the
words), the records' lengths, the citation table, the vocabulary's best bets and the words a query
may hold that say nothing. Each term's postings (the records holding it, with the term's weight
there: a title word counts more than a word of the text, a situation's phrasings more than a
definition's) are in `search/terms/<k>.json`, the terms in alphabetical runs of about
TERM_SHARD_CHARS, fetched for the terms a query asks (index "tp" holds each run's first term):
on a weak link the first search then waits for a fifth of what one whole index weighed. The
words shown under each result are in `search/text/<n>.json`, a shard of 32 records each, fetched
for the results shown. Nothing is fetched before someone searches.

The terms are cut and stemmed by `searchwords` here and by `search-logic.js` in the browser.
"""
from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from generator.corpus.corpus import Corpus
from generator.sources.cachedir import cache_dir, keep, kept, work_key
from generator.site.searchrecords import KINDS, Record, SearchRecords, best_bets, citation_table
from generator.site.searchwords import stem, terms

FOLDER = "search"  # under the site root: search/index.json, search/text/<n>.json
SHARD = 32  # records a text shard holds
TERM_SHARD_CHARS = 6000  # of encoded postings in a run of terms (about 2 KB sent compressed)
SNIPPET_CHARS = 500  # of a record's text, enough for the two lines shown under a result
# How much a word counts, by the part of the record it is in (plain text is 1).
WEIGHTS = {"title": 6, "heading": 2, "text": 1, "about": 5, "keywords": 1, "phrasings": 4}
# Words a query may hold that say nothing about which Law applies, beside the vocabulary's own
# `ignored:` list: the words of a question ("what happens if", "can declarer") and fillers.
QUESTION_WORDS = ("a an and are as at be been but by can could did do does doing for from had has have how i if in "
                  "into is it its me my of on or our should so than that the their them then there these they this to "
                  "us was we were what whats when where which who whom why will with would you your happens happen "
                  "allowed allow ok okay please just get got gets still also any some during while").split()
VERSION = 2  # 2: the postings in runs of terms of their own (search/terms/)


def _base36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        n, r = divmod(n, 36)
        out = digits[r] + out
        if n == 0:
            return out


def encode_postings(postings: dict[int, int]) -> str:
    """`{record: weight}` as a short string: base-36 gaps between records, `:weight` where not 1."""
    out = []
    previous = 0
    for record in sorted(postings):
        weight = postings[record]
        out.append(_base36(record - previous) + (f":{_base36(weight)}" if weight != 1 else ""))
        previous = record
    return ",".join(out)


def record_terms(record: Record, ignored: frozenset[str] = frozenset()) -> tuple[dict[str, int], int]:
    """A record's terms with their weights (summed over the parts holding them), and its weighted
    length; the words a query ignores are not indexed (a query never looks them up)."""
    found: dict[str, int] = defaultdict(int)
    length = 0
    parts = {"title": record.title, "heading": record.heading, "text": record.text,
             "about": " ".join(record.about), "keywords": " ".join(record.keywords),
             "phrasings": " ".join(record.phrasings)}
    for part, words in parts.items():
        weight = WEIGHTS[part]
        for word in terms(words):
            length += weight
            if word not in ignored:
                found[stem(word)] += weight
    return dict(found), length


@dataclass(frozen=True)
class SearchFiles:
    """What the browser reads: the index, the records' words in shards, the terms' postings in runs."""

    index: dict[str, object]
    text_shards: list[list[str]]
    term_shards: list[dict[str, str]]


def build_index(corpus: Corpus, records: list[Record]) -> SearchFiles:
    """The search's files, as the browser reads them."""
    vocabulary = corpus.vocabulary
    ignored = sorted({*(w.casefold() for w in (vocabulary.ignored if vocabulary else [])), *QUESTION_WORDS})
    postings: dict[str, dict[int, int]] = defaultdict(dict)
    lengths = []
    for n, record in enumerate(records):
        found, length = record_terms(record, frozenset(ignored))
        lengths.append(length)
        for term, weight in found.items():
            postings[term][n] = weight
    place_of = {r.url: n for n, r in enumerate(records)}
    cites = {key: place_of.get(place.url, place.row()) for key, place in citation_table(corpus).items()}
    bets = {key: place_of.get(place.url, place.row()) for key, place in best_bets(corpus).items()}
    term_shards = _term_runs({term: encode_postings(postings[term]) for term in sorted(postings)})
    index = {
        "v": VERSION, "kinds": list(KINDS), "shard": SHARD,
        "r": [[KINDS.index(r.kind), r.url, r.title, list(r.laws), r.walk or 0] for r in records],
        "n": lengths, "avg": round(sum(lengths) / max(1, len(lengths)), 2),
        "tc": {term: len(postings[term]) for term in sorted(postings)},
        "tp": [next(iter(run)) for run in term_shards],
        "c": cites, "b": bets, "i": ignored,
    }
    text_shards = [[_clip(r.text) for r in records[i:i + SHARD]] for i in range(0, len(records), SHARD)]
    return SearchFiles(index, text_shards, term_shards)


def _term_runs(encoded: dict[str, str]) -> list[dict[str, str]]:
    """The terms (in order) in runs of about TERM_SHARD_CHARS of postings each."""
    runs: list[dict[str, str]] = [{}]
    size = 0
    for term, postings in encoded.items():
        if size >= TERM_SHARD_CHARS:
            runs.append({})
            size = 0
        runs[-1][term] = postings
        size += len(term) + len(postings)
    return [run for run in runs if run]


def _kept_or_made(corpus: Corpus) -> SearchFiles:
    """The search's files, kept by the bytes of every source (they are made from the corpus alone):
    a rebuild with no source changed reads them instead of making them again (a second of it)."""
    entry = cache_dir(corpus.root, "search") / f"{work_key('search', corpus.sources_digest)}.json"
    try:
        found = json.loads(kept(entry) or b"")
        return SearchFiles(found["index"], found["text"], found["terms"])
    except (ValueError, KeyError, TypeError):
        pass
    files = build_index(corpus, SearchRecords(corpus).records)
    entry.parent.mkdir(parents=True, exist_ok=True)
    keep(entry, json.dumps({"index": files.index, "text": files.text_shards, "terms": files.term_shards},
                           ensure_ascii=False, separators=(",", ":")))
    return files


def _clip(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= SNIPPET_CHARS else flat[:SNIPPET_CHARS].rsplit(" ", 1)[0] + " …"


class SearchIndexer:
    """The search files of one build: made from the sources alone, written with the site."""

    def __init__(self, corpus: Corpus) -> None:
        self.corpus = corpus
        self.files = _kept_or_made(corpus)

    def finish(self, site_dir: Path) -> dict[str, int]:
        """Write the index, the text shards and the terms' runs into `site_dir`; their figures."""
        out = site_dir / FOLDER
        written = {out / "index.json": self.files.index,
                   **{out / "text" / f"{n}.json": shard for n, shard in enumerate(self.files.text_shards)},
                   **{out / "terms" / f"{k}.json": run for k, run in enumerate(self.files.term_shards)}}
        size = 0
        for path, value in written.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            data = json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
            path.write_bytes(data)
            size += len(data)
        return {"records": len(self.files.index["r"]), "files": len(written), "bytes": size}

    def cancel(self) -> None:
        """The build failed: nothing was started, so nothing is left to stop."""

