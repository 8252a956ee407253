"""The one place where text from the sources is made safe for each place it is written to.

Source text is data, never markup. Each target has its own rule:

- HTML: Jinja's autoescape, and `Renderer.text` (escaped, then citations linked);
- Markdown headings: HTML-escaped, then every character Markdown or attr_list would act on
  backslash-escaped, so a title cannot become a link, an image or an attribute;
- YAML front matter: written by a dumper (JSON is YAML), so no quote, backslash or line break
  in a title can end a value or the block;
- MkDocs navigation titles: HTML-escaped (the theme prints them as they are);
- JSON in a page: `embed.script_json`; DOT labels: `graphviz.escape`; SVG titles: `html.escape`.
"""
from __future__ import annotations

import html
import json
import re
from typing import Any

from markupsafe import Markup, escape

# The characters Python-Markdown lets a backslash escape (with `|` from the tables extension);
# `{` covers attr_list. Only these: a backslash before any other character would be printed.
_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|])")
# The build's own tags, and character references: passed as they are.
_TAG = re.compile(r"(<[^>]*>|&#?\w+;)")


def markdown_text(value: str | Markup) -> Markup:
    """Text for a Markdown line (a heading): plain text, or HTML made by the build, with nothing
    left in its words that Markdown would read as syntax."""
    source = value if isinstance(value, Markup) else escape(value)
    parts = _TAG.split(str(source))
    # Odd parts are the build's own tags (links it made) and entities: they pass; words are escaped.
    out = [part if n % 2 else _MARKDOWN_SPECIAL.sub(r"\\\1", part) for n, part in enumerate(parts)]
    return Markup("".join(out))


def front_matter(fields: dict[str, Any]) -> Markup:
    """A page's YAML front matter block, every value written by a dumper.

    Text values are HTML-escaped first: the theme prints a page's title and description as
    HTML (in the header, the navigation, the description attribute).
    """
    lines = ["---"]
    for key, value in fields.items():
        lines.append(f"{key}: {json.dumps(_escaped(value), ensure_ascii=False, sort_keys=True)}")
    lines.append("---")
    return Markup("\n".join(lines))


def _escaped(value: Any) -> Any:
    if isinstance(value, str):
        return html.escape(" ".join(value.split()), quote=True)
    if isinstance(value, list):
        return [_escaped(v) for v in value]
    if isinstance(value, dict):
        return {k: _escaped(v) for k, v in value.items()}
    return value


def nav_title(text: str) -> str:
    """A title for MkDocs' navigation, which the theme prints without escaping."""
    return html.escape(text, quote=False)
