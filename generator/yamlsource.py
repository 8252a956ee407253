"""Read one YAML source file into plain data that remembers the line of every key."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import MarkedYAMLError, YAMLError

from .errors import Problems

# Injected into every mapping so that models and checks can name the line of each key.
LINES_KEY = "__lines__"


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
    yaml = YAML(typ="rt")
    try:
        data = yaml.load(text)
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else 1
        what = " ".join(str(s) for s in (exc.context, exc.problem) if s)
        problems.add(path, line, f"YAML syntax error: {what}")
        return None
    except YAMLError as exc:
        problems.add(path, 1, f"YAML error: {exc}")
        return None
    if data is None:
        problems.add(path, 1, "file holds no data (only comments?)")
        return None
    return plain(data, 1)


def plain(node: Any, line: int) -> Any:
    """Turn ruamel's round-trip nodes into dicts/lists, recording key lines under LINES_KEY."""
    if isinstance(node, CommentedMap):
        out: dict[str, Any] = {}
        lines: dict[str, int] = {"": node.lc.line + 1}
        for key, value in node.items():
            key_line = node.lc.key(key)[0] + 1
            skey = str(key)
            lines[skey] = key_line
            out[skey] = plain(value, key_line)
        out[LINES_KEY] = lines
        return out
    if isinstance(node, CommentedSeq):
        return [plain(v, node.lc.item(i)[0] + 1) for i, v in enumerate(node)]
    if isinstance(node, str):
        return str(node)  # ruamel's scalar string subclasses carry formatting we do not want
    return node


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
