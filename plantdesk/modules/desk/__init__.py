"""The desk: notices, and the header bell's notifications."""


def setup() -> None:
    from plantdesk.core import generations, live
    from plantdesk.modules.desk import service
    from plantdesk.modules.desk.models import SystemNotice

    generations.watch(service.BELL, SystemNotice)
    live.register(service.BELL_TOPIC, live.anyone(), per_user=True)
