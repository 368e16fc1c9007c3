#!/usr/bin/env bash
# Builds the console into web/dist with the project's own Node 24 (installed on first use).
set -euo pipefail
web_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$web_dir"
bash scripts/install.sh
eval "$(bash scripts/ensure-node.sh)"
npx vite build --logLevel warn
node scripts/precompress.mjs
