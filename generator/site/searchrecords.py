"""What the site's search finds: one record per Law paragraph, situation, chart, course module and
definition, with the words Directors use (front/vocabulary.yaml) joined to each, and the table of
citations a typed `50D1` jumps to."""
from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property

from generator.flowcharts.entries import Entries
from generator.index.citations import Ref, parse_ref
from generator.text.inline import term_anchor
from generator.index.urls import chart_beside_law, chart_url, definition_url, law_url, ref_url, training_url, walk_url
from generator.index.lawtree import Place, places, texts
from generator.corpus.corpus import Corpus
from generator.sources.model import Chart, ChartLayout, Kind, Law, Section, Vocabulary, WordGroup
from generator.text.situations import situations
from generator.text.templates import display_title

class RecordKind(StrEnum):
    """What a record is; the browser reads the strings (search-logic.js)."""

    SITUATION = "situation"
    LAW = "law"
    CHART = "chart"
    DEFINITION = "definition"
    COURSE = "course"
    PAGE = "page"


# The order results are shown in, best first: what happened, then the Law, then the rest.
KINDS = tuple(RecordKind)


@dataclass(frozen=True)
class Record:
    """One thing the search can find."""

    url: str  # site path, relative to the root, with the anchor of the paragraph where there is one
    kind: RecordKind
    title: str  # the line a result shows first
    text: str  # the words quoted in the snippet
    laws: tuple[int, ...]  # the Laws it belongs to: a result's Law
    heading: str = ""  # words that weigh more than the text (the Law's and the section's titles)
    ref: Ref | None = None  # the place in the Laws, for a Law paragraph
    walk: str | None = None  # the step-through, for a situation or a flow chart
    about: tuple[str, ...] = field(default=())  # the vocabulary's words for what it rules on
    keywords: tuple[str, ...] = field(default=())  # the vocabulary's words for what it mentions
    phrasings: tuple[str, ...] = field(default=())  # a situation as people tell it


_WORD = re.compile(r"[\w'+]+(?:-[\w'+]+)*")


def tokens(text: str) -> list[str]:
    """The words of a text for matching the vocabulary: case, curly apostrophes and punctuation
    between words ignored, so that a phrase matches whole words only ("bid" is not in "forbid")."""
    return _WORD.findall(text.casefold().replace("’", "'"))


class WordMatcher:
    """Which vocabulary groups a text or a place belongs to."""

    def __init__(self, vocabulary: Vocabulary | None) -> None:
        self.groups: list[tuple[WordGroup, list[Ref]]] = []
        self.phrases: dict[tuple[str, ...], set[int]] = {}  # a word or phrase -> the groups holding it
        for n, group in enumerate(vocabulary.groups if vocabulary else []):
            self.groups.append((group, [r for r in (parse_ref(p) for p in group.paragraphs) if r is not None]))
            for word in group.words:
                self.phrases.setdefault(tuple(tokens(word)), set()).add(n)
        self.longest = max((len(p) for p in self.phrases), default=0)

    def _groups_in(self, words: list[str]) -> set[int]:
        found: set[int] = set()
        for i in range(len(words)):
            for n in range(1, min(self.longest, len(words) - i) + 1):
                found |= self.phrases.get(tuple(words[i:i + n]), set())
        return found

    def words_for(self, words: list[str], ref: Ref | None = None, laws: tuple[int, ...] = ()) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The vocabulary's words a record holding `words` (its text's tokens; at place `ref`, about `laws`) is found by:
        those of groups that name its paragraph or Law (they are what it is about), then those of
        groups whose words are merely in its text."""
        ancestors = set(ref.ancestors()) if ref else set()
        held = self._groups_in(words)
        about: list[str] = []
        mentions: list[str] = []
        for n, (group, refs) in enumerate(self.groups):
            cited = any(r in ancestors for r in refs) or any(r.section is None and r.paragraph is None and r.law in laws for r in refs)
            into = about if cited else mentions if n in held else None
            if into is not None:
                into.extend(w for w in group.words if w not in into)
        return tuple(about), tuple(w for w in mentions if w not in about)


class SearchRecords:
    """Every record of the corpus, made once per build."""

    def __init__(self, corpus: Corpus) -> None:
        self.corpus = corpus
        self.words = WordMatcher(corpus.vocabulary)
        self.entries = Entries(corpus.charts)

    @cached_property
    def records(self) -> list[Record]:
        out: list[Record] = []
        for law in sorted(self.corpus.laws.values(), key=lambda l: l.law):
            out.extend(self._law_records(law))
        out.extend(self._situation_records())
        for chart in sorted(self.corpus.charts.values(), key=lambda c: c.id):
            out.append(self._chart_record(chart))
        out.extend(self._definition_records())
        out.extend(self._front_records())
        return out

    def _with_words(self, record: Record) -> Record:
        text = " ".join((record.title, record.heading, record.text, *record.phrasings))
        words = tokens(text)
        about, mentions = self.words.words_for(words, record.ref, record.laws)
        held = set(words)
        # A word the record already holds adds nothing; a phrase is kept (its words may be apart).
        new = lambda words: tuple(w for w in words if " " in w or w.casefold() not in held)  # noqa: E731
        return Record(**{**record.__dict__, "about": new(about), "keywords": new(mentions)})

    def _law_records(self, law: Law) -> list[Record]:
        law_title = display_title(law.title)
        out = []
        for place, title_words in titled_places(law):
            own = " ".join(text for key, text in texts(place.block) if key != "title")
            if place.depth == 0:
                own = law.text or ""
            if not own and not (place.depth == 1 and title_words):
                continue  # a level with nothing of its own to find (its paragraphs have records)
            label = place.ref.label() if place.depth else f"Law {law.law}"
            shown = f"{label} · {title_words or law_title}"
            heading = f"Law {law.law} {law_title} {title_words}".strip()
            entry = self.entries.of(place.ref)  # a Law's result offers its chart's walk, at its Case
            out.append(self._with_words(Record(
                url=ref_url(place.ref), kind=RecordKind.LAW, title=shown, text=own, laws=(law.law,),
                heading=heading, ref=place.ref, walk=entry.address() if entry else None)))
        if not out:  # a Law printed as a title and paragraphs only: still findable by its title
            out.append(self._with_words(Record(url=law_url(law.law), kind=RecordKind.LAW, title=f"Law {law.law} · {law_title}",
                                               text="", laws=(law.law,), heading=law_title, ref=Ref(law.law))))
        return out

    def _situation_records(self) -> list[Record]:
        out = []
        for s in situations(self.corpus):
            chart = self.corpus.charts.get(s.chart) if s.chart else None
            laws = tuple(chart.laws) if chart else (s.law,)
            # A situation opens its step-through at its own place: that is its main link.
            out.append(self._with_words(Record(url=s.walk or s.url, kind=RecordKind.SITUATION, title=s.text, text=s.where,
                                               laws=laws, walk=None, phrasings=s.phrasings)))
        return out

    def _chart_record(self, chart: Chart) -> Record:
        words = [n.text for n in chart.nodes if n.kind in (Kind.QUESTION, Kind.CASE, Kind.STATEMENT) and n.text]
        return self._with_words(Record(
            url=chart_url(chart.id), kind=RecordKind.CHART, title=f"Chart: {chart.title}",
            text=" ".join([*(s.text for s in chart.situations), *words]), laws=tuple(chart.laws), heading=chart.title,
            walk=walk_url(chart.id) if chart.layout is ChartLayout.FLOW else None))

    def _definition_records(self) -> list[Record]:
        if self.corpus.definitions is None:
            return []
        return [self._with_words(Record(url=definition_url(term_anchor(d.term)), kind=RecordKind.DEFINITION,
                                        title=f"Definition · {d.term}", text=d.text, laws=(), heading=d.term))
                for d in self.corpus.definitions.terms]

    def _front_records(self) -> list[Record]:
        out = []
        course = self.corpus.course
        for module in (course.modules if course else []):
            laws = tuple(sorted({n for c in module.charts if c in self.corpus.charts for n in self.corpus.charts[c].laws}))
            out.append(Record(url=training_url(module.id), kind=RecordKind.COURSE, title=f"Course · {module.title}",
                              text=module.intro, laws=laws, heading=module.title))
        for name in ("preface", "introduction"):
            front = getattr(self.corpus, name)
            if front is not None:
                out.append(Record(url=f"{name}/", kind=RecordKind.PAGE, title=front.title, text=front.text, laws=()))
        return out


def citation_key(text: str) -> str:
    """A typed citation reduced to what identifies it: `Law 12C1(c)`, `l12 c 1 c` → `12c1c`.

    `docs/javascripts/search.js` reduces what is typed the same way before it looks the key up.
    """
    key = text.casefold().strip()
    key = re.sub(r"^(?:laws?|l|rule|§)\.?\s*(?=\d)", "", key)
    key = re.sub(r"(?<=\d)\s*(?:-|–|to)\s*(?=\d)", "-", key)  # a range of Laws: 10-12
    return re.sub(r"[^a-z0-9-]", "", key)


def phrase_key(text: str) -> str:
    """A phrase as typed, reduced for looking up: case, spacing and curly apostrophes ignored.

    `docs/javascripts/search.js` reduces the whole query the same way.
    """
    return " ".join(text.casefold().replace("’", "'").split())


@dataclass(frozen=True)
class Destination:
    """Where a typed citation or a vocabulary word leads: the place's address, its label ("Law
    50D1") and its title. The index names a record instead where the place has one; else it holds
    the place as the list `row()` (search-logic.js reads it in `placeOf`)."""

    url: str
    label: str
    title: str

    def row(self) -> list[str]:
        return [self.url, self.label, self.title]


def best_bets(corpus: Corpus) -> dict[str, Destination]:
    """A query that is one of the vocabulary's words leads first to the first paragraph its group
    names (LA → 16B1(b)), by its key. Where a word is in two groups, the first group says where it
    leads."""
    titles = {ref: title for ref, title in _place_titles(corpus)}
    out: dict[str, Destination] = {}
    for group in (corpus.vocabulary.groups if corpus.vocabulary else []):
        refs = [r for r in (parse_ref(p) for p in group.paragraphs) if r is not None and r in titles]
        if refs:
            first = refs[0]
            for word in group.words:
                out.setdefault(phrase_key(word), Destination(ref_url(first), first.label(), titles[first]))
    return dict(sorted(out.items()))


def titled_places(law: Law) -> Iterator[tuple[Place, str]]:
    """Each place of a Law with the title of the section it stands in ("" for the Law itself and
    for paragraphs before its first section)."""
    section_title = ""
    for place in places(law):
        if isinstance(place.block, Section):
            section_title = place.block.title or ""
        yield place, section_title if place.depth else ""


def _place_titles(corpus: Corpus) -> list[tuple[Ref, str]]:
    """Every place with the title a result shows beside its label (its section's, or its Law's)."""
    return [(place.ref, title if place.depth else display_title(law.title))
            for law in corpus.laws.values() for place, title in titled_places(law)]


def citation_table(corpus: Corpus) -> dict[str, Destination]:
    """Every place a Director can type, by its key."""
    table = {citation_key(ref.canonical()): Destination(ref_url(ref), ref.label(), title) for ref, title in _place_titles(corpus)}
    for chart in corpus.charts.values():
        if len(chart.laws) > 1:
            first, last = min(chart.laws), max(chart.laws)
            table.setdefault(f"{first}-{last}", Destination(chart_beside_law(chart.laws[0], chart.id), f"Laws {first}–{last}", chart.title))
    return dict(sorted(table.items()))
