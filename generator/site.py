"""Build the site with MkDocs into a fresh folder, and only then replace site/."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from .loading import load_corpus


HANDBOOK = "handbook.pdf"  # where the site offers the printable handbook
HANDBOOK_ENV = "BRIDGE_LAWS_HANDBOOK"  # tells the MkDocs adapter that the build writes one


class BuildFailed(Exception):
    """MkDocs stopped (a warning under --strict, or an error); site/ was left as it was."""


def build_site(root: Path, *, strict: bool = True, handbook: bool = True) -> Path:
    """Validate, build into a temporary folder beside site/ (the handbook too), then swap it in."""
    load_corpus(root, cached=True)  # raises SourceErrors before anything is written
    site = root / "site"
    staging = Path(tempfile.mkdtemp(prefix=".site-", dir=root))
    try:
        # Not --quiet: MkDocs counts warnings for --strict only when it logs them.
        cmd = [sys.executable, "-m", "mkdocs", "build", "-f", str(root / "mkdocs.yml"), "-d", str(staging)]
        if strict:
            cmd.append("--strict")
        env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
        if handbook:
            env[HANDBOOK_ENV] = HANDBOOK  # the pages then offer the PDF this build writes
        done = subprocess.run(cmd, cwd=root, env=env, capture_output=True, text=True)
        for line in done.stderr.splitlines():
            if not line.startswith("INFO"):
                print(line, file=sys.stderr)  # warnings and errors; the INFO chatter is not news
        if done.returncode != 0:
            raise BuildFailed(f"mkdocs build failed (exit {done.returncode}); {site} is unchanged")
        if handbook:
            from .handbook import make_handbook  # WeasyPrint is slow to import: only when asked

            built = make_handbook(root, staging / HANDBOOK, paper="A4")
            for warning in built.warnings:
                print(f"handbook: {warning}", file=sys.stderr)
            print(f"handbook: {built.pages} pages in {built.seconds:.1f} s")
        if site.exists():
            old = site.with_name(".site-old")
            shutil.rmtree(old, ignore_errors=True)
            site.rename(old)
            staging.rename(site)
            shutil.rmtree(old, ignore_errors=True)
        else:
            staging.rename(site)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return site
