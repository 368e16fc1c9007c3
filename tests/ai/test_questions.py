"""The built-in assistant against the operator question set (tests/ai/questions.py) in a plant of known state
(tests/ai/plant_state.py): the hit rate (every expected text found) stays at the one bench/README.md records;
`PLANTDESK_BENCH_ASSISTANT=<file>` writes each question's answer and verdict there (bench/assistant.py)."""

import json
import os
import time
from datetime import timedelta

import pytest

from plantdesk.demo.data.plant import DEVICES
from tests.ai import plant_state
from tests.ai.questions import QUESTIONS

CHAT = "/api/ai/chat"
MIN_HIT_RATE = 1.0  # bench/README.md "Assistant question set"
NAMES = {code: name for code, name, *_ in DEVICES}


@pytest.fixture(scope="module")
async def plant(app, client, admin, request) -> plant_state.State:
    return await plant_state.build(app, client, admin, format(id(request), "x")[-6:])


def expected_fields(state: plant_state.State) -> dict:
    now = state.now
    midnight = now.replace(hour=0, minute=0, second=0, microsecond=0)
    raised = [(device, point, now - timedelta(minutes=m)) for device, point, m, _ in plant_state.ALARMS]
    week = [d for d, _, t in raised if t >= midnight - timedelta(days=now.weekday())]
    most = max((week.count(d) for d in week), default=0)
    oee = {d: (run / planned) * (ideal / run) * (good / total)
           for d, planned, run, ideal, total, good in plant_state.OEE}
    planned = {d: planned for d, planned, *_ in plant_state.OEE}
    overall = sum(oee[d] * planned[d] for d in oee) / sum(planned.values())
    return {"today": state.counts["today"], "shift": state.counts["shift"], "week": state.counts["week"],
            "h24": state.counts["24h"],
            "today_p101a": sum(d == "P101A" and t >= midnight for d, _, t in raised),
            "today_l1": sum(d == "R101" and t >= midnight for d, _, t in raised),
            "yesterday": sum(midnight - timedelta(days=1) <= t < midnight for _, _, t in raised),
            # ties: the newest raised first (the tool counts the newest first)
            "top_week": NAMES[next(d for d in week if week.count(d) == most)] if week else "",
            "oee": f"{overall * 100:.1f}%", "oee_p101a": f"{oee['P101A'] * 100:.1f}%"}


def verdict(answer: dict, expected: tuple[str, ...], fields: dict) -> list[str]:
    """The expected texts the answer misses."""
    content = answer["choices"][0]["message"]["content"]
    titles = [c["title"] for c in answer["citations"]]
    missing = []
    for text in expected:
        if text == "nocite":
            if titles:
                missing.append(f"no citation, got {titles}")
        elif text.startswith("cite:"):
            if text[5:] not in titles:
                missing.append(text)
        elif text.format(**fields) not in content:
            missing.append(text.format(**fields))
    return missing


def test_the_question_set_covers_both_languages_and_every_kind():
    assert len(QUESTIONS) >= 60
    assert {lang for lang, _, _ in QUESTIONS} == {"zh", "en"}
    assert min(sum(lang == x for lang, _, _ in QUESTIONS) for x in ("zh", "en")) >= 30


async def test_the_built_in_assistant_answers_the_operator_questions(plant):
    fields = expected_fields(plant)
    rows = []
    for lang, question, expected in QUESTIONS:
        started = time.perf_counter()
        response = await plant.api.http.post(CHAT, json={"messages": [{"role": "user", "content": question}]},
                                             headers=plant.api.headers)
        assert response.status_code == 200, response.text
        answer = response.json()
        elapsed_ms = round((time.perf_counter() - started) * 1000, 1)
        assert answer["model"] == "plantdesk-offline"
        rows.append({"lang": lang, "question": question, "missing": verdict(answer, expected, fields), "ms": elapsed_ms,
                     "answer": answer["choices"][0]["message"]["content"],
                     "citations": [c["title"] for c in answer["citations"]]})
    hits = sum(not r["missing"] for r in rows)
    rate = hits / len(rows)
    if path := os.environ.get("PLANTDESK_BENCH_ASSISTANT"):
        with open(path, "w", encoding="utf-8") as out:
            json.dump({"questions": len(rows), "hits": hits, "rate": rate, "rows": rows}, out, ensure_ascii=False,
                      indent=1)
    misses = "\n".join(f"{r['question']}: missing {r['missing']}\n{r['answer']}" for r in rows if r["missing"])
    assert rate >= MIN_HIT_RATE, f"hit rate {hits}/{len(rows)}\n{misses}"


async def test_the_screen_is_told_the_mode_and_what_the_built_in_mode_answers(plant, demo_admin):
    mode = await plant.api.data("GET", "/api/ai/mode")
    assert mode["mode"] == "builtin" and mode["model"] == "plantdesk-offline"
    names = {a["name"] for a in mode["abilities"]}
    assert {"devices_by_state", "open_alarms", "recent_alarms", "top_alarm_sources", "point_summary",
            "oee_summary", "my_tasks", "procedures"} <= names
    assert {"zh": "哪些设备离线?", "en": "How many devices are offline right now?", "name": "devices_by_state"} in \
        mode["abilities"]
