"""Build the levels of each Law (sections, paragraphs, items, sub-items) from its lines."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.importing.common import (
    HEADING,
    ORPHAN,
    SEQUENCE,
    UNTITLED,
    ImportProblem,
    SourceLine,
    clean,
    join_wrapped,
    part_of,
)
from generator.importing.runon import CODE_HEADING_RE, run_on_at, split_title

LAW_RE = re.compile(r"^LAW\s+(\d{1,2})\s*[-\u2013\u2014]\s*(\S.*)$")
SECTION_RE = re.compile(r"^([A-Z])\.\s+(\S.*)$")
PARAGRAPH_RE = re.compile(r"^(\d{1,2})\.(?:\s+(\S.*))?$")
ITEM_RE = re.compile(r"^\(([a-z]|[ivx]{2,5})\)\s*(\S.*)?$")
ROMANS = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x",
          "xi", "xii", "xiii", "xiv", "xv", "xvi", "xvii", "xviii", "xix", "xx")
_CLAUSE_END = re.compile(r"(?:[.,;:!?]|\b(?:or|and|if|then))$")


@dataclass
class Node:
    """One level of a Law while it is being read."""

    level: str  # "law", "section", "paragraph", "item" or "subitem"
    id: int | str
    line: int
    title: str | None = None
    texts: list[str] = field(default_factory=list)  # printed paragraphs
    children: list[Node] = field(default_factory=list)

    def add_text(self, text: str, *, new_paragraph: bool = False) -> None:
        """Add a line: a wrapped line joins the current printed paragraph."""
        if new_paragraph or not self.texts:
            self.texts.append(text)
        else:
            self.texts[-1] = join_wrapped(self.texts[-1], text)

    def kids(self, level: str) -> list[Node]:
        """The children at one level ("section", "paragraph" …)."""
        return [c for c in self.children if c.level == level]


def looks_like_title(text: str) -> bool:
    """A section title is a short capitalised phrase, not a clause ending in punctuation."""
    return text[:1].isupper() and len(text.split()) <= 12 and not _CLAUSE_END.search(text)


class LawReader:
    """Reads law lines in order; every line it cannot place becomes an ImportProblem."""

    def __init__(self, path: Path, *, titled: bool = False) -> None:
        self.path = path
        # The 1997 layout: titles run into the text and levels run on within a line (runon.py).
        self.titled = titled
        self.heading_title_next = False  # a Code heading ("PART II") whose title is the next line
        self.laws: dict[int, Node] = {}
        self.found: list[tuple[ImportProblem, int | None]] = []  # with the Law it is in
        self.law: Node | None = None
        self.section: Node | None = None
        self.paragraph: Node | None = None
        self.item: Node | None = None
        self.open: Node | None = None  # the level that takes a wrapped line
        self.next_letter = "A"

    def report(self, line: SourceLine, kind: str, message: str) -> None:
        """Record a problem with the Law it was found in."""
        law = int(self.law.id) if self.law is not None else None
        self.found.append((ImportProblem(self.path, line.number, kind, message), law))

    def read(self, lines: list[SourceLine]) -> None:
        """Place every line."""
        for line in lines:
            self.feed(line, line.text)

    def problems_for(self, first: int, last: int) -> list[ImportProblem]:
        """Problems outside any Law, or inside a Law of the range."""
        return [p for p, law in self.found if law is None or first <= law <= last]

    def feed(self, line: SourceLine, text: str) -> None:
        """Place one line (or the rest of one, after a paragraph number)."""
        if m := LAW_RE.match(text):
            self.heading_title_next = False
            self._law(line, int(m.group(1)), clean(m.group(2)))
        elif self.titled and self._code_heading(line, text):
            return
        elif self.law is None:
            self.report(line, ORPHAN, f"orphan line before the first LAW heading: {text[:60]!r}")
        elif self.titled:
            if self._opens_level(line, text):
                return  # the level splits off whatever runs on after it
            head, tail = self._run_on(text)
            assert self.open is not None
            self.open.add_text(head)
            if tail:
                self.feed(line, tail)
        elif not self._opens_level(line, text):
            assert self.open is not None
            self.open.add_text(text)

    def _code_heading(self, line: SourceLine, text: str) -> bool:
        """Skip (and report) the Code's chapter, part and section headings between Laws."""
        m = CODE_HEADING_RE.match(text)
        if m is None and not self.heading_title_next:
            return False
        self.heading_title_next = m is not None and not m.group("rest").strip()
        self.report(line, HEADING, f"heading of the Code, not part of a Law: {text[:60]!r}; left out")
        return True

    def _expected(self) -> dict[str, object]:
        """The marker that may come next at each level, for finding levels run on in a line."""
        holder = self.section or self.law
        done = holder.kids("paragraph") if holder is not None else []
        item, par = self.item, self.paragraph
        subs = item.kids("subitem") if item is not None else []
        return {
            "section": self.next_letter if self.law is not None else None,
            "paragraph": int(done[-1].id) + 1 if done else 1,
            "item": (chr(ord(str(item.id)) + 1) if item is not None else "a") if par is not None else None,
            "subitem": ROMANS[len(subs)] if item is not None and len(subs) < len(ROMANS) else None,
        }

    def _run_on(self, text: str) -> tuple[str, str]:
        """`text` up to the next level run on in it, and the rest (empty when there is none)."""
        at = run_on_at(text, **self._expected())  # type: ignore[arg-type]
        if not at:
            return text, ""
        return text[:at].rstrip(), text[at:]

    def _fill(self, line: SourceLine, node: Node, rest: str | None) -> None:
        """The 1997 layout: the new level's title, its text, then any level run on after it."""
        if not rest:
            return
        head, tail = self._run_on(rest)
        if head:
            title, text = split_title(head)
            node.title = title
            if text:
                node.add_text(text)
        if tail:
            self.feed(line, tail)

    def _opens_level(self, line: SourceLine, text: str) -> bool:
        """Start the level `text` begins with, if it is one that may come next."""
        if m := SECTION_RE.match(text):
            return self._section(line, m.group(1), m.group(2))
        if m := PARAGRAPH_RE.match(text):
            return self._paragraph(line, int(m.group(1)), m.group(2))
        if m := ITEM_RE.match(text):
            return self._item(line, m.group(1), m.group(2))
        return False

    def _law(self, line: SourceLine, number: int, title: str) -> None:
        """Open a Law at its `LAW N – TITLE` heading."""
        if self.law is not None and number != int(self.law.id) + 1:
            self.report(line, SEQUENCE, f"LAW {number} follows LAW {self.law.id}")
        node = Node("law", number, line.number, title)
        if number in self.laws:
            self.report(line, SEQUENCE, f"LAW {number} appears a second time; this one is ignored")
        else:
            self.laws[number] = node
        self.law = self.open = node
        self.section = self.paragraph = self.item = None
        self.next_letter = "A"

    def _section(self, line: SourceLine, letter: str, rest: str) -> bool:
        """Open section `letter`, or keep an untitled clause in the text; False if out of order."""
        assert self.law is not None
        expected = self.next_letter
        if self.titled:
            if letter != expected:
                self.report(line, SEQUENCE, (
                    f"'{letter}.' out of sequence in Law {self.law.id} (expected '{expected}.'); "
                    "kept as wrapped text"))
                return False
            node = Node("section", letter, line.number)
            self.law.children.append(node)
            self.section = self.open = node
            self.paragraph = self.item = None
            self.next_letter = chr(ord(letter) + 1)
            self._fill(line, node, rest)
            return True
        titled = looks_like_title(rest)
        if letter == expected and not titled:
            # Laws 22, 35, 56, 71: lettered clauses with no title. They stay sections (so that
            # "Law 56A" has a target) but the contents list none of them: worth a look.
            self.report(line, UNTITLED, (
                f"'{letter}.' in Law {self.law.id} has no title (a lettered clause); "
                "read as a section without a title"))
        if letter != expected:
            if letter < expected or not titled:
                self.report(line, SEQUENCE, (
                    f"'{letter}.' out of sequence in Law {self.law.id} (expected '{expected}.'); "
                    "kept as wrapped text"))
                return False
            self.report(line, SEQUENCE, (
                f"section {letter} of Law {self.law.id} follows a missing section {expected}"))
        node = Node("section", letter, line.number, rest if titled else None)
        if not titled:
            node.add_text(rest)
        self.law.children.append(node)
        self.section = self.open = node
        self.paragraph = self.item = None
        self.next_letter = chr(ord(letter) + 1)
        return True

    def _paragraph(self, line: SourceLine, number: int, rest: str | None) -> bool:
        """Open paragraph `number` of the current section (or Law); False if out of order."""
        assert self.law is not None
        holder = self.section or self.law
        done = holder.kids("paragraph")
        expected = int(done[-1].id) + 1 if done else 1
        name = f"Law {self.law.id}{self.section.id if self.section else ''}"
        if number < expected:
            self.report(line, SEQUENCE, (
                f"'{number}.' out of sequence in {name} (expected '{expected}.'); kept as wrapped text"))
            return False
        if number > expected:
            self.report(line, SEQUENCE, f"paragraph {name}{number} follows a missing {name}{expected}")
        node = Node("paragraph", number, line.number)
        holder.children.append(node)
        self.paragraph = self.open = node
        self.item = None
        if self.titled:
            self._fill(line, node, rest)
        elif rest:
            self.feed(line, rest)  # "1. (a) …": the paragraph opens straight into its items
        return True

    def _item(self, line: SourceLine, token: str, rest: str | None) -> bool:
        """Open item (a) or sub-item (i), telling them apart by what may come next."""
        assert self.law is not None
        if self.paragraph is None:
            self.report(line, SEQUENCE, f"'({token})' in Law {self.law.id} is not inside a numbered "
                        "paragraph; kept as wrapped text")
            return False
        item = self.item
        subs = item.kids("subitem") if item is not None else []
        next_roman = ROMANS[len(subs)] if item is not None and len(subs) < len(ROMANS) else None
        next_letter = chr(ord(str(item.id)) + 1) if item is not None else "a"
        name = f"Law {self.law.id}{self.section.id if self.section else ''}{self.paragraph.id}"
        if token == next_roman and token == next_letter:
            self.report(line, SEQUENCE, f"'({token})' in {name} could be a letter or a numeral; "
                        "read as the letter")
            return self._add_item(line, "item", token, rest)
        if token == next_roman:
            return self._add_item(line, "subitem", token, rest)
        if token == next_letter:
            return self._add_item(line, "item", token, rest)
        if item is not None and subs and token in ROMANS:
            if ROMANS.index(token) > len(subs):
                self.report(line, SEQUENCE, f"'({token})' in {name}({item.id}) follows a missing "
                            f"'({next_roman})'")
                return self._add_item(line, "subitem", token, rest)
        elif len(token) == 1 and token > next_letter:
            self.report(line, SEQUENCE, f"'({token})' in {name} follows a missing '({next_letter})'")
            return self._add_item(line, "item", token, rest)
        expected = f"'({next_letter})'" + (f" or '({next_roman})'" if next_roman else "")
        self.report(line, SEQUENCE, f"'({token})' out of sequence in {name} (expected {expected}); "
                    "kept as wrapped text")
        return False

    def _add_item(self, line: SourceLine, level: str, token: str, rest: str | None) -> bool:
        """Append an item to the paragraph, or a sub-item to the item."""
        node = Node(level, token, line.number)
        if level == "item":
            assert self.paragraph is not None
            self.paragraph.children.append(node)
            self.item = node
        else:
            assert self.item is not None
            self.item.children.append(node)
        self.open = node
        if self.titled:
            self._fill(line, node, rest)
        elif rest:
            node.add_text(rest)
        return True


def law_dict(node: Node, wording: str) -> dict[str, Any]:
    """A Law in the key order of docs/editing.md."""
    number = int(node.id)
    out: dict[str, Any] = {"law": number, "title": node.title, "part": part_of(number),
                           "wording": wording}
    out.update(_body(node))
    sections = [_section_dict(s) for s in node.kids("section")]
    if sections:
        out["sections"] = sections
    return out


def _body(node: Node) -> dict[str, Any]:
    """`text` and `paragraphs` or `items` of one level, when present."""
    out: dict[str, Any] = {}
    if node.texts:
        out["text"] = "\n".join(node.texts)  # one newline = a new printed paragraph
    paragraphs = [{"id": p.id, **_title(p), **_body(p)} for p in node.kids("paragraph")]
    if paragraphs:
        out["paragraphs"] = paragraphs
    items = [{"id": i.id, **_title(i), **_body(i)} for i in node.kids("item") + node.kids("subitem")]
    if items:
        out["items"] = items
    return out


def _title(node: Node) -> dict[str, Any]:
    return {"title": node.title} if node.title is not None else {}


def _section_dict(node: Node) -> dict[str, Any]:
    """A section: id, title (when it has one), then its text and paragraphs."""
    return {"id": node.id, **_title(node), **_body(node)}
