#!/usr/bin/env python3
"""Writes the PDFs and images the OCR tests read, as a scanner or a phone would make them:
pages that are pictures of text, with no text layer. Standard library and poppler's pdftoppm.

    scan_pdf.py pdf OUT.pdf PAGES.json   # PAGES: [{"scan": ["line", ...]} | {"text": ["line", ...]}, ...]
    scan_pdf.py png OUT.png LINES.json   # one picture of the lines

A "scan" page is the lines typeset on a page, rendered by pdftoppm (150 dpi, grey) and put back
as an image-only page; a "text" page keeps a text layer, so a mixed PDF can be made."""
import json
import os
import subprocess
import sys
import tempfile
import zlib


def text_pdf(pages):
    """A PDF with one Helvetica text page per list of lines."""
    objects = ["<< /Type /Catalog /Pages 2 0 R >>", None, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    kids = []
    for lines in pages:
        body = "BT /F1 16 Tf 60 720 Td 24 TL " + " ".join("(%s) Tj T*" % escape(line) for line in lines) + " ET"
        objects.append(f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents {len(objects) + 2} 0 R >>")
        kids.append(f"{len(objects)} 0 R")
        objects.append(f"<< /Length {len(body)} >>\nstream\n{body}\nendstream")
    objects[1] = f"<< /Type /Pages /Kids [{' '.join(kids)}] /Count {len(kids)} >>"
    return assemble([o.encode("latin-1") for o in objects])


def escape(text):
    return text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


def assemble(objects):
    out = b"%PDF-1.4\n"
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return out


def render(lines, folder, fmt):
    """The lines typeset and rendered by pdftoppm: (path of the image)."""
    source = os.path.join(folder, "page.pdf")
    with open(source, "wb") as f:
        f.write(text_pdf([lines]))
    prefix = os.path.join(folder, "page")
    subprocess.run(["pdftoppm", "-r", "150", "-gray", "-singlefile", "-png" if fmt == "png" else "-gray", source, prefix], check=True)
    return prefix + (".png" if fmt == "png" else ".pgm")


def read_pgm(path):
    data = open(path, "rb").read()
    fields, index = [], 0
    while len(fields) < 4:  # P5, width, height, maxval, each after whitespace
        while data[index:index + 1].isspace():
            index += 1
        start = index
        while not data[index:index + 1].isspace():
            index += 1
        fields.append(data[start:index])
    return int(fields[1]), int(fields[2]), data[index + 1:]


def scanned_pdf(pages, folder):
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", None, b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    kids = []
    for page in pages:
        if "text" in page:
            body = ("BT /F1 16 Tf 60 720 Td 24 TL " + " ".join("(%s) Tj T*" % escape(l) for l in page["text"]) + " ET").encode("latin-1")
            objects.append(b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents %d 0 R >>" % (len(objects) + 2))
            kids.append(len(objects))
            objects.append(b"<< /Length %d >>\nstream\n" % len(body) + body + b"\nendstream")
            continue
        width, height, pixels = read_pgm(render(page["scan"], folder, "pgm"))
        image = zlib.compress(pixels)
        objects.append(b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im0 %d 0 R >> >> /Contents %d 0 R >>"
                       % (len(objects) + 2, len(objects) + 3))
        kids.append(len(objects))
        objects.append(b"<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode /Length %d >>\nstream\n"
                       % (width, height, len(image)) + image + b"\nendstream")
        draw = b"q 612 0 0 792 0 0 cm /Im0 Do Q"
        objects.append(b"<< /Length %d >>\nstream\n" % len(draw) + draw + b"\nendstream")
    objects[1] = b"<< /Type /Pages /Kids [" + b" ".join(b"%d 0 R" % k for k in kids) + b"] /Count %d >>" % len(kids)
    return assemble(objects)


def main():
    kind, out, spec = sys.argv[1], sys.argv[2], json.load(open(sys.argv[3]))
    with tempfile.TemporaryDirectory() as folder:
        if kind == "pdf":
            data = scanned_pdf(spec, folder)
        else:
            data = open(render(spec, folder, "png"), "rb").read()
    with open(out, "wb") as f:
        f.write(data)


if __name__ == "__main__":
    main()
