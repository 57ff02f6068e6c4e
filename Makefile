# Quarry: the two commands a newcomer needs are `make run` and `make test`.
# Everything is done by the scripts in scripts/; see README.md.

SHELL := /usr/bin/env bash
CARGO_TARGET_DIR ?= $(HOME)/.cache/quarry/target
export CARGO_TARGET_DIR

.PHONY: help run test build deps services-up services-down services-status clean-state

help:
	@echo "make run            install what is missing, start everything, print http://localhost:3000"
	@echo "make test           run the whole test suite (web, Rust, browser tests)"
	@echo "make build          build web/dist and the release binaries quarry-api, quarry-worker"
	@echo "make deps           install missing system, PyPI and npm packages"
	@echo "make services-up    start the dev services (Postgres, Redis, Temporal, SMTP sink)"
	@echo "make services-down  stop the dev services"
	@echo "make clean-state    stop the dev services and delete their data"

run:
	@scripts/run.sh

test:
	@scripts/test.sh

deps:
	@scripts/deps.sh

build: deps
	@if [ -f web/package.json ]; then cd web && npm run build; fi
	cargo build --release -p quarry-api -p quarry-worker

services-up: deps
	@scripts/services.sh start dev

services-down:
	@scripts/services.sh stop dev

services-status:
	@scripts/services.sh status dev

clean-state:
	@scripts/services.sh clean dev
