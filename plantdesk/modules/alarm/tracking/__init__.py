"""Alarm tracking (告警追踪): third-party databases of the source systems MES, OA, QMS and SCADA, read-only;
metrics on their tables whose conditions raise and clear alarms through the data-point rules' lifecycle,
checked on each tenant's timely-detection schedule by the `alarm.tracking` job; census, timely and event views
per source."""

JOB = "alarm.tracking"
CRON = "* * * * * */10"  # every 10 seconds (the sixth field is the seconds); each tenant has its own interval
