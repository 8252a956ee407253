"""What `mkdocs build` and `mkdocs serve` load (mkdocs.yml, `hooks:`): the generator's adapter.

MkDocs loads this file by path and calls its `on_*` functions; each is the method of one
`SiteAdapter`, which holds the build's state. `python -m generator build` does not use this file:
it hands MkDocs an adapter of its own, holding the corpus it has read and the PDFs it has made.
"""
from __future__ import annotations

from generator.publish.adapter import SiteAdapter

_adapter = SiteAdapter()

on_startup = _adapter.on_startup
on_config = _adapter.on_config
on_files = _adapter.on_files
on_post_build = _adapter.on_post_build
on_build_error = _adapter.on_build_error
on_serve = _adapter.on_serve
on_shutdown = _adapter.on_shutdown
