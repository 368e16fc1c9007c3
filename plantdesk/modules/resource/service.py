"""Attachments and their storage, OSS and SMS configurations, and logos.

Storage is chosen per tenant: the tenant's enabled blade_oss row (status 2) when there is one, else the
local upload directory. An attachment remembers which storage holds it (`oss_code`), so it can be read and
deleted after the tenant switches storage.
"""

import re
from collections.abc import Sequence

import orjson
from sqlalchemy import Select, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.config import Settings
from plantdesk.core import outbound, tenancy
from plantdesk.core.context import Identity
from plantdesk.core.crud import get_or_raise
from plantdesk.core.errors import BadRequest, BusinessError
from plantdesk.core.query import column_int
from plantdesk.core.storage import LocalStorage, ObjectStorage, S3Storage, check_key, new_key
from plantdesk.db.base import PLATFORM_TENANT
from plantdesk.modules.resource import files, sms
from plantdesk.modules.resource.models import Attach, Logo, Oss, Sms
from plantdesk.modules.resource.schemas import AttachWrite, LogoWrite, OssWrite, SmsWrite, is_masked

ENABLED, DISABLED = 2, 1
LOGO_TYPES = ("BACKEND", "LABEL")
LOGO_MODES = ("LIGHT", "DARK")
PHONE = re.compile(r"^1[3-9][0-9]{9}$")
OUTBOUND_KIND = "oss"  # its connections' kind for core.outbound's grants


# An OSS or SMS configuration table: the same life cycle (one enabled per tenant, masked secrets).
ConfigModel = type[Oss] | type[Sms]


# --- storage ------------------------------------------------------------------------------------------------

async def storage_for(db: AsyncSession, settings: Settings, *, oss_code: str | None = None) -> ObjectStorage:
    """The storage of `oss_code` (an attachment's), or the tenant's enabled one; local when there is none."""
    stmt = select(Oss).where(Oss.oss_code == oss_code) if oss_code else select(Oss).where(Oss.status == ENABLED)
    config = (await db.execute(stmt.limit(1))).scalar_one_or_none()
    if config is None:
        if oss_code:
            raise BusinessError(f"对象存储 [{oss_code}] 不存在")
        return local_storage(settings)
    return S3Storage(code=config.oss_code, endpoint=config.endpoint, access_key=config.access_key,
                     secret_key=config.secret_key, bucket=config.bucket_name, region=config.region,
                     public_endpoint=config.transform_endpoint,
                     policy=settings.outbound_policy.scoped(config.tenant_id, OUTBOUND_KIND))


def local_storage(settings: Settings) -> LocalStorage:
    return LocalStorage(settings.upload_dir)


# --- attachments --------------------------------------------------------------------------------------------

async def upload(db: AsyncSession, settings: Settings, user: Identity, *, filename: str | None, data: bytes,
                 attach: bool = True) -> dict:
    """Check, store and (with `attach`) record one file; answers BladeX's BladeFile."""
    checked = files.check(filename, data, max_bytes=settings.upload_max_bytes)
    storage = await storage_for(db, settings)
    key = new_key(user.tenant_id, checked.extension)
    link = await storage.put(key, checked.data, checked.type.content_type)
    attach_id = None
    if attach:
        row = Attach(link=link, domain_url=storage.domain, name=key, original_name=checked.original_name,
                     extension=checked.extension, attach_size=len(checked.data),
                     content_type=checked.type.content_type, oss_code=storage.code)
        db.add(row)
        await db.flush()
        attach_id = row.id
    return {"link": link, "domain": storage.domain, "name": key, "original_name": checked.original_name,
            "attach_id": attach_id}


async def download(db: AsyncSession, settings: Settings, id_: int) -> tuple[Attach, bytes]:
    row = await get_or_raise(db, Attach, id_)
    storage = await storage_for(db, settings, oss_code=row.oss_code)
    return row, await storage.get(row.name)


async def public_file(settings: Settings, key: str) -> tuple[files.FileType, bytes]:
    """A locally stored object by its (unguessable) key: what a local link points at."""
    check_key(key)
    file_type = files.TYPES.get(key.rsplit(".", 1)[-1].lower())
    if file_type is None:
        raise BusinessError("文件不存在")
    return file_type, await local_storage(settings).get(key)


async def edit_attach(db: AsyncSession, body: AttachWrite) -> Attach:
    row = await get_or_raise(db, Attach, body.id)
    if body.original_name is not None:
        name = files.clean_name(body.original_name)
        if name.rsplit(".", 1)[-1].lower() != (row.extension or ""):
            raise BusinessError("不可修改文件扩展名")
        row.original_name = name
    await db.flush()
    return row


async def remove_attaches(db: AsyncSession, settings: Settings, ids: list[int]) -> None:
    """Removes the rows and the stored objects (an object whose storage is gone is only unlinked)."""
    rows = (await db.execute(select(Attach).where(Attach.id.in_(ids)))).scalars().all()
    for row in rows:
        try:
            storage = await storage_for(db, settings, oss_code=row.oss_code)
        except BusinessError:
            continue
        await storage.delete(row.name)
    await db.execute(update(Attach).where(Attach.id.in_([r.id for r in rows])).values(is_deleted=1)
                     .execution_options(synchronize_session=False))


# --- OSS and SMS configurations ------------------------------------------------------------------------------

async def submit_oss(db: AsyncSession, settings: Settings, body: OssWrite) -> Oss:
    obj = await _config(db, Oss, body, code_field="oss_code", required=(
        ("oss_code", "请输入资源编号"), ("endpoint", "请输入资源地址"), ("bucket_name", "请输入空间名"),
        ("access_key", "请输入accessKey"), ("secret_key", "请输入secretKey")))
    if not re.match(r"^https?://", obj.endpoint) and "/" in obj.endpoint:
        raise BadRequest("资源地址格式错误")
    await outbound.check(settings.outbound_policy, obj.endpoint,
                         tenant=tenancy.writing_tenant(db, obj), kind=OUTBOUND_KIND)
    await db.flush()
    await db.refresh(obj)
    return obj


async def submit_sms(db: AsyncSession, body: SmsWrite) -> Sms:
    obj = await _config(db, Sms, body, code_field="sms_code",
                        required=(("sms_code", "请输入资源编号"), ("template_id", "请输入模版ID")))
    await db.flush()
    await db.refresh(obj)
    return obj


async def enable(db: AsyncSession, model: ConfigModel, id_: int) -> None:
    """Exactly one enabled config per tenant: status 2 for it, 1 for every other."""
    await get_or_raise(db, model, id_)
    await db.execute(update(model).where(model.id != id_).values(status=DISABLED)
                     .execution_options(synchronize_session=False))
    await db.execute(update(model).where(model.id == id_).values(status=ENABLED)
                     .execution_options(synchronize_session=False))


def by_category(model: ConfigModel):
    """A crud list hook: `category` is an exact integer match (the generic filters compare text)."""

    async def narrow(_db: AsyncSession, _user: Identity, stmt: Select, request) -> Select:
        category = request.query_params.get("category")
        if category:
            if not (category.isascii() and category.isdigit()):
                raise BadRequest("请求参数类型错误: category")
            stmt = stmt.where(model.category == column_int(model.category, category, "category"))
        return stmt

    return narrow


async def remove_configs(db: AsyncSession, model: ConfigModel, ids: list[int]) -> None:
    await db.execute(update(model).where(model.id.in_(ids)).values(is_deleted=1)
                     .execution_options(synchronize_session=False))


async def send_message(db: AsyncSession, *, code: str | None, phones: str | None, params: str | None) -> None:
    """Sends through the config `code` (else the enabled one) with its category's provider."""
    numbers = [p.strip() for p in (phones or "").split(",") if p.strip()]
    if not numbers:
        raise BadRequest("请输入手机号")
    bad = [p for p in numbers if not PHONE.match(p)]
    if bad:
        raise BadRequest(f"手机号格式不正确: {bad[0]}")
    if params:
        try:
            if not isinstance(orjson.loads(params), dict):
                raise ValueError
        except ValueError:
            raise BadRequest("短信参数须为 JSON 对象") from None
    stmt = select(Sms).where(Sms.sms_code == code) if code else select(Sms).where(Sms.status == ENABLED)
    config = (await db.execute(stmt.limit(1))).scalar_one_or_none()
    if config is None:
        raise BusinessError("短信配置不存在" if code else "未启用短信配置")
    await sms.provider_for(config.category).send(db, config, numbers, params or "{}")


async def _config(db: AsyncSession, model: ConfigModel, body: OssWrite | SmsWrite, *, code_field: str,
                  required: Sequence[tuple[str, str]]):
    """Insert or update an OSS/SMS config; a secret sent back still masked (or empty) keeps the stored one."""
    values = {k: (v.strip() if isinstance(v, str) else v) for k, v in
              ((name, getattr(body, name)) for name in body.model_fields_set)}
    values.pop("id", None)
    id_ = body.id
    obj = model() if id_ is None else await get_or_raise(db, model, id_)
    for secret in ("access_key", "secret_key"):
        if id_ is not None and (not values.get(secret) or is_masked(values.get(secret))):
            values.pop(secret, None)
    for key, value in values.items():
        setattr(obj, key, value)
    for field, msg in required:
        if not getattr(obj, field, None):
            raise BadRequest(msg)
        if field in ("access_key", "secret_key") and is_masked(getattr(obj, field)):
            raise BadRequest(msg)
    code = getattr(obj, code_field)
    clash = select(model.id).where(getattr(model, code_field) == code)
    if id_ is not None:
        clash = clash.where(model.id != id_)
    if await db.scalar(clash.limit(1)) is not None:
        raise BusinessError(f"资源编号 [{code}] 已存在")
    if id_ is None:
        obj.status = DISABLED
        db.add(obj)
    return obj


# --- logos ---------------------------------------------------------------------------------------------------

async def modify_logo(db: AsyncSession, body: LogoWrite) -> Logo:
    """One logo per type and mode in the caller's tenant: insert or replace."""
    type_, mode = (body.type or "").strip().upper(), (body.mode or "").strip().upper()
    url = (body.url or "").strip()
    if type_ not in LOGO_TYPES:
        raise BadRequest("标志类型只能是 BACKEND 或 LABEL")
    if mode not in LOGO_MODES:
        raise BadRequest("标志模式只能是 LIGHT 或 DARK")
    if not url:
        raise BadRequest("请上传标志图片")
    if not (url.startswith("/") and not url.startswith("//") or re.match(r"^https?://", url)):
        raise BadRequest("标志地址须为站内路径或 http(s) 地址")
    logo = (await db.execute(select(Logo).where(Logo.type == type_, Logo.mode == mode))).scalar_one_or_none()
    if logo is None:
        logo = Logo(type=type_, mode=mode, url=url, document=body.document)
        db.add(logo)
    else:
        logo.url, logo.document = url, body.document
    await db.flush()
    await db.refresh(logo)
    return logo


async def logo_list(db: AsyncSession, tenant_id: str) -> list[Logo]:
    """The tenant's logos over the platform's: a type+mode the tenant has not set falls back to 000000's."""
    chosen: dict[tuple[str, str], Logo] = {}
    for tenant in dict.fromkeys((PLATFORM_TENANT, tenant_id)):
        with tenancy.tenant_scope(db, tenant):
            for logo in (await db.execute(select(Logo).order_by(Logo.id))).scalars():
                chosen[(logo.type, logo.mode)] = logo
    return [chosen[key] for key in sorted(chosen)]
