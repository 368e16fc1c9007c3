"""core.excel: exports survive any stored text, and read back what they wrote."""

import io
from datetime import datetime

from openpyxl import load_workbook

from plantdesk.core.excel import read_rows, workbook_bytes

COLUMNS = [("name", "名称"), ("when", "时间"), ("count", "数量")]


class TestWorkbook:
    def test_round_trip(self):
        content = workbook_bytes(COLUMNS, [{"name": "泵", "when": datetime(2026, 1, 2, 3, 4, 5), "count": 3}])
        assert read_rows(content, COLUMNS) == [{"name": "泵", "when": "2026-01-02 03:04:05", "count": "3"}]

    def test_control_characters_are_dropped_not_a_500(self):
        # Logged request text (error/usual logs) can hold anything; openpyxl refuses control characters.
        content = workbook_bytes(COLUMNS, [{"name": "a\x00b\x1bc\x07", "when": None, "count": None}])
        assert read_rows(content, COLUMNS)[0]["name"] == "abc"

    def test_text_that_would_run_as_a_formula_is_written_as_text(self):
        content = workbook_bytes(COLUMNS, [{"name": "=HYPERLINK(\"http://x\")", "when": None, "count": None}])
        assert load_workbook(io.BytesIO(content)).active["A2"].value == "'=HYPERLINK(\"http://x\")"

    def test_text_written_as_text_reads_back_as_it_was(self):
        # A dictionary's own row has key "-1": its export must import back.
        rows = [{"name": name, "when": None, "count": None} for name in ("-1", "=1+1", "'quoted", "@x")]
        assert [row["name"] for row in read_rows(workbook_bytes(COLUMNS, rows), COLUMNS)] == [
            "-1", "=1+1", "'quoted", "@x"]
