"""The forms area: catalogue, form designs and their published versions, hooks (remote dictionaries), and the
log of every submission with its values."""

from plantdesk.core.areas import Area

AREA = Area("form", depends=("system", "resource"), routers=("router",), models=("models",))
