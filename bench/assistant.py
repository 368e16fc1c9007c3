"""The built-in assistant's hit rate on the operator question set (issue 28): runs
tests/ai/test_questions.py (the plant of tests/ai/plant_state.py, the questions of tests/ai/questions.py) with
PLANTDESK_BENCH_ASSISTANT set, then prints the rate per language, the misses with their answers, and the
answer times, and writes the whole record to bench/results/assistant-<date>-<database>.json.

    uv run python -m bench.assistant                       # SQLite
    PLANTDESK_TEST_DATABASE_URL=postgresql+asyncpg://postgres@127.0.0.1:5432/<db> uv run python -m bench.assistant
"""

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEST = "tests/ai/test_questions.py::test_the_built_in_assistant_answers_the_operator_questions"


def main() -> int:
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "answers.json"
        started = time.perf_counter()
        run = subprocess.run([sys.executable, "-m", "pytest", TEST, "-q", "-p", "no:cacheprovider"], cwd=ROOT,
                             env={**os.environ, "PLANTDESK_BENCH_ASSISTANT": str(out)}, check=False)
        elapsed = time.perf_counter() - started
        if not out.exists():
            print("the question set did not run", file=sys.stderr)
            return run.returncode or 1
        record = json.loads(out.read_text(encoding="utf-8"))
    rows = record["rows"]
    by_lang = Counter(r["lang"] for r in rows)
    hits_by_lang = Counter(r["lang"] for r in rows if not r["missing"])
    print(f"hit rate: {record['hits']}/{record['questions']} = {record['rate']:.1%}")
    for lang in sorted(by_lang):
        print(f"  {lang}: {hits_by_lang[lang]}/{by_lang[lang]}")
    for r in rows:
        if r["missing"]:
            print(f"\nMISS {r['question']}: {r['missing']}\n{r['answer']}")
    times = sorted(r["ms"] for r in rows)
    print(f"answer time over HTTP (in-process ASGI): p50 {statistics.median(times):.0f} ms, "
          f"p95 {times[int(len(times) * 0.95) - 1]:.0f} ms, max {times[-1]:.0f} ms")
    print(f"\npytest run (app start, plant build, {len(rows)} answers): {elapsed:.1f} s")
    kind = "postgresql" if "postgresql" in os.environ.get("PLANTDESK_TEST_DATABASE_URL", "") else "sqlite"
    results = ROOT / "bench" / "results" / f"assistant-{date.today().isoformat()}-{kind}.json"
    results.write_text(json.dumps({**record, "database": os.environ.get("PLANTDESK_TEST_DATABASE_URL") or "sqlite",
                                   "seconds": round(elapsed, 1)}, ensure_ascii=False, indent=1), encoding="utf-8")
    print(f"written: {results.relative_to(ROOT)}")
    return run.returncode


if __name__ == "__main__":
    sys.exit(main())
