"""The platform's code generation demo (issue 27): the platform database as a data source and one code config
ready to generate, a spare-parts ledger (备件台账 / Spare parts) with its column model in both languages.
Self-contained: one entry, `seed(db)`, once (a platform that ever had a code config is left alone)."""

import json

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core import tenancy
from plantdesk.db.base import PLATFORM_TENANT

# name, zh, en, kind, length, required, list, search, component, dict code, search op
COLUMNS = [
    ("part_code", "备件编号", "Part code", "str", 64, True, True, True, "input", None, "like"),
    ("part_name", "备件名称", "Part name", "str", 128, True, True, True, "input", None, "like"),
    ("specification", "规格型号", "Specification", "str", 128, False, True, False, "input", None, "like"),
    ("unit", "单位", "Unit", "str", 16, False, True, False, "input", None, "like"),
    ("stock_qty", "库存数量", "In stock", "int", 255, True, True, False, "number", None, "equal"),
    ("safety_qty", "安全库存", "Safety stock", "int", 255, False, True, False, "number", None, "equal"),
    ("unit_price", "单价(元)", "Unit price (CNY)", "float", 255, False, True, False, "number", None, "equal"),
    ("location", "库位", "Location", "str", 64, False, True, True, "input", None, "like"),
    ("critical", "关键备件", "Critical part", "bool", 255, False, True, False, "switch", None, "equal"),
    ("last_received", "最近入库时间", "Last received", "datetime", 255, False, True, True, "datetime", None, "equal"),
    ("remark", "备注", "Remark", "text", 255, False, False, False, "textarea", None, "like"),
]


def columns() -> list[dict]:
    return [{"name": n, "label": zh, "label_en": en, "kind": kind, "length": length, "nullable": not required,
             "list": listed, "search": search, "edit": True, "required": required, "component": component,
             "dict_code": dict_code, "search_op": op}
            for n, zh, en, kind, length, required, listed, search, component, dict_code, op in COLUMNS]


async def seed(db: AsyncSession) -> bool:
    from plantdesk.modules.tool.models import CodeConfig, DataSource

    if await db.scalar(select(CodeConfig.id).execution_options(include_deleted=True).limit(1)):
        return False
    with tenancy.tenant_scope(db, PLATFORM_TENANT):
        source = DataSource(name="平台数据库 Platform database", db_type="platform", sort=1,
                            remark="本平台自身的数据库(只读) / this server's own database (read-only)")
        db.add(source)
        await db.flush()
        db.add(CodeConfig(datasource_id=source.id, table_name="spare_part", target_table="spare_part",
                          module_name="spare", code_name="备件台账", code_name_en="Spare parts",
                          menu_code="spare_part", menu_path="/spare/part", catalogue_name="备件管理",
                          catalogue_name_en="Spare parts", tenant_scoped=1, columns=json.dumps(columns(),
                                                                                              ensure_ascii=False),
                          remark="示例:生成备件台账区域 / demo: generates a spare-parts area"))
        await db.flush()
    return True
