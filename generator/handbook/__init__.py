"""The printable handbook: a PDF book made from the same sources as the site, laid out by WeasyPrint."""
from __future__ import annotations

from .build import Built, build_handbook, make_cards, make_handbook

__all__ = ["Built", "build_handbook", "make_cards", "make_handbook"]
