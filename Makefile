# PlantDesk: `make run` serves the console on http://127.0.0.1:8000; `make test` runs every suite.
HOST ?= 127.0.0.1
PORT ?= 8000
export PLANTDESK_DATA_DIR ?= ./data
# The demo plant's simulator runs beside the server (PLANTDESK_DEMO=0: without it).
PLANTDESK_DEMO ?= 1

.PHONY: run test setup web lint bench dev e2e-repeat

run: setup web
	uv run python -m plantdesk serve --host $(HOST) --port $(PORT) $(if $(filter 0,$(PLANTDESK_DEMO)),,--simulate)

test: setup
	bash scripts/test.sh

# Bytecode is compiled here, not at first import: with PYTHONDONTWRITEBYTECODE set (as on the CI machine)
# every start would compile every module again (serve ready 8 s instead of 2.5 s).
setup:
	@command -v uv >/dev/null 2>&1 || python3 -m pip install --quiet uv
	uv sync --frozen --quiet --compile-bytecode
	uv run --no-sync python -m compileall -q plantdesk

web:
	@if [ -f web/package.json ]; then bash web/scripts/build.sh; fi

dev:
	bash web/scripts/dev.sh

lint: setup
	uv run ruff check plantdesk tests bench

bench: setup
	bash bench/run.sh

# The Playwright suite N times without retries, a fresh backend each run; lists every spec that ever failed.
N ?= 5
e2e-repeat: setup
	bash scripts/e2e-repeat.sh $(N)
