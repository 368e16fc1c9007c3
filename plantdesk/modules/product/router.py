"""/api/product (products, craft flows, batch products) and /api/blade-system/oee (shift calendar, OEE devices,
stored results, recompute) with /api/blade-system/oee-ana (analysis). Every route acts in the caller's tenant."""

from datetime import date, datetime, timedelta
from typing import Annotated

from fastapi import APIRouter, Body, Query, Request

from plantdesk.core import query
from plantdesk.core.context import Identity
from plantdesk.core.crud import Resource, crud_router, get_or_raise, save
from plantdesk.core.deps import IdQuery, TenantDb, need
from plantdesk.core.envelope import R, ok
from plantdesk.core.listing import Listing
from plantdesk.core.paging import Page, Paging
from plantdesk.core.routing import include
from plantdesk.modules.product import service
from plantdesk.modules.product.models import BatchProduct, OeeDevice, OeeResult, Product, ShiftCalendar, TechProcess
from plantdesk.modules.product.schemas import (
    BatchRead,
    BatchWrite,
    OeeAnalysis,
    OeeDeviceRead,
    OeeDeviceWrite,
    OeeResultRead,
    ProductRead,
    ProductWrite,
    ShiftRead,
    ShiftWrite,
    TechProcessRead,
    TechProcessWrite,
)

PREFIX = "/product"
OEE_PREFIX = "/blade-system/oee"
# The product list feeds the craft-flow, batch and OEE screens' product pickers.
PRODUCTS = Resource(name="product_product", model=Product, read=ProductRead, write=ProductWrite,
                    filters={"productName": Product.product_name, "productCode": Product.product_code},
                    order=(Product.sort, Product.product_code), view_codes=("tectprocess", "batch", "oee"),
                    before_save=service.product_before_save, before_remove=service.product_before_remove)
product = crud_router(PRODUCTS, f"{PREFIX}/product", tags=["product"])

PROCESSES = Resource(name="tectprocess", model=TechProcess, read=TechProcessRead, write=TechProcessWrite,
                     filters={"processName": TechProcess.process_name, "processCode": TechProcess.process_code,
                              "productId": TechProcess.product_id},
                     order=(TechProcess.sort, TechProcess.process_name), view_codes=("batch",),
                     before_save=service.process_before_save)
tectprocess = crud_router(PROCESSES, f"{PREFIX}/tectprocess", ops=("remove",), tags=["tectprocess"])
ProcessView = need(*PROCESSES.codes("view"))


@tectprocess.get("/list", response_model=R[Page[TechProcessRead]])
async def process_list(request: Request, db: TenantDb, paging: Paging, user: Identity = ProcessView):
    """Filters: processName (contains), productId."""
    listing = PROCESSES.listing
    page = await listing.page(db, listing.select(request.query_params), paging)
    page["records"] = await service.process_reads(db, page["records"])
    return ok(page)


@tectprocess.get("/detail", response_model=R[TechProcessRead])
async def process_detail(db: TenantDb, id: IdQuery, user: Identity = ProcessView):
    return ok((await service.process_reads(db, [await get_or_raise(db, TechProcess, id)]))[0])


@tectprocess.post("/submit", response_model=R[TechProcessRead])
async def process_submit(db: TenantDb, body: Annotated[TechProcessWrite, Body()],
                         user: Identity = need(*PROCESSES.codes("submit"))):
    """Insert or update a craft flow; `protList` is its ordered list of steps."""
    return ok((await service.process_reads(db, [await save(db, user, PROCESSES, body)]))[0])


BATCHES = Resource(name="batch", model=BatchProduct, read=BatchRead, write=BatchWrite,
                   filters={"batchNo": BatchProduct.batch_no, "productId": BatchProduct.product_id},
                   order=(BatchProduct.start_time.desc(),), before_save=service.batch_before_save)
batch = crud_router(BATCHES, f"{PREFIX}/batchProduct", ops=("remove",), tags=["batchProduct"])
BatchView = need(*BATCHES.codes("view"))


@batch.get("/list", response_model=R[Page[BatchRead]])
async def batch_list(request: Request, db: TenantDb, paging: Paging, user: Identity = BatchView):
    """Filters: batchNo (contains), productId. Each batch's produced quantity is the rise of its counter point
    since its start; progress = produced / planned."""
    listing = BATCHES.listing
    page = await listing.page(db, listing.select(request.query_params), paging)
    page["records"] = await service.batch_reads(db, page["records"])
    return ok(page)


@batch.get("/batchListByProductId", response_model=R[list[BatchRead]])
async def batch_list_by_product(db: TenantDb, product_id: Annotated[int, Query(alias="productId", ge=1, lt=2**63)],
                                user: Identity = BatchView):
    """The product's batches, newest first, with their progress."""
    listing = BATCHES.listing
    rows = await listing.rows(db, listing.select({}).where(BatchProduct.product_id == product_id), limit=500)
    return ok(await service.batch_reads(db, rows))


@batch.get("/detail", response_model=R[BatchRead])
async def batch_detail(db: TenantDb, id: IdQuery, user: Identity = BatchView):
    return ok((await service.batch_reads(db, [await get_or_raise(db, BatchProduct, id)]))[0])


@batch.post("/submit", response_model=R[BatchRead])
async def batch_submit(db: TenantDb, body: Annotated[BatchWrite, Body()],
                       user: Identity = need(*BATCHES.codes("submit"))):
    return ok((await service.batch_reads(db, [await save(db, user, BATCHES, body)]))[0])


# --- OEE ------------------------------------------------------------------------------------------------------

SHIFTS = Resource(name="oee", model=ShiftCalendar, read=ShiftRead, write=ShiftWrite,
                  filters={"shiftName": ShiftCalendar.shift_name}, order=(ShiftCalendar.sort, ShiftCalendar.start_time),
                  before_save=service.shift_before_save)
shift = crud_router(SHIFTS, f"{OEE_PREFIX}/shift", tags=["oee-shift"])

DEVICES = Resource(name="oee", model=OeeDevice, read=OeeDeviceRead, write=OeeDeviceWrite,
                   filters={"deviceId": OeeDevice.device_id, "productId": OeeDevice.product_id},
                   before_save=service.oee_device_before_save)
oee_device = crud_router(DEVICES, f"{OEE_PREFIX}/device", tags=["oee-device"])

oee = APIRouter(prefix=OEE_PREFIX, tags=["oee"])
OeeView = need("oee", "oee_view")
RESULTS = Listing(OeeResult, exact={"deviceId": OeeResult.device_id, "shiftId": OeeResult.shift_id,
                                    "line": OeeResult.line},
                  order=(OeeResult.day.desc(), OeeResult.period_start.desc()))
StartDay = Annotated[str, Query(alias="startTime", max_length=10)]
EndDay = Annotated[str, Query(alias="endTime", max_length=10)]
ShiftId = Annotated[int | None, Query(alias="shiftId", ge=1, lt=2**63)]
DeviceId = Annotated[int | None, Query(alias="deviceId", ge=1, lt=2**63)]
Line = Annotated[str | None, Query(max_length=128)]


def _days(start: str, end: str, default: int) -> tuple[date, date]:
    """`startTime` … `endTime` (dates); by default the `default` days up to today."""
    last = query.parse_date(end, "endTime").date() if end else date.today()
    first = query.parse_date(start, "startTime").date() if start else last - timedelta(days=default - 1)
    return first, last


@oee.get("/list", response_model=R[Page[OeeResultRead]])
async def result_list(request: Request, db: TenantDb, paging: Paging, start: StartDay = "", end: EndDay = "",
                      user: Identity = OeeView):
    """Stored OEE results of startTime … endTime (days; default: the last 7), newest day first. Filters:
    deviceId, shiftId, line."""
    first, last = _days(start, end, 7)
    stmt = RESULTS.select(request.query_params).where(OeeResult.day >= first, OeeResult.day <= last)
    return ok(await RESULTS.page(db, stmt, paging))


@oee.post("/compute", response_model=R[int])
async def compute(db: TenantDb, start: StartDay = "", end: EndDay = "", user: Identity = need("oee_edit")):
    """Recompute and store the results of the shifts of startTime … endTime (default: today), at most 31 days;
    answers how many were stored."""
    first, last = _days(start, end, 1)
    if first > last or (last - first).days > 30:
        raise service.BusinessError("计算范围必须在31天以内")
    days = [first + timedelta(days=n) for n in range((last - first).days + 1)]
    return ok(await service.compute_days(db, days, datetime.now()), "计算成功")


ana = APIRouter(prefix="/blade-system/oee-ana", tags=["oee"])


@ana.get("/analyse", response_model=R[OeeAnalysis])
async def analyse(db: TenantDb, start: StartDay = "", end: EndDay = "", shift_id: ShiftId = None,
                  device_id: DeviceId = None, line: Line = None, user: Identity = OeeView):
    """The stored results of startTime … endTime (default: the last 7 days), narrowed to a shift, device or line:
    overall A, P, Q and OEE; per device, line and shift; the daily trend; the losses by cause (Pareto)."""
    first, last = _days(start, end, 7)
    return ok(await service.analyse(db, first, last, shift_id=shift_id, device_id=device_id, line=line))


router = APIRouter()
include(router, product, tectprocess, batch, shift, oee_device, oee, ana)
