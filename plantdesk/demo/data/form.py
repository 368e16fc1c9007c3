"""Seed data: the demo tenant's forms (356782): a catalogue, a remote dictionary hook on the business dictionary
`shift`, two published forms (shift handover; equipment inspection checklist with a sub-table and a group) in
the designer's avue vocabulary, and a few submissions in the form log. Labels are English (user data is not
translated); the devices are named as the plant names them."""

import json
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from plantdesk.core import tenancy
from plantdesk.demo.data import plant

CATALOGUE = [("Operations", [("Shift handover", 1)]), ("Maintenance", [("Inspections", 1)])]

REACTOR_STATES = [{"label": "Running", "value": "running"}, {"label": "Standby", "value": "standby"},
                  {"label": "Shut down", "value": "shutdown"}]
RESULTS = [{"label": "OK", "value": "ok"}, {"label": "Abnormal", "value": "abnormal"}]
# the equipment inspected: the devices' names (demo.data.plant), their tags as the values
NAMES = {code: name for code, name, *_ in plant.DEVICES}
DEVICES = [{"label": NAMES[code], "value": tag}
           for code, tag in (("P101A", "P-101A"), ("P101B", "P-101B"), ("R101", "R-101"), ("K101", "K-101"))]


def shift_handover(hook_id: int) -> dict:
    return {"labelWidth": 140, "labelPosition": "left", "labelSuffix": ":", "gutter": 10, "column": [
        {"type": "select", "label": "Shift", "prop": "shift", "span": 12, "required": True, "dicOption": "remote",
         "hookId": str(hook_id), "dicUrl": f"/api/form/formhook/getData/{hook_id}", "dicMethod": "get",
         "props": {"label": "label", "value": "value"}},
        {"type": "date", "label": "Date", "prop": "date", "span": 12, "required": True, "format": "YYYY-MM-DD",
         "valueFormat": "YYYY-MM-DD"},
        {"type": "input", "label": "Handed over by", "prop": "handedBy", "span": 12, "required": True},
        {"type": "input", "label": "Taken over by", "prop": "takenBy", "span": 12, "required": True},
        {"type": "radio", "label": NAMES["R101"], "prop": "reactorState", "span": 24, "required": True,
         "dicData": REACTOR_STATES},
        {"type": "number", "label": "Tank TK-201 level (%)", "prop": "tankLevel", "span": 12, "min": 0, "max": 100,
         "precision": 1},
        {"type": "textarea", "label": "Open issues", "prop": "issues", "span": 24, "minRows": 3, "maxRows": 6,
         "maxlength": 500, "showWordLimit": True},
    ]}


INSPECTION = {"labelWidth": 140, "labelPosition": "left", "labelSuffix": ":", "gutter": 10, "column": [
    {"type": "select", "label": "Equipment", "prop": "equipment", "span": 12, "required": True, "dicData": DEVICES},
    {"type": "date", "label": "Inspection date", "prop": "inspectedOn", "span": 12, "required": True,
     "format": "YYYY-MM-DD", "valueFormat": "YYYY-MM-DD"},
    {"type": "input", "label": "Inspector", "prop": "inspector", "span": 12, "required": True},
    {"type": "dynamic", "label": "Checklist", "prop": "items", "span": 24, "children": {
        "align": "center", "headerAlign": "center", "type": "table", "index": True, "addBtn": True, "delBtn": True,
        "column": [
            {"type": "input", "label": "Check item", "prop": "item", "width": 200, "required": True},
            {"type": "select", "label": "Result", "prop": "result", "width": 140, "required": True,
             "dicData": RESULTS},
            {"type": "number", "label": "Reading", "prop": "reading", "width": 140, "precision": 2},
            {"type": "input", "label": "Remark", "prop": "remark", "width": 200},
        ]}},
], "group": [
    {"label": "Sign-off", "prop": "signoff", "icon": "el-icon-edit", "arrow": True, "collapse": True, "display": True,
     "column": [{"type": "input", "label": "Supervisor", "prop": "supervisor", "span": 12},
                {"type": "radio", "label": "Release to service", "prop": "released", "span": 12,
                 "dicData": [{"label": "Yes", "value": "yes"}, {"label": "No", "value": "no"}]}]},
]}

PUMP_CHECKS = [("Bearing temperature", "ok", 48.5, ""), ("Vibration (mm/s)", "ok", 2.1, ""),
               ("Mechanical seal leakage", "abnormal", None, "Drops at seal, monitor"),
               ("Coupling guard", "ok", None, "")]

SUBMISSIONS: list[tuple[str, str, dict[str, Any]]] = [
    ("Shift handover", "Liu Yang", {"shift": "1", "date": None, "handedBy": "Liu Yang", "takenBy": "Wang Qiang",
                                    "reactorState": "running", "tankLevel": 62.5,
                                    "issues": "E-101 outlet temperature drifting up 2 °C over the shift."}),
    ("Shift handover", "Wang Qiang", {"shift": "2", "date": None, "handedBy": "Wang Qiang", "takenBy": "Liu Yang",
                                      "reactorState": "running", "tankLevel": 58.0, "issues": "None."}),
    ("Equipment inspection", "Wang Qiang", {
        "equipment": "P-101A", "inspectedOn": None, "inspector": "Wang Qiang",
        "items": [{"item": item, "result": result, "reading": reading, "remark": remark}
                  for item, result, reading, remark in PUMP_CHECKS],
        "supervisor": "Zhang Wei", "released": "yes"}),
]


async def seed(db: AsyncSession, tenant_id: str) -> bool:
    """Once: only when the tenant has never had a form catalogue (removed ones count)."""
    from plantdesk.config import Settings
    from plantdesk.modules.form import service
    from plantdesk.modules.form.models import (
        FormCatalogue,
        FormDesign,
        FormDesignDetail,
        FormHook,
    )

    with tenancy.tenant_scope(db, tenant_id):
        had = await db.scalar(select(FormCatalogue.id).limit(1).execution_options(**{tenancy.INCLUDE_DELETED: True}))
        if had:
            return False
        folders = {}
        for sort, (name, children) in enumerate(CATALOGUE, start=1):
            parent = FormCatalogue(name=name, sort=sort)
            db.add(parent)
            await db.flush()
            for child, child_sort in children:
                folders[child] = FormCatalogue(name=child, parent_id=parent.id, sort=child_sort)
                db.add(folders[child])
        hook = FormHook(name="Shifts (business dictionary)", type="dict", dict_code="shift",
                        remark="The shift dictionary as a remote dictionary")
        db.add(hook)
        await db.flush()
        details = {}
        for name, folder, option in (("Shift handover", "Shift handover", shift_handover(hook.id)),
                                     ("Equipment inspection", "Inspections", INSPECTION)):
            content = json.dumps(option, ensure_ascii=False)
            design = FormDesign(name=name, catalogue_id=folders[folder].id, content=content, version=1,
                                status=service.PUBLISHED)
            db.add(design)
            await db.flush()
            details[name] = FormDesignDetail(design_id=design.id, version=1, name=name, content=content,
                                             remark="First release")
            db.add(details[name])
        await db.flush()
        today = datetime.now().replace(microsecond=0)
        for days_ago, (form, user, values) in enumerate(SUBMISSIONS, start=1):
            when = today - timedelta(days=days_ago)
            values = {k: (when.strftime("%Y-%m-%d") if v is None else v) for k, v in values.items()}
            # The seed's hook is a business dictionary: no outbound call, so the default settings do.
            await service.add_log(db, Settings(), details[form], values, user, at=when)
    return True
