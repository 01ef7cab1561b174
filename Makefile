# Truco Tutor: the two set-up commands are `make run` and `make test` (see README.md); `make check` and
# `make test-fast` are the quicker tiers while editing (docs/testing.md).

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

# pytest-xdist workers: one per core (-n auto); `make test WORKERS=4` to choose.
WORKERS ?= auto
PYTEST_PARALLEL := -n $(WORKERS) --dist worksteal
# The architecture and catalog tests that `make check` runs (no app, no database).
CHECK_TESTS := tests/test_architecture.py tests/content/test_architecture.py tests/i18n/test_catalogs.py
# make test-fast: no browser (e2e), no PostgreSQL, no schemathesis (not even collected), no wheel build.
FAST_SELECTION := -m "not e2e and not postgresql" --ignore=tests/e2e --ignore=tests/web/test_schemathesis.py \
	--ignore=tests/test_packaging.py

.PHONY: run classroom test test-fast check lint extract update compile bench bench-http

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# The test dependencies (pytest, xdist, ruff, mypy...), installed again when pyproject.toml changes.
$(VENV)/.test-deps: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e '.[test]'
	touch $@

# Install the app, create or upgrade the SQLite database in instance/, serve on http://127.0.0.1:5000
run: $(BIN)/python
	$(BIN)/pip install -q -e .
	$(BIN)/flask --app tutor db upgrade
	$(BIN)/flask --app tutor run --host $(HOST) --port $(PORT)

# Serve the app to the local network for a class (docs/teaching.md): every interface, with the
# address to open printed first.
classroom: $(BIN)/python
	@$(BIN)/python tools/lan_address.py $(PORT)
	$(MAKE) run HOST=0.0.0.0 PORT=$(PORT)

# Install Debian's Chromium, PostgreSQL server and Hunspell with the four catalogs' dictionaries if missing and
# the test dependencies, then run the whole suite in parallel with today's budgets (the tests marked `store`
# run on SQLite and on a private PostgreSQL server each worker starts, tools/pgserver.py; browser tests,
# schemathesis, the wheel check and the catalogs' spelling check, tests/i18n/test_spelling.py, included)
HUNSPELL_PACKAGES := hunspell hunspell-de-de hunspell-sv hunspell-pl hunspell-es
HUNSPELL_DICTIONARIES := de_DE sv_SE pl_PL es_AR
test: $(VENV)/.test-deps
	@missing=""; \
	[ -x /usr/bin/chromium ] || missing="chromium chromium-driver"; \
	ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing="$$missing postgresql"; \
	command -v hunspell >/dev/null 2>&1 || missing="$$missing $(HUNSPELL_PACKAGES)"; \
	for dictionary in $(HUNSPELL_DICTIONARIES); do \
		[ -f /usr/share/hunspell/$$dictionary.dic ] || missing="$$missing $(HUNSPELL_PACKAGES)"; \
	done; \
	missing="$$(echo $$missing | tr ' ' '\n' | sort -u | tr '\n' ' ')"; \
	missing="$${missing% }"; \
	if [ -n "$$missing" ]; then \
		$(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y $$missing; \
	fi
	@status=0; \
	$(MAKE) -s lint || status=1; \
	TUTOR_TEST_PROFILE=ci $(BIN)/pytest $(PYTEST_PARALLEL) --durations=10 || status=1; \
	exit $$status

# Lint, formatting and types (part of `make test` and `make check`): every command runs, then it fails if any did.
lint: $(VENV)/.test-deps
	@status=0; \
	echo "ruff check"; $(BIN)/ruff check --output-format concise . || status=1; \
	echo "ruff format --check"; $(BIN)/ruff format --check . || status=1; \
	echo "mypy"; $(BIN)/mypy || status=1; \
	exit $$status

# Every unit, web test and doctest on SQLite only, with small budgets (tests/budgets.py), in parallel.
test-fast: $(VENV)/.test-deps
	TUTOR_TEST_PROFILE=fast $(BIN)/pytest $(PYTEST_PARALLEL) -q $(FAST_SELECTION) --durations=5

# Lint, formatting, types, the architecture tests and complete catalogs: every command runs, then the
# target fails if any did (one line per problem: `ruff check` or `ruff format --diff` show more).
check: $(VENV)/.test-deps
	@status=0; \
	$(MAKE) -s lint || status=1; \
	$(BIN)/pytest -q $(CHECK_TESTS) || status=1; \
	exit $$status

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
	$(BIN)/python bench/classroom.py
