"""Sign-in: tokens and their refresh, captcha, logout, password policy prompts, online sessions."""

from plantdesk.core.areas import Area

AREA = Area("auth", depends=("system", "user"), routers=("router",))
