"""The words attached to a box besides its own: an editor's note, an addition, a hand-off.

One place for each phrase, so the drawing, the chart in words, the step-through and the handbook
say the same thing.
"""
from __future__ import annotations

import re

from collections.abc import Mapping
from dataclasses import dataclass

from generator.index import citations
from generator.sources.model import IRREGULARITY, CellNote, Chart, Continuation, EditorNote, Kind, Node, Origin


def editor_note_label(note: EditorNote, context_law: int) -> str:
    """The note as drawn beside its box: the Law's own words."""
    ref = citations.parse_ref(note.ref, context_law)
    label = ref.label() if ref is not None else f"Law {note.ref}"
    return f"Editor’s note: {label} reads “{' '.join(note.quote.split())}”"


def editor_note_words(note: EditorNote, context_law: int) -> str:
    """The note in full, for the step-through and the chart in words."""
    comment = f" {' '.join(note.comment.split())}" if note.comment else ""
    return editor_note_label(note, context_law) + "." + comment


def cell_note_words(note: CellNote, context_law: int) -> str:
    """A decision table's note, naming the printed line it is about."""
    if note.corrected is not None:
        return (f"Corrected to the 2017 text: “{_flat(note.corrected)}”; the WBU book prints “{_flat(note.about)}”. "
                + editor_note_words(note, context_law))
    return f"On “{' '.join(note.about.split())}”: " + editor_note_words(note, context_law)


def _flat(text: str) -> str:
    return " ".join(text.split())


# A box of a book chart whose printed words depart from the 2017 text shows the 2017 rule; the
# mark on the box says so, and the book's words are shown beside it, never as the rule.
CORRECTED_LABEL = "[corrected to the 2017 text]"


def book_prints(node: Node) -> str | None:
    """The book's own words of a corrected box, as the site and the handbook show them."""
    return f"The WBU book prints: “{_flat(node.book_text)}”" if node.book_text is not None else None


def correction_label(node: Node, context_law: int) -> str | None:
    """What is drawn beside a corrected box: the book's words and the paragraph that decides."""
    if node.editor_note is None:
        return None
    if node.book_text is None:
        return editor_note_label(node.editor_note, context_law)
    ref = citations.parse_ref(node.editor_note.ref, context_law)
    where = ref.label() if ref is not None else f"Law {node.editor_note.ref}"
    return f"Corrected to {where}. {book_prints(node)}"


def correction_words(node: Node, context_law: int) -> str | None:
    """The correction in full, for the step-through and the chart in words."""
    if node.editor_note is None:
        return None
    if node.book_text is None:
        return editor_note_words(node.editor_note, context_law)
    return f"{book_prints(node)}. " + editor_note_words(node.editor_note, context_law)


LATER_LEAD = "At the end of play:"


def later_words(node: Node) -> str | None:
    """The judgement a box leaves to the end of play, as drawn after its words."""
    return f"{LATER_LEAD} {_flat(node.later.text)}" if node.later is not None else None


def box_words(node: Node) -> str:
    """Everything a box says, as drawn: its words, and what it leaves to the end of play."""
    later = later_words(node)
    return _flat(node.text) + (f" {later}" if later else "")


ADDED_LABEL = "[added by the editor]"


# An `added:` reason may open with the review that added the box ("Acceptance walk, round 1
# (2026-12-07): …"): the editors' trail, kept in the source and the audit records, not for a
# Director reading the box.
_REVIEW_TRAIL = re.compile(r"^[A-Z][^:()]{0,50}\(\d{4}-\d{2}-\d{2}[^)]*\)(?:,[^:]{0,60})?[:.]\s*")
_REVIEW_DATE = re.compile(r"\s*\([^()]*\d{4}-\d{2}-\d{2}[^()]*\)")


# The trail may also stand inside the reason ("… Acceptance walk, round 2 (laws-17-19-06): Law 25A5
# …", "Whole-ruling audit: …", "Acceptance test fixes."), and the editors name other boxes by their
# ids ("As q_attempt.", "stood only on the question q_intended"): a trainer reading the site met
# both. The review's name goes; a box of the chart is named by its first words, in quotes.
_REVIEW_LABEL = re.compile(r"(?:(?:First|Second|Third|Fourth|Fifth) )?(?:[Aa]cceptance (?:walk|test)|Whole-ruling audit"
                           r"|Cross-chart fixes)\b[^:.]{0,60}(?::\s*|\.(?:\s+|$))")
_REVIEW_NAMED = re.compile(r"\bthe (?:acceptance (?:walk|test)(?:, (?:round \d+|[a-z]+ round))?|cross-chart fixes after round \d+)")
_TEST_IDS = re.compile(r"\s*\((?:laws?-\d+(?:-\d+)*[a-z]?)(?:,\s*laws?-\d+(?:-\d+)*[a-z]?)*\)")  # "(law-16-10)": a test's number
_AS_BOX = re.compile(r"^As ([a-z][a-z0-9]*_[a-z0-9_]+)(?:\.|;|$)\s*")
_BOX_ID = re.compile(r"\b[a-z]{1,2}[0-9]?_[a-z0-9_]+\b")


def _named(chart: Chart | None, box_id: str) -> str:
    node = chart.by_id.get(box_id) if chart is not None else None
    if node is None:
        return "an earlier box"
    words = _flat(node.text).split()
    return "“" + " ".join(words[:7]) + (" …”" if len(words) > 7 else "”")


def _reason(node: Node, chart: Chart | None, depth: int = 0) -> str:
    reason = _REVIEW_TRAIL.sub("", " ".join((node.added or "").split()), count=1)
    reason = _REVIEW_DATE.sub("", reason)
    same = _AS_BOX.match(reason)
    if same and chart is not None and depth < 3 and chart.by_id.get(same.group(1)) is not None \
            and chart.by_id[same.group(1)].added:
        reason = (_reason(chart.by_id[same.group(1)], chart, depth + 1) + " " + reason[same.end():]).strip()
    reason = _TEST_IDS.sub("", _REVIEW_NAMED.sub("a later review", reason))
    reason = _REVIEW_LABEL.sub("\0", reason)  # where a label stood, a sentence starts
    reason = re.sub("\0\\s*([a-z])", lambda m: m.group(1).upper(), reason).replace("\0", "")
    return _BOX_ID.sub(lambda m: _named(chart, m.group(0)), reason).strip()


def added_words(node: Node, chart: Chart | None = None) -> str:
    reason = _reason(node, chart)
    return f"Added by the editor, not printed in the WBU book: {reason[:1].upper()}{reason[1:]}"


@dataclass(frozen=True)
class HandOff:
    """An end box's ruling going on in another chart, as the reader is told of it."""

    chart: str
    at: str  # "" for a general chart's hand-off to the irregularity's own chart
    title: str  # the other chart's title
    case: str | None  # the words of the Case it continues at, when it is one

    @property
    def label(self) -> str:
        return f"Continue in {self.title}" + (f", {self.case}" if self.case else "")


IRREGULARITY_TITLE = "the chart of the irregularity’s own Law"


def hand_off(cont: Continuation, charts: Mapping[str, Chart]) -> HandOff:
    if cont.chart == IRREGULARITY:
        return HandOff(IRREGULARITY, "", IRREGULARITY_TITLE, None)
    target = charts.get(cont.chart)
    box = target.by_id.get(cont.at) if target is not None else None
    case = " ".join(box.text.split()) if box is not None and box.kind is Kind.CASE else None
    return HandOff(cont.chart, cont.at, target.title if target else cont.chart, case)


def provenance(chart: Chart) -> str:
    """Whose chart it is, said plainly on every page and caption that shows it."""
    if chart.origin is Origin.BOOK:
        return f"The WBU book’s chart (WBU book p. {chart.page}), reconstructed"
    laws = ", ".join(str(n) for n in chart.laws)
    return f"Drawn for this edition from the 2017 text of Law{'s' if len(chart.laws) > 1 else ''} {laws}: not a chart of the WBU book"
