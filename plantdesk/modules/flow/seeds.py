"""The workflow area's menus: the workflow catalogue and my work (the task lists and the leave process).

The shapes are core.menus' and system.dict.seeds'; core.areas assembles them with every other area's.
"""

from plantdesk.core.menus import ADD, CRUD, DELETE, ROW, TOOLBAR, VIEW, button, menu

FLOW_MODEL_BUTTONS = [*CRUD, button("deploy", "部署", "Deploy", ROW)]
FLOW_DEPLOY_BUTTONS = [button("upload", "部署上传", "Upload deployment", TOOLBAR)]
FLOW_MANAGER_BUTTONS = [VIEW, button("state", "变更状态", "Change state", ROW), DELETE]
FLOW_FOLLOW_BUTTONS = [VIEW, DELETE]
WORK_START_BUTTONS = [button("launch", "发起", "Start", ROW)]
WORK_CLAIM_BUTTONS = [button("claim", "签收", "Claim", ROW), VIEW]
WORK_TODO_BUTTONS = [button("handle", "办理", "Handle", ROW), VIEW]
WORK_VIEW_BUTTONS = [VIEW]
LEAVE_BUTTONS = [ADD, VIEW]

# Hand-aligned so that each screen is one row; keep ruff format away from it.
# fmt: off
MENUS: list[dict] = [
    menu("flow", "流程管理", "Workflow", "/flow", "BranchesOutlined", 10, [
        menu("flow_model", "模型设计", "Models", "/flow/model", "BlockOutlined", 1,
             buttons=FLOW_MODEL_BUTTONS),
        menu("deploy", "模型部署", "Deployment", "/flow/deploy", "CloudUploadOutlined", 2,
             buttons=FLOW_DEPLOY_BUTTONS),
        menu("manager", "流程管理", "Definitions", "/flow/manager", "ProjectOutlined", 3,
             buttons=FLOW_MANAGER_BUTTONS),
        menu("follow", "流程跟踪", "Follow", "/flow/follow", "HistoryOutlined", 4,
             buttons=FLOW_FOLLOW_BUTTONS),
    ]),
    menu("work", "我的事务", "My work", "/work", "ScheduleOutlined", 11, [
        menu("start", "发起事务", "Start", "/work/start", "PlayCircleOutlined", 1,
             buttons=WORK_START_BUTTONS),
        menu("claim", "待签事务", "To claim", "/work/claim", "CarryOutOutlined", 2,
             buttons=WORK_CLAIM_BUTTONS),
        menu("todo", "待办事务", "To do", "/work/todo", "CheckSquareOutlined", 3, buttons=WORK_TODO_BUTTONS),
        menu("send", "已发事务", "Sent", "/work/send", "SendOutlined", 4, buttons=WORK_VIEW_BUTTONS),
        menu("done", "办结事务", "Done", "/work/done", "FileDoneOutlined", 5, buttons=WORK_VIEW_BUTTONS),
        menu("leave", "请假流程", "Leave process", "/work/process/leave", "CalendarOutlined", 6,
             buttons=LEAVE_BUTTONS),
    ]),
]
# fmt: on

DICTS: list[dict] = [
    # Workflow categories. A process definition's category is "flow_<key>"; the console routes a category to
    # its form with the item's remark (routeKey f"{code}_{dict_key}", routeValue the remark: SPEC §3 "Flow
    # route"), e.g. flow_1 -> /work/process/leave.
    {
        "code": "flow",
        "sort": 17,
        "name": "流程类型",
        "name_en": "Process type",
        "remarks": {"1": "leave"},
        "items": [
            ("1", "请假流程", "Leave"),
            ("2", "设备维修流程", "Equipment repair"),
            ("3", "告警处置流程", "Alarm handling"),
            ("4", "其他流程", "Other"),
        ],
    },
]
