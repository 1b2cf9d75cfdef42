# kindred — every target installs and builds what it needs, so a fresh clone works.
SHELL := /bin/bash
NODE ?= node
FILE ?=
FILE2 ?=
CONFIG ?=
HOST ?= 127.0.0.1
PORT ?= 8080
SHARED ?= ../shared

.PHONY: all install build test serve bench quality clean

all: build

node_modules/.install-stamp: package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

install: node_modules/.install-stamp

build: install
	npx tsc -p tsconfig.json

test: build
	$(NODE) --test --test-concurrency=2 $$(find dist -name '*.test.js' -not -path '*/node_modules/*' | sort)

serve: build
	@test -n "$(FILE)" || { echo "usage: make serve FILE=<csv> [FILE2=<csv to link>] [CONFIG=<yaml>] [HOST=...] [PORT=...]" >&2; exit 2; }
	$(NODE) dist/src/cli/main.js serve --file "$(FILE)" $(if $(FILE2),--file "$(FILE2)") $(if $(CONFIG),--config "$(CONFIG)") --host "$(HOST)" --port "$(PORT)"

bench: build
	$(NODE) dist/bench/run.js --shared "$(SHARED)"

quality: build
	$(NODE) dist/bench/quality.js --shared "$(SHARED)"

clean:
	rm -rf dist
