"""The topology area's menus and the protocol type dictionary."""

from plantdesk.core.menus import CRUD, menu

# fmt: off
MENUS: list[dict] = [
    menu("topology", "拓扑管理", "Topology", "/topology", "ShareAltOutlined", 16, [
        menu("protocol", "拓扑协议", "Protocols", "/topology/protocol", "FileProtectOutlined", 1,
             buttons=CRUD),
        menu("topology_management", "拓扑管理", "Topologies", "/topology/management", "GatewayOutlined", 2,
             buttons=CRUD),
    ]),
]
# fmt: on

DICTS: list[dict] = [
    {
        "code": "topology_protocol_type",
        "sort": 23,
        "name": "拓扑协议类型",
        "name_en": "Topology protocol type",
        "items": [
            ("fieldbus", "现场总线", "Field bus"),
            ("ethernet", "工业以太网", "Industrial Ethernet"),
            ("wireless", "无线", "Wireless"),
            ("it", "信息网络", "IT network"),
        ],
    },
]
