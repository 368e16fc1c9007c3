"""BladeX list filters: `name`, `name_like`, `name_equal`, `name_ge`, ... compiled to bound expressions only.

A module declares which wire names (camelCase, as the consoles send them) may be filtered and on which
column; anything else in the query string is ignored, as BladeX ignores unknown keys. Values are always
bound parameters, so no user text ever becomes SQL.
"""

from collections.abc import Collection, Mapping
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import BigInteger, Boolean, Date, DateTime, Integer, SmallInteger, String, cast, literal, or_
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.orm import QueryableAttribute
from sqlalchemy.sql import operators
from sqlalchemy.sql.elements import BinaryExpression, ColumnElement

from plantdesk.core.errors import BadRequest

# What filters and sorting take for a column: a mapped attribute (User.account) or any column expression.
Column = QueryableAttribute[Any] | ColumnElement[Any]

RESERVED = frozenset({"current", "size", "ascs", "descs", "blade-auth", "tenantId"})
SUFFIXES = (
    "_notequal", "_equal", "_notlike", "_likeleft", "_likeright", "_like", "_ge", "_le", "_gt", "_lt",
    "_datege", "_dategt", "_dateequal", "_datelt", "_datele", "_notnull", "_null", "_ignore",
)
# The operators of a range filter (core.listing `ranges`): `createTime_datege=...&createTime_datele=...`.
RANGE_OPS = frozenset({"datege", "dategt", "dateequal", "datelt", "datele", "ge", "gt", "le", "lt"})


def filters(params: Mapping[str, str], columns: Mapping[str, Column], *,
            default: str = "like", only: Collection[str] | None = None) -> list[ColumnElement[bool]]:
    """Turn query parameters into WHERE clauses. `default` is the operator for a bare name (`ignore`: none);
    `only`, when given, the operators accepted (others are ignored like unknown names)."""
    clauses = []
    for key, value in params.items():
        if key in RESERVED or value is None or value == "":
            continue
        name, op = _split(key, default)
        column = columns.get(name)
        if column is None or op == "ignore" or (only is not None and op not in only):
            continue
        if "\x00" in value:  # PostgreSQL text refuses NUL; SQLite cuts a LIKE pattern at it
            raise BadRequest("请求参数包含非法字符")
        clauses.append(_clause(column, op, value, name))
    return clauses


def keyword(value: str | None, *columns: Column) -> ColumnElement[bool] | None:
    """A search box: `value` contained (case-insensitively, as the `like` filter) in any of `columns`; None
    for an empty box."""
    if not value:
        return None
    if "\x00" in value:
        raise BadRequest("请求参数包含非法字符")
    return or_(*(_clause(column, "like", value, "keyword") for column in columns))


def _split(key: str, default: str) -> tuple[str, str]:
    for suffix in SUFFIXES:
        if key.endswith(suffix) and len(key) > len(suffix):
            return key[: -len(suffix)], suffix[1:]
    return key, default


def _escape_like(value: str) -> str:
    return value.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def _clause(column: Column, op: str, raw: str, name: str) -> ColumnElement[bool]:
    if op in ("null", "notnull"):
        return column.is_(None) if op == "null" else column.is_not(None)
    if op.startswith("date"):
        value = parse_date(raw, name)
        if _is_day(column):  # a date column compares with the day of the value
            day = value.date()
            return {"datege": column >= day, "dategt": column > day, "datelt": column < day, "datele": column <= day,
                    "dateequal": column == day}[op]
        if op == "dateequal":  # a range, not CAST(... AS DATE): SQLite casts a datetime text to the number 2026
            day = value.replace(hour=0, minute=0, second=0)
            return (column >= day) & (column < day + timedelta(days=1))
        return {"datege": column >= value, "dategt": column > value, "datelt": column < value,
                "datele": column <= value}[op]
    if op in ("like", "notlike", "likeleft", "likeright"):
        text = _escape_like(raw)
        pattern = {"like": f"%{text}%", "notlike": f"%{text}%", "likeleft": f"%{text}",
                   "likeright": f"{text}%"}[op]
        # LIKE needs text: PostgreSQL has no `integer ~~ text` (MySQL and SQLite convert silently).
        target = column if isinstance(column.type, String) else cast(column, String)
        clause = FoldedLike(target, literal(pattern), escape="\\")
        return ~clause if op == "notlike" else clause
    value = _typed(column, raw, name)
    return {"equal": column == value, "notequal": column != value, "ge": column >= value,
            "le": column <= value, "gt": column > value, "lt": column < value}[op]


class FoldedLike(BinaryExpression):
    """Case-insensitive LIKE on every database, as BladeX on MySQL is: ILIKE on PostgreSQL, plain LIKE on SQLite
    (which already folds ASCII case; `lower(x) LIKE lower(y)` would only add a function call per row)."""

    inherit_cache = True

    def __init__(self, left, right, escape: str):
        super().__init__(left, right, operators.like_op, modifiers={"escape": escape}, type_=Boolean())


@compiles(FoldedLike, "postgresql")
def _ilike_on_postgresql(element, compiler, **kw):
    return compiler.visit_binary(BinaryExpression(element.left, element.right, operators.ilike_op,
                                                  modifiers=element.modifiers, type_=Boolean()), **kw)


def to_int(raw: str, name: str, *, bits: int = 64) -> int:
    """An integer request parameter, within a signed `bits`-bit column: anything else answers 400, so no
    value reaches the database as an overflow (a 500) — the one check every undeclared integer goes through."""
    try:
        value = int(raw)
    except ValueError:
        raise BadRequest(f"请求参数类型错误: {name}") from None
    if not -(1 << (bits - 1)) <= value < 1 << (bits - 1):
        raise BadRequest(f"请求参数类型错误: {name}")
    return value


def column_int(column: QueryableAttribute[Any] | ColumnElement[Any], raw: str, name: str) -> int:
    """An integer parameter compared with an integer column, within that column's width."""
    return to_int(raw, name, bits=int_bits(column) or 64)


def int_bits(column: QueryableAttribute[Any] | ColumnElement[Any]) -> int | None:
    """How wide an integer column is (None: not an integer column)."""
    kind = column.type
    if isinstance(kind, SmallInteger):
        return 16
    if isinstance(kind, BigInteger):
        return 64
    return 32 if isinstance(kind, Integer) else None


def _is_day(column: Column) -> bool:
    return isinstance(column.type, Date) and not isinstance(column.type, DateTime)


def _typed(column: Column, raw: str, name: str):
    bits = int_bits(column)
    if bits is not None:
        return to_int(raw, name, bits=bits)
    if isinstance(column.type, DateTime):
        return parse_date(raw, name)
    if _is_day(column):  # a day, whichever of the console's two forms it came in (text compares wrongly on SQLite)
        return parse_date(raw, name).date()
    return raw


def parse_date(raw: str, name: str) -> datetime:
    """`yyyy-MM-dd[ HH:mm:ss]` in server time, as the console sends dates; else 400 请求参数类型错误."""
    for fmt in ("%Y-%m-%d %H:%M:%S", "%Y-%m-%d"):
        try:
            return datetime.strptime(raw, fmt)
        except ValueError:
            continue
    raise BadRequest(f"请求参数类型错误: {name}")
