"""/api/blade-resource: attachments (upload, download), OSS and SMS configs, logos."""

from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, Body, File, Query, Request, UploadFile
from fastapi.responses import Response

from plantdesk.core.context import Identity
from plantdesk.core.crud import Resource, crud_router, parse_ids, request_ids
from plantdesk.core.deps import TOKEN_IN_LINK, CurrentUser, Db, IdQuery, Rt, TenantDb, form_or_query, need
from plantdesk.core.envelope import R, ok
from plantdesk.core.routing import include
from plantdesk.db.base import PLATFORM_TENANT
from plantdesk.modules.resource import service
from plantdesk.modules.resource.models import Attach, Oss, Sms
from plantdesk.modules.resource.schemas import (
    AttachRead,
    AttachWrite,
    BladeFile,
    LogoRead,
    LogoWrite,
    OssRead,
    OssWrite,
    SmsRead,
    SmsWrite,
)

PREFIX = "/blade-resource"
FILE_RESPONSE: dict[int | str, dict[str, Any]] = {
    200: {"content": {"application/octet-stream": {}}, "description": "the file"}}

# --- attachments --------------------------------------------------------------------------------------------
ATTACH = Resource(
    name="attach", model=Attach, read=AttachRead, write=AttachWrite,
    filters={"originalName": Attach.original_name, "extension": Attach.extension, "name": Attach.name},
    sorts={"create_time": Attach.create_time, "attach_size": Attach.attach_size,
           "original_name": Attach.original_name},
    ranges={"createTime": Attach.create_time},
    order=(Attach.create_time.desc(),),
)
attach = crud_router(ATTACH, f"{PREFIX}/attach", ops=("list", "detail"), tags=["attach"])


@attach.post("/submit", response_model=R[AttachRead])
async def attach_submit(db: TenantDb, body: Annotated[AttachWrite, Body()], user: Identity = need("attach_upload")):
    """Metadata edit only (the display name); the stored object never changes."""
    return ok(await service.edit_attach(db, body))


@attach.post("/remove", response_model=R[bool])
async def attach_remove(request: Request, db: TenantDb, rt: Rt, user: Identity = need("attach_delete")):
    """Removes the rows and deletes the stored objects."""
    await service.remove_attaches(db, rt.settings, await request_ids(request))
    return ok(True)


@attach.post("/put-file", response_model=R[BladeFile])
async def attach_put_file(db: Db, rt: Rt, file: Annotated[UploadFile, File()],
                          user: Identity = need("attach_upload")):
    """The attachment screen's upload (multipart `file`): checked, stored and recorded."""
    return ok(await _upload(db, rt, user, file, attach=True))


@attach.get("/download", response_class=Response, responses=FILE_RESPONSE, dependencies=[TOKEN_IN_LINK])
async def attach_download(db: TenantDb, rt: Rt, id: IdQuery, user: Identity = need("attach_download", "attach")):
    row, data = await service.download(db, rt.settings, id)
    return _file(data, row.content_type or "application/octet-stream", row.original_name, inline=False)


# --- generic uploads (avatar, forms, rich text, logos): any logged-in user, as BladeX's oss endpoint ---------
endpoint = APIRouter(prefix=f"{PREFIX}/oss/endpoint", tags=["oss"])


@endpoint.post("/put-file-attach", response_model=R[BladeFile])
async def put_file_attach(db: Db, rt: Rt, user: CurrentUser, file: Annotated[UploadFile, File()]):
    """BladeX path: store and record as an attachment."""
    return ok(await _upload(db, rt, user, file, attach=True))


@endpoint.post("/put-file", response_model=R[BladeFile])
async def put_file(db: Db, rt: Rt, user: CurrentUser, file: Annotated[UploadFile, File()]):
    """BladeX path: store only (no attachment row)."""
    return ok(await _upload(db, rt, user, file, attach=False))


files = APIRouter(prefix=f"{PREFIX}/oss/file", tags=["oss"])


@files.get("/{key:path}", response_class=Response, responses=FILE_RESPONSE)
async def public_file(rt: Rt, key: str):
    """What a locally stored object's link points at. Public like a public bucket: keys are random."""
    file_type, data = await service.public_file(rt.settings, key)
    return _file(data, file_type.content_type, key.rsplit("/", 1)[-1], inline=file_type.inline)


# --- OSS and SMS configs ------------------------------------------------------------------------------------
OSS = Resource(name="oss", model=Oss, read=OssRead, write=OssWrite,
               filters={"ossCode": Oss.oss_code, "endpoint": Oss.endpoint, "bucketName": Oss.bucket_name},
               statement=service.by_category(Oss),
               sorts={"create_time": Oss.create_time, "oss_code": Oss.oss_code}, order=(Oss.status.desc(),))
oss = crud_router(OSS, f"{PREFIX}/oss", ops=("list", "detail"), tags=["oss"])


@oss.post("/submit", response_model=R[OssRead])
async def oss_submit(db: TenantDb, rt: Rt, body: Annotated[OssWrite, Body()],
                     user: Identity = need("oss_add", "oss_edit")):
    """Secrets come back masked on read; sending a masked or empty secret keeps the stored one. The endpoint
    must be a public address unless the platform allows it (core.outbound)."""
    return ok(await service.submit_oss(db, rt.settings, body))


def _config_actions(router, model: service.ConfigModel, name: str) -> None:
    """remove and enable, the same for OSS and SMS configs: enabling one disables the tenant's others."""

    @router.post("/remove", response_model=R[bool], name=f"{name}_remove")
    async def remove(request: Request, db: TenantDb, user: Identity = need(f"{name}_delete")):
        await service.remove_configs(db, model, await request_ids(request))
        return ok(True)

    @router.post("/enable", response_model=R[bool], name=f"{name}_enable")
    async def enable(request: Request, db: TenantDb, user: Identity = need(f"{name}_enable")):
        await service.enable(db, model, _one_id(await form_or_query(request, "id")))
        return ok(True)


_config_actions(oss, Oss, "oss")


SMS = Resource(name="sms", model=Sms, read=SmsRead, write=SmsWrite,
               filters={"smsCode": Sms.sms_code, "templateId": Sms.template_id},
               statement=service.by_category(Sms),
               sorts={"create_time": Sms.create_time, "sms_code": Sms.sms_code}, order=(Sms.status.desc(),))
sms = crud_router(SMS, f"{PREFIX}/sms", ops=("list", "detail"), tags=["sms"])


@sms.post("/submit", response_model=R[SmsRead])
async def sms_submit(db: TenantDb, body: Annotated[SmsWrite, Body()], user: Identity = need("sms_add", "sms_edit")):
    return ok(await service.submit_sms(db, body))


_config_actions(sms, Sms, "sms")


@sms.post("/endpoint/send-message", response_model=R[bool])
async def send_message(request: Request, db: Db, user: Identity = need("sms_send")):
    """`code` (an SMS config; default the enabled one), `phones` (comma list), `params` (JSON object text)."""
    await service.send_message(db, code=await form_or_query(request, "code"),
                               phones=await form_or_query(request, "phones"),
                               params=await form_or_query(request, "params"))
    return ok(True, "发送成功")


# --- logos --------------------------------------------------------------------------------------------------
logo = APIRouter(prefix=f"{PREFIX}/logo", tags=["logo"])


@logo.post("/modify", response_model=R[LogoRead])
async def logo_modify(db: Db, body: Annotated[LogoWrite, Body()], user: Identity = need("logo_edit")):
    """JSON {type BACKEND|LABEL, mode LIGHT|DARK, url, document}: one logo per type and mode per tenant."""
    return ok(await service.modify_logo(db, body))


@logo.get("/list", response_model=R[list[LogoRead]])
async def logo_list(db: Db, tenant_id: Annotated[str, Query(alias="tenantId", pattern=r"^[0-9A-Za-z]{1,12}$")]
                    = PLATFORM_TENANT):
    """Public (the login page needs the favicon before login): a tenant's logos over the platform's."""
    return ok(await service.logo_list(db, tenant_id))


async def _upload(db, rt, user: Identity, file: UploadFile, *, attach: bool) -> dict:
    data = await file.read(rt.settings.upload_max_bytes + 1)
    return await service.upload(db, rt.settings, user, filename=file.filename, data=data, attach=attach)


def _one_id(raw: str | None) -> int:
    ids = parse_ids(raw)
    return ids[0]


def _file(data: bytes, content_type: str, filename: str, *, inline: bool) -> Response:
    disposition = "inline" if inline else "attachment"
    return Response(data, media_type=content_type, headers={
        "Content-Disposition": f"{disposition}; filename*=UTF-8''{quote(filename)}",
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'; sandbox",
    })


router = APIRouter()
include(router, attach, endpoint, files, oss, sms, logo)
