"""Walk a Law's levels in reading order, each with its place (`Ref`) in the Laws."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from generator.index.citations import Ref
from generator.sources.model import Block, Item, Law, Paragraph, Section, SubItem


@dataclass(frozen=True)
class Place:
    """One level of a Law (the Law itself, a section, paragraph, item or sub-item)."""

    ref: Ref
    block: Block
    depth: int  # 0 law, 1 section, 2 paragraph, 3 item, 4 sub-item

    @property
    def marker(self) -> str:
        """The printed marker: `A.`, `1.`, `(a)`, `(i)`; empty for the Law itself."""
        return marker(self.block)


def marker(block: Block) -> str:
    """The printed marker of a level: `A.`, `1.`, `(a)`, `(i)`; empty for a Law."""
    if isinstance(block, (Section, Paragraph)):
        return f"{block.id}."
    if isinstance(block, (Item, SubItem)):
        return f"({block.id})"
    return ""


def places(law: Law) -> Iterator[Place]:
    """The Law and every level inside it, in the order they are printed."""
    yield Place(Ref(law.law), law, 0)
    yield from _paragraphs(law.paragraphs, Ref(law.law), 2)
    for section in law.sections:
        sref = Ref(law.law, section.id)
        yield Place(sref, section, 1)
        yield from _paragraphs(section.paragraphs, sref, 2)


def _paragraphs(paragraphs: list[Paragraph], parent: Ref, depth: int) -> Iterator[Place]:
    for par in paragraphs:
        pref = Ref(parent.law, parent.section, par.id)
        yield Place(pref, par, depth)
        for item in par.items:
            iref = Ref(pref.law, pref.section, pref.paragraph, item.id)
            yield Place(iref, item, depth + 1)
            for sub in item.items:
                yield Place(Ref(iref.law, iref.section, iref.paragraph, item.id, sub.id), sub, depth + 2)


def children(block: Block) -> list[Block]:
    """The levels directly inside `block`."""
    if isinstance(block, Law):
        return [*block.paragraphs, *block.sections]
    if isinstance(block, Section):
        return list(block.paragraphs)
    if isinstance(block, (Paragraph, Item)):
        return list(block.items)
    return []


def texts(block: Block) -> Iterator[tuple[str, str]]:
    """(key, text) for the words a level itself holds: its text, table cells, and after-text."""
    if isinstance(block, Section) and block.title:
        yield "title", block.title
    if block.text:
        yield "text", block.text
    for table in block.tables():
        if table.caption:
            yield "table", table.caption
        for cell in [*table.columns, *(c for row in table.rows for c in row)]:
            yield "table", cell
    if block.after:
        yield "after", block.after


def place_words(law: Law, ref: Ref) -> str:
    """Every word printed at a place and inside it, in reading order."""
    return " ".join(text for place in places(law) if ref in place.ref.ancestors() for _key, text in texts(place.block))
