#!/usr/bin/env bash
# The web suites against a real backend on a throw-away data dir: build, serve, run, stop.
# Prints the web suites' own closing line `web: N passed, N failed`.
set -uo pipefail
cd "$(dirname "$0")/.."
source scripts/e2e-env.sh

ensure_browser
port=${PLANTDESK_E2E_PORT:-18765}
start_server "$port"
trap stop_server EXIT

PLANTDESK_E2E_URL="http://127.0.0.1:$port" bash web/scripts/test-all.sh
