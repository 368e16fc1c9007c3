"""A `serve`-like process for tests/device/test_excel.py: the embedded job engine (its queue in memory) on the
test's database, importing a device file as the import endpoint does (a log, then the job), printing the log's
id, and running until it is killed."""

import asyncio
import sys
from pathlib import Path

from plantdesk.config import Settings
from plantdesk.core import areas, runtime, tenancy
from plantdesk.modules.device import io as device_io
from plantdesk.modules.device.models import ImportLog


async def main(url: str, data_dir: str, tenant_id: str, name: str, content: str) -> None:
    areas.wire()
    settings = Settings(database_url=url, data_dir=Path(data_dir), redis_url="", jobs="embedded")
    async with runtime.started(settings, run_jobs=True, run_services=False) as rt:
        assert rt.jobs is not None
        async with rt.unit_of_work_in(tenancy.Scope(tenant_id)) as db:
            entry = ImportLog(type="device", file_name=name, file_url=name, content=Path(content).read_bytes(),
                              state=device_io.QUEUED)
            db.add(entry)
            await db.flush()
            import_id = entry.id
        await rt.jobs.defer(device_io.JOB, tenant_id=tenant_id, import_id=str(import_id))
        print(import_id, flush=True)
        await asyncio.Event().wait()


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:]))
