"""The request's identity, rebuilt from the access token's claims (no per-request user reload)."""

from dataclasses import dataclass, field

from plantdesk.db.base import PLATFORM_TENANT

ADMINISTRATOR = "administrator"
ADMIN = "admin"


def _ids(raw: str | None) -> tuple[int, ...]:
    return tuple(int(part) for part in (raw or "").split(",") if part.strip().lstrip("-").isdigit())


@dataclass(frozen=True, slots=True)
class Identity:
    user_id: int
    tenant_id: str
    account: str
    client_id: str
    session_id: int
    role_ids: tuple[int, ...] = ()
    role_names: tuple[str, ...] = ()
    dept_ids: tuple[int, ...] = ()
    post_ids: tuple[int, ...] = ()
    real_name: str = ""
    claims: dict = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def from_claims(cls, claims: dict) -> "Identity":
        return cls(
            user_id=int(claims["user_id"]),
            tenant_id=claims["tenant_id"],
            account=claims.get("account", ""),
            client_id=claims.get("client_id", ""),
            session_id=int(claims["sid"]),
            role_ids=_ids(claims.get("role_id")),
            role_names=tuple(filter(None, (claims.get("role_name") or "").split(","))),
            dept_ids=_ids(claims.get("dept_id")),
            post_ids=_ids(claims.get("post_id")),
            real_name=claims.get("real_name", ""),
            claims=claims,
        )

    @property
    def dept_id(self) -> int | None:
        return self.dept_ids[0] if self.dept_ids else None

    @property
    def is_administrator(self) -> bool:
        return ADMINISTRATOR in self.role_names

    @property
    def is_admin(self) -> bool:
        """BladeX's test: any role alias containing `admin` (administrator included) skips rules and scopes."""
        return any(ADMIN in name for name in self.role_names)

    @property
    def is_platform(self) -> bool:
        return self.tenant_id == PLATFORM_TENANT

    @property
    def is_platform_admin(self) -> bool:
        return self.is_platform and self.is_administrator
