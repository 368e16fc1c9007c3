"""The plant home (首页): the plant at a glance for the caller (devices by state, open alarms, the key points' last
24 hours, today's OEE and production, my tasks), each section only when the caller may read its screen, and the
caller's own arrangement of the cards."""

from plantdesk.core.areas import Area

AREA = Area("home", depends=("system", "desk", "device", "alarm", "product", "flow"), routers=("router",),
            models=("models",))
