# Sourced by scripts/web-test.sh and scripts/e2e-repeat.sh: the browser, its fonts and a throw-away backend.

# Debian's packages only, installed when missing (never a downloaded browser). fonts-noto-cjk: without it
# the screenshots and traces of a fresh machine show boxes instead of Chinese; ffmpeg: the video spec makes the
# HLS and FLV streams it plays with it, and without it skips playback (web/e2e/video-topology.spec.ts).
ensure_browser() {
  local missing=()
  command -v chromium >/dev/null 2>&1 || missing+=(chromium)
  dpkg -s fonts-noto-cjk >/dev/null 2>&1 || missing+=(fonts-noto-cjk)
  command -v ffmpeg >/dev/null 2>&1 || missing+=(ffmpeg)
  [ ${#missing[@]} -eq 0 ] && return
  echo "installing Debian's ${missing[*]} for the browser tests"
  # Another apt run on the machine holds the lock for a while: wait for it rather than fail.
  (apt-get -o DPkg::Lock::Timeout=600 update -qq &&
    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq \
      "${missing[@]}") >/dev/null
}

# The report tests render a generated PDF to PNG (pdftoppm) and read its text (pdftotext): Debian's poppler-utils;
# the PDF's Chinese font is Debian's fonts-noto-cjk (docs/decisions.md "Reports").
ensure_pdf_tools() {
  local missing=()
  command -v pdftoppm >/dev/null 2>&1 || missing+=(poppler-utils)
  dpkg -s fonts-noto-cjk >/dev/null 2>&1 || missing+=(fonts-noto-cjk)
  [ ${#missing[@]} -eq 0 ] && return
  echo "installing Debian's ${missing[*]} for the report tests"
  (apt-get -o DPkg::Lock::Timeout=600 update -qq &&
    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq \
      "${missing[@]}") >/dev/null || echo "poppler-utils not installed: the PDF rendering test will skip"
}

# start_server PORT: a backend on a fresh data dir (SQLite, no Redis), waited for until it answers; several may run
# (one per Playwright shard). stop_server ends every one started and removes their data dirs.
servers=()
data_dirs=()
start_server() {
  local data_dir
  data_dir=$(mktemp -d)
  # The OSS spec names loopback's discard port as an endpoint, which core.outbound refuses unless allowed; the
  # collect spec's Modbus server listens on PORT + 7 (web/e2e/collect.spec.ts); the alarm tracking spec reads
  # the machine's MariaDB (web/e2e/alarm-tracking.spec.ts).
  PLANTDESK_DATA_DIR="$data_dir" PLANTDESK_DATABASE_URL= PLANTDESK_REDIS_URL= \
    PLANTDESK_OUTBOUND_ALLOW="127.0.0.1:9,127.0.0.1:$(($1 + 7)),127.0.0.1:3306" \
    uv run python -m plantdesk serve --host 127.0.0.1 --port "$1" >"$data_dir/server.log" 2>&1 &
  servers+=($!)
  data_dirs+=("$data_dir")
  # A first start migrates and seeds the demo plant (its reports render two PDFs): up to two minutes on a busy
  # machine.
  for _ in $(seq 1 240); do
    curl -sf "http://127.0.0.1:$1/api/blade-system/param/sys/config" >/dev/null && return
    sleep 0.5
  done
  echo "the backend on port $1 did not answer; its log:" >&2
  cat "$data_dir/server.log" >&2
}

stop_server() {
  kill "${servers[@]}" 2>/dev/null
  wait "${servers[@]}" 2>/dev/null
  rm -rf "${data_dirs[@]}"
  servers=()
  data_dirs=()
}
