# Truco Tutor: the two set-up commands are `make run` and `make test` (see README.md).

PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
POT ?= translations/messages.pot
HOST ?= 127.0.0.1
PORT ?= 5000

BABEL_KEYWORDS := -k _ -k gettext -k ngettext:1,2 -k pgettext:1c,2 -k npgettext:1c,2,3 \
	-k lazy_gettext -k _l -k lazy_pgettext:1c,2 -k _lp:1c,2
EXTRACT_OPTIONS := -F babel.cfg $(BABEL_KEYWORDS) --add-comments=Translators: --no-wrap --sort-by-file \
	--project="Truco Tutor" --copyright-holder="Truco Tutor contributors"

.PHONY: run test extract update compile bench bench-http

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Install the app, create or upgrade the SQLite database in instance/, serve on http://127.0.0.1:5000
run: $(BIN)/python
	$(BIN)/pip install -q -e .
	$(BIN)/flask --app tutor db upgrade
	$(BIN)/flask --app tutor run --host $(HOST) --port $(PORT)

# Install Debian's Chromium and PostgreSQL server if missing and the test dependencies, then run the whole
# suite (the web tests run on SQLite and on a private PostgreSQL server the tests start, tools/pgserver.py)
test: $(BIN)/python
	@missing=""; \
	[ -x /usr/bin/chromium ] || missing="chromium chromium-driver"; \
	ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing="$$missing postgresql"; \
	if [ -n "$$missing" ]; then \
		$(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y $$missing; \
	fi
	$(BIN)/pip install -q -e '.[test]'
	$(BIN)/pytest

# Translation workflow: extract -> update -> (translators edit .po) -> compile (optional: .po are read directly)
extract:
	$(BIN)/pybabel extract $(EXTRACT_OPTIONS) -o $(POT) .

update:
	$(BIN)/pybabel update -i $(POT) -d translations --no-wrap --ignore-obsolete

compile:
	$(BIN)/pybabel compile -d translations --statistics

bench-http:
	bash bench/http_bench.sh

# Every page type over HTTP (gunicorn -w 2, wrk -t1 -c16) for a learner with 10,000 answers, each as a
# share of /healthz with p50 and p99; the page times in process for a new learner, one with 300 and one
# with 10,000 answers; a class's projections read at once (docs/performance.md). Needs wrk.
bench: $(BIN)/python
	$(BIN)/python bench/http_bench.py
	$(BIN)/python bench/pages.py
	$(BIN)/python bench/store_bench.py
