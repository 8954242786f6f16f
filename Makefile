# `make play` and `make test` are the README's contract: each works on a fresh machine.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP_PLAY := $(VENV)/.installed-play
STAMP_TEST := $(VENV)/.installed-test
HEADLESS := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy

LOCALE := barclay_desktop/locale
POT := $(LOCALE)/messages.pot
LANGS := nl pl
# msg/nmsg/pmsg: the rules' Messages (rules/core/message.py); NP_: i18n's N_ with a context;
# _, N_, ngettext, pgettext, npgettext are Babel's defaults
BABEL_KEYWORDS := -k msg -k nmsg:1,2 -k pmsg:1c,2 -k NP_:1c,2

.PHONY: play test dist bench simulate clean catalogue mo

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(STAMP_PLAY): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e .
	touch $@

$(STAMP_TEST): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@ $(STAMP_PLAY)

play: $(STAMP_PLAY)
	$(PY) -m barclay_desktop

test: $(STAMP_TEST)
	$(HEADLESS) $(PY) -m pytest -n auto

dist: $(STAMP_TEST)
	$(PY) -m pip install --quiet -e '.[dist]'
	$(PY) -m PyInstaller --noconfirm --clean build.spec
	$(HEADLESS) dist/barclay-desktop/barclay-desktop --frames 30

# The quick benchmarks, each under half a minute; README lists the slower ones in bench/.
bench: $(STAMP_TEST)
	$(HEADLESS) $(PY) bench/barclay_rules.py
	$(HEADLESS) $(PY) bench/spies_lies_rules.py
	$(HEADLESS) $(PY) bench/stawka_rules.py
	$(HEADLESS) $(PY) bench/stawka_board.py
	$(HEADLESS) $(PY) bench/client_frames.py menu
	$(HEADLESS) $(PY) bench/save_size.py
	$(HEADLESS) $(PY) bench/ai_think_time.py --levels normal
	$(HEADLESS) $(PY) bench/ai_think_time.py --game stawka --levels easy
	$(HEADLESS) $(PY) bench/ai_frame_impact.py

# Extract every marked string (and the data files' player texts) into messages.pot, then bring
# each language's .po up to date: new strings come in empty, changed ones fuzzy (docs/i18n.md).
catalogue: $(STAMP_TEST)
	mkdir -p $(LOCALE)
	PYTHONPATH=. $(VENV)/bin/pybabel extract -F babel.cfg $(BABEL_KEYWORDS) --add-location=file --sort-by-file \
		--project "Barclay Desktop" --version 0.1.0 --copyright-holder "Barclay Desktop" \
		--msgid-bugs-address "" -o $(POT) .
	for lang in $(LANGS); do \
		if [ -f $(LOCALE)/$$lang/LC_MESSAGES/messages.po ]; then \
			$(VENV)/bin/pybabel update -i $(POT) -d $(LOCALE) -l $$lang --ignore-obsolete --init-missing; \
		else $(VENV)/bin/pybabel init -i $(POT) -d $(LOCALE) -l $$lang; fi; \
	done

# Compiled catalogues beside the .po files (the app compiles them itself, into its cache, when
# these are missing or older; build.spec compiles its own for the frozen app).
mo: $(STAMP_TEST)
	$(VENV)/bin/pybabel compile -d $(LOCALE) --statistics

clean:
	rm -rf $(VENV) build dist
