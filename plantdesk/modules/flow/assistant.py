"""The assistant's view of the caller's work: tasks assigned to them (待办) and tasks they may claim (待签), as a
typed tool (core.assistant)."""

import re

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core.assistant import Tool
from plantdesk.core.context import Identity
from plantdesk.core.envelope import DATETIME_FORMAT
from plantdesk.modules.flow import service
from plantdesk.modules.flow.models import OPEN, FlowTask

SHOWN = 20
_ASKED = re.compile(r"task|to-?do|approv|待办|待签|任务|审批|事务", re.I)


async def my_tasks(db: AsyncSession, user: Identity, args: dict) -> dict:
    newest = (FlowTask.create_time.desc(), FlowTask.id.desc())
    todo = select(FlowTask).where(FlowTask.status == OPEN, FlowTask.assignee == service.task_user(user.user_id))
    lists = {name: list((await db.execute(stmt.order_by(*newest).limit(SHOWN))).scalars())
             for name, stmt in (("todo", todo), ("claim", select(FlowTask).where(service.claimable(user))))}
    processes = await service.processes_of(db, (t.instance_id for tasks in lists.values() for t in tasks))

    def row(task: FlowTask) -> dict:
        process = processes.get(task.instance_id)
        return {"id": str(task.id), "task": task.name, "process": process.name if process else None,
                "since": task.create_time.strftime(DATETIME_FORMAT)}

    return {name: [row(t) for t in tasks] for name, tasks in lists.items()}


async def asked(db: AsyncSession, question: str) -> list[dict]:
    return [{}] if _ASKED.search(question) else []


def render(result: dict, zh: bool) -> list[str]:
    titles = {"todo": "待办事务" if zh else "To do", "claim": "待签事务" if zh else "To claim"}
    lines = []
    for name, title in titles.items():
        tasks = result[name]
        lines.append(f"- {title}: {len(tasks) if len(tasks) < SHOWN else f'{SHOWN}+'}")
        lines += [f"  - {t['process'] or ''} / {t['task']} ({t['since']})" for t in tasks]
    return lines


def links(result: dict) -> list[dict]:
    return [{"title": title, "link": link} for name, title, link in (
        ("todo", "待办事务 / To do", "/work/todo"), ("claim", "待签事务 / To claim", "/work/claim")) if result[name]]


TOOL = Tool(
    name="my_tasks",
    description="The caller's workflow tasks: those assigned to them (to do) and those they may claim, newest "
                "first, with the process and task names and since when.",
    parameters={"type": "object", "properties": {}},
    run=my_tasks, match=asked, links=links, render=render, answers=True,
    examples=(("我的待办有哪些?", "What tasks are waiting for me?"),))
