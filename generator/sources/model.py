"""The content model in the book's vocabulary: strict schemas for the YAML sources."""
from __future__ import annotations

from enum import StrEnum
from functools import cached_property
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, field_validator, model_validator

from generator.sources.yamlsource import LINES_KEY


def citation_strings(value: Any) -> Any:
    """Citations as written; YAML reads an unquoted `47E1` as the number 470.0, so refuse numbers."""
    items = value if isinstance(value, list) else [value]
    for item in items:
        if isinstance(item, float):
            raise ValueError(f"{item!r} was read as a number: put the citation in quotes, e.g. '47E1'")
    return [str(v) for v in items]


def _one_citation(value: Any) -> Any:
    """One citation, written alone or as a list of one."""
    found = citation_strings(value)
    if len(found) != 1:
        raise ValueError(f"needs one citation, not {len(found)}")
    return found[0]


def _yes_no(value: Any) -> Any:
    """YAML 1.2 reads yes/no as strings, but true/false is as clear: accept it. (A mapping's own
    record of its lines is not an answer.)"""
    if isinstance(value, dict):
        return {k: ({True: "yes", False: "no"}.get(v, v) if isinstance(v, bool) else v)
                for k, v in value.items() if k != LINES_KEY}
    return value


def _split_fact_lines(data: Any) -> Any:
    """A facts mapping carries its key lines like any mapping: keep them apart from the answers."""
    if isinstance(data, dict) and isinstance(data.get("facts"), dict):
        facts = dict(data["facts"])
        lines = facts.pop(LINES_KEY, {})
        data = {**data, "facts": facts, "fact_lines": lines}
    return data


# A field holding one place of the Laws as written (`47E1`), or a list of them: see `citation_strings`.
Citation = Annotated[str, BeforeValidator(_one_citation)]
Citations = Annotated[list[str], BeforeValidator(citation_strings)]


class Strict(BaseModel):
    """A source mapping: unknown keys are errors, and it knows the line of each key."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True, defer_build=True)

    lines: dict[str, int] = Field(default_factory=dict, alias=LINES_KEY, exclude=True, repr=False)

    def line(self, key: str = "") -> int:
        """The source line of `key`, or of the mapping itself."""
        return self.lines.get(key, self.lines.get("", 1))


Text = Annotated[str, Field(min_length=1)]


def _one_line(value: str) -> str:
    if "\n" in value.strip() or "\r" in value:
        raise ValueError("a title is one line: it holds a line break (use >- to fold a long title)")
    if any(ord(c) < 32 for c in value if c not in "\n"):
        raise ValueError("a title holds a control character")
    return value


# Titles go into headings, navigation, page titles and the handbook: one line of text.
Title = Annotated[str, Field(min_length=1), AfterValidator(_one_line)]


class Part(StrEnum):
    """The book's eleven parts, in order."""

    PRELIMINARIES = "Preliminaries"
    PREPARATION = "Preparation and Progression"
    IRREGULARITIES = "General Laws Governing Irregularities"
    AUCTION = "The Auction"
    PLAY = "The Play"
    PROPRIETIES = "Proprieties"
    SCORE = "The Score"
    SPONSORSHIP = "Tournament Sponsorship"
    DIRECTOR = "Tournament Director"
    PENALTIES = "Penalties"
    APPEALS = "Appeals"


class Wording(StrEnum):
    """Which edition a Law's words are taken from."""

    BOOK_2017 = "book-2017"
    WBF_2017 = "wbf-2017"
    WBF_2017_GENDER_NEUTRAL = "wbf-2017-gender-neutral"
    WBF_1997 = "wbf-1997"
    DRAFT = "draft"  # a new edition imported to compare with the current text: no year until it is published


# The edition (year of the Laws) each published wording belongs to: the current text is
# CURRENT_EDITION. A draft belongs to none: it lives in a folder of its own, outside laws/.
CURRENT_EDITION = 2017
EDITION_OF: dict[Wording, int] = {
    Wording.BOOK_2017: 2017,
    Wording.WBF_2017: 2017,
    Wording.WBF_2017_GENDER_NEUTRAL: 2017,
    Wording.WBF_1997: 1997,
}


WORDING_NOTES: dict[Wording, str] = {
    Wording.BOOK_2017: "The 2017 Laws of Duplicate Bridge as printed in WBU Bridge Laws & FlowCharts.",
    Wording.WBF_2017: "The WBF’s 2017 Laws of Duplicate Bridge.",
    Wording.WBF_2017_GENDER_NEUTRAL: "The WBF’s 2017 Laws of Duplicate Bridge, gender-neutral wording.",
    Wording.WBF_1997: "The 1997 Laws of Duplicate Bridge, superseded in 2007 and 2017: not in force.",
    Wording.DRAFT: "A draft of the next edition of the Laws, imported to compare with the text in force: not in force.",
}


class Table(Strict):
    """A table printed in a Law (Law 2's boards, Law 77's scores, Law 78's IMP scale)."""

    caption: str | None = None
    columns: list[str] = Field(min_length=1)  # a column may have no printed heading
    rows: list[list[str]] = Field(min_length=1)

    @model_validator(mode="after")
    def _rows_fit(self) -> Table:
        for n, row in enumerate(self.rows, 1):
            if len(row) != len(self.columns):
                raise ValueError(f"row {n} has {len(row)} cells for {len(self.columns)} columns")
        return self


class Block(Strict):
    """What every level of a Law may hold besides its children."""

    text: str | None = None
    table: Table | list[Table] | None = None
    after: str | None = None

    def tables(self) -> list[Table]:
        if self.table is None:
            return []
        return self.table if isinstance(self.table, list) else [self.table]


class SubItem(Block):
    """(i), (ii) …"""

    id: Annotated[str, Field(pattern=r"^[ivx]+$")]


class Item(Block):
    """(a), (b) …"""

    id: Annotated[str, Field(pattern=r"^[a-z]$")]
    title: Title | None = None  # earlier editions print a title on each item (1997: "(a) Calling the Director")
    items: list[SubItem] = Field(default_factory=list)


class Paragraph(Block):
    """1, 2, 3 …"""

    id: Annotated[int, Field(ge=1, le=99)]
    title: Title | None = None  # earlier editions print a title on each paragraph (1997: "1. Give Information")
    items: list[Item] = Field(default_factory=list)


class Section(Block):
    """A, B, C … with a title."""

    id: Annotated[str, Field(pattern=r"^[A-Z]$")]
    title: Title | None = None  # Law 22's A and B have none
    lettered: bool = True  # false for a heading the Laws print without a letter (Law 77's tables)
    paragraphs: list[Paragraph] = Field(default_factory=list)


class Footnote(Strict):
    """A footnote, numbered as in the book."""

    id: Annotated[int, Field(ge=1)]
    text: Text


class Situation(Strict):
    """What happened at the table, in a Director's words, and where its walk starts.

    Written as a plain string where only the words are known; as a mapping, it says where the
    step-through starts (`at:`, a box of the chart, by default its top) and the answers the
    situation already gives (`facts:`, as a scenario's), and how people tell it (`phrasings:`).
    """

    text: Text
    at: Annotated[str, Field(pattern=r"^[A-Za-z][A-Za-z0-9_]*$")] | None = None
    facts: Annotated[dict[str, str], BeforeValidator(_yes_no)] = Field(default_factory=dict)
    phrasings: list[Title] = Field(default_factory=list)  # as players and Directors type it, typos and slang included
    fact_lines: dict[str, int] = Field(default_factory=dict, exclude=True, repr=False)

    @model_validator(mode="before")
    @classmethod
    def _from_words(cls, data: Any) -> Any:
        if isinstance(data, str):
            return {"text": data}
        return _split_fact_lines(data)

    def fact_line(self, box: str) -> int:
        return self.fact_lines.get(box, self.line("facts"))


class Law(Block):
    """One of the 93 Laws."""

    law: Annotated[int, Field(ge=1, le=93)]
    title: Title
    part: Part
    wording: Wording
    sections: list[Section] = Field(default_factory=list)
    paragraphs: list[Paragraph] = Field(default_factory=list)
    footnotes: list[Footnote] = Field(default_factory=list)
    beside: Citations = Field(default_factory=list)
    situations: list[Situation] = Field(default_factory=list)  # what happened at the table, for Laws that have no chart of their own
    no_chart: Text | None = None  # why no chart stands beside this Law (a Director rules under it through another, or never at the table)


class FrontText(Strict):
    """The Preface or the Introduction."""

    title: Title
    text: Text


class Definition(Strict):
    """One defined term."""

    term: Title
    text: Text
    see: list[str] = Field(default_factory=list)


class Definitions(Strict):
    """The Definitions, in the book's order."""

    terms: list[Definition] = Field(min_length=1)


class WordGroup(Strict):
    """Words a Director may type for one thing: abbreviations, table talk, spellings, inflections.

    Whatever holds one of the words (or is one of the listed paragraphs) is found by all of them.
    """

    words: list[Title] = Field(min_length=1)
    paragraphs: Citations = Field(default_factory=list)  # where the thing is ruled, when the words are not in its text

    @model_validator(mode="after")
    def _finds_something(self) -> WordGroup:
        if len(self.words) < 2 and not self.paragraphs:
            raise ValueError("a group of one word finds nothing new: add the words it stands for, or its paragraphs")
        return self


class Vocabulary(Strict):
    """The words Directors use, for the search (front/vocabulary.yaml)."""

    groups: list[WordGroup] = Field(min_length=1)
    ignored: list[Title] = Field(default_factory=list)  # words a query may hold that say nothing ("the", "his")


class Kind(StrEnum):
    """The eight node kinds of the book's legend (p.14)."""

    QUESTION = "question"
    CONDITION = "condition"
    ACTION = "action"
    REPETITION = "repetition"
    OPTIONS = "options"
    CASE = "case"
    LAW_REF = "law_ref"
    STATEMENT = "statement"


# Kinds that may stand alone on a page, not reached by any arrow.
ENTRY_KINDS = frozenset({Kind.CASE, Kind.STATEMENT})

NodeId = Annotated[str, Field(pattern=r"^[A-Za-z][A-Za-z0-9_]*$")]


# The label of a condition's way on when it does not hold.
OTHERWISE = "Otherwise"


class Link(Strict):
    """An arrow to another box, optionally labelled."""

    to: NodeId
    label: str | None = None


# A general chart's hand-off to "the chart of the irregularity's own Law", chosen by the Director.
IRREGULARITY = "irregularity"


class Continuation(Strict):
    """Where the ruling of an end box goes on: another chart, at one of its boxes (or, from a
    general chart, `chart: irregularity`: the chart of the irregularity's own Law)."""

    chart: Annotated[str, Field(pattern=r"^[a-z][a-z0-9-]*$")]
    at: NodeId | None = None

    @model_validator(mode="after")
    def _names_a_box(self) -> Continuation:
        if self.at is None and self.chart != IRREGULARITY:
            raise ValueError("a hand-off names the box it goes on at: at: <box id>")
        if self.at is not None and self.chart == IRREGULARITY:
            raise ValueError("a hand-off to the irregularity's own chart names no box: the Director chooses the chart")
        return self


class EditorNote(Strict):
    """What the 2017 text says where a box departs from it, quoted from the Law (checked word for word)."""

    ref: Citation  # the paragraph quoted
    quote: Text  # its words, exactly as the Law prints them
    comment: str | None = None  # what the departure is, in a sentence


class Phase(StrEnum):
    """Where a box stands in the ruling the Director gives (the step-through's Ruling card)."""

    NOW = "now"  # a rectification ruled at once (the default of actions and options)
    NEXT = "next"  # what happens next: the auction or play goes on, a lead restriction, whose turn
    LATER = "later"  # judged when play ends: damage, a logical alternative, an adjusted score


class Later(Strict):
    """What a box leaves to the end of play: the test the Director then applies, and its paragraphs."""

    text: Text
    cites: Citations = Field(default_factory=list)


# A fact a question or condition establishes, carried through the walk and its hand-offs
# (`two_penalty_cards`): a later box asking the same fact is answered already.
FactKey = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$")]


class Answer(StrEnum):
    YES = "yes"
    NO = "no"


class Node(Strict):
    """One box of a chart."""

    id: NodeId
    kind: Kind
    text: Text
    next: list[Link] = Field(default_factory=list)
    yes: NodeId | None = None
    no: NodeId | None = None
    body: list[NodeId] = Field(default_factory=list)
    otherwise: NodeId | None = None  # where the walk goes on when a condition does not hold
    cites: Citations = Field(default_factory=list)
    note: str | None = None  # the editor's reading of the source, kept in the file only
    # A statement beside the flow names the boxes it qualifies, or says why it qualifies none.
    qualifies: list[NodeId] = Field(default_factory=list)
    free_note: Text | None = None
    uncited: Text | None = None  # why a question, condition or action cites no paragraph
    continues: list[Continuation] = Field(default_factory=list)  # an end box whose ruling goes on in other charts
    editor_note: EditorNote | None = None  # shown on the box: where it departs from the 2017 text
    added: Text | None = None  # a box of a book chart that the book does not print, and why it was added
    # A box of a book chart whose printed words depart from the 2017 text: `text` is the 2017
    # rule, and the book's own words are kept here (shown as "the WBU book prints: …").
    book_text: Text | None = None
    phase: Phase | None = None  # where it stands in the ruling; see Phase (default: by its kind)
    later: Later | None = None  # a judgement at the end of play that this box announces
    fact: FactKey | None = None  # a question's or condition's fact, answered once for the whole walk
    establishes: Annotated[dict[FactKey, Answer], BeforeValidator(_yes_no)] = Field(default_factory=dict)
    not_applied: Citations = Field(default_factory=list)  # paragraphs the box says do not apply
    basis: Citations = Field(default_factory=list)  # an adjusted score's basis: the test it is assessed by
    overlaps: list[NodeId] = Field(default_factory=list)  # a Case: the other Cases a situation may also fit

    @field_validator("qualifies", "continues", mode="before")
    @classmethod
    def _listed(cls, value: Any) -> Any:
        return value if isinstance(value, list) else [value]

    @field_validator("next", mode="before")
    @classmethod
    def _links(cls, value: Any) -> Any:
        items = value if isinstance(value, list) else [value]
        return [{"to": v} if isinstance(v, str) else v for v in items]

    def links(self) -> list[tuple[str, str | None]]:
        """Every arrow leaving this box as (target, label)."""
        out: list[tuple[str, str | None]] = []
        if self.yes is not None:
            out.append((self.yes, "Yes"))
        if self.no is not None:
            out.append((self.no, "No"))
        out.extend((link.to, link.label) for link in self.next)
        if self.otherwise is not None:
            out.append((self.otherwise, OTHERWISE))
        return out


Cell = str | list[str]


class CellNote(EditorNote):
    """An editor's note on one line of a decision table's cell (a table's boxes have no ids)."""

    about: Text  # the line of a cell in this group, word for word: the WBU book's printed words
    corrected: Text | None = None  # the line as the 2017 text has it, shown in its place


class TableGroup(Strict):
    """Rows of a decision table under one label of its first column."""

    label: Text
    rows: list[list[Cell]] = Field(min_length=1)
    cites: Citations = Field(default_factory=list)  # the paragraphs this part of the table applies
    editor_notes: list[CellNote] = Field(default_factory=list)  # where a printed line departs from the 2017 text


class ChartTable(Strict):
    """A decision table (the book's pages for Laws 9 and 20)."""

    columns: list[Text] = Field(min_length=2)
    groups: list[TableGroup] = Field(min_length=1)

    @model_validator(mode="after")
    def _rows_fit(self) -> ChartTable:
        for group in self.groups:
            for n, row in enumerate(group.rows, 1):
                if len(row) != len(self.columns) - 1:
                    raise ValueError(
                        f"group '{group.label}' row {n} has {len(row)} cells; "
                        f"expected {len(self.columns) - 1} (one per column after the first)"
                    )
        return self


class Omission(Strict):
    """A paragraph of a served Law that the chart leaves out on purpose, and why."""

    ref: Citation
    reason: Text


class TableFact(Strict):
    """Where a decision table answers a story: the period (row group), the player (row), and what he does."""

    group: Text
    row: Text
    action: Text  # one line of the cell


class Scenario(Strict):
    """A training story at the table, its facts as answers to the chart's questions, and the ruling."""

    title: Title
    story: Text
    case: NodeId | None = None  # the Case box the story starts from, when the chart has several
    facts: dict[str, str] = Field(default_factory=dict)  # box id -> "yes"/"no" for a question, the chosen box's id for a choice
    table: TableFact | None = None  # for a decision table: the cell the story is about
    ruling: Text  # the box the facts must lead to; for a decision table, the column of the cell
    fact_lines: dict[str, int] = Field(default_factory=dict, exclude=True, repr=False)

    @model_validator(mode="before")
    @classmethod
    def _keep_fact_lines(cls, data: Any) -> Any:
        return _split_fact_lines(data)

    def fact_line(self, box: str) -> int:
        return self.fact_lines.get(box, self.line("facts"))

    @field_validator("facts", mode="before")
    @classmethod
    def _answers(cls, value: Any) -> Any:
        return _yes_no(value)


class Origin(StrEnum):
    """Whose chart it is: the WBU book's, reconstructed, or one drawn for this edition from the Law."""

    BOOK = "book"
    DRAWN = "drawn"


class ChartLayout(StrEnum):
    """How a chart is drawn: a flow of boxes (walked step by step), or a decision table."""

    FLOW = "flow"
    TABLE = "table"


class Chart(Strict):
    """One chart page: a flow of boxes, or a decision table."""

    id: str = ""  # the file name, set by the loader
    title: Title
    laws: list[Annotated[int, Field(ge=1, le=93)]] = Field(min_length=1)
    origin: Origin
    page: int | None = None  # the WBU book's page of a book chart
    layout: ChartLayout = ChartLayout.FLOW
    notes: str | None = None
    nodes: list[Node] = Field(default_factory=list)
    table: ChartTable | None = None
    omits: list[Omission] = Field(default_factory=list)
    situations: list[Situation] = Field(default_factory=list)  # what happened at the table, in a Director's words
    scenarios: list[Scenario] = Field(default_factory=list)

    @field_validator("id")
    @classmethod
    def _id_is_the_file_name(cls, value: str) -> str:
        if value:
            raise ValueError("a chart's id is its file name: remove id: (it would let one file stand for another)")
        return value

    @cached_property
    def by_id(self) -> dict[str, Node]:
        """The boxes by id, worked out once: walks and drawings look boxes up at every step."""
        return {n.id: n for n in self.nodes}

    @model_validator(mode="after")
    def _layout_parts(self) -> Chart:
        if self.layout is ChartLayout.TABLE and self.table is None:
            raise ValueError("a table chart needs 'table:'")
        if self.layout is ChartLayout.FLOW and self.table is not None:
            raise ValueError("'table:' is only for 'layout: table'")
        if self.layout is ChartLayout.FLOW and not self.nodes:
            raise ValueError("a flow chart needs 'nodes:'")
        if self.origin is Origin.BOOK and self.page is None:
            raise ValueError("a chart of origin 'book' needs 'page:', the WBU book's page it reproduces")
        if self.origin is Origin.DRAWN and self.page is not None:
            raise ValueError("'page:' is the WBU book's page of a book chart; a drawn chart has none")
        return self


class Module(Strict):
    """A course module: the charts whose training scenarios it gathers."""

    id: Annotated[str, Field(pattern=r"^[a-z][a-z0-9-]*$")]
    title: Title
    intro: Text
    charts: list[str] = Field(min_length=1)


class Course(Strict):
    """The training course (training/modules.yaml)."""

    modules: list[Module] = Field(min_length=1)


# An item of the course named by its chart and its scenario's title: "law-27: 1♦ over 1♥".
ItemRef = Annotated[str, Field(pattern=r"^[a-z][a-z0-9-]*: \S.*$")]


class WrongAnswer(Strict):
    """A ruling a Director might wrongly give for the story, and why it is wrong."""

    text: Text  # the mis-ruling, in the words a Director would announce it
    why: Text  # why it is wrong, in a sentence or two
    refs: Citations = Field(min_length=1)  # the paragraph(s) that show it


class Question(Strict):
    """One course item: a scenario of a chart asked as "What do you rule?", with its options."""

    scenario: Title  # the scenario's title in the chart's file
    level: Annotated[int, Field(ge=1, le=3)]  # 1 the everyday case, 2 a condition to weigh, 3 an exception or two Laws
    topic: Title | None = None  # the lesson topic it practises
    answer: Text  # the ruling reached, in the words a Director announces it
    why: Text  # why it is right
    refs: Citations = Field(min_length=1)  # the paragraphs that decide it: each on the scenario's walked route
    wrong: list[WrongAnswer] = Field(min_length=2)


class QuestionSet(Strict):
    """training/questions/<chart>.yaml: the course's questions on one chart's scenarios."""

    questions: list[Question] = Field(min_length=1)


class Example(Strict):
    """A worked example in a lesson: the story, the Director's reasoning, the ruling."""

    title: Title
    story: Text
    reasoning: Text  # what the Director establishes, in order, and which Law decides
    ruling: Text
    refs: Citations = Field(min_length=1)
    walk: ItemRef | None = None  # a scenario to step through: "law-27: 1♦ over 1♥"


class Topic(Strict):
    """One topic of a lesson: teaching, worked examples, key points."""

    title: Title
    minutes: Annotated[int, Field(ge=1, le=60)]
    teach: Text  # what the Director establishes, which Law, the options, the ruling, how to announce and record it
    examples: list[Example] = Field(default_factory=list)
    key_points: list[Text] = Field(min_length=1)
    charts: list[str] = Field(default_factory=list)  # the charts it draws on


class Lesson(Strict):
    """training/lessons/<module>.yaml: a module as a lesson a trainer can run in about an hour and a half."""

    minutes: Annotated[int, Field(ge=20, le=180)]
    objectives: list[Text] = Field(min_length=2)
    topics: list[Topic] = Field(min_length=1)
    session: list[ItemRef] = Field(min_length=1, max_length=15)  # the items worked in the session (10-15), easy to hard
    final: list[ItemRef] = Field(min_length=1, max_length=20)  # the module's final test


class AlignmentOverride(Strict):
    """Where the automatic match of two editions' paragraphs is wrong: what became of what, and why."""

    old: Citations = Field(default_factory=list)  # places of the earlier edition; [] for a paragraph new in the current one
    new: Citations = Field(default_factory=list)  # places of the current edition; [] for a paragraph removed
    reason: Text

    @model_validator(mode="after")
    def _says_something(self) -> AlignmentOverride:
        if not self.old and not self.new:
            raise ValueError("an override names at least one place, in 'old:' or 'new:'")
        return self


class Alignment(Strict):
    """laws/<year>/alignment.yaml: corrections to the automatic match of an earlier edition with the current one."""

    overrides: list[AlignmentOverride] = Field(default_factory=list)
