"""Resources: attachments, object storage (local or S3-compatible) and SMS configurations."""

from plantdesk.core.areas import Area

AREA = Area("resource", routers=("router",), models=("models",))
