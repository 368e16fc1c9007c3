"""Login rules of spec §4: the password mode, the reset flag and the password period.

The server only ever sees md5 hex, so the safety rule (length and character classes) is checked by the
console against the typed password; the server tells it the rule in the token body's `config`.
"""

from dataclasses import dataclass
from datetime import datetime, timedelta

RESET_MSG = "密码已被重置为初始密码,请设置新密码"
SAFETY_MSG = "密码规则已更新,请重新设置密码"
PERIOD_MSG = "当前密码使用已超过有效期,请重新设置密码"
CONTENT_CLASSES = ("num", "letter", "character")


@dataclass(frozen=True)
class PasswordMode:
    type: str = "normal"
    length: int = 6
    content: tuple[str, ...] = ()

    @classmethod
    def parse(cls, raw: str) -> "PasswordMode":
        """`normal`, or `safety,<length>,<class>,<class>...` (spec §3: type, length, content)."""
        parts = [part.strip() for part in (raw or "").split(",") if part.strip()]
        if not parts or parts[0] != "safety":
            return cls()
        length = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 6
        content = tuple(part for part in parts[2:] if part in CONTENT_CLASSES)
        return cls("safety", min(max(length, 6), 20), content)

    def to_wire(self) -> str | dict:
        if self.type != "safety":
            return "normal"
        return {"type": self.type, "length": self.length, "content": ",".join(self.content)}


def login_config(*, mode: PasswordMode, need_reset: bool, password_time: datetime | None, period_days: int,
                 exempt: bool) -> dict:
    """Roles whose alias contains `admin` skip every rule (spec §4, §6)."""
    expired = bool(period_days and password_time and datetime.now() - password_time > timedelta(days=period_days))
    return {
        "passwordMode": mode.to_wire(),
        "reset": {"needRest": need_reset and not exempt, "msg": RESET_MSG},
        "passwordPeriod": {"expire": expired and not exempt, "msg": PERIOD_MSG},
    }
