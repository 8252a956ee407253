"""The built site has the modes of an ordinary build output, so that a web server running as
another user, or a copy to a host that keeps modes, can serve it."""
from __future__ import annotations

import os
import stat
from pathlib import Path

from support import BUILD_UMASK
from generator.publish.staging import new_staging, publishable


def wrong_modes(folder: Path, mask: int) -> list[str]:
    """Every folder and file under `folder` (itself included) whose mode is not what `mask` allows."""
    wrong = []
    for path in [folder, *folder.rglob("*")]:
        if path.is_symlink():
            continue  # a link has no mode of its own
        want = (0o777 if path.is_dir() else 0o666) & ~mask
        mode = stat.S_IMODE(path.stat().st_mode)
        if mode != want:
            wrong.append(f"{path.relative_to(folder).as_posix() or '.'}: {mode:04o}, not {want:04o}")
    return wrong


def test_the_built_site_has_folders_0755_and_files_0644(fixture_site: Path) -> None:
    assert BUILD_UMASK == 0o022  # the figures this test names
    assert sum(1 for p in fixture_site.rglob("*") if p.is_file()) > 50  # a whole site, not an empty folder
    assert wrong_modes(fixture_site, BUILD_UMASK) == []


def test_the_modes_follow_a_stricter_umask(tmp_path: Path) -> None:
    site = tmp_path / "site"
    before = os.umask(0o027)
    try:
        staging = new_staging(site)
        (staging / "page").mkdir()
        (staging / "page" / "index.html").write_text("<p>a page</p>", encoding="utf-8")
        os.chmod(staging / "page", 0o700)  # as a tool that makes private folders leaves them
        publishable(staging)
    finally:
        os.umask(before)
    assert stat.S_IMODE(staging.stat().st_mode) == 0o750
    assert wrong_modes(staging, 0o027) == []
