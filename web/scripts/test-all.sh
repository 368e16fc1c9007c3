#!/usr/bin/env bash
# The web console's whole check: type check, Biome, Vitest and (with a backend) Playwright.
# Ends with one line `web: N passed, N failed` summing the Vitest and Playwright test counts; a failed
# type check or lint counts as one failed check each. Exits non-zero when anything failed.
#
# Playwright runs against the backends at $PLANTDESK_E2E_URLS (comma-separated, one shard of the spec files per
# backend, side by side) or the one at $PLANTDESK_E2E_URL; each must already serve this web/dist (this script
# builds it first). Without either the e2e suite is skipped, and says so.
set -uo pipefail

web_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$web_dir"
bash scripts/install.sh || { echo "web: 0 passed, 1 failed"; exit 1; }
eval "$(bash scripts/ensure-node.sh)"

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

IFS=, read -r -a e2e_urls <<<"${PLANTDESK_E2E_URLS:-${PLANTDESK_E2E_URL:-}}"
if [ ${#e2e_urls[@]} -gt 0 ]; then
  step "build (the backend serves web/dist)"
  npx vite build --logLevel warn || failed=$((failed + 1))
  step "bundle sizes (a large screen opened alone, its token refresh included, must not load the console)"
  node scripts/bundle-size.mjs || failed=$((failed + 1))
  shards=${#e2e_urls[@]}
  step "playwright: $shards shard(s) against ${e2e_urls[*]}"
  for shard in $(seq 1 "$shards"); do
    PLANTDESK_E2E_URL="${e2e_urls[$((shard - 1))]}" PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/playwright-$shard.json" \
      npx playwright test --shard="$shard/$shards" --reporter=list,json --output="test-results/shard-$shard" \
      >"$reports/playwright-$shard.log" 2>&1 &
  done
  wait
  for shard in $(seq 1 "$shards"); do
    echo "-- shard $shard/$shards"
    cat "$reports/playwright-$shard.log"
    if [ -f "$reports/playwright-$shard.json" ]; then
      read -r p f < <(node -e 'const s = require(process.argv[1]).stats; console.log(s.expected + s.flaky, s.unexpected)' "$reports/playwright-$shard.json")
      passed=$((passed + p)); failed=$((failed + f))
    else
      failed=$((failed + 1))
    fi
  done
else
  step "playwright skipped: neither PLANTDESK_E2E_URLS nor PLANTDESK_E2E_URL is set (start a backend and set it to run e2e)"
fi

echo
echo "web: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
