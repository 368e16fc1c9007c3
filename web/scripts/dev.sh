#!/usr/bin/env bash
# Vite dev server with hot reload on http://127.0.0.1:5173, proxying /api to the backend
# (PLANTDESK_API_URL, default http://127.0.0.1:8000 — start it with `make run` in another terminal).
set -euo pipefail
web_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$web_dir"
eval "$(bash scripts/ensure-node.sh)"
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
exec npx vite --host 127.0.0.1
