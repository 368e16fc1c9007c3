"""Forms: the rules behind the routes.

- A design's content is checked when saved: an avue option object whose fields (`column`, the columns of each
  `group`, and a sub-table's `children.column`) each have a `prop` and a `type`, props unique in their scope,
  and the nesting rules of spec §5 (no sub-table or group in a sub-table; groups are not nested).
- Saving a design makes it a draft; publishing copies the draft into the next immutable version.
- A submission names the version it filled in; its values are checked against that version's required fields
  (spec §5 messages) and stored as the log row plus one value row per top-level field. A field an event hook
  may show, hide or make required is the console's to check (its requirement depends on what the user did).
  A choice's value row also keeps the value as the field showed it (`text`: the labels of static options or
  of the field's remote dictionary at the time of the submission), for the log and its export.
- A hook answers {label, value} items from a business dictionary or an HTTP endpoint (through core.outbound),
  never from SQL.
"""

import asyncio
import json
import re
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.config import Settings
from plantdesk.core import outbound, tenancy
from plantdesk.core.context import Identity
from plantdesk.core.crud import get_or_raise
from plantdesk.core.errors import BusinessError, NotFoundError
from plantdesk.core.runtime import settings_of
from plantdesk.modules.form.models import (
    FormCatalogue,
    FormDesign,
    FormDesignDetail,
    FormHook,
    FormHookParams,
    FormLog,
    FormLogValue,
)
from plantdesk.modules.system.models import Dict, DictBiz

DRAFT, PUBLISHED = 0, 1
SUB_TABLE, GROUP = "dynamic", "group"
# Refused inside a sub-table (spec §5): rich text, coordinate picker, sub-form and group.
NOT_IN_SUB_TABLE = {"ueditor", "map", SUB_TABLE, GROUP}
MAX_ITEMS = 1000
OUTBOUND_KIND = "hook"  # its connections' kind for core.outbound's grants
ILLEGAL = "表单配置不合法"


# --- content --------------------------------------------------------------------------------------------------

def parse_content(text: str | None) -> dict:
    """The option object of `text`, checked; an empty text is an empty form."""
    if not text:
        return {"column": []}
    try:
        option = json.loads(text)
    except ValueError:
        raise BusinessError(ILLEGAL) from None
    if not isinstance(option, dict):
        raise BusinessError(ILLEGAL)
    _checkrow_dict(option.get("column") or [], inside=None)
    groups = option.get("group") or []
    if not isinstance(groups, list):
        raise BusinessError(ILLEGAL)
    seen: set[str] = {c["prop"] for c in option.get("column") or []}
    for group in groups:
        if not isinstance(group, dict):
            raise BusinessError(ILLEGAL)
        _checkrow_dict(group.get("column") or [], inside=GROUP)
        for column in group.get("column") or []:
            _unique(seen, column["prop"])
    return option


def _checkrow_dict(columns: Any, *, inside: str | None) -> None:
    if not isinstance(columns, list):
        raise BusinessError(ILLEGAL)
    seen: set[str] = set()
    for column in columns:
        if not isinstance(column, dict) or not isinstance(column.get("prop"), str) or not column["prop"]:
            raise BusinessError("字段缺少prop")
        _unique(seen, column["prop"])
        kind = column.get("type") or "input"
        if inside == SUB_TABLE and kind in NOT_IN_SUB_TABLE:
            raise BusinessError(f"子表单中不能放置该类型的字段: {column.get('label') or column['prop']}")
        if inside == GROUP and kind == GROUP:
            raise BusinessError("分组不能嵌套分组")
        if kind == SUB_TABLE:
            _checkrow_dict((column.get("children") or {}).get("column") or [], inside=SUB_TABLE)


def _unique(seen: set[str], prop: str) -> None:
    if prop in seen:
        raise BusinessError(f"字段prop重复: {prop}")
    seen.add(prop)


def fields_of(option: dict) -> list[dict]:
    """Every top-level field of a form: its columns, then each group's."""
    return [*(option.get("column") or []), *(c for g in option.get("group") or [] for c in g.get("column") or [])]


# --- designs and versions -------------------------------------------------------------------------------------

async def save_design(db: AsyncSession, body) -> FormDesign:
    values = {name: getattr(body, name) for name in body.model_fields_set if name != "id"}
    if "content" in values:
        values["content"] = json.dumps(parse_content(values["content"]), ensure_ascii=False)
    if values.get("catalogue_id"):
        await get_or_raise(db, FormCatalogue, values["catalogue_id"])
    if body.id is None:
        design = FormDesign(**{"content": '{"column":[]}', **values}, status=DRAFT)
        db.add(design)
    else:
        design = await get_or_raise(db, FormDesign, body.id)
        for key, value in values.items():
            setattr(design, key, value)
        if "content" in values:
            design.status = DRAFT
    await db.flush()
    await db.refresh(design)
    return design


async def publish(db: AsyncSession, design_id: int, remark: str | None) -> FormDesignDetail:
    design = await get_or_raise(db, FormDesign, design_id)
    option = parse_content(design.content)
    if not fields_of(option):
        raise BusinessError("表单没有字段,不能发布")
    latest = (await db.execute(select(func.max(FormDesignDetail.version)).where(
        FormDesignDetail.design_id == design.id))).scalar() or 0
    detail = FormDesignDetail(design_id=design.id, version=latest + 1, name=design.name, content=design.content,
                              remark=remark)
    db.add(detail)
    design.version, design.status = detail.version, PUBLISHED
    await db.flush()
    await db.refresh(detail)
    return detail


async def catalogues(db: AsyncSession) -> list[FormCatalogue]:
    """Every catalogue of the tenant in the tree's order."""
    return list((await db.execute(select(FormCatalogue).order_by(FormCatalogue.sort, FormCatalogue.name))).scalars())


async def catalogue_before_remove(db: AsyncSession, user: Identity, ids: list[int]) -> None:
    """A catalogue goes only when it holds no catalogue and no form (the resource's before_remove)."""
    child = (await db.execute(select(FormCatalogue.id).where(FormCatalogue.parent_id.in_(ids)).limit(1))).first()
    if child is not None:
        raise BusinessError("请先删除子目录")
    used = (await db.execute(select(FormDesign.name).where(FormDesign.catalogue_id.in_(ids)).limit(1))).scalar()
    if used is not None:
        raise BusinessError(f"目录下还有表单,不能删除: {used}")


async def catalogue_names(db: AsyncSession, ids: Iterable[int]) -> dict[int, str]:
    wanted = {i for i in ids if i}
    if not wanted:
        return {}
    rows = await db.execute(select(FormCatalogue.id, FormCatalogue.name).where(FormCatalogue.id.in_(wanted)))
    return {id_: name for id_, name in rows.all()}


async def design_reads(db: AsyncSession, rows: Sequence[FormDesign]) -> list[dict]:
    names = await catalogue_names(db, (r.catalogue_id for r in rows))
    return [{**row_dict(r), "catalogue_name": names.get(r.catalogue_id)} for r in rows]


async def published_forms(db: AsyncSession, catalogue_id: int | None) -> list[dict]:
    """The latest published version of every design (optionally of one catalogue folder), by name."""
    latest = select(FormDesignDetail.design_id, func.max(FormDesignDetail.version).label("version")) \
        .group_by(FormDesignDetail.design_id).subquery()
    stmt = select(FormDesignDetail, FormDesign.catalogue_id).join(
        latest, (latest.c.design_id == FormDesignDetail.design_id) & (latest.c.version == FormDesignDetail.version)
    ).join(FormDesign, FormDesign.id == FormDesignDetail.design_id).order_by(FormDesignDetail.name)
    if catalogue_id:
        stmt = stmt.where(FormDesign.catalogue_id == catalogue_id)
    return [{"design_id": d.design_id, "detail_id": d.id, "catalogue_id": cat, "name": d.name, "version": d.version,
             "content": d.content, "update_time": d.create_time} for d, cat in (await db.execute(stmt)).all()]


async def published(db: AsyncSession, form: str) -> FormDesignDetail:
    """The newest published version of the design a workflow names (a task's formKey, a form action): by id or
    by name."""
    form = form.strip()
    design = await db.scalar(select(FormDesign).where(
        FormDesign.id == int(form) if form.isdigit() else FormDesign.name == form).order_by(FormDesign.id).limit(1))
    detail = await db.scalar(select(FormDesignDetail).where(FormDesignDetail.design_id == design.id).order_by(
        FormDesignDetail.version.desc()).limit(1)) if design is not None else None
    if detail is None:
        raise BusinessError(f"表单不存在或未发布: {form}")
    return detail


async def add_record(db: AsyncSession, settings: Settings, detail: FormDesignDetail, values: dict[str, Any],
                     user_name: str) -> FormLog:
    """A submission of `detail` checked against its version and stored: a person's, or one a workflow's form
    action makes."""
    check_values(parse_content(detail.content), values)
    return await add_log(db, settings, detail, values, user_name)


def row_dict(row) -> dict[str, Any]:
    return {c.key: getattr(row, c.key) for c in row.__mapper__.column_attrs}


# --- submissions ----------------------------------------------------------------------------------------------

HOOK_EVENTS = ("change", "click", "focus", "blur")
# Event-hook actions whose effect on a field (shown or not, required or not) depends on what the user did.
HOOK_STATE_ACTIONS = {"show", "hide", "require", "optional"}
CHOICES = ("select", "radio", "checkbox", "cascader", "tree")
LISTS = (SUB_TABLE, "daterange", "timerange", "upload", "map")


def hook_targets(fields: list[dict]) -> set[str]:
    """The props an event hook may show, hide, require or free (web/src/designer/hooks.ts)."""
    return {str(hook.get("target")) for column in fields for event in HOOK_EVENTS
            for hook in (column.get(event) or []) if isinstance(column.get(event), list)
            if isinstance(hook, dict) and hook.get("action") in HOOK_STATE_ACTIONS}


def check_values(option: dict, values: dict[str, Any]) -> None:
    """The fill-in rules of spec §5 the server repeats: required fields, patterns, sub-table rows."""
    fields = fields_of(option)
    hooked = hook_targets(fields)
    for column in fields:
        _check_value(column, values.get(column["prop"]), required=column["prop"] not in hooked)


def _check_value(column: dict, value: Any, *, required: bool = True) -> None:
    label = column.get("label") or column["prop"]
    kind = column.get("type") or "input"
    if required and column.get("required") and _empty(value):
        if kind in CHOICES:
            raise BusinessError(f"请选择{label}")
        if kind in LISTS or column.get("dataType") == "array":
            raise BusinessError(f"请输入{label}")
        raise BusinessError(f"{label}必须填写")
    if kind == SUB_TABLE:
        children = (column.get("children") or {}).get("column") or []
        for row in value or []:
            if not isinstance(row, dict):
                raise BusinessError(f"{label}格式不匹配")
            for child in children:
                _check_value(child, row.get(child["prop"]))
        return
    pattern = column.get("pattern")
    if pattern and isinstance(value, str) and value:
        try:
            matched = re.fullmatch(pattern.strip("/"), value) is not None
        except re.error:
            matched = True  # a pattern the server's engine cannot read is left to the console
        if not matched:
            raise BusinessError(f"{label}格式不匹配")


def _empty(value: Any) -> bool:
    return value is None or value == "" or value == []


async def submit_log(db: AsyncSession, settings: Settings, user: Identity, detail_id: int,
                     values: dict[str, Any]) -> FormLog:
    detail = await get_or_raise(db, FormDesignDetail, detail_id)
    log = await add_record(db, settings, detail, values, user.real_name or user.account)
    await db.refresh(log)
    return log


async def add_log(db: AsyncSession, settings: Settings, detail: FormDesignDetail, values: dict[str, Any],
                  user_name: str, at: datetime | None = None) -> FormLog:
    """A submission of `detail` (values already checked) with a value row per field it names, each with the
    text its field showed; `at`: when it was made (now by default)."""
    fields = fields_of(parse_content(detail.content))
    known = {c["prop"] for c in fields}
    kept = {k: v for k, v in values.items() if k in known}
    labels = await choice_labels(db, settings, fields)
    stamp = {"create_time": at} if at else {}
    log = FormLog(design_id=detail.design_id, detail_id=detail.id, version=detail.version, form_name=detail.name,
                  content=json.dumps(kept, ensure_ascii=False), user_name=user_name, **stamp)
    db.add(log)
    await db.flush()
    for sort, column in enumerate(fields):
        if column["prop"] in kept:
            value = kept[column["prop"]]
            db.add(FormLogValue(log_id=log.id, prop=column["prop"], label=column.get("label"),
                                value=value_text(value), text=shown_text(column, value, labels), sort=sort,
                                **stamp))
    await db.flush()
    return log


def value_text(value: Any) -> str | None:
    if value is None:
        return None
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


HOOK_URL = re.compile(r"/form/formhook/getData/(\d+)$")


def _hook_of(column: dict) -> int | None:
    """The hook of a remote-dictionary field: its `hookId`, else the id in its `dicUrl`."""
    if column.get("dicOption") != "remote" and column.get("dicData"):
        return None
    hook_id = str(column.get("hookId") or "")
    if not hook_id.isdigit():
        found = HOOK_URL.search(str(column.get("dicUrl") or ""))
        hook_id = found.group(1) if found else ""
    return int(hook_id) if hook_id.isdigit() and 0 < int(hook_id) < 2**63 else None


async def choice_labels(db: AsyncSession, settings: Settings, fields: list[dict]) -> dict[str, dict[str, str]]:
    """value -> label of each choice field (and sub-table column), by prop path (`table.column` inside one):
    its static options, or its hook's items now. A hook that cannot answer leaves its values as they are."""
    out: dict[str, dict[str, str]] = {}
    answers: dict[int, list[dict]] = {}

    async def visit(column: dict, path: str) -> None:
        if column.get("type") == SUB_TABLE:
            for child in (column.get("children") or {}).get("column") or []:
                await visit(child, f"{path}.{child['prop']}")
            return
        hook_id = _hook_of(column)
        if hook_id is not None:
            if hook_id not in answers:
                try:
                    answers[hook_id] = await hook_data(db, settings, hook_id)
                except (BusinessError, NotFoundError):  # refused, or removed since the design was made
                    answers[hook_id] = []
            items = answers[hook_id]
        else:
            items = column.get("dicData") or []
        labels = {str(i.get("value")): str(i.get("label")) for i in items if isinstance(i, dict)
                  and i.get("label") is not None}
        if labels:
            out[path] = labels

    for field in fields:
        await visit(field, field["prop"])
    return out


def shown_text(column: dict, value: Any, labels: dict[str, dict[str, str]]) -> str | None:
    """The value as its field shows it (choices by their labels, lists joined; a sub-table's rows as JSON with
    labels), or None when that is the stored value itself."""
    path = column["prop"]
    if column.get("type") == SUB_TABLE:
        if not isinstance(value, list):
            return None
        children = (column.get("children") or {}).get("column") or []
        rows = [{**row, **{c["prop"]: _label(labels.get(f"{path}.{c['prop']}"), row.get(c["prop"]))
                           for c in children if c["prop"] in row}} if isinstance(row, dict) else row
                for row in value]
        return value_text(rows) if rows != value else None
    shown = _label(labels.get(path), value)
    return value_text(shown) if shown != value else None


def _label(labels: dict[str, str] | None, value: Any) -> Any:
    if not labels or value is None:
        return value
    if isinstance(value, list):
        return ", ".join(labels.get(str(v), str(v)) for v in value)
    return labels.get(str(value), value)


async def log_values(db: AsyncSession, log_ids: Sequence[int]) -> dict[int, list[FormLogValue]]:
    out: dict[int, list[FormLogValue]] = {}
    if not log_ids:
        return out
    rows = await db.execute(select(FormLogValue).where(FormLogValue.log_id.in_(log_ids))
                            .order_by(FormLogValue.log_id, FormLogValue.sort))
    for value in rows.scalars():
        out.setdefault(value.log_id, []).append(value)
    return out


async def export_rows(db: AsyncSession, logs: Sequence[FormLog]) -> tuple[list[tuple[str, str]], list[dict]]:
    """One sheet row per submission: its form, version, user, time, then one column per field label."""
    values = await log_values(db, [log.id for log in logs])
    columns = [("formName", "表单名称"), ("version", "版本"), ("userName", "填报人"), ("createTime", "填报时间")]
    fields: dict[str, str] = {}
    rows = []
    for log in logs:
        row: dict[str, Any] = {"formName": log.form_name, "version": log.version, "userName": log.user_name,
                               "createTime": log.create_time}
        for value in values.get(log.id, []):
            key = f"f:{value.label or value.prop}"
            fields.setdefault(key, value.label or value.prop)
            row[key] = value.text if value.text is not None else value.value
        rows.append(row)
    return [*columns, *fields.items()], rows


# --- hooks ----------------------------------------------------------------------------------------------------

async def check_hook(db: AsyncSession, settings: Settings, hook: FormHook) -> None:
    if hook.type == "http":
        if not hook.url:
            raise BusinessError("请输入接口地址")
        await outbound.check(settings.outbound_policy, hook.url,
                             tenant=tenancy.writing_tenant(db, hook), kind=OUTBOUND_KIND)
    elif not hook.dict_code:
        raise BusinessError("请输入字典编码")


async def hook_before_save(db: AsyncSession, user: Identity, hook: FormHook, body: Any, created: bool) -> None:
    """The hook resource's before_save: an http hook's address must be public, a dict hook names a code."""
    await check_hook(db, settings_of(db), hook)


async def hooks(db: AsyncSession) -> list[FormHook]:
    return list((await db.execute(select(FormHook).order_by(FormHook.name))).scalars())


async def hook_data(db: AsyncSession, settings: Settings, hook_id: int) -> list[dict]:
    hook = await get_or_raise(db, FormHook, hook_id)
    if hook.type == "dict":
        return await _dict_items(db, hook.dict_code or "")
    params = {p.param_key: p.param_value or "" for p in (await db.execute(
        select(FormHookParams).where(FormHookParams.hook_id == hook.id))).scalars()}
    await outbound.check(settings.outbound_policy, hook.url or "", tenant=hook.tenant_id, kind=OUTBOUND_KIND)
    payload = await asyncio.to_thread(_fetch, settings, hook, params)
    for key in filter(None, (hook.res_path or "").split(".")):
        payload = payload.get(key) if isinstance(payload, dict) else None
    if not isinstance(payload, list):
        raise BusinessError("接口返回的数据不是列表")
    return [{"label": str(item.get(hook.label_key, "")), "value": item.get(hook.value_key)}
            for item in payload[:MAX_ITEMS] if isinstance(item, dict)]


def _fetch(settings: Settings, hook: FormHook, params: dict[str, str]) -> Any:
    http = outbound.pool_manager(settings.outbound_policy.scoped(hook.tenant_id, OUTBOUND_KIND), retries=False)
    try:
        if hook.method == "POST":
            answer = http.request("POST", hook.url or "", body=json.dumps(params), headers={
                "Content-Type": "application/json"})
        else:
            answer = http.request("GET", hook.url or "", fields=params)
    except BusinessError:
        raise
    except Exception:
        raise BusinessError("接口调用失败") from None
    if answer.status >= 400:
        raise BusinessError(f"接口调用失败: HTTP {answer.status}")
    try:
        return json.loads(answer.data)
    except ValueError:
        raise BusinessError("接口返回的不是JSON") from None


async def _dict_items(db: AsyncSession, code: str) -> list[dict]:
    """A business dictionary's items (the tenant's), else the system dictionary's."""
    models: tuple[type[DictBiz] | type[Dict], ...] = (DictBiz, Dict)
    for model in models:
        rows = (await db.execute(select(model.dict_value, model.dict_key).where(
            model.code == code, model.parent_id != 0).order_by(model.sort).limit(MAX_ITEMS))).all()
        if rows:
            return [{"label": label, "value": key} for label, key in rows]
    return []
