"""Matching the paragraphs of two editions of a Law by their words, not by their numbers.

A Law's *units* are the places that hold its rules: each numbered paragraph (with its items),
each section without paragraphs, and the text a Law or section prints before its paragraphs. Two
editions' units are matched by how alike their words are, so that renumbered and moved
paragraphs are found; a unit whose words went into two of the other edition's is split (or two
merged); what is left is new or removed. `laws/<year>/alignment.yaml` corrects the match where
the words mislead.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from enum import StrEnum

from generator.index import citations
from generator.index.citations import Ref
from generator.index.lawtree import texts
from generator.sources.model import Alignment, Block, Law, Paragraph
from generator.editions.worddiff import word_diff, without_markers

MATCH = 0.45  # word-sequence likeness from which two units are the same provision
SAME_PLACE = 0.2  # the same, lower, likeness of two provisions at the same place
PART_OF = 0.6
WHOLE = 0.9  # from this likeness a match holds all of both provisions: neither was split nor merged  # share of a unit's words found in another from which it was split from (or merged into) it
_QUOTES = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "–": "-", "\u2011": "-"})
_WORD = re.compile(r"[\w'’-]+")


@dataclass(frozen=True)
class Unit:
    """One provision of one edition of a Law: its place, its title, and every word it prints."""

    ref: Ref
    title: str | None
    text: str  # its words in reading order (items and after-text included)
    position: int  # its order in the Law

    @property
    def words(self) -> list[str]:
        return comparable_words(self.text)


def comparable_words(text: str) -> list[str]:
    """The words of a text as compared: lower case, one kind of quote and dash, no footnote marks."""
    return _WORD.findall(without_markers(text).translate(_QUOTES).casefold())


def units(law: Law) -> list[Unit]:
    """The provisions of a Law, in reading order."""
    found: list[Unit] = []

    def add(ref: Ref, block: Block, title: str | None, words: str) -> None:
        if words.strip():
            found.append(Unit(ref, title, words, len(found)))

    add(Ref(law.law), law, None, _own_words(law))
    for par in law.paragraphs:
        add(Ref(law.law, None, par.id), par, par.title, _all_words(par))
    for section in law.sections:
        sref = Ref(law.law, section.id)
        if section.paragraphs:
            add(sref, section, section.title, _own_words(section))
            for par in section.paragraphs:
                add(Ref(law.law, section.id, par.id), par, par.title, _all_words(par))
        else:
            add(sref, section, section.title, _own_words(section))
    return found


def _own_words(block: Block, *, leave: tuple[str, ...] = ("title",)) -> str:
    """The words a level itself prints (not its title, nor what `leave` names)."""
    return " ".join(text for key, text in texts(block) if key not in leave)


def _all_words(par: Paragraph) -> str:
    parts = [_own_words(par, leave=("title", "after"))]
    # Items keep their markers, so that the comparison reads as the Law prints them.
    for item in par.items:
        parts.append(f"({item.id}) {_own_words(item)}")
        parts.extend(f"({sub.id}) {_own_words(sub)}" for sub in item.items)
    if par.after:
        parts.append(par.after)
    return " ".join(p for p in parts if p)


class Change(StrEnum):
    """What became of a provision between two editions."""

    UNCHANGED = "unchanged"
    AMENDED = "amended"
    NEW = "new"
    REMOVED = "removed"


@dataclass
class Row:
    """One line of the comparison: a current provision and what it was, or a removed one."""

    old: list[Unit]
    new: Unit | None
    change: Change
    overridden: str | None = None  # the reason given in alignment.yaml, where it decided

    @property
    def moved(self) -> bool:
        """Renumbered or moved: its place differs from the place (or places) it had."""
        if self.new is None or not self.old:
            return False
        return len(self.old) > 1 or self.old[0].ref != self.new.ref

    @property
    def merged(self) -> bool:
        return len(self.old) > 1


@dataclass
class LawAlignment:
    """The match of one Law's two editions."""

    law: int
    rows: list[Row] = field(default_factory=list)  # current order, each removed unit after its neighbour
    split: dict[Ref, list[Ref]] = field(default_factory=dict)  # an old place whose words went to several

    def counts(self) -> Counter[str]:
        tally: Counter[str] = Counter(row.change.value for row in self.rows)
        tally["moved"] = sum(row.moved for row in self.rows)
        return tally

    def changed_share(self) -> float:
        """How much changed: the share of both editions' words not kept in place (0 to 1)."""
        olds = {u.ref: u for row in self.rows for u in row.old}  # a split provision counts once
        total = sum(len(u.words) for u in olds.values())
        kept = 0
        for row in self.rows:
            if row.new is None:
                continue
            total += len(row.new.words)
            if row.old:
                old = " ".join(u.text for u in row.old)
                kept += 2 * sum(len(comparable_words(s.text)) for s in word_diff(old, row.new.text) if s.op == "equal")
        return max(0.0, 1 - kept / total) if total else 0.0


def likeness(a: list[str], b: list[str]) -> float:
    """How alike two word sequences are (0 to 1), in order."""
    return SequenceMatcher(None, a, b, autojunk=False).ratio() if a and b else 0.0


def share_in(part: list[str], whole: list[str]) -> float:
    """The share of `part`'s words that `whole` also prints, in runs of three words or more (a
    sentence carried over, not the same small words scattered about)."""
    if not part or not whole:
        return 0.0
    blocks = SequenceMatcher(None, part, whole, autojunk=False).get_matching_blocks()
    return sum(b.size for b in blocks if b.size >= 3) / len(part)


def unit_likeness(old: Unit, new: Unit) -> float:
    """How alike two provisions are: their words, and their titles where both editions print one
    (Law 44G's title is the same in 1997 and 2017, its sentence rewritten)."""
    words = likeness(old.words, new.words)
    if old.title and new.title:
        return 0.6 * words + 0.4 * likeness(comparable_words(old.title), comparable_words(new.title))
    return words


def align_law(old_law: Law | None, new_law: Law | None, overrides: Alignment | None = None) -> LawAlignment:
    """Match the provisions of a Law's earlier and current wording."""
    number = (new_law or old_law).law  # type: ignore[union-attr]
    olds = units(old_law) if old_law is not None else []
    news = units(new_law) if new_law is not None else []
    old_by = {u.ref: u for u in olds}
    new_by = {u.ref: u for u in news}
    links: dict[Ref, list[Ref]] = {u.ref: [] for u in news}  # new place -> old places
    reasons: dict[Ref, str] = {}
    fixed_old: set[Ref] = set()
    fixed_new: set[Ref] = set()
    for override in overrides.overrides if overrides is not None else []:
        old_refs = [r for r in (_place(v, number) for v in override.old) if r is not None and r.law == number]
        new_refs = [r for r in (_place(v, number) for v in override.new) if r is not None and r.law == number]
        old_refs = [_unit_of(r, old_by) for r in old_refs]
        new_refs = [_unit_of(r, new_by) for r in new_refs]
        fixed_old.update(r for r in old_refs if r is not None)
        fixed_new.update(r for r in new_refs if r is not None)
        for n in new_refs:
            if n is not None:
                links[n] = [o for o in old_refs if o is not None]
                reasons[n] = override.reason
        for o in old_refs:
            if o is not None and not new_refs:
                reasons[o] = override.reason
    words = {("old", u.ref): u.words for u in olds} | {("new", u.ref): u.words for u in news}
    free_old = [u for u in olds if u.ref not in fixed_old]
    free_new = [u for u in news if u.ref not in fixed_new]
    pairs = sorted(((unit_likeness(o, n), -abs(o.position - n.position), o.ref, n.ref)
                    for o in free_old for n in free_new), key=lambda p: (p[0], p[1]), reverse=True)
    taken_old: set[Ref] = set()
    whole: set[Ref] = set()  # old and new places matched word for word, or nearly: nothing of them is left to split
    for score, _distance, o, n in pairs:
        if score < MATCH:
            break
        if o in taken_old or links[n]:
            continue
        links[n] = [o]
        taken_old.add(o)
        if score >= WHOLE:
            whole.update((o, n))
    # A provision left at the same place, rewritten (Law 62D2): alike enough to be the same one.
    for score, _distance, o, n in pairs:
        if o == n and score >= SAME_PLACE and o not in taken_old and not links[n]:
            links[n] = [o]
            taken_old.add(o)
    # What is left may be part of a provision already matched: split from it, or merged into it.
    for n in free_new:
        if links[n.ref]:
            continue
        # An override is the last word on the places it names: nothing more is split from them.
        best = max((o for o in olds if o.ref not in whole and o.ref not in fixed_old),
                   key=lambda o: share_in(words["new", n.ref], words["old", o.ref]), default=None)
        if best is not None and len(words["new", n.ref]) >= 4 \
                and share_in(words["new", n.ref], words["old", best.ref]) >= PART_OF:
            links[n.ref] = [best.ref]
            taken_old.add(best.ref)
    for o in free_old:
        if o.ref in taken_old:
            continue
        best_new = max((n for n in news if n.ref not in whole and n.ref not in fixed_new),
                       key=lambda n: share_in(words["old", o.ref], words["new", n.ref]), default=None)
        if best_new is not None and len(words["old", o.ref]) >= 4 and links[best_new.ref] \
                and share_in(words["old", o.ref], words["new", best_new.ref]) >= PART_OF:
            links[best_new.ref].append(o.ref)
            taken_old.add(o.ref)
    return _rows(number, olds, news, links, reasons)


def _rows(number: int, olds: list[Unit], news: list[Unit], links: dict[Ref, list[Ref]],
          reasons: dict[Ref, str]) -> LawAlignment:
    old_by = {u.ref: u for u in olds}
    result = LawAlignment(number)
    used: Counter[Ref] = Counter(o for n in links.values() for o in n)
    for o, count in used.items():
        if count > 1:
            result.split[o] = [n for n, got in links.items() if o in got]
    matched = set(used)
    removed = [u for u in olds if u.ref not in matched]
    for n in news:
        old = sorted((old_by[r] for r in links[n.ref]), key=lambda u: u.position)
        if not old:
            change = Change.NEW
        elif len(old) == 1 and old[0].ref not in result.split and old[0].words == n.words:
            change = Change.UNCHANGED
        else:
            change = Change.AMENDED
        result.rows.append(Row(old, n, change, reasons.get(n.ref)))
    # A removed provision stands after the row of the old provision printed just before it.
    for gone in removed:
        at = 0
        for i, row in enumerate(result.rows):
            if any(u.position < gone.position for u in row.old):
                at = i + 1
        result.rows.insert(at, Row([gone], None, Change.REMOVED, reasons.get(gone.ref)))
    return result


def _place(value: str, law: int) -> Ref | None:
    return citations.parse_ref(value, law)


def _unit_of(ref: Ref, by: dict[Ref, Unit]) -> Ref | None:
    """The unit holding a place (an item's paragraph), or None when no unit does."""
    for outer in ref.ancestors():
        if outer in by:
            return outer
    return None


def align_editions(old: dict[int, Law], new: dict[int, Law], overrides: Alignment | None = None,
                   laws: list[int] | None = None) -> dict[int, LawAlignment]:
    """Every Law of the earlier edition matched with the current one (or the Laws listed)."""
    numbers = sorted(laws if laws is not None else old)
    return {n: align_law(old.get(n), new.get(n), overrides) for n in numbers}


def edition_anchor(year: int, ref: Ref) -> str:
    """The id of a place that has no counterpart in the current text, on an edition's pages."""
    return f"y{year}-{ref.anchor()}"


def old_anchors(year: int, alignment: LawAlignment) -> dict[Ref, str]:
    """The anchor of each earlier provision: the current place it became (so that a permalink
    leads to the same provision in every edition), else one of its own edition."""
    out: dict[Ref, str] = {}
    for row in alignment.rows:
        for n, unit in enumerate(row.old):
            if row.new is not None and n == 0 and unit.ref not in out and unit.ref not in alignment.split:
                out[unit.ref] = row.new.ref.anchor()
            elif row.new is not None and unit.ref in alignment.split and alignment.split[unit.ref][0] == row.new.ref:
                out[unit.ref] = row.new.ref.anchor()
            else:
                out.setdefault(unit.ref, edition_anchor(year, unit.ref))
    return out
