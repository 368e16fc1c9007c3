#!/usr/bin/env bash
# The web suites against a real backend on a throw-away data dir: build, serve, run, stop.
# Prints the web suites' own closing line `web: N passed, N failed`.
set -uo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null 2>&1; then
  echo "installing Debian's chromium for the browser tests"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >/dev/null
fi


data_dir=$(mktemp -d)
port=${PLANTDESK_E2E_PORT:-18765}
PLANTDESK_DATA_DIR="$data_dir" PLANTDESK_DATABASE_URL= PLANTDESK_REDIS_URL= \
  uv run python -m plantdesk serve --host 127.0.0.1 --port "$port" >"$data_dir/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$data_dir"' EXIT
for _ in $(seq 1 60); do
  curl -sf "http://127.0.0.1:$port/api/blade-system/param/sys/config" >/dev/null && break
  sleep 0.5
done

PLANTDESK_E2E_URL="http://127.0.0.1:$port" bash web/scripts/test-all.sh
