"""The system area's seeded dictionaries: system dictionary (table blade_dict) and business dictionary
(blade_dict_biz, per tenant). Each area declares the dictionaries it owns in this shape (`Area.dicts`,
`Area.biz_dicts`, usually its seeds.DICTS and BIZ_DICTS); core.areas assembles them, ordered by `sort`.

Each entry is one parent row (parent_id 0, dict_value = ``name``, dict_value_en = ``name_en``; BladeX stores
the parent with dict_key "-1") and one child row per item, in the listed order (sort 1, 2, ...). ``sort``
places the dictionary among all areas' dictionaries (the parents are numbered 1, 2, ... in that order). Items
are ``(dict_key, dict_value, dict_value_en)`` strings; a label that reads the same in English (minio, WEB, MPa)
is a pair ``(dict_key, dict_value)`` and has no English label. ``remarks`` (optional) maps a dict_key to its
item's remark.

Facts: bladex-contract.md §10 lists the BladeX dictionary codes (sex, notice, menu_category, button_func,
yes_no (1 否, 2 是), data_scope_type, api_scope_type, post_category, region, flow, org_category,
scope_category, oss, sms, user_type, datasource_category); SPEC §7/§9 add the data-point class dictionary
(code "1005", the dictionary-tree default) and the structure tree (code "2001"); the industrial codes
(device_status, alarm_level) and the business dictionaries are PlantDesk's own.
"""

DICTS: list[dict] = [
    {
        "code": "sex",
        "sort": 1,
        "name": "性别",
        "name_en": "Sex",
        "items": [("1", "男", "Male"), ("2", "女", "Female"), ("3", "未知", "Unknown")],
    },
    {
        "code": "menu_category",
        "sort": 3,
        "name": "菜单类型",
        "name_en": "Menu type",
        "items": [("1", "菜单", "Menu"), ("2", "按钮", "Button")],
    },
    {
        "code": "button_func",
        "sort": 4,
        "name": "按钮功能",
        "name_en": "Button function",
        "items": [("1", "工具栏", "Toolbar"), ("2", "操作栏", "Row actions"), ("3", "工具操作栏", "Toolbar and row")],
    },
    # BladeX keys: 1 = no, 2 = yes (not 0/1).
    {
        "code": "yes_no",
        "sort": 5,
        "name": "是否",
        "name_en": "Yes / no",
        "items": [("1", "否", "No"), ("2", "是", "Yes")],
    },
    # Menu is_open: 2 opens the entry in a new window (external link).
    {
        "code": "menu_open",
        "sort": 6,
        "name": "新窗口打开",
        "name_en": "Open in new window",
        "items": [("1", "否", "No"), ("2", "是", "Yes")],
    },
    {
        "code": "data_scope_type",
        "sort": 7,
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
        "sort": 8,
        "name": "接口权限类型",
        "name_en": "API scope type",
        "items": [("1", "系统接口", "System API"), ("2", "业务接口", "Business API")],
    },
    {
        "code": "scope_category",
        "sort": 9,
        "name": "权限类型",
        "name_en": "Scope type",
        "items": [("1", "数据权限", "Data scope"), ("2", "接口权限", "API scope")],
    },
    {
        "code": "post_category",
        "sort": 10,
        "name": "岗位类型",
        "name_en": "Post category",
        "items": [("1", "高层", "Senior"), ("2", "中层", "Middle"), ("3", "基层", "Junior"), ("4", "其他", "Other")],
    },
    {
        "code": "org_category",
        "sort": 11,
        "name": "机构类型",
        "name_en": "Organisation type",
        "items": [("1", "公司", "Company"), ("2", "部门", "Department"), ("3", "小组", "Team")],
    },
    # Region levels (blade_region.region_level).
    {
        "code": "region",
        "sort": 12,
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
    {
        "code": "datasource_category",
        "sort": 16,
        "name": "数据源类型",
        "name_en": "Data source type",
        "items": [("1", "PostgreSQL"), ("2", "MySQL"), ("3", "SQLite")],
    },
]

# Business dictionaries, seeded for each tenant (platform 000000 and the demo tenant).
BIZ_DICTS: list[dict] = [
    {
        "code": "shift",
        "sort": 2,
        "name": "班次",
        "name_en": "Shift",
        "items": [("1", "早班", "Morning"), ("2", "中班", "Afternoon"), ("3", "夜班", "Night")],
    },
    # SPEC §3: the camera brand comes from a dictionary.
    {
        "code": "camera_brand",
        "sort": 3,
        "name": "摄像头品牌",
        "name_en": "Camera brand",
        "items": [("1", "海康威视", "Hikvision"), ("2", "大华", "Dahua"), ("3", "宇视", "Uniview")],
    },
]
