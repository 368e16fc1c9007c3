"""Excel import/export (openpyxl): one sheet, a header row of labels, rows of plain values; on import the header
is found where the sheet puts it and merged cells carry their value down (`read_sheet`)."""

import io
import re
from collections.abc import Iterable, Mapping, Sequence
from datetime import date, datetime, timedelta
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

    @classmethod
    def of(cls, total: int, errors: list[ExcelRowError]) -> "ExcelImportResult":
        """`total` rows read, of which those in `errors` were rejected and the rest written."""
        return cls(total=total, success=total - len(errors), failed=len(errors), errors=errors)


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
    """Read the first sheet (`read_sheet`): its rows without their numbers."""
    return [row for _, row in read_sheet(content, columns)]


def read_sheet(content: bytes, columns: Sequence[tuple[str, str]], *, required: Sequence[str] = (),
               aliases: Mapping[str, Sequence[str]] | None = None) -> list[tuple[int, dict]]:
    """The rows of the first sheet as (sheet row number, {key: text}), empty rows skipped.

    The header is the row among the first HEADER_ROWS that names the most columns (a title or notes above it are
    skipped); a column is named by its key, its label, the label's Chinese or English part alone, or an alias,
    regardless of case, spaces, punctuation and a bracketed note (`存储 Store (1/0)` is `存储`, `store`, `Store (1/0)`).
    Columns the header does not name are ignored; a `required` column it lacks is refused, naming it and the
    header's cells that were not recognised. A vertically merged cell (a device code over its points) gives its
    value to every row it spans."""
    try:
        from openpyxl import load_workbook

        # Not read-only: a read-only sheet does not know its merged cells.
        book = load_workbook(io.BytesIO(content), data_only=True)
    except Exception:  # openpyxl raises many types for a non-xlsx upload
        raise BusinessError("文件格式错误,请上传 xlsx 文件") from None
    ws = book.worksheets[0]
    if ws.max_row > MAX_IMPORT_ROWS + HEADER_ROWS + 1000:  # a sheet this long is refused before it is read
        raise BusinessError(f"单次最多导入 {MAX_IMPORT_ROWS} 行")
    names = _names(columns, aliases or {})
    carried: dict[tuple[int, int], Any] = {}
    for merged in ws.merged_cells.ranges:
        if merged.max_row > merged.min_row:
            top = ws.cell(merged.min_row, merged.min_col).value
            for number in range(merged.min_row + 1, merged.max_row + 1):
                carried[number, merged.min_col] = top
    rows = ws.iter_rows(values_only=True)
    head: list[Any] = []
    keys: list[str | None] = []
    header_row = 0
    for number, values in enumerate(rows, start=1):  # the header: the first rows' best match
        found = [names.get(_folded(v)) for v in values]
        if len({k for k in found if k}) > len({k for k in keys if k}):
            head, keys, header_row = list(values), found, number
        if number >= HEADER_ROWS:
            break
    if not any(keys):
        raise BusinessError("未识别表头: 前 {} 行中没有模板的列 ({})".format(
            HEADER_ROWS, ", ".join(label for _, label in columns[:3])))
    labels = dict(columns)
    missing = [labels[key] for key in required if key not in keys]
    if missing:
        unknown = [f"{_letter(i)} '{v}'" for i, (v, k) in enumerate(zip(head, keys, strict=False))
                   if k is None and v not in (None, "")]
        raise BusinessError(f"未识别表头: 第 {header_row} 行缺少列 {', '.join(missing)}"
                            + (f"; 未识别的列: {', '.join(unknown)}" if unknown else ""))
    records: list[tuple[int, dict]] = []
    for number, values in enumerate(ws.iter_rows(min_row=header_row + 1, values_only=True), start=header_row + 1):
        cells = [carried.get((number, i), v) if v is None else v for i, v in enumerate(values, start=1)]
        if all(v in (None, "") for v in values):
            continue
        if len(records) >= MAX_IMPORT_ROWS:
            raise BusinessError(f"单次最多导入 {MAX_IMPORT_ROWS} 行")
        records.append((number, {key: _text(v) for key, v in zip(keys, cells, strict=False) if key}))
    book.close()
    return records


HEADER_ROWS = 10  # the rows a header is looked for in


def _folded(value: Any) -> str:
    """A header cell as compared: lower case, a bracketed note and everything but letters and digits dropped."""
    text = re.sub(r"[(（\[【].*?[)）\]】]", "", str(value or "")).lower()
    return re.sub(r"[^0-9a-z\u4e00-\u9fff]", "", text)


def _names(columns: Sequence[tuple[str, str]], aliases: Mapping[str, Sequence[str]]) -> dict[str, str]:
    """Every spelling of a column's header → its key: the key, the label, the label's Chinese and English parts
    (a label reads `中文 English`), the aliases."""
    names: dict[str, str] = {}
    for key, label in columns:
        chinese = re.match(r"[^\x00-\x7f]+", label)
        english = label[chinese.end():] if chinese else label
        for name in (key, label, chinese.group() if chinese else "", english, *aliases.get(key, ())):
            folded = _folded(name)
            if folded:
                names.setdefault(folded, key)
    return names


def _letter(index: int) -> str:
    """A zero-based column index as the sheet names it (A, B, …, AA)."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


EXCEL_EPOCH = date(1899, 12, 30)  # day 0 of Excel's 1900 date system (its 1900-02-29 is before any real date)
DATE_FORMATS = ("%Y-%m-%d", "%Y/%m/%d", "%Y.%m.%d", "%Y%m%d", "%Y年%m月%d日")


def read_date(text: str) -> date:
    """A date cell as text (`_text`): yyyy-mm-dd, yyyy/mm/dd, yyyy.mm.dd, yyyymmdd or 2024年1月2日, with or without a
    time after it (dropped), or an Excel date serial (a number the sheet did not format as a date). ValueError
    otherwise."""
    text = text.strip()
    day = re.split(r"[ T]", text, maxsplit=1)[0]
    for form in DATE_FORMATS:
        try:
            return datetime.strptime(day, form).date()
        except ValueError:
            continue
    try:
        serial = float(text)
    except ValueError:
        raise ValueError(text) from None
    if not 1 <= serial < 2_958_466:  # Excel's own range: 1900-01-01 … 9999-12-31
        raise ValueError(text)
    return EXCEL_EPOCH + timedelta(days=int(serial))


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
