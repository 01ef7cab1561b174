"""CSV downloads for spreadsheets (the class's grid, a live session's answers): UTF-8 with a
byte-order mark (Excel then reads ñ, ł, ä, å), ``;`` between cells where the language's spreadsheets
expect it, and a guard against cells a spreadsheet would run as formulas."""

from __future__ import annotations

import csv
import io

from flask import Response

SEMICOLON_LANGUAGES = frozenset({"de", "es", "pl", "sv"})
"""Languages whose spreadsheets (Excel with those locales) expect ``;`` between cells (the decimal mark is a comma)."""


def safe_cell(value: object) -> str:
    """A cell as text, with a leading ``'`` when a spreadsheet would read it as a formula (a number
    given as a number, a negative one too, is written as it is).

    >>> safe_cell("=1+1"), safe_cell("+7"), safe_cell("-2"), safe_cell("@SUM"), safe_cell("Ancho 27"), safe_cell(3)
    ("'=1+1", "'+7", "'-2", "'@SUM", 'Ancho 27', '3')
    >>> safe_cell(-2), safe_cell(-0.5), safe_cell(True)
    ('-2', '-0.5', 'True')
    """
    text = str(value)
    if isinstance(value, int | float) and not isinstance(value, bool):
        return text
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def csv_text(header: list[str], rows: list[list[object]], lang: str) -> str:
    """UTF-8 text with a byte-order mark (Excel then reads the accents), ``;`` or ``,`` by language."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";" if lang in SEMICOLON_LANGUAGES else ",", lineterminator="\r\n")
    writer.writerow([safe_cell(value) for value in header])
    for row in rows:
        writer.writerow([safe_cell(value) for value in row])
    return "\ufeff" + out.getvalue()


def csv_response(text: str, filename: str) -> Response:
    """A download of ``text`` (from :func:`csv_text`) as ``filename``, never cached."""
    response = Response(text.encode("utf-8"), mimetype="text/csv")
    response.headers["Content-Type"] = "text/csv; charset=utf-8"
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.headers["Cache-Control"] = "no-store"
    return response


__all__ = ["SEMICOLON_LANGUAGES", "csv_response", "csv_text", "safe_cell"]
