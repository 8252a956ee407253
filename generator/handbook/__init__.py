"""Stage 9, the printable handbook and the chart cards: PDFs made from the same sources as the
site, laid out by WeasyPrint, with the charts drawn into them directly.
"""
from __future__ import annotations

from generator.handbook.build import Built, make_both, make_cards, make_handbook

__all__ = ["Built", "make_both", "make_cards", "make_handbook"]
