"""The equipment area: device models, devices, data points, collect groups, imports and the operation log."""


def setup() -> None:
    from plantdesk.core import jobs
    from plantdesk.modules.device import collect, io

    jobs.declare(io.JOB, io.run_import, scope=jobs.CALLER, idempotent=True, abandoned=io.abandoned)
    collect.setup()
