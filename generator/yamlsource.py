"""Read one YAML source file into plain data that remembers the line of every key."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from .errors import Problems

# Injected into every mapping so that models and checks can name the line of each key.
LINES_KEY = "__lines__"

# libyaml's C parser when present: it reads the 120 source files several times faster.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_CONSTRUCT = yaml.SafeLoader("")  # only its scalar constructors are used


def read_yaml(path: Path, problems: Problems) -> Any | None:
    """Parse `path`; on failure record a `path:line` problem and return None."""
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        problems.add(path, line, f"not UTF-8 text (byte 0x{raw[exc.start]:02x} cannot be decoded)")
        return None
    if not text.strip():
        problems.add(path, 1, "file is empty")
        return None
    try:
        node = yaml.compose(text, Loader=_LOADER)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else 1
        what = " ".join(str(s) for s in (exc.context, exc.problem) if s)
        problems.add(path, line, f"YAML syntax error: {what}")
        return None
    except yaml.YAMLError as exc:
        problems.add(path, 1, f"YAML error: {exc}")
        return None
    if node is None:
        problems.add(path, 1, "file holds no data (only comments?)")
        return None
    return plain(node, path, problems)


def plain(node: yaml.Node, path: Path, problems: Problems) -> Any:
    """Turn YAML nodes into dicts/lists/scalars, recording key lines under LINES_KEY."""
    if isinstance(node, yaml.MappingNode):
        out: dict[str, Any] = {}
        lines: dict[str, int] = {"": node.start_mark.line + 1}
        for key_node, value_node in node.value:
            key = str(key_node.value)  # a key is a name: `no:` stays "no", not False
            line = key_node.start_mark.line + 1
            if key in out:
                problems.add(path, line, f"key '{key}' appears twice in the same mapping")
            lines[key] = line
            out[key] = plain(value_node, path, problems)
        out[LINES_KEY] = lines
        return out
    if isinstance(node, yaml.SequenceNode):
        return [plain(item, path, problems) for item in node.value]
    return _scalar(node)


def _scalar(node: yaml.Node) -> Any:
    """Scalars as YAML 1.2 reads them: only true/false are booleans (not yes/no/on/off)."""
    tag = node.tag.rsplit(":", 1)[-1]
    value = node.value
    if tag == "bool" and value.lower() not in ("true", "false"):
        return value
    if tag in ("bool", "int", "float", "null"):
        return _CONSTRUCT.construct_object(node)
    return value  # strings, and timestamps kept as written


def line_at(data: Any, loc: tuple[int | str, ...]) -> int:
    """The line of the deepest key along `loc` that exists in `data`."""
    best = 1
    cur = data
    for part in loc:
        if isinstance(cur, dict):
            lines = cur.get(LINES_KEY, {})
            best = lines.get(str(part), lines.get("", best))
            if str(part) not in cur:
                break
            cur = cur[str(part)]
        elif isinstance(cur, list) and isinstance(part, int) and 0 <= part < len(cur):
            cur = cur[part]
            if isinstance(cur, dict):
                best = cur.get(LINES_KEY, {}).get("", best)
        else:
            break
    return best
