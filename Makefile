# Two commands set everything up on a fresh machine with Python 3.11+ and make:
#   make lab    create .venv, install the kit with its extras, open JupyterLab on the lessons
#   make test   create .venv if needed, install, run the whole suite (lint, types, unit, notebooks,
#               docs, browser)
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
NBVAL  := --nbval --nbval-sanitize-with tests/nbval_sanitize.cfg --nbval-cell-timeout=120

.PHONY: lab test test-fast test-browser test-oldest browser-deps benchmarks fuzz clean typecheck play class lessons catalogs \
	lint format docs

# The kit's version is written once, in xochintlan_hex/__init__.py; everything else reads it.
VERSION := $(shell sed -n 's/^__version__ = "\(.*\)"/\1/p' xochintlan_hex/__init__.py)

# The message catalogs: each language's .po source is in git; gettext reads the compiled
# .mo, which is never committed (the install step compiles it here, a wheel build into the wheel).
LOCALE := xochintlan_hex/locale
PO     := $(wildcard $(LOCALE)/*/LC_MESSAGES/xochintlan_hex.po)
MO     := $(PO:.po=.mo)
POT    := build/xochintlan_hex.pot
BABEL_KEYWORDS := --no-default-keywords -k _ -k N_ -k ngettext:1,2 -k pgettext:1c,2

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test,lab,docs,fast]'
	$(VENV)/bin/pybabel compile --domain xochintlan_hex --directory $(LOCALE) --statistics
	touch $(STAMP)

# A catalog edited (or merged) after the install is compiled again before it is used.
$(LOCALE)/%.mo: $(LOCALE)/%.po | $(STAMP)
	$(VENV)/bin/pybabel compile --input-file $< --output-file $@ --statistics

# For translators: extract every marked text from the code (babel.cfg), bring each .po up
# to date (new texts empty, changed ones fuzzy, vanished ones dropped), compile.
catalogs: $(STAMP)
	mkdir -p $(dir $(POT))
	$(VENV)/bin/pybabel extract --mapping-file babel.cfg $(BABEL_KEYWORDS) --sort-by-file --add-location=file \
	  --project=xochintlan_hex --version=$(VERSION) --output-file $(POT) .
	$(VENV)/bin/pybabel update --input-file $(POT) --domain xochintlan_hex --output-dir $(LOCALE) \
	  --ignore-obsolete --ignore-pot-creation-date
	$(VENV)/bin/pybabel compile --domain xochintlan_hex --directory $(LOCALE) --statistics

# JupyterLab refuses to run as root unless told; containers and classroom VMs often are root.
lab: $(STAMP) $(MO)
	$(VENV)/bin/jupyter lab notebooks/ $$([ "$$(id -u)" = 0 ] && echo --allow-root)

# The student page: the three apps, no code, served by Voila (http://localhost:8866).
# For a class on other machines of the room: make play PLAY_ARGS="--Voila.ip=0.0.0.0"
play: $(STAMP) $(MO)
	$(VENV)/bin/voila notebooks/play.ipynb --Voila.port=8866 $(PLAY_ARGS)

# A class plays from its own devices: tables, seats, secret cards, the projector view
# (docs/howto/class-play.md). Prints the address, the teacher page and a QR code; this machine only
# by default. For the room's network: make class CLASS_ARGS="--room"; the session file keeps every move.
class: $(STAMP) $(MO)
	$(VENV)/bin/xochintlan-hex class serve --session class-session.sqlite $(CLASS_ARGS)

# Re-run every lesson (and the student page) as they are saved: outputs, board pictures and
# widget state, without per-cell timing metadata. Run it after a change that alters what they show.
LESSONS := $(wildcard notebooks/0*.ipynb) notebooks/play.ipynb
# The English lessons are saved in English whatever the machine's language (LANGUAGE=en);
# the same lessons in French (notebooks/fr/) choose French themselves. make test runs both under nbval.
FRENCH_LESSONS := $(wildcard notebooks/fr/0*.ipynb)
lessons: $(STAMP) $(MO)
	cd notebooks && for nb in $(notdir $(LESSONS)); do \
	  LANGUAGE=en ../$(VENV)/bin/jupyter nbconvert --to notebook --execute --inplace \
	    --ExecutePreprocessor.record_timing=False --ExecutePreprocessor.timeout=600 $$nb || exit 1; \
	done
	cd notebooks/fr && for nb in $(notdir $(FRENCH_LESSONS)); do \
	  ../../$(VENV)/bin/jupyter nbconvert --to notebook --execute --inplace \
	    --ExecutePreprocessor.record_timing=False --ExecutePreprocessor.timeout=600 $$nb || exit 1; \
	done

# Debian's chromium for the browser tests (Playwright's own browser download does not work here).
browser-deps:
	@if [ ! -x /usr/lib/chromium/chromium ]; then \
	  echo "installing Debian's chromium for the browser tests"; \
	  SUDO=$$([ "$$(id -u)" = 0 ] || echo sudo); \
	  $$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	fi

# The site is built first: tests/test_docs.py reads it (every lesson and public name there,
# every internal link leading somewhere) and fails, rather than skips, when it is missing.
# --durations: the slowest tests are listed at the end, to see where the suite's time goes.
# The tests outside a browser run on every core (pytest-xdist; TEST_WORKERS=1 for one process),
# a file to a process (--dist loadfile: a lesson's cells run in order in one kernel); the
# browser tests then run alone, one JupyterLab at a time.
TEST_WORKERS ?= auto
PARALLEL := -n $(TEST_WORKERS) --dist loadfile
test: $(STAMP) $(MO) browser-deps lint typecheck docs
	XOCHINTLAN_HEX_SITE=$(SITE) $(PY) -m pytest tests notebooks $(NBVAL) -m "not browser" --ignore=tests/browser \
	  $(PARALLEL) --durations=30
	$(PY) -m pytest tests/browser -m browser --durations=10
	$(PY) -m pytest xochintlan_hex --doctest-modules

test-fast: $(STAMP) $(MO) lint typecheck docs
	XOCHINTLAN_HEX_SITE=$(SITE) $(PY) -m pytest tests notebooks $(NBVAL) -m "not browser" --ignore=tests/browser $(PARALLEL)
	$(PY) -m pytest xochintlan_hex --doctest-modules

# ruff, configured in pyproject.toml ([tool.ruff]): no lint error, and the code as the formatter writes it.
lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

# Rewrites the code in the kit's style: the lint fixes that are safe, then the formatter
# (in this order, so that the fixed code is formatted too); what remains needs a person.
format: $(STAMP)
	-$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

# The documentation site (Sphinx, MyST-NB, furo), offline: warnings are errors (-W), every
# reference to the kit's own names must resolve (-n, nitpicky); the lessons are rendered from
# their saved outputs, copied from notebooks/ at each build (docs/conf.py).
SITE := build/docs/html
docs: $(STAMP) $(MO)
	$(PY) -m sphinx -b html -W --keep-going -n -q docs $(SITE)
	@echo "the site: $(SITE)/index.html"

# mypy on the package, configured in pyproject.toml ([tool.mypy]): zero errors allowed
typecheck: $(STAMP)
	$(PY) -m mypy

test-browser: $(STAMP) $(MO) browser-deps
	$(PY) -m pytest tests/browser -m browser

# The unit tests on the lowest versions pyproject.toml declares (its lower bounds), in a
# second venv: uv installs each direct dependency at its lower bound ("lowest-direct").
OLDEST := .venv-oldest
$(OLDEST)/.installed: pyproject.toml
	rm -rf $(OLDEST)   # from scratch: a newer version left over would satisfy a lower bound
	$(PYTHON) -m venv $(OLDEST)
	$(OLDEST)/bin/python -m pip install --quiet --upgrade pip uv
	$(OLDEST)/bin/uv pip install --quiet --python $(OLDEST)/bin/python --resolution lowest-direct -e '.[test]'
	$(OLDEST)/bin/pybabel compile --domain xochintlan_hex --directory $(LOCALE) --statistics
	touch $@

test-oldest: $(OLDEST)/.installed
	$(OLDEST)/bin/python -m pytest tests -m "not browser" --ignore=tests/browser -p no:cacheprovider $(PARALLEL) --durations=15

# The fuzz suite at length (make test runs it with a few dozen examples per target).
fuzz: $(STAMP)
	XOCHINTLAN_HEX_FUZZ_EXAMPLES=$${FUZZ_EXAMPLES:-3000} $(PY) -m pytest tests/test_fuzz.py -p no:cacheprovider

benchmarks: $(STAMP) $(MO) browser-deps
	for b in benchmarks/*.py; do $(PY) $$b || exit 1; done

clean:
	rm -rf $(VENV) $(OLDEST) build dist *.egg-info .pytest_cache test-output .ruff_cache docs/lessons docs/reference/_api
