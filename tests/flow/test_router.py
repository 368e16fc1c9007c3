"""/api/blade-flow and the leave process over HTTP: deploy and versions, the leave process end to end with
claim and completion, the claim conflict, suspension, deletion cascades, tenant isolation and a step that fails
half-way (nothing of it is kept)."""

import asyncio
import time
from datetime import datetime

from sqlalchemy import select

from plantdesk.core import tenancy
from plantdesk.modules.flow import engine, service, timers
from plantdesk.modules.flow.models import FlowInstance, FlowLeave, FlowTask
from tests.conftest import DEMO_TENANT
from tests.flow.test_engine import PARALLEL, timer_model
from tests.helpers import Api, login

API = "/api/blade-flow"
LEAVE = "/api/blade-desk/process/leave"


async def apply(api: Api, days: float, reason: str) -> dict:
    return await api.data(
        "POST",
        f"{LEAVE}/start-process",
        {
            "leaveType": "annual",
            "startTime": "2026-12-01 09:00:00",
            "endTime": "2026-12-05 18:00:00",
            "days": days,
            "reason": reason,
        },
    )


async def task_of(api: Api, listing: str, instance_id: str) -> dict:
    page = await api.data("GET", f"{API}/work/{listing}", size=100)
    [row] = [r for r in page["records"] if r["processInstanceId"] == instance_id]
    return row


async def ids_in(api: Api, listing: str) -> set[str]:
    page = await api.data("GET", f"{API}/work/{listing}", size=200)
    return {r["processInstanceId"] for r in page["records"]}


class TestLeave:
    async def test_five_days_manager_then_hr_then_done_lists(self, applicant, manager, hr, unique):
        leave = await apply(applicant, 5, f"family {unique}")
        instance = leave["processInstanceId"]
        assert (await applicant.data("GET", f"{LEAVE}/detail", businessId=leave["id"]))["days"] == 5
        claim = await task_of(manager, "claim-list", instance)
        assert claim["taskName"] == "部门经理审批" and claim["businessTable"] == "wf_leave"
        assert claim["businessId"] == leave["id"] and claim["startUserName"] == "Liu Yang"
        assert instance not in await ids_in(hr, "claim-list")  # only the applicant's manager is a candidate
        assert (await manager.post(f"{API}/work/claim-task", taskId=claim["taskId"])).json()["msg"] == "签收成功"
        todo = await task_of(manager, "todo-list", instance)
        ok = await manager.post(
            f"{API}/work/complete-task", {"taskId": todo["taskId"], "flag": "ok", "comment": "好的"}
        )
        assert ok.json()["success"], ok.json()
        hr_task = await task_of(hr, "claim-list", instance)
        assert hr_task["taskName"] == "人事审批"
        await hr.data("POST", f"{API}/work/claim-task", taskId=hr_task["taskId"])
        await hr.data("POST", f"{API}/work/complete-task", {"taskId": hr_task["taskId"]})  # comment 同意: pass
        for api in (manager, hr):
            done = await task_of(api, "done-list", instance)
            assert done["processIsFinished"] == "finished"
        sent = await task_of(applicant, "send-list", instance)
        assert sent["processIsFinished"] == "finished"
        history = await applicant.data("GET", f"{API}/process/history-flow-list", processInstanceId=instance)
        assert [(h["historyActivityName"], h["comment"]) for h in history] == [
            ("发起流程", None),
            ("部门经理审批", "好的"),
            ("人事审批", "同意"),
            ("结束", None),
        ]
        diagram = await applicant.data("GET", f"{API}/process/diagram-view", processInstanceId=instance)
        assert "hrApproval" in diagram["completed"] and diagram["active"] == []

    async def test_rejection_goes_back_to_the_applicant_with_the_comment(self, applicant, manager, unique):
        instance = (await apply(applicant, 2, f"short {unique}"))["processInstanceId"]
        claim = await task_of(manager, "claim-list", instance)
        await manager.data("POST", f"{API}/work/claim-task", taskId=claim["taskId"])
        await manager.data(
            "POST", f"{API}/work/complete-task", {"taskId": claim["taskId"], "flag": "no", "comment": "请补充交接安排"}
        )
        back = await task_of(applicant, "todo-list", instance)
        assert back["taskName"] == "调整申请"
        history = await applicant.data("GET", f"{API}/process/history-flow-list", processInstanceId=instance)
        assert history[1]["comment"] == "请补充交接安排" and history[1]["passed"] == 0
        diagram = await applicant.data("GET", f"{API}/process/diagram-view", processInstanceId=instance)
        assert diagram["active"] == ["adjust"] and "managerApproval" in diagram["completed"]

    async def test_second_claim_is_refused(self, applicant, manager, demo_admin, client, unique):
        instance = (await apply(applicant, 1, f"claim {unique}"))["processInstanceId"]
        claim = await task_of(manager, "claim-list", instance)
        await manager.data("POST", f"{API}/work/claim-task", taskId=claim["taskId"])
        other = await login(client, "zhangwei", "123456", DEMO_TENANT)  # same user again: fine
        assert (await other.post(f"{API}/work/claim-task", taskId=claim["taskId"])).json()["success"]
        stolen = await applicant.post(f"{API}/work/claim-task", taskId=claim["taskId"])
        assert stolen.json()["success"] is False and stolen.json()["msg"] == service.ALREADY_CLAIMED
        not_mine = await applicant.post(f"{API}/work/complete-task", {"taskId": claim["taskId"]})
        assert not_mine.json()["msg"] == service.NOT_YOURS


class TestLeaderLeave:
    """Issue 24.11: zhangwei leads Production; his own leave goes to the leader above (admin, Demo Chemical
    Plant), and the history names who may claim the pending step."""

    async def test_a_leaders_own_leave_goes_to_the_next_leader_up(self, manager, demo_admin, unique):
        instance = (await apply(manager, 2, f"leader {unique}"))["processInstanceId"]
        assert instance not in await ids_in(manager, "claim-list")
        claim = await task_of(demo_admin, "claim-list", instance)
        assert claim["taskName"] == "部门经理审批" and claim["startUserName"] == "Zhang Wei"
        refused = await manager.post(f"{API}/work/claim-task", taskId=claim["taskId"])
        assert refused.json()["msg"] == "您不是该任务的候选人"

    async def test_the_top_leader_who_deployed_the_process_has_no_one_above(self, app, demo_admin, unique):
        """admin leads the top department and deployed the leave process: refused, and no leave row is kept."""
        refused = await demo_admin.post(
            LEAVE + "/start-process",
            {"leaveType": "annual", "startTime": "2026-12-01 09:00:00", "endTime": "2026-12-01 18:00:00",
             "days": 1, "reason": f"top {unique}"},
        )
        assert refused.json()["msg"] == "流程变量不存在: managerUser"
        async with app.state.runtime.unit_of_work_in(tenancy.Scope(DEMO_TENANT)) as db:
            assert await db.scalar(select(FlowLeave.id).where(FlowLeave.reason == f"top {unique}")) is None

    async def test_history_names_the_holder_of_the_pending_step(self, applicant, manager, hr, unique):
        instance = (await apply(applicant, 5, f"holder {unique}"))["processInstanceId"]

        async def pending() -> dict:
            history = await applicant.data("GET", f"{API}/process/history-flow-list", processInstanceId=instance)
            return history[-1]

        waiting = await pending()
        assert (waiting["historyActivityName"], waiting["assignee"]) == ("部门经理审批", None)
        assert waiting["candidateNames"] == ["Zhang Wei"]
        claim = await task_of(manager, "claim-list", instance)
        await manager.data("POST", f"{API}/work/claim-task", taskId=claim["taskId"])
        claimed = await pending()
        assert (claimed["assigneeName"], claimed["candidateNames"]) == ("Zhang Wei", [])
        await manager.data("POST", f"{API}/work/complete-task", {"taskId": claim["taskId"], "flag": "ok"})
        waiting = await pending()
        assert (waiting["historyActivityName"], waiting["candidateNames"]) == ("人事审批", ["HR"])


async def deploy_parallel(api: Api, unique: str) -> dict:
    key = f"par_{unique}"
    model = await api.data(
        "POST",
        f"{API}/model/submit",
        {
            "modelKey": key,
            "name": f"Parallel {unique}",
            "modelEditorXml": PARALLEL.decode().replace('id="p"', f'id="{key}"'),
        },
    )
    assert (await api.data("POST", f"{API}/model/deploy", modelId=model["id"])) == 1
    page = await api.data("GET", f"{API}/manager/list", size=200)
    [definition] = [d for d in page["records"] if d["key"] == key]
    return definition


class TestDefinitions:
    async def test_versions_suspension_and_cascade(self, demo_admin, unique):
        first = await deploy_parallel(demo_admin, unique)
        assert first["version"] == 1 and first["suspensionState"] == 1
        model = (await demo_admin.data("GET", f"{API}/model/list", modelKey=unique))["records"][0]
        await demo_admin.data("POST", f"{API}/model/deploy", modelId=model["id"])
        page = await demo_admin.data("GET", f"{API}/manager/list", size=200)
        [latest] = [d for d in page["records"] if d["key"] == first["key"]]
        assert latest["version"] == 2  # the list shows the newest version only

        started = await demo_admin.data(
            "POST",
            f"{API}/work/start-process",
            {"processDefinitionId": latest["id"], "variables": {"first": "taskUser_1"}},
        )
        instance = started["processInstanceId"]
        assert (
            await demo_admin.data("POST", f"{API}/manager/change-state", state="suspend", processId=latest["id"])
        ) is None
        again = await demo_admin.post(f"{API}/manager/change-state", state="suspend", processId=latest["id"])
        assert again.json()["msg"] == "流程已是挂起状态"
        refused = await demo_admin.post(f"{API}/work/start-process", {"processDefinitionId": latest["id"]})
        assert refused.json()["msg"] == service.DEFINITION_SUSPENDED
        followed = await demo_admin.data("GET", f"{API}/follow/list", processInstanceId=instance)
        assert followed["records"][0]["suspensionState"] == 2
        task = await task_of(demo_admin, "claim-list", instance)  # candidate group admin
        stuck = await demo_admin.post(f"{API}/work/claim-task", taskId=task["taskId"])
        assert stuck.json()["msg"] == service.SUSPENDED_MSG  # a suspended instance does not move
        await demo_admin.data("POST", f"{API}/manager/change-state", state="active", processId=latest["id"])
        await demo_admin.data("POST", f"{API}/work/claim-task", taskId=task["taskId"])

        await demo_admin.data("POST", f"{API}/manager/delete-deployment", deploymentIds=latest["deploymentId"])
        gone = await demo_admin.get(f"{API}/process/history-flow-list", processInstanceId=instance)
        assert gone.json()["success"] is False  # instance and history went with the deployment
        assert instance not in await ids_in(demo_admin, "todo-list")

    async def test_follow_delete_keeps_history(self, demo_admin, unique):
        definition = await deploy_parallel(demo_admin, unique)
        instance = (
            await demo_admin.data(
                "POST",
                f"{API}/work/start-process",
                {"processDefinitionId": definition["id"], "variables": {"first": "taskUser_1"}},
            )
        )["processInstanceId"]
        await demo_admin.data(
            "POST", f"{API}/follow/delete-process-instance", processInstanceId=instance, deleteReason="测试删除"
        )
        assert (await demo_admin.data("GET", f"{API}/follow/list", processInstanceId=instance))["total"] == 0
        history = await demo_admin.data("GET", f"{API}/process/history-flow-list", processInstanceId=instance)
        assert history[-1]["comment"] == "测试删除"

    async def test_bad_models_are_refused(self, demo_admin, unique):
        model = await demo_admin.data(
            "POST",
            f"{API}/model/submit",
            {
                "modelKey": f"bad_{unique}",
                "name": "bad",
                "modelEditorXml": PARALLEL.decode().replace("${first}", "${__import__('os')}"),
            },
        )
        refused = await demo_admin.post(f"{API}/model/deploy", modelId=model["id"])
        assert refused.json()["success"] is False and "表达式" in refused.json()["msg"]
        upload = await demo_admin.http.post(
            f"{API}/manager/deploy-upload", headers=demo_admin.headers, files={"files": ("x.txt", b"<x/>", "text/xml")}
        )
        assert upload.json()["success"] is False and "文件格式错误" in upload.json()["msg"]
        ok = await demo_admin.http.post(
            f"{API}/manager/deploy-upload",
            headers=demo_admin.headers,
            data={"category": "test"},
            files={"files": (f"up{unique}.bpmn20.xml", PARALLEL, "text/xml")},
        )
        assert ok.json()["data"] == 1

    async def test_tenant_isolation(self, admin, demo_admin, applicant, unique):
        definition = await deploy_parallel(demo_admin, unique)
        instance = (
            await demo_admin.data(
                "POST",
                f"{API}/work/start-process",
                {"processDefinitionId": definition["id"], "variables": {"first": "taskUser_1"}},
            )
        )["processInstanceId"]
        platform = await admin.data("GET", f"{API}/manager/list", size=200)
        assert definition["key"] not in {d["key"] for d in platform["records"]}
        assert (await admin.get(f"{API}/process/diagram-view", processInstanceId=instance)).json()["success"] is False
        assert (await admin.post(f"{API}/work/start-process", {"processDefinitionId": definition["id"]})).json()[
            "success"
        ] is False
        assert (await admin.data("GET", f"{API}/follow/list", processInstanceId=instance))["total"] == 0
        # the platform administrator may act in the tenant by naming it, and deploy to chosen tenants
        named = await admin.data("GET", f"{API}/follow/list", processInstanceId=instance, tenantId=DEMO_TENANT)
        assert named["total"] == 1
        plain = await applicant.get(f"{API}/manager/list")
        assert plain.json()["code"] == 403


class TestCountersign:
    async def test_each_approver_gets_the_task_in_turn_over_http(self, demo_admin, manager, hr, unique):
        from tests.flow.test_engine import COLLECTION, multi_instance

        key = f"sign_{unique}"
        xml = multi_instance(f'isSequential="true" {COLLECTION}').replace(b'id="p"', f'id="{key}"'.encode())
        model = await demo_admin.data(
            "POST", f"{API}/model/submit", {"modelKey": key, "name": "会签", "modelEditorXml": xml.decode()}
        )
        await demo_admin.data("POST", f"{API}/model/deploy", modelId=model["id"])
        [definition] = [
            d for d in (await demo_admin.data("GET", f"{API}/manager/list", size=200))["records"] if d["key"] == key
        ]
        approvers = [service.task_user(int(api.user_id)) for api in (manager, hr)]
        instance = (
            await demo_admin.data(
                "POST",
                f"{API}/work/start-process",
                {"processDefinitionId": definition["id"], "variables": {"approvers": approvers}},
            )
        )["processInstanceId"]
        assert instance not in await ids_in(hr, "todo-list")  # sequential: the manager first
        for api in (manager, hr):
            task = await task_of(api, "todo-list", instance)
            assert task["assignee"] == service.task_user(int(api.user_id))
            await api.data("POST", f"{API}/work/complete-task", {"taskId": task["taskId"]})
        assert (await task_of(hr, "done-list", instance))["processIsFinished"] == "finished"


class TestConditions:
    async def test_a_bare_true_and_a_string_repetition_in_a_deployed_process(self, demo_admin, unique):
        from tests.flow.test_engine import flow, model

        key = f"cond_{unique}"
        xml = model(
            '<bpmn:startEvent id="s"/><bpmn:exclusiveGateway id="g" default="f3"/>'
            '<bpmn:userTask id="yes" name="Yes" flowable:assignee="${taskUser}"/>'
            '<bpmn:userTask id="no" name="No" flowable:assignee="${taskUser}"/>'
            '<bpmn:exclusiveGateway id="h" default="f6"/><bpmn:endEvent id="e"/>'
            + flow("f1", "s", "g") + flow("f2", "g", "yes", "True") + flow("f3", "g", "no")
            + flow("f4", "yes", "h") + flow("f5", "h", "e", "${'x' * n == 'xx'}") + flow("f6", "h", "e"),
            key,
        )
        model_row = await demo_admin.data(
            "POST", f"{API}/model/submit", {"modelKey": key, "name": key, "modelEditorXml": xml.decode()})
        await demo_admin.data("POST", f"{API}/model/deploy", modelId=model_row["id"])
        [definition] = [
            d for d in (await demo_admin.data("GET", f"{API}/manager/list", size=200))["records"] if d["key"] == key
        ]
        instance = (await demo_admin.data("POST", f"{API}/work/start-process", {
            "processDefinitionId": definition["id"], "variables": {"n": 10**6}}))["processInstanceId"]
        task = await task_of(demo_admin, "todo-list", instance)
        assert task["taskName"] == "Yes"
        refused = await demo_admin.post(f"{API}/work/complete-task", {"taskId": task["taskId"]})
        assert refused.json()["msg"] == "乘法与取余只能用于数字: 'x' * n"
        assert (await task_of(demo_admin, "todo-list", instance))["taskId"] == task["taskId"]  # nothing was lost


class TestCheckUpload:
    async def post(self, api: Api, name: str, xml: bytes):
        return await api.http.post(
            f"{API}/manager/check-upload", headers=api.headers, files={"file": (name, xml, "text/xml")}
        )

    async def test_names_what_would_deploy_and_why_not_and_deploys_nothing(self, demo_admin, unique):
        key = f"chk_{unique}"
        good = PARALLEL.replace(b'id="p"', f'id="{key}"'.encode())
        answer = (await self.post(demo_admin, f"{key}.bpmn20.xml", good)).json()
        assert answer["data"] == {"name": f"{key}.bpmn20.xml", "success": True, "message": None, "processes": [key]}
        wrong_suffix = (await self.post(demo_admin, "model.xml", good)).json()["data"]
        assert wrong_suffix["success"] is False and wrong_suffix["message"].startswith("文件格式错误: model.xml")
        refused = (await self.post(demo_admin, "bad.bpmn", good.replace(b"${first}", b"${a.b}"))).json()["data"]
        assert refused["success"] is False and "表达式不在允许的范围内" in refused["message"]
        page = await demo_admin.data("GET", f"{API}/manager/list", size=200)
        assert key not in {d["key"] for d in page["records"]}  # a check deploys nothing

    async def test_needs_the_deploy_authority(self, applicant):
        answer = await self.post(applicant, "x.bpmn20.xml", PARALLEL)
        assert answer.json()["code"] == 403


class TestDeleteTask:
    async def test_ends_the_process_with_the_reason_and_only_in_its_tenant(self, admin, demo_admin, applicant, unique):
        definition = await deploy_parallel(demo_admin, unique)
        instance = (
            await demo_admin.data(
                "POST",
                f"{API}/work/start-process",
                {"processDefinitionId": definition["id"], "variables": {"first": "taskUser_1"}},
            )
        )["processInstanceId"]
        task = await task_of(demo_admin, "claim-list", instance)  # B: candidate group admin
        # another tenant's administrator cannot see the task, the applicant lacks the authority
        assert (await admin.post(f"{API}/work/delete-task", taskId=task["taskId"])).json()["msg"] == "数据不存在"
        assert (await applicant.post(f"{API}/work/delete-task", taskId=task["taskId"])).json()["code"] == 403
        too_long = await demo_admin.post(f"{API}/work/delete-task", taskId=task["taskId"], reason="长" * 501)
        assert too_long.json()["msg"] == "删除原因过长: 最多 500 个字符"
        assert (await demo_admin.data("GET", f"{API}/follow/list", processInstanceId=instance))["total"] == 1

        done = await demo_admin.post(f"{API}/work/delete-task", taskId=task["taskId"], reason="候选组无人")
        assert done.json()["msg"] == "删除任务成功"
        assert (await demo_admin.data("GET", f"{API}/follow/list", processInstanceId=instance))["total"] == 0
        assert instance not in await ids_in(demo_admin, "claim-list")
        history = await demo_admin.data("GET", f"{API}/process/history-flow-list", processInstanceId=instance)
        assert [(h["historyActivityName"], h["comment"]) for h in history if h["comment"]] == [
            ("B", "候选组无人"),
            ("已删除", "候选组无人"),
        ]
        again = await demo_admin.post(f"{API}/work/delete-task", taskId=task["taskId"])
        assert again.json()["msg"] == service.TASK_DONE


class TestAtomicity:
    async def test_a_step_failing_half_way_keeps_nothing(self, app, applicant, manager, unique, monkeypatch):
        instance_id = int((await apply(applicant, 5, f"crash {unique}"))["processInstanceId"])
        claim = await task_of(manager, "claim-list", str(instance_id))
        await manager.data("POST", f"{API}/work/claim-task", taskId=claim["taskId"])
        real = service._record

        async def crash(db, instance, workflow, open_rows):
            await real(db, instance, workflow, open_rows)  # the new state and task rows are written...
            raise RuntimeError("power cut")  # ...and the process dies before commit

        monkeypatch.setattr(service, "_record", crash)
        crashed = await manager.post(f"{API}/work/complete-task", {"taskId": claim["taskId"]})
        assert crashed.json()["success"] is False
        monkeypatch.setattr(service, "_record", real)
        async with app.state.runtime.unit_of_work_in(tenancy.Scope(DEMO_TENANT)) as db:
            tasks = (await db.execute(select(FlowTask).where(FlowTask.instance_id == instance_id))).scalars().all()
            state = await db.scalar(select(FlowInstance.state).where(FlowInstance.id == instance_id))
        assert [(t.task_key, t.status) for t in tasks] == [("managerApproval", "open")]
        restored = engine.restore(engine.prepare(service.LEAVE_XML.read_bytes()).xml, "Leave", state)
        assert [t.key for t in restored.human_tasks()] == ["managerApproval"]
        # and the step, done again, completes once
        await manager.data("POST", f"{API}/work/complete-task", {"taskId": claim["taskId"]})
        hr_ready = await manager.data("GET", f"{API}/process/diagram-view", processInstanceId=instance_id)
        assert hr_ready["active"] == ["hrApproval"]


class TestModels:
    async def test_save_duplicate_key_and_remove(self, demo_admin, unique):
        key = f"m_{unique}"
        model = await demo_admin.data("POST", f"{API}/model/submit", {"modelKey": key, "name": "两级审批"})
        assert 'isExecutable="true"' in model["modelEditorXml"]  # a new model starts as an executable blank
        twin = await demo_admin.post(f"{API}/model/submit", {"modelKey": key, "name": "again"})
        assert twin.json()["msg"] == f"模型标识已存在: {key}"
        saved = await demo_admin.data("POST", f"{API}/model/submit", {**model, "name": "改名"})
        assert (saved["name"], saved["version"]) == ("改名", 2)
        assert (await demo_admin.post(f"{API}/model/remove", ids=model["id"])).json()["msg"] == "删除成功"
        assert (await demo_admin.data("GET", f"{API}/model/list", modelKey=key))["total"] == 0
        assert (await demo_admin.get(f"{API}/model/detail", id=model["id"])).json()["success"] is False


class TestSeedAndTimers:
    async def test_demo_seed_runs_once(self, app, demo_admin):
        from plantdesk.demo.data import flow

        async with app.state.runtime.unit_of_work_in(tenancy.PLATFORM) as db:
            assert await flow.seed_flow(db) is False  # the demo tenant has it already
        catalogue = await demo_admin.data("GET", f"{API}/work/start-list", size=200)
        assert service.LEAVE_KEY in {d["key"] for d in catalogue["records"]}

    async def test_due_timer_moves_the_instance(self, app, demo_admin, unique):
        instance = await start_timed(demo_admin, f"timer_{unique}")
        before = await demo_admin.data("GET", f"{API}/process/diagram-view", processInstanceId=instance)
        assert sorted(before["active"]) == ["t", "wait"]  # the task and its waiting timer
        waited = time.time()
        await asyncio.sleep(0.6)
        fired = await fire_timers(app)
        # the app's own every-minute timer job fires it first when a minute turns meanwhile
        assert fired >= 1 or int(waited // 60) != int(time.time() // 60)
        after = await demo_admin.data("GET", f"{API}/process/diagram-view", processInstanceId=instance)
        assert after["active"] == ["late"]

    async def test_two_runs_at_once_move_a_due_instance_once(self, app, demo_admin, unique):
        instance = await start_timed(demo_admin, f"twice_{unique}")
        await asyncio.sleep(0.6)
        await asyncio.gather(fire_timers(app), fire_timers(app))  # both end well, whatever else they moved
        async with app.state.runtime.unit_of_work_in(tenancy.Scope(DEMO_TENANT)) as db:
            tasks = (await db.execute(select(FlowTask).where(FlowTask.instance_id == int(instance)))).scalars().all()
        assert sorted((t.task_key, t.status) for t in tasks) == [("late", "open"), ("wait", "cancelled")]


async def start_timed(admin, key: str) -> str:
    """An instance of a deployed model whose task `wait` a 0.5 s timer cancels, opening `late`."""
    xml = timer_model("PT0.5S").replace(b'id="p"', f'id="{key}"'.encode())
    written = {"modelKey": key, "name": key, "modelEditorXml": xml.decode()}
    model = await admin.data("POST", f"{API}/model/submit", written)
    await admin.data("POST", f"{API}/model/deploy", modelId=model["id"])
    page = await admin.data("GET", f"{API}/manager/list", size=200)
    [definition] = [d for d in page["records"] if d["key"] == key]
    started = await admin.data("POST", f"{API}/work/start-process", {"processDefinitionId": definition["id"]})
    return started["processInstanceId"]


async def fire_timers(app) -> int:
    async with app.state.runtime.unit_of_work_in(tenancy.Scope(DEMO_TENANT)) as db:
        return await timers.fire(db)


class TestDates:
    async def test_the_lists_take_days_and_times_and_refuse_other_forms(self, applicant, manager, unique):
        instance = (await apply(applicant, 1, f"dates {unique}"))["processInstanceId"]
        today = datetime.now().strftime("%Y-%m-%d")
        for begin, end in ((today, today), (f"{today} 00:00:00", f"{today} 23:59:59")):
            page = await applicant.data("GET", f"{API}/work/send-list", beginDate=begin, endDate=end, size=200)
            assert instance in {r["processInstanceId"] for r in page["records"]}
        page = await applicant.data("GET", f"{API}/work/send-list", endDate="2000-01-01", size=200)
        assert instance not in {r["processInstanceId"] for r in page["records"]}
        refused = await applicant.get(f"{API}/work/todo-list", endDate="tomorrow")
        assert refused.json()["msg"] == "请求参数类型错误: endDate"
        too_long = await applicant.get(f"{API}/work/todo-list", endDate="3706-05-06T04:43:43.5106Z")
        assert too_long.status_code == 400 and too_long.json()["msg"].startswith("endDate")

    async def test_every_list_filters_on_its_own_time(self, applicant, manager, demo_admin, unique):
        today, past = datetime.now().strftime("%Y-%m-%d"), "2000-01-01"
        definition = await deploy_parallel(demo_admin, unique)  # start-list: the definition's deploy time
        instance = (await apply(applicant, 1, f"every {unique}"))["processInstanceId"]
        claim = await task_of(manager, "claim-list", instance)  # claim and todo: the task's arrival
        await manager.data("POST", f"{API}/work/claim-task", taskId=claim["taskId"])
        await manager.data("POST", f"{API}/work/complete-task", {"taskId": claim["taskId"], "flag": "ok"})
        lists = [
            (demo_admin, "start-list", "key", definition["key"]),
            (applicant, "send-list", "processInstanceId", instance),
            (manager, "done-list", "processInstanceId", instance),
        ]  # done: the completion
        for api, listing, field, value in lists:
            for begin, end, shown in ((today, today, True), (None, past, False), (f"{today} 23:59:59", None, False)):
                dates = {k: v for k, v in (("beginDate", begin), ("endDate", end)) if v}
                page = await api.data("GET", f"{API}/work/{listing}", size=200, **dates)
                assert (value in {r[field] for r in page["records"]}) is shown, (listing, dates)
