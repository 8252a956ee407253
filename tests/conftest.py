"""Fixtures for every test; the helpers behind them live in support.py (importable by tests)."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from support import fixture_site, project, real_build, real_corpus, real_project, real_site  # noqa: E402,F401  (pytest finds fixtures here)
