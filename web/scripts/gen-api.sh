#!/usr/bin/env bash
# Regenerates the console's API client from the backend: the schema the app serves at /api/openapi.json
# (src/api/generated/openapi.json), then the typed functions and types (src/api/generated/client.ts).
set -euo pipefail
web_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
(cd "$web_dir/.." && uv run --no-sync python -m plantdesk.openapi)
cd "$web_dir"
eval "$(bash scripts/ensure-node.sh)"
npx orval --config orval.config.ts
