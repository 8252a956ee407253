"""Write a Law as YAML in the house layout: block style, long text folded with `>-`."""
from __future__ import annotations

import io
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.scalarstring import FoldedScalarString

WIDTH = 96  # the longest line we aim for, indentation included
TEXT_KEYS = frozenset({"text", "after"})


def dump_law(law: dict[str, Any]) -> str:
    """The YAML text of one Law."""
    yaml = YAML()
    yaml.indent(mapping=2, sequence=4, offset=2)
    yaml.width = 4096  # we fold the text ourselves; never let the emitter re-wrap a title
    out = io.StringIO()
    yaml.dump(_fold(law, 0), out)
    return out.getvalue()


def _fold(value: Any, indent: int) -> Any:
    """Mark every text for `>-` with its line breaks; `indent` is the column of its keys."""
    if isinstance(value, dict):
        return {k: (folded(v, indent + 2) if k in TEXT_KEYS and isinstance(v, str)
                    else _fold(v, indent)) for k, v in value.items()}
    if isinstance(value, list):
        # A mapping inside a list sits 4 columns right of its key ("  - id: A").
        return [_fold(v, indent + 4) for v in value]
    return value


def folded(text: str, indent: int) -> FoldedScalarString:
    """`text` as a `>-` block whose lines, indented by `indent`, stay within WIDTH."""
    room = max(WIDTH - indent, 40)
    breaks: list[int] = []
    base = 0
    for printed in text.split("\n"):  # a newline is a printed paragraph: a blank line in YAML
        at, used = base, -1
        for word in printed.split(" "):
            if used >= 0 and used + 1 + len(word) > room:
                breaks.append(at - 1)  # fold at the space before this word
                used = len(word)
            else:
                used += 1 + len(word)
            at += len(word) + 1
        base += len(printed) + 1
    scalar: FoldedScalarString = FoldedScalarString(text)
    scalar.fold_pos = breaks  # type: ignore[attr-defined]  # ruamel folds `>` at these spaces
    return scalar
