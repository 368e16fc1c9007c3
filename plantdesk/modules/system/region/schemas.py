"""Wire shapes of regions."""


from pydantic import Field

from plantdesk.core.envelope import Schema
from plantdesk.modules.system.trees import TreeSchema


class RegionRead(TreeSchema):
    code: str
    parent_code: str
    parent_name: str = ""
    ancestors: str = ""
    name: str
    province_code: str | None = None
    province_name: str | None = None
    city_code: str | None = None
    city_name: str | None = None
    district_code: str | None = None
    district_name: str | None = None
    region_level: int
    sort: int
    remark: str | None = None
    has_children: bool | None = None


class RegionWrite(Schema):
    code: str = Field("", max_length=12, pattern="^[0-9A-Za-z]*$")
    parent_code: str = Field("00", max_length=12)
    name: str = Field("", max_length=32)
    sort: int = Field(1, ge=0, le=100000)
    remark: str | None = Field(None, max_length=255)


class RegionNode(TreeSchema):
    id: str
    parent_id: str
    title: str
    key: str
    value: str
    has_children: bool | None = None
