"""The letters of a PDF as the tests read them: each with its size, font and direction, per page.

Read with PDFium (pypdfium2, which pdfplumber itself depends on): a thousand card pages take
seconds, where pdfplumber's pure-Python parser took over a minute. Sizes are in points as printed,
the page's scaling included (WeasyPrint draws in CSS pixels, scaled by 0.75), as pdfplumber gives them.
"""
from __future__ import annotations

import ctypes
import math
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as raw


@dataclass(frozen=True)
class Letter:
    text: str
    size: float  # pt, as printed
    font: str  # the font's name, with its subset's prefix ("VEKIFS+Arimo-Regular")
    upright: bool
    x0: float  # its left and right edge, pt from the page's left edge
    x1: float
    top: float  # its top (the font's ascent), pt from the page's top edge


class Page:
    """One page's letters (spaces left out), and its text, read on request."""

    def __init__(self, page: pdfium.PdfPage) -> None:
        self.width, self.height = page.get_size()
        self._text = page.get_textpage()
        self.letters = [letter for letter in _letters(self._text, self.height) if letter.text.strip()]

    def text(self) -> str:
        return self._text.get_text_range()

    def text_between(self, left: float, right: float) -> str:
        """The text of a column of the page, from `left` to `right` (points from the left edge)."""
        return self._text.get_text_bounded(left=left, bottom=0, right=right, top=self.height)


def _letters(text: pdfium.PdfTextPage, height: float) -> Iterator[Letter]:
    name = ctypes.create_string_buffer(128)
    matrix = raw.FS_MATRIX()
    box = raw.FS_RECTF()
    for i in range(text.count_chars()):
        raw.FPDFText_GetFontInfo(text.raw, i, name, len(name), None)
        raw.FPDFText_GetMatrix(text.raw, i, matrix)
        raw.FPDFText_GetLooseCharBox(text.raw, i, box)  # the font's box, not the glyph's ink
        size = raw.FPDFText_GetFontSize(text.raw, i) * math.hypot(matrix.c, matrix.d)
        yield Letter(chr(raw.FPDFText_GetUnicode(text.raw, i)), size, name.value.decode("latin-1"),
                     abs(matrix.b) < 1e-6 and abs(matrix.c) < 1e-6, box.left, box.right, height - box.top)


@contextmanager
def pdf_pages(source: Path | bytes) -> Iterator[list[Page]]:
    """Every page of a PDF file (or of a PDF's bytes), read once."""
    document = pdfium.PdfDocument(source)
    try:
        yield [Page(document[i]) for i in range(len(document))]
    finally:
        document.close()
