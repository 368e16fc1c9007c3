"""Knowledge search over 100,000 entries (p50/p95 of `knowledge.service.search`) and the offline assistant's first
streamed token (time to the first `delta.content` of POST /api/ai/chat against a running server).

    uv run python -m bench.knowledge --database-url sqlite+aiosqlite:////tmp/kb.db
    uv run python -m bench.knowledge --database-url postgresql+asyncpg://postgres@127.0.0.1:5432/<scratch db>
    uv run python -m bench.knowledge --database-url ... --no-build     # measure again on the corpus already there
    uv run python -m bench.knowledge --chat-url http://127.0.0.1:8000 --tenant 356782 --password admin

The corpus is synthetic: Zipf-distributed words from a plant vocabulary in English and Chinese, ~40 tokens an
entry, so common words match tens of thousands of entries (a harder case than a real base). The knowledge tables
are emptied first unless --no-build. Each measurement prints the load average (the box is shared) and how many
searches the best postings answered (the rest scored every posting: knowledge.service.search).
"""

import argparse
import asyncio
import hashlib
import os
import random
import statistics
import time

from sqlalchemy import insert, text

from plantdesk.core import tenancy
from plantdesk.core.cache import MemoryCache
from plantdesk.db.models import Base
from plantdesk.db.session import create_engine, session_factory
from plantdesk.modules.knowledge import service
from plantdesk.modules.knowledge import text as ktext
from plantdesk.modules.knowledge.models import KnowledgeInfo, KnowledgeTerm

TENANT = "bench1"
EN = [
    "pump", "valve", "seal", "bearing", "vibration", "temperature", "pressure", "flow", "level", "motor",
    "compressor", "reactor", "exchanger", "tank", "filter", "oil", "cooler", "alarm", "trip", "start", "stop",
    "standby", "duty", "changeover", "inspection", "lubrication", "alignment", "coupling", "impeller", "casing",
    "leak", "steam", "condensate", "feed", "product", "discharge", "suction", "current", "speed", "calibration",
    "sensor", "transmitter", "interlock", "shutdown", "permit", "isolation", "drain", "vent", "purge", "nitrogen",
    "cleaning", "fouling", "corrosion",
]
ZH = [
    "离心泵", "阀门", "机械密封", "轴承", "振动", "温度", "压力", "流量", "液位", "电机", "压缩机", "反应釜",
    "换热器", "储罐", "过滤器", "润滑油", "冷却器", "报警", "联锁", "停机", "启动", "备用泵", "切换", "点检",
    "润滑", "对中", "联轴器", "叶轮", "泄漏", "蒸汽", "冷凝水", "进料", "出料", "排气", "吸入", "电流",
    "转速", "校准", "变送器", "检修", "隔离", "吹扫", "氮气", "清洗", "结垢", "腐蚀", "巡检", "签收",
    "确认",
]
QUERIES = ["pump vibration", "bearing temperature high", "seal leak", "compressor discharge", "standby changeover",
           "离心泵 振动", "轴承温度", "机械密封泄漏", "换热器结垢", "签收", "报警确认", "P-101A vibration",
           "nitrogen purge", "储罐液位", "润滑"]


def _zipf_words(rng: random.Random, words: list[str], n: int) -> list[str]:
    weights = [1 / (rank + 1) for rank in range(len(words))]
    return rng.choices(words, weights, k=n)


async def build(url: str, entries: int) -> None:
    engine = create_engine(url)
    async with engine.begin() as conn:
        await conn.run_sync(Base.metadata.drop_all, tables=[KnowledgeInfo.__table__, KnowledgeTerm.__table__])
        await conn.run_sync(Base.metadata.create_all, tables=[KnowledgeInfo.__table__, KnowledgeTerm.__table__])
    rng = random.Random(14)
    sessions = session_factory(engine)
    started = time.perf_counter()
    batch_infos, batch_terms = [], []
    for n in range(1, entries + 1):
        zh = n % 2 == 0
        vocab = ZH if zh else EN
        title = " ".join(_zipf_words(rng, vocab, 4)) + f" {n}"
        body = ("" if zh else " ").join(_zipf_words(rng, vocab, 30 if not zh else 14))
        counts = ktext.counts(body)
        for term, k in ktext.counts(title).items():
            counts[term] += k * service.TITLE_WEIGHT
        length = sum(counts.values())
        batch_infos.append({"id": n, "tenant_id": TENANT, "catalogue_id": 0, "title": title,
                            "content": f"<p>{body}</p>", "term_count": length, "is_deleted": 0,
                            "status": 1})
        batch_terms += [{"tenant_id": TENANT, "info_id": n, "term": t, "tf": k, "weight": service.weight(k, length)}
                        for t, k in counts.items()]
        if n % 5000 == 0 or n == entries:
            async with sessions() as db:
                tenancy.bind(db, tenancy.PLATFORM)
                await db.execute(insert(KnowledgeInfo), batch_infos)
                for start in range(0, len(batch_terms), 20_000):
                    await db.execute(insert(KnowledgeTerm), batch_terms[start:start + 20_000])
                await db.commit()
            batch_infos, batch_terms = [], []
    # VACUUM sets PostgreSQL's visibility map, without which the covering index is read with a heap visit per
    # posting (10x slower); autovacuum does the same on a live database.
    async with engine.connect() as conn:
        await conn.execution_options(isolation_level="AUTOCOMMIT")
        await conn.execute(text("VACUUM ANALYZE knowledge_term" if engine.dialect.name == "postgresql" else "ANALYZE"))
    print(f"built {entries} entries in {time.perf_counter() - started:.0f} s")
    await engine.dispose()


async def measure(url: str, rounds: int) -> None:
    """Warm: the entry count and the frequencies come from the cache (the steady state between two writes).
    Cold: each search with an empty cache, as the first search of its terms after a write."""
    engine = create_engine(url)
    sessions = session_factory(engine)
    scored, paths = service._best, []

    async def counting(*args, candidates=None, **kwargs):
        paths.append(candidates is not None)
        return await scored(*args, candidates=candidates, **kwargs)

    service._best = counting
    async with sessions() as db:
        tenancy.bind(db, tenancy.Scope(TENANT))
        warm = MemoryCache()
        for q in QUERIES:  # warm-up
            await service.search(db, warm, q, limit=10)
        for label, cache_of in (("warm", lambda: warm), ("cold", MemoryCache)):
            timings: dict[str, list[float]] = {q: [] for q in QUERIES}
            cpu: list[float] = []  # this process's CPU per search: SQLite's own work included, the load's excluded
            paths.clear()
            load = os.getloadavg()
            for _ in range(rounds):
                for q in QUERIES:
                    cache = cache_of()
                    started, used = time.perf_counter(), time.process_time()
                    hits = await service.search(db, cache, q, limit=10)
                    timings[q].append((time.perf_counter() - started) * 1000)
                    cpu.append((time.process_time() - used) * 1000)
                    assert hits, q
            every = sorted(t for ts in timings.values() for t in ts)
            p95 = every[int(len(every) * 0.95) - 1]
            print(f"{engine.dialect.name} {label}: search p50 {statistics.median(every):.1f} ms, p95 {p95:.1f} ms "
                  f"({len(every)} searches, {len(every) - paths.count(False)} answered by the best postings; "
                  f"load average {load[0]:.2f} before, {os.getloadavg()[0]:.2f} after); this process's CPU "
                  f"p50 {statistics.median(cpu):.1f} ms, p95 {sorted(cpu)[int(len(cpu) * 0.95) - 1]:.1f} ms")
            print("  " + ", ".join(f"{q!r} {statistics.median(ts):.1f}" for q, ts in timings.items()))
    service._best = scored
    await engine.dispose()


async def first_token(url: str, tenant: str, password: str, rounds: int) -> None:
    import base64
    import json

    import httpx

    client = "Basic " + base64.b64encode(b"plantdesk:plantdesk_secret").decode()
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        token = (await http.post("/api/blade-auth/oauth/token", headers={"Authorization": client, "Tenant-Id": tenant},
                                 params={"tenantId": tenant, "username": "admin", "grant_type": "password",
                                         "password": hashlib.md5(password.encode()).hexdigest(), "scope": "all",
                                         "type": "account"})).json()["access_token"]
        headers = {"Authorization": client, "Tenant-Id": tenant, "Blade-Auth": f"bearer {token}"}
        firsts = []
        for n in range(rounds):
            body = {"stream": True, "messages": [{"role": "user", "content": QUERIES[n % len(QUERIES)] + " P-101A"}]}
            started = time.perf_counter()
            async with http.stream("POST", "/api/ai/chat", json=body, headers=headers) as response:
                async for line in response.aiter_lines():
                    if line.startswith("data: {") and json.loads(line[6:])["choices"][0]["delta"].get("content"):
                        firsts.append((time.perf_counter() - started) * 1000)
                        break
        firsts.sort()
        print(f"offline assistant first token: p50 {statistics.median(firsts):.0f} ms, "
              f"p95 {firsts[int(len(firsts) * 0.95) - 1]:.0f} ms ({len(firsts)} questions)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--database-url")
    parser.add_argument("--entries", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--chat-url")
    parser.add_argument("--tenant", default="356782")
    parser.add_argument("--password", default="admin")
    parser.add_argument("--no-build", action="store_true")
    args = parser.parse_args()
    if args.database_url:
        if not args.no_build:
            asyncio.run(build(args.database_url, args.entries))
        asyncio.run(measure(args.database_url, args.rounds))
    if args.chat_url:
        asyncio.run(first_token(args.chat_url, args.tenant, args.password, args.rounds * 2))


if __name__ == "__main__":
    main()
