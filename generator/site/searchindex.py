"""The site's search files: an index of the search records that the browser ranks itself.

`search/index.json` holds what a query needs to rank every record: the records (kind, address,
title, Laws), each term's postings (the records holding it, with the term's weight there: a title
word counts more than a word of the text, a situation's phrasings more than a definition's), the
records' lengths, the citation table, the vocabulary's best bets and the words a query may hold
that say nothing. The words shown under each result are in `search/text/<n>.json`, a shard of 32
records each, fetched for the results shown. Nothing is fetched before someone searches.

The terms are cut and stemmed by `searchwords` here and by `search-logic.js` in the browser.
"""
from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

from generator.corpus.corpus import Corpus
from generator.site.searchrecords import KINDS, Record, SearchRecords, best_bets, citation_table
from generator.site.searchwords import stem, terms

FOLDER = "search"  # under the site root: search/index.json, search/text/<n>.json
SHARD = 32  # records a text shard holds
SNIPPET_CHARS = 500  # of a record's text, enough for the two lines shown under a result
# How much a word counts, by the part of the record it is in (plain text is 1).
WEIGHTS = {"title": 6, "heading": 2, "text": 1, "about": 5, "keywords": 1, "phrasings": 4}
# Words a query may hold that say nothing about which Law applies, beside the vocabulary's own
# `ignored:` list: the words of a question ("what happens if", "can declarer") and fillers.
QUESTION_WORDS = ("a an and are as at be been but by can could did do does doing for from had has have how i if in "
                  "into is it its me my of on or our should so than that the their them then there these they this to "
                  "us was we were what whats when where which who whom why will with would you your happens happen "
                  "allowed allow ok okay please just get got gets still also any some during while").split()
VERSION = 1


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


def build_index(corpus: Corpus, records: list[Record]) -> tuple[dict[str, object], list[list[str]]]:
    """The index and the text shards, as the browser reads them."""
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
    cites = {key: place_of.get(entry[0], entry) for key, entry in citation_table(corpus).items()}
    bets = {key: place_of.get(entry[0], entry) for key, entry in best_bets(corpus).items()}
    index = {
        "v": VERSION, "kinds": list(KINDS), "shard": SHARD,
        "r": [[KINDS.index(r.kind), r.url, r.title, list(r.laws), r.walk or 0] for r in records],
        "n": lengths, "avg": round(sum(lengths) / max(1, len(lengths)), 2),
        "t": {term: encode_postings(postings[term]) for term in sorted(postings)},
        "c": cites, "b": bets, "i": ignored,
    }
    shards = [[_clip(r.text) for r in records[i:i + SHARD]] for i in range(0, len(records), SHARD)]
    return index, shards


def _clip(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= SNIPPET_CHARS else flat[:SNIPPET_CHARS].rsplit(" ", 1)[0] + " …"


class SearchIndexer:
    """The search files of one build: made from the sources alone, written with the site."""

    def __init__(self, corpus: Corpus) -> None:
        self.corpus = corpus
        self.records = SearchRecords(corpus).records
        self.index, self.shards = build_index(corpus, self.records)

    def finish(self, site_dir: Path) -> dict[str, int]:
        """Write the index and the text shards into `site_dir`; their figures."""
        out = site_dir / FOLDER
        (out / "text").mkdir(parents=True, exist_ok=True)
        data = json.dumps(self.index, ensure_ascii=False, separators=(",", ":"), sort_keys=False).encode("utf-8")
        (out / "index.json").write_bytes(data)
        size = len(data)
        for n, shard in enumerate(self.shards):
            text = json.dumps(shard, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
            (out / "text" / f"{n}.json").write_bytes(text)
            size += len(text)
        return {"records": len(self.records), "files": 1 + len(self.shards), "bytes": size}

    def cancel(self) -> None:
        """The build failed: nothing was started, so nothing is left to stop."""

