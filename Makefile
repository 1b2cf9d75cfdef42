# kindred — every target installs and builds what it needs, so a fresh clone works.
SHELL := /bin/bash
NODE ?= node
FILE ?=
FILE2 ?=
CONFIG ?=
HOST ?= 127.0.0.1
PORT ?= 8080
SHARED ?= ../shared

.PHONY: all install build worker-bundle cli-bundle ui test test-ui serve bench quality clean

all: build

node_modules/.install-stamp: package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

install: node_modules/.install-stamp

build: install
	npx tsc -p tsconfig.json
	@$(MAKE) --no-print-directory worker-bundle
	@$(MAKE) --no-print-directory cli-bundle
	@$(MAKE) --no-print-directory ui

# The pool threads' entry as one file: loading some 120 ES modules one by one cost each thread about 0.2 s of CPU at start-up.
# CommonJS, so that Piscina's require() of it succeeds (src/engine/worker-bundle.ts says why). The pool uses it only while it
# is newer than every file it was built from.
WORKER_ENTRY := dist/workers/engine-worker
worker-bundle: install
	rm -f $(WORKER_ENTRY).bundle.js
	npx esbuild $(WORKER_ENTRY).js --bundle --platform=node --format=cjs --packages=external --log-level=warning --outfile=$(WORKER_ENTRY).bundle.cjs --metafile=$(WORKER_ENTRY).bundle.json

# The command line's dispatcher, bundled with one chunk per command: loading a command's 150-odd modules one by one took about 0.2 s
# before a run could start. dist/src/cli/main.js uses it only while it is newer than every file it was built from (src/cli/cli-entry.ts).
# The pure-JS packages are bundled in too (yaml alone is some 70 files to resolve and load: about 20 ms before a run can start);
# kept out: the native addons, and piscina, whose threads load its worker file by a path beside its own.
# The banner gives the bundled CommonJS packages the require() an ES module lacks.
CLI_BUNDLE := dist/src/cli-bundle
CLI_EXTERNAL := --external:piscina --external:better-sqlite3 --external:@duckdb/node-api
cli-bundle: install
	rm -rf $(CLI_BUNDLE)
	npx esbuild dist/src/cli/dispatch.js --bundle --splitting --platform=node --format=esm $(CLI_EXTERNAL) --banner:js="import { createRequire as __kindredRequire } from 'node:module'; const require = __kindredRequire(import.meta.url);" --log-level=warning --outdir=$(CLI_BUNDLE) --metafile=$(CLI_BUNDLE)/meta.json

# The review workbench (docs/ui.md): type-checked with the DOM's types, bundled by esbuild into dist/ui, where the server serves it at /ui/.
UI_OUT := dist/ui
ui: install
	npx tsc -p src/ui/tsconfig.json
	rm -rf $(UI_OUT)
	npx esbuild src/ui/main.ts --bundle --minify --format=esm --target=es2022 --legal-comments=none --log-level=warning --outfile=$(UI_OUT)/app.js
	npx esbuild src/ui/styles.css --minify --log-level=warning --outfile=$(UI_OUT)/app.css
	cp src/ui/index.html $(UI_OUT)/index.html

test: build
	$(NODE) --test --test-concurrency=2 $$(find dist -name '*.test.js' -not -path '*/node_modules/*' | sort)

# The workbench in a real browser (Debian's Chromium, headless); installs it when it can, else skips and says why.
CHROMIUM ?= /usr/bin/chromium
test-ui: build
	@if [ ! -x "$(CHROMIUM)" ] && [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  echo "installing chromium for the browser tests"; \
	  apt-get install -y chromium >/dev/null 2>&1 || { apt-get update >/dev/null 2>&1 && apt-get install -y chromium >/dev/null 2>&1; } || true; \
	fi; \
	if [ ! -x "$(CHROMIUM)" ]; then \
	  echo "make test-ui: SKIPPED: no Chromium at $(CHROMIUM) and it could not be installed (as root: apt-get install -y chromium)"; exit 0; \
	fi; \
	CHROMIUM="$(CHROMIUM)" $(NODE) --test --test-concurrency=1 $$(find dist/test/ui -name '*.e2e.js' | sort)

serve: build
	@test -n "$(FILE)" || { echo "usage: make serve FILE=<csv> [FILE2=<csv to link>] [CONFIG=<yaml>] [HOST=...] [PORT=...]" >&2; exit 2; }
	$(NODE) dist/src/cli/main.js serve --file "$(FILE)" $(if $(FILE2),--file "$(FILE2)") $(if $(CONFIG),--config "$(CONFIG)") --host "$(HOST)" --port "$(PORT)"

bench: build
	$(NODE) dist/bench/run.js --shared "$(SHARED)"

quality: build
	$(NODE) dist/bench/quality.js --shared "$(SHARED)"

clean:
	rm -rf dist
