#!/usr/bin/env bash
# Builds the console into web/dist with the project's own Node 24 (installed on first use).
set -euo pipefail
web_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$web_dir"
eval "$(bash scripts/ensure-node.sh)"
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
npx vite build --logLevel warn
node scripts/precompress.mjs
