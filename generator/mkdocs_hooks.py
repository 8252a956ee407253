"""The thin adapter to MkDocs: validate on config, inject the generated pages as virtual files.

Loaded by path from mkdocs.yml (`hooks:`), so it imports the package absolutely.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

from generator.errors import SourceErrors
from generator.generate import generate_pages
from generator.loading import Corpus, load_corpus
from generator.pages import nav
from generator.site import HANDBOOK_ENV

_corpora: dict[int, Corpus] = {}


def _root(config: Any) -> Path:
    return Path(config.config_file_path).resolve().parent


def on_config(config: Any) -> Any:
    """Read and validate all sources before MkDocs cleans or writes anything."""
    try:
        corpus = load_corpus(_root(config), cached=True)
    except SourceErrors as exc:
        raise PluginError(f"{len(exc.problems)} problem(s) in the sources:\n{exc}") from None
    _corpora[id(config)] = corpus
    config.nav = nav(corpus)
    return config


def on_files(files: Files, config: Any) -> Files:
    """Add the law, chart and front-matter pages; they exist only in memory."""
    corpus = _corpora.pop(id(config))
    handbook = os.environ.get(HANDBOOK_ENV)  # set by `python -m generator build`, which writes the PDF
    for src_uri, content in generate_pages(corpus, handbook=handbook).items():
        files.append(File.generated(config, src_uri, content=content))
    return files


def on_serve(server: Any, config: Any, builder: Any) -> Any:
    """Live reload when a source or a template changes."""
    root = _root(config)
    for folder in ("laws", "flowcharts", "front", "training", "site_templates"):
        if (root / folder).exists():
            server.watch(str(root / folder))
    return server
