"""core.envelope: the Id and DateTime wire types and the R envelope."""

from datetime import datetime

import pytest
from pydantic import ValidationError

from plantdesk.core.envelope import DateTime, Id, R, Schema, fail, ok, status


class Thing(Schema):
    id: Id
    parent_id: Id | None = None
    create_time: DateTime | None = None


BIG = 1123598821738675201  # beyond 2^53: a JavaScript number would round it


class TestId:
    def test_goes_out_as_a_string(self):
        assert Thing(id=BIG, parent_id=7).model_dump(mode="json") == {"id": str(BIG), "parentId": "7",
                                                                       "createTime": None}

    def test_stays_an_int_in_python(self):
        # Services write model_dump() values back to BIGINT columns; asyncpg refuses strings there.
        assert Thing(id=BIG, parent_id=7).model_dump(by_alias=False) == {"id": BIG, "parent_id": 7, "create_time": None}

    @pytest.mark.parametrize("raw", [str(BIG), BIG, f"  {BIG} "])
    def test_accepts_string_or_int(self, raw):
        assert Thing.model_validate({"id": raw}).id == BIG

    def test_accepts_negative_and_camel_case_input(self):
        assert Thing.model_validate({"id": "-1", "parentId": "0"}).parent_id == 0

    @pytest.mark.parametrize("raw", ["abc", "", "1.5", "1e3", "12a", "9" * 21, "0x10", str(2**63), None, [1]])
    def test_rejects_junk(self, raw):
        with pytest.raises(ValidationError):
            Thing.model_validate({"id": raw})

    def test_json_schema_says_string(self):
        assert Thing.model_json_schema(by_alias=True)["properties"]["id"]["type"] == "string"


class TestDateTime:
    def test_goes_out_in_the_bladex_format(self):
        thing = Thing(id=1, create_time=datetime(2026, 1, 2, 3, 4, 5))
        assert thing.model_dump(mode="json")["createTime"] == "2026-01-02 03:04:05"

    @pytest.mark.parametrize(("raw", "expected"), [("2026-01-02 03:04:05", datetime(2026, 1, 2, 3, 4, 5)),
                                                   ("2026-01-02", datetime(2026, 1, 2))])
    def test_accepts_datetime_or_date(self, raw, expected):
        assert Thing.model_validate({"id": 1, "createTime": raw}).create_time == expected

    def test_rejects_junk(self):
        with pytest.raises(ValidationError):
            Thing.model_validate({"id": 1, "createTime": "tomorrow"})


class TestEnvelope:
    def test_helpers(self):
        assert ok([1]) == {"code": 200, "success": True, "data": [1], "msg": "操作成功"}
        assert fail("坏了") == {"code": 400, "success": False, "data": None, "msg": "坏了"}
        assert status(False)["msg"] == "操作失败" and status(True)["success"] is True

    def test_typed_envelope_serialises_ids_inside(self):
        body = R[Thing](data=Thing(id=BIG)).model_dump(mode="json")
        assert list(body) == ["code", "success", "data", "msg"] and body["data"]["id"] == str(BIG)
