"""The search's words: how a text is cut into terms and each term reduced to its stem.

The browser reduces what is typed with the same rules (`docs/javascripts/search-logic.js`,
`terms` and `stem`); `tests/test_search_index.py` runs both on the same words and compares them,
so that a term indexed here is the term a query looks up.
"""
from __future__ import annotations

import re
import unicodedata

_SPLIT = re.compile(r"[^a-z0-9]+")
_UNDOUBLE = re.compile(r"([bdgmnprt])\1$")  # stopp → stop, bidd → bid (not call → cal)


def terms(text: str) -> list[str]:
    """A text's words, lower-case, accents and apostrophes dropped (dummy's → dummys, don't → dont)."""
    flat = unicodedata.normalize("NFKD", text.casefold())
    flat = "".join(ch for ch in flat if not unicodedata.combining(ch))
    flat = flat.replace("’", "").replace("'", "").replace("‘", "")
    return [w for w in _SPLIT.split(flat) if w]


def stem(word: str) -> str:
    """A light English stemmer, the same in the browser: plurals, -ed, -ing and a final e go, so
    that revoke, revokes, revoked and revoking are one term."""
    w = word
    if len(w) <= 3 or w.isdigit():
        return w
    if w.endswith("ies") and len(w) > 4:
        w = w[:-3] + "y"
    elif w.endswith("sses"):
        w = w[:-2]
    elif w.endswith(("ches", "shes", "xes", "zes")) and len(w) > 4:
        w = w[:-2]
    elif w.endswith("s") and not w.endswith(("ss", "us", "is")) and len(w) > 3:
        w = w[:-1]
    if w.endswith("ied") and len(w) > 4:
        w = w[:-3] + "y"
    elif w.endswith("ed") and len(w) > 4:
        w = _UNDOUBLE.sub(r"\1", w[:-2])
    elif w.endswith("ing") and len(w) > 5:
        w = _UNDOUBLE.sub(r"\1", w[:-3])
    if w.endswith("e") and not w.endswith("ee") and len(w) > 3:
        w = w[:-1]
    return w


def stems(text: str) -> list[str]:
    return [stem(w) for w in terms(text)]
