#!/usr/bin/env bash
# e2e-repeat.sh [N] [playwright args...]: the Playwright suite N times (default 5) without retries, each run
# against a fresh backend on a throw-away data dir; then every spec that failed at least once with its count,
# and one closing line `e2e-repeat: N runs, N failed runs, N specs failed at least once`.
# A run's failures are listed as soon as it ends; reports and traces are kept under $PLANTDESK_E2E_REPEAT_DIR.
set -uo pipefail
cd "$(dirname "$0")/.."
source scripts/e2e-env.sh

runs=${1:-5}
shift || true
port=${PLANTDESK_E2E_PORT:-18765}
out=${PLANTDESK_E2E_REPEAT_DIR:-$(mktemp -d)}
mkdir -p "$out"

ensure_browser
# build.sh installs the web packages first on a fresh clone.
bash web/scripts/build.sh || exit 1
commit=$(git rev-parse --short HEAD 2>/dev/null) && { git diff --quiet HEAD || commit+=" with local changes"; }
echo "e2e-repeat: $runs runs on ${commit:-a copy outside git}; reports in $out"

failed_runs=0
for run in $(seq 1 "$runs"); do
  start_server "$port"
  started=$(date +%s)
  (cd web && eval "$(bash scripts/ensure-node.sh)" &&
    PLANTDESK_E2E_URL="http://127.0.0.1:$port" PLAYWRIGHT_JSON_OUTPUT_NAME="$out/run-$run.json" \
      npx playwright test --retries=0 --reporter=dot,json --output="$out/run-$run" "$@") >"$out/run-$run.log" 2>&1
  status=$?
  stop_server
  [ "$status" -eq 0 ] || failed_runs=$((failed_runs + 1))
  echo "run $run/$runs: exit $status in $(($(date +%s) - started)) s"
  node scripts/e2e-failures.mjs "$out/run-$run.json" | sed 's/^/  failed: /'
done

echo
node scripts/e2e-failures.mjs --count "$out"/run-*.json
echo "e2e-repeat: $runs runs, $failed_runs failed runs, $(node scripts/e2e-failures.mjs --count "$out"/run-*.json | wc -l) specs failed at least once"
[ "$failed_runs" -eq 0 ]
