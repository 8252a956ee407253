"""Building into a fresh folder beside site/ and swapping it in only when the build succeeded.

The folder has the modes of an ordinary build output (folders 0755 and files 0644, as the user's
umask allows), so that a web server running as another user, or a copy to a host that keeps
modes, can serve it. A folder that cannot be removed is reported, never left behind in silence.
"""
from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

PREFIX = ".site-"


class StagingError(Exception):
    """The staging folders or the old site could not be handled; the message says what to do."""


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def new_staging(site: Path) -> Path:
    """A fresh folder beside `site` to build into; staging folders of builds that died are removed."""
    clean_stale_staging(site.parent)
    path = Path(tempfile.mkdtemp(prefix=f"{PREFIX}{os.getpid()}-", dir=site.parent))
    path.chmod(0o777 & ~_umask())  # mkdtemp makes it private (0700): a site is for others to read
    return path


def publishable(folder: Path) -> None:
    """Give every folder and file under `folder` the modes an ordinary build output has."""
    mask = _umask()
    for dirpath, dirnames, filenames in os.walk(folder):
        os.chmod(dirpath, 0o777 & ~mask)
        for name in filenames:
            path = os.path.join(dirpath, name)
            if not os.path.islink(path):
                os.chmod(path, 0o666 & ~mask)


def swap_in(staging: Path, site: Path) -> None:
    """Replace `site` by the finished `staging` folder, keeping the old one until the new is in place."""
    publishable(staging)
    if not site.exists():
        staging.rename(site)
        return
    old = site.with_name(f"{PREFIX}{os.getpid()}-old")
    _remove(old)
    try:
        site.rename(old)
    except OSError as exc:
        raise StagingError(f"{site} could not be replaced ({exc.strerror or exc}): the new site is left in "
                           f"{staging}; move it there by hand, or fix the folder's permissions") from None
    staging.rename(site)
    try:
        _remove(old)
    except StagingError as exc:
        # The new site is in place: say what was left behind, and how to clear it.
        print(f"warning: {exc}")


def clean_stale_staging(folder: Path) -> None:
    """Remove the staging folders left by builds that were killed (their process is gone)."""
    for path in folder.glob(f"{PREFIX}*"):
        pid = path.name[len(PREFIX):].split("-", 1)[0]
        if path.is_dir() and (not pid.isdigit() or not _alive(int(pid))):
            try:
                _remove(path)
            except StagingError as exc:
                print(f"warning: {exc}")


def _remove(path: Path) -> None:
    if not path.exists() and not path.is_symlink():
        return
    problems: list[str] = []

    def note(_func: object, where: str, exc: BaseException) -> None:
        problems.append(f"{where}: {getattr(exc, 'strerror', None) or exc}")

    shutil.rmtree(path, onexc=note) if _has_onexc() else shutil.rmtree(path, onerror=lambda f, p, e: note(f, p, e[1]))
    if path.exists():
        first = problems[0] if problems else "it is still there"
        raise StagingError(f"the old build folder {path} could not be removed ({first}); remove it by hand "
                           "(it may belong to another user)")


def _has_onexc() -> bool:
    import sys

    return sys.version_info >= (3, 12)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # it exists, but is not ours to signal
    return True
