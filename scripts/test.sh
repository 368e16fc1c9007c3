#!/usr/bin/env bash
# Every suite: ruff, mypy, pytest on SQLite, pytest on PostgreSQL (when PLANTDESK_TEST_DATABASE_URL is set), and the
# web suites (type check, Biome, Vitest, Playwright against a real server). Ends with one line:
# `N passed, N failed`.
set -uo pipefail
cd "$(dirname "$0")/.."
passed=0; failed=0; status=0
reports=$(mktemp -d)

count() {  # count <junit.xml>: add its tests to the totals
  read -r p f < <(uv run python scripts/junit_counts.py "$1")
  passed=$((passed + p)); failed=$((failed + f))
}

echo "== ruff"
uv run ruff check plantdesk tests || status=1

echo "== mypy"
uv run mypy || status=1

# The report tests' PDF tools and font (Debian packages, installed when missing).
# shellcheck source=scripts/e2e-env.sh
. scripts/e2e-env.sh
ensure_pdf_tools

# The two databases' runs side by side: each waits on servers, sockets and sleeps more than it computes, so on
# a 2-core machine together they take little longer than the slower one alone. Each has its own Redis database;
# their logs print one after the other, each with its 20 slowest tests (where the next minutes of CI are).
# The code generator's round trip (tsc and Biome on a generated view) needs the console's packages; it runs once,
# on SQLite.
[ -f web/package.json ] && { bash web/scripts/install.sh || status=1; }
pytest_run() {  # pytest_run <name> <database url> <redis db> [pytest args]
  PLANTDESK_TEST_DATABASE_URL="$2" PLANTDESK_TEST_REDIS_URL="redis://127.0.0.1:6379/$3" \
    uv run pytest -p no:cacheprovider --durations=20 --junitxml="$reports/$1.xml" "${@:4}" >"$reports/$1.log" 2>&1
}
redis_db=$(sed -nE 's#.*/([0-9]+)$#\1#p' <<<"${PLANTDESK_TEST_REDIS_URL:-redis://127.0.0.1:6379/15}")
pytest_run sqlite "" "$((redis_db - 1))" & sqlite=$!
if [ -n "${PLANTDESK_TEST_DATABASE_URL:-}" ]; then
  pytest_run postgres "$PLANTDESK_TEST_DATABASE_URL" "$redis_db" -m "not roundtrip" & postgres=$!
fi
echo "== pytest (SQLite)"
wait "$sqlite" || status=1
cat "$reports/sqlite.log"
count "$reports/sqlite.xml"
if [ -n "${postgres:-}" ]; then
  echo "== pytest (PostgreSQL)"
  wait "$postgres" || status=1
  cat "$reports/postgres.log"
  count "$reports/postgres.xml"
fi

if [ -f web/package.json ]; then
  echo "== web"
  web_out="$reports/web.txt"
  bash scripts/web-test.sh 2>&1 | tee "$web_out"
  [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
  line=$(grep -E '^web: [0-9]+ passed, [0-9]+ failed' "$web_out" | tail -1)
  if [ -n "$line" ]; then
    p=$(sed -E 's/^web: ([0-9]+) passed.*/\1/' <<<"$line"); f=$(sed -E 's/.* ([0-9]+) failed.*/\1/' <<<"$line")
    passed=$((passed + p)); failed=$((failed + f))
  else
    status=1
  fi
fi

rm -rf "$reports"
[ "$failed" -eq 0 ] || status=1
echo "$passed passed, $failed failed"
exit $status
