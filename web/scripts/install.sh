#!/usr/bin/env bash
# The web console's packages: Node 24 (web/.node) and node_modules, reinstalled only when the lockfile changed
# since the last install. Progress goes to stderr.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
eval "$(bash scripts/ensure-node.sh)"
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund >&2
fi
