#!/usr/bin/env bash
# Vite dev server with hot reload on http://127.0.0.1:5173, proxying /api to the backend
# (PLANTDESK_API_URL, default http://127.0.0.1:8000 — start it with `make run` in another terminal).
set -euo pipefail
web_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$web_dir"
bash scripts/install.sh
eval "$(bash scripts/ensure-node.sh)"
exec npx vite --host 127.0.0.1
