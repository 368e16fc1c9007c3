"""System (blade_dict, global) and business (blade_dict_biz, per tenant) dictionaries: one service for both.

A dictionary is a parent row (parent_id 0, dict_key "-1", dict_value = its name) with item rows below it
that share its code; items may nest further (dictionary-tree). Rules: spec §5. Sealed rows (is_sealed 1)
are read-only. `dictionary?code=` is served from the cache under the `dict` generation (core.generations),
which every write to either table bumps after its commit, so all workers see the change at once.
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Select, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core import excel, generations
from plantdesk.core.cache import Cache
from plantdesk.core.crud import get_or_raise
from plantdesk.core.errors import BadRequest, BusinessError
from plantdesk.core.listing import Listing
from plantdesk.core.paging import PageParams
from plantdesk.modules.system.dict.schemas import DictItem, DictRead, DictWrite
from plantdesk.modules.system.models import Dict, DictBiz

PARENT_KEY = "-1"
GENERATION = "dict"  # both tables: system.setup() has it follow Dict and DictBiz
EXPORT_COLUMNS = (("code", "字典编号"), ("dictKey", "字典键值"), ("dictValue", "字典名称"), ("sort", "排序"),
                  ("remark", "备注"), ("isSealed", "是否封存"), ("dictValueEn", "英文名称"))


@dataclass(frozen=True)
class Kind:
    # Dict or DictBiz, the same columns: typed Any, as a union of models comes out of select() as their base.
    model: type[Any]
    name: str  # cache namespace and menu code: "dict" or "dictbiz"
    system: bool  # the global system dictionary: code 1-20 characters, written by the platform administrator


SYSTEM = Kind(Dict, "dict", True)
BIZ = Kind(DictBiz, "dictbiz", False)


async def page(db: AsyncSession, kind: Kind, params: Mapping[str, str], paging: PageParams, *,
               parent_id: int = 0) -> dict:
    """Parents (parent_id 0) or the children of one row, filtered by code / dictValue / dictKey."""
    listing = _listing(kind)
    result = await listing.page(db, listing.select(params).where(kind.model.parent_id == parent_id), paging)
    parents = await _with_children(db, kind, [row.id for row in result["records"]])
    result["records"] = [DictRead.model_validate(row).model_copy(update={"has_children": row.id in parents})
                         for row in result["records"]]
    return result


async def forest(db: AsyncSession, kind: Kind, params: Mapping[str, str]) -> list[dict]:
    """Every row the list's filters keep (parents and items), nested by parentId, by sort."""
    stmt = _listing(kind).select(params).order_by(kind.model.sort, kind.model.id)
    return _forest([DictRead.model_validate(row).model_dump(by_alias=False)
                    for row in (await db.execute(stmt)).scalars()])


async def detail(db: AsyncSession, kind: Kind, id_: int):
    return await get_or_raise(db, kind.model, id_)


async def dictionary(db: AsyncSession, cache: Cache, kind: Kind, code: str, *, tenant_id: str) -> list[dict]:
    """The items of one code (never the parent row), by sort; cached per code (and tenant for dict-biz)."""

    async def load() -> list[dict]:
        return [DictItem.model_validate(row).model_dump(mode="json", by_alias=True)
                for row in await _items(db, kind, code)]

    return await generations.cached(cache, GENERATION, f"{kind.name}:{'' if kind.system else tenant_id}:{code}",
                                    load, session=db)


async def dictionary_tree(db: AsyncSession, kind: Kind, code: str) -> list[dict]:
    """The items of one code nested by parentId (multi-level dictionaries)."""
    rows = [DictItem.model_validate(row).model_dump(by_alias=False) | {"title": row.dict_value, "key": row.dict_key,
                                                         "value": row.dict_key}
            for row in await _items(db, kind, code)]
    return _forest(rows)


async def tree(db: AsyncSession, kind: Kind, *, code: str | None = None) -> list[dict]:
    """TreeNode forest of the dictionary rows (parents and items), optionally of one code."""
    model = kind.model
    stmt = select(model).order_by(model.sort, model.id)
    if code:
        stmt = stmt.where(model.code == code)
    return _forest([_node(row) for row in (await db.execute(stmt)).scalars()])


async def child_tree(db: AsyncSession, kind: Kind, *, code: str | None, parent_id: int | None) -> list[dict]:
    """TreeNode forest of the items below one row (`parentId`) or below the parent row of `code`."""
    model = kind.model
    if parent_id is None:
        if not code:
            raise BadRequest("缺少必要的请求参数: code")
        parent_id = await db.scalar(select(model.id).where(model.code == code, model.parent_id == 0).limit(1))
        if parent_id is None:
            return []
    rows = (await db.execute(select(model).order_by(model.sort, model.id))).scalars().all()
    below = _descendants(rows, {parent_id})
    return _forest([_node(row) for row in rows if row.id in below])


async def submit(db: AsyncSession, kind: Kind, body: DictWrite, *, parent_only: bool = False):
    """Insert (no id) or update; `parent_only` is submit-pri, which always writes a top-level dictionary."""
    values = _validated(kind, body, parent_only=parent_only)
    model = kind.model
    obj = None
    if body.id is not None:
        obj = await get_or_raise(db, model, body.id)
        if obj.is_sealed == 1:
            raise BusinessError("该字典已封存,不可修改")
    parent_id = values["parent_id"]
    if parent_id:
        parent = await get_or_raise_parent(db, kind, parent_id)
        if values["code"] != parent.code:
            raise BusinessError(f"字典编号须与上级字典一致: {parent.code}")
        if obj is not None:
            await _refuse_cycle(db, kind, obj.id, parent_id)
        await _unique(db, kind, model.code == values["code"], model.dict_key == values["dict_key"],
                      model.parent_id != 0, exclude=obj, msg=f"字典键值 [{values['dict_key']}] 已存在")
    else:
        values["dict_key"] = PARENT_KEY
        await _unique(db, kind, model.code == values["code"], model.parent_id == 0, exclude=obj,
                      msg=f"字典编号 [{values['code']}] 已存在")
    if obj is None:
        obj = model(**values)
        db.add(obj)
    else:
        old_code = obj.code
        for key, value in values.items():
            setattr(obj, key, value)
        if not parent_id and old_code != values["code"]:
            await db.execute(update(model).where(model.code == old_code, model.parent_id != 0)
                             .values(code=values["code"]).execution_options(synchronize_session=False))
    await db.flush()
    await db.refresh(obj)
    return obj


async def remove(db: AsyncSession, kind: Kind, ids: list[int]) -> None:
    """Removes the rows with everything below them; refused if any of them is sealed."""
    model = kind.model
    rows = (await db.execute(select(model.id, model.parent_id, model.is_sealed))).all()
    targets = _descendants(rows, set(ids), include_roots=True)
    if any(row.is_sealed == 1 for row in rows if row.id in targets):
        raise BusinessError("该字典已封存,不可删除")
    await db.execute(update(model).where(model.id.in_(targets)).values(is_deleted=1)
                     .execution_options(synchronize_session=False))


async def export_rows(db: AsyncSession, kind: Kind, *, code: str | None) -> list[dict]:
    model = kind.model
    stmt = select(model).order_by(model.code, model.parent_id, model.sort, model.id)
    if code:
        stmt = stmt.where(model.code == code)
    return [{"code": r.code, "dictKey": r.dict_key, "dictValue": r.dict_value, "sort": r.sort,
             "remark": r.remark or "", "isSealed": r.is_sealed, "dictValueEn": r.dict_value_en or ""}
            for r in (await db.execute(stmt)).scalars()]


async def import_rows(db: AsyncSession, kind: Kind, rows: Iterable[dict]) -> excel.ExcelImportResult:
    """Upsert each row (key -1 or empty = the dictionary itself, else an item of the dictionary with that
    code, which must exist or come earlier in the file). Bad rows are reported and not written."""
    model = kind.model
    total = 0
    errors: list[excel.ExcelRowError] = []
    for number, row in enumerate(rows, start=2):  # row 1 is the header
        total += 1
        code, key = row.get("code", ""), row.get("dictKey", "")
        try:
            body = DictWrite(code=code, dict_key=key or PARENT_KEY, dict_value=row.get("dictValue", ""),
                             dict_value_en=row.get("dictValueEn") or None,
                             sort=_int(row.get("sort"), "排序"), remark=row.get("remark") or None,
                             is_sealed=_int(row.get("isSealed") or "0", "是否封存"))
            parent = await db.scalar(select(model).where(model.code == code, model.parent_id == 0).limit(1))
            if body.dict_key == PARENT_KEY:
                body.id = parent.id if parent else None
            elif parent is None:
                raise BusinessError(f"字典 [{code}] 不存在")
            else:
                body.parent_id = parent.id
                body.id = await db.scalar(select(model.id).where(
                    model.code == code, model.dict_key == body.dict_key, model.parent_id != 0).limit(1))
            await submit(db, kind, body)
        except (BusinessError, BadRequest) as exc:
            errors.append(excel.ExcelRowError(row=number, msg=exc.msg))
        except ValueError:
            errors.append(excel.ExcelRowError(row=number, msg="数据格式错误"))
    return excel.ExcelImportResult.of(total, errors)


async def get_or_raise_parent(db: AsyncSession, kind: Kind, parent_id: int):
    parent = (await db.execute(select(kind.model).where(kind.model.id == parent_id))).scalar_one_or_none()
    if parent is None:
        raise BusinessError("上级字典不存在")
    return parent


def _validated(kind: Kind, body: DictWrite, *, parent_only: bool) -> dict:
    """Spec §5: code required (1-20 in the system dict), dictValue 1-20, sort and isSealed required,
    remark at most 50; an item also requires its key."""
    code = (body.code or "").strip()
    value = (body.dict_value or "").strip()
    key = (body.dict_key or "").strip()
    remark = (body.remark or "").strip()
    parent_id = 0 if parent_only else (body.parent_id or 0)
    if not code:
        raise BadRequest("请输入字典编号")
    if kind.system and len(code) > 20:
        raise BadRequest("字典编号长度在 1 到 20 个字符")
    if not value:
        raise BadRequest("请输入字典名称")
    if len(value) > 20:
        raise BadRequest("字典名称长度在 1 到 20 个字符")
    if parent_id and not key:
        raise BadRequest("请输入字典键值")
    if parent_id and key == PARENT_KEY:
        raise BadRequest("字典键值不能为 -1")
    if body.sort is None:
        raise BadRequest("请输入字典排序")
    if body.is_sealed is None:
        raise BadRequest("请选择是否封存")
    if body.is_sealed not in (0, 1):
        raise BadRequest("是否封存只能是 0 或 1")
    if len(remark) > 50:
        raise BadRequest("字典备注长度在 1 到 50 个字符")
    return {"parent_id": parent_id, "code": code, "dict_key": key or PARENT_KEY, "dict_value": value,
            "dict_value_en": (body.dict_value_en or "").strip() or None, "sort": body.sort, "remark": remark or None,
            "is_sealed": body.is_sealed}


async def _unique(db: AsyncSession, kind: Kind, *criteria, exclude, msg: str) -> None:
    stmt = select(kind.model.id).where(*criteria)
    if exclude is not None:
        stmt = stmt.where(kind.model.id != exclude.id)
    if await db.scalar(stmt.limit(1)) is not None:
        raise BusinessError(msg)


async def _refuse_cycle(db: AsyncSession, kind: Kind, id_: int, parent_id: int) -> None:
    rows = (await db.execute(select(kind.model.id, kind.model.parent_id))).all()
    if parent_id in _descendants(rows, {id_}, include_roots=True):
        raise BusinessError("上级字典不能是自身或其下级")


def _listing(kind: Kind) -> Listing:
    """Filters code / dictValue / dictKey (contains); sortable by sort, code, dict_key; by sort."""
    model = kind.model
    return Listing(model, filters={"code": model.code, "dictValue": model.dict_value, "dictKey": model.dict_key},
                   sorts={"sort": model.sort, "code": model.code, "dict_key": model.dict_key},
                   order=(model.sort, model.id))


def _filtered(kind: Kind, params: Mapping[str, str]) -> Select:
    return _listing(kind).select(params)


async def _items(db: AsyncSession, kind: Kind, code: str) -> list:
    model = kind.model
    stmt = (select(model).where(model.code == code, model.dict_key != PARENT_KEY, model.parent_id != 0)
            .order_by(model.sort, model.id))
    return list((await db.execute(stmt)).scalars())


async def _with_children(db: AsyncSession, kind: Kind, ids: list[int]) -> set[int]:
    if not ids:
        return set()
    model = kind.model
    return set((await db.execute(select(model.parent_id).where(model.parent_id.in_(ids)).distinct())).scalars())


def _descendants(rows, roots: set[int], *, include_roots: bool = False) -> set[int]:
    children: dict[int, list[int]] = {}
    for row in rows:
        children.setdefault(row.parent_id, []).append(row.id)
    found: set[int] = set(roots) if include_roots else set()
    stack = list(roots)
    while stack:
        for child in children.get(stack.pop(), ()):
            if child not in found:
                found.add(child)
                stack.append(child)
    return found


def _node(row) -> dict:
    return {"id": row.id, "parent_id": row.parent_id, "title": row.dict_value, "key": row.id, "value": row.id,
            "code": row.code, "dict_key": row.dict_key}


def _forest(nodes: list[dict]) -> list[dict]:
    """Nest by parent_id; a node whose parent is not among them is a root. Order is kept."""
    by_id = {node["id"]: node | {"children": []} for node in nodes}
    roots: list[dict] = []
    for node in by_id.values():
        parent = by_id.get(node["parent_id"])
        (parent["children"] if parent is not None else roots).append(node)
    for node in by_id.values():
        node["has_children"] = bool(node["children"])
    return roots


def _int(raw: str | None, label: str) -> int | None:
    if raw in (None, ""):
        return None
    try:
        return int(float(raw))
    except ValueError:
        raise BadRequest(f"{label}必须是整数") from None
