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

echo "== pytest (SQLite)"
PLANTDESK_TEST_DATABASE_URL= uv run pytest -p no:cacheprovider --junitxml="$reports/sqlite.xml" || status=1
count "$reports/sqlite.xml"

if [ -n "${PLANTDESK_TEST_DATABASE_URL:-}" ]; then
  echo "== pytest (PostgreSQL)"
  uv run pytest -p no:cacheprovider --junitxml="$reports/postgres.xml" || status=1
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
