"""The cameras area's menu and the camera brand dictionary."""

from plantdesk.core.menus import CRUD, menu

# fmt: off
MENUS: list[dict] = [
    menu("video", "视频监控", "Cameras", "/video", "VideoCameraOutlined", 15, [
        menu("camera", "视频接口", "Video interface", "/video/camera", "CameraOutlined", 1, buttons=CRUD),
    ]),
]
# fmt: on

DICTS: list[dict] = [
    {
        "code": "camera_brand",
        "sort": 22,
        "name": "摄像头品牌",
        "name_en": "Camera brand",
        "items": [
            ("hikvision", "海康威视", "Hikvision"),
            ("dahua", "大华", "Dahua"),
            ("uniview", "宇视", "Uniview"),
            ("axis", "安讯士", "Axis"),
            ("other", "其他", "Other"),
        ],
    },
]
