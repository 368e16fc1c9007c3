"""The feature modules, and `setup()`: what they plug into core, called by app start-up and by the worker."""


def setup() -> None:
    """Register every module's loaders and jobs. Explicit, so a process that imported less still applies the
    same permissions and data scopes and knows the same jobs; importing a module registers nothing."""
    from plantdesk.modules import ai, alarm, desk, device, flow, log, system, user, warning
    from plantdesk.modules.device import monitor

    system.setup()
    user.setup()
    desk.setup()
    log.setup()
    device.setup()
    monitor.setup()
    alarm.setup()
    warning.setup()
    flow.setup()
    ai.setup()
