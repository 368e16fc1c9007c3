"""The demo tenant's site map (issue 25): a plan of the plant (an SVG drawn here, so no file ships) with a dot
on each unit bound to its device's main points, so the map, the cockpit and the other large screens are alive on
a fresh start; and one large-screen API hook to show the hook screen and its error log. Self-contained: one
entry, `seed(db, tenant_id)`, once per tenant (a tenant that ever had a map is left alone)."""

import json
import uuid
from urllib.parse import quote

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core import tenancy

W, H = 1600, 900

# x, y, w, h, zh, en: the plant's buildings and areas on the plan
AREAS = [
    (80, 90, 560, 330, "A 栋 反应区", "Building A - Reaction"),
    (700, 90, 360, 330, "泵房", "Pump house"),
    (1120, 90, 400, 330, "公用工程", "Utilities"),
    (80, 480, 980, 340, "罐区", "Tank farm"),
    (1120, 480, 400, 340, "中控室 / 仓库", "Control room / Store"),
]
# Hand-aligned, one dot a row.
# fmt: off
# device code, dot name (4-20 characters, zh and en), x, y on the plan, point codes bound, tips
DOTS = [
    ("R101", "反应釜 R101 Reactor", 300, 250, ("TEMP", "PRES", "LEVEL"), [("位置 Location", "A 栋 2 层 / level 2")]),
    ("E101", "预热器 E101 Heater", 520, 330, ("COLD_OUT_TEMP", "STEAM_FLOW"), 
     [("位置 Location", "A 栋 1 层 / level 1")]),
    ("P101A", "进料泵 P101A Pump", 800, 200, ("FLOW", "VIBRATION", "BEARING_TEMP"), [("运行 Duty", "主泵 duty")]),
    ("P101B", "进料泵 P101B Pump", 960, 310, ("FLOW", "VIBRATION"), [("运行 Duty", "备用 standby")]),
    ("K101", "空压机 K101 Compressor", 1320, 250, ("DISCH_PRES", "DISCH_TEMP", "LOAD"), 
     [("位置 Location", "公用工程 utilities")]),
    ("TK201", "原料罐 TK201 Tank", 260, 650, ("LEVEL", "TEMP"), [("介质 Medium", "单体 monomer")]),
    ("TK202", "原料罐 TK202 Tank", 560, 650, ("LEVEL", "TEMP"), [("介质 Medium", "溶剂 solvent")]),
    ("TK203", "成品罐 TK203 Tank", 860, 650, ("LEVEL", "VOLUME"), [("介质 Medium", "树脂 PR-200 resin")]),
]
# fmt: on
PIPES = [((300, 650), (300, 250)), ((560, 650), (300, 250)), ((300, 250), (520, 330)), ((520, 330), (800, 200)),
         ((800, 200), (960, 310)), ((960, 310), (860, 650))]


def site_plan() -> str:
    """The plan as an SVG data URL: dark, with a grid, the areas, the pipe runs and the units' outlines."""
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" height="{H}">',
             '<defs><pattern id="g" width="40" height="40" patternUnits="userSpaceOnUse">'
             '<path d="M40 0H0V40" fill="none" stroke="#17325a" stroke-width="1"/></pattern></defs>',
             f'<rect width="{W}" height="{H}" fill="#07142b"/><rect width="{W}" height="{H}" fill="url(#g)"/>']
    for x, y, w, h, zh, en in AREAS:
        parts.append(f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="8" fill="#0c2246" fill-opacity="0.85" '
                     f'stroke="#2f7bd8" stroke-width="2"/>'
                     f'<text x="{x + 16}" y="{y + 32}" fill="#7fb6ff" font-family="sans-serif" font-size="22">'
                     f'{zh}  {en}</text>')
    for (x1, y1), (x2, y2) in PIPES:
        parts.append(f'<path d="M{x1} {y1}H{(x1 + x2) // 2}V{y2}H{x2}" fill="none" stroke="#1fc7d4" '
                     'stroke-opacity="0.55" stroke-width="5" stroke-dasharray="14 8"/>')
    for code, _name, x, y, _points, _tips in DOTS:
        tank = code.startswith("TK")
        shape = (f'<circle cx="{x}" cy="{y}" r="58" fill="#10305e" stroke="#4aa3ff" stroke-width="3"/>' if tank else
                 f'<rect x="{x - 50}" y="{y - 38}" width="100" height="76" rx="10" fill="#10305e" stroke="#4aa3ff" '
                 'stroke-width="3"/>')
        parts.append(shape + f'<text x="{x}" y="{y + (84 if tank else 64)}" text-anchor="middle" fill="#cfe3ff" '
                     f'font-family="sans-serif" font-size="20">{code}</text>')
    parts.append("</svg>")
    return "data:image/svg+xml;charset=utf-8," + quote("".join(parts))


async def seed(db: AsyncSession, tenant_id: str) -> bool:
    from plantdesk.modules.device.models import DataPoint, Device
    from plantdesk.modules.visual.models import LargeApiHook, MapDot, VisualMap

    with tenancy.tenant_scope(db, tenant_id):
        had = await db.scalar(select(VisualMap.id).limit(1).execution_options(**{tenancy.INCLUDE_DELETED: True}))
        devices = {code: (i, name) for code, i, name in (await db.execute(
            select(Device.code, Device.id, Device.name))).all()}
        if had or not devices:
            return False
        site = VisualMap(map_name="厂区总图 Site plan", image_url=site_plan(), sort=0, is_app=1,
                         remark="示范工厂总平面图 / the demo plant's site plan")
        db.add(site)
        await db.flush()
        points = {(d, c): (p, n) for d, c, p, n in (await db.execute(
            select(DataPoint.device_id, DataPoint.code, DataPoint.id, DataPoint.name))).all()}
        for code, name, x, y, codes, tips in DOTS:
            if code not in devices:
                continue
            device_id, device_name = devices[code]
            scada = [{"monitor": points[(device_id, c)][1], "depart": device_name, "tagName": f"{code}.{c}",
                      "pointId": str(points[(device_id, c)][0]), "useData": "1"}
                     for c in codes if (device_id, c) in points]
            uid = uuid.uuid5(uuid.NAMESPACE_URL, f"plantdesk-demo/{tenant_id}/{code}").hex
            content = {"uid": uid, "position": {"clientX": x, "clientY": y, "scaleW": W, "scaleH": H},
                       "mapTagData": {"name": name, "busiData": [
                           {"busiType": "device", "busiName": device_name, "aliasName": code, "useData": "Y",
                            "busiApiList": []}], "SCADAData": scada},
                       "tipsData": [{"name": n, "value": v} for n, v in tips]}
            db.add(MapDot(map_id=site.id, uid=uid, name=name, content=json.dumps(content, ensure_ascii=False)))
        db.add(LargeApiHook(api_name="能耗日报 Energy daily", api_url="https://energy.example.com/api/daily",
                            chart="energy", business_type="energy", impl_method="GET", params='{"site": "demo"}',
                            res_path="data", remark="示例: 外部能耗系统 / example: an external energy system"))
        await db.flush()
    return True
