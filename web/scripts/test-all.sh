#!/usr/bin/env bash
# The web console's whole check: type check, Biome, Vitest and (with a backend) Playwright.
# Ends with one line `web: N passed, N failed` summing the Vitest and Playwright test counts; a failed
# type check or lint counts as one failed check each. Exits non-zero when anything failed.
#
# Playwright runs against the backend at $PLANTDESK_E2E_URL, which must already serve this web/dist
# (this script builds it first). Without PLANTDESK_E2E_URL the e2e suite is skipped, and says so.
set -uo pipefail

web_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$web_dir"
eval "$(bash scripts/ensure-node.sh)"

# Reinstall only when the lockfile changed since the last install.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund >&2 || { echo "web: 0 passed, 1 failed"; exit 1; }
fi

reports=$(mktemp -d)
trap 'rm -rf "$reports"' EXIT
passed=0
failed=0

step() { echo; echo "== $*"; }

step "typecheck"
npx tsc --noEmit || failed=$((failed + 1))

step "biome"
npx biome check . || failed=$((failed + 1))

step "vitest"
npx vitest run --reporter=default --reporter=json --outputFile.json="$reports/vitest.json"
if [ -f "$reports/vitest.json" ]; then
  read -r p f < <(node -e 'const r = require(process.argv[1]); console.log(r.numPassedTests, r.numFailedTests + (r.numFailedTestSuites || 0))' "$reports/vitest.json")
  passed=$((passed + p)); failed=$((failed + f))
else
  failed=$((failed + 1))
fi

if [ -n "${PLANTDESK_E2E_URL:-}" ]; then
  step "build (the backend serves web/dist)"
  npx vite build --logLevel warn || failed=$((failed + 1))
  step "playwright against $PLANTDESK_E2E_URL"
  PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/playwright.json" npx playwright test --reporter=list,json
  if [ -f "$reports/playwright.json" ]; then
    read -r p f < <(node -e 'const s = require(process.argv[1]).stats; console.log(s.expected + s.flaky, s.unexpected)' "$reports/playwright.json")
    passed=$((passed + p)); failed=$((failed + f))
  else
    failed=$((failed + 1))
  fi
else
  step "playwright skipped: PLANTDESK_E2E_URL is not set (start the backend and set it to run e2e)"
fi

echo
echo "web: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
