"""core.query: every BladeX filter suffix, run against the database on posts tagged for one test."""

from datetime import date, datetime

import pytest
from sqlalchemy import delete, select

from plantdesk.core.errors import BadRequest
from plantdesk.core.query import SUFFIXES, filters, keyword, to_int
from plantdesk.modules.device.models import Device
from plantdesk.modules.system.models import Post
from tests.core.conftest import OTHER_TENANT
from tests.helpers import platform_session

COLUMNS = {"postName": Post.post_name, "sort": Post.sort, "remark": Post.remark, "createTime": Post.create_time}
ROWS = (  # post_name, sort, remark, create_time
    ("pump_a", 9, "first", datetime(2026, 3, 1, 8, 0, 0)),
    ("pump%b", 10, None, datetime(2026, 3, 2, 8, 0, 0)),
    ("valve", 11, "third", datetime(2026, 3, 2, 18, 30, 0)),
)


@pytest.fixture
async def tagged(sessions, unique):
    """Three posts sharing a unique post_code; returns a runner: query params -> matching post names."""
    async with platform_session(sessions) as db:
        db.add_all(Post(tenant_id=OTHER_TENANT, post_code=unique, post_name=name, sort=sort, remark=remark,
                        create_time=created) for name, sort, remark, created in ROWS)
        await db.commit()

    async def run(params: dict, default: str = "like") -> list[str]:
        stmt = select(Post.post_name).where(Post.post_code == unique, *filters(params, COLUMNS, default=default))
        async with platform_session(sessions) as db:
            return sorted((await db.execute(stmt)).scalars())

    return run


class TestSuffixes:
    @pytest.mark.parametrize(("params", "expected"), [
        ({"postName": "pump"}, ["pump%b", "pump_a"]),
        ({"postName_like": "ump"}, ["pump%b", "pump_a"]),
        ({"postName_notlike": "ump"}, ["valve"]),
        ({"postName_likeleft": "lve"}, ["valve"]),
        ({"postName_likeleft": "val"}, []),
        ({"postName_likeright": "val"}, ["valve"]),
        ({"postName_likeright": "lve"}, []),
        ({"postName_equal": "valve"}, ["valve"]),
        ({"postName_notequal": "valve"}, ["pump%b", "pump_a"]),
        ({"sort_like": "1"}, ["pump%b", "valve"]),  # LIKE on an integer column: text match on every database
        ({"sort_equal": "10"}, ["pump%b"]),
        ({"sort_notequal": "10"}, ["pump_a", "valve"]),
        ({"sort_ge": "10"}, ["pump%b", "valve"]),
        ({"sort_gt": "10"}, ["valve"]),
        ({"sort_le": "10"}, ["pump%b", "pump_a"]),
        ({"sort_lt": "10"}, ["pump_a"]),
        ({"createTime_datege": "2026-03-02"}, ["pump%b", "valve"]),
        ({"createTime_dategt": "2026-03-02 08:00:00"}, ["valve"]),
        ({"createTime_datele": "2026-03-02 08:00:00"}, ["pump%b", "pump_a"]),
        ({"createTime_datelt": "2026-03-02"}, ["pump_a"]),
        ({"createTime_dateequal": "2026-03-02"}, ["pump%b", "valve"]),
        ({"createTime_ge": "2026-03-02 12:00:00"}, ["valve"]),
        ({"remark_null": "1"}, ["pump%b"]),
        ({"remark_notnull": "1"}, ["pump_a", "valve"]),
        ({"postName_ignore": "valve"}, ["pump%b", "pump_a", "valve"]),
        ({"postName_like": "ump", "sort_gt": "9"}, ["pump%b"]),
    ], ids=lambda v: ",".join(v) if isinstance(v, dict) else None)
    async def test_suffix(self, tagged, params, expected):
        assert await tagged(params) == expected

    def test_every_declared_suffix_is_exercised(self):
        exercised = {"_" + op for op in ("notequal", "equal", "notlike", "likeleft", "likeright", "like", "ge", "le",
                                         "gt", "lt", "datege", "dategt", "dateequal", "datelt", "datele", "notnull",
                                         "null", "ignore")}
        assert set(SUFFIXES) == exercised

    async def test_bare_name_uses_the_resource_default(self, tagged):
        assert await tagged({"postName": "valve"}, default="equal") == ["valve"]
        assert await tagged({"postName": "alv"}, default="equal") == []


class TestLikeEscaping:
    async def test_percent_is_literal(self, tagged):
        assert await tagged({"postName_like": "%"}) == ["pump%b"]

    async def test_underscore_is_literal(self, tagged):
        assert await tagged({"postName_like": "p_a"}) == ["pump_a"]
        assert await tagged({"postName_like": "mp_"}) == ["pump_a"]

    async def test_like_ignores_case_on_every_database(self, tagged):
        assert await tagged({"postName_like": "PUMP_A"}) == ["pump_a"]

    async def test_backslash_is_literal(self, tagged):
        assert await tagged({"postName_like": "\\"}) == []

    async def test_quotes_and_sql_are_just_text(self, tagged):
        assert await tagged({"postName": "' OR 1=1 --"}) == []
        assert await tagged({"postName_equal": "x'; drop table blade_post; --"}) == []


class TestKeyword:
    async def test_one_box_searches_several_columns_as_the_like_filter_does(self, sessions, unique, tagged):
        async def run(text: str) -> list[str]:
            clause = keyword(text, Post.post_name, Post.remark)
            stmt = select(Post.post_name).where(Post.post_code == unique, clause)
            async with platform_session(sessions) as db:
                return sorted((await db.execute(stmt)).scalars())

        assert await run("PUMP") == ["pump%b", "pump_a"]  # case-insensitive, on both databases
        assert await run("third") == ["valve"]  # the second column
        assert await run("p%b") == ["pump%b"]  # wildcards are literal
        assert keyword("", Post.post_name) is None

    def test_nul_is_a_400(self):
        with pytest.raises(BadRequest) as error:
            keyword("a\x00b", Post.post_name)
        assert error.value.msg == "请求参数包含非法字符"


class TestNulByte:
    def test_nul_in_a_filter_value_is_a_400(self):
        with pytest.raises(BadRequest) as error:
            filters({"postName_like": "a\x00b"}, COLUMNS)
        assert error.value.msg == "请求参数包含非法字符"

    def test_nul_in_an_ignored_key_does_not_matter(self):
        assert filters({"nope": "a\x00b"}, COLUMNS) == []


class TestTypedValues:
    async def test_integer_column_compares_numerically(self, tagged):
        # As text "10" < "9"; as numbers 10 > 9.
        assert await tagged({"sort_gt": "9"}) == ["pump%b", "valve"]

    def test_bad_integer_is_a_400_naming_the_field(self):
        with pytest.raises(BadRequest) as error:
            filters({"sort_ge": "ten"}, COLUMNS)
        assert error.value.msg == "请求参数类型错误: sort" and error.value.http_status == 400

    @pytest.mark.parametrize("value", ["2026-13-01", "yesterday", "2026/03/01"])
    def test_bad_date_is_a_400_naming_the_field(self, value):
        with pytest.raises(BadRequest) as error:
            filters({"createTime_datege": value}, COLUMNS)
        assert error.value.msg == "请求参数类型错误: createTime"


class TestIgnoredKeys:
    def test_unknown_and_reserved_keys_and_empty_values_make_no_clause(self):
        params = {"nope": "1", "nope_equal": "2", "current": "1", "size": "10", "ascs": "sort", "descs": "sort",
                  "blade-auth": "bearer x", "tenantId": "000000", "postName": "", "_equal": "x"}
        assert filters(params, COLUMNS) == []

    async def test_unknown_keys_do_not_narrow(self, tagged):
        assert await tagged({"tenant_id": OTHER_TENANT, "isDeleted_equal": "1"}) == ["pump%b", "pump_a", "valve"]


class TestIntegerBounds:
    """A value beyond its column's width answers 400 before the database sees it (PostgreSQL's int4 and
    every driver's int64 would fail with a 500)."""

    @pytest.mark.parametrize("value", [str(2**31), str(-(2**31) - 1)])
    def test_beyond_an_int4_column(self, value):
        with pytest.raises(BadRequest, match="请求参数类型错误: sort"):
            filters({"sort_gt": value}, COLUMNS)

    async def test_the_int4_edges_are_fine(self, tagged):
        edges = {"sort_le": str(2**31 - 1), "sort_ge": str(-(2**31))}
        assert sorted(await tagged(edges)) == ["pump%b", "pump_a", "valve"]

    @pytest.mark.parametrize(("value", "bits"), [(str(2**63), 64), (str(-(2**63) - 1), 64), (str(2**15), 16)])
    def test_to_int(self, value, bits):
        with pytest.raises(BadRequest):
            to_int(value, "n", bits=bits)
        assert to_int(str(2**(bits - 1) - 1), "n", bits=bits) == 2**(bits - 1) - 1


class TestDayColumns:
    """A date column (no time) compared with either of the console's forms, on both databases: SQLite compared
    the text `2026-03-02 00:00:00` with the stored `2026-03-02` and found nothing."""

    @pytest.fixture
    async def days(self, sessions, unique):
        async with platform_session(sessions) as db:
            db.add_all(Device(tenant_id=OTHER_TENANT, code=f"{unique}-{n}", name=unique, install_date=day)
                       for n, day in enumerate((date(2026, 3, 1), date(2026, 3, 2), date(2026, 3, 3))))
            await db.commit()

        async def run(params: dict) -> list[str]:
            stmt = select(Device.code).where(Device.name == unique,
                                             *filters(params, {"installDate": Device.install_date}))
            async with platform_session(sessions) as db:
                return sorted(code.rsplit("-", 1)[1] for code in (await db.execute(stmt)).scalars())

        yield run
        async with platform_session(sessions) as db:
            await db.execute(delete(Device).where(Device.name == unique))
            await db.commit()

    @pytest.mark.parametrize(("params", "expected"), [
        ({"installDate_ge": "2026-03-02"}, ["1", "2"]),
        ({"installDate_ge": "2026-03-02 00:00:00"}, ["1", "2"]),
        ({"installDate_le": "2026-03-02 23:59:59"}, ["0", "1"]),
        ({"installDate_ge": "2026-03-02 00:00:00", "installDate_le": "2026-03-02 00:00:00"}, ["1"]),
        ({"installDate_gt": "2026-03-01"}, ["1", "2"]),
        ({"installDate_lt": "2026-03-02 12:00:00"}, ["0"]),
        ({"installDate_equal": "2026-03-03"}, ["2"]),
        ({"installDate_datege": "2026-03-02"}, ["1", "2"]),
        ({"installDate_datele": "2026-03-02 08:00:00"}, ["0", "1"]),
        ({"installDate_dateequal": "2026-03-02"}, ["1"]),
    ], ids=lambda v: ",".join(f"{k}={x}" for k, x in v.items()) if isinstance(v, dict) else None)
    async def test_a_day_compares_as_a_day(self, days, params, expected):
        assert await days(params) == expected

    def test_a_bad_day_is_a_400(self):
        with pytest.raises(BadRequest) as error:
            filters({"installDate_ge": "2026-02-30"}, {"installDate": Device.install_date})
        assert error.value.msg == "请求参数类型错误: installDate"
