"""dictionaries: an English label (dict_value_en), filled in for the rows the seed wrote

Revision ID: 7c3e91d2a5b4
Revises: 5d1e0c7a9b32
Create Date: 2026-11-23 21:30:00.000000

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "7c3e91d2a5b4"
down_revision: str | Sequence[str] | None = "5d1e0c7a9b32"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# (code, dict_key, dict_value, dict_value_en) as seeded: a row whose label was edited since keeps no English one.
# A copy, not an import of plantdesk.seed, so that this revision does the same whatever the seed becomes.
SYSTEM = (
    ("sex", "-1", "性别", "Sex"),
    ("sex", "1", "男", "Male"),
    ("sex", "2", "女", "Female"),
    ("sex", "3", "未知", "Unknown"),
    ("notice", "-1", "通知类型", "Notice type"),
    ("notice", "1", "发布通知", "Announcement"),
    ("notice", "2", "批转通知", "Approval notice"),
    ("notice", "3", "转发通知", "Forwarded notice"),
    ("notice", "4", "指示通知", "Instruction"),
    ("notice", "5", "任免通知", "Appointment notice"),
    ("notice", "6", "事务通知", "Affairs notice"),
    ("notice", "7", "其他通知", "Other notice"),
    ("menu_category", "-1", "菜单类型", "Menu type"),
    ("menu_category", "1", "菜单", "Menu"),
    ("menu_category", "2", "按钮", "Button"),
    ("button_func", "-1", "按钮功能", "Button function"),
    ("button_func", "1", "工具栏", "Toolbar"),
    ("button_func", "2", "操作栏", "Row actions"),
    ("button_func", "3", "工具操作栏", "Toolbar and row"),
    ("yes_no", "-1", "是否", "Yes / no"),
    ("yes_no", "1", "否", "No"),
    ("yes_no", "2", "是", "Yes"),
    ("menu_open", "-1", "新窗口打开", "Open in new window"),
    ("menu_open", "1", "否", "No"),
    ("menu_open", "2", "是", "Yes"),
    ("data_scope_type", "-1", "数据权限类型", "Data scope type"),
    ("data_scope_type", "1", "全部可见", "All"),
    ("data_scope_type", "2", "本人可见", "Own only"),
    ("data_scope_type", "3", "所在机构可见", "Own department"),
    ("data_scope_type", "4", "所在机构及子级可见", "Own department and below"),
    ("data_scope_type", "5", "自定义", "Custom"),
    ("api_scope_type", "-1", "接口权限类型", "API scope type"),
    ("api_scope_type", "1", "系统接口", "System API"),
    ("api_scope_type", "2", "业务接口", "Business API"),
    ("scope_category", "-1", "权限类型", "Scope type"),
    ("scope_category", "1", "数据权限", "Data scope"),
    ("scope_category", "2", "接口权限", "API scope"),
    ("post_category", "-1", "岗位类型", "Post category"),
    ("post_category", "1", "高层", "Senior"),
    ("post_category", "2", "中层", "Middle"),
    ("post_category", "3", "基层", "Junior"),
    ("post_category", "4", "其他", "Other"),
    ("org_category", "-1", "机构类型", "Organisation type"),
    ("org_category", "1", "公司", "Company"),
    ("org_category", "2", "部门", "Department"),
    ("org_category", "3", "小组", "Team"),
    ("region", "-1", "行政区划", "Region level"),
    ("region", "1", "省份", "Province"),
    ("region", "2", "地市", "City"),
    ("region", "3", "区县", "District"),
    ("region", "4", "乡镇", "Township"),
    ("region", "5", "村委", "Village"),
    ("oss", "-1", "对象存储类型", "Object storage type"),
    ("sms", "-1", "短信服务类型", "SMS provider"),
    ("user_type", "-1", "用户平台", "User platform"),
    ("datasource_category", "-1", "数据源类型", "Data source type"),
    ("flow", "-1", "流程类型", "Process type"),
    ("flow", "1", "请假流程", "Leave"),
    ("flow", "2", "设备维修流程", "Equipment repair"),
    ("flow", "3", "告警处置流程", "Alarm handling"),
    ("flow", "4", "其他流程", "Other"),
    ("device_status", "-1", "设备状态", "Device status"),
    ("device_status", "0", "离线", "Offline"),
    ("device_status", "1", "在线", "Online"),
    ("device_status", "2", "故障", "Fault"),
    ("device_status", "3", "维修", "Under repair"),
    ("alarm_level", "-1", "告警级别", "Alarm level"),
    ("alarm_level", "1", "提示", "Info"),
    ("alarm_level", "2", "一般", "Minor"),
    ("alarm_level", "3", "重要", "Major"),
    ("alarm_level", "4", "紧急", "Critical"),
    ("1005", "-1", "数据点位分类", "Data point class"),
    ("1005", "1", "模拟量", "Analogue"),
    ("1005", "2", "开关量", "Digital"),
    ("1005", "3", "累计量", "Counter"),
    ("1005", "4", "状态量", "State"),
    ("2001", "-1", "设备结构", "Equipment structure"),
    ("2001", "1", "工厂", "Plant"),
    ("2001", "2", "车间", "Workshop"),
    ("2001", "3", "产线", "Line"),
    ("2001", "4", "工段", "Section"),
    ("2001", "5", "设备", "Equipment"),
    ("2001", "6", "部件", "Component"),
)

BUSINESS = (
    ("plant_area", "-1", "车间区域", "Plant area"),
    ("plant_area", "1", "原料车间", "Raw materials"),
    ("plant_area", "2", "合成车间", "Synthesis"),
    ("plant_area", "3", "精馏车间", "Distillation"),
    ("plant_area", "4", "包装车间", "Packaging"),
    ("plant_area", "5", "成品仓库", "Finished goods store"),
    ("shift", "-1", "班次", "Shift"),
    ("shift", "1", "早班", "Morning"),
    ("shift", "2", "中班", "Afternoon"),
    ("shift", "3", "夜班", "Night"),
    ("camera_brand", "-1", "摄像头品牌", "Camera brand"),
    ("camera_brand", "1", "海康威视", "Hikvision"),
    ("camera_brand", "2", "大华", "Dahua"),
    ("camera_brand", "3", "宇视", "Uniview"),
    ("maintenance_type", "-1", "维保类型", "Maintenance type"),
    ("maintenance_type", "1", "日常点检", "Routine inspection"),
    ("maintenance_type", "2", "定期保养", "Scheduled service"),
    ("maintenance_type", "3", "故障维修", "Breakdown repair"),
    ("maintenance_type", "4", "大修", "Overhaul"),
    ("measure_unit", "-1", "计量单位", "Unit of measure"),
)


def upgrade() -> None:
    for table, labels in (("blade_dict", SYSTEM), ("blade_dict_biz", BUSINESS)):
        with op.batch_alter_table(table) as batch_op:
            batch_op.add_column(sa.Column("dict_value_en", sa.String(length=255), nullable=True))
        rows = sa.table(table, sa.column("code"), sa.column("dict_key"), sa.column("dict_value"),
                        sa.column("dict_value_en"))
        for code, key, value, english in labels:
            op.execute(rows.update()
                       .where(rows.c.code == code, rows.c.dict_key == key, rows.c.dict_value == value)
                       .values(dict_value_en=english))


def downgrade() -> None:
    for table in ("blade_dict_biz", "blade_dict"):
        with op.batch_alter_table(table) as batch_op:
            batch_op.drop_column("dict_value_en")
