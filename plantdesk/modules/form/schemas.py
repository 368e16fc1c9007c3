"""Wire shapes of /api/form (camelCase, ids as strings, BladeX paging)."""

from typing import Any

from pydantic import Field

from plantdesk.core.envelope import DateTime, Id, Schema, TenantRowRead


class FormCatalogueRead(TenantRowRead):
    parent_id: Id = 0
    name: str
    sort: int = 0
    remark: str | None = None


class FormCatalogueWrite(Schema):
    id: Id | None = None
    parent_id: Id | None = None
    name: str = Field(min_length=1, max_length=128)
    sort: int | None = Field(None, ge=0, le=1_000_000)
    remark: str | None = Field(None, max_length=500)


class FormCatalogueNode(FormCatalogueRead):
    children: list["FormCatalogueNode"] = []


class FormDesignRead(TenantRowRead):
    catalogue_id: Id = 0
    catalogue_name: str | None = None
    name: str
    content: str
    version: int = 0
    remark: str | None = None


class FormDesignWrite(Schema):
    """`content` is the designer's option JSON (text); saving it makes the design a draft again."""

    id: Id | None = None
    catalogue_id: Id | None = None
    name: str = Field(min_length=1, max_length=128)
    content: str | None = Field(None, max_length=1_000_000)
    remark: str | None = Field(None, max_length=500)


class FormDesignDetailRead(TenantRowRead):
    design_id: Id
    version: int
    name: str
    content: str
    remark: str | None = None


class FormPublish(Schema):
    """formdesigndetail/submit: publish the design's draft as its next version."""

    id: Id | None = None
    design_id: Id
    remark: str | None = Field(None, max_length=500)


class PublishedForm(Schema):
    """A form a user can fill in: the latest published version of a design."""

    design_id: Id
    detail_id: Id
    catalogue_id: Id = 0
    name: str
    version: int
    content: str
    update_time: DateTime | None = None


class FormLogRead(TenantRowRead):
    design_id: Id
    detail_id: Id
    version: int
    form_name: str
    content: str
    user_name: str | None = None


class FormLogSubmit(Schema):
    """A filled-in form: the published version (`detailId`) and the values by prop."""

    detail_id: Id
    values: dict[str, Any]


class FormLogValueRead(TenantRowRead):
    log_id: Id
    prop: str
    label: str | None = None
    value: str | None = None
    text: str | None = Field(None, description="The value as the field showed it (a choice's labels), if not value")
    sort: int = 0


class FormHookRead(TenantRowRead):
    name: str
    type: str = "dict"
    url: str | None = None
    method: str = "GET"
    res_path: str | None = None
    dict_code: str | None = None
    label_key: str = "label"
    value_key: str = "value"
    remark: str | None = None


class FormHookWrite(Schema):
    id: Id | None = None
    name: str = Field(min_length=1, max_length=128)
    type: str = Field("dict", pattern=r"^(http|dict)$")
    url: str | None = Field(None, max_length=500)
    method: str = Field("GET", pattern=r"^(GET|POST)$")
    res_path: str | None = Field(None, max_length=128)
    dict_code: str | None = Field(None, max_length=128)
    label_key: str = Field("label", min_length=1, max_length=64)
    value_key: str = Field("value", min_length=1, max_length=64)
    remark: str | None = Field(None, max_length=500)


class FormHookParamRead(TenantRowRead):
    hook_id: Id
    param_name: str
    param_key: str
    param_value: str | None = None


class FormHookParamWrite(Schema):
    id: Id | None = None
    hook_id: Id
    param_name: str = Field(min_length=1, max_length=64)
    param_key: str = Field(min_length=1, max_length=64)
    param_value: str | None = Field(None, max_length=500)


class FormDictItem(Schema):
    label: str
    value: Any


class FormApiOption(Schema):
    """listApis: a hook as the designer's remote-dictionary select shows it."""

    id: Id
    name: str
    type: str
    url: str
