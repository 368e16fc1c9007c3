#!/bin/sh
# Run every PlantDesk benchmark on SQLite and PostgreSQL and write bench/results/<date>.md.
# Needs wrk (apt-get install -y wrk) and, for PostgreSQL, a server on 127.0.0.1:5432 (BENCH_PG_URL to change it).
set -eu
cd "$(dirname "$0")/.."
exec uv run python bench/run.py --db "${BENCH_DB:-both}" --users "${BENCH_USERS:-10000}" \
  --seconds "${BENCH_SECONDS:-15}" "$@"
