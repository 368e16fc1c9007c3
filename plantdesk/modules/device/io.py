"""Excel export and import of devices, data points and device models.

An import is a job (`device.import`, run in the caller's tenant): the upload is stored with its import log, the
job reads it, checks each row completely before it writes anything for that row, keeps the good rows, and
records every rejected row with its reason (import-log err-page). Progress (percent) is committed as it goes,
so the console can poll the log.

Rows are committed CHUNK at a time together with the counts, so the log always says exactly which rows are in:
rows 2 to `success_count + fail_count + 1` (less the rejected ones listed). The job is idempotent: when the
worker running it dies, it runs again (core.jobs) and resumes after the last committed row; given up on, the
log says it failed and which rows were written (`abandoned`).
"""

import asyncio
import functools
import json
import logging
from collections.abc import Hashable
from datetime import datetime

from pydantic import ValidationError
from pydantic_core import ErrorDetails
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core import excel, live
from plantdesk.core.errors import BusinessError
from plantdesk.modules.device import service
from plantdesk.modules.device.models import (
    CollectGroup,
    DataPoint,
    DataPointSource,
    Device,
    EquipmentModel,
    ImportErrorRow,
    ImportLog,
    ModelComponent,
    ModelPoint,
)
from plantdesk.modules.device.schemas import DataPointWrite, DeviceWrite, ModelPointWrite, ModelWrite
from plantdesk.modules.device.wording import WORDING

JOB = "device.import"
log = logging.getLogger("plantdesk.device.import")
CHUNK = 50  # rows between progress commits

QUEUED, RUNNING, DONE, FAILED = 0, 1, 2, 3
# The live channel's topic of imports' progress (core.live), keyed by import log id; who reads an import's log
# (import-log/detail) or starts one hears it.
LIVE_TOPIC = "device.import"
LIVE_CODES = ("importExportManagement", "importExportManagement_view", "model_import", "device_device_import",
              "datapoint_import")

DEVICE_COLUMNS = [
    ("code", "设备编码 Device code"),
    ("name", "设备名称 Device name"),
    ("modelCode", "模型编码 Model code"),
    ("category", "类别 Category"),
    ("deptName", "部门 Department"),
    ("line", "产线 Line"),
    ("area", "区域 Area"),
    ("location", "位置 Location"),
    ("manufacturer", "制造商 Manufacturer"),
    ("serialNo", "出厂编号 Serial no."),
    ("installDate", "安装日期 Install date"),
    ("remark", "备注 Remark"),
]
_POINT = [
    ("name", "点位名称 Point name"),
    ("unit", "单位 Unit"),
    ("dataType", "数据类型 Data type"),
    ("scale", "系数 Scale"),
    ("offset", "偏移 Offset"),
    ("rangeMin", "量程下限 Range min"),
    ("rangeMax", "量程上限 Range max"),
    ("address", "地址 Address"),
    ("collectGroupCode", "采集组 Collect group"),
    ("deadband", "死区 Deadband"),
    ("store", "存储 Store (1/0)"),
    ("pointClass", "点位分类 Point class"),
    ("remark", "备注 Remark"),
]
# A device's point is read from a source (its `address` in the source's terms: a register, a node id): a register
# map or node list with these columns becomes points bound to their source in one import.
POINT_COLUMNS = [("deviceCode", "设备编码 Device code"), ("code", "点位编码 Point code"), *_POINT,
                 ("sourceCode", "数据源编码 Source code")]
MODEL_COLUMNS = [
    ("modelCode", "模型编码 Model code"),
    ("modelName", "模型名称 Model name"),
    ("category", "类别 Category"),
    ("manufacturer", "制造商 Manufacturer"),
    ("componentCode", "部件编码 Component code"),
    ("componentName", "部件名称 Component name"),
    ("code", "点位编码 Point code"),
    *_POINT,
]
COLUMNS = {"device": DEVICE_COLUMNS, "datapoint": POINT_COLUMNS, "model": MODEL_COLUMNS}
REQUIRED = {"device": ("code",), "datapoint": ("deviceCode", "code"), "model": ("modelCode",)}
# Other headers plants' own sheets use for a column (matched as excel.read_sheet says: case, spaces, punctuation
# and a bracketed note aside).
ALIASES: dict[str, tuple[str, ...]] = {
    "deviceCode": ("设备", "设备号", "Device"),
    "code": ("点位", "点位号", "位号", "点号", "Tag", "Point"),
    "name": ("名称", "点位名", "描述", "Description"),
    "address": ("寄存器地址", "寄存器", "Register", "Register address", "节点", "节点 ID", "Node ID", "NodeId"),
    "dataType": ("类型", "Type"),
    "unit": ("工程单位", "Units"),
    "collectGroupCode": ("采集组编码", "Group"),
    "sourceCode": ("数据源", "采集源", "Source"),
    "modelCode": ("模型",),
    "installDate": ("安装时间",),
}
SHEETS = {"device": "devices", "datapoint": "datapoints", "model": "models"}


# --- export -----------------------------------------------------------------------------------------------------

async def _group_codes(db: AsyncSession) -> tuple[dict[int, str], dict[str, int]]:
    rows = (await db.execute(select(CollectGroup.id, CollectGroup.code))).all()
    return {i: c for i, c in rows}, {c: i for i, c in rows}


async def _source_codes(db: AsyncSession) -> tuple[dict[int, str], dict[str, int]]:
    rows = (await db.execute(select(DataPointSource.id, DataPointSource.code))).all()
    return {i: c for i, c in rows}, {c: i for i, c in rows}


def _point_cells(point, groups: dict[int, str]) -> dict:
    return {"code": point.code, "name": point.name, "unit": point.unit, "dataType": point.data_type,
            "scale": point.scale, "offset": point.offset, "rangeMin": point.range_min, "rangeMax": point.range_max,
            "address": point.address, "collectGroupCode": groups.get(point.collect_group_id or 0),
            "deadband": point.deadband, "store": point.store, "pointClass": point.point_class,
            "remark": point.remark}


async def export_devices(db: AsyncSession, devices: list[Device]) -> bytes:
    reads = await service.device_reads(db, devices)
    models = dict((await db.execute(select(EquipmentModel.id, EquipmentModel.code))).all())
    rows = [{"code": d["code"], "name": d["name"], "modelCode": models.get(d["model_id"]), "category": d["category"],
             "deptName": d["dept_name"], "line": d["line"], "area": d["area"], "location": d["location"],
             "manufacturer": d["manufacturer"], "serialNo": d["serial_no"],
             "installDate": d["install_date"].isoformat() if d["install_date"] else None, "remark": d["remark"]}
            for d in reads]
    return excel.workbook_bytes(DEVICE_COLUMNS, rows, sheet=SHEETS["device"])


async def export_points(db: AsyncSession, points: list[DataPoint]) -> bytes:
    groups, _ = await _group_codes(db)
    device_ids = {p.device_id for p in points}
    devices = dict((await db.execute(select(Device.id, Device.code).where(Device.id.in_(device_ids)))).all()) \
        if device_ids else {}
    sources, _ = await _source_codes(db)
    rows = [{"deviceCode": devices.get(p.device_id), **_point_cells(p, groups),
             "sourceCode": sources.get(p.source_id or 0)} for p in points]
    return excel.workbook_bytes(POINT_COLUMNS, rows, sheet=SHEETS["datapoint"])


async def export_models(db: AsyncSession, models: list[EquipmentModel]) -> bytes:
    groups, _ = await _group_codes(db)
    ids = [m.id for m in models]
    components = {c.id: c for c in (await db.execute(
        select(ModelComponent).where(ModelComponent.model_id.in_(ids)))).scalars()} if ids else {}
    points: dict[int, list[ModelPoint]] = {}
    if ids:
        for p in (await db.execute(select(ModelPoint).where(ModelPoint.link_id.in_(ids))
                                   .order_by(ModelPoint.sort, ModelPoint.id))).scalars():
            points.setdefault(p.link_id, []).append(p)
    rows = []
    for model in models:
        head = {"modelCode": model.code, "modelName": model.name, "category": model.category,
                "manufacturer": model.manufacturer}
        if not points.get(model.id):
            rows.append(head)
        for p in points.get(model.id, []):
            component = components.get(p.component_id or 0)
            rows.append({**head, "componentCode": component.code if component else None,
                         "componentName": component.name if component else None, **_point_cells(p, groups)})
    return excel.workbook_bytes(MODEL_COLUMNS, rows, sheet=SHEETS["model"])


def template(kind: str) -> bytes:
    return excel.workbook_bytes(COLUMNS[kind], [], sheet=SHEETS[kind])


# --- import ------------------------------------------------------------------------------------------------------

def _validate(schema, data: dict, kind: str, columns: dict[str, str] | None = None):
    """The row's cells as `schema`; a refused cell is named by its column's label (`columns`: the field → column
    keys that differ)."""
    try:
        return schema.model_validate({k: v for k, v in data.items() if v not in (None, "")})
    except ValidationError as exc:
        error = exc.errors()[0]
        key = str(error["loc"][0]) if error["loc"] else ""
        key = ({"collectGroupId": "collectGroupCode", "sourceId": "sourceCode"} | (columns or {})).get(key, key)
        field = dict(COLUMNS[kind]).get(key) or dict(DEVICE_COLUMNS).get(key) or key
        raise BusinessError(f"{field}: {_problem(error)}") from None


def _problem(error: ErrorDetails) -> str:
    """A cell's validation error in words (pydantic's own are English library text)."""
    kind, context = error["type"], error.get("ctx") or {}
    if kind == "missing":
        return "必填"
    if kind == "string_too_long":
        return f"最多 {context.get('max_length')} 个字符"
    if kind == "string_too_short":
        return "必填"
    if kind in ("greater_than_equal", "greater_than"):
        return f"不能小于 {context.get('ge', context.get('gt'))}"
    if kind in ("less_than_equal", "less_than"):
        return f"不能大于 {context.get('le', context.get('lt'))}"
    if kind in ("float_parsing", "float_type", "int_parsing", "int_type", "int_from_float", "finite_number"):
        return f"须为数字: {error.get('input')}"
    if kind.startswith("date"):
        return f"日期格式错误: {error.get('input')} (yyyy-mm-dd 或 yyyy/mm/dd)"
    return f"取值无效: {error.get('input')}"


def _point_data(row: dict, groups_by_code: dict[str, int], sources_by_code: dict[str, int] | None = None) -> dict:
    data = {k: row.get(k) for k, _ in _POINT}
    data["code"] = row.get("code")
    group_code = data.pop("collectGroupCode", None)
    if group_code:
        if group_code not in groups_by_code:
            raise BusinessError(f"采集组不存在: {group_code}")
        data["collectGroupId"] = groups_by_code[group_code]
    source_code = row.get("sourceCode")
    if source_code and sources_by_code is not None:
        if source_code not in sources_by_code:
            raise BusinessError(f"数据源不存在: {source_code}")
        data["sourceId"] = sources_by_code[source_code]
    return data


# A data-point row naming a device that is not there, when the import may not add devices.
NO_DEVICE = "设备不存在: {code} (新建设备需要设备台账的新增权限)"


class _Importer:
    def __init__(self, db: AsyncSession, kind: str, create_devices: bool = False):
        self.db, self.kind, self.create_devices = db, kind, create_devices
        self.seen: set = set()

    async def load(self) -> None:
        from plantdesk.modules.system.models import Dept

        _, self.groups = await _group_codes(self.db)
        _, self.sources = await _source_codes(self.db)
        self.models = {c: i for i, c in (await self.db.execute(select(EquipmentModel.id, EquipmentModel.code))).all()}
        self.devices = {c: i for i, c in (await self.db.execute(select(Device.id, Device.code))).all()}
        self.depts = {n: i for i, n in (await self.db.execute(select(Dept.id, Dept.dept_name))).all()}

    async def row(self, row: dict) -> None:
        await getattr(self, f"_{self.kind}")(row)

    def key(self, row: dict) -> Hashable | None:
        """What makes a row the same as an earlier one of the file (cells come stripped: no other spelling)."""
        if self.kind == "device":
            return row.get("code")
        if self.kind == "datapoint":
            return row.get("deviceCode"), row.get("code")
        return (row.get("modelCode"), row.get("code")) if row.get("code") else None

    def _once(self, row: dict) -> None:
        key = self.key(row)
        if key in self.seen:
            raise BusinessError("文件中重复的行")
        self.seen.add(key)

    async def _device(self, row: dict) -> None:
        code = row.get("code", "")
        data = {k: row.get(k) for k, _ in DEVICE_COLUMNS if k not in ("modelCode", "deptName")}
        if row.get("modelCode"):
            if row["modelCode"] not in self.models:
                raise BusinessError(f"模型不存在: {row['modelCode']}")
            data["modelId"] = self.models[row["modelCode"]]
        if row.get("deptName"):
            if row["deptName"] not in self.depts:
                raise BusinessError(f"部门不存在: {row['deptName']}")
            data["deptId"] = self.depts[row["deptName"]]
        if row.get("installDate"):
            try:
                data["installDate"] = excel.read_date(row["installDate"]).isoformat()
            except ValueError:
                raise BusinessError(f"安装日期 Install date: 日期格式错误: {row['installDate']} "
                                    "(yyyy-mm-dd 或 yyyy/mm/dd)") from None
        existing = self.devices.get(code)
        if existing is not None:
            data["id"] = existing
            if "modelId" in data:  # an existing device keeps its model
                current = await self.db.get(Device, existing)
                if current is not None and current.model_id not in (None, data["modelId"]):
                    raise BusinessError("设备创建后不能更换模型")
        body = _validate(DeviceWrite, data, "device")
        self._once(row)
        device = await service.save_device(self.db, body)
        self.devices[device.code] = device.id

    async def _datapoint(self, row: dict) -> None:
        device_code = row.get("deviceCode", "")
        if not device_code:
            raise BusinessError(f"{dict(POINT_COLUMNS)['deviceCode']}: 必填")
        device_id = self.devices.get(device_code)
        new_device = None
        if device_id is None:
            if not self.create_devices:
                raise BusinessError(NO_DEVICE.format(code=device_code))
            new_device = _validate(DeviceWrite, {"code": device_code, "name": device_code}, "datapoint",
                                   {"code": "deviceCode", "name": "deviceCode"})
        data = _point_data(row, self.groups, self.sources)
        data["deviceId"] = device_id or 1  # a device added below: the row is checked whole before any write
        body = _validate(DataPointWrite, data, "datapoint")
        self._once(row)
        if new_device is not None:
            device_id = self.devices[device_code] = (await service.save_device(self.db, new_device)).id
            body = body.model_copy(update={"device_id": device_id})
        existing = (await self.db.execute(select(DataPoint.id).where(DataPoint.device_id == device_id,
                                                                    DataPoint.code == body.code))).scalar()
        if existing is not None:
            body = _validate(DataPointWrite, {**data, "deviceId": device_id, "id": existing}, "datapoint")
        await service.save_point(self.db, body)

    async def _model(self, row: dict) -> None:
        model_code = row.get("modelCode", "")
        model_body = _validate(ModelWrite, {"code": model_code, "name": row.get("modelName") or model_code,
                                            "category": row.get("category"),
                                            "manufacturer": row.get("manufacturer")}, "model",
                                {"code": "modelCode", "name": "modelName"})
        point_body = None
        if row.get("code"):
            data = _point_data(row, self.groups)
            data["linkId"] = self.models.get(model_code, 1)  # checked again against the real model below
            point_body = _validate(ModelPointWrite, data, "model")
            self._once(row)
            if point_body.range_min is not None and point_body.range_max is not None \
                    and point_body.range_min > point_body.range_max:
                raise BusinessError("量程下限不能大于上限")
        elif model_code in self.models:
            return  # a model row without a point, for a model that is there: nothing to do
        # Every check is done: now write the model (if new), the component (if new) and the point.
        model_id = self.models.get(model_code)
        if model_id is None:
            model = await service.save_model(self.db, model_body)
            model_id = self.models[model_code] = model.id
        if point_body is None:
            return
        component_id = None
        if row.get("componentCode"):
            component_id = (await self.db.execute(select(ModelComponent.id).where(
                ModelComponent.model_id == model_id, ModelComponent.code == row["componentCode"]))).scalar()
            if component_id is None:
                component = ModelComponent(model_id=model_id, code=row["componentCode"][:64],
                                           name=(row.get("componentName") or row["componentCode"])[:128])
                self.db.add(component)
                await self.db.flush()
                component_id = component.id
        existing = (await self.db.execute(select(ModelPoint.id).where(ModelPoint.link_id == model_id,
                                                                     ModelPoint.code == point_body.code))).scalar()
        values = service.values_of(point_body)
        values.update(link_id=model_id, component_id=component_id)
        point = await self.db.get(ModelPoint, existing) if existing else None
        if point is None:
            self.db.add(ModelPoint(**values))
        else:
            for key, value in values.items():
                setattr(point, key, value)
        await self.db.flush()


def announce(db: AsyncSession, entry: ImportLog) -> None:
    """The log's progress to the live channel once the session commits it."""
    live.publish_on_commit(db, LIVE_TOPIC, entry.tenant_id, str(entry.id), {
        "id": str(entry.id), "state": entry.state, "progress": entry.progress, "total": entry.total,
        "successCount": entry.success_count, "failCount": entry.fail_count})


async def run_import(db: AsyncSession, import_id: str) -> None:
    """The job: import the file of import log `import_id` in the job's tenant; a log already running was left by
    a worker that died, and is resumed after its last committed row."""
    entry = await db.get(ImportLog, int(import_id))
    if entry is None or entry.state not in (QUEUED, RUNNING):
        return
    done = entry.success_count + entry.fail_count if entry.state == RUNNING else 0
    if done:
        log.warning("import %s resumed after row %d", entry.id, done + 1)
    entry.state = RUNNING
    announce(db, entry)
    await db.commit()
    try:
        content = (await db.execute(select(ImportLog.content).where(ImportLog.id == entry.id))).scalar() or b""
        # In a thread: a large file parses for seconds, which would hold back the worker's heartbeat (core.jobs).
        rows = await asyncio.to_thread(functools.partial(
            excel.read_sheet, content, COLUMNS[entry.type], required=REQUIRED[entry.type], aliases=ALIASES))
    except BusinessError as exc:
        entry.state, entry.message, entry.finish_time = FAILED, exc.msg, datetime.now().replace(microsecond=0)
        announce(db, entry)
        await db.commit()
        return
    try:
        failed = await _rows(db, entry, rows, done)
    except Exception:
        # Not a refused row but a fault (the database went away, a bug): the rows of the chunk being written are
        # rolled back, those committed before stay, and the log says the import stopped and which rows are in.
        log.exception("import %s stopped", entry.id)
        await db.rollback()
        await db.refresh(entry)
        entry.state, entry.finish_time = FAILED, datetime.now().replace(microsecond=0)
        entry.message = f"导入中断: {written(entry)}, 请查看已导入的数据后重试"
        announce(db, entry)
        await db.commit()
        return
    entry.success_count, entry.fail_count = len(rows) - failed, failed
    entry.state, entry.progress = DONE, 100
    entry.message = f"{len(rows) - failed} 行成功, {failed} 行失败"
    entry.finish_time = datetime.now().replace(microsecond=0)
    announce(db, entry)
    await db.commit()
    log.info("import %s (%s): %d rows, %d rejected", entry.id, entry.type, len(rows), failed)


async def left(db: AsyncSession) -> list[tuple[str, dict]]:
    """The imports whose log says queued or running, every tenant's (core.jobs: the embedded mode's start-up
    sweep resumes them; a killed process's in-memory queue lost them)."""
    rows = await db.execute(select(ImportLog.id, ImportLog.tenant_id).where(ImportLog.state.in_((QUEUED, RUNNING)))
                            .order_by(ImportLog.id))
    return [(tenant_id, {"import_id": str(id_)}) for id_, tenant_id in rows.all()]


async def abandoned(db: AsyncSession, reason: str, import_id: str) -> None:
    """The job was given up on (core.jobs: its worker died once too often): the log says so and which rows are
    in, rather than running for ever."""
    entry = await db.get(ImportLog, int(import_id))
    if entry is None or entry.state not in (QUEUED, RUNNING):
        return
    entry.state, entry.finish_time = FAILED, datetime.now().replace(microsecond=0)
    entry.message = f"{reason}: {written(entry)}, 请重新导入其余的行"
    announce(db, entry)


def written(entry: ImportLog) -> str:
    """Which rows of a stopped import are in: those up to the last committed one, less the rejected ones."""
    done = entry.success_count + entry.fail_count
    if not done:
        return "未导入任何行"
    return (f"第 2-{done + 1} 行已处理 ({entry.success_count} 行已导入, {entry.fail_count} 行失败), "
            f"第 {done + 2} 行起未导入")


async def _rows(db: AsyncSession, entry: ImportLog, rows: list[tuple[int, dict]], done: int) -> int:
    """Import `rows` (sheet row number, cells) after the first `done` (imported before) and answer how many were
    rejected in all; the counts and the progress are committed with the rows, every CHUNK rows."""
    importer = _Importer(db, entry.type, bool(entry.create_devices))
    await importer.load()
    entry.total = len(rows)
    failed = entry.fail_count if done else 0
    if done:  # the rows written before count for duplicates, as if this run had read them
        rejected = set((await db.execute(select(ImportErrorRow.row_no).where(
            ImportErrorRow.import_id == entry.id))).scalars())
        importer.seen.update(importer.key(row) for number, row in rows[:done] if number not in rejected)
    for count, (number, row) in enumerate(rows[done:], start=done + 1):
        try:
            await importer.row(row)
        except BusinessError as exc:
            failed += 1
            db.add(ImportErrorRow(import_id=entry.id, row_no=number, reason=exc.msg[:500],
                                  content=json.dumps(row, ensure_ascii=False)))
        if count % CHUNK == 0:
            entry.progress = min(99, count * 100 // max(1, len(rows)))
            entry.success_count, entry.fail_count = count - failed, failed
            announce(db, entry)
            await db.commit()
    return failed


def error_sheet(kind: str, rows: list[ImportErrorRow], lang: str) -> bytes:
    """The rejected rows with their cells, row number and reason (in `lang`; the stored reason is the server's
    Chinese), to fix and import again."""
    columns = [("rowNo", "行号 Row"), ("reason", "原因 Reason"), *COLUMNS[kind]]
    records = []
    for row in rows:
        try:
            cells = json.loads(row.content or "{}")
        except ValueError:
            cells = {}
        records.append({**cells, "rowNo": row.row_no, "reason": WORDING.text(row.reason, lang)})
    return excel.workbook_bytes(columns, records, sheet="rejected")
