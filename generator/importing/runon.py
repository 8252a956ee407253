"""The 1997 layout: every level's title runs straight into its text, and levels run on in one line.

`A. Face-down Opening Lead After a bid, double …` is section A titled "Face-down Opening Lead";
`(a) Calling the Director Unless attention … (b) Calling Attention …` is two items on one line.
The titles were set in bold, which the text lost: they are told from the text by their capitals.
"""
from __future__ import annotations

import re

# Words a title leaves in lower case ("Play of Card from a Hand", "Designates Suit but Not Rank").
TITLE_SMALL_WORDS = frozenset({
    "a", "an", "and", "as", "at", "by", "for", "from", "in", "into", "of", "on", "or", "the", "to",
    "with", "not", "but", "about", "upon", "under", "than", "over", "before", "after"})
# Words that join a title's last word to a text beginning in lower case ("… Subsequent Trick if …").
CONNECTIVES = frozenset({"if", "when", "and", "to", "unless", "or", "that", "but"})
# Capitalised words that begin the text after a title rather than end the title
# ("Keep Track of Tricks He may …", "Current Trick So long as …").
SENTENCE_STARTS = frozenset({
    "a", "an", "the", "he", "his", "if", "when", "unless", "after", "before", "each", "any", "every",
    "dummy", "declarer", "failure", "in", "to", "once", "so", "until", "thereafter", "following",
    "except", "no", "either", "both", "regardless", "next", "on", "within", "this", "such", "there"})
# The Code's own division above the Laws: "Chapter VI", "PART II", "SECTION ONE CORRECT PROCEDURE".
CODE_HEADING_RE = re.compile(r"^(?:Chapter\s+[IVXLC]+|PART\s+[IVXLC]+|SECTION\s+[A-Z]+)\b(?P<rest>.*)$")


def _bare(word: str) -> str:
    return word.strip("()[],.;:?!“”\"‘’'")


def _capitalised(word: str) -> bool:
    bare = _bare(word)
    return bare[:1].isupper()


def _plain_lower(word: str) -> bool:
    """A lower-case word that a title would capitalise: where the text has certainly begun."""
    bare = _bare(word)
    return bare[:1].islower() and bare.lower() not in TITLE_SMALL_WORDS


def split_title(text: str) -> tuple[str | None, str]:
    """(title, text) of a level whose title runs into its text; (None, text) when it has none."""
    words = text.split(" ")
    first_lower = next((k for k, w in enumerate(words) if _plain_lower(w)), None)
    if first_lower is None:
        return (text.strip() or None), ""  # all capitals: a title with no text of its own
    caps = [k for k in range(first_lower) if _capitalised(words[k])]
    if not caps:
        return None, text  # the text begins at once, in lower case ("when the offender …")
    last = caps[-1]
    candidate = _bare(words[last]).lower()
    earlier = {_bare(w).lower() for w in words[:last]}
    joined = _bare(words[last + 1]).lower() in CONNECTIVES if last + 1 < len(words) else False
    if _sentence_start(words, last) < last:
        cut = _sentence_start(words, last)  # "… Statement The Director requires …"
    elif candidate in SENTENCE_STARTS or (candidate in earlier and not joined):
        # "Give Information Dummy is entitled …": the text's first word is capitalised.
        cut = last
    else:
        # "Warns Declarer on Lead warns declarer …": the text begins in lower case after the title.
        cut = last + 1
    title = " ".join(words[:cut]).strip()
    return (title or None), " ".join(words[cut:]).strip()


def _sentence_start(words: list[str], cut: int) -> int:
    """Move the cut back over "The" ("… Statement The Director requires …") or "Next, the"."""
    if cut >= 1:
        before = _bare(words[cut - 1])
        if before in ("The", "A", "An"):
            return cut - 1
        if before in ("the", "a") and cut >= 2 and words[cut - 2].endswith(",") \
                and _bare(words[cut - 2]).lower() in SENTENCE_STARTS:
            return cut - 2
    return cut


def run_on_at(text: str, *, section: str | None, paragraph: int | None, item: str | None,
              subitem: str | None) -> int | None:
    """Where the next level starts inside `text` (its marker's offset), or None.

    Only the marker that may come next at each level is looked for, and only before a capital:
    "under (a) preceding" and "Law 45C4(b)" are citations, not run-on levels.
    """
    found: list[int] = []
    if section is not None:
        m = re.search(rf"(?<=[.):;] ){section}\.\s+(?=[A-Z“\"])", text)
        if m:
            found.append(m.start())
    if paragraph is not None:
        m = re.search(rf"(?<=\s){paragraph}\.\s+(?=[A-Z“\"])", text)
        if m:
            found.append(m.start())
    for token in (item, subitem):
        if token is not None:
            m = re.search(rf"(?<=\s)\({token}\)\s+(?=[A-Z“\"])", text)
            if m:
                found.append(m.start())
    return min(found) if found else None
