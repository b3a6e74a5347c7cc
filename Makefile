# Two commands on a fresh machine with Python 3.11 and make:
#   make lab    a .venv with cardlib[lab], then JupyterLab on the start notebook
#   make test   a .venv with cardlib[lab,test], then the whole suite
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8866
# JupyterLab refuses to start as root (containers, cloud notebook boxes) unless told it may.
AS_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root,)
LAB_ARGS ?=

.PHONY: lab test app check nbstrip notebooks messages ko-notebooks worksheets environment clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.lab: pyproject.toml cardlib/skat/solver/_native.c | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[lab]'
	touch $@

$(VENV)/.test: pyproject.toml cardlib/skat/solver/_native.c | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[lab,test]'
	touch $@ $(VENV)/.lab

# JupyterLab's own menus follow CARDLIB_LANG (make lab CARDLIB_LANG=ko), else the browser's language.
LAB_LOCALE := $(or $(patsubst ko%,ko_KR,$(patsubst de%,de_DE,$(patsubst ru%,ru_RU,$(patsubst en%,en,$(CARDLIB_LANG))))),default)
LAB_OVERRIDES := $(VENV)/share/jupyter/lab/settings/overrides.json

lab: $(VENV)/.lab
	$(BIN)/python -c 'import json, pathlib, sys; p = pathlib.Path(sys.argv[1]); p.parent.mkdir(parents=True, exist_ok=True); s = json.loads(p.read_text()) if p.exists() else {}; s["@jupyterlab/translation-extension:plugin"] = {"locale": sys.argv[2]}; p.write_text(json.dumps(s, indent=2))' $(LAB_OVERRIDES) $(LAB_LOCALE)
	$(BIN)/jupyter lab $(AS_ROOT) $(LAB_ARGS) notebooks/00_start_here.ipynb

app: $(VENV)/.lab
	$(BIN)/voila notebooks/apps --no-browser --Voila.ip=127.0.0.1 --port=$(PORT)

check: $(VENV)/.test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy cardlib tools
	$(BIN)/nbstripout --verify --keep-output --keep-count --extra-keys "metadata.widgets" $$(find notebooks -name '*.ipynb' -not -path '*/.ipynb_checkpoints/*')

test: check
	$(BIN)/python -m pytest tests cardlib --nbval notebooks -p no:cacheprovider

# Re-run every notebook top to bottom and store its outputs (what nbval then compares).
notebooks: $(VENV)/.test
	for nb in $$(find notebooks -name '*.ipynb' -not -path '*/.ipynb_checkpoints/*' | sort); do \
	  $(BIN)/jupyter nbconvert --to notebook --execute --inplace $$nb || exit 1; \
	done
	$(BIN)/nbstripout --keep-output --keep-count --extra-keys "metadata.widgets" $$(find notebooks -name '*.ipynb' -not -path '*/.ipynb_checkpoints/*')

# Teachers' worksheets of the probability track: student versions, answer keys and notes, as
# notebooks, HTML and PDF (printed by Chromium), in build/worksheets (docs/teaching/README.md).
worksheets: $(VENV)/.test
	$(BIN)/python tools/worksheets.py

# Gather the texts to translate into cardlib/locale/cardlib.pot, carry them into every language's
# catalog, and compile the catalogs the package ships (docs/translating.md).
KEYWORDS := -k _ -k N_ -k worded -k Msg -k ngettext:1,2 -k Plural:1,2 -k pgettext:1c,2 -k Term:1c,2
messages: $(VENV)/.test
	$(BIN)/pybabel extract -F babel.cfg $(KEYWORDS) --no-default-keywords --no-location --sort-output --omit-header --no-wrap \
	  --add-comments=Translators: --project=cardlib --copyright-holder="cardlib authors" \
	  -o cardlib/locale/cardlib.pot .
	for lang in ko de ru; do \
	  test -f cardlib/locale/$$lang/LC_MESSAGES/cardlib.po || \
	    $(BIN)/pybabel init -i cardlib/locale/cardlib.pot -d cardlib/locale -D cardlib -l $$lang --no-wrap; \
	  $(BIN)/pybabel update -i cardlib/locale/cardlib.pot -d cardlib/locale -D cardlib -l $$lang \
	    --no-fuzzy-matching --ignore-obsolete --no-wrap || exit 1; \
	done
	# Compiled without `pybabel compile`'s printf check: messages are str.format templates, and
	# "95% interval" only looks like printf's "% i" (tests/test_i18n.py checks the placeholders).
	$(BIN)/python -c 'import sys; from babel.messages import pofile, mofile; \
	  [mofile.write_mo(open(p[:-2] + "mo", "wb"), pofile.read_po(open(p, "rb"))) for p in sys.argv[1:]]' \
	  cardlib/locale/*/LC_MESSAGES/cardlib.po

# Carry the English notebooks' texts into their Korean catalogs (notebooks/locale/ko), keeping
# every translation whose English is unchanged, build the Korean notebooks (notebooks/ko: one for
# every English notebook, apps included), then run each rebuilt one and store its outputs.
ko-notebooks: $(VENV)/.test
	@built=$$($(BIN)/python tools/notebook_catalogs.py | tee /dev/stderr | sed -n 's/: built$$//p') || exit 1; \
	for nb in $$built; do $(BIN)/jupyter nbconvert --to notebook --execute --inplace $$nb || exit 1; done; \
	test -z "$$built" || $(BIN)/nbstripout --keep-output --keep-count --extra-keys "metadata.widgets" $$built

environment: $(VENV)/.test
	$(BIN)/pyproject2conda project --overwrite force

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
