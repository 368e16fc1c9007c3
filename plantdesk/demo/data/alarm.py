"""The demo plant's alarms (tenant 356782): five levels, two groups of recipients, time cycles, and rules on the
points the simulator drives past their limits now and then (reactor temperature, pump vibration, compressor
discharge temperature), so a running demo raises and clears real alarms within minutes, and the built-in
device-offline alarm on every device; the operations shift's
alarms escalate to maintenance when nobody confirms them for 15 minutes, and the bell and e-mail speak through
templates."""

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core import tenancy

# level, name, colour (design/industrial.md §1.2: JetLinks' 超紧急 / 紧急 / 严重 / 一般 / 提醒, in English like the
# rest of the demo plant)
LEVELS = [(1, "Critical", "#cf1322"), (2, "Urgent", "#fa541c"), (3, "Serious", "#faad14"), (4, "General", "#1677ff"),
          (5, "Reminder", "#8c8c8c")]
# name, recipients (accounts), transitions they hear, escalation (seconds, accounts, steps)
GROUPS = [("Operations shift", ("admin", "zhangwei"), "raise,clear,affirm", (900, ("wangqiang",), 2)),
          ("Maintenance", ("wangqiang", "admin"), "raise", (0, (), 1))]
# channel, action, e-mail subject, content (placeholders: alarm.templates.MODEL_FIELDS)
TEMPLATES = [
    ("bell", "raise", None, "{levelName}: {eventName} — {deviceName} / {pointName} = {value}"),
    ("bell", "escalate", None, "Escalated to {levelName}, not confirmed since {firstTime}: {eventName}"),
    ("email", "raise", "[{levelName}] {eventName} on {deviceName}",
     "{eventName}\n{deviceName} / {pointName}: {value} (first {firstValue}, peak {peakValue})\n"
     "Raised {firstTime}. Confirm it in the console's alarm overview."),
]
# name, ISO weekdays, start, end
CYCLES = [("Always", "1,2,3,4,5,6,7", "00:00", "24:00"), ("Day shift", "1,2,3,4,5", "08:00", "20:00")]
# name, device, point, level, group, kind, operator, threshold, low, high, mode, duration s, repeat count,
# no-data s, hysteresis
RULES = [
    ("反应釜高温 Reactor R-101 high temperature", "R101", "TEMP", 1, "Operations shift", "THRESHOLD", "gt", 95, None,
     None, "DURATION", 10, 1, 0, 2.0),
    ("进料泵振动高 Pump P-101A high vibration", "P101A", "VIBRATION", 3, "Maintenance", "THRESHOLD", "gt", 7.1, None,
     None, "REPEATING", 0, 3, 0, 0.5),
    # Normal running peaks near 92 °C on a warm afternoon; an excursion passes 95 °C even on a cold night.
    ("空压机排气温度高 Compressor K-101 discharge temperature high", "K101", "DISCH_TEMP", 2, "Operations shift",
     "THRESHOLD", "gt", 95, None, None, "SIMPLE", 0, 1, 0, 2.0),
    ("原料罐液位越限 Tank TK-201 level out of range", "TK201", "LEVEL", 4, "Operations shift", "RANGE", "gt", None,
     15, 90, "SIMPLE", 0, 1, 0, 1.0),
    # Second-to-second noise reads as up to ~2 bar/min; a temperature excursion jumps it by tens.
    ("反应釜压力快速上升 Reactor R-101 pressure rising fast", "R101", "PRES", 3, "Operations shift", "RATE", "gt",
     5.0, None, None, "SIMPLE", 0, 1, 0, 1.0),
    ("反应釜温度信号中断 Reactor R-101 temperature signal lost", "R101", "TEMP", 5, "Maintenance", "NO_DATA", "gt",
     None, None, None, "SIMPLE", 0, 1, 120, 0.0),
]

# The built-in device-offline alarm, enabled on every demo device: (level, group).
OFFLINE = (2, "Operations shift")


def offline_name(device: str) -> str:
    """The offline rule's name of a device named in both languages (demo.data.plant): "反应釜离线 Reactor R-101
    offline"."""
    zh, english = device.split(" ", 1)
    return f"{zh}离线 {english} offline"


async def seed(db: AsyncSession, tenant_id: str) -> None:
    from plantdesk.modules.alarm.models import AlarmGroup, AlarmLevel, AlarmRule, AlarmTemplate, AlarmTimeCycle
    from plantdesk.modules.device.models import DataPoint, Device
    from plantdesk.modules.system.models import User

    with tenancy.tenant_scope(db, tenant_id):
        levels = {}
        for sort, (level, name, color) in enumerate(LEVELS, start=1):
            levels[level] = AlarmLevel(level=level, name=name, color=color, sort=sort)
            db.add(levels[level])
        users = dict((await db.execute(select(User.account, User.id))).all())
        groups = {}
        for sort, (name, accounts, notify_on, (delay, escalate_to, steps)) in enumerate(GROUPS, start=1):
            ids = ",".join(str(users[a]) for a in accounts if a in users)
            groups[name] = AlarmGroup(name=name, user_ids=ids, notify_on=notify_on, sort=sort, parent_id=0,
                                      escalate_seconds=delay, escalate_steps=steps,
                                      escalate_user_ids=",".join(str(users[a]) for a in escalate_to if a in users))
            db.add(groups[name])
        for channel, action, title, content in TEMPLATES:
            db.add(AlarmTemplate(name=f"{channel} {action}", channel=channel, action=action, title=title,
                                 content=content, enabled=1))
        for name, days, start, end in CYCLES:
            db.add(AlarmTimeCycle(name=name, days=days, start_time=start, end_time=end))
        await db.flush()
        points = {(device, point): (device_id, point_id) for device, point, device_id, point_id in (await db.execute(
            select(Device.code, DataPoint.code, Device.id, DataPoint.id)
            .join(DataPoint, DataPoint.device_id == Device.id))).all()}
        for (name, device, point, level, group, kind, operator, threshold, low, high, mode, duration, repeat,
             no_data, hysteresis) in RULES:
            device_id, point_id = points[(device, point)]
            db.add(AlarmRule(name=name, device_id=device_id, point_id=point_id, level_id=levels[level].id,
                             group_id=groups[group].id, kind=kind, operator=operator, threshold=threshold, low=low,
                             high=high, mode=mode, duration_seconds=duration, repeat_count=repeat,
                             no_data_seconds=no_data, hysteresis=hysteresis, clear_seconds=0, enabled=1))
        level, group = OFFLINE
        for device_id, name in (await db.execute(select(Device.id, Device.name).order_by(Device.code))).all():
            db.add(AlarmRule(name=offline_name(name), device_id=device_id, point_id=0,
                             level_id=levels[level].id, group_id=groups[group].id, kind="OFFLINE", operator="gt",
                             mode="SIMPLE", duration_seconds=0, repeat_count=1, no_data_seconds=0, hysteresis=0.0,
                             clear_seconds=0, enabled=1))
        await db.flush()
