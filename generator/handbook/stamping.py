"""Chart drawings laid onto the book's (or the cards') pages after WeasyPrint has laid them out.

The book is laid out with an empty frame where each drawing goes (the frame keeps the drawing's
links, which so stay links inside the book); the drawings are written, each on a page of its own
size, into one PDF (`pdfdrawing`), and each page is then laid over its frame with pypdf.
"""
from __future__ import annotations

import io
from dataclasses import dataclass, field

from pypdf import PageObject, PdfReader, PdfWriter
from pypdf.generic import ArrayObject, DictionaryObject, FloatObject, IndirectObject, NameObject, StreamObject
from weasyprint.document import Document

from generator.handbook.charts import Drawing
from generator.handbook.pdfdrawing import DrawingPDF

# WeasyPrint's anchors are in CSS pixels (96 to the inch); PDF's user space is in points.
PT_PER_PX = 0.75


@dataclass
class Stamps:
    """The drawings one document places, each under the id of its empty frame.

    The ids are the caller's own (a chart and its part), so that laying the book out again
    places the same drawing under the same id.
    """

    frames: dict[str, Drawing] = field(default_factory=dict)

    def place(self, frame: str, drawing: Drawing) -> str:
        """Note that `drawing` goes in the frame with id `frame`; returns the id for the template."""
        self.frames[frame] = drawing
        return frame

    def drawn(self) -> tuple[bytes, dict[str, int]]:
        """Every drawing on a page of its own, in one PDF; and each frame's page in it."""
        out = DrawingPDF()
        pages = {frame: out.add(d.svg, d.width, d.height) for frame, d in self.frames.items()}
        return out.write(), pages


def lay_over(pdf: bytes, document: Document, stamps: Stamps,
             drawn: tuple[bytes, dict[str, int]] | None = None) -> bytes:
    """`pdf` (the rendering of `document`) with every drawing laid over its frame (`drawn`: the
    drawings' PDF and pages, if already made).

    Each drawing's page goes in whole as a form (its content stream copied, never parsed),
    drawn by one added line of content: far quicker than merging the two pages.
    """
    drawings, page_of = drawn if drawn is not None else stamps.drawn()
    source = PdfReader(io.BytesIO(drawings))
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf)))
    laid = 0
    for i, page in enumerate(document.pages):
        frames = [(f, box) for f, box in page.anchors.items() if f in page_of]
        if not frames:
            continue
        target = writer.pages[i]
        height = float(target.mediabox.height)
        resources = target[NameObject("/Resources")].get_object()
        forms = resources.setdefault(NameObject("/XObject"), DictionaryObject()).get_object()
        drawing = []
        for frame, box in frames:
            page_drawn = source.pages[page_of[frame]]
            name = f"/Drawing{laid}"
            forms[NameObject(name)] = _form(writer, page_drawn)
            # The frame's top left, from the page's bottom left (PDF's origin), in points.
            x = box[0] * PT_PER_PX
            y = height - box[1] * PT_PER_PX - float(page_drawn.mediabox.height)
            drawing.append(f"q 1 0 0 1 {x:.3f} {y:.3f} cm {name} Do Q")
            laid += 1
        # Fenced off, so that whatever state the page's own content leaves does not move them.
        before, after = _stream(writer, "q"), _stream(writer, "Q\n" + "\n".join(drawing))
        contents = target.raw_get("/Contents")  # the reference: a stream in an array must be one
        own = list(contents.get_object()) if isinstance(contents.get_object(), ArrayObject) else [contents]
        target[NameObject("/Contents")] = ArrayObject([before, *own, after])
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _form(writer: PdfWriter, page: PageObject) -> IndirectObject:
    """A page of another PDF as a form XObject of `writer` (its resources copied along)."""
    contents = page[NameObject("/Contents")].get_object()
    parts = list(contents) if isinstance(contents, ArrayObject) else [contents]
    plain = StreamObject()
    plain.set_data(b"\n".join(p.get_object().get_data() for p in parts))
    form = plain.flate_encode()
    form.update({
        NameObject("/Type"): NameObject("/XObject"),
        NameObject("/Subtype"): NameObject("/Form"),
        NameObject("/BBox"): ArrayObject([FloatObject(v) for v in page.mediabox]),
        NameObject("/Resources"): page[NameObject("/Resources")].get_object().clone(writer),
    })
    return writer._add_object(form)


def _stream(writer: PdfWriter, content: str) -> IndirectObject:
    stream = StreamObject()
    stream.set_data(content.encode("ascii"))
    return writer._add_object(stream)
