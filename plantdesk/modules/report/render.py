"""A report as data (`Document`: a title, sections of a table and a chart) and its two renderings: Excel
(openpyxl, one sheet per section with a native chart) and PDF (fpdf2, Noto Sans CJK SC embedded as a subset so
the file reads on a machine without the font; docs/decisions.md "Reports")."""

from __future__ import annotations

import io
import os
import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path

# Debian's fonts-noto-cjk (scripts/e2e-env.sh installs it); the collection's face 2 is Simplified Chinese.
FONT_PATHS = (os.environ.get("PLANTDESK_REPORT_FONT", ""), "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
FONT_FACE_SC = 2
MAX_PDF_ROWS = 500  # a section's table in the PDF; the Excel file has them all
PALETTE = ((22, 119, 255), (250, 140, 22), (82, 196, 26), (245, 34, 45), (114, 46, 209), (19, 194, 194))


@dataclass
class Chart:
    kind: str  # bar, line
    labels: list[str]
    series: list[tuple[str, list[float | None]]]  # name, one value per label


@dataclass
class Section:
    title: str
    columns: list[str]
    rows: list[list[object]]
    chart: Chart | None = None
    note: str = ""


@dataclass
class Document:
    title: str
    subtitle: str
    sections: list[Section] = field(default_factory=list)


class FontMissing(RuntimeError):
    pass


def font_path() -> Path:
    for candidate in FONT_PATHS:
        if candidate and Path(candidate).is_file():
            return Path(candidate)
    raise FontMissing("未找到中文字体 (Debian fonts-noto-cjk,或以 PLANTDESK_REPORT_FONT 指定)")


# The full CJK face takes fpdf2 seconds to read and subset (65,535 glyphs); a report uses a few hundred. So the
# process keeps a small font of the characters its reports used so far (printable ASCII to start with), made with
# fontTools, and makes it anew, grown, only when a report brings a character it lacks.
_BASE = frozenset(range(0x20, 0x7F)) | frozenset(map(ord, "·—…、,。:;()()「」%℃°"))
_small: tuple[frozenset[int], str] | None = None
_small_lock = threading.Lock()


def _characters(doc: Document) -> set[int]:
    texts = [doc.title, doc.subtitle, "(本期无数据 / no data)… 共行,完整数据见 Excel 文件"]
    for section in doc.sections:
        texts += [section.title, section.note, *map(str, section.columns)]
        texts += [_text(v) for row in section.rows[:MAX_PDF_ROWS] for v in row]
        if section.chart:
            texts += [label[:10] for label in section.chart.labels] + [name[:20] for name, _ in section.chart.series]
            texts.append("0123456789.e+-")
    return {ord(ch) for text in texts for ch in text if ch >= " "}


def small_font(doc: Document) -> str:
    """The path of a font holding every character of `doc` (see above)."""
    global _small
    needed = _characters(doc)
    with _small_lock:
        if _small is not None and needed <= _small[0]:
            return _small[1]
        from fontTools import subset
        from fontTools.ttLib import TTFont

        chars = _BASE | needed | (_small[0] if _small else frozenset())
        font = TTFont(str(font_path()), fontNumber=FONT_FACE_SC, lazy=True)
        options = subset.Options()
        options.layout_features, options.name_IDs, options.notdef_outline = [], ["*"], True
        options.hinting, options.desubroutinize = False, True
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=chars)
        subsetter.subset(font)
        handle, path = tempfile.mkstemp(prefix="plantdesk-report-font-", suffix=".otf")
        with os.fdopen(handle, "wb") as out:
            font.save(out)
        if _small is not None:
            Path(_small[1]).unlink(missing_ok=True)
        _small = (frozenset(chars), path)
        return path


# --- Excel -----------------------------------------------------------------------------------------------------

def xlsx(doc: Document) -> bytes:
    from openpyxl import Workbook
    from openpyxl.chart import BarChart, LineChart, Reference
    from openpyxl.styles import Font

    book = Workbook()
    summary = book.active
    assert summary is not None
    summary.title = "概要"
    summary.append([doc.title])
    summary["A1"].font = Font(bold=True, size=14)
    summary.append([doc.subtitle])
    for section in doc.sections:
        summary.append([section.title, section.note])
    for index, section in enumerate(doc.sections, 1):
        ws = book.create_sheet(_sheet_name(section.title, index))
        ws.append(section.columns)
        for cell in ws[1]:
            cell.font = Font(bold=True)
        for row in section.rows:
            ws.append([_cell(v) for v in row])
        for col, name in enumerate(section.columns, 1):
            ws.column_dimensions[ws.cell(1, col).column_letter].width = max(10, min(40, len(str(name)) * 2 + 4))
        chart = section.chart
        if chart and chart.labels and chart.series:
            # The chart's data sits right of the table: labels, then one column per series.
            start = len(section.columns) + 2
            ws.cell(1, start, "")
            for i, label in enumerate(chart.labels, 2):
                ws.cell(i, start, label)
            for s, (name, values) in enumerate(chart.series, 1):
                ws.cell(1, start + s, name)
                for i, value in enumerate(values, 2):
                    ws.cell(i, start + s, value)
            native = BarChart() if chart.kind == "bar" else LineChart()
            native.title = section.title
            native.height, native.width = 8, 18
            data = Reference(ws, min_col=start + 1, max_col=start + len(chart.series), min_row=1,
                             max_row=len(chart.labels) + 1)
            native.add_data(data, titles_from_data=True)
            native.set_categories(Reference(ws, min_col=start, min_row=2, max_row=len(chart.labels) + 1))
            ws.add_chart(native, ws.cell(len(section.rows) + 3, 1).coordinate)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _sheet_name(title: str, index: int) -> str:
    clean = "".join(ch for ch in title if ch not in "[]:*?/\\")[:28]
    return f"{index}-{clean}" if clean else str(index)


def _cell(value: object) -> object:
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@"):
        return "'" + value
    return value


# --- PDF -------------------------------------------------------------------------------------------------------

def pdf(doc: Document) -> bytes:
    from fpdf import FPDF

    out = FPDF(orientation="portrait", unit="mm", format="A4")
    out.set_auto_page_break(True, margin=14)
    out.add_font("cjk", "", small_font(doc))
    out.set_title(doc.title)
    out.set_creator("PlantDesk")
    out.add_page()
    out.set_font("cjk", size=18)
    out.cell(0, 10, doc.title, new_x="LMARGIN", new_y="NEXT")
    out.set_font("cjk", size=10)
    out.set_text_color(90, 90, 90)
    out.multi_cell(0, 6, doc.subtitle, new_x="LMARGIN", new_y="NEXT")
    out.set_text_color(0, 0, 0)
    for section in doc.sections:
        _pdf_section(out, section)
    return bytes(out.output())


def _pdf_section(out, section: Section) -> None:
    if out.get_y() > 240:
        out.add_page()
    out.ln(4)
    out.set_font("cjk", size=13)
    out.cell(0, 8, section.title, new_x="LMARGIN", new_y="NEXT")
    if section.note:
        out.set_font("cjk", size=9)
        out.multi_cell(0, 5, section.note, new_x="LMARGIN", new_y="NEXT")
    if section.chart and section.chart.labels and section.chart.series:
        _pdf_chart(out, section.chart)
    if not section.rows:
        out.set_font("cjk", size=9)
        out.cell(0, 6, "(本期无数据 / no data)", new_x="LMARGIN", new_y="NEXT")
        return
    out.set_font("cjk", size=8)
    width = out.epw
    with out.table(width=width, line_height=5, first_row_as_headings=True, text_align="LEFT",
                   headings_style=_headings()) as table:
        table.row([str(c) for c in section.columns])
        for row in section.rows[:MAX_PDF_ROWS]:
            table.row([_text(v) for v in row])
    if len(section.rows) > MAX_PDF_ROWS:
        out.cell(0, 6, f"… 共 {len(section.rows)} 行,完整数据见 Excel 文件", new_x="LMARGIN", new_y="NEXT")


def _headings():
    from fpdf.fonts import FontFace

    return FontFace(fill_color=(235, 241, 250))


def _text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.2f}"
    return str(value)


def _pdf_chart(out, chart: Chart) -> None:
    """Bars or lines drawn with the PDF's own strokes: no image library, a few kilobytes."""
    height, left, top = 48.0, out.l_margin + 12, out.get_y() + 2
    if top + height + 16 > out.h - out.b_margin:
        out.add_page()
        top = out.get_y() + 2
    width = out.epw - 14
    values = [v for _, vs in chart.series for v in vs if v is not None]
    low, high = min([0.0, *values]), max([0.0, *values])
    if high == low:
        high = low + 1
    scale = height / (high - low)

    def y_of(v: float) -> float:
        return top + height - (v - low) * scale

    out.set_draw_color(180, 180, 180)
    out.set_line_width(0.2)
    out.line(left, top, left, top + height)
    out.line(left, y_of(0), left + width, y_of(0))
    out.set_font("cjk", size=6)
    for tick in (low, (low + high) / 2, high):
        out.text(out.l_margin, y_of(tick) + 1, f"{tick:.4g}")
    n = len(chart.labels)
    step = width / max(n, 1)
    if chart.kind == "bar":
        bar = step * 0.8 / len(chart.series)
        for s, (_, vs) in enumerate(chart.series):
            out.set_fill_color(*PALETTE[s % len(PALETTE)])
            for i, v in enumerate(vs):
                if v is None:
                    continue
                x = left + i * step + step * 0.1 + s * bar
                y0, y1 = sorted((y_of(0), y_of(v)))
                out.rect(x, y0, bar, max(y1 - y0, 0.1), style="F")
    else:
        out.set_line_width(0.4)
        for s, (_, vs) in enumerate(chart.series):
            out.set_draw_color(*PALETTE[s % len(PALETTE)])
            points = [(left + i * step + step / 2, y_of(v)) for i, v in enumerate(vs) if v is not None]
            for a, b in zip(points, points[1:], strict=False):
                out.line(a[0], a[1], b[0], b[1])
    every = max(1, n // 12)
    for i in range(0, n, every):
        out.text(left + i * step + 0.5, top + height + 4, chart.labels[i][:10])
    x = left
    for s, (name, _) in enumerate(chart.series[:len(PALETTE)]):
        out.set_fill_color(*PALETTE[s % len(PALETTE)])
        out.rect(x, top + height + 7, 3, 3, style="F")
        out.text(x + 4, top + height + 9.5, name[:20])
        x += 6 + out.get_string_width(name[:20])
        if x > left + width - 30:
            break
    out.set_draw_color(0, 0, 0)
    out.set_y(top + height + 13)
