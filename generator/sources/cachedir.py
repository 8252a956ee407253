"""The one folder where builds keep what the next build can reuse (never part of the output).

A kept entry can only speed a build up, never change what it makes: each is written whole under
a name of its own and then renamed into place, carries the digest of its content, and is checked
against it when read back. A damaged entry, or a cache folder that cannot be used, is a miss:
the work is done again, and the build says so once.

Every entry is named by `work_key`: a digest of the whole package's code and of what the entry is
made from. A change to any module (a link maker in text/, a drawing rule in flowcharts/) remakes
everything kept, so no kind of kept work can outlive the code that made it.
"""
from __future__ import annotations

import functools
import hashlib
import os
import secrets
import sys
import tempfile
from pathlib import Path

_HEAD = b"sha256:"
_said: set[str] = set()
PACKAGE = Path(__file__).resolve().parent.parent


@functools.cache
def code_digest(package: Path = PACKAGE) -> str:
    """A digest of every module of the package, by name and content."""
    h = hashlib.sha256()
    for path in sorted(package.rglob("*.py")):
        h.update(path.relative_to(package).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


def work_key(kind: str, *inputs: str | bytes) -> str:
    """The name of a kept entry: the package's code, the kind of work, and what it is made from."""
    h = hashlib.sha256(f"{code_digest()}\n{kind}\n".encode())
    for part in inputs:
        data = part.encode("utf-8") if isinstance(part, str) else part
        h.update(hashlib.sha256(data).digest())
    return h.hexdigest()[:32]


def cache_dir(root: Path, kind: str) -> Path:
    """`svg`, `pages`, `handbook`, `jinja`, `models.pickle`, `checks`, `search`: each kind of kept
    work has its own entry.

    When `.cache` cannot be used (it is a file, or cannot be written), this run keeps its work in
    a folder of its own instead: nothing is reused, and the build goes on.
    """
    base = root / ".cache"
    try:
        base.mkdir(exist_ok=True)
        if not base.is_dir() or not os.access(base, os.W_OK):
            raise NotADirectoryError(base)
        return base / kind
    except OSError:
        say(f"cache: {base} cannot be used (is it a file, or read-only?); this build keeps nothing")
        return Path(tempfile.mkdtemp(prefix="bridge-laws-cache-")) / kind


def keep(path: Path, content: str | bytes) -> None:
    """Write one kept entry whole or not at all, with the digest of its content.

    The temporary name is this process's own, so two builds at once never write into one file.
    """
    data = content.encode("utf-8") if isinstance(content, str) else content
    tmp = path.with_name(f"{path.name}.{os.getpid()}-{secrets.token_hex(4)}.tmp")
    try:
        tmp.write_bytes(_HEAD + hashlib.sha256(data).hexdigest().encode() + b"\n" + data)
        tmp.replace(path)
    except OSError:
        pass  # a cache that cannot be written only costs speed
    finally:
        tmp.unlink(missing_ok=True)


def kept(path: Path) -> bytes | None:
    """A kept entry's content, or None when there is none or it does not match its digest."""
    try:
        raw = path.read_bytes()
    except OSError:
        return None
    head, _, data = raw.partition(b"\n")
    if head.startswith(_HEAD) and head[len(_HEAD):].decode("ascii", "replace") == hashlib.sha256(data).hexdigest():
        return data
    if head.startswith(_HEAD):  # an entry without its digest is from an older build: simply stale
        say(f"cache: {path.parent.name}/{path.name} was damaged; it is made again")
    path.unlink(missing_ok=True)
    return None


def kept_text(path: Path) -> str | None:
    data = kept(path)
    try:
        return None if data is None else data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def say(message: str) -> None:
    """Tell the editor once per run (a damaged cache entry, an unusable cache folder)."""
    if message not in _said:
        _said.add(message)
        print(message, file=sys.stderr)
