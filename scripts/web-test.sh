#!/usr/bin/env bash
# The web suites against a real backend on a throw-away data dir: build, serve, run, stop.
# Prints the web suites' own closing line `web: N passed, N failed`.
set -uo pipefail
cd "$(dirname "$0")/.."
source scripts/e2e-env.sh

ensure_browser
# One backend per Playwright shard, ten ports apart (each spec may use its backend's port + 7): the shards share
# nothing, so they run side by side without one spec seeing another's data.
port=${PLANTDESK_E2E_PORT:-18765}
shards=${PLANTDESK_E2E_SHARDS:-2}
trap stop_server EXIT
urls=()
for shard in $(seq 0 $((shards - 1))); do
  start_server $((port + 10 * shard))
  urls+=("http://127.0.0.1:$((port + 10 * shard))")
done

PLANTDESK_E2E_URLS=$(IFS=,; echo "${urls[*]}") bash web/scripts/test-all.sh
