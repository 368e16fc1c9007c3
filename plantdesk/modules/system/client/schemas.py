"""Wire shapes of application clients."""


from pydantic import Field, field_serializer

from plantdesk.core.envelope import DateTime, Id, Schema

MASK = "******"


class ClientCreated(Schema):
    """The insert response: the only place a client secret is ever sent back."""

    id: Id
    client_id: str
    client_secret: str
    resource_ids: str | None = None
    scope: str
    authorized_grant_types: str
    web_server_redirect_uri: str | None = None
    authorities: str | None = None
    access_token_validity: int
    refresh_token_validity: int
    additional_information: str | None = None
    autoapprove: str | None = None
    status: int | None = None
    create_time: DateTime | None = None


class ClientRead(ClientCreated):
    """Every read masks the secret."""

    @field_serializer("client_secret")
    def _mask(self, _value: str) -> str:
        return MASK


class ClientWrite(Schema):
    id: Id | None = None
    client_id: str = Field("", max_length=48)
    client_secret: str | None = Field(None, max_length=256)
    resource_ids: str | None = Field(None, max_length=256)
    scope: str = Field("all", max_length=256)
    authorized_grant_types: str = Field("refresh_token,password,captcha,social", max_length=256)
    web_server_redirect_uri: str | None = Field(None, max_length=256)
    authorities: str | None = Field(None, max_length=256)
    access_token_validity: int = Field(3600, ge=60, le=10 * 365 * 86400)
    refresh_token_validity: int = Field(604800, ge=60, le=10 * 365 * 86400)
    additional_information: str | None = Field(None, max_length=4096)
    autoapprove: str | None = Field(None, max_length=256)
