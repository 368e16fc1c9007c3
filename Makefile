# PlantDesk: `make run` serves the console on http://127.0.0.1:8000; `make test` runs every suite.
HOST ?= 127.0.0.1
PORT ?= 8000
export PLANTDESK_DATA_DIR ?= ./data

.PHONY: run test setup web lint bench dev

run: setup web
	uv run python -m plantdesk serve --host $(HOST) --port $(PORT)

test: setup
	bash scripts/test.sh

setup:
	@command -v uv >/dev/null 2>&1 || python3 -m pip install --quiet uv
	uv sync --frozen --quiet

web:
	@if [ -f web/package.json ]; then bash web/scripts/build.sh; fi

dev:
	bash web/scripts/dev.sh

lint: setup
	uv run ruff check plantdesk tests bench

bench: setup
	bash bench/run.sh
