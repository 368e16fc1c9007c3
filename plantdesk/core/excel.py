"""Excel import/export (openpyxl): one sheet, a header row of labels, rows of plain values."""

import io
import re
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any
from urllib.parse import quote

from fastapi.responses import Response

from plantdesk.core.envelope import Schema
from plantdesk.core.errors import BusinessError

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
MAX_IMPORT_ROWS = 10_000
# The characters openpyxl refuses in a cell (its ILLEGAL_CHARACTERS_RE), without importing it at start-up.
ILLEGAL_CHARACTERS = re.compile(r"[\000-\010]|[\013-\014]|[\016-\037]")
# Text a spreadsheet would run as a formula is written behind an apostrophe, which reading takes off again; text
# that begins with an apostrophe gets one more, so it too reads back unchanged.
ESCAPED_STARTS = ("=", "+", "-", "@", "\t", "\r", "'")
# The OpenAPI description of an endpoint answering an xlsx file.
XLSX_RESPONSE: dict[int | str, dict[str, Any]] = {200: {"content": {XLSX: {}}, "description": "xlsx file"}}


class ExcelRowError(Schema):
    """A rejected row: its number in the sheet (the header is row 1) and why."""

    row: int
    msg: str


class ExcelImportResult(Schema):
    """What a row-by-row import answers (the console's import dialog reads it): rows read, rows written, rows
    rejected and why."""

    total: int
    success: int
    failed: int
    errors: list[ExcelRowError]


def workbook_bytes(columns: Sequence[tuple[str, str]], rows: Iterable[dict], *, sheet: str = "Sheet1") -> bytes:
    """`columns` are (key, label) pairs; each row is a dict read by key."""
    from openpyxl import Workbook  # loaded on the first export, not at start-up

    book = Workbook(write_only=True)
    ws = book.create_sheet(sheet[:31])
    ws.append([label for _, label in columns])
    for row in rows:
        ws.append([_cell(row.get(key)) for key, _ in columns])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def download(content: bytes, filename: str) -> Response:
    """An .xlsx attachment with a UTF-8 file name (Chinese names survive every browser)."""
    return Response(content, media_type=XLSX, headers={
        "Content-Disposition": f"attachment; filename*=UTF-8''{quote(filename)}",
        "Cache-Control": "no-store",
    })


def read_rows(content: bytes, columns: Sequence[tuple[str, str]]) -> list[dict]:
    """Read the first sheet; headers may be the labels or the keys. Empty rows are skipped."""
    try:
        from openpyxl import load_workbook

        book = load_workbook(io.BytesIO(content), read_only=True, data_only=True)
    except Exception:  # openpyxl raises many types for a non-xlsx upload
        raise BusinessError("文件格式错误,请上传 xlsx 文件") from None
    ws = book.worksheets[0]
    rows = ws.iter_rows(values_only=True)
    header = [str(v).strip() if v is not None else "" for v in next(rows, ())]
    by_header = {label: key for key, label in columns} | {key: key for key, _ in columns}
    keys = [by_header.get(h) for h in header]
    records: list[dict[str, str]] = []
    for values in rows:
        if all(v in (None, "") for v in values):
            continue
        if len(records) >= MAX_IMPORT_ROWS:
            raise BusinessError(f"单次最多导入 {MAX_IMPORT_ROWS} 行")
        records.append({key: _text(v) for key, v in zip(keys, values, strict=False) if key})
    book.close()
    return records


def _cell(value):
    if isinstance(value, datetime):
        return value.strftime("%Y-%m-%d %H:%M:%S")
    if isinstance(value, str):  # control characters (e.g. from logged request text) are not allowed in xlsx
        value = ILLEGAL_CHARACTERS.sub("", value)
        # User text that a spreadsheet would run as a formula is written as text (CSV/formula injection).
        return "'" + value if value[:1] in ESCAPED_STARTS else value
    return value


def _text(value) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, datetime):
        return value.strftime("%Y-%m-%d %H:%M:%S")
    text = str(value)
    return (text[1:] if text[:1] == "'" and text[1:2] in ESCAPED_STARTS else text).strip()
