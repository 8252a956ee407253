"""The one citation parser: finds `Law 12C1(b)`, `Laws 50, 51`, `see C following` … in text."""
from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Ref:
    """A place in the Laws: law 12, section C, paragraph 1, item (b), sub-item (ii)."""

    law: int
    section: str | None = None
    paragraph: int | None = None
    item: str | None = None
    subitem: str | None = None

    def canonical(self) -> str:
        """The form the Laws print, without 'Law': `12C1(b)(ii)`."""
        out = str(self.law) + (self.section or "")
        if self.paragraph is not None:
            out += ("-" if self.section is None else "") + str(self.paragraph)
        if self.item:
            out += f"({self.item})"
        if self.subitem:
            out += f"({self.subitem})"
        return out

    def anchor(self) -> str:
        """The HTML id of this place on its Law's page: `12C1b-ii`."""
        out = str(self.law) + (self.section or "")
        if self.paragraph is not None:
            out += ("-" if self.section is None else "") + str(self.paragraph)
        if self.item:
            out += self.item
        if self.subitem:
            out += "-" + self.subitem
        return out

    def label(self) -> str:
        return f"Law {self.canonical()}"

    def reading_order(self) -> tuple[int, str, int, str, str]:
        """A sort key in the order the Laws print places (a Law before its sections, A before A1);
        the dataclass order cannot compare a missing level with a present one."""
        return (self.law, self.section or "", self.paragraph or 0, self.item or "", self.subitem or "")

    def ancestors(self) -> list[Ref]:
        """This place and every enclosing one, innermost first."""
        parts = [self.law, self.section, self.paragraph, self.item, self.subitem]
        depth = sum(p is not None for p in parts)
        out = []
        for d in range(depth, 0, -1):
            kept = parts[:d] + [None] * (5 - d)
            out.append(Ref(*kept))  # type: ignore[arg-type]
        return out


@dataclass(frozen=True)
class Mention:
    """A span of text that cites one or more places (a range cites several)."""

    start: int
    end: int
    refs: tuple[Ref, ...]

    @property
    def ref(self) -> Ref:
        return self.refs[0]


# A place written after "Law": 12, 12C, 12C1, 12C1(b), 12C1(e)(ii), 30B1(b)(i).
_ABS = r"(?P<law>\d{1,2})(?:(?P<sec>[A-H])(?:(?P<par>\d{1,2})(?:\((?P<item>[a-z])\))?(?:\((?P<sub>[ivx]+)\))?)?)?(?![\w(])"
# A place in the same Law: C, C2, C1(d).
_REL = r"(?P<sec>[A-H])(?:(?P<par>\d{1,2})(?:\((?P<item>[a-z])\))?(?:\((?P<sub>[ivx]+)\))?)?(?![\w(])"
_SEP = r"(?:\s*,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+|\s*[-–]\s*)"

ABS_RE = re.compile(_ABS)
REL_RE = re.compile(_REL)
LAW_WORD_RE = re.compile(r"\b[Ll](?:aw|AW)(?P<plural>s|S)?\s+(?=\d)")
SEP_RE = re.compile(_SEP)
# `see C following`, `(see C2 below)`, `from A and B above`
REL_LIST_RE = re.compile(
    r"\b(?P<list>[A-H](?:\d{1,2})?(?:\([a-z]\))?(?:\([ivx]+\))?"
    r"(?:(?:\s*,\s*|\s+and\s+|\s+or\s+)[A-H](?:\d{1,2})?(?:\([a-z]\))?(?:\([ivx]+\))?)*)"
    r"\s+(?:following|below|above|preceding)\b"
)
# `violates C1`, `as per B1 or D2`, `[see also C1(d)]`: a place in the same Law written bare. It
# needs its paragraph number (a lone letter is too often a word); a suit symbol before it makes it
# a holding (`♠A2`), not a place.
LONE_RE = re.compile(r"(?P<sec>[A-H])(?=\s*[,;:)\]])")
BARE_RE = re.compile(r"(?<![\w(♠♥♦♣])(?P<one>[A-H]\d{1,2}(?:\([a-z]\))?(?:\([ivx]+\))?)(?![\w(])")


def _ref(m: re.Match[str], law: int | None = None) -> Ref:
    groups = m.groupdict()
    return Ref(
        law=int(groups["law"]) if law is None else law,
        section=groups.get("sec"),
        paragraph=int(groups["par"]) if groups.get("par") else None,
        item=groups.get("item"),
        subitem=groups.get("sub"),
    )


def find(text: str, context_law: int | None = None) -> list[Mention]:
    """Every citation in `text`; places without a Law number belong to `context_law`."""
    found: list[Mention] = []
    for word in LAW_WORD_RE.finditer(text):
        found.extend(_absolute_list(text, word.start(), word.end()))
    if context_law is not None:
        taken = [(m.start, m.end) for m in found]
        for rel in _relative(text, context_law):
            if not any(s <= rel.start < e for s, e in taken):
                found.append(rel)
    return sorted(found, key=lambda m: m.start)


def _absolute_list(text: str, word_start: int, pos: int) -> list[Mention]:
    """`Law 12C1(b)` or `Laws 27B1(b), 30B1(b)(i) and 32A2(a)` or `Laws 10-12`."""
    out: list[Mention] = []
    m = ABS_RE.match(text, pos)
    if m is None:
        return out
    out.append(Mention(word_start, m.end(), (_ref(m),)))
    pos = m.end()
    while True:
        sep = SEP_RE.match(text, pos)
        if sep is None:
            break
        nxt = ABS_RE.match(text, sep.end())
        if nxt is None:
            # `Laws 27B3, B4`, `Law 14B2-B4`, `Law 47C, D, F1:`: a bare place after a place goes
            # on in the same Law (a lone letter only where punctuation shows it is not a word).
            rel = (BARE_RE.match(text, sep.end()) and REL_RE.match(text, sep.end())) or LONE_RE.match(text, sep.end())
            if rel is None:
                break
            out.append(Mention(rel.start(), rel.end(), (_ref(rel, out[-1].refs[-1].law),)))
            pos = rel.end()
            continue
        ref = _ref(nxt)
        if sep.group().strip() in {"-", "–"}:
            first = out[-1].refs[0]
            if first.section or ref.section or not first.law < ref.law <= 93:
                break
            span = tuple(Ref(n) for n in range(first.law, ref.law + 1))
            out[-1] = Mention(out[-1].start, nxt.end(), span)
        else:
            out.append(Mention(nxt.start(), nxt.end(), (ref,)))
        pos = nxt.end()
    return out


def _relative(text: str, law: int) -> list[Mention]:
    out: list[Mention] = []
    for lst in REL_LIST_RE.finditer(text):
        for rel in REL_RE.finditer(text, lst.start("list"), lst.end("list")):
            out.append(Mention(rel.start(), rel.end(), (_ref(rel, law),)))
    for bare in BARE_RE.finditer(text):
        rel = REL_RE.match(text, bare.start("one"))
        if rel is not None and not any(m.start == rel.start() for m in out):
            out.append(Mention(rel.start(), rel.end(), (_ref(rel, law),)))
    return out


def parse_ref(value: str, context_law: int | None = None) -> Ref | None:
    """One place written on its own, as in `cites:` and `beside:` (`12C1(b)`, `Law 67`, `C2`)."""
    value = value.strip()
    value = re.sub(r"^[Ll]aws?\s+", "", value)
    m = ABS_RE.fullmatch(value)
    if m is not None:
        return _ref(m)
    if context_law is not None:
        m = REL_RE.fullmatch(value)
        if m is not None:
            return _ref(m, context_law)
    return None


# "Law" and a number, and whatever letters, digits and brackets run straight on from it.
_LOOKS_LIKE = re.compile(r"\b[Ll](?:aw|AW)[sS]?\s+(\d{1,3}[A-Za-z0-9()]*)")


def malformed(text: str, context_law: int | None) -> list[str]:
    """Places written after "Law" that the parser cannot read (`Law 12Z`, `Law 12c1`): a typing slip."""
    out = []
    for m in _LOOKS_LIKE.finditer(text):
        found = find(m.group(0), context_law)
        token = m.group(0)
        if not found or found[0].end < len(token.rstrip(".)")):
            while token.endswith(")") and token.count("(") < token.count(")"):
                token = token[:-1]  # the bracket the citation stood in
            out.append(token)
    return out
