"""The resource area's menus: attachments, object storage and SMS, and the logos screen under the system catalogue.

The shapes are core.menus' and system.dict.seeds'; core.areas assembles them with every other area's.
"""

from plantdesk.core.menus import CRUD, DELETE, ROW, TOOLBAR, VIEW, button, menu

LOGO_BUTTONS = [button("edit", "修改", "Edit", ROW), VIEW]
ENABLE = button("enable", "启用", "Enable", ROW)
OSS_BUTTONS = [*CRUD, ENABLE]
SMS_BUTTONS = [*CRUD, ENABLE, button("send", "发送", "Send test message", ROW)]
ATTACH_BUTTONS = [
    button("upload", "上传", "Upload", TOOLBAR),
    button("download", "下载", "Download", ROW),
    DELETE,
    VIEW,
]

# Hand-aligned so that each screen is one row; keep ruff format away from it.
# fmt: off
MENUS: list[dict] = [
    menu("resource", "资源管理", "Resources", "/resource", "FolderOutlined", 4, [
        menu("attach", "附件管理", "Attachments", "/resource/attach", "PaperClipOutlined", 1,
             buttons=ATTACH_BUTTONS),
        menu("oss", "对象存储", "Object storage", "/resource/oss", "CloudServerOutlined", 2,
             buttons=OSS_BUTTONS),
        menu("sms", "短信配置", "SMS", "/resource/sms", "MessageOutlined", 3, buttons=SMS_BUTTONS),
    ]),
    menu("logo", "标志管理", "Logos", "/system/logo", "PictureOutlined", 16, buttons=LOGO_BUTTONS, parent="system"),
]
# fmt: on

DICTS: list[dict] = [
    # OSS categories. Keys 1-4 keep the BladeX meaning; every one of them is reached through an S3-compatible
    # endpoint (MinIO, Qiniu Kodo, Aliyun OSS and Tencent COS all speak S3), and 5 is any other S3 endpoint.
    {
        "code": "oss",
        "sort": 13,
        "name": "对象存储类型",
        "name_en": "Object storage type",
        "items": [("1", "minio"), ("2", "qiniu"), ("3", "ali"), ("4", "tencent"), ("5", "s3")],
    },
    # SMS categories; 5 "log" (the default) only records messages in a table and sends nothing.
    {
        "code": "sms",
        "sort": 14,
        "name": "短信服务类型",
        "name_en": "SMS provider",
        "items": [("1", "yunpian"), ("2", "qiniu"), ("3", "ali"), ("4", "tencent"), ("5", "log")],
    },
]
