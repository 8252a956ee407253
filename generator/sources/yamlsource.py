"""Read one YAML source file into plain data that remembers the line of every key.

Reading is bounded: only regular files inside the project, at most MAX_BYTES, no YAML anchors
or aliases (a few kilobytes of aliases can expand to gigabytes), at most MAX_DEPTH levels of
nesting. Each refusal is a `path:line` problem like any other.
"""
from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

import yaml

from generator.sources.errors import Problems

# Injected into every mapping so that models and checks can name the line of each key.
LINES_KEY = "__lines__"

# libyaml's C parser when present: it reads the 120 source files several times faster.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_CONSTRUCT = yaml.SafeLoader("")  # only its scalar constructors are used

MAX_BYTES = 1_000_000  # the largest source file is about 60 KB
MAX_DEPTH = 40  # a chart is nested six levels deep
# Invisible characters that reorder text on screen ("trojan source"): never in the Laws.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def read_source(path: Path, problems: Problems) -> bytes | None:
    """The bytes of a source file, if it is a regular file of the project of a sane size."""
    try:
        info = os.lstat(path)
        if stat.S_ISLNK(info.st_mode):
            target = path.resolve()
            root = problems.root.resolve() if problems.root is not None else None
            if root is not None and root != target and root not in target.parents:
                problems.add(path, 1, f"a link to {target}, outside the project: sources are files of the project")
                return None
            info = os.stat(path)
        if stat.S_ISDIR(info.st_mode):
            problems.add(path, 1, "a folder, not a file: sources are files (rename or move it)")
            return None
        if not stat.S_ISREG(info.st_mode):
            problems.add(path, 1, "not a regular file (a pipe, socket or device): sources are files")
            return None
        if info.st_size > MAX_BYTES:
            problems.add(path, 1, f"{info.st_size:,} bytes: a source file is at most {MAX_BYTES:,} bytes")
            return None
        with open(path, "rb") as f:
            raw = f.read(MAX_BYTES + 1)  # a file that grows while it is read is still bounded
    except OSError as exc:
        problems.add(path, 1, f"cannot be read: {exc.strerror or exc}")
        return None
    if len(raw) > MAX_BYTES:
        problems.add(path, 1, f"more than {MAX_BYTES:,} bytes: a source file is at most {MAX_BYTES:,} bytes")
        return None
    return raw


def read_yaml(path: Path, problems: Problems, raw: bytes | None = None) -> Any | None:
    """Parse `path` (or its bytes, already read); on failure record `path:line` problems and return None."""
    if raw is None:
        raw = read_source(path, problems)
        if raw is None:
            return None
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
        if not _well_formed(text, path, problems):
            return None
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


def _well_formed(text: str, path: Path, problems: Problems) -> bool:
    """Refuse anchors, aliases and deep nesting, from the parser's events, before anything is built."""
    depth = 0
    found = 0
    for event in yaml.parse(text, Loader=_LOADER):
        line = event.start_mark.line + 1
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
            kind = "alias (*" if isinstance(event, yaml.AliasEvent) else "anchor (&"
            problems.add(path, line, f"a YAML {kind}{event.anchor}): the sources use no anchors or aliases; write the text out")
            found += 1
            if found >= 3:
                return False  # enough to say what is wrong; an alias bomb has thousands
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                problems.add(path, line, f"nested more than {MAX_DEPTH} levels deep: the sources need a few")
                return False
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1
    return found == 0


def plain(node: yaml.Node, path: Path, problems: Problems) -> Any:
    """Turn YAML nodes into dicts/lists/scalars, recording key lines under LINES_KEY."""
    if isinstance(node, yaml.MappingNode):
        out: dict[str, Any] = {}
        lines: dict[str, int] = {"": node.start_mark.line + 1}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                problems.add(path, key_node.start_mark.line + 1, "a key must be a name, not a list or mapping")
                continue
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
    return _scalar(node, path, problems)


def _scalar(node: yaml.Node, path: Path, problems: Problems) -> Any:
    """Scalars as YAML 1.2 reads them: only true/false are booleans (not yes/no/on/off)."""
    hidden = sorted({c for c in node.value if c in BIDI_CONTROLS})
    if hidden:
        names = ", ".join(f"U+{ord(c):04X}" for c in hidden)
        problems.add(path, node.start_mark.line + 1, (
            f"holds an invisible bidirectional control character ({names}), which can make text read "
            "differently from what it says: remove it"))
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
