# pokerroom: `make serve` runs the room, `make test` runs the tests.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: venv serve test test-slow lint bench clean compiled pure

venv: $(STAMP)

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

serve: $(STAMP)
	$(BIN)/pokerroom serve --bots 6

test: $(STAMP)
	$(BIN)/pytest -q

test-slow: $(STAMP)
	$(BIN)/pytest -q -m slow

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/python benchmarks/bench_eval.py

# Optional: the hand engine compiled by mypyc (needs a C compiler; the modules listed in
# src/pokerroom/core/compiled.py). The extensions are built in place and shadow the .py files
# beside them: after editing those modules run `make compiled` again, or `make pure`.
compiled: $(STAMP)
	POKERROOM_COMPILE=1 $(BIN)/python setup.py --quiet build_ext --inplace

pure:
	find src/pokerroom/core -name '*.so' -delete
	rm -f src/*__mypyc.*.so

clean: pure
	rm -rf $(VENV) build *.egg-info src/*.egg-info
