"""Seed data: system dictionary (table blade_dict) and business dictionary (blade_dict_biz, per tenant).

Each entry is one parent row (parent_id 0, dict_value = ``name``; BladeX stores the parent with dict_key
"-1") and one child row per item, in the listed order (sort 1, 2, ...). Items are ``(dict_key, dict_value)``
strings.

Facts: bladex-contract.md §10 lists the BladeX dictionary codes (sex, notice, menu_category, button_func,
yes_no (1 否, 2 是), data_scope_type, api_scope_type, post_category, region, flow, org_category,
scope_category, oss, sms, user_type, datasource_category); SPEC §7/§9 add the data-point class dictionary
(code "1005", the dictionary-tree default) and the structure tree (code "2001"); the industrial codes
(device_status, alarm_level) and the business dictionaries are PlantDesk's own.
"""

DICTS: list[dict] = [
    {"code": "sex", "name": "性别", "items": [("1", "男"), ("2", "女"), ("3", "未知")]},
    {
        "code": "notice",
        "name": "通知类型",
        "items": [
            ("1", "发布通知"),
            ("2", "批转通知"),
            ("3", "转发通知"),
            ("4", "指示通知"),
            ("5", "任免通知"),
            ("6", "事务通知"),
            ("7", "其他通知"),
        ],
    },
    {"code": "menu_category", "name": "菜单类型", "items": [("1", "菜单"), ("2", "按钮")]},
    {
        "code": "button_func",
        "name": "按钮功能",
        "items": [("1", "工具栏"), ("2", "操作栏"), ("3", "工具操作栏")],
    },
    # BladeX keys: 1 = no, 2 = yes (not 0/1).
    {"code": "yes_no", "name": "是否", "items": [("1", "否"), ("2", "是")]},
    # Menu is_open: 2 opens the entry in a new window (external link).
    {"code": "menu_open", "name": "新窗口打开", "items": [("1", "否"), ("2", "是")]},
    {
        "code": "data_scope_type",
        "name": "数据权限类型",
        "items": [
            ("1", "全部可见"),
            ("2", "本人可见"),
            ("3", "所在机构可见"),
            ("4", "所在机构及子级可见"),
            ("5", "自定义"),
        ],
    },
    {"code": "api_scope_type", "name": "接口权限类型", "items": [("1", "系统接口"), ("2", "业务接口")]},
    {"code": "scope_category", "name": "权限类型", "items": [("1", "数据权限"), ("2", "接口权限")]},
    {
        "code": "post_category",
        "name": "岗位类型",
        "items": [("1", "高层"), ("2", "中层"), ("3", "基层"), ("4", "其他")],
    },
    {"code": "org_category", "name": "机构类型", "items": [("1", "公司"), ("2", "部门"), ("3", "小组")]},
    # Region levels (blade_region.region_level).
    {
        "code": "region",
        "name": "行政区划",
        "items": [("1", "省份"), ("2", "地市"), ("3", "区县"), ("4", "乡镇"), ("5", "村委")],
    },
    # OSS categories. Keys 1-4 keep the BladeX meaning; every one of them is reached through an S3-compatible
    # endpoint (MinIO, Qiniu Kodo, Aliyun OSS and Tencent COS all speak S3), and 5 is any other S3 endpoint.
    {
        "code": "oss",
        "name": "对象存储类型",
        "items": [("1", "minio"), ("2", "qiniu"), ("3", "ali"), ("4", "tencent"), ("5", "s3")],
    },
    # SMS categories; 5 "log" (the default) only records messages in a table and sends nothing.
    {
        "code": "sms",
        "name": "短信服务类型",
        "items": [("1", "yunpian"), ("2", "qiniu"), ("3", "ali"), ("4", "tencent"), ("5", "log")],
    },
    {"code": "user_type", "name": "用户平台", "items": [("1", "WEB"), ("2", "APP"), ("3", "OTHER")]},
    {
        "code": "datasource_category",
        "name": "数据源类型",
        "items": [("1", "PostgreSQL"), ("2", "MySQL"), ("3", "SQLite")],
    },
    # Workflow categories. A process definition's category is "flow_<key>"; the console routes a category to
    # its form with the item's remark (see DICT_REMARKS), e.g. flow_1 -> /work/process/leave.
    {
        "code": "flow",
        "name": "流程类型",
        "items": [("1", "请假流程"), ("2", "设备维修流程"), ("3", "告警处置流程"), ("4", "其他流程")],
    },
    {
        "code": "device_status",
        "name": "设备状态",
        "items": [("0", "离线"), ("1", "在线"), ("2", "故障"), ("3", "维修")],
    },
    # Labels for alarm severity. The tenant-editable alarm_level table (industrial.md §1.2) is separate.
    {
        "code": "alarm_level",
        "name": "告警级别",
        "items": [("1", "提示"), ("2", "一般"), ("3", "重要"), ("4", "紧急")],
    },
    # SPEC §9: data-point class dictionary, default code 1005 (dictionary-tree?code=1005).
    {
        "code": "1005",
        "name": "数据点位分类",
        "items": [("1", "模拟量"), ("2", "开关量"), ("3", "累计量"), ("4", "状态量")],
    },
    # SPEC §7: structure tree, default code 2001 (equipment structure levels, outermost first).
    {
        "code": "2001",
        "name": "设备结构",
        "items": [("1", "工厂"), ("2", "车间"), ("3", "产线"), ("4", "工段"), ("5", "设备"), ("6", "部件")],
    },
]

# Remarks for single items, keyed by (code, dict_key). Only the workflow route needs one: the console builds
# routeKey = f"{code}_{dict_key}" and routeValue = remark (SPEC §3 "Flow route").
DICT_REMARKS: dict[tuple[str, str], str] = {
    ("flow", "1"): "leave",
}

# Business dictionaries, seeded for each tenant (platform 000000 and the demo tenant).
BIZ_DICTS: list[dict] = [
    {
        "code": "plant_area",
        "name": "车间区域",
        "items": [
            ("1", "原料车间"),
            ("2", "合成车间"),
            ("3", "精馏车间"),
            ("4", "包装车间"),
            ("5", "成品仓库"),
        ],
    },
    {"code": "shift", "name": "班次", "items": [("1", "早班"), ("2", "中班"), ("3", "夜班")]},
    # SPEC §3: the camera brand comes from a dictionary.
    {
        "code": "camera_brand",
        "name": "摄像头品牌",
        "items": [("1", "海康威视"), ("2", "大华"), ("3", "宇视")],
    },
    {
        "code": "maintenance_type",
        "name": "维保类型",
        "items": [("1", "日常点检"), ("2", "定期保养"), ("3", "故障维修"), ("4", "大修")],
    },
    {
        "code": "measure_unit",
        "name": "计量单位",
        "items": [("1", "℃"), ("2", "MPa"), ("3", "m³/h"), ("4", "kW·h"), ("5", "%")],
    },
]
