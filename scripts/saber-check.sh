#!/usr/bin/env bash
# scripts/saber-check.sh PORT: the open-source Saber 4.9 console (SpringBlade 4.x, Vue 3) against this checkout's
# SpringBlade 4.x dialect, in headless Chromium (scripts/saber-check.mjs). A manual check, not part of CI; the
# result of the last run is in docs/decisions.md ("BladeX-family consoles").
#
# The Saber source is not fetched here. SABER_SRC names a copy of https://github.com/chillzhuang/Saber at commit
# 8162b112a275c2340e83075eeaf5a7272a79caf0 (master, 4.9.0.RELEASE), e.g.
#   git clone https://github.com/chillzhuang/Saber saber && git -C saber checkout 8162b112a275c2340e83075eeaf5a7272a79caf0
# Only npm is reached at run time: pnpm and the console's packages, as its pnpm-lock.yaml pins them.
#
# The console is copied to SABER_WORK and changed there only where an operator configures it: website.js's
# clientId/clientSecret (saber4/saber4_secret) and auth.publicKey (read from GET /api/blade-auth/sm2-public-key as
# the platform administrator), its API base (VITE_APP_API=/api) and a Vite config that proxies /api to PlantDesk.
# PORT: PlantDesk (a fresh data dir, SQLite); PORT+1: the built console (vite preview). Redis (REDIS_URL) keeps the
# captchas, whose text the browser run reads there to log in.
# Screenshots saber-<screen>.png and result.json (every API call, every failure) go to OUT.
set -euo pipefail
port=${1:?usage: scripts/saber-check.sh PORT}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
src=${SABER_SRC:?SABER_SRC: a copy of github.com/chillzhuang/Saber at 8162b112a275c2340e83075eeaf5a7272a79caf0}
work=${SABER_WORK:-$src-plantdesk}
out=${OUT:-/tmp/saber-check}
redis=${REDIS_URL:-redis://127.0.0.1:6379/4}
console_port=$((port + 1))
api="http://127.0.0.1:$port"

data_dir=$(mktemp -d)
pids=()
cleanup() {
  kill "${pids[@]}" 2>/dev/null || true
  wait "${pids[@]}" 2>/dev/null || true
  rm -rf "$data_dir"
}
trap cleanup EXIT

(cd "$root" && PLANTDESK_DATA_DIR="$data_dir" PLANTDESK_DATABASE_URL= PLANTDESK_REDIS_URL="$redis" \
  exec uv run python -m plantdesk serve --host 127.0.0.1 --port "$port" >"$data_dir/server.log" 2>&1) &
pids+=($!)

# The console's packages while the backend migrates and seeds.
rsync -a --delete --exclude node_modules --exclude dist "$src/" "$work/"
(cd "$work" && npx --yes pnpm@9 install --frozen-lockfile --reporter=silent)

for _ in $(seq 1 240); do
  curl -sf "$api/api/blade-system/param/sys/config" >/dev/null && break
  sleep 0.5
done
# The platform administrator reads the SM2 public key the console is configured with (BladeX 2.x login).
token=$(curl -sf -X POST "$api/api/blade-auth/oauth/token" -u saber:saber_secret -H 'Tenant-Id: 000000' \
  --data-urlencode tenant_id=000000 --data-urlencode username=admin \
  --data-urlencode "password=$(printf admin | md5sum | cut -d' ' -f1)" --data-urlencode grant_type=password |
  sed -n 's/.*"access_token":"\([^"]*\)".*/\1/p')
key=$(curl -sf "$api/api/blade-auth/sm2-public-key" -H "Blade-Auth: bearer $token" |
  sed -n 's/.*"publicKey":"\([0-9a-f]*\)".*/\1/p')
[ -n "$key" ] || { echo "no SM2 public key from $api; the backend's log:" >&2; cat "$data_dir/server.log" >&2; exit 1; }

website="$work/src/config/website.js"
sed -i -e "s/clientId: '[^']*'/clientId: 'saber4'/" -e "s/clientSecret: '[^']*'/clientSecret: 'saber4_secret'/" \
  -e "s/'04[0-9a-f]\{128\}'/'$key'/" "$website"
grep -q "$key" "$website" || { echo "website.js has no auth.publicKey to set" >&2; exit 1; }
cat >"$work/vite.plantdesk.mjs" <<JS
// scripts/saber-check.sh: the console's own config with /api proxied, unchanged, to PlantDesk.
import config from './vite.config.mjs'
export default (env) => {
  const merged = config(env)
  const proxy = { '/api': { target: '$api', changeOrigin: true } }
  return { ...merged, server: { ...merged.server, proxy }, preview: { port: $console_port, strictPort: true, proxy } }
}
JS
(cd "$work" && VITE_APP_API=/api node_modules/.bin/vite build --config vite.plantdesk.mjs --logLevel warn)
(cd "$work" && exec node_modules/.bin/vite preview --config vite.plantdesk.mjs --host 127.0.0.1 >"$data_dir/console.log" 2>&1) &
pids+=($!)
for _ in $(seq 1 60); do
  curl -sf "http://127.0.0.1:$console_port/" >/dev/null && break
  sleep 0.5
done

(cd "$root/web" && bash scripts/install.sh >/dev/null)
status=0
SABER="http://127.0.0.1:$console_port" REDIS_URL="$redis" OUT="$out" node "$root/scripts/saber-check.mjs" || status=$?
echo "screenshots and result.json in $out"
exit $status
