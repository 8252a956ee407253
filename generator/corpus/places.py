"""Resolving a citation written in a source, or reporting it: one resolver, one message, and a hint
naming the places that do exist where the one written does not ("27B has 1–4")."""
from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable
from pathlib import Path

from generator.corpus.corpus import Corpus
from generator.index import citations
from generator.index.citations import Ref
from generator.index.xref import Index
from generator.sources.errors import Problems


def hint(index: Index, ref: Ref) -> str:
    """Where a missing place's nearest existing ancestor is, and what it holds: " (27B has 1–4)"."""
    for parent in ref.ancestors()[1:]:
        if index.exists(parent):
            kids = sorted((r for r in index.existing if r != parent and parent in r.ancestors()
                           and len(r.ancestors()) == len(parent.ancestors()) + 1), key=Ref.reading_order)
            if not kids:
                return f" ({parent.label()} has no parts)"
            names = [k.canonical()[len(parent.canonical()):].strip("()") or k.canonical() for k in kids]
            shown = f"{names[0]}–{names[-1]}" if len(names) > 3 else ", ".join(names)
            return f" ({parent.label()} has {shown})"
    return ""


def resolve(corpus: Corpus, value: str | Ref, context: int | None, problems: Problems, path: Path, line: int,
            lead: str = "", *, index: Index | None = None, where: str = "the Laws",
            missing: Callable[[Ref], bool] | None = None) -> Ref | None:
    """The place a citation names (written `value`, or found in text), or None with its problem
    recorded at `line` after `lead`, which says where it is written ("beside: ", "Law 2A1 ").

    A place is missing when `index` (the current Laws' by default) lacks it, unless its Law's file
    failed to load (that is reported already); `missing` decides instead where the Laws checked
    are not all there (an earlier edition's), `where` names them.
    """
    ref = citations.parse_ref(value, context) if isinstance(value, str) else value
    if ref is None:
        problems.add(path, line, f"{lead}cites '{value}', which is not a citation like 12C1(b)")
        return None
    found = index or corpus.index
    if missing(ref) if missing is not None else corpus.missing(ref, found):
        problems.add(path, line, f"{lead}cites {ref.label()}, which is not in {where}{hint(found, ref)}")
        return None
    return ref


def field_lead(key: str) -> str:
    """How a problem names the field a citation is written in: a `cites:` field goes without saying."""
    return key.removesuffix("cites") if key.endswith("cites") else f"{key}: "


def check_citation(corpus: Corpus, value: str, context: int | None, problems: Problems, path: Path, line: int,
                   key: str = "cites", index: Index | None = None) -> Ref | None:
    """The place `value` names, or None with its problem recorded (at `line`, under `key`)."""
    return resolve(corpus, value, context, problems, path, line, field_lead(key), index=index)


def check_citations(corpus: Corpus, values: Iterable[str], context: int | None, problems: Problems, path: Path,
                    line: int, key: str = "cites") -> list[Ref]:
    found = [check_citation(corpus, v, context, problems, path, line, key) for v in values]
    return [r for r in found if r is not None]


def nearest(word: str, names: Iterable[str]) -> str:
    """", did you mean 'x'?" for the closest known name, or nothing."""
    found = difflib.get_close_matches(word, list(names), n=1, cutoff=0.6)
    return f" (did you mean '{found[0]}'?)" if found else ""
