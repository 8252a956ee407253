"""The Jinja2 environment over `site_templates/fragments`, and small shared helpers."""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from jinja2 import (
    Environment,
    FileSystemBytecodeCache,
    FileSystemLoader,
    StrictUndefined,
)

from generator.index.citations import Ref
from generator.text.escaping import front_matter, markdown_text
from generator.index.lawtree import children, marker
from generator.index.urls import CHARTS, LEGEND, SITUATIONS, chart_url, walk_url
from generator.sources.model import Block, Item, Law, Paragraph, Section, SubItem

SMALL_WORDS = {"a", "an", "and", "as", "at", "by", "for", "from", "in", "of", "on", "or", "the", "to", "with"}


def display_title(title: str) -> str:
    """`DIRECTOR’S DISCRETIONARY POWERS` → `Director’s Discretionary Powers` for headings and nav."""
    words = title.lower().split(" ")
    out = []
    for n, word in enumerate(words):
        if n and word in SMALL_WORDS:
            out.append(word)
        else:
            out.append(re.sub(r"^([^a-z]*)([a-z])", lambda m: m.group(1) + m.group(2).upper(), word))
    return " ".join(out)


def nested(block: Block) -> list[Block]:
    """Levels printed inside a block's own body; a Law's sections get headings of their own."""
    return list(block.paragraphs) if isinstance(block, Law) else children(block)


def depth(block: Block) -> int:
    return {Law: 0, Section: 1, Paragraph: 2, Item: 3, SubItem: 4}[type(block)]


@lru_cache(maxsize=4)
def environment(templates_dir: Path, compiled: Path | None = None) -> Environment:
    """One environment per template folder; autoescaping, so source text is always escaped.

    `compiled`: a folder to keep compiled templates in; compiling them is most of the work of
    remaking a few pages after an edit. Jinja checks each template's source before reusing it.
    """
    if compiled is not None:
        compiled.mkdir(parents=True, exist_ok=True)
    env = Environment(
        loader=FileSystemLoader(templates_dir / "fragments"),
        bytecode_cache=FileSystemBytecodeCache(str(compiled)) if compiled is not None else None,
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=False,
        keep_trailing_newline=True,
    )
    env.globals.update(kids=nested, marker=marker, depth=depth, child_ref=child_ref,
                       front_matter=front_matter, md=markdown_text)
    # The site's addresses, from the root: a template puts its page's way back to the root before them.
    env.globals.update(chart_url=chart_url, walk_url=walk_url, CHARTS=CHARTS, LEGEND=LEGEND, SITUATIONS=SITUATIONS)
    return env


def child_ref(parent: Ref, child: Block) -> Ref:
    """The place of `child`, one level inside `parent`."""
    if isinstance(child, Section):
        return Ref(parent.law, child.id)
    if isinstance(child, Paragraph):
        return Ref(parent.law, parent.section, child.id)
    if isinstance(child, Item):
        return Ref(parent.law, parent.section, parent.paragraph, child.id)
    assert isinstance(child, SubItem)
    return Ref(parent.law, parent.section, parent.paragraph, parent.item, child.id)
