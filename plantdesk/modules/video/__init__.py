"""Cameras (视频监控): the tenant's cameras with the stream addresses a plant's media gateway serves (HLS, HTTP-FLV,
WebRTC, or a file the browser plays itself), each optionally linked to a device. PlantDesk plays what the
gateway serves in the browser and never transcodes RTSP (docs/reference/cameras.md)."""

from plantdesk.core.areas import Area


def _seeds():
    from plantdesk.modules.video import seeds

    return seeds


AREA = Area("video", depends=("system", "device"), routers=("router",), models=("models",),
            menus=lambda: _seeds().MENUS, dicts=lambda: _seeds().DICTS)
