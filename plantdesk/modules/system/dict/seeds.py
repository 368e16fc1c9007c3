"""Seed data: system dictionary (table blade_dict) and business dictionary (blade_dict_biz, per tenant).

Each entry is one parent row (parent_id 0, dict_value = ``name``, dict_value_en = ``name_en``; BladeX stores
the parent with dict_key "-1") and one child row per item, in the listed order (sort 1, 2, ...). Items are
``(dict_key, dict_value, dict_value_en)`` strings; a label that reads the same in English (minio, WEB, MPa)
is a pair ``(dict_key, dict_value)`` and has no English label.

Facts: bladex-contract.md §10 lists the BladeX dictionary codes (sex, notice, menu_category, button_func,
yes_no (1 否, 2 是), data_scope_type, api_scope_type, post_category, region, flow, org_category,
scope_category, oss, sms, user_type, datasource_category); SPEC §7/§9 add the data-point class dictionary
(code "1005", the dictionary-tree default) and the structure tree (code "2001"); the industrial codes
(device_status, alarm_level) and the business dictionaries are PlantDesk's own.
"""

DICTS: list[dict] = [
    {
        "code": "sex",
        "name": "性别",
        "name_en": "Sex",
        "items": [("1", "男", "Male"), ("2", "女", "Female"), ("3", "未知", "Unknown")],
    },
    {
        "code": "notice",
        "name": "通知类型",
        "name_en": "Notice type",
        "items": [
            ("1", "发布通知", "Announcement"),
            ("2", "批转通知", "Approval notice"),
            ("3", "转发通知", "Forwarded notice"),
            ("4", "指示通知", "Instruction"),
            ("5", "任免通知", "Appointment notice"),
            ("6", "事务通知", "Affairs notice"),
            ("7", "其他通知", "Other notice"),
        ],
    },
    {
        "code": "menu_category",
        "name": "菜单类型",
        "name_en": "Menu type",
        "items": [("1", "菜单", "Menu"), ("2", "按钮", "Button")],
    },
    {
        "code": "button_func",
        "name": "按钮功能",
        "name_en": "Button function",
        "items": [("1", "工具栏", "Toolbar"), ("2", "操作栏", "Row actions"), ("3", "工具操作栏", "Toolbar and row")],
    },
    # BladeX keys: 1 = no, 2 = yes (not 0/1).
    {"code": "yes_no", "name": "是否", "name_en": "Yes / no", "items": [("1", "否", "No"), ("2", "是", "Yes")]},
    # Menu is_open: 2 opens the entry in a new window (external link).
    {
        "code": "menu_open",
        "name": "新窗口打开",
        "name_en": "Open in new window",
        "items": [("1", "否", "No"), ("2", "是", "Yes")],
    },
    {
        "code": "data_scope_type",
        "name": "数据权限类型",
        "name_en": "Data scope type",
        "items": [
            ("1", "全部可见", "All"),
            ("2", "本人可见", "Own only"),
            ("3", "所在机构可见", "Own department"),
            ("4", "所在机构及子级可见", "Own department and below"),
            ("5", "自定义", "Custom"),
        ],
    },
    {
        "code": "api_scope_type",
        "name": "接口权限类型",
        "name_en": "API scope type",
        "items": [("1", "系统接口", "System API"), ("2", "业务接口", "Business API")],
    },
    {
        "code": "scope_category",
        "name": "权限类型",
        "name_en": "Scope type",
        "items": [("1", "数据权限", "Data scope"), ("2", "接口权限", "API scope")],
    },
    {
        "code": "post_category",
        "name": "岗位类型",
        "name_en": "Post category",
        "items": [("1", "高层", "Senior"), ("2", "中层", "Middle"), ("3", "基层", "Junior"), ("4", "其他", "Other")],
    },
    {
        "code": "org_category",
        "name": "机构类型",
        "name_en": "Organisation type",
        "items": [("1", "公司", "Company"), ("2", "部门", "Department"), ("3", "小组", "Team")],
    },
    # Region levels (blade_region.region_level).
    {
        "code": "region",
        "name": "行政区划",
        "name_en": "Region level",
        "items": [
            ("1", "省份", "Province"),
            ("2", "地市", "City"),
            ("3", "区县", "District"),
            ("4", "乡镇", "Township"),
            ("5", "村委", "Village"),
        ],
    },
    # OSS categories. Keys 1-4 keep the BladeX meaning; every one of them is reached through an S3-compatible
    # endpoint (MinIO, Qiniu Kodo, Aliyun OSS and Tencent COS all speak S3), and 5 is any other S3 endpoint.
    {
        "code": "oss",
        "name": "对象存储类型",
        "name_en": "Object storage type",
        "items": [("1", "minio"), ("2", "qiniu"), ("3", "ali"), ("4", "tencent"), ("5", "s3")],
    },
    # SMS categories; 5 "log" (the default) only records messages in a table and sends nothing.
    {
        "code": "sms",
        "name": "短信服务类型",
        "name_en": "SMS provider",
        "items": [("1", "yunpian"), ("2", "qiniu"), ("3", "ali"), ("4", "tencent"), ("5", "log")],
    },
    {
        "code": "user_type",
        "name": "用户平台",
        "name_en": "User platform",
        "items": [("1", "WEB"), ("2", "APP"), ("3", "OTHER")],
    },
    {
        "code": "datasource_category",
        "name": "数据源类型",
        "name_en": "Data source type",
        "items": [("1", "PostgreSQL"), ("2", "MySQL"), ("3", "SQLite")],
    },
    # Workflow categories. A process definition's category is "flow_<key>"; the console routes a category to
    # its form with the item's remark (see DICT_REMARKS), e.g. flow_1 -> /work/process/leave.
    {
        "code": "flow",
        "name": "流程类型",
        "name_en": "Process type",
        "items": [
            ("1", "请假流程", "Leave"),
            ("2", "设备维修流程", "Equipment repair"),
            ("3", "告警处置流程", "Alarm handling"),
            ("4", "其他流程", "Other"),
        ],
    },
    {
        "code": "device_status",
        "name": "设备状态",
        "name_en": "Device status",
        "items": [
            ("0", "离线", "Offline"),
            ("1", "在线", "Online"),
            ("2", "故障", "Fault"),
            ("3", "维修", "Under repair"),
        ],
    },
    # Labels for alarm severity. The tenant-editable alarm_level table (industrial.md §1.2) is separate.
    {
        "code": "alarm_level",
        "name": "告警级别",
        "name_en": "Alarm level",
        "items": [("1", "提示", "Info"), ("2", "一般", "Minor"), ("3", "重要", "Major"), ("4", "紧急", "Critical")],
    },
    # SPEC §9: data-point class dictionary, default code 1005 (dictionary-tree?code=1005).
    {
        "code": "1005",
        "name": "数据点位分类",
        "name_en": "Data point class",
        "items": [
            ("1", "模拟量", "Analogue"),
            ("2", "开关量", "Digital"),
            ("3", "累计量", "Counter"),
            ("4", "状态量", "State"),
        ],
    },
    # SPEC §7: structure tree, default code 2001 (equipment structure levels, outermost first).
    {
        "code": "2001",
        "name": "设备结构",
        "name_en": "Equipment structure",
        "items": [
            ("1", "工厂", "Plant"),
            ("2", "车间", "Workshop"),
            ("3", "产线", "Line"),
            ("4", "工段", "Section"),
            ("5", "设备", "Equipment"),
            ("6", "部件", "Component"),
        ],
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
        "name_en": "Plant area",
        "items": [
            ("1", "原料车间", "Raw materials"),
            ("2", "合成车间", "Synthesis"),
            ("3", "精馏车间", "Distillation"),
            ("4", "包装车间", "Packaging"),
            ("5", "成品仓库", "Finished goods store"),
        ],
    },
    {
        "code": "shift",
        "name": "班次",
        "name_en": "Shift",
        "items": [("1", "早班", "Morning"), ("2", "中班", "Afternoon"), ("3", "夜班", "Night")],
    },
    # SPEC §3: the camera brand comes from a dictionary.
    {
        "code": "camera_brand",
        "name": "摄像头品牌",
        "name_en": "Camera brand",
        "items": [("1", "海康威视", "Hikvision"), ("2", "大华", "Dahua"), ("3", "宇视", "Uniview")],
    },
    {
        "code": "maintenance_type",
        "name": "维保类型",
        "name_en": "Maintenance type",
        "items": [
            ("1", "日常点检", "Routine inspection"),
            ("2", "定期保养", "Scheduled service"),
            ("3", "故障维修", "Breakdown repair"),
            ("4", "大修", "Overhaul"),
        ],
    },
    {
        "code": "measure_unit",
        "name": "计量单位",
        "name_en": "Unit of measure",
        "items": [("1", "℃"), ("2", "MPa"), ("3", "m³/h"), ("4", "kW·h"), ("5", "%")],
    },
]
